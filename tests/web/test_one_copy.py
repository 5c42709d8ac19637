"""One live copy of a match: eviction never makes a second one, nor do requests asking for
it at once while it loads (off the event loop), storage writes are conditional (a stale
copy never writes), a gap is refused at write time, and an old gap is repaired by
replaying up to it."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from gameshelf.core.engine.ruleset import Action
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import ActionRecord, SQLiteStorage, StaleWrite, Summary
from gameshelf.web.tables import Refusal, SeatRequest, Tables
from tests.web.conftest import TestClient, auth, new_duel, tokens, toy_registry

PEOPLE = [SeatRequest(name="Ann"), SeatRequest(name="Bob")]


def with_tables(db: Path, run: Callable[[Tables], Awaitable[Any]], cached: int = 1) -> Any:
    """Run ``run`` with the tables of a site on ``db`` (``cached`` matches in memory)."""
    storage = SQLiteStorage(db)
    tables = Tables(storage, toy_registry(), Settings(db=db, cached_matches=cached))

    async def main() -> Any:
        try:
            return await run(tables)
        finally:
            tables.writer.close()

    try:
        return asyncio.run(main())
    finally:
        storage.close()


def first_card(tables: Tables, table: Any, role: str) -> Action:
    return tables.registry.game("toy_duel").ruleset.actions(table.match.state, role)[0]


def test_a_match_evicted_from_the_cache_while_in_use_is_not_loaded_twice(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        first, _ = await tables.create("toy_duel", None, None, None, PEOPLE)
        second, _ = await tables.create("toy_duel", None, None, None, PEOPLE)
        assert tables.cached(first.id) is None  # one match in memory: the first was evicted
        again = await tables.get(first.id)  # while a request still holds it
        assert again is first
        await tables.act(again, "north", first_card(tables, again, "north"), again.version)
        assert first.match.seq == 1
        assert (await tables.get(second.id)) is second

    with_tables(tmp_path / "g.sqlite3", run)


def test_a_match_asked_for_at_once_while_it_loads_is_loaded_once(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        made, _ = await tables.create("toy_duel", None, None, None, PEOPLE)
        match_id = made.id
        tables.matches.forget(made)  # nobody holds it: the next ask reads the store
        del made
        loads: list[str] = []
        load = tables.matches.load

        def counted(record: Any) -> Any:
            loads.append(record.id)  # in a worker thread, off the event loop
            return load(record)

        tables.matches.load = counted  # type: ignore[method-assign]
        found = await asyncio.gather(*(tables.matches.find(match_id) for _ in range(3)))
        assert loads == [match_id]
        assert all(table is found[0][0] for table, _ in found)  # one copy
        assert [loaded for _, loaded in found] == [True, False, False]
        assert (await tables.matches.find(match_id)) == (found[0][0], False)
        with pytest.raises(Refusal) as refused:
            await asyncio.gather(tables.get("nosuchmatch"), tables.get("nosuchmatch"))
        assert refused.value.code == "unknown_match"

    with_tables(tmp_path / "g.sqlite3", run, cached=8)


def test_a_stale_copy_of_a_match_never_writes(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        live, _ = await tables.create("toy_duel", None, None, None, PEOPLE)
        stale = tables.matches.load(tables.storage.match(live.id))  # the audit's second copy
        await tables.act(live, "north", first_card(tables, live, "north"), live.version)
        with pytest.raises(Refusal) as refused:
            await tables.act(stale, "south", first_card(tables, stale, "south"), stale.version)
        assert (refused.value.status, refused.value.code) == (409, "conflict")
        assert [a.role for a in tables.storage.actions(live.id)] == ["north"]
        assert stale.dead
        with pytest.raises(Refusal):  # and it stays refused
            await tables.undo(stale, "south", stale.version)
        assert (await tables.get(live.id)) is live

    with_tables(tmp_path / "g.sqlite3", run, cached=8)


def test_a_gap_in_the_action_log_is_refused_at_write_time(tmp_path: Path) -> None:
    async def run(tables: Tables) -> str:
        table, _ = await tables.create("toy_duel", None, None, None, PEOPLE)
        return table.id

    db = tmp_path / "g.sqlite3"
    mid = with_tables(db, run)
    storage = SQLiteStorage(db)
    first = ActionRecord(1, "north", "card", 3)
    storage.append(mid, [first], Summary(1, "running", version=1))
    with pytest.raises(StaleWrite, match="do not follow"):
        storage.append(mid, [ActionRecord(3, "south", "card", 4)], Summary(3, "running"))
    with pytest.raises(StaleWrite, match="expected version"):
        storage.append(
            mid, [ActionRecord(2, "south", "card", 4)], Summary(2, "running"), expected_version=0
        )
    assert storage.actions(mid) == [first]
    assert storage.match(mid).summary.seq == 1
    storage.close()


def test_an_old_gap_is_repaired_by_replaying_up_to_it(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        created = new_duel(client)
        mid, tok = created["id"], tokens(created)
        for role in ("north", "south"):
            payload = client.get(f"/api/matches/{mid}/view", headers=auth(tok[role])).json()
            card = payload["view"]["actions"]["card"][0]
            body = {"type": "card", "arg": card, "version": payload["version"]}
            client.post(f"/api/matches/{mid}/actions", headers=auth(tok[role]), json=body)
    db = sqlite3.connect(settings.db)  # a log written before writes were checked: 1, _, 3
    db.execute("UPDATE actions SET seq = 3 WHERE match_id = ? AND seq = 2", (mid,))
    db.commit()
    db.close()
    with (
        caplog.at_level(logging.WARNING, logger="gameshelf.web"),
        TestClient(create_app(settings, registry=toy_registry())) as client,
    ):
        view = client.get(f"/api/matches/{mid}/view", headers=auth(tok["south"]))
        assert view.status_code == 200
        assert view.json()["seq"] == 1  # North's card stands; South chooses again
        assert any("gap after seq 1" in r.getMessage() for r in caplog.records)
        storage = client.app.state.storage  # type: ignore[attr-defined]
        assert [a.seq for a in storage.actions(mid)] == [1]
        assert storage.match(mid).summary.seq == 1
        card = view.json()["view"]["actions"]["card"][0]
        again = client.post(
            f"/api/matches/{mid}/actions",
            headers=auth(tok["south"]),
            json={"type": "card", "arg": card, "version": view.json()["version"]},
        )
        assert again.status_code == 200, again.text
        assert [a.seq for a in storage.actions(mid)] == [1, 2]


def test_with_one_cached_match_two_matches_played_in_turn_stay_whole(db_path: Path) -> None:
    settings = Settings(db=db_path, cached_matches=1)
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        games = [new_duel(client) for _ in range(2)]
        for _ in range(6):  # bounded: a few decisions in each, alternating
            for created in games:
                mid, tok = created["id"], tokens(created)
                for role in ("north", "south"):
                    payload = client.get(f"/api/matches/{mid}/view", headers=auth(tok[role]))
                    menu = payload.json()["view"]["actions"]
                    if not menu:
                        continue
                    kind = next(iter(menu))
                    body = {
                        "type": kind,
                        "arg": menu[kind][0],
                        "version": payload.json()["version"],
                    }
                    reply = client.post(
                        f"/api/matches/{mid}/actions", headers=auth(tok[role]), json=body
                    )
                    assert reply.status_code == 200, reply.text
        storage = client.app.state.storage  # type: ignore[attr-defined]
        for created in games:
            seq = client.get(f"/api/matches/{created['id']}").json()["seq"]
            assert [a.seq for a in storage.actions(created["id"])] == list(range(1, seq + 1))
