"""Finished matches: the game file to download, chapters to jump to, "show everything",
and the replay page of a match still being played."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gameshelf import cli
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import new_duel
from tests.web.games import games_registry


def bots_only(client: TestClient, game: str, players: int = 2, seed: int = 2) -> str:
    """A finished match of random bots. Its seed is fixed, so each test reads the same game:
    a game of chance may end 1297 after its first turn (both sides' events), and a test
    that needs a second turn must not depend on the server's dice."""
    seats = [{"bot": "random"} for _ in range(players)]
    match = {"game": game, "seats": seats, "seed": seed}
    reply = client.post("/api/matches", json=match)
    assert reply.status_code == 201, reply.text
    match_id = reply.json()["id"]
    for _ in range(3000):  # bots alone play in the background: a bounded wait for the end
        if client.get(f"/api/matches/{match_id}").json()["status"] == "finished":
            break
        time.sleep(0.01)
    assert client.get(f"/api/matches/{match_id}/view").json()["status"] == "finished"
    return match_id


@pytest.fixture
def games(tmp_path: Path):
    app = create_app(
        Settings(db=tmp_path / "g.sqlite3"),
        registry=games_registry("hammer_scots", "three_kingdoms"),
    )
    with TestClient(app) as c:
        yield c


def test_the_game_file_downloads_once_over_and_gameshelf_replay_reads_it(
    client: TestClient, tmp_path: Path, monkeypatch
) -> None:
    running = new_duel(client)["id"]
    assert client.get(f"/api/matches/{running}/game-file").status_code == 409
    match_id = bots_only(client, "toy_duel")
    reply = client.get(f"/api/matches/{match_id}/game-file")
    assert reply.status_code == 200
    assert "attachment" in reply.headers["content-disposition"]
    assert f"toy_duel-{match_id}.json" in reply.headers["content-disposition"]
    path = tmp_path / "downloaded.json"
    path.write_bytes(reply.content)
    from gameshelf.core.registry.plugins import Registry, make_plugin_manager
    from tests.core.conftest import toy_plugin

    monkeypatch.setattr(
        cli,
        "Registry",
        lambda: Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())])),
    )
    result = CliRunner().invoke(cli.app, ["replay", str(path), "--check"])
    assert result.exit_code == 0, result.output
    history = json.loads(reply.content)["history"]
    assert f"{len(history)} actions replayed and checked; outcome" in result.output


def test_the_match_and_replay_pages_link_the_game_file(client: TestClient) -> None:
    match_id = bots_only(client, "toy_duel")
    for page in (f"/m/{match_id}", f"/m/{match_id}/replay"):
        assert f"/api/matches/{match_id}/game-file" in client.get(page).text, page


def test_the_replay_page_of_a_running_match_says_so_without_empty_panels(
    client: TestClient,
) -> None:
    created = new_duel(client)
    html = client.get(f"/m/{created['id']}/replay").text
    assert "still being played" in html
    assert f'href="/m/{created["id"]}"' in html
    for empty in ('id="seats"', 'id="log"', 'id="board"', "replay.js"):
        assert empty not in html


def test_chapters_say_where_each_year_turn_or_round_begins(games: TestClient) -> None:
    for game, first in (("hammer_scots", "1297, turn 1"), ("three_kingdoms", "round 1")):
        match_id = bots_only(games, game)
        chapters = games.get(f"/api/matches/{match_id}/chapters").json()
        assert chapters[0] == {"seq": 0, "line": 0, "place": first}
        seqs = [c["seq"] for c in chapters]
        assert seqs == sorted(set(seqs))
        assert len(chapters) > 3
        total = games.get(f"/api/matches/{match_id}/history").json()["history"]
        assert seqs[-1] <= len(total)
    hammer = bots_only(games, "hammer_scots")
    places = [c["place"] for c in games.get(f"/api/matches/{hammer}/chapters").json()]
    assert "1297, turn 2" in places
    assert "1297, winter" in places or len(places) < 6


def test_chapters_are_named_in_the_readers_language(games: TestClient) -> None:
    hammer = bots_only(games, "hammer_scots")
    chinese = {"Accept-Language": "zh-TW"}
    english = games.get(f"/api/matches/{hammer}/chapters").json()
    places = games.get(f"/api/matches/{hammer}/chapters", headers=chinese).json()
    assert [c["seq"] for c in places] == [c["seq"] for c in english]
    assert places[0]["place"] == "1297 年第 1 回合"
    assert "1297 年第 2 回合" in [c["place"] for c in places]
    three = bots_only(games, "three_kingdoms")
    rounds = games.get(f"/api/matches/{three}/chapters", headers=chinese).json()
    assert rounds[0]["place"] == "第1輪"


def test_a_running_match_has_its_chapters_so_far_with_the_log_line_each_begins(
    games: TestClient,
) -> None:
    reply = games.post(
        "/api/matches", json={"game": "hammer_scots", "seats": [{"name": "Ann"}, {"bot": "random"}]}
    )
    match_id, token = reply.json()["id"], reply.json()["seats"][0]["token"]
    assert games.get(f"/api/matches/{match_id}/chapters").json() == [
        {"seq": 0, "line": 0, "place": "1297, turn 1"}
    ]
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(200):  # England (Ann) plays on until the second turn
        view = games.get(f"/api/matches/{match_id}/view", headers=headers).json()
        chapters = games.get(f"/api/matches/{match_id}/chapters").json()
        if len(chapters) > 1:
            break
        first = next(iter(view["view"]["actions"].items()))
        action = {"type": first[0], "arg": first[1][0], "version": view["version"]}
        assert games.post(
            f"/api/matches/{match_id}/actions", json=action, headers=headers
        ).is_success
    assert chapters[1]["place"] in ("1297, turn 2", "1297, winter")  # (two events: winter)
    log = view["view"]["log"]
    assert 0 < chapters[1]["line"] <= len(log)


def test_show_everything_lays_every_seats_view_over_the_others(games: TestClient) -> None:
    match_id = bots_only(games, "hammer_scots")
    total = len(games.get(f"/api/matches/{match_id}/history").json()["history"])
    for seq in (0, total // 2, total):
        seen = games.get(f"/api/matches/{match_id}/replay?seq={seq}&role=*").json()
        assert seen["everything"] is True
        assert seen["role"] is None
        assert seen["view"]["actions"] == {}
        for area in seen["view"]["areas"]:
            for blocks in area["blocks"].values():
                assert all("id" in b for b in blocks), area["id"]
        for pool in seen["view"]["pools"].values():
            assert pool["blocks"] is not None
    spectator = games.get(f"/api/matches/{match_id}/replay?seq=0").json()
    assert any(
        b.get("hidden")
        for a in spectator["view"]["areas"]
        for bs in a["blocks"].values()
        for b in bs
    )


def test_show_everything_waits_for_the_end(client: TestClient) -> None:
    created = new_duel(client)
    assert client.get(f"/api/matches/{created['id']}/replay?role=*").status_code == 409
