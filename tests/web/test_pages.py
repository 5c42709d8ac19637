"""The HTML pages: lobby, match and replay; escaping, tokens kept out, boards found."""

from __future__ import annotations

import json
import re
import types
from pathlib import Path

from fastapi import FastAPI

from gameshelf.core.engine.ruleset import BoardAssets
from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.core.toygame import HighCardDuel
from tests.web.conftest import TestClient, new_duel, tokens


def test_the_lobby_lists_games_and_matches(client: TestClient) -> None:
    created = client.post(
        "/api/matches", json={"game": "toy_duel", "seats": [{"name": "Ann"}, {"open": True}]}
    ).json()
    page = client.get("/")
    assert page.status_code == 200
    html = page.text
    assert "High Card Duel" in html
    assert "A test-only card duel." in html
    assert 'data-match="' + created["id"] + '"' in html  # among the open seats
    assert "Open to anyone" in html
    assert "Bot: Random" in html


def test_a_player_name_with_markup_stays_text(client: TestClient) -> None:
    evil = "<script>alert(1)</script>"
    created = client.post(
        "/api/matches", json={"game": "toy_duel", "seats": [{"name": evil}, {"name": "Bob"}]}
    ).json()
    for url in ["/", f"/m/{created['id']}", f"/m/{created['id']}/replay"]:
        html = client.get(url).text
        assert evil not in html, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/").text
    assert json.loads(client.get("/api/matches").text)[0]["seats"][0]["name"] == evil


def test_no_token_appears_in_any_page(client: TestClient) -> None:
    created = new_duel(client)
    pages = "".join(
        client.get(u).text
        for u in ["/", f"/m/{created['id']}", f"/m/{created['id']}/replay", "/api/matches"]
    )
    for token in tokens(created).values():
        assert token not in pages


def test_pages_allow_only_the_sites_own_scripts(client: TestClient) -> None:
    created = new_duel(client)
    for url in ["/", f"/m/{created['id']}"]:
        reply = client.get(url)
        policy = reply.headers["content-security-policy"]
        assert "script-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy
        assert reply.headers["cache-control"] == "no-store"
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", reply.text, re.S)
        for attrs, body in scripts:  # no inline code: only src= or JSON data
            assert "src=" in attrs or 'type="application/json"' in attrs, attrs
            assert "src=" in attrs or json.loads(body) is not None


def test_the_match_page_carries_the_match_and_the_generic_board(client: TestClient) -> None:
    created = new_duel(client)
    html = client.get(f"/m/{created['id']}").text
    data = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html)
    assert data is not None
    page = json.loads(data.group(1))
    assert isinstance(page.pop("now"), float)  # the server's time, for the clocks (issue 30)
    assert page == {
        "match": created["id"],
        "game": "toy_duel",
        "roles": ["north", "south"],
        "spectatorChat": False,  # a spectator who may talk (issue 29): signed in, if allowed
        "admin": False,  # an administrator reads the page (a remove button by chat lines)
    }
    assert 'data-board="generic"' in html
    assert "/assets/board_generic.js" in html
    assert "/assets/match.js" in html


def test_the_replay_page_waits_for_the_end_of_the_match(client: TestClient) -> None:
    created = new_duel(client)
    html = client.get(f"/m/{created['id']}/replay").text
    assert "still being played" in html


def test_static_assets_are_served(client: TestClient) -> None:
    for name in [
        "gameshelf.js",
        "match.js",
        "lobby.js",
        "replay.js",
        "board_generic.js",
        "gameshelf.css",
        "favicon.svg",
    ]:
        assert client.get(f"/assets/{name}").status_code == 200, name


def test_a_game_with_a_board_has_its_templates_and_static_files_mounted(tmp_path: Path) -> None:
    templates, static = tmp_path / "templates", tmp_path / "static"
    templates.mkdir()
    static.mkdir()
    (templates / "board.html").write_text(
        '<div class="duel-board">{{ info.title }}</div>'
        '<script src="{{ static }}/duel.js" defer></script>'
    )
    (static / "duel.js").write_text("/* the duel's board */")

    class BoardedDuel(HighCardDuel):
        board = BoardAssets(templates=templates, static=static)

    @hookimpl
    def gameshelf_games():
        return [BoardedDuel()]

    plugin = types.SimpleNamespace(gameshelf_games=gameshelf_games)
    registry = Registry(make_plugin_manager(load=["core"], extra=[("duel", plugin)]))
    app: FastAPI = create_app(Settings(db=tmp_path / "b.sqlite3"), registry=registry)
    with TestClient(app) as client:
        created = new_duel(client)
        html = client.get(f"/m/{created['id']}").text
        assert '<div class="duel-board">High Card Duel</div>' in html
        assert '<script src="/static/toy_duel/duel.js" defer></script>' in html
        assert "board_generic" not in html
        assert client.get("/static/toy_duel/duel.js").text == "/* the duel's board */"
        assert client.get("/api/games").json()[0]["board"] is True
