"""Ratings (issue 29 item 6): OpenSkill per game, updated once when a rated match between
accounts ends; matches with bots, guests or an early resignation are unrated; leaderboards,
players' pages with their history, ratings beside names in the lobby."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gameshelf.web import ratings
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import SeatRecord
from tests.web.conftest import FAST_PASSWORDS, ORIGIN, auth, sign_up, toy_registry


def seats(*kinds: tuple[str, int | None]) -> list[SeatRecord]:
    return [SeatRecord(f"p{i}", kind, "x", account=a) for i, (kind, a) in enumerate(kinds)]


@pytest.mark.parametrize(
    ("table", "resigned", "expected"),
    [
        (seats(("human", 1), ("human", 2)), [], True),
        (seats(("human", 1), ("human", None)), [], False),  # a guest
        (seats(("human", 1), ("bot", None)), [], False),  # a bot
        (seats(("human", 1), ("human", 1)), [], False),  # one account, two seats
        (seats(("human", 1), ("human", 2)), [("p0", 3)], False),  # resigned at move 3
        (seats(("human", 1), ("human", 2)), [("p0", 10)], True),
        (seats(("bot", 1), ("human", 2), ("human", 3)), [("p0", 12)], True),  # its bot played
        (seats(("bot", 1), ("human", 2), ("human", 3)), [], False),
    ],
)
def test_which_matches_are_rated(
    table: list[SeatRecord], resigned: list[tuple[str, int]], expected: bool
) -> None:
    assert ratings.rated(table, resigned, 10) is expected


def test_ranks_put_winners_first_then_scores_then_the_resigned() -> None:
    roles = ["p1", "p2", "p3", "p4"]
    outcome = {"winners": ["p2"], "scores": {"p1": 3, "p2": 9, "p3": 5, "p4": 7}}
    assert ratings.ranks(roles, outcome, ["p4"]) == [3, 1, 2, 4]
    assert ratings.ranks(roles, {"winners": [], "scores": {}}, []) == [1, 1, 1, 1]
    assert ratings.ranks(roles, {"winners": ["p1"]}, []) == [1, 2, 2, 2]


def test_the_winner_gains_and_the_loser_loses() -> None:
    changes = ratings.rate([ratings.Rating(1, "g"), ratings.Rating(2, "g")], [1, 2])
    assert changes[0].mu > ratings.START_MU > changes[1].mu
    assert ratings.shown(ratings.START_MU, ratings.START_SIGMA) == 1000


def play_out(client: TestClient, mid: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Both seats of a toy duel play their first legal action until the match is over."""
    for _ in range(200):
        info = client.get(f"/api/matches/{mid}").json()
        if info["status"] == "finished":
            return info
        for role in info["active"]:
            payload = client.get(f"/api/matches/{mid}/view", headers=auth(tokens[role])).json()
            kind, args = next(iter(payload["view"]["actions"].items()))
            body = {"type": kind, "arg": args[0] if args else None, "version": payload["version"]}
            client.post(
                f"/api/matches/{mid}/actions", json=body, headers={**ORIGIN, **auth(tokens[role])}
            )
    raise AssertionError("the duel did not end")


def duel_between_accounts(app: FastAPI) -> tuple[TestClient, TestClient, str, dict[str, str]]:
    ann, bob = TestClient(app), TestClient(app)
    sign_up(ann, "Ann")
    sign_up(bob, "Bob")
    made = ann.post(
        "/api/matches",
        json={"game": "toy_duel", "seats": [{"me": True}, {"player": "Bob"}]},
        headers=ORIGIN,
    ).json()
    mid = made["id"]
    south = bob.post(
        f"/api/matches/{mid}/invitation", json={"accept": True}, headers=ORIGIN
    ).json()["token"]
    return ann, bob, mid, {"north": made["seats"][0]["token"], "south": south}


def test_a_finished_match_between_accounts_is_rated_once(app: FastAPI) -> None:
    ann, _, mid, seat = duel_between_accounts(app)
    info = play_out(ann, mid, seat)
    board = ann.get("/api/games/toy_duel/leaderboard").json()
    assert {r["name"] for r in board} == {"Ann", "Bob"}
    assert all(r["matches"] == 1 for r in board)
    if info["outcome"]["winners"]:
        winner = "Ann" if info["outcome"]["winners"] == ["north"] else "Bob"
        assert board[0]["name"] == winner
        assert board[0]["rating"] > board[1]["rating"]
    app.state.tables.ratings.rated.clear()  # looked at again: the store rates a match once
    app.state.tables.ratings.rate(app.state.tables.cached(mid))
    assert [r["matches"] for r in ann.get("/api/games/toy_duel/leaderboard").json()] == [1, 1]
    page = ann.get("/api/players/ann").json()
    assert page["name"] == "Ann"
    assert page["ratings"][0]["game"] == "toy_duel"
    assert page["history"][0]["match_id"] == mid
    assert page["history"][0]["before"] == 1000
    assert page["matches"][0]["id"] == mid
    html = ann.get("/players/Ann").text
    assert "Rating history" in html
    assert str(page["ratings"][0]["rating"]) in html
    assert "Leaderboard" in ann.get("/games/toy_duel/leaderboard").text


def test_a_resignation_after_enough_moves_rates_the_match(tmp_path: Path) -> None:
    settings = Settings(db=tmp_path / "g.sqlite3", rated_min_moves=0, **FAST_PASSWORDS)
    app = create_app(settings, registry=toy_registry())
    with TestClient(app):
        ann, bob, mid, seat = duel_between_accounts(app)
        bob.post(
            f"/api/matches/{mid}/resign",
            json={"confirm": True},
            headers={**ORIGIN, **auth(seat["south"])},
        )
        board = ann.get("/api/games/toy_duel/leaderboard").json()
        assert [r["name"] for r in board] == ["Ann", "Bob"]
        assert board[0]["rating"] > board[1]["rating"]
        lobby = ann.get("/").text
        assert f'<span class="rating" title="rating">{board[0]["rating"]}</span>' in lobby


def test_an_early_resignation_leaves_the_match_unrated(app: FastAPI) -> None:
    ann, bob, mid, seat = duel_between_accounts(app)
    bob.post(
        f"/api/matches/{mid}/resign",
        json={"confirm": True},
        headers={**ORIGIN, **auth(seat["south"])},
    )
    assert ann.get("/api/games/toy_duel/leaderboard").json() == []
    assert ann.get("/api/players/Bob").json()["history"] == []


def test_a_match_with_a_guest_or_a_bot_is_unrated(app: FastAPI, client: TestClient) -> None:
    sign_up(client, "Ann")
    made = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seats": [{"me": True}, {"name": "Guest"}]},
        headers=ORIGIN,
    ).json()
    play_out(client, made["id"], {s["role"]: s["token"] for s in made["seats"]})
    assert client.get("/api/games/toy_duel/leaderboard").json() == []


def test_unknown_games_and_players_are_not_found(client: TestClient) -> None:
    assert client.get("/api/games/nope/leaderboard").status_code == 404
    assert client.get("/api/players/nobody").status_code == 404
