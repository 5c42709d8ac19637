"""Two server processes on one PostgreSQL database, run as ``gameshelf serve`` runs them
(architecture §4.5 and architecture §4.6): an action posted to one reaches a WebSocket
held on the other; the same action posted to both at once is stored once; a match of bots
alone is played by one of them and taken over when that one is killed; kill -9 of one
under load loses no acknowledged action while the other keeps serving (the last two are
slow)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

from tests.web.live_server import free_port, wait_until_serving
from tests.web.pg import pg_schema
from tests.web.test_kill import Players
from tests.web.test_no_token_in_logs import ROOT

# What `gameshelf serve --db postgresql://...` runs, with the toy game (or, given a third
# argument, Hammer of the Scots: a long game) installed.
SERVER = """
import sys
from tests.web.conftest import toy_registry
from tests.web.games import games_registry
from gameshelf.web.app import create_app
from gameshelf.web.server import serve
from gameshelf.web.settings import Settings

settings = Settings(
    database_url=sys.argv[1], port=int(sys.argv[2]), bot_sweep_seconds=0.5,
    bot_actions_per_second=20, max_creations_per_minute=100000, max_live_matches_per_client=100000,
)
registry = games_registry("hammer_scots") if len(sys.argv) > 3 else toy_registry()
serve(create_app(settings, registry=registry), settings, log_level="warning")
"""


class Server:
    """One server process on ``url``'s database, started again as often as asked."""

    def __init__(self, url: str, long_game: bool = False) -> None:
        self.url, self.port = url, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.args = [sys.executable, "-c", SERVER, url, str(self.port)] + ["x"] * long_game
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        self.process = subprocess.Popen(
            self.args,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until_serving(self.process, self.base)
        return self

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=30)


@contextmanager
def two_servers(long_game: bool = False) -> Iterator[tuple[Server, Server, str]]:
    with pg_schema() as url:
        a, b = Server(url, long_game), Server(url, long_game)
        try:
            a.start()  # one at a time: the first creates the schema
            b.start()
            yield a, b, url
        finally:
            a.kill()
            b.kill()


def duel(base: str) -> tuple[str, dict[str, str]]:
    body = {"game": "toy_duel", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    made = httpx.post(f"{base}/api/matches", json=body).json()
    return made["id"], {s["role"]: s["token"] for s in made["seats"]}


def test_two_processes_share_the_news_and_store_one_action_once() -> None:
    with two_servers() as (a, b, url):
        mid, seat = duel(a.base)
        bearer = {"Authorization": f"Bearer {seat['north']}"}
        ws_url = f"ws://127.0.0.1:{b.port}/ws/matches/{mid}"
        with connect(ws_url, open_timeout=10) as south:
            south.send(json.dumps({"token": seat["south"]}))
            assert json.loads(south.recv(timeout=10))["version"] == 0
            mine = httpx.get(f"{a.base}/api/matches/{mid}/view", headers=bearer).json()
            httpx.get(f"{b.base}/api/matches/{mid}/view", headers=bearer)  # b holds it too
            body = {"type": "card", "arg": mine["view"]["actions"]["card"][0], "version": 0}
            replies: list[int] = []

            def post(base: str) -> None:
                reply = httpx.post(f"{base}/api/matches/{mid}/actions", headers=bearer, json=body)
                replies.append(reply.status_code)

            both = [threading.Thread(target=post, args=(s.base,)) for s in (a, b)]
            for t in both:
                t.start()
            for t in both:
                t.join(30)
            assert sorted(replies) == [200, 409]  # stored once; the other is stale
            # whichever stored it, b's socket hears of version 1
            assert json.loads(south.recv(timeout=10))["version"] == 1
        with psycopg.connect(url) as db:
            stored = db.execute("SELECT seq FROM actions WHERE match_id=%s", (mid,)).fetchall()
        assert stored == [(1,)]


def bots_holder(url: str) -> list[int]:
    """The server processes' connections holding a claim on a match of bots alone."""
    with psycopg.connect(url) as db:
        rows = db.execute(
            "SELECT pid FROM pg_locks WHERE locktype='advisory' AND granted "
            "AND pid <> pg_backend_pid()"
        ).fetchall()
    return [r[0] for r in rows]


def version_of(url: str, mid: str) -> int:
    with psycopg.connect(url) as db:
        row = db.execute("SELECT version FROM matches WHERE id=%s", (mid,)).fetchone()
    return int(row[0])


def wait_until(check: Any, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.1)


@pytest.mark.slow
def test_bots_alone_are_played_by_one_process_and_taken_over_when_it_dies() -> None:
    with two_servers(long_game=True) as (a, _b, url):
        body = {"game": "hammer_scots", "seats": [{"bot": "random"}, {"bot": "random"}]}
        mid = httpx.post(f"{a.base}/api/matches", json=body, timeout=30).json()["id"]
        wait_until(lambda: len(bots_holder(url)) == 1)
        time.sleep(2)  # b swept a few times meanwhile
        holders = bots_holder(url)
        assert len(holders) == 1  # one process plays it
        before = version_of(url, mid)
        a.kill()  # the player dies: its claim goes with its connection
        wait_until(lambda: bots_holder(url) not in ([], holders))
        wait_until(lambda: version_of(url, mid) > before + 1)  # b plays on


@pytest.mark.slow
def test_kill_9_of_one_process_under_load_loses_no_acknowledged_action() -> None:
    with two_servers() as (a, b, url):
        acked: list[tuple[str, int, str, str, Any]] = []
        by_b: list[tuple[str, int, str, str, Any]] = []
        players = [Players([a.base], acked) for _ in range(10)]
        players += [Players([b.base], by_b) for _ in range(10)]  # 20 matches in play
        for p in players:
            p.start()
        try:
            for _ in range(3):
                goal = len(acked) + 30
                wait_until(lambda goal=goal: len(acked) >= goal, 120)
                a.kill()  # requests are in flight
                served = len(by_b)
                wait_until(lambda served=served: len(by_b) >= served + 10, 60)  # b serves on
                a.start()  # and a, started again, serves the same matches
        finally:
            for p in players:
                p.stop.set()
            for p in players:
                p.join(timeout=30)
        everything = acked + by_b
        with psycopg.connect(url) as db:
            rows = db.execute("SELECT match_id, seq, role, type, arg FROM actions").fetchall()
            found = {(m, s): (r, t, json.loads(x)) for m, s, r, t, x in rows}
            for (mid,) in db.execute("SELECT id FROM matches").fetchall():
                seqs = sorted(s for (m, s) in found if m == mid)
                assert seqs == list(range(1, len(seqs) + 1)), mid
        lost = [x for x in everything if found.get((x[0], x[1])) != (x[2], x[3], x[4])]
        assert lost == [], f"{len(lost)} of {len(everything)} acknowledged actions are lost"
