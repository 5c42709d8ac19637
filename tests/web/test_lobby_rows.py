"""The lobby's rows and the games' rules pages: winners and sides of finished matches, the
place of a running one, bots named for what they do, a rules summary per game."""

from __future__ import annotations

import re
import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.games import games_registry


@pytest.fixture
def games(tmp_path: Path):
    registry = games_registry("hammer_scots", "three_kingdoms")
    with TestClient(create_app(Settings(db=tmp_path / "g.sqlite3"), registry=registry)) as c:
        yield c


def create(client: TestClient, game: str, seats: list[dict]) -> str:
    reply = client.post("/api/matches", json={"game": game, "seats": seats})
    assert reply.status_code == 201, reply.text
    return reply.json()["id"]


def row(html: str, match_id: str) -> str:
    found = re.search(rf'data-match="{match_id}">(.*?)</a>', html, re.S)
    assert found, match_id
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1)))


def test_a_finished_row_names_the_winner_by_side_and_player_and_every_side(
    client: TestClient,
) -> None:
    match_id = create(client, "toy_duel", [{"bot": "random"}, {"bot": "first"}])
    for _ in range(500):  # bots alone play in the background: a bounded wait for the end
        outcome = client.get(f"/api/matches/{match_id}/view").json()["outcome"]
        if outcome is not None:
            break
        time.sleep(0.01)
    text = row(client.get("/").text, match_id)
    side = {"north": "North (bot: random moves)", "south": "South (bot: first legal move)"}
    if outcome["winners"]:
        assert f"{side[outcome['winners'][0]]} wins" in text
    else:
        assert "A draw" in text
    assert "North: bot: random moves" in text
    assert "South: bot: first legal move" in text


def test_a_running_row_says_where_the_game_stands(games: TestClient) -> None:
    hammer = create(games, "hammer_scots", [{"name": "Ann"}, {"bot": "random"}])
    kingdoms = create(games, "three_kingdoms", [{"name": "Ann"}, {"bot": "random"}])
    html = games.get("/").text
    assert "1297, turn 1" in row(html, hammer)
    assert "England: Ann" in row(html, hammer)
    assert "Scotland: bot: random moves" in row(html, hammer)
    assert "round 1" in row(html, kingdoms)
    assert "move " not in row(html, hammer)


def test_bots_are_named_for_what_they_do(client: TestClient) -> None:
    html = client.get("/").text
    assert "Bot: Random moves" in html
    assert "Bot: First legal move" in html


def test_each_game_links_a_rules_summary(games: TestClient) -> None:
    html = games.get("/").text
    for game, words in (
        ("hammer_scots", ["nobles", "border", "winter", "Winning"]),
        ("three_kingdoms", ["天機", "toll", "30,000", "Winning"]),
    ):
        assert f'href="/games/{game}/rules"' in html
        page = games.get(f"/games/{game}/rules")
        assert page.status_code == 200
        for word in words:
            assert word in page.text, (game, word)


def test_a_game_without_a_summary_still_has_its_rules_page(client: TestClient) -> None:
    page = client.get("/games/toy_duel/rules")
    assert page.status_code == 200
    assert "High Card Duel" in page.text
    assert "ships no rules summary" in page.text


def test_an_unknown_game_has_no_rules_page(client: TestClient) -> None:
    assert client.get("/games/chess/rules").status_code == 404
