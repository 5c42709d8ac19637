"""No unlimited free work: matches of bots alone are played in the background at a bounded
rate, not in the request that made them; new matches per address per minute, an address's
matches not yet over and matches of bots alone at once are capped; finished matches of bots
alone do not flood the lobby."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from gameshelf.core.registry.plugins import Registry
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import SQLiteStorage
from gameshelf.web.tables import BOT_ROUND, Refusal, SeatRequest, Tables
from tests.web.conftest import TestClient, toy_registry
from tests.web.games import games_registry

BOTS = [SeatRequest(bot="random"), SeatRequest(bot="first")]
BOTS_BODY = {"game": "toy_duel", "seats": [{"bot": "random"}, {"bot": "first"}]}


def run_tables(
    db: Path, run: Callable[[Tables], Awaitable[Any]], registry: Registry | None = None, **kw: Any
) -> Any:
    storage = SQLiteStorage(db)
    tables = Tables(storage, registry or toy_registry(), Settings(db=db, **kw))

    async def main() -> Any:
        try:
            return await run(tables)
        finally:
            tables.writer.close()

    try:
        return asyncio.run(main())
    finally:
        storage.close()


async def idle() -> None:
    """A background player that does not play (to look at the queue)."""


def test_bots_alone_play_after_the_request_that_made_them(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        table, _ = await tables.create("toy_duel", None, None, None, BOTS)
        assert table.match.seq == 0  # nothing played inside the request
        assert tables.cached(table.id) is table
        assert tables.bots.task is not None
        await tables.bots.task
        assert table.match.outcome() is not None
        assert len(tables.storage.actions(table.id)) == table.match.seq

    run_tables(tmp_path / "g.sqlite3", run)


def test_bots_alone_play_in_turn_at_a_bounded_rate(tmp_path: Path) -> None:
    pauses: list[float] = []
    turns: list[str] = []
    rate = 500

    async def pause(seconds: float) -> None:
        pauses.append(seconds)

    async def run(tables: Tables) -> list[tuple[str, int]]:
        tables.bots.sleep = pause
        play = tables.play.play_bots

        async def one_round(table: Any, rounds: int | None = None) -> int:
            turns.append(table.id)
            return await play(table, rounds)

        tables.play.play_bots = one_round  # type: ignore[method-assign]
        seeds = iter([3, 4])  # games of some 1,000 actions today (the checks hold for any)
        tables.lobby.new_seed = lambda: next(seeds)
        made = [await tables.create("hammer_scots", None, None, None, BOTS) for _ in range(2)]
        assert tables.bots.task is not None
        await tables.bots.task
        return [(table.id, table.match.seq) for table, _ in made]

    registry = games_registry("hammer_scots")
    games = run_tables(tmp_path / "g.sqlite3", run, registry, bot_actions_per_second=rate)
    rounds = [-(-seq // BOT_ROUND) for _, seq in games]  # the last round ends the game
    assert len(turns) == len(pauses) == sum(rounds)
    both = 2 * min(rounds)  # while both games run, they take a round each in turn
    assert turns[:both] == [games[0][0], games[1][0]] * min(rounds)
    assert max(pauses) <= BOT_ROUND / rate
    assert sum(pauses) == pytest.approx(sum(seq for _, seq in games) / rate)  # the rate


def test_matches_of_bots_alone_at_once_are_capped(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        play = tables.bots._play_in_background
        tables.bots._play_in_background = idle  # type: ignore[method-assign]
        for _ in range(2):
            await tables.create("toy_duel", None, None, None, BOTS)
        with pytest.raises(Refusal) as refused:
            await tables.create("toy_duel", None, None, None, BOTS)
        assert (refused.value.status, refused.value.code) == (429, "bots_busy")
        people = [SeatRequest(name="Ann"), SeatRequest(bot="random")]
        await tables.create("toy_duel", None, None, None, people)  # people are not capped
        tables.bots._play_in_background = play  # type: ignore[method-assign]
        await play()
        await tables.create("toy_duel", None, None, None, BOTS)  # room again

    run_tables(tmp_path / "g.sqlite3", run, max_bot_matches=2)


def test_new_matches_from_one_address_are_capped_per_minute(db_path: Path) -> None:
    settings = Settings(db=db_path, max_creations_per_minute=3)
    body = {"game": "toy_duel", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        replies = [client.post("/api/matches", json=body) for _ in range(10)]
        assert [r.status_code for r in replies] == [201] * 3 + [429] * 7
        refused = replies[-1]
        assert refused.json()["detail"]["code"] == "too_many_matches"
        assert 1 <= int(refused.headers["retry-after"]) <= 61
        tables = client.app.state.tables  # type: ignore[attr-defined]
        later = time.monotonic() + 61
        tables.lobby.clock = lambda: later  # a minute on
        assert client.post("/api/matches", json=body).status_code == 201
        assert len(tables.storage.matches()) == 4


def test_finished_matches_of_bots_alone_are_not_listed_by_default(db_path: Path) -> None:
    with TestClient(create_app(Settings(db=db_path), registry=toy_registry())) as client:
        made = [client.post("/api/matches", json=BOTS_BODY).json()["id"] for _ in range(7)]
        for _ in range(500):  # bounded: until the background player is done
            statuses = {client.get(f"/api/matches/{m}").json()["status"] for m in made}
            if statuses == {"finished"}:
                break
            time.sleep(0.01)
        people = client.post(
            "/api/matches", json={"game": "toy_duel", "seats": [{"name": "A"}, {"name": "B"}]}
        ).json()["id"]
        assert [m["id"] for m in client.get("/api/matches").json()] == [people]
        everything = {m["id"] for m in client.get("/api/matches?bots=true").json()}
        assert everything == {people, *made}
        lobby = client.get("/").text
        assert sum(m in lobby for m in made) == 5  # a few, never a flood


def test_bots_alone_interrupted_by_a_restart_play_on(db_path: Path) -> None:
    settings = Settings(db=db_path)
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        tables.bots._play_in_background = idle  # as if the server stopped before they played
        mid = client.post("/api/matches", json=BOTS_BODY).json()["id"]
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        for _ in range(500):  # bounded: the restarted server plays them on its own
            if client.get(f"/api/matches/{mid}").json()["status"] == "finished":
                break
            time.sleep(0.01)
        assert client.get(f"/api/matches/{mid}").json()["status"] == "finished"


def play_to_the_end(client: TestClient, created: dict[str, Any]) -> None:
    """Both people of a toy duel take their first legal action until it is over."""
    mid = created["id"]
    tokens = {s["role"]: s["token"] for s in created["seats"]}
    for _ in range(200):  # bounded: a toy duel is a few dozen actions
        for token in tokens.values():
            bearer = {"Authorization": f"Bearer {token}"}
            payload = client.get(f"/api/matches/{mid}/view", headers=bearer).json()
            if payload["outcome"] is not None:
                return
            actions = payload["view"]["actions"]
            if actions:
                kind, args = next(iter(actions.items()))
                arg = args[0] if isinstance(args, list) and args else None
                body = {"type": kind, "arg": arg, "version": payload["version"]}
                client.post(f"/api/matches/{mid}/actions", headers=bearer, json=body)
    raise AssertionError("the duel did not end")


def test_matches_not_yet_over_are_capped_per_address(db_path: Path) -> None:
    settings = Settings(db=db_path, max_live_matches_per_client=2)
    body = {"game": "toy_duel", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        made = [client.post("/api/matches", json=body).json() for _ in range(2)]
        refused = client.post("/api/matches", json=body)
        assert refused.status_code == 429
        detail = refused.json()["detail"]
        assert detail["code"] == "too_many_live_matches"
        assert "2 matches under way" in detail["reason"]
        chinese = client.post("/api/matches", json=body, headers={"Accept-Language": "zh-TW"})
        assert "2 場尚未結束的對局" in chinese.json()["detail"]["reason"]
        assert len(client.app.state.tables.storage.matches()) == 2  # type: ignore[attr-defined]
        tables = client.app.state.tables  # type: ignore[attr-defined]
        client.portal.call(tables.admit_creation, "192.0.2.7")  # another address: not held back
        play_to_the_end(client, made[0])  # one is over: room for one more
        assert client.post("/api/matches", json=body).status_code == 201
        assert client.post("/api/matches", json=body).status_code == 429
