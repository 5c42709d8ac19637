"""Timeouts (issue 30 item 2): a seat whose clock runs out loses (two players) or a bot
takes it (more, or by choice), with a log line and the outcome saying so; the scheduler
fires each timeout exactly once, across a restart in the middle of one, across two
processes, and after downtime. Time is a :class:`ManualClock`; the scheduler is ticked by
the test."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.core.registry.plugins import Registry
from gameshelf.web.app import create_app
from gameshelf.web.clocks import DAY, ManualClock
from gameshelf.web.settings import Settings
from gameshelf.web.storage import SQLiteStorage
from tests.web.conftest import FAST_PASSWORDS, auth, tokens
from tests.web.games import games_registry
from tests.web.test_clocks import START, act, card, duel, duel_registry, view
from tests.web.test_resign import whole_log


@contextmanager
def site(db: Path, clock: ManualClock, registry: Registry | None = None) -> Iterator[TestClient]:
    settings = Settings(db=db, scheduler_seconds=3600, **FAST_PASSWORDS)
    app = create_app(settings, registry=registry or duel_registry())
    app.state.tables.clocks.wall = clock
    app.state.tables.lobby.new_seed = lambda: 5
    with TestClient(app) as client:
        yield client


def tick(client: TestClient) -> int:
    """One look of the site's scheduler, on the site's event loop."""
    fired: int = client.portal.call(client.app.state.scheduler.tick)  # type: ignore[attr-defined]
    return fired


def south_awaited(client: TestClient, on_timeout: str = "lose") -> tuple[str, dict[str, str]]:
    """A fast duel in which north has chosen and south's clock runs (a day)."""
    made = duel(client, {"kind": "fast", "on_timeout": on_timeout})
    mid, seat = made["id"], tokens(made)
    act(client, mid, seat["north"], card(client, mid, seat["north"]))
    return mid, seat


def test_out_of_time_in_a_game_of_two_loses_with_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock) as client:
        mid, _ = south_awaited(client)
        clock.advance(DAY - 1)
        assert tick(client) == 0  # a second left
        clock.advance(2)
        with caplog.at_level(logging.INFO, logger="gameshelf.web"):
            assert tick(client) == 1
        assert tick(client) == 0
        payload = view(client, mid)
        assert payload["status"] == "finished"
        assert payload["outcome"]["winners"] == ["north"]
        assert payload["timed_out"] == ["south"]
        assert payload["clocks"]["seats"]["south"]["out"] is True
        assert f"match {mid}: south ran out of time" in caplog.text
        zh = client.get(f"/api/matches/{mid}/view", headers={"Accept-Language": "zh-TW"})
        assert "超時" in zh.json()["outcome"]["text"]
        assert "ran out of time" in payload["outcome"]["text"]
        listed = client.get(f"/api/matches/{mid}").json()
        assert listed["outcome"]["reason"] == "timeout"
        assert listed["outcome"]["timed_out"] == ["south"]


def test_by_choice_a_bot_takes_the_seat_and_the_match_goes_on(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock) as client:
        mid, seat = south_awaited(client, "bot")
        clock.advance(DAY + 5)
        assert tick(client) == 1
        payload = view(client, mid, seat["north"])
        south = next(s for s in payload["seats"] if s["role"] == "south")
        assert south["kind"] == "bot"
        assert payload["resigned"] == []
        assert payload["timed_out"] == ["south"]
        assert payload["status"] == "running"  # the bot chose; north plays on
        assert (
            "south ran out of time: a bot plays the seat"
            in " ".join(whole_log(client, mid)).lower()
        )
        assert "south" not in payload["view"]["active"] or payload["outcome"]


def test_a_timeout_fires_once_after_a_restart_in_the_middle_of_it(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    clock = ManualClock(START)
    with site(db, clock) as client:
        mid, seat = south_awaited(client)
    clock.advance(DAY + 1)
    # a process claims the timeout, then dies before carrying it out
    other = SQLiteStorage(db)
    [(found, role, due)] = other.due_clocks(clock.now())
    assert (found, role) == (mid, "south")
    assert other.claim_timeout(mid, "south", due, clock.now(), clock.now() + 60)
    assert not other.claim_timeout(mid, "south", due, clock.now(), clock.now() + 60)
    other.close()
    with site(db, clock) as client:  # restarted: the lease still holds
        assert tick(client) == 0
        assert view(client, mid)["status"] == "running"
        clock.advance(61)  # the lease ran out: claimed again, fired once
        assert tick(client) == 1
        assert tick(client) == 0
        assert view(client, mid)["timed_out"] == ["south"]
        said = whole_log(client, mid)
        assert said[-1] == "South ran out of time and loses the match."
        mine = client.get(f"/api/matches/{mid}/log", headers=auth(seat["south"])).json()
        assert mine["log"][-1] == "You ran out of time and lose the match."
    with site(db, clock) as client:
        assert tick(client) == 0
        assert whole_log(client, mid) == said  # the same line at the same place
        zh = client.get(f"/api/matches/{mid}/log", headers={"Accept-Language": "zh-TW"})
        assert zh.json()["log"][-1].endswith("超時，輸掉對局。")
        storage = client.app.state.storage  # type: ignore[attr-defined]
        assert storage.timeouts(mid) == [("south", 1, True)]
        assert storage.resigned_at(mid) == [("south", 1)]


def test_two_processes_never_both_fire_it(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    clock = ManualClock(START)
    with site(db, clock) as client:
        mid, _ = south_awaited(client)
        version = view(client, mid)["version"]
    clock.advance(DAY + 1)
    a, b = SQLiteStorage(db), SQLiteStorage(db)
    [(_, _, due)] = a.due_clocks(clock.now())
    claims = [s.claim_timeout(mid, "south", due, clock.now(), clock.now() + 60) for s in (a, b)]
    assert claims == [True, False]
    record = a.match(mid)
    assert record is not None
    assert a.time_out(mid, "south", due, 1, record.summary, version, True, None)
    assert not b.time_out(mid, "south", due, 1, record.summary, version, True, None)
    assert b.resigned_at(mid) == [("south", 1)]
    a.close()
    b.close()


def test_after_downtime_the_site_catches_up_on_start(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    clock = ManualClock(START)
    with site(db, clock) as client:
        mid, _ = south_awaited(client)
    clock.advance(10 * DAY)  # the site was down
    with site(db, clock) as client:
        tick(client)  # the start's own tick may have fired it already: never both
        payload = view(client, mid)
        assert payload["status"] == "finished"
        assert payload["timed_out"] == ["south"]
        storage = client.app.state.storage  # type: ignore[attr-defined]
        assert storage.resigned_at(mid) == [("south", 1)]


def test_a_move_in_time_stops_the_clock_and_nothing_fires(tmp_path: Path) -> None:
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock) as client:
        mid, seat = south_awaited(client)
        clock.advance(DAY - 10)
        act(client, mid, seat["south"], card(client, mid, seat["south"]))
        # south won the round: its bonus to decide is a new move, with a day more
        assert view(client, mid)["view"]["active"] == ["south"]
        now = START + DAY - 10
        south = view(client, mid)["clocks"]["seats"]["south"]
        assert south == {"bank": DAY + 10, "since": now, "out": False}
        clock.advance(20)
        assert tick(client) == 0
        assert view(client, mid)["timed_out"] == []
        clock.advance(DAY)  # then it waits too long: out of time
        assert tick(client) == 1


GAMES = [
    ("hammer_scots", 2),
    ("twilight_struggle", 2),
    ("three_kingdoms", 2),
    ("three_kingdoms", 3),
    ("hansa_britannia", 2),
    ("hansa_britannia", 3),
    ("toy_duel", 2),
]


@pytest.mark.parametrize("on_timeout", ["lose", "bot"])
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_both_settings_end_or_continue_the_match_in_each_game(
    tmp_path: Path, game: str, players: int, on_timeout: str
) -> None:
    clock = ManualClock(START)
    registry = games_registry(*{g for g, _ in GAMES if g != "toy_duel"})
    with site(tmp_path / "db.sqlite3", clock, registry) as client:
        seats: list[dict[str, Any]] = [{"name": f"P{i}"} for i in range(players)]
        body = {"game": game, "seats": seats, "pace": {"kind": "slow", "on_timeout": on_timeout}}
        reply = client.post("/api/matches", json=body)
        assert reply.status_code == 201, reply.text
        mid = reply.json()["id"]
        awaited = view(client, mid)["view"]["active"]
        assert awaited
        clock.advance(3 * DAY + 1)
        assert tick(client) >= 1
        payload = view(client, mid)
        out = payload["timed_out"]
        assert out
        assert set(out) <= set(awaited)
        kinds = {s["role"]: s["kind"] for s in payload["seats"]}
        if on_timeout == "bot":
            assert payload["resigned"] == []
            assert all(kinds[r] == "bot" for r in out)
            if payload["status"] == "finished":  # only bots left: they played it out
                assert payload["outcome"]["reason"] != "timeout"
        elif len(out) < players - 1:
            assert payload["status"] == "running"
            assert payload["resigned"] == out
            assert all(kinds[r] == "bot" for r in out)
        else:
            assert payload["status"] == "finished"
            assert payload["outcome"]["reason"] == "timeout"
            roles = [s["role"] for s in payload["seats"]]
            assert payload["outcome"]["winners"] == [r for r in roles if r not in out]
