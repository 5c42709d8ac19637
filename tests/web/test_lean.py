"""The lean routes (a seat's view and actions) answer exactly as FastAPI's own handler would.

Each test mounts the same endpoint a second time as a plain FastAPI route (under ``/std``)
and sends both the same requests: statuses, bodies and headers must be equal.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import APIRouter, FastAPI

from gameshelf.web.lean import lean_route
from gameshelf.web.routes.matches import match_view, post_action
from gameshelf.web.schemas import Payload
from tests.web.conftest import TestClient, auth, new_duel, tokens

JSON = {"Content-Type": "application/json"}

BODIES: list[tuple[bytes | None, dict[str, str]]] = [
    (None, {}),
    (b"", JSON),
    (b"{", JSON),
    (b"null", JSON),
    (b"[]", JSON),
    (b'"text"', JSON),
    (b"[" * 5000 + b"]" * 5000, JSON),
    (b"\xff\xfe", JSON),
    (b'{"type":1e999}', JSON),
    (b'{"type":"\\ud800","arg":null,"version":0}', JSON),
    (b'{"type":"card","arg":true,"version":0}', JSON),
    (b'{"type":"card","arg":1.5,"version":"0"}', JSON),
    (b'{"type":"","arg":1,"version":-1,"extra":1}', JSON),
    (b'{"type":"card","arg":99,"version":0}', {}),
    (b'{"type":"card","arg":99,"version":0}', {"Content-Type": "text/plain"}),
    (b'{"type":"card","arg":99,"version":0}', {"Content-Type": "application/merge-patch+json"}),
    (b'{"type":"card","arg":99,"version":0}', {"Content-Type": "application/json; charset=utf-8"}),
    (b'{"type":"card","arg":99,"version":0}', JSON),
    (b'{"type":"card","arg":1,"version":7}', JSON),
]

QUERIES = ["", "?log_tail=3", "?log_tail=", "?log_tail=x", "?log_tail=-1", "?log_tail=10001"]


@pytest.fixture
def both(app: FastAPI) -> FastAPI:
    """The app, with FastAPI's own handler for the same endpoints under ``/std``."""
    std = APIRouter(prefix="/std/matches/{match_id}")
    std.add_api_route("/view", match_view, methods=["GET"], response_model=Payload)
    std.add_api_route("/actions", post_action, methods=["POST"], response_model=Payload)
    app.include_router(std)
    return app


def answers(client: TestClient, method: str, path: str, **kwargs: Any) -> list[Any]:
    """The lean route's answer and FastAPI's, side by side."""
    out = []
    for prefix in ("/api", "/std"):
        reply = client.request(method, prefix + path, **kwargs)
        out.append(
            (
                reply.status_code,
                reply.content,
                reply.headers.get("www-authenticate"),
                reply.headers.get("content-type"),
            )
        )
    return out


def test_views_are_answered_as_fastapi_would(both: FastAPI) -> None:
    with TestClient(both) as client:
        created = new_duel(client)
        mid, north = created["id"], tokens(created)["north"]
        for match in (mid, "nosuchmatch"):
            for headers in ({}, auth(north), auth("x" * 43), {"Authorization": "Basic abc"}):
                for query in [*QUERIES, "?log_tail=1&log_tail=2", "?other=1"]:
                    lean, std = answers(
                        client, "GET", f"/matches/{match}/view{query}", headers=headers
                    )
                    assert lean == std, (match, headers, query)


def test_actions_are_answered_as_fastapi_would(both: FastAPI) -> None:
    with TestClient(both) as client:
        created = new_duel(client)
        mid, north = created["id"], tokens(created)["north"]
        for match in (mid, "nosuchmatch"):
            for token in (north, None, "x" * 43):
                for query in ("", "?log_tail=3", "?log_tail=x"):
                    for body, headers in BODIES:
                        lean, std = answers(
                            client,
                            "POST",
                            f"/matches/{match}/actions{query}",
                            content=body,
                            headers={**headers, **auth(token)},
                        )
                        assert lean == std, (match, token, query, body, headers)
                        assert lean[0] != 200, (match, token, query, body, headers)


def test_a_retried_action_is_answered_as_fastapi_would(both: FastAPI) -> None:
    with TestClient(both) as client:
        created = new_duel(client)
        mid, north = created["id"], tokens(created)["north"]
        view = client.get(f"/api/matches/{mid}/view", headers=auth(north)).json()
        card = view["view"]["actions"]["card"][0]
        action = {"type": "card", "arg": card, "version": 0}
        first = client.post(f"/api/matches/{mid}/actions", json=action, headers=auth(north))
        assert first.status_code == 200
        lean, std = answers(
            client, "POST", f"/matches/{mid}/actions?log_tail=2", json=action, headers=auth(north)
        )
        assert lean == std
        assert lean[0] == 200


def test_a_lean_handler_must_supply_every_parameter_of_its_endpoint() -> None:
    async def handler(request: Any) -> Any:
        raise AssertionError("never called")

    router = APIRouter()
    with pytest.raises(TypeError, match="log_tail"):
        router.add_api_route(
            "/view",
            match_view,
            methods=["GET"],
            route_class_override=lean_route(handler, ["seat"]),
        )
