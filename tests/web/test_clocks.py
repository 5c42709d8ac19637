"""Clocks (issue 30 item 1): a pace chosen at creation, a seat's clock running only while
the game awaits it (both during a secret choice; an interrupt stops nobody's), shown in the
payloads, the match page and "my games" in both languages, and kept across restarts. Time
is a :class:`ManualClock`: nothing sleeps."""

from __future__ import annotations

import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web.app import create_app
from gameshelf.web.clocks import DAY, ManualClock, Pace, SeatClock, advance
from gameshelf.web.settings import Settings
from tests.core.toygame import RULESET, JinxDuel
from tests.web.conftest import FAST_PASSWORDS, ORIGIN, auth, sign_up, tokens

START = 1_800_000_000.0


def duel_registry() -> Registry:
    @hookimpl
    def gameshelf_games():
        return [RULESET, JinxDuel()]

    plugin = types.SimpleNamespace(gameshelf_games=gameshelf_games)
    return Registry(make_plugin_manager(load=["core"], extra=[("toys", plugin)]))


@contextmanager
def site(db: Path, clock: ManualClock) -> Iterator[TestClient]:
    app = create_app(Settings(db=db, **FAST_PASSWORDS), registry=duel_registry())
    app.state.tables.clocks.wall = clock
    app.state.tables.lobby.new_seed = lambda: 5
    with TestClient(app) as client:
        yield client


def duel(client: TestClient, pace: dict[str, Any] | None, game: str = "toy_duel") -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    if pace is not None:
        body["pace"] = pace
    reply = client.post("/api/matches", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()


def view(client: TestClient, mid: str, token: str | None = None) -> dict[str, Any]:
    reply = client.get(f"/api/matches/{mid}/view", headers=auth(token))
    assert reply.status_code == 200, reply.text
    return reply.json()


def act(client: TestClient, mid: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
    version = view(client, mid, token)["version"]
    reply = client.post(
        f"/api/matches/{mid}/actions", json={**action, "version": version}, headers=auth(token)
    )
    assert reply.status_code == 200, reply.text
    return reply.json()


def card(client: TestClient, mid: str, token: str) -> dict[str, Any]:
    return {"type": "card", "arg": view(client, mid, token)["view"]["actions"]["card"][0]}


def left(payload: dict[str, Any], role: str, now: float) -> float:
    c = payload["clocks"]["seats"][role]
    return c["bank"] - (now - c["since"]) if c["since"] is not None else c["bank"]


# --- the model, alone ----------------------------------------------------------------


def test_a_clock_runs_only_while_awaited_and_an_async_bank_is_capped() -> None:
    pace = Pace.of("fast", None, None, 2)
    assert (pace.base, pace.cap, pace.on_timeout) == (DAY, 3 * DAY, "lose")
    seats = {"a": SeatClock("a", 0.0), "b": SeatClock("b", 0.0)}
    seats.update(advance(pace, seats, {"a"}, 100.0))
    assert seats["a"].running
    assert seats["a"].due == 100.0 + DAY
    assert not seats["b"].running
    seats.update(advance(pace, seats, {"b"}, 100.0 + 3600))
    assert seats["a"].bank == DAY - 3600
    assert not seats["a"].running
    for _ in range(5):  # quick moves fill a's bank up to the cap, never beyond
        seats.update(advance(pace, seats, {"a"}, 200.0))
        seats.update(advance(pace, seats, {"b"}, 200.0))
    assert seats["a"].bank == 3 * DAY
    assert advance(pace, seats, {"b"}, 300.0) == {}  # nothing changes: nothing stored


def test_a_live_pace_needs_its_minutes_and_more_players_default_to_a_bot() -> None:
    assert Pace.of("live", 5, None, 3) == Pace("live", 300.0, 300.0, "bot")
    assert Pace.of("slow", None, "lose", 4).on_timeout == "lose"
    with pytest.raises(ValueError, match="minutes per game"):
        Pace.of("live", None, None, 2)


# --- on the site ------------------------------------------------------------------------


def test_both_clocks_run_during_a_secret_choice_and_stop_once_chosen(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock) as client:
        made = duel(client, {"kind": "live", "minutes": 10})
        mid, seat = made["id"], tokens(made)
        first = view(client, mid)
        assert first["clocks"]["pace"] == "live"
        assert sorted(first["view"]["active"]) == ["north", "south"]
        for role in ("north", "south"):  # a secret choice: both are awaited, both run
            assert first["clocks"]["seats"][role]["since"] == START
        clock.advance(30)
        act(client, mid, seat["north"], card(client, mid, seat["north"]))
        after = view(client, mid)
        assert after["clocks"]["seats"]["north"] == {"bank": 570.0, "since": None, "out": False}
        assert after["clocks"]["seats"]["south"]["since"] == START  # still awaited
        clock.advance(45)
        assert left(after, "south", clock.now()) == 600 - 75
        assert left(after, "north", clock.now()) == 570


def test_an_interrupt_stops_nobodys_clock(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock) as client:
        made = duel(client, {"kind": "fast"}, game="toy_jinx")
        mid, seat = made["id"], tokens(made)
        # round 1: both choose; the winner (it has a point) may roll a bonus
        for role in ("north", "south"):
            act(client, mid, seat[role], card(client, mid, seat[role]))
        state = view(client, mid)
        awaited = state["view"]["active"]
        while awaited and len(awaited) == 1:  # a bonus to decide: pass it
            act(client, mid, seat[awaited[0]], {"type": "pass"})
            awaited = view(client, mid)["view"]["active"]
        scores = view(client, mid)["view"]["score"]
        scorer = next(r for r, s in scores.items() if s > 0)
        rival = "south" if scorer == "north" else "north"
        # round 2: the scorer's rival chooses, then jinxes the scorer, who is still awaited
        act(client, mid, seat[rival], card(client, mid, seat[rival]))
        before = view(client, mid)["clocks"]["seats"]
        assert before[scorer]["since"] is not None
        assert before[rival]["since"] is None
        clock.advance(600)
        act(client, mid, seat[rival], {"type": "jinx", "arg": scorer})
        after = view(client, mid)
        assert after["view"]["score"][scorer] == scores[scorer] - 1  # the interrupt happened
        assert after["clocks"]["seats"] == before  # and moved no clock


def test_clocks_are_kept_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    clock = ManualClock(START)
    with site(db, clock) as client:
        made = duel(client, {"kind": "slow", "on_timeout": "bot"})
        mid, seat = made["id"], tokens(made)
        clock.advance(DAY)
        act(client, mid, seat["north"], card(client, mid, seat["north"]))
        kept = view(client, mid)["clocks"]
    assert kept["seats"]["north"] == {"bank": 2 * DAY, "since": None, "out": False}
    clock.advance(DAY)
    with site(db, clock) as client:
        again = view(client, mid)["clocks"]
        assert again == kept
        assert again["on_timeout"] == "bot"
        assert left(view(client, mid), "south", clock.now()) == DAY


def test_no_pace_no_clocks_and_a_live_pace_without_minutes_is_refused(tmp_path: Path) -> None:
    with site(tmp_path / "db.sqlite3", ManualClock(START)) as client:
        made = duel(client, None)
        assert view(client, made["id"])["clocks"] is None
        assert view(client, duel(client, {"kind": "none"})["id"])["clocks"] is None
        before = client.get("/api/matches").json()
        reply = client.post(
            "/api/matches",
            json={
                "game": "toy_duel",
                "seats": [{"name": "A"}, {"name": "B"}],
                "pace": {"kind": "live"},
            },
            headers={"Accept-Language": "zh-TW"},
        )
        assert reply.status_code == 422
        assert "分鐘" in reply.text
        assert client.get("/api/matches").json() == before  # nothing made
        reply = client.post(
            "/api/matches",
            json={"game": "toy_duel", "seats": [{"name": "A"}], "pace": {"kind": "hourly"}},
        )
        assert reply.status_code == 422


def test_my_games_and_the_match_page_show_the_clocks_in_both_languages(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock) as client:
        sign_up(client, "Ann")
        body = {
            "game": "toy_duel",
            "seats": [{"me": True}, {"name": "Bob"}],
            "pace": {"kind": "fast"},
        }
        reply = client.post("/api/matches", json=body, headers=ORIGIN)
        assert reply.status_code == 201, reply.text
        mid = reply.json()["id"]
        clock.advance(3 * 3600)
        mine = client.get("/api/my/matches").json()
        assert mine[0]["clock"] == {
            "pace": "fast",
            "left": DAY - 3 * 3600,
            "running": True,
            "low": False,
        }
        en = client.get("/my", headers={"Accept-Language": "en"}).text
        zh = client.get("/my", headers={"Accept-Language": "zh-TW"}).text
        assert "your clock runs: 21 hours left" in en
        assert "你的時鐘在走" in zh
        page = client.get(f"/m/{mid}", headers={"Accept-Language": "zh-TW"}).text
        assert '"now": 1800010800.0' in page or '"now":1800010800.0' in page
        assert "js.clock_days" in page
        assert "天" in page
        assert client.get("/players/Ann").status_code == 200
        assert "clock" not in client.get("/api/players/Ann").json()["matches"][0]
