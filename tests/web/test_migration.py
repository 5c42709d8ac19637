"""The schema migrates forward from a database the version before accounts wrote
(``data/schema5.sqlite3``, made by ``data/make_schema5.py`` with that version's code: commit
c31198f), keeping every row, and the site goes on with its matches."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import MIGRATIONS, SCHEMA_VERSION, SQLiteStorage
from tests.web.conftest import FAST_PASSWORDS, ORIGIN, sign_up
from tests.web.games import games_registry

DATA = Path(__file__).parent / "data" / "schema5.sqlite3"
OLD_TABLES = {
    "matches": "*",
    "seats": "match_id, position, role, kind, name, agent, token_hash",
    "actions": "*",
    "snapshots": "*",
}


def database_at(path: Path, version: int) -> sqlite3.Connection:
    """A connection to a new SQLite database at ``path`` made by the migrations up to
    schema ``version``, as that release left it (the caller adds rows, commits, closes)."""
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    for step in MIGRATIONS[:version]:
        for statement in step.split(";"):
            if statement.strip():
                old.execute(statement)
    old.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(version),))
    return old


def rows(path: Path) -> dict[str, list[Any]]:
    db = sqlite3.connect(path)
    try:
        return {
            table: sorted(db.execute(f"SELECT {columns} FROM {table}").fetchall(), key=repr)
            for table, columns in OLD_TABLES.items()
        }
    finally:
        db.close()


def old_database(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite3"
    shutil.copy(DATA, path)
    return path


def test_the_old_database_is_at_schema_5_with_matches(tmp_path: Path) -> None:
    before = rows(old_database(tmp_path))
    assert len(before["matches"]) == 4
    assert len(before["actions"]) > 300
    assert sqlite3.connect(DATA).execute("SELECT value FROM meta").fetchone() == ("5",)


def test_migrating_keeps_every_row(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    before = rows(path)
    storage = SQLiteStorage(path)
    assert storage.schema_version() == SCHEMA_VERSION
    storage.close()
    assert rows(path) == before
    seats = sqlite3.connect(path).execute("SELECT account_id FROM seats").fetchall()
    assert seats
    assert all(a == (None,) for a in seats)


def test_the_site_goes_on_with_the_migrated_matches(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    app = create_app(
        Settings(db=path, **FAST_PASSWORDS),
        registry=games_registry("hammer_scots", "three_kingdoms"),
    )
    with TestClient(app) as client:
        listed = {m["id"]: m for m in client.get("/api/matches?bots=true").json()}
        assert len(listed) == 4
        for mid, match in listed.items():
            payload = client.get(f"/api/matches/{mid}/view").json()
            assert payload["seq"] == match["seq"]
        finished = next(m for m in listed.values() if m["status"] == "finished")
        assert client.get(f"/api/matches/{finished['id']}/history").status_code == 200
        sign_up(client, "Dee")
        open_match = next(m for m in listed.values() if m["status"] == "open")
        joined = client.post(
            f"/api/matches/{open_match['id']}/join", json={"name": "x"}, headers=ORIGIN
        )
        assert joined.status_code == 200, joined.text
        assert joined.json()["name"] == "Dee"


def test_schema_11_gains_clocks_and_keeps_its_resignations(tmp_path: Path) -> None:
    """Schema 12 (issue 30): paces, clocks and why a seat gave up; an older match has no
    clock and its resignations read as resignations."""
    path = tmp_path / "eleven.sqlite3"
    old = database_at(path, 11)
    old.execute(
        "INSERT INTO matches (id, game, scenario, options, seed, players, created, updated,"
        " seq, status, active, outcome, seed_text, version, bots_only)"
        " VALUES ('m11', 'toy_duel', 'standard', '{}', 1, 2, 0, 0, 0, 'finished',"
        ' \'[]\', \'{"winners": ["south"], "reason": "resigned"}\', \'1\', 1, 0)'
    )
    old.execute("INSERT INTO resignations VALUES ('m11', 'north', 0, 5.0)")
    old.commit()
    old.close()
    storage = SQLiteStorage(path)
    assert storage.schema_version() == SCHEMA_VERSION >= 12
    assert storage.clocks(["m11"]) == {}
    assert storage.timeouts("m11") == []
    assert storage.resigned_at("m11") == [("north", 0)]
    why = storage._db.execute("SELECT why FROM resignations").fetchall()
    assert why == [("resigned",)]
    assert storage.due_clocks(1e12) == []
    assert storage.next_due() is None
    storage.close()


def test_schema_12_clocks_gain_when_and_how_they_ran_out(tmp_path: Path) -> None:
    """Schema 13 (issue 30): a clock run out says after how many actions, and whether its
    seat lost; a clock stored at schema 12 keeps its bank and still runs."""
    path = tmp_path / "twelve.sqlite3"
    old = database_at(path, 12)
    old.execute(
        "INSERT INTO matches (id, game, scenario, options, seed, players, created, updated,"
        " seq, status, active, outcome, seed_text, version, bots_only)"
        " VALUES ('m12', 'toy_duel', 'standard', '{}', 1, 2, 0, 0, 0, 'running',"
        " '[\"north\"]', NULL, '1', 1, 0)"
    )
    old.execute("INSERT INTO paces VALUES ('m12', 'fast', 86400, 259200, 'lose')")
    old.execute(
        "INSERT INTO clocks (match_id, role, bank, since, due) VALUES"
        " ('m12', 'north', 86400, 10, 86410), ('m12', 'south', 5, NULL, NULL)"
    )
    old.commit()
    old.close()
    storage = SQLiteStorage(path)
    assert storage.schema_version() == SCHEMA_VERSION >= 13
    pace, clocks = storage.clocks(["m12"])["m12"]
    assert pace.kind == "fast"
    assert clocks["north"].due == 86410
    assert clocks["south"].bank == 5
    assert storage.due_clocks(90000) == [("m12", "north", 86410.0)]
    assert storage.timeouts("m12") == []
    storage.close()


def test_schema_13_gains_the_notices_and_keeps_its_clocks(tmp_path: Path) -> None:
    """Schema 14 (issue 30): players' notice settings, the queue, rate marks, and a low
    clock told once; the clocks of schema 13 are kept and not told yet."""
    path = tmp_path / "thirteen.sqlite3"
    old = database_at(path, 13)
    old.execute(
        "INSERT INTO matches (id, game, scenario, options, seed, players, created, updated,"
        " seq, status, active, outcome, seed_text, version, bots_only)"
        " VALUES ('m13', 'toy_duel', 'standard', '{}', 1, 2, 0, 0, 0, 'running',"
        " '[\"north\"]', NULL, '1', 1, 0)"
    )
    old.execute("INSERT INTO paces VALUES ('m13', 'fast', 86400, 259200, 'lose')")
    old.execute(
        "INSERT INTO clocks (match_id, role, bank, since, due) VALUES"
        " ('m13', 'north', 86400, 10, 86410)"
    )
    old.commit()
    old.close()
    storage = SQLiteStorage(path)
    assert storage.schema_version() == SCHEMA_VERSION >= 14
    assert storage.low_clocks(86400, 0.1) == [("m13", "north", 86410.0)]
    assert storage.claim_low_clock("m13", "north", 86410.0, 86400)
    assert not storage.claim_low_clock("m13", "north", 86410.0, 86400)
    assert storage.notice_prefs(1) is None
    assert storage.due_notices(1e12) == []
    storage.close()


def test_schema_14_gains_the_pages_held(tmp_path: Path) -> None:
    """Schema 15 (issue 30): which server process holds a page of which seat."""
    path = tmp_path / "fourteen.sqlite3"
    old = database_at(path, 14)
    old.commit()
    old.close()
    storage = SQLiteStorage(path)
    assert storage.schema_version() == SCHEMA_VERSION >= 15
    assert not storage.present("m", "north", 0)
    storage.keep_presence([("m", "north")], "w", 10)
    assert storage.present("m", "north", 5)
    storage.close()


def test_schema_15_gains_the_bots_paces(tmp_path: Path) -> None:
    """Schema 16 (issue 28 item 7): the pace a match's creator chose for its bots."""
    path = tmp_path / "fifteen.sqlite3"
    old = database_at(path, 15)
    old.execute("INSERT INTO presence VALUES ('m', 'north', 'w', 10.0)")  # a row of schema 15 kept
    old.commit()
    old.close()
    storage = SQLiteStorage(path)
    assert storage.schema_version() == SCHEMA_VERSION >= 16
    assert storage.present("m", "north", 5)
    assert storage.bot_pace("m") is None
    storage.close()
