"""Resigning (issue 29 item 4): in a game of two the other side wins at once; with more
players a bot plays the seat to the end and it is placed last; asked first, stored, shown
in the outcome, the history and the players' pages."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gameshelf.core.engine.ruleset import Outcome
from gameshelf.web import resign
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import FAST_PASSWORDS, ORIGIN, auth, new_duel, sign_up, tokens
from tests.web.games import games_registry


def resign_seat(client: TestClient, mid: str, token: str | None, **body: Any) -> Any:
    return client.post(
        f"/api/matches/{mid}/resign", json=body or {"confirm": True}, headers=auth(token)
    )


def test_in_a_game_of_two_the_other_side_wins(client: TestClient, app: FastAPI) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    reply = resign_seat(client, mid, seat["north"])
    assert reply.status_code == 200, reply.text
    payload = reply.json()
    assert payload["status"] == "finished"
    assert payload["resigned"] == ["north"]
    assert payload["outcome"]["winners"] == ["south"]
    assert payload["outcome"]["reason"] == "resigned"
    assert "resigned" in payload["outcome"]["text"]
    south = client.get(f"/api/matches/{mid}/view", headers=auth(seat["south"])).json()
    card = south["view"]["actions"]["card"][0]
    late = client.post(
        f"/api/matches/{mid}/actions",
        json={"type": "card", "arg": card, "version": south["version"]},
        headers=auth(seat["south"]),
    )
    assert late.status_code == 403
    history = client.get(f"/api/matches/{mid}/history").json()
    assert history["resigned"] == ["north"]
    assert client.get(f"/api/matches/{mid}/replay?seq=0").status_code == 200
    stored = app.state.storage.match(mid).summary
    assert stored.status == "finished"
    assert stored.outcome["resigned"] == ["north"]


def test_a_resignation_survives_a_restart(settings: Settings) -> None:
    from tests.web.conftest import toy_registry

    with TestClient(create_app(settings, registry=toy_registry())) as client:
        made = new_duel(client)
        resign_seat(client, made["id"], tokens(made)["south"])
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        payload = client.get(f"/api/matches/{made['id']}/view").json()
        assert payload["outcome"]["winners"] == ["north"]
        assert payload["resigned"] == ["south"]


@pytest.mark.parametrize(
    ("body", "token_of", "status"),
    [
        ({"confirm": False}, "north", 422),  # not confirmed
        ({}, "north", 422),
        ({"confirm": True}, None, 401),  # a spectator
        ({"confirm": True}, "bogus", 401),
    ],
)
def test_a_resignation_must_be_confirmed_by_a_seat(
    client: TestClient, body: dict[str, Any], token_of: str | None, status: int
) -> None:
    made = new_duel(client)
    seat = tokens(made)
    token = seat.get(token_of, token_of) if token_of else None
    reply = client.post(f"/api/matches/{made['id']}/resign", json=body, headers=auth(token))
    assert reply.status_code == status
    assert client.get(f"/api/matches/{made['id']}").json()["status"] == "running"


def test_a_finished_match_cannot_be_resigned(client: TestClient) -> None:
    made = new_duel(client)
    seat = tokens(made)
    resign_seat(client, made["id"], seat["north"])
    again = resign_seat(client, made["id"], seat["south"])
    assert again.status_code == 409
    assert again.json()["detail"]["code"] == "finished"


def test_with_more_players_a_bot_plays_the_seat_which_is_placed_last(tmp_path: Any) -> None:
    settings = Settings(db=tmp_path / "g.sqlite3", **FAST_PASSWORDS)
    app = create_app(settings, registry=games_registry("three_kingdoms"))
    with TestClient(app) as client:
        sign_up(client, "Ann")
        made = client.post(
            "/api/matches",
            json={
                "game": "three_kingdoms",
                "seats": [{"me": True}, {"bot": True}, {"bot": True}],
            },
            headers=ORIGIN,
        ).json()
        mid, token = made["id"], made["seats"][0]["token"]
        reply = client.post(
            f"/api/matches/{mid}/resign", json={"confirm": True}, headers={**ORIGIN, **auth(token)}
        )
        assert reply.status_code == 200, reply.text
        payload = client.get(f"/api/matches/{mid}").json()
        assert payload["status"] == "finished"  # bots alone played it out
        assert payload["resigned"] == ["p1"]
        assert "p1" not in payload["outcome"]["winners"]
        assert payload["outcome"]["winners"]
        seat = payload["seats"][0]
        assert seat["kind"] == "bot"
        assert client.get(f"/api/matches/{mid}/view", headers=auth(token)).status_code == 401
        mine = client.get("/api/my/matches").json()
        assert [(m["id"], m["waiting"]) for m in mine] == [(mid, "finished")]
        assert mine[0]["outcome"]["resigned"] == ["p1"]


def test_the_seats_still_playing_win_if_the_rules_name_a_resigned_seat() -> None:
    ruled = Outcome(winners=["p1"], reason="score", scores={"p1": 9, "p2": 5, "p3": 7})
    seen = resign.outcome(ruled, ["p1", "p2", "p3"], ["p1"])
    assert seen.winners == ["p3"]
    assert resign.outcome(ruled, ["p1", "p2", "p3"], ["p2"]).winners == ["p1"]
    unscored = Outcome(winners=["p1"], reason="last")
    assert resign.outcome(unscored, ["p1", "p2", "p3"], ["p1"]).winners == ["p2", "p3"]
    draw = Outcome(winners=[], reason="draw")
    assert resign.outcome(draw, ["p1", "p2", "p3"], ["p1"]).winners == []


def test_a_game_goes_on_until_one_seat_alone_still_plays() -> None:
    assert resign.outcome(None, ["p1", "p2", "p3"], ["p1"]) is None
    ended = resign.outcome(None, ["p1", "p2", "p3"], ["p1", "p3"])
    assert ended.winners == ["p2"]
    assert ended.reason == "resigned"


def whole_log(client: TestClient, mid: str, token: str | None = None) -> list[str]:
    """A reader's whole log, read a page at a time from its end."""
    lines: list[str] = []
    before = None
    while True:
        query = "" if before is None else f"?before={before}"
        page = client.get(f"/api/matches/{mid}/log{query}", headers=auth(token)).json()
        lines[:0] = page["log"]
        if page["log_from"] == 0:
            return lines
        before = page["log_from"]


def test_a_resignation_is_a_line_of_the_log_said_to_its_seat(settings: Settings) -> None:
    from tests.web.conftest import toy_registry

    with TestClient(create_app(settings, registry=toy_registry())) as client:
        made = new_duel(client)
        mid, seat = made["id"], tokens(made)
        before = whole_log(client, mid)
        assert resign_seat(client, mid, seat["south"]).status_code == 200
        seen = whole_log(client, mid)
        assert seen[: len(before)] == before
        assert seen[len(before)].endswith("resigned.")
        assert "South" in seen[len(before)] or "south" in seen[len(before)]
        north = client.get(f"/api/matches/{mid}/view", headers=auth(seat["north"])).json()
        assert north["view"]["log"][-1] == seen[len(before)]
        live = client.get(f"/api/matches/{mid}/log", headers=auth(seat["south"])).json()
        assert live["log"][-1] == "You resigned."
        chinese = client.get(f"/api/matches/{mid}/log", headers={"Accept-Language": "zh-TW"}).json()
        assert chinese["log"][-1].endswith("認輸。")
        total = client.get(f"/api/matches/{mid}").json()["seq"]
        replay = client.get(f"/api/matches/{mid}/replay?seq={total}").json()
        assert replay["view"]["log"][-1] == seen[len(before)]
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        assert whole_log(client, mid) == seen  # the same line at the same place


def test_the_line_stands_where_the_seat_resigned_while_bots_play_on(tmp_path: Any) -> None:
    settings = Settings(db=tmp_path / "g.sqlite3", **FAST_PASSWORDS)
    with TestClient(create_app(settings, registry=games_registry("three_kingdoms"))) as client:
        sign_up(client, "Ann")
        made = client.post(
            "/api/matches",
            json={"game": "three_kingdoms", "seats": [{"me": True}, {"bot": True}, {"bot": True}]},
            headers=ORIGIN,
        ).json()
        mid, token = made["id"], made["seats"][0]["token"]
        before = whole_log(client, mid)
        client.post(
            f"/api/matches/{mid}/resign", json={"confirm": True}, headers={**ORIGIN, **auth(token)}
        )
        seen = whole_log(client, mid)
        assert client.get(f"/api/matches/{mid}").json()["status"] == "finished"
        assert len(seen) > len(before) + 1  # the bots played on after the line
        assert seen[: len(before)] == before
        assert "resigned: a bot plays the seat" in seen[len(before)]
        assert sum("resigned" in line for line in seen) == 1
    with TestClient(create_app(settings, registry=games_registry("three_kingdoms"))) as client:
        assert whole_log(client, mid) == seen
