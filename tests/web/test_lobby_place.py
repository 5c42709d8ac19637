"""Where a running match stands is kept with its summary (web/storage.py, schema 5): the
lobby shows it for a match that is not in memory too; rows saved before it are migrated
and show their move count until their next change."""

from __future__ import annotations

import re
import sqlite3
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import MIGRATIONS, SQLiteStorage
from tests.web.games import games_registry


def lobby_row(html: str, match_id: str) -> str:
    found = re.search(rf'data-match="{match_id}">(.*?)</a>', html, re.S)
    assert found, match_id
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1)))


def site(db: Path) -> TestClient:
    registry = games_registry("hammer_scots", "three_kingdoms")
    return TestClient(create_app(Settings(db=db), registry=registry))


def test_a_match_not_in_memory_shows_where_it_stands(tmp_path: Path) -> None:
    db = tmp_path / "site.sqlite3"
    with site(db) as client:
        body = {"game": "hammer_scots", "seats": [{"name": "Ann"}, {"bot": "random"}]}
        match_id = client.post("/api/matches", json=body).json()["id"]
    storage = SQLiteStorage(db)
    record = storage.match(match_id)
    storage.close()
    assert record is not None
    assert record.summary.place == "1297, turn 1"  # the game's own words, as saved
    with site(db) as fresh:  # a new server: nothing in memory
        assert "1297, turn 1" in lobby_row(fresh.get("/").text, match_id)
        assert "move " not in lobby_row(fresh.get("/").text, match_id)


def test_rows_saved_before_the_place_was_kept_are_migrated(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    old = sqlite3.connect(db)
    old.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    for step in MIGRATIONS[:4]:
        for statement in step.split(";"):
            if statement.strip():
                old.execute(statement)
    old.execute("INSERT INTO meta VALUES ('schema_version', '4')")
    old.execute(
        "INSERT INTO matches (id, game, scenario, options, seed, players, created, updated,"
        " seq, status, active, outcome, seed_text, version, bots_only)"
        " VALUES ('abc123', 'hammer_scots', 'braveheart', '{}', 1, 2, 0, 0, 7, 'running',"
        " '[\"England\"]', NULL, '1', 7, 0)"
    )
    old.execute(
        "INSERT INTO seats VALUES ('abc123', 0, 'England', 'person', 'Ann', NULL, NULL),"
        " ('abc123', 1, 'Scotland', 'bot', 'Random moves', 'random', NULL)"
    )
    old.commit()
    old.close()
    storage = SQLiteStorage(db)
    assert storage.schema_version() == 5
    record = storage.match("abc123")
    storage.close()
    assert record is not None
    assert record.summary.place is None
    assert record.summary.seq == 7
    with site(db) as client:
        listing = client.get("/api/matches").json()
        assert [m["place"] for m in listing if m["id"] == "abc123"] == [None]
