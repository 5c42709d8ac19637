"""Where a running match stands is kept with its summary (web/storage.py, schema 5): the
lobby shows it for a match that is not in memory too; rows saved before it are migrated
and show their move count until their next change."""

from __future__ import annotations

import re
import sqlite3
import time
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import MIGRATIONS, SCHEMA_VERSION, SQLiteStorage
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
    # the game's own message, as saved, read in each reader's language
    assert record.summary.place == {
        "id": "hammer_scots.place_turn",
        "args": {"year": 1297, "turn": 1},
    }
    with site(db) as fresh:  # a new server: nothing in memory
        assert "1297, turn 1" in lobby_row(fresh.get("/").text, match_id)
        assert "move " not in lobby_row(fresh.get("/").text, match_id)
        chinese = fresh.get("/", headers={"Accept-Language": "zh-TW"}).text
        assert "1297 年第 1 回合" in lobby_row(chinese, match_id)


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
    assert storage.schema_version() == SCHEMA_VERSION
    record = storage.match("abc123")
    storage.close()
    assert record is not None
    assert record.summary.place is None
    assert record.summary.seq == 7
    with site(db) as client:
        listing = client.get("/api/matches").json()
        assert [m["place"] for m in listing if m["id"] == "abc123"] == [None]


def test_a_finished_row_gives_the_outcome_text_in_the_readers_language(tmp_path: Path) -> None:
    with site(tmp_path / "site.sqlite3") as client:
        body = {"game": "toy_duel", "seats": [{"bot": "random"}, {"bot": "first"}]}
        match_id = client.post("/api/matches", json=body).json()["id"]
        for _ in range(500):  # bots alone play in the background: a bounded wait for the end
            if client.get(f"/api/matches/{match_id}/view").json()["outcome"] is not None:
                break
            time.sleep(0.01)
        zh = lobby_row(client.get("/", headers={"Accept-Language": "zh-TW"}).text, match_id)
        en = lobby_row(client.get("/", headers={"Accept-Language": "en"}).text, match_id)
    assert re.search(r"(北家|南家)（電腦：[^）]+）獲勝：\s*(北家|南家)以較高分獲勝|平手", zh), zh
    assert "北家：電腦：隨機走法" in zh
    assert "toy_duel." not in zh  # a message, rendered, never its id
    assert "wins on points." in en or "A draw: the scores are level." in en
    assert "toy_duel." not in en


def test_a_players_name_stays_text_in_the_chinese_lobby(tmp_path: Path) -> None:
    evil = "<script>alert(1)</script>"
    with site(tmp_path / "site.sqlite3") as client:
        body = {"game": "toy_duel", "seats": [{"name": evil}, {"name": "Bob"}]}
        assert client.post("/api/matches", json=body).status_code == 201
        html = client.get("/", headers={"Accept-Language": "zh-TW"}).text
    assert evil not in html
    assert "北家：&lt;script&gt;alert(1)&lt;/script&gt;" in html  # escaped once, not twice
