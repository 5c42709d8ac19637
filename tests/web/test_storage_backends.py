"""People, talk, ratings, clocks, seats, resignations and rematches in storage, the same on both
backends (SQLite, and PostgreSQL in a schema of its own): what the web app relies on."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from gameshelf.web.clocks import Pace, SeatClock
from gameshelf.web.ratings import Change, Rating
from gameshelf.web.storage import (
    MatchRecord,
    NewerDatabase,
    SeatRecord,
    SQLiteStorage,
    SQLStorage,
    StaleWrite,
    Summary,
)
from gameshelf.web.storage_people import NameTaken
from gameshelf.web.storage_pg import PG_MIGRATIONS, PG_SCHEMA_VERSION, PostgresStorage
from tests.web.pg import pg_schema, storage_on

NOW = 1_000_000.0


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SQLStorage]:
    with storage_on(request.param, tmp_path) as store:
        yield store


def new_match(storage: SQLStorage, match_id: str = "m1", seats: int = 2) -> None:
    storage.create_match(
        MatchRecord(match_id, "toy_duel", "standard", {}, 2**100, 2, Summary(0, "open")),
        [SeatRecord(role, "open") for role in ["north", "south"][:seats]],
    )


def test_accounts_sessions_and_failures(storage: SQLStorage) -> None:
    ann = storage.create_account("Ann", "ann", "hash", None, NOW, admin=False)
    with pytest.raises(NameTaken):
        storage.create_account("ANN", "ann", "hash2", None, NOW, admin=True)
    bob = storage.create_account("Bob", "bob", "hash", "b@example.org", NOW, admin=True)
    assert (bob.admin, bob.email, bob.id > ann.id) == (True, "b@example.org", True)
    assert storage.account_named("ann") == ann
    storage.create_session(b"s1", ann.id, NOW, NOW + 10, "127.0.0.1")
    storage.create_session(b"s2", ann.id, NOW, NOW + 10, "127.0.0.1")
    assert storage.session_account(b"s1", NOW + 1) == ann
    assert storage.session_account(b"s1", NOW + 11) is None  # expired
    assert storage.end_sessions(ann.id, keep=b"s2") == 1
    assert storage.session_account(b"s2", NOW + 1) == ann
    assert storage.end_sessions(ann.id) == 1  # keep nothing
    storage.note_failure(["ann", "10.0.0.1"], NOW)
    storage.note_failure(["ann"], NOW + 5)
    assert storage.failures("ann", NOW - 1) == [NOW, NOW + 5]
    storage.clear_failures("ann", before=NOW + 1)
    assert storage.failures("ann", 0) == [NOW + 5]
    storage.set_flags(bob.id, disabled=True)
    assert [a.name for a in storage.accounts()] == ["Ann", "Bob"]
    storage.forget_account(ann.id)
    gone = storage.account(ann.id)
    assert gone is not None
    assert gone.deleted
    assert gone.name == ""
    assert storage.account_named("ann") is None
    assert [a.name for a in storage.accounts()] == ["Bob"]
    assert storage.create_account("Ann", "ann", "h", None, NOW, admin=False).id != ann.id


def test_seats_keys_resignations_and_rematches(storage: SQLStorage) -> None:
    ann = storage.create_account("Ann", "ann", "hash", None, NOW, admin=False)
    new_match(storage)
    new_match(storage, "m2")
    assert storage.match("m1").seed == 2**100  # type: ignore[union-attr]
    summary = Summary(0, "running", ["north"], version=1)
    assert storage.claim_seat("m1", "north", "Ann", b"t" * 32, summary, 0, ann.id)
    assert not storage.claim_seat("m1", "north", "Eve", b"e" * 32, summary)  # taken
    with pytest.raises(StaleWrite):  # made on an older version: nothing written
        storage.claim_seat("m1", "south", "Eve", b"e" * 32, Summary(0, "running"), 0)
    assert storage.seats(["m1"])["m1"][1].kind == "open"
    storage.create_session(b"s1", ann.id, NOW, NOW + 10, "")
    storage.add_seat_key(b"k1", "m1", "north", ann.id, b"s1", NOW)
    storage.add_seat_key(b"k1", "m1", "north", ann.id, b"s1", NOW + 1)  # again: replaced
    assert storage.seat_key_role(b"k1", "m1", NOW + 2) == "north"
    assert storage.seat_key_role(b"k1", "m1", NOW + 20) is None  # its session ended
    assert [m.id for m in storage.matches_of(ann.id)] == ["m1"]
    storage.resign("m1", "north", 3, Summary(3, "finished", version=2), 1, bot=("random", "R"))
    assert storage.resignations(["m1", "m2"]) == {"m1": ["north"], "m2": []}
    assert storage.resigned_at("m1") == [("north", 3)]
    assert storage.seats(["m1"])["m1"][0].kind == "bot"
    assert storage.rematch("m1") is None
    assert storage.rematch("m1", "m2") == "m2"
    assert storage.rematch("m1", "m9") == "m2"  # the first noted stays
    assert [m.id for m in storage.matches(status="finished")] == ["m1"]


def test_chat_notes_and_ratings(storage: SQLStorage) -> None:
    ann = storage.create_account("Ann", "ann", "hash", None, NOW, admin=False)
    bob = storage.create_account("Bob", "bob", "hash", None, NOW, admin=False)
    new_match(storage)
    first = storage.add_chat("m1", "seats", "north", ann.id, "Ann", "hello 100%", NOW)
    storage.add_chat("m1", "spectators", None, bob.id, "Bob", "hi", NOW + 1)
    assert [c.text for c in storage.chat("m1", ["seats"])] == ["hello 100%"]
    assert len(storage.chat("m1", ["seats", "spectators"], after=first.id)) == 1
    assert storage.chat_said("m1", "north", None, NOW - 1) == 1
    assert storage.chat_said("m1", None, bob.id, NOW - 1) == 1
    removed = storage.remove_chat(first.id)
    assert removed is not None
    assert removed.text == "hello 100%"
    assert storage.chat("m1", ["seats"])[0].removed
    assert storage.remove_chat(999) is None
    storage.set_note("m1", "north", "plan", NOW)
    storage.set_note("m1", "north", "plan B", NOW + 1)
    assert (storage.note("m1", "north"), storage.note("m1", "south")) == ("plan B", "")
    before = Rating(ann.id, "toy_duel", 25.0, 8.333, 0)
    changes = [Change(ann.id, before, 27.0, 7.0), Change(bob.id, before, 23.0, 7.0)]
    assert storage.apply_ratings("m1", "toy_duel", changes, NOW)
    assert not storage.apply_ratings("m1", "toy_duel", changes, NOW)  # once a match
    assert storage.ratings([ann.id, bob.id], "toy_duel")[ann.id].mu == 27.0
    assert [r.game for r in storage.ratings_of(bob.id)] == ["toy_duel"]
    assert [name for _, name in storage.leaderboard("toy_duel")] == ["Ann", "Bob"]
    assert storage.rating_history(ann.id)[0].match_id == "m1"


def test_a_newer_postgres_schema_is_refused_and_migration_is_idempotent() -> None:
    with pg_schema() as url:
        PostgresStorage(url).close()
        again = PostgresStorage(url)  # opened twice: migrated once, rows kept
        new_match(again)
        again.close()
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("UPDATE meta SET value=%s", (str(PG_SCHEMA_VERSION + 1),))
        with pytest.raises(NewerDatabase):
            PostgresStorage(url)
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("UPDATE meta SET value=%s", (str(PG_SCHEMA_VERSION),))
        kept = PostgresStorage(url)
        assert kept.match("m1") is not None
        kept.close()


def test_clocks_and_a_timeout_claimed_once(storage: SQLStorage) -> None:
    new_match(storage)
    pace = Pace("fast", 86400.0, 3 * 86400.0, "lose")
    storage.add_clocks("m1", pace, [SeatClock("north", 100.0, NOW, NOW + 100.0)])
    assert storage.clocks(["m1", "m2"]) == {
        "m1": (pace, {"north": SeatClock("north", 100.0, NOW, NOW + 100.0)})
    }
    assert storage.next_due() == NOW + 100.0
    assert storage.due_clocks(NOW + 99) == []
    assert storage.due_clocks(NOW + 100) == [("m1", "north", NOW + 100.0)]
    assert storage.claim_timeout("m1", "north", NOW + 100, NOW + 100, NOW + 130)
    assert not storage.claim_timeout("m1", "north", NOW + 100, NOW + 101, NOW + 131)  # leased
    assert storage.claim_timeout("m1", "north", NOW + 100, NOW + 131, NOW + 160)  # ran out
    summary = Summary(0, "finished", version=1)
    assert storage.time_out("m1", "north", NOW + 131, 0, summary, 0, True, None)
    assert not storage.time_out("m1", "north", NOW + 132, 0, summary, None, True, None)
    assert storage.timeouts("m1") == [("north", 0, True)]
    assert storage.resigned_at("m1") == [("north", 0)]


def test_a_postgres_database_of_the_previous_schema_migrates_keeping_its_rows() -> None:
    with pg_schema() as url:
        with psycopg.connect(url, autocommit=True) as db:  # as the previous release left it
            db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
            db.execute(PG_MIGRATIONS[0])
            db.execute("INSERT INTO meta VALUES ('schema_version', %s)", (str(1),))
            db.execute(
                "INSERT INTO matches VALUES ('m1','toy_duel','standard','{}',7,2,1.0,1.0,0,"
                "'running','[]',NULL,'7',3,0,NULL)"
            )
            db.execute("INSERT INTO resignations VALUES ('m1','north',0,2.0)")
        storage = PostgresStorage(url)
        try:
            assert storage.schema_version() == PG_SCHEMA_VERSION
            assert storage.match("m1").summary.version == 3  # type: ignore[union-attr]
            assert storage.resigned_at("m1") == [("north", 0)]
            assert storage.clocks(["m1"]) == {}
        finally:
            storage.close()


def test_postgres_keeps_every_table_and_column_sqlite_keeps(tmp_path: Path) -> None:
    """A schema step added to SQLite needs its step in PG_MIGRATIONS: same tables, same
    columns, in the same order (the shared queries insert by position)."""
    lite = SQLiteStorage(tmp_path / "s.sqlite3")
    try:
        tables = [
            r[0]
            for r in lite._sqlite.execute(
                "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name"
            ).fetchall()
        ]
        in_sqlite = {
            t: [c[1] for c in lite._sqlite.execute(f"PRAGMA table_info({t})").fetchall()]
            for t in tables
        }
    finally:
        lite.close()
    with pg_schema() as url:
        PostgresStorage(url).close()
        with psycopg.connect(url) as db:
            rows = db.execute(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
            ).fetchall()
    in_pg: dict[str, list[str]] = {}
    for table, column in rows:
        in_pg.setdefault(table, []).append(column)
    assert in_pg == in_sqlite


def test_two_postgres_processes_never_both_claim_or_carry_out_a_timeout() -> None:
    with pg_schema() as url:
        a, b = PostgresStorage(url), PostgresStorage(url)
        try:
            new_match(a)
            pace = Pace("fast", 86400.0, 3 * 86400.0, "lose")
            a.add_clocks("m1", pace, [SeatClock("north", 100.0, NOW, NOW + 100.0)])
            due = NOW + 100.0
            with a.transaction():  # a claims; b's claim waits for a's commit, then finds it
                assert a.claim_timeout("m1", "north", due, due, due + 30)
                late: list[bool] = []
                claim = threading.Thread(
                    target=lambda: late.append(b.claim_timeout("m1", "north", due, due, due + 30))
                )
                claim.start()
                claim.join(0.3)
                assert claim.is_alive()  # held on the clock's row
            claim.join(10)
            assert late == [False]
            summary = Summary(0, "finished", version=1)
            assert a.time_out("m1", "north", due, 0, summary, 0, True, None)
            assert not b.time_out("m1", "north", due, 0, summary, None, True, None)
            assert b.timeouts("m1") == [("north", 0, True)]
        finally:
            a.close()
            b.close()
