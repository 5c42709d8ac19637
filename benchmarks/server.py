"""How fast the web app plays: K concurrent matches of random legal actions over HTTP.

Starts ``gameshelf``'s web app with uvicorn in a subprocess, on 127.0.0.1 only and a
temporary SQLite database (created and deleted here), then drives K matches at once from
this process, each seat choosing uniformly among the legal actions its view offers, exactly
as a browser would: POST the action with the ``version`` it saw, read the reply, fetch the view of
the next seat to act when the turn passes (or when the seat has made a secret choice the others
have not yet made). Matches that end are replaced by new ones.

Prints the actions applied per second and the latency of the action requests (p50, p90,
p99, max), plus the view requests. ``--db postgresql://…`` keeps the site in PostgreSQL (a
schema made for the run), ``--workers N`` serves it with N processes, and ``--compare
postgresql://…`` plays the load on SQLite, then PostgreSQL with one and two workers, and
prints the three side by side (docs/performance.md, "Several processes"). Target on the
2-core reference machine: at least 500 actions/s with p99 under 50 ms for 20 concurrent
matches.

    .venv/bin/python benchmarks/server.py --game hammer_scots --matches 20 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import orjson

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
# How the players ask, as the match page (web/static/match.js) does: an action names how
# many lines of its log the seat holds (the reply carries only the new ones); a look at the
# view and a spectator's socket ask for nothing (the last page of the log, then deltas).
# --old-page asks as the page did before issue 27: the last 40 lines with every reply.
OLD_PAGE = {"action": "log_tail=40", "view": "log_tail=40", "live": "log_tail=40&lang=en"}
PAGE = {"action": "log_have={have}", "view": "", "live": "lang=en"}
ASKS = dict(PAGE)
FIRST_QUERY = ""  # the page's first look at a match
# --transport ws: each seat holds a live connection and decides over it (the match page's way)
TRANSPORT = {"live": False}
if sys.path and Path(sys.path[0]).resolve() == ROOT / "benchmarks":
    sys.path[0] = str(ROOT)  # the project's packages, not the benchmark scripts beside us


# --- the server side -----------------------------------------------------------------------


def serve(
    port: int,
    db: str,
    game: str,
    synchronous: str,
    rules: str | None,
    profile: str | None,
    workers: int = 1,
) -> None:
    """Run the web app as ``gameshelf serve`` does (called in the subprocess), on the SQLite
    file or PostgreSQL URL ``db``, in ``workers`` processes (``gameshelf serve --workers``);
    with ``profile``, under cProfile, the statistics written to that file when it stops."""
    import types

    from gameshelf.core.registry.hookspecs import hookimpl
    from gameshelf.core.registry.plugins import Registry, make_plugin_manager
    from gameshelf.web.app import create_app
    from gameshelf.web.server import serve as run_server
    from gameshelf.web.settings import Settings

    registry = Registry(make_plugin_manager())
    if game not in registry.games:  # a game whose plugin is not registered (yet): its rules
        import importlib

        ruleset = importlib.import_module(rules or f"gameshelf.plugins.{game}.rules").RULESET

        @hookimpl
        def gameshelf_games():
            return [ruleset]

        extra = [("benchmark", types.SimpleNamespace(gameshelf_games=gameshelf_games))]
        registry = Registry(make_plugin_manager(load=["core"], extra=extra))
    where: dict[str, Any] = {"database_url": db} if db.startswith("postgres") else {"db": Path(db)}
    settings = Settings(
        **where,
        host="127.0.0.1",
        port=port,
        sqlite_synchronous=synchronous,  # type: ignore[arg-type]
        max_creations_per_minute=100_000,  # one client makes every match here
        max_live_matches_per_client=100_000,
        max_connections_per_client=5_000,  # and opens every socket
        max_connections=5_000,
        cached_matches=5_000,  # the memory figure keeps 1,000 matches live
    )
    if workers > 1:
        from gameshelf.web.server import serve_workers

        serve_workers(settings, workers, log_level="warning")  # the installed plugins' games
        return
    app = create_app(settings, registry=registry)
    if profile is None:
        run_server(app, settings, log_level="warning")
        return
    import cProfile
    import signal

    # uvicorn stops on SIGTERM, then raises it again for the handler it found: make that one
    # harmless so that the statistics get written.
    signal.signal(signal.SIGTERM, lambda *_: None)
    # the event loop's thread's CPU time, not the clock: on a loaded machine the clock
    # charges a function with the time the process waited for a core in it
    profiler = cProfile.Profile(time.thread_time)
    profiler.runcall(run_server, app, settings, log_level="warning")
    profiler.dump_stats(profile)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- the driver ------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and of every process under it (the workers)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    tree, grown = {pid}, True
    while grown:
        more = {child for child, parent in parents.items() if parent in tree} - tree
        grown = bool(more)
        tree |= more
    return sum(cpu_seconds(p) for p in tree)


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far of a process's ``main`` thread (the event loop) and of its
    ``other`` threads (the writer's group commits, reads off the loop: Python does not
    name them to the system)."""
    kinds = {"main": 0.0, "other": 0.0}
    for task in Path(f"/proc/{pid}/task").glob("[0-9]*"):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kind = "main" if task.name == str(pid) else "other"
        kinds[kind] += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return kinds


def postgres_cpu() -> float:
    """CPU seconds of the PostgreSQL server's processes on this machine (0 without one)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if "(postgres)" in stat.read_text()[:64]:
                total += cpu_seconds(int(stat.parent.name))
        except OSError:
            continue
    return total


@dataclass
class Figures:
    actions: list[float] = field(default_factory=list)  # seconds per action request
    views: list[float] = field(default_factory=list)
    creates: list[float] = field(default_factory=list)
    refused: dict[int, int] = field(default_factory=dict)
    games_ended: int = 0
    live: list[tuple[int, int]] = field(default_factory=list)  # spectators': (version, bytes)
    server_cpu: float = 0.0  # CPU seconds the server used while measured (its workers too)
    threads_cpu: dict[str, float] = field(default_factory=dict)  # of one process: by thread
    database_cpu: float = 0.0  # and the PostgreSQL server's processes
    driver_cpu: float = 0.0  # and this process, the players


class Connection(asyncio.Protocol):
    """A minimal HTTP/1.1 keep-alive client: the players' side must cost little CPU, since
    it shares the machine with the server being measured. One request at a time; the
    reply is parsed as it arrives (status line, Content-Length, body), no stream layer."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.reply: asyncio.Future[tuple[int, Any]] | None = None
        self.status = 0
        self.body_at = -1  # where the body starts in the buffer, once the head is in
        self.length = 0
        self.size = 0  # bytes of the last reply's body

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        loop = asyncio.get_running_loop()
        if self.transport is None or self.transport.is_closing():  # none yet, or timed out
            self.buffer.clear()
            self.body_at = -1
            self.transport, _ = await loop.create_connection(lambda: self, self.host, self.port)
        data = orjson.dumps(body) if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        head += f"Content-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.reply = loop.create_future()
        self.transport.write(head.encode() + b"\r\n" + data)
        return await self.reply

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if self.body_at < 0:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            lines = self.buffer[:end].decode("latin-1").split("\r\n")
            self.status = int(lines[0].split()[1])
            self.length = 0
            for line in lines[1:]:
                name, _, value = line.partition(":")
                if name.lower() == "content-length":
                    self.length = int(value)
            self.body_at = end + 4
        if len(self.buffer) < self.body_at + self.length:
            return
        payload = bytes(self.buffer[self.body_at : self.body_at + self.length])
        self.size = len(payload)
        del self.buffer[: self.body_at + self.length]
        self.body_at = -1
        if self.reply is not None and not self.reply.done():
            self.reply.set_result((self.status, orjson.loads(payload) if payload else None))

    def connection_lost(self, exc: Exception | None) -> None:
        if self.reply is not None and not self.reply.done():
            self.reply.set_exception(exc or ConnectionError("the server closed the connection"))

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def play_matches(
    base: str,
    game: str,
    players: int,
    seconds: float,
    warmup: float,
    slot: int,
    figures: Figures,
    start: float,
    spectators: int = 0,
) -> None:
    """One table of the benchmark: play matches back to back until the time is up."""
    host, port = base.removeprefix("http://").split(":")
    client = Connection(host, int(port))
    try:
        await play_on(
            client, game, players, seconds, warmup, slot, figures, start, base, spectators
        )
    finally:
        client.close()


class Table:
    """One match played by this process, each seat choosing uniformly among the legal
    actions its view offers, as a person clicking would: ``turn`` makes one decision
    (fetching the view of the seat to act when the turn has passed)."""

    def __init__(self, client: Connection, rnd: random.Random, figures: Figures) -> None:
        self.client, self.rnd, self.figures = client, rnd, figures
        self.tokens: dict[str, str] = {}
        self.url = ""
        self.id = ""
        self.role: str | None = None
        self.payload: dict[str, Any] | None = None
        self.over = False
        self.have: dict[str, int] = {}  # each seat's log lines held (as the page keeps them)
        self.counted: Any = lambda bucket, began: None  # (bucket, began): keep a latency

    async def create(self, game: str, players: int) -> None:
        began = time.perf_counter()
        _, created = await self.client.request(
            "POST",
            "/api/matches",
            {
                "game": game,  # dealt from the server's secret seed: these are people's seats
                "seats": [{"name": f"Seat {i + 1}"} for i in range(players)],
            },
        )
        self.counted(self.figures.creates, began)
        self.tokens = {s["role"]: s["token"] for s in created["seats"]}
        self.id = created["id"]
        self.url = f"/api/matches/{self.id}"

    def held(self, payload: dict[str, Any]) -> None:
        """Note how many log lines the seat holds after a payload (``log_from`` + lines)."""
        if payload.get("log_from") is not None and self.role is not None:
            self.have[self.role] = payload["log_from"] + len(payload["view"].get("log", []))

    def _wait(self) -> None:
        """Keep only who is to act: the seat that acted waits for the others (a seat that
        chose in secret may still change its mind, so its view lists actions; choosing
        again and again would keep the game in that step for ever)."""
        assert self.payload is not None
        self.payload = {"view": {"actions": {}, "active": self.payload["view"]["active"]}}

    async def turn(self) -> int:
        """One decision (or one look at the view); the size of the reply, 0 for a look."""
        figures, payload = self.figures, self.payload
        if payload is None or not payload["view"]["actions"]:
            active = payload["view"]["active"] if payload else None
            if payload is not None and not active:
                self.over = True
                return 0
            self.role = self.rnd.choice(active) if active else next(iter(self.tokens))
            began = time.perf_counter()
            _, self.payload = await self.client.request(
                "GET", f"{self.url}/view?{ASKS['view']}", token=self.tokens[self.role]
            )
            self.counted(figures.views, began)
            assert self.payload is not None
            self.held(self.payload)
            if self.payload["outcome"] is not None:
                self.over = True
            elif not self.payload["view"]["actions"]:
                self._wait()
            return 0
        assert self.role is not None
        menu = [(t, a) for t, args in payload["view"]["actions"].items() for a in args]
        kind, arg = self.rnd.choice(menu)
        began = time.perf_counter()
        status, reply = await self.client.request(
            "POST",
            f"{self.url}/actions?{ASKS['action'].format(have=self.have.get(self.role, 0))}",
            {"type": kind, "arg": arg, "version": payload["version"]},
            self.tokens[self.role],
        )
        self.counted(figures.actions, began)
        if status != 200:
            figures.refused[status] = figures.refused.get(status, 0) + 1
            self.payload = None
            return 0
        self.payload = reply
        self.held(reply)
        if reply["outcome"] is not None:
            self.over = True
        elif self.role not in reply["view"]["active"]:
            self._wait()
        return self.client.size


class LiveTable(Table):
    """A match whose seats each hold a live connection, as open match pages do: a seat's
    view is what its live updates made of it, and its decisions go over its connection
    (``--transport ws``); a decision's latency runs until its answer and the view it led
    to have arrived."""

    def __init__(self, client: Connection, rnd: random.Random, figures: Figures) -> None:
        super().__init__(client, rnd, figures)
        self.views: dict[str, dict[str, Any]] = {}  # each seat's payload, as its page holds
        self.acted_at: dict[str, int] = {}  # the version a seat's latest decision was made on
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.asked = 0
        self.changed = asyncio.Event()
        self.sockets: dict[str, Any] = {}
        self.readers: list[asyncio.Task[None]] = []

    async def open(self, base: str) -> None:
        from websockets.asyncio.client import connect

        url = base.replace("http://", "ws://") + f"/ws/matches/{self.id}?{ASKS['live']}"
        for role, token in self.tokens.items():
            ws = await connect(url, max_size=None, compression=None)
            await ws.send(orjson.dumps({"token": token}).decode())
            self.sockets[role] = ws
            self.readers.append(asyncio.create_task(self._read(role, ws)))

    async def close(self) -> None:
        for task in self.readers:
            task.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)
        for ws in self.sockets.values():
            await ws.close()

    async def _read(self, role: str, ws: Any) -> None:
        async for message in ws:
            got = orjson.loads(message)
            if "answer" in got:
                self.answers.pop(got["answer"]).set_result(got)
                continue
            if got.get("delta"):
                view = {**self.views[role]["view"], **got["view"]}
                for key in got.get("drop", ()):
                    view.pop(key, None)
                got["view"] = view
            self.views[role] = got
            self.changed.set()

    def _ready(self) -> list[str]:
        """The seats to act, each with a view newer than its latest decision's."""
        return [
            role
            for role, got in self.views.items()
            if got["view"]["actions"]
            and role in got["view"]["active"]
            and got["version"] > self.acted_at.get(role, -1)
        ]

    async def turn(self) -> int:
        while True:
            if any(got.get("outcome") is not None for got in self.views.values()):
                self.over = True
                return 0
            ready = self._ready()
            if ready:
                break
            self.changed.clear()
            await self.changed.wait()
        role = self.rnd.choice(ready)
        got = self.views[role]
        menu = [(t, a) for t, args in got["view"]["actions"].items() for a in args]
        kind, arg = self.rnd.choice(menu)
        self.asked += 1
        answer = self.answers[self.asked] = asyncio.get_running_loop().create_future()
        began = time.perf_counter()
        act = {"type": kind, "arg": arg, "version": got["version"]}
        await self.sockets[role].send(orjson.dumps({"id": self.asked, "act": act}).decode())
        said = await answer
        if "detail" in said:
            code = said["detail"]["code"]
            self.figures.refused[code] = self.figures.refused.get(code, 0) + 1
            self.acted_at[role] = got["version"]  # wait for the view to change
            return 0
        while self.views[role]["version"] < said["version"]:
            self.changed.clear()
            await self.changed.wait()
        self.counted(self.figures.actions, began)
        self.acted_at[role] = got["version"]
        return 1


async def spectate(base: str, match_id: str, sizes: list[tuple[int, int]]) -> None:
    """A spectator's live connection to a match, as the match page opens it: every
    message's ``(version, bytes)`` is noted until the socket is closed or cancelled."""
    from websockets.asyncio.client import connect

    url = base.replace("http://", "ws://") + f"/ws/matches/{match_id}?{ASKS['live']}"
    async with connect(url, max_size=None, compression=None) as ws:
        await ws.send('{"token": null}')
        async for message in ws:
            data = message.encode() if isinstance(message, str) else message
            sizes.append((orjson.loads(data).get("version", -1), len(data)))


async def play_on(
    client: Connection,
    game: str,
    players: int,
    seconds: float,
    warmup: float,
    slot: int,
    figures: Figures,
    start: float,
    base: str = "",
    spectators: int = 0,
) -> None:
    rnd = random.Random(slot)
    deadline = start + warmup + seconds

    def counted(bucket: list[float], began: float) -> None:
        if began >= start + warmup and time.perf_counter() <= deadline:
            bucket.append(time.perf_counter() - began)

    while time.perf_counter() < deadline:
        table = (LiveTable if TRANSPORT["live"] else Table)(client, rnd, figures)
        table.counted = counted
        await table.create(game, players)
        watching = [
            asyncio.create_task(spectate(base, table.id, figures.live)) for _ in range(spectators)
        ]
        if isinstance(table, LiveTable):
            await table.open(base)
        try:
            while time.perf_counter() < deadline and not table.over:
                await table.turn()
        finally:
            if isinstance(table, LiveTable):
                await table.close()
            for task in watching:
                task.cancel()
            await asyncio.gather(*watching, return_exceptions=True)
        if table.over:
            figures.games_ended += 1


async def drive(
    base: str,
    game: str,
    players: int,
    matches: int,
    seconds: float,
    warmup: float,
    server_pid: int | None = None,
    spectators: int = 0,
) -> Figures:
    figures = Figures()
    # one keep-alive connection per table, like one browser per match
    start = time.perf_counter()

    async def measure_cpu() -> None:
        if server_pid is None:
            return
        await asyncio.sleep(warmup)
        before, mine, database = tree_cpu(server_pid), time.process_time(), postgres_cpu()
        threads = thread_cpu(server_pid)
        await asyncio.sleep(seconds)
        figures.server_cpu = tree_cpu(server_pid) - before
        now = thread_cpu(server_pid)
        figures.threads_cpu = {kind: now[kind] - threads[kind] for kind in now}
        figures.driver_cpu = time.process_time() - mine
        figures.database_cpu = postgres_cpu() - database

    await asyncio.gather(
        measure_cpu(),
        *(
            play_matches(base, game, players, seconds, warmup, slot, figures, start, spectators)
            for slot in range(matches)
        ),
    )
    return figures


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(
    game: str, matches: int, seconds: float, figures: Figures, rules_us: float | None = None
) -> None:
    ms = 1000.0
    acts = figures.actions
    print(
        f"game {game}: {matches} concurrent matches for {seconds:.0f} s "
        f"(after a warm-up), {figures.games_ended} finished"
    )
    print(f"  actions      {len(acts):7d}   {len(acts) / seconds:8.1f} actions/s")
    if acts:
        print(
            f"  action latency  p50 {quantile(acts, 0.5) * ms:6.1f} ms   "
            f"p90 {quantile(acts, 0.9) * ms:6.1f} ms   p99 {quantile(acts, 0.99) * ms:6.1f} ms   "
            f"max {max(acts) * ms:6.1f} ms   mean {statistics.fmean(acts) * ms:6.1f} ms"
        )
    if figures.views:
        v = figures.views
        print(
            f"  views        {len(v):7d}   {len(v) / seconds:8.1f} views/s    "
            f"p50 {quantile(v, 0.5) * ms:6.1f} ms   p99 {quantile(v, 0.99) * ms:6.1f} ms"
        )
    total = len(acts) + len(figures.views) + len(figures.creates)
    print(f"  all requests {total:7d}   {total / seconds:8.1f} requests/s")
    if figures.server_cpu and acts:
        per_action = figures.server_cpu / len(acts)
        print(
            f"  server CPU   {figures.server_cpu / seconds * 100:5.0f} % of a core,  "
            f"{per_action * ms:5.2f} ms per action (views included): at most "
            f"{1 / per_action:6.0f} actions/s on one free core"
        )
        if figures.threads_cpu and sum(figures.threads_cpu.values()) > 0:
            split = "   ".join(
                f"{kind} {spent / len(acts) * ms:4.2f}"
                for kind, spent in figures.threads_cpu.items()
            )
            print(f"    by thread  {split} ms per action (one process; other: the writer's)")
        if figures.database_cpu > 0.01:
            print(
                f"  database CPU {figures.database_cpu / seconds * 100:5.0f} % of a core,  "
                f"{figures.database_cpu / len(acts) * ms:5.2f} ms per action (PostgreSQL)"
            )
        if rules_us:
            print(
                f"  rules alone  {rules_us:7.1f} us per action (actions listed + applied, in "
                f"this process): the server spends {per_action * 1e6 / rules_us:5.1f}x that"
            )
        print(
            f"  driver CPU   {figures.driver_cpu / seconds * 100:5.0f} % of a core (the players "
            "run in this process)"
        )
    if figures.live:
        sizes = [size for _, size in figures.live]
        print(
            f"  live updates {len(sizes):7d} to the spectators, "
            f"{statistics.fmean(sizes):8.0f} bytes on average"
        )
    if figures.refused:
        print(f"  refused: {figures.refused}")
    per_action = figures.server_cpu / len(acts) if acts else float("inf")
    target = len(acts) / seconds >= 2000 and quantile(acts, 0.99) < 0.050 and per_action <= 4e-4
    print(
        f"  target (>= 2,000 actions/s, p99 < 50 ms, <= 0.4 ms CPU an action): "
        f"{'met' if target else 'NOT met'}"
        f"   (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )


def rules_alone(game: str, players: int, rules: str | None, seconds: float = 3.0) -> float:
    """The rules' own cost of an action in this process, in microseconds of CPU: random
    games of ``game`` where each action is listed (``actions``) and applied (``apply``,
    checked), as the server does for a seat, with nothing of the server around them."""
    ruleset = load_ruleset(game, rules)
    rnd = random.Random(7)
    done, spent, seed = 0, 0.0, 0
    while spent < seconds:
        seed += 1
        state = ruleset.setup(seed, None, None, players)
        began = time.process_time()
        for _ in range(5_000):
            active = ruleset.active(state)
            if not active:
                break
            role = rnd.choice(active)
            ruleset.apply(state, role, rnd.choice(ruleset.actions(state, role)))
            done += 1
        spent += time.process_time() - began
    return spent / done * 1e6


def load_ruleset(game: str, rules: str | None) -> Any:
    import importlib

    from gameshelf.core.registry.plugins import Registry, make_plugin_manager

    registry = Registry(make_plugin_manager())
    if game in registry.games:
        return registry.game(game).ruleset
    return importlib.import_module(rules or f"gameshelf.plugins.{game}.rules").RULESET


async def long_game(
    base: str, game: str, players: int, marks: tuple[int, ...], window: int = 20
) -> dict[int, dict[str, float]]:
    """Bytes a page receives as a match grows: one match played to the last of ``marks``
    (a new one when a match ends sooner), a spectator listening; at each mark, the mean
    reply to an action and live update over the next ``window`` actions, and the page's
    first look at the match (``FIRST_QUERY``)."""
    host, port = base.removeprefix("http://").split(":")
    client = Connection(host, int(port))
    figures = Figures()
    found: dict[int, dict[str, float]] = {}
    try:
        while len(found) < len(marks):
            table = Table(client, random.Random(len(found)), figures)
            await table.create(game, players)
            live: list[tuple[int, int]] = []
            listener = asyncio.create_task(spectate(base, table.id, live))
            replies: list[tuple[int, int]] = []
            try:
                while not table.over and len(replies) < marks[-1] + window:
                    size = await table.turn()
                    if size:
                        replies.append((len(replies) + 1, size))
            finally:
                await asyncio.sleep(0.2)  # the last updates
                listener.cancel()
                await asyncio.gather(listener, return_exceptions=True)
            for mark in marks:
                if mark in found or len(replies) < mark + window:
                    continue
                sized = [n for i, n in replies if mark <= i < mark + window]
                versions = {v for v in range(mark, mark + window)}
                pushed = [n for v, n in live if v in versions]
                found[mark] = {
                    "reply": statistics.fmean(sized),
                    "live": statistics.fmean(pushed) if pushed else float("nan"),
                }
            if len(found) < len(marks):
                print(f"  (a match ended after {len(replies)} actions: another one)")
        # the page's first look, at the end of the longest match
        await client.request("GET", f"{table.url}/view?{FIRST_QUERY}")
        found[marks[-1]]["first"] = client.size
    finally:
        client.close()
    return found


def report_long(game: str, found: dict[int, dict[str, float]]) -> None:
    marks = sorted(found)
    print(f"bytes a page receives as a {game} match grows (one match, random seats):")
    for mark in marks:
        f = found[mark]
        print(
            f"  action {mark:6d}: reply {f['reply']:9.0f} B   live update {f['live']:9.0f} B"
            + (f"   first look {f['first']:10.0f} B" if "first" in f else "")
        )
    first, last = found[marks[0]], found[marks[-1]]
    for kind in ("reply", "live"):
        ratio = last[kind] / first[kind]
        print(f"  {kind}: x{ratio:.2f} from action {marks[0]} to {marks[-1]} (target <= 1.5)")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def memory(
    base: str, game: str, players: int, pid: int, matches: int, sockets: int, actions: int
) -> None:
    """The server's resident memory with ``matches`` live matches (each played
    ``actions`` actions) and then ``sockets`` spectators' sockets open among them."""
    host, port = base.removeprefix("http://").split(":")
    start = rss_mb(pid)
    figures = Figures()
    ids: list[str] = []

    async def fill(slot: int, count: int) -> None:
        client = Connection(host, int(port))
        rnd = random.Random(slot)
        try:
            for _ in range(count):
                table = Table(client, rnd, figures)
                await table.create(game, players)
                ids.append(table.id)
                played = 0
                while played < actions and not table.over:
                    played += bool(await table.turn())
        finally:
            client.close()

    lanes = 8
    await asyncio.gather(*(fill(i, matches // lanes) for i in range(lanes)))
    filled = rss_mb(pid)
    print(
        f"memory: {start:6.1f} MB at start; {filled:6.1f} MB with {len(ids)} live matches "
        f"of {actions} actions (+{filled - start:.1f} MB; target < 200 MB in all)"
    )
    live: list[tuple[int, int]] = []
    listening = [
        asyncio.create_task(spectate(base, ids[i % len(ids)], live)) for i in range(sockets)
    ]
    while len(live) < sockets:
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)
    opened = rss_mb(pid)
    print(
        f"        {opened:6.1f} MB with {sockets} spectators' sockets open as well "
        f"(+{opened - filled:.1f} MB; target < +60 MB)"
    )
    for task in listening:
        task.cancel()
    await asyncio.gather(*listening, return_exceptions=True)


def in_process(game: str, matches: int, actions: int, profile: str | None) -> None:
    """The site's own work an action, without HTTP: the load of :func:`drive` played
    straight into the app's ``Tables`` and ``Hub`` in this process (each seat's action with
    its reply, a look at the view when the turn passes, one spectator's live update taken),
    the matches dealt from fixed seeds, so that a run under callgrind counts the same games
    each time. Prints the CPU an action of the whole process and of its event loop's
    thread (the players' own share included: reading the replies, a small part); with
    ``profile``, that thread's cProfile statistics in CPU time."""
    import orjson as json_lib

    from gameshelf.core.engine.ruleset import Action
    from gameshelf.web.app import create_app
    from gameshelf.web.server import settle_garbage_collector
    from gameshelf.web.settings import Settings
    from gameshelf.web.tables import Refusal
    from gameshelf.web.tables.seats import SeatRequest

    tmp = tempfile.mkdtemp(prefix="gameshelf-bench-")
    app = create_app(Settings(db=Path(tmp) / "bench.sqlite3", cached_matches=5_000))
    tables, hub = app.state.tables, app.state.hub
    seeds = iter(range(1_000, 1 << 30))
    tables.lobby.new_seed = lambda: next(seeds)

    async def new() -> dict[str, Any]:
        players = tables.registry.game(game).info.min_players
        seats = [SeatRequest(name=f"Seat {i + 1}") for i in range(players)]
        table, _ = await tables.create(game, None, None, None, seats)
        listener = hub.join(table.id, None, None, "en")
        async with table.lock:
            listener.push(table)
        return {"table": table, "listener": listener, "have": {}, "payload": None, "role": None}

    async def play() -> None:
        rnd = random.Random(1)
        playing = [await new() for _ in range(matches)]
        done = 0
        began, loop_began = time.process_time(), time.thread_time()
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile(time.thread_time)
            profiler.enable()
        while done < actions:
            for i, m in enumerate(playing):
                table, payload, role = m["table"], m["payload"], m["role"]
                if table.outcome() is not None:
                    playing[i] = await new()
                    continue
                if payload is None or role not in payload["view"]["active"]:
                    m["role"] = rnd.choice(table.match.active())
                    data = await tables.view_json(table, m["role"], None, "en")
                    m["payload"] = json_lib.loads(data)
                    continue
                menu = [(t, a) for t, args in payload["view"]["actions"].items() for a in args]
                if not menu:
                    m["payload"] = None
                    continue
                kind, arg = rnd.choice(menu)
                have = m["have"].get(role, 0)
                try:
                    _, data = await tables.act(
                        table, role, Action(kind, arg), payload["version"], None, "en", have
                    )
                except Refusal:
                    m["payload"] = None
                    continue
                m["payload"] = payload = json_lib.loads(data)
                m["have"][role] = payload["log_from"] + len(payload["view"].get("log", []))
                if m["listener"]._pending is not None:  # the spectator's update, as sent
                    await m["listener"].next()
                done += 1
        spent, on_loop = time.process_time() - began, time.thread_time() - loop_began
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        print(
            f"in process, {game}: {done} actions, {spent / done * 1e3:.3f} ms CPU an action "
            f"({on_loop / done * 1e3:.3f} ms on the event loop's thread; "
            f"load average {os.getloadavg()[0]:.1f})"
        )

    settle_garbage_collector()
    try:
        run_loop_plain(play())
    finally:
        tables.writer.close()
        shutil.rmtree(tmp, ignore_errors=True)


def run_loop_plain(main: Coroutine[Any, Any, None]) -> None:
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
        return
    uvloop.run(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="hammer_scots")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the fewest)")
    parser.add_argument("--matches", type=int, default=20, help="K concurrent matches")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument(
        "--synchronous",
        choices=["FULL", "NORMAL"],
        default="NORMAL",
        help="SQLite durability (the server's default NORMAL: every action in the database "
        "before its reply, safe from kill -9; FULL: on the disk, safe from a power cut)",
    )
    parser.add_argument(
        "--rules",
        default=None,
        help="a module whose RULESET to serve when no installed plugin offers "
        "the game (e.g. tests.core.toygame for toy_duel)",
    )
    parser.add_argument(
        "--profile",
        default=None,
        metavar="FILE",
        help="run the server under cProfile and write its statistics to FILE "
        "(read them with python -m pstats FILE): the event loop's thread, timed in its "
        "CPU time; the figures are then slower",
    )
    parser.add_argument(
        "--spectators", type=int, default=1, help="live spectators' sockets per match"
    )
    parser.add_argument(
        "--old-page",
        action="store_true",
        help="ask as the match page did before issue 27 (the last 40 log lines each time)",
    )
    parser.add_argument(
        "--long",
        default="",
        metavar="MARKS",
        help="instead of the load: the bytes a page receives at these actions of one long "
        "match (e.g. 100,5000)",
    )
    parser.add_argument(
        "--memory",
        default="",
        metavar="MATCHES,SOCKETS",
        help="instead of the load: the server's memory with this many live matches, then "
        "this many spectators' sockets (e.g. 1000,500)",
    )
    parser.add_argument(
        "--transport",
        choices=["http", "ws"],
        default="http",
        help="http: seats post their decisions and fetch views (no seat sockets); ws: each "
        "seat holds a live connection, its view kept from its updates, and decides over it "
        "(as the match page does)",
    )
    parser.add_argument(
        "--db",
        default="",
        metavar="URL",
        help="a PostgreSQL database (postgresql://...) to keep the site in, in a schema made "
        "for the run and dropped after it (default: a temporary SQLite file)",
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (gameshelf serve --workers)"
    )
    parser.add_argument(
        "--compare",
        default="",
        metavar="URL",
        help="the load three times in one run: SQLite with one process, then the PostgreSQL "
        "database URL with one worker and with two; a table of the figures at the end",
    )
    parser.add_argument(
        "--in-process",
        type=int,
        default=0,
        metavar="ACTIONS",
        help="instead of the load over HTTP: this many actions of it played straight into "
        "the app in this process (no HTTP, fixed seeds): the site's own work an action; "
        "with --profile, its event loop's thread profiled in CPU time",
    )
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.old_page:
        ASKS.update(OLD_PAGE)
    TRANSPORT["live"] = args.transport == "ws"
    if args.in_process:
        in_process(args.game, args.matches, args.in_process, args.profile)
        return
    if args.serve:
        serve(
            int(args.serve[0]),
            args.serve[1],
            args.game,
            args.synchronous,
            args.rules,
            args.profile,
            args.workers,
        )
        return
    if args.compare:
        rows = []
        for db, workers in (("", 1), (args.compare, 1), (args.compare, 2)):
            print(f"--- {'PostgreSQL' if db else 'SQLite'}, {workers} worker(s)")
            figures = run(args, db, workers)
            assert figures is not None
            rows.append((db, workers, figures))
        compare(rows, args.seconds)
        return
    run(args, args.db, args.workers)


def compare(rows: list[tuple[str, int, Figures]], seconds: float) -> None:
    ms = 1000.0
    print()
    print("store       workers  actions/s  p50 ms  p99 ms  server CPU ms/action  db CPU ms/action")
    for db, workers, f in rows:
        acts = f.actions
        n = max(len(acts), 1)
        print(
            f"{'PostgreSQL' if db else 'SQLite':10s}  {workers:7d}  {len(acts) / seconds:9.1f}  "
            f"{quantile(acts, 0.5) * ms:6.1f}  {quantile(acts, 0.99) * ms:6.1f}  "
            f"{f.server_cpu / n * ms:20.2f}  {max(f.database_cpu, 0.0) / n * ms:16.2f}"
        )


@contextmanager
def database(db: str, tmp: str) -> Iterator[str]:
    """Where the run keeps its site: a temporary SQLite file, or a schema of its own in the
    PostgreSQL database ``db`` (dropped after the run)."""
    if not db:
        yield os.path.join(tmp, "bench.sqlite3")
        return
    import secrets
    from urllib.parse import quote

    import psycopg

    schema = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(db, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        sep = "&" if "?" in db else "?"
        yield f"{db}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(db, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


def run(args: argparse.Namespace, where: str, workers: int) -> Figures | None:
    """One load on the site kept in ``where`` (see :func:`database`), served by ``workers``
    processes; its figures (``None`` for --long and --memory, which print their own)."""
    with (
        tempfile.TemporaryDirectory(prefix="gameshelf-bench-") as tmp,
        database(where, tmp) as db,
    ):
        port = free_port()
        server = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--game",
                args.game,
                "--synchronous",
                args.synchronous,
                "--workers",
                str(workers),
                *(["--rules", args.rules] if args.rules else []),
                *(["--profile", os.path.abspath(args.profile)] if args.profile else []),
                "--serve",
                str(port),
                db,
            ],
            cwd=ROOT,
            env={
                **os.environ,
                "PYTHONPATH": os.pathsep.join(
                    filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
                ),
            },
        )
        try:
            base = f"http://127.0.0.1:{port}"
            fewest = wait_for(base, args.game, server)
            players = args.players or fewest
            if args.long:
                marks = tuple(int(m) for m in args.long.split(","))
                report_long(args.game, run_loop(long_game(base, args.game, players, marks)))
                return None
            if args.memory:
                matches, sockets = (int(n) for n in args.memory.split(","))
                run_loop(memory(base, args.game, players, server.pid, matches, sockets, 20))
                return None
            figures = run_loop(
                drive(
                    base,
                    args.game,
                    players,
                    args.matches,
                    args.seconds,
                    args.warmup,
                    server.pid,
                    args.spectators,
                )
            )
            rules_us = rules_alone(args.game, players, args.rules)
            report(args.game, args.matches, args.seconds, figures, rules_us)
            return figures
        finally:
            server.terminate()
            server.wait(timeout=30)


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run the players on uvloop, as the server runs (it costs the machine less CPU), with
    the server's garbage-collector settings (a pause here would count as latency)."""
    from gameshelf.web.server import settle_garbage_collector

    settle_garbage_collector()
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def wait_for(base: str, game: str, server: subprocess.Popen[bytes]) -> int:
    """Wait for the server to answer; the fewest players of ``game``."""
    import httpx

    deadline = time.monotonic() + 120  # a loaded machine starts slowly
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server did not start")
        try:
            games = httpx.get(base + "/api/games", timeout=1).json()
        except httpx.HTTPError:
            time.sleep(0.1)
            continue
        for g in games:
            if g["id"] == game:
                return int(g["min_players"])
        raise SystemExit(f"no game {game!r} on the server: {[g['id'] for g in games]}")
    raise SystemExit("the server did not answer within 120 s")


if __name__ == "__main__":
    main()
