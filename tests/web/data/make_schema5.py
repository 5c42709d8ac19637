"""Make ``schema5.sqlite3``: a database written by Gameshelf at schema 5 (the version before
accounts, commit c31198f), for the test that the schema migrates forward losing nothing
(``tests/web/test_migration.py``).

Run it with that version's code on the path, e.g. a worktree of c31198f whose folders a
``gameshelf`` package links to (``PYTHONPATH=/tmp/basepkg``, see the test's docstring):

    python tests/web/data/make_schema5.py tests/web/data/schema5.sqlite3
"""

from __future__ import annotations

import sqlite3
import sys
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings


def play(client: TestClient, mid: str, token: str, moves: int) -> None:
    """The seat of ``token`` takes its first legal action ``moves`` times (when it may)."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(moves):
        payload = client.get(f"/api/matches/{mid}/view", headers=auth).json()
        actions = payload["view"].get("actions") or {}
        if not actions:
            return
        kind, args = next(iter(actions.items()))
        arg = args[0] if args else None
        body = {"type": kind, "arg": arg, "version": payload["version"]}
        client.post(f"/api/matches/{mid}/actions", json=body, headers=auth)


def main(path: Path) -> None:
    path.unlink(missing_ok=True)
    registry = Registry(make_plugin_manager(load=["core", "hammer_scots", "three_kingdoms"]))
    app = create_app(Settings(db=path, snapshot_every=4), registry=registry)
    with TestClient(app) as client:
        made = client.post(
            "/api/matches",
            json={"game": "three_kingdoms", "seats": [{"name": "Ann"}, {"bot": True}]},
        ).json()
        play(client, made["id"], made["seats"][0]["token"], 12)
        made = client.post(
            "/api/matches",
            json={"game": "hammer_scots", "seats": [{"name": "Ann"}, {"open": True}]},
        ).json()
        play(client, made["id"], made["seats"][0]["token"], 3)
        made = client.post(
            "/api/matches",
            json={"game": "hammer_scots", "seats": [{"name": "Bob"}, {"name": "Cy"}]},
        ).json()
        finished = client.post(
            "/api/matches",
            json={"game": "three_kingdoms", "seed": 7, "seats": [{"bot": True}, {"bot": True}]},
        ).json()
        while client.get(f"/api/matches/{finished['id']}").json()["status"] != "finished":
            pass
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode=DELETE")
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
