"""The hot routes (an action, a look at the view) read without FastAPI's request handling
(``web.routes.fast``) answer every request exactly as FastAPI's own handling does: the
same status, body and headers for a plain request and for each kind of bad one, and a
plain request is read without FastAPI's dependency solving."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import fastapi.routing
import pytest
from fastapi.routing import APIRoute

from gameshelf.web.app import create_app
from gameshelf.web.routes.fast import FastRoute
from gameshelf.web.settings import Settings
from tests.web.conftest import TestClient, auth, new_duel, tokens, toy_registry

Request = tuple[str, str, dict[str, Any]]  # method, path (after the match's), keywords


def requests(version: int, card: int) -> list[Request]:
    """A match page's requests and the bad ones an API client may send, in order; the
    match starts with North and South to choose a card in secret at ``version``."""
    act = {"type": "card", "arg": card, "version": version}
    json_body = {"Content-Type": "application/json"}
    return [
        ("get", "/view", {}),
        ("get", "/view?log_tail=3", {}),
        ("get", "/view?log_tail=-1", {}),
        ("get", "/view?log_tail=10001", {}),
        ("get", "/view?log_tail=1e3", {}),
        ("get", "/view?log_tail=", {}),
        ("post", "/actions", {"json": act, "as": None}),
        ("post", "/actions", {"json": act, "as": "nobody"}),
        ("post", "/actions?log_have=x", {"json": act}),
        ("post", "/actions?log_tail=99999", {"json": act}),
        ("post", "/actions", {"json": {**act, "version": "3"}}),
        ("post", "/actions", {"json": {**act, "extra": 1}}),
        ("post", "/actions", {"json": [act]}),
        ("post", "/actions", {"content": b"{nope", "headers": json_body}),
        ("post", "/actions", {"content": b'{"type": "\xff"}', "headers": json_body}),
        ("post", "/actions", {"content": b"", "headers": json_body}),
        ("post", "/actions", {"content": b'{"type":"card","arg":1,"version":0}'}),
        ("post", "/actions", {"json": {**act, "type": "nonsense"}}),
        ("post", "/actions", {"json": {**act, "version": version + 5}}),
        ("post", "/actions?log_have=0", {"json": act}),  # the decision itself
        ("post", "/actions?log_have=0", {"json": act}),  # again: a retry
        ("post", "/actions", {"json": {**act, "version": version + 1}}),  # chosen already
        ("get", "/view?log_tail=2", {"as": "south"}),
    ]


def replay(client: TestClient, mid: str, seats: dict[str, str]) -> list[Any]:
    """Each request's answer: status, body and the headers a client reads."""
    start = client.get(f"/api/matches/{mid}/view", headers=auth(seats["north"])).json()
    card = start["view"]["actions"]["card"][0]
    answers = []
    for method, path, given in requests(start["version"], card):
        given = dict(given)
        who = given.pop("as", "north")
        token = seats.get(who, "no-such-token") if who else None
        headers = {**auth(token), **given.pop("headers", {})}
        reply = client.request(method, f"/api/matches/{mid}{path}", headers=headers, **given)
        kept = {k: reply.headers.get(k) for k in ("content-type", "www-authenticate")}
        kept["duplicate"] = reply.headers.get("x-gameshelf-duplicate")
        answers.append((method, path, reply.status_code, reply.content, kept))
    return answers


@pytest.fixture
def served(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings, registry=toy_registry())) as c:
        yield c


def new_seeded_duel(client: TestClient) -> tuple[str, dict[str, str]]:
    """A duel of two people dealt from the same seed on every site."""
    client.app.state.tables.lobby.new_seed = lambda: 7  # type: ignore[attr-defined]
    created = new_duel(client)
    return created["id"], tokens(created)


def test_the_fast_reading_answers_as_fastapi_does(
    served: TestClient, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = replay(served, *new_seeded_duel(served))
    monkeypatch.setattr(FastRoute, "get_route_handler", APIRoute.get_route_handler)
    slow_settings = Settings(db=tmp_path / "slow.sqlite3", snapshot_every=4)
    with TestClient(create_app(slow_settings, registry=toy_registry())) as slow_client:
        slow = replay(slow_client, *new_seeded_duel(slow_client))
    assert [a[:3] for a in fast] == [a[:3] for a in slow]
    for got, wanted in zip(fast, slow, strict=True):
        assert got == wanted, got[:2]
    statuses = {status for _, _, status, _, _ in fast}
    assert statuses == {200, 400, 401, 409, 422}


def test_a_plain_request_is_read_without_fastapis_dependency_solving(
    served: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid, seats = new_seeded_duel(served)
    solved: list[str] = []
    solve = fastapi.routing.solve_dependencies

    async def spy(*args: Any, **kwargs: Any) -> Any:
        solved.append(kwargs["request"].url.path)
        return await solve(*args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "solve_dependencies", spy)
    north = auth(seats["north"])
    view = served.get(f"/api/matches/{mid}/view?log_tail=5", headers=north).json()
    act = {"type": "card", "arg": view["view"]["actions"]["card"][0], "version": view["version"]}
    reply = served.post(f"/api/matches/{mid}/actions?log_have=0", json=act, headers=north)
    assert reply.status_code == 200, reply.text
    assert solved == []
    served.get(f"/api/matches/{mid}/view?log_tail=-5", headers=north)  # FastAPI refuses it
    assert solved == [f"/api/matches/{mid}/view"]
