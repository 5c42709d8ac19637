"""One namer everywhere (issue 28 item 4): the lobby names a seat as its match does (Three
Kingdoms by the lord it drew, not "Player 1"), in memory or not, in both languages; the
lobby's place of Twilight Struggle is its turn and action round, not a move count."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from gameshelf.core.i18n.messages import render
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Registry
from gameshelf.plugins.twilight_struggle.text import place
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.games import games_registry
from tests.web.test_lobby_place import lobby_row, site


def lords(seed: int) -> dict[str, tuple[str, str]]:
    """Each seat's lord in a Three Kingdoms deal of ``seed``: (Chinese, English)."""
    view = Match(Registry().game("three_kingdoms"), seed=seed, players=2).view(None)
    return {p["seat"]: (p["name"], p["name_en"]) for p in view["players"]}


def test_the_lobby_names_three_kingdoms_seats_by_their_lords(tmp_path: Path) -> None:
    db = tmp_path / "site.sqlite3"
    body = {"game": "three_kingdoms", "seed": 7, "seats": [{"name": "Ann"}, {"bot": "random"}]}
    with site(db) as client:
        match_id = client.post("/api/matches", json=body).json()["id"]
        live = lobby_row(client.get("/").text, match_id)
    drawn = lords(7)
    (zh1, en1), (zh2, en2) = drawn["p1"], drawn["p2"]
    for row in (live,):
        assert f"{zh1} {en1}: Ann" in row
        assert f"{zh2} {en2}: bot: random moves" in row
        assert "Player" not in row
    with site(db) as fresh:  # nothing in memory: named from the deal
        row = lobby_row(fresh.get("/").text, match_id)
        assert f"{zh1} {en1}: Ann" in row
        assert "Player" not in row
        chinese = lobby_row(fresh.get("/", headers={"Accept-Language": "zh-TW"}).text, match_id)
        assert f"{zh1}：Ann" in chinese or f"{zh1}: Ann" in chinese
        assert en1 not in chinese
        assert "玩家" not in chinese
        listed = fresh.get("/api/matches").json()
        names = next(m for m in listed if m["id"] == match_id)["names"]
        assert names["p1"] == {"en": f"{zh1} {en1}", "zh_TW": zh1}


def test_the_lobby_places_twilight_struggle_by_turn_and_action_round(tmp_path: Path) -> None:
    registry = games_registry("twilight_struggle")
    body = {"game": "twilight_struggle", "seats": [{"name": "Ann"}, {"bot": "random"}]}
    with TestClient(create_app(Settings(db=tmp_path / "s.sqlite3"), registry=registry)) as client:
        match_id = client.post("/api/matches", json=body).json()["id"]
        row = lobby_row(client.get("/").text, match_id)
        assert "turn 1, headline" in row
        assert "move " not in row
        chinese = lobby_row(client.get("/", headers={"Accept-Language": "zh-TW"}).text, match_id)
        assert "第 1 回合，頭條" in chinese


def test_twilight_struggles_place_follows_the_phasing_sides_round() -> None:
    view = {"turn": 3, "step": "card_play", "phasing": "US", "rounds": {"US": {"done": 4}}}
    assert render(place(view), "en") == "turn 3, action round 4"
    assert render(place(view), "zh_TW") == "第 3 回合，第 4 個行動輪"
    assert render(place({**view, "step": "headline_choice"}), "en") == "turn 3, headline"
    view = {"turn": 2, "step": "turn", "phasing": "USSR", "rounds": {"USSR": {"done": 0}}}
    assert render(place(view), "en") == "turn 2, headline"
