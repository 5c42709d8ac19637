"""Durability: what was accepted survives a restart on the same file, exactly."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import SCHEMA_VERSION, NewerDatabase, SQLiteStorage
from tests.web.conftest import TestClient, auth, toy_registry


def fresh_client(settings: Settings) -> TestClient:
    return TestClient(create_app(settings, registry=toy_registry()))


def play(client: TestClient, mid: str, token: str, count: int) -> dict[str, Any]:
    payload = client.get(f"/api/matches/{mid}/view", headers=auth(token)).json()
    for _ in range(count):
        menu = payload["view"]["actions"]
        if payload["outcome"] is not None or not menu:
            break
        kind = next(iter(menu))
        payload = client.post(
            f"/api/matches/{mid}/actions",
            headers=auth(token),
            json={"type": kind, "arg": menu[kind][-1], "version": payload["version"]},
        ).json()
    return payload


def ann_against_a_bot(client: TestClient, seed: int) -> dict[str, Any]:
    """A new toy duel: Ann in the first seat, a random bot in the second."""
    return client.post(
        "/api/matches",
        json={
            "game": "toy_duel",
            "seed": seed,
            "options": {"hand_size": 4},
            "seats": [{"name": "Ann"}, {"bot": "random"}],
        },
    ).json()


def without_version(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if k != "version"}


def state_of(client: TestClient, mid: str) -> tuple[str, list[Any]]:
    tables = client.app.state.tables  # type: ignore[attr-defined]
    match = client.portal.call(tables.get, mid).match  # type: ignore[union-attr]
    return match.state.to_json(), list(match.history)


def test_a_restarted_server_resumes_every_match_exactly(settings: Settings) -> None:
    with fresh_client(settings) as client:
        made = [ann_against_a_bot(client, seed) for seed in (1, 2, 3)]
        for i, created in enumerate(made):
            play(client, created["id"], created["seats"][0]["token"], 2 + 3 * i)
        before = {c["id"]: state_of(client, c["id"]) for c in made}
        views = {
            c["id"]: without_version(
                client.get(
                    f"/api/matches/{c['id']}/view", headers=auth(c["seats"][0]["token"])
                ).json()
            )
            for c in made
        }
    with fresh_client(settings) as client:
        for created in made:
            mid, token = created["id"], created["seats"][0]["token"]
            assert state_of(client, mid) == before[mid]
            view = client.get(f"/api/matches/{mid}/view", headers=auth(token)).json()
            assert without_version(view) == views[mid]
            final = play(client, mid, token, 100)
            assert final["status"] == "finished"


def test_a_restart_uses_the_latest_snapshot_and_the_actions_after_it(settings: Settings) -> None:
    with fresh_client(settings) as client:
        created = ann_against_a_bot(client, seed=9)
        mid = created["id"]
        play(client, mid, created["seats"][0]["token"], 3)
        before = state_of(client, mid)
        snap = client.app.state.storage.snapshot(mid)  # type: ignore[attr-defined]
        seq = client.app.state.storage.match(mid).summary.seq  # type: ignore[attr-defined]
    assert snap is not None
    assert 0 < snap[0] <= seq
    with fresh_client(settings) as client:
        assert state_of(client, mid) == before


def test_an_unreadable_snapshot_is_replaced_by_a_full_replay(settings: Settings) -> None:
    with fresh_client(settings) as client:
        created = ann_against_a_bot(client, seed=4)
        mid = created["id"]
        play(client, mid, created["seats"][0]["token"], 3)
        before = state_of(client, mid)
    db = sqlite3.connect(settings.db)
    db.execute("UPDATE snapshots SET state='{\"nonsense\": 1}'")
    db.commit()
    db.close()
    with fresh_client(settings) as client:
        assert state_of(client, mid) == before


def test_a_crash_before_the_bots_moved_is_resumed_by_the_bots(settings: Settings) -> None:
    with fresh_client(settings) as client:
        created = client.post(
            "/api/matches",
            json={"game": "toy_duel", "seed": 4, "seats": [{"name": "Ann"}, {"bot": "first"}]},
        ).json()
        mid = created["id"]
    db = sqlite3.connect(settings.db)  # as if the server died before the bot's move was made
    db.execute("DELETE FROM actions")
    db.commit()
    db.close()
    with fresh_client(settings) as client:
        view = client.get(f"/api/matches/{mid}/view").json()
        assert view["seq"] == 1
        assert view["view"]["active"] == ["north"]


def test_a_database_from_a_newer_gameshelf_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    SQLiteStorage(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    with pytest.raises(NewerDatabase, match="upgrade Gameshelf"):
        SQLiteStorage(path)


def test_opening_the_database_again_keeps_its_schema(tmp_path: Path) -> None:
    path = tmp_path / "again.sqlite3"
    SQLiteStorage(path).close()
    storage = SQLiteStorage(path)
    assert storage.schema_version() == SCHEMA_VERSION
    storage.close()


def test_an_action_the_disk_refused_is_forgotten_not_shown(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(
        create_app(settings, registry=toy_registry()), raise_server_exceptions=False
    ) as client:
        created = client.post(
            "/api/matches",
            json={"game": "toy_duel", "seats": [{"name": "Ann"}, {"name": "Bob"}]},
        ).json()
        mid, north = created["id"], auth(created["seats"][0]["token"])
        view = client.get(f"/api/matches/{mid}/view", headers=north).json()
        storage = client.app.state.storage  # type: ignore[attr-defined]

        def full_disk(*args: Any, **kwargs: Any) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(storage, "append", full_disk)
        kind = next(iter(view["view"]["actions"]))
        action = {"type": kind, "arg": view["view"]["actions"][kind][0], "version": 0}
        refused = client.post(f"/api/matches/{mid}/actions", headers=north, json=action)
        assert refused.status_code == 500
        monkeypatch.undo()
        after = client.get(f"/api/matches/{mid}/view", headers=north).json()
        assert after["seq"] == 0  # rebuilt from storage: the action never happened
        assert without_version(after) == without_version(view)
        again = client.post(f"/api/matches/{mid}/actions", headers=north, json=action)
        assert again.status_code == 200
        assert again.json()["seq"] == 1


@pytest.mark.parametrize(("level", "pragma"), [("NORMAL", 1), ("FULL", 2)])
def test_the_durability_level_is_the_settings_and_normal_by_default(
    tmp_path: Path, level: str, pragma: int
) -> None:
    """WAL with synchronous=NORMAL (the default: an acknowledged action survives kill -9,
    tests/web/test_kill.py) or FULL (a power cut too), as the README says."""
    assert Settings().sqlite_synchronous == "NORMAL"
    storage = SQLiteStorage(tmp_path / "level.sqlite3", level)
    try:
        for db in (storage._db, storage._reader):
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert db.execute("PRAGMA synchronous").fetchone()[0] == pragma
    finally:
        storage.close()
