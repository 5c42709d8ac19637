"""Bots alone play at a watchable pace while someone watches (issue 28 item 7): one action
every ``1 / bot_pace`` seconds (default about one a second), full speed when nobody does,
and from the start for a match its creator is about to watch. Time is the test's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.tables import BOT_ROUND, Tables
from tests.web.conftest import TestClient, toy_registry
from tests.web.games import games_registry
from tests.web.test_bots_background import BOTS, run_tables


class Time:
    """A clock the background player reads and a sleep that moves it on at once."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.pauses: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds


def timed(tables: Tables) -> Time:
    time = Time()
    tables.bots.clock, tables.bots.sleep = time.clock, time.sleep
    return time


def test_a_watched_match_of_bots_plays_one_action_a_second(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        time = timed(tables)
        tables.bots.watching = lambda match_id: 1  # a spectator is connected
        start = time.now
        table, _ = await tables.create("toy_duel", None, None, None, BOTS)
        assert table.bot_pace == 1.0  # the site's default
        assert tables.bots.task is not None
        await tables.bots.task
        assert table.outcome() is not None
        actions = table.match.seq
        assert actions > 3
        # one action a round, a second apart: the game took as many seconds as actions
        assert time.now - start == pytest.approx(actions - 1, abs=1.01)
        assert len(tables.storage.actions(table.id)) == actions

    run_tables(tmp_path / "g.sqlite3", run)


def test_a_match_paces_itself_while_watched_and_runs_when_nobody_watches(tmp_path: Path) -> None:
    watchers = {"n": 0}
    came = [0]
    seqs: list[tuple[int, int]] = []

    async def run(tables: Tables) -> None:
        time = timed(tables)
        tables.bots.watching = lambda match_id: watchers["n"]
        play = tables.play.play_bots

        async def noted(table: Any, rounds: int | None = None, batch: int = BOT_ROUND) -> int:
            watched = watchers["n"]
            played = await play(table, rounds, batch)
            seqs.append((watched, played))
            if len(seqs) == 1:
                watchers["n"], came[0] = 1, table.match.seq  # someone comes to watch
            elif watched and table.match.seq >= came[0] + 10:
                watchers["n"] = 0  # and leaves ten actions later
            return played

        tables.play.play_bots = noted  # type: ignore[method-assign]
        tables.lobby.new_seed = lambda: 3
        table, _ = await tables.create("hammer_scots", None, None, None, BOTS, bot_pace=2.0)
        assert tables.bots.task is not None
        await tables.bots.task
        assert table.outcome() is not None
        # watched at two actions a second: the rate's pause (1/2000 s) and the rest of 0.5 s
        assert sum(p == pytest.approx(0.4995) for p in time.pauses) == 9

    registry = games_registry("hammer_scots")
    run_tables(tmp_path / "g.sqlite3", run, registry)
    assert seqs[0] == (0, BOT_ROUND)  # unwatched: a full round at once
    watched = [played for n, played in seqs if n == 1]
    assert watched == [1] * 10  # watched: an action a round
    assert max(played for n, played in seqs[11:]) > 1  # full speed again


def test_a_match_made_to_be_watched_waits_paced_for_its_spectator(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        time = timed(tables)
        start = time.now
        table, _ = await tables.create("toy_duel", None, None, None, BOTS, watch=True)
        assert table.paced_until == start + 10  # Settings.watch_grace_seconds
        assert tables.bots.task is not None
        await tables.bots.task
        assert table.outcome() is not None
        assert time.now - start >= min(table.match.seq - 1, 10) - 1.01

    run_tables(tmp_path / "g.sqlite3", run)


def test_pace_zero_plays_at_full_speed_even_watched(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        time = timed(tables)
        tables.bots.watching = lambda match_id: 1
        start = time.now
        table, _ = await tables.create("toy_duel", None, None, None, BOTS, bot_pace=0.0)
        assert tables.bots.task is not None
        await tables.bots.task
        assert table.outcome() is not None
        assert time.now - start < 1  # only the rate's short pauses

    run_tables(tmp_path / "g.sqlite3", run)


def test_the_api_takes_a_pace_per_match_and_refuses_a_bad_one(db_path: Path) -> None:
    with TestClient(create_app(Settings(db=db_path), registry=toy_registry())) as client:
        seats = [{"bot": "random"}, {"bot": "first"}]
        for bad in (-1, 1001, "fast", float("nan")):
            body = {"game": "toy_duel", "seats": seats, "bot_pace": bad}
            reply = client.post("/api/matches", content=_json(body))
            assert reply.status_code == 422, (bad, reply.text)
        reply = client.post(
            "/api/matches", json={"game": "toy_duel", "seats": seats, "bot_pace": 3}
        )
        assert reply.status_code == 201, reply.text
        table = client.app.state.tables.cached(reply.json()["id"])
        assert table.bot_pace == 3.0


def test_a_matchs_chosen_pace_is_kept_across_a_restart(db_path: Path) -> None:
    """The pace its creator chose is stored with the match; a match that chose none
    follows the site's default, whatever that is when it is read again."""
    people = [{"name": "Ann"}, {"name": "Bob"}]  # not played in the background
    with TestClient(create_app(Settings(db=db_path), registry=toy_registry())) as client:
        chosen = client.post(
            "/api/matches", json={"game": "toy_duel", "seats": people, "bot_pace": 0.5}
        ).json()["id"]
        default = client.post("/api/matches", json={"game": "toy_duel", "seats": people})
        default_id = default.json()["id"]
    settings = Settings(db=db_path, watched_bot_pace=2.0)
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        tables = client.app.state.tables
        assert client.get(f"/api/matches/{chosen}").status_code == 200
        assert client.get(f"/api/matches/{default_id}").status_code == 200
        assert tables.cached(chosen).bot_pace == 0.5
        assert tables.cached(default_id).bot_pace == 2.0


def _json(body: dict[str, Any]) -> bytes:
    return json.dumps(body).encode()  # NaN as JavaScript writes it
