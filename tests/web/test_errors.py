"""One shape for every refusal, plain sentences for wrong fields, and a page for browsers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import TestClient, auth, new_duel, tokens
from tests.web.games import games_registry

INTERNALS = re.compile(r"functools|<function|0x[0-9a-f]{4,}|Input should|body\.|\.bool\b")


def assert_problem(reply: object, status: int, code: str) -> dict:
    assert reply.status_code == status, reply.text  # type: ignore[attr-defined]
    detail = reply.json()["detail"]  # type: ignore[attr-defined]
    assert detail["code"] == code
    assert isinstance(detail["reason"], str)
    assert detail["reason"]
    return detail


def test_unknown_routes_wrong_methods_and_unreadable_bodies_have_the_one_shape(
    client: TestClient,
) -> None:
    assert_problem(client.get("/api/nothing-here"), 404, "not_found")
    wrong = client.delete("/api/games")
    assert_problem(wrong, 405, "method_not_allowed")
    assert wrong.headers["allow"] == "GET, OPTIONS"
    created = new_duel(client)
    north = {**auth(tokens(created)["north"]), "Content-Type": "application/json"}
    for path in (f"/api/matches/{created['id']}/actions", "/api/matches"):
        unreadable = client.post(path, content=b'{"type": "\xff\xfe"}', headers=north)
        assert_problem(unreadable, 400, "malformed")
        not_json = client.post(path, content=b"{nope", headers=north)
        detail = assert_problem(not_json, 422, "malformed")
        assert detail["fields"] == [{"field": "body", "reason": "The body is not valid JSON."}]


PAGES = {"/": {"get"}, "/m/{match_id}": {"get"}, "/assets/gameshelf.css": {"get", "head"}}


def test_options_and_a_wrong_method_say_every_method_of_their_path(client: TestClient) -> None:
    """``Allow`` is true for every route: each method it names is served there (never a
    405), each it leaves out gets a 405 that names them all again."""
    mid = new_duel(client)["id"]
    paths = {**client.get("/openapi.json").json()["paths"], **PAGES}
    assert "/api/matches" in paths
    for template, operations in paths.items():
        path = template.replace("{match_id}", mid)
        served = {m.upper() for m in operations}
        answer = client.options(path)
        assert answer.status_code == 204, path
        allow = answer.headers["allow"].split(", ")
        assert set(allow) == served | {"OPTIONS"}, path
        for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"):
            reply = client.request(method, path)
            if method in allow:
                assert reply.status_code != 405, (method, path)
            else:
                assert reply.status_code == 405, (method, path)
                assert reply.headers["allow"].split(", ") == allow
    assert client.options("/api/nothing-here").status_code == 404


def test_each_wrong_field_is_one_plain_sentence(client: TestClient) -> None:
    reply = client.post(
        "/api/matches",
        json={
            "game": "toy_duel",
            "options": {"hand_size": [3]},
            "seats": [{"name": "Ann", "colour": "red"}, {"name": "B" * 41}],
        },
    )
    detail = assert_problem(reply, 422, "malformed")
    assert detail["fields"] == [
        {
            "field": "options.hand_size",
            "reason": "options.hand_size must be true or false, a whole number or a text.",
        },
        {"field": "seats[0].colour", "reason": "seats[0].colour is not a field of this request."},
        {"field": "seats[1].name", "reason": "seats[1].name is too long: at most 40 characters."},
    ]
    assert detail["reason"] == " ".join(f["reason"] for f in detail["fields"])
    assert not INTERNALS.search(reply.text), reply.text
    blank = client.post(
        f"/api/matches/{new_duel(client)['id']}/join", json={"name": "   ", "extra": 1}
    )
    assert not INTERNALS.search(blank.text), blank.text


def test_a_browser_opening_a_missing_match_gets_a_page_with_the_lobby(client: TestClient) -> None:
    page = client.get("/m/doesnotexist", headers={"Accept": "text/html,*/*;q=0.8"})
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert 'href="/"' in page.text
    assert "doesnotexist" in page.text
    assert "content-security-policy" in page.headers
    api = client.get("/m/doesnotexist", headers={"Accept": "application/json"})
    assert_problem(api, 404, "unknown_match")
    assert client.get("/api/matches/doesnotexist").headers["content-type"] == "application/json"


def test_the_openapi_documents_every_refusal_with_the_one_shape(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in spec["components"]["schemas"]
    assert "Problem" in spec["components"]["schemas"]
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                if status.startswith("4"):
                    schema = response["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Problem"}, (path, method)
            if "{match_id}" in path:
                assert "404" in operation["responses"], (path, method)
    join = spec["paths"]["/api/matches/{match_id}/join"]["post"]["responses"]
    assert "409" in join
    view = spec["paths"]["/api/matches/{match_id}/view"]["get"]
    assert {} in view["security"]  # a spectator needs no token


@pytest.fixture
def hammer(tmp_path: Path) -> TestClient:
    app = create_app(Settings(db=tmp_path / "h.sqlite3"), registry=games_registry("hammer_scots"))
    return TestClient(app)


def test_number_options_are_number_inputs(hammer: TestClient) -> None:
    lobby = hammer.get("/").text
    numbers = re.findall(r'<input name="opt:([a-z_]+)"[^>]*data-kind="int"[^>]*>', lobby)
    assert numbers  # Hammer's last year, for one
    for tag in re.findall(r'<input name="opt:[a-z_]+"[^>]*data-kind="int"[^>]*>', lobby):
        assert 'type="number"' in tag
