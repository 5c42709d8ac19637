"""Storage and the writer: transactions, savepoints, group commit, and ``gameshelf serve``;
on both backends (SQLite, PostgreSQL in a schema of its own)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from gameshelf.web.storage import (
    ActionRecord,
    MatchRecord,
    SeatRecord,
    SeqTaken,
    SQLStorage,
    Summary,
)
from gameshelf.web.storage_pg import PG_SCHEMA_VERSION, PostgresStorage
from gameshelf.web.writer import TRIES, Writer
from tests.web.pg import pg_schema, storage_on


def new_match(storage: SQLStorage, match_id: str = "m1") -> None:
    storage.create_match(
        MatchRecord(
            match_id,
            "toy_duel",
            "standard",
            {"hand_size": 3},
            7,
            2,
            Summary(0, "running", ["north", "south"]),
        ),
        [
            SeatRecord("north", "human", "Ann", token_hash=b"x" * 32),
            SeatRecord("south", "bot", "Random", agent="random"),
        ],
    )


def action(seq: int) -> ActionRecord:
    return ActionRecord(seq, "north", "card", seq, fresh=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SQLStorage]:
    with storage_on(request.param, tmp_path) as store:
        yield store


def test_a_match_its_seats_and_its_log_round_trip(storage: SQLStorage) -> None:
    new_match(storage)
    storage.append(
        "m1", [action(1), action(2)], Summary(2, "running", ["south"]), snapshot=(2, '{"state": 1}')
    )
    record = storage.match("m1")
    assert record is not None
    assert record.options == {"hand_size": 3}
    assert record.summary == Summary(2, "running", ["south"], None)
    assert [a.seq for a in storage.actions("m1")] == [1, 2]
    assert storage.actions("m1", after=1) == [action(2)]
    assert storage.snapshot("m1") == (2, '{"state": 1}')
    assert storage.snapshot("m1", at_most=1) is None
    seats = storage.seats(["m1"])["m1"]
    assert [(s.role, s.kind, s.agent) for s in seats] == [
        ("north", "human", None),
        ("south", "bot", "random"),
    ]


def test_any_json_value_round_trips_even_integers_beyond_64_bits(storage: SQLStorage) -> None:
    new_match(storage)
    args: list[int | str | None] = [10**30, "Dalriada – ☃", None, -(2**63)]
    storage.append(
        "m1",
        [ActionRecord(i, "north", "pick", arg) for i, arg in enumerate(args, 1)],
        Summary(4, "finished", [], {"winner": "north", "score": 2.5, "big": 10**25}),
    )
    assert [a.arg for a in storage.actions("m1")] == args
    assert storage.match("m1").summary.outcome == {  # type: ignore[union-attr]
        "winner": "north",
        "score": 2.5,
        "big": 10**25,
    }


def test_an_action_stored_twice_under_one_seq_is_refused_whole(storage: SQLStorage) -> None:
    new_match(storage)
    storage.append("m1", [action(1)], Summary(1, "running"))
    with pytest.raises(SeqTaken):
        storage.append("m1", [action(2), action(1)], Summary(2, "running"))
    assert [a.seq for a in storage.actions("m1")] == [1]
    assert storage.match("m1").summary.seq == 1  # type: ignore[union-attr]


def test_undo_forgets_the_actions_and_snapshots_after_it(storage: SQLStorage) -> None:
    new_match(storage)
    storage.append(
        "m1", [action(1), action(2), action(3)], Summary(3, "running"), snapshot=(3, "{}")
    )
    storage.truncate("m1", 1, Summary(1, "running"))
    assert [a.seq for a in storage.actions("m1")] == [1]
    assert storage.snapshot("m1") is None


def test_inside_a_transaction_a_failing_write_is_undone_alone(storage: SQLStorage) -> None:
    new_match(storage)
    new_match(storage, "m2")
    storage.append("m1", [action(1)], Summary(1, "running"))
    with storage.transaction():
        storage.append("m2", [action(1)], Summary(1, "running"))
        with pytest.raises(SeqTaken):
            storage.append("m1", [action(1)], Summary(9, "running"))
        storage.append("m2", [action(2)], Summary(2, "running"))
    assert [a.seq for a in storage.actions("m2")] == [1, 2]
    assert storage.match("m1").summary.seq == 1  # type: ignore[union-attr]


def test_a_transaction_that_is_not_isolated_fails_whole(storage: SQLStorage) -> None:
    new_match(storage)
    new_match(storage, "m2")
    storage.append("m1", [action(1)], Summary(1, "running"))

    def both() -> None:
        with storage.transaction(isolated=False):
            storage.append("m2", [action(1)], Summary(1, "running"))
            storage.append("m1", [action(1)], Summary(9, "running"))

    with pytest.raises(SeqTaken):
        both()
    assert storage.actions("m2") == []
    assert storage.match("m2").summary.seq == 0  # type: ignore[union-attr]
    with storage.transaction(isolated=False):  # and the next one starts afresh
        storage.append("m2", [action(1)], Summary(1, "running"))
    assert [a.seq for a in storage.actions("m2")] == [1]


def test_the_writer_commits_many_writes_at_once_each_on_its_own(storage: SQLStorage) -> None:
    for i in range(20):
        new_match(storage, f"m{i}")
    writer = Writer(storage)

    async def main() -> list[Any]:
        writes = [
            writer.run(lambda i=i: storage.append(f"m{i}", [action(1)], Summary(1, "running")))
            for i in range(20)
        ]
        writes.append(writer.run(lambda: storage.append("m0", [action(1)], Summary(1, "running"))))
        return await asyncio.gather(*writes, return_exceptions=True)

    outcomes = asyncio.run(main())
    writer.close()
    assert outcomes[:20] == [None] * 20
    assert isinstance(outcomes[20], SeqTaken)
    assert all(len(storage.actions(f"m{i}")) == 1 for i in range(20))
    assert writer.writes == 21
    assert writer.batches < 21  # grouped: fewer commits than writes


def test_a_write_of_the_writer_that_fails_leaves_nothing_of_what_it_changed(
    storage: SQLStorage,
) -> None:
    for mid in ("m1", "m2", "m3"):
        new_match(storage, mid)
    storage.append("m1", [action(1)], Summary(1, "running"))
    writer = Writer(storage)

    def two_changes() -> None:  # the first stored, the second refused: neither stays
        storage.append("m2", [action(1)], Summary(1, "running"))
        storage.append("m1", [action(1)], Summary(9, "running"))

    async def main() -> list[Any]:
        return await asyncio.gather(
            writer.run(two_changes),
            writer.run(lambda: storage.append("m3", [action(1)], Summary(1, "running"))),
            return_exceptions=True,
        )

    outcomes = asyncio.run(main())
    writer.close()
    assert isinstance(outcomes[0], SeqTaken)
    assert outcomes[1] is None
    assert storage.actions("m2") == []
    assert storage.match("m2").summary.seq == 0  # type: ignore[union-attr]
    assert [a.seq for a in storage.actions("m3")] == [1]


def test_a_write_undone_to_break_a_deadlock_is_tried_again(storage: SQLStorage) -> None:
    """PostgreSQL picks a victim among writers that wait on each other; its write is tried
    again (each time in a savepoint of its own), a few times before it counts as failed."""
    new_match(storage)
    new_match(storage, "m2")
    writer = Writer(storage)
    tries = {"m1": 0, "m2": 0}

    def deadlocked(mid: str, times: int) -> Any:
        def write() -> None:
            tries[mid] += 1
            storage.append(mid, [action(1)], Summary(1, "running"))
            if tries[mid] <= times:
                raise psycopg.errors.DeadlockDetected("deadlock detected")

        return write

    async def main() -> list[Any]:  # one after the other: each its own batch
        return [
            *await asyncio.gather(writer.run(deadlocked("m1", 1)), return_exceptions=True),
            *await asyncio.gather(writer.run(deadlocked("m2", 1 + TRIES)), return_exceptions=True),
        ]

    outcomes = asyncio.run(main())
    writer.close()
    assert outcomes[0] is None
    assert tries["m1"] == 2  # failed in the batch, passed alone
    assert isinstance(outcomes[1], psycopg.errors.DeadlockDetected)
    assert tries["m2"] == 1 + TRIES  # in the batch, then TRIES times alone
    assert [a.seq for a in storage.actions("m1")] == [1]
    assert storage.actions("m2") == []


def test_serve_builds_the_app_for_the_address_and_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    from gameshelf.web import server

    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kwargs: Any) -> None:
        seen.update(kwargs, app=app)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    monkeypatch.setattr(server, "settle_garbage_collector", lambda: seen.update(settled=True))
    monkeypatch.setenv("GAMESHELF_PLUGINS", "core")
    server.run("127.0.0.1", 8123, str(tmp_path / "served.sqlite3"))
    assert seen["settled"]
    assert (seen["host"], seen["port"]) == ("127.0.0.1", 8123)
    assert (seen["proxy_headers"], seen["server_header"]) == (False, False)
    assert seen["app"].state.settings.db == tmp_path / "served.sqlite3"
    assert (tmp_path / "served.sqlite3").exists()  # created on first start
    assert seen["access_log"] is False
    seen["app"].state.storage.close()


def test_serve_takes_a_postgres_url_for_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from gameshelf.web import server

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: seen.update(app=app))
    monkeypatch.setattr(server, "settle_garbage_collector", lambda: None)
    monkeypatch.setenv("GAMESHELF_PLUGINS", "core")
    with pg_schema() as url:
        server.run("127.0.0.1", 8123, url)
        app = seen["app"]
        assert app.state.settings.database_url == url
        assert isinstance(app.state.storage, PostgresStorage)
        assert app.state.storage.schema_version() == PG_SCHEMA_VERSION
        app.state.storage.close()


def test_a_database_url_must_be_postgres(tmp_path: Path) -> None:
    from pydantic import ValidationError

    from gameshelf.web.settings import Settings

    with pytest.raises(ValidationError, match="postgresql://"):
        Settings(database_url="mysql://127.0.0.1/site")


def test_the_server_sets_aside_what_it_loaded_and_collects_cycles_seldom() -> None:
    import gc

    from gameshelf.web import server

    thresholds = gc.get_threshold()
    try:
        server.settle_garbage_collector()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == server.GC_THRESHOLDS
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_a_write_whose_request_was_cancelled_is_still_stored(storage: SQLStorage) -> None:
    new_match(storage)
    writer = Writer(storage)
    failures: list[BaseException] = []

    async def main() -> None:
        stored = writer.submit(lambda: storage.append("m1", [action(1)], Summary(1, "running")))
        refused = writer.submit(
            lambda: storage.append("m1", [action(1)], Summary(1, "running")), failures.append
        )
        stored.cancel()
        refused.cancel()
        await writer.run(lambda: None)  # the next commit: both above are settled by now
        await asyncio.sleep(0)

    asyncio.run(main())
    writer.close()
    assert [a.seq for a in storage.actions("m1")] == [1]
    assert len(failures) == 1
    assert isinstance(failures[0], SeqTaken)
