"""kill -9 under a small load loses nothing acknowledged (slow): three clients play toy
duels on a server run as ``gameshelf serve`` runs it; the server is killed (SIGKILL) a few
times while requests are in flight and started again on the same database; every action
that was answered 200 is found in the stored log, at its place, and every match loads."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.live_server import free_port, wait_until_serving
from tests.web.test_no_token_in_logs import ROOT, SERVER

pytestmark = pytest.mark.slow

KILLS = 3
ACKS_BETWEEN_KILLS = 40


class Players(threading.Thread):
    """One client: plays toy duels, one after another, recording what was acknowledged."""

    def __init__(self, base: list[str], acked: list[tuple[str, int, str, str, Any]]) -> None:
        super().__init__(daemon=True)
        self.base, self.acked, self.stop = base, acked, threading.Event()
        self.match: tuple[str, dict[str, str]] | None = None

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.step(httpx.Client(base_url=self.base[0], timeout=5))
            except httpx.HTTPError:  # the server is down: wait for it to come back
                self.stop.wait(0.05)

    def step(self, http: httpx.Client) -> None:
        with http:
            if self.match is None:
                body = {"game": "toy_duel", "seats": [{"name": "A"}, {"name": "B"}]}
                made = http.post("/api/matches", json=body).json()
                self.match = (made["id"], {s["role"]: s["token"] for s in made["seats"]})
            mid, tokens = self.match
            for _ in range(50):
                if self.stop.is_set():
                    return
                public = http.get(f"/api/matches/{mid}/view").json()
                if public["outcome"] is not None:
                    self.match = None
                    return
                role = public["view"]["active"][0]
                bearer = {"Authorization": f"Bearer {tokens[role]}"}
                mine = http.get(f"/api/matches/{mid}/view", headers=bearer).json()
                kind, args = next(iter(mine["view"]["actions"].items()))
                body = {"type": kind, "arg": args[0], "version": mine["version"]}
                reply = http.post(f"/api/matches/{mid}/actions", headers=bearer, json=body)
                if reply.status_code == 200:
                    self.acked.append((mid, reply.json()["seq"], role, kind, args[0]))


def test_kill_9_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db, port = tmp_path / "g.sqlite3", free_port()
    base = [f"http://127.0.0.1:{port}"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def start() -> subprocess.Popen[bytes]:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(db), str(port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until_serving(server, base[0])
        return server

    acked: list[tuple[str, int, str, str, Any]] = []
    players = [Players(base, acked) for _ in range(3)]
    server = start()
    for p in players:
        p.start()
    try:
        for _ in range(KILLS):
            goal = len(acked) + ACKS_BETWEEN_KILLS
            for _ in range(6000):  # bounded: until enough actions were acknowledged
                if len(acked) >= goal:
                    break
                threading.Event().wait(0.01)
            server.send_signal(signal.SIGKILL)  # requests are in flight
            server.wait()
            server = start()
    finally:
        for p in players:
            p.stop.set()
        for p in players:
            p.join(timeout=30)
        server.send_signal(signal.SIGKILL)
        server.wait()
    assert len(acked) >= KILLS * ACKS_BETWEEN_KILLS
    stored = sqlite3.connect(db)
    found = {
        (mid, seq): (role, kind, arg)
        for mid, seq, role, kind, arg in stored.execute(
            "SELECT match_id, seq, role, type, json_extract(arg, '$') FROM actions"
        )
    }
    lost = [a for a in acked if found.get((a[0], a[1])) != (a[2], a[3], a[4])]
    assert lost == [], f"{len(lost)} of {len(acked)} acknowledged actions are not stored"
    for (mid,) in stored.execute("SELECT id FROM matches"):  # and every match loads
        seqs = [s for (s,) in stored.execute("SELECT seq FROM actions WHERE match_id=?", (mid,))]
        assert sorted(seqs) == list(range(1, len(seqs) + 1)), mid
