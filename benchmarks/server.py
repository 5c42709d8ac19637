"""How fast the web app plays: K concurrent matches of random legal actions over HTTP.

Starts ``gameshelf``'s web app with uvicorn in a subprocess, on 127.0.0.1 only and a
temporary SQLite database (created and deleted here), then drives K matches at once from
this process, each seat choosing uniformly among the legal actions its view offers, exactly
as a browser would: POST the action with the ``version`` it saw, read the reply, fetch the view of
the next seat to act when the turn passes (or when the seat has made a secret choice the others
have not yet made). Matches that end are replaced by new ones.

Prints the actions applied per second and the latency of the action requests (p50, p90,
p99, max), plus the view requests. Target on the 2-core reference machine: at least 500
actions/s with p99 under 50 ms for 20 concurrent matches.

    .venv/bin/python benchmarks/server.py --game hammer_scots --matches 20 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
LOG_TAIL = 20
if sys.path and Path(sys.path[0]).resolve() == ROOT / "benchmarks":
    sys.path[0] = str(ROOT)  # the project's packages, not the benchmark scripts beside us


# --- the server side -----------------------------------------------------------------------


def serve(
    port: int, db: str, game: str, synchronous: str, rules: str | None, profile: str | None
) -> None:
    """Run the web app as ``gameshelf serve`` does (called in the subprocess); with
    ``profile``, under cProfile, the statistics written to that file when it stops."""
    import types

    from gameshelf.core.hookspecs import hookimpl
    from gameshelf.core.plugins import Registry, make_plugin_manager
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
    settings = Settings(
        db=Path(db),
        host="127.0.0.1",
        port=port,
        sqlite_synchronous=synchronous,  # type: ignore[arg-type]
        max_creations_per_minute=100_000,  # one client makes every match here
        max_live_matches_per_client=100_000,
    )
    app = create_app(settings, registry=registry)
    if profile is None:
        run_server(app, settings, log_level="warning")
        return
    import cProfile
    import signal

    # uvicorn stops on SIGTERM, then raises it again for the handler it found: make that one
    # harmless so that the statistics get written.
    signal.signal(signal.SIGTERM, lambda *_: None)
    profiler = cProfile.Profile()
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


@dataclass
class Figures:
    actions: list[float] = field(default_factory=list)  # seconds per action request
    views: list[float] = field(default_factory=list)
    creates: list[float] = field(default_factory=list)
    refused: dict[int, int] = field(default_factory=dict)
    games_ended: int = 0
    server_cpu: float = 0.0  # CPU seconds the server used while measured
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

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        loop = asyncio.get_running_loop()
        if self.transport is None:
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
) -> None:
    """One table of the benchmark: play matches back to back until the time is up."""
    host, port = base.removeprefix("http://").split(":")
    client = Connection(host, int(port))
    try:
        await play_on(client, game, players, seconds, warmup, slot, figures, start)
    finally:
        client.close()


async def play_on(
    client: Connection,
    game: str,
    players: int,
    seconds: float,
    warmup: float,
    slot: int,
    figures: Figures,
    start: float,
) -> None:
    rnd = random.Random(slot)
    deadline = start + warmup + seconds

    def counted(bucket: list[float], began: float) -> None:
        if began >= start + warmup and time.perf_counter() <= deadline:
            bucket.append(time.perf_counter() - began)

    while time.perf_counter() < deadline:
        began = time.perf_counter()
        _, created = await client.request(
            "POST",
            "/api/matches",
            {
                "game": game,  # dealt from the server's secret seed: these are people's seats
                "seats": [{"name": f"Seat {i + 1}"} for i in range(players)],
            },
        )
        counted(figures.creates, began)
        tokens = {s["role"]: s["token"] for s in created["seats"]}
        url = f"/api/matches/{created['id']}"
        role = None
        payload: dict[str, Any] | None = None
        while time.perf_counter() < deadline:
            if payload is None or not payload["view"]["actions"]:
                active = payload["view"]["active"] if payload else None
                if payload is not None and not active:
                    figures.games_ended += 1
                    break
                role = rnd.choice(active) if active else next(iter(tokens))
                began = time.perf_counter()
                _, payload = await client.request(
                    "GET", f"{url}/view?log_tail={LOG_TAIL}", token=tokens[role]
                )
                counted(figures.views, began)
                assert payload is not None
                if payload["outcome"] is not None:
                    figures.games_ended += 1
                    break
                if not payload["view"]["actions"]:
                    payload = {"view": {"actions": {}, "active": payload["view"]["active"]}}
                    continue
            menu = [(t, a) for t, args in payload["view"]["actions"].items() for a in args]
            kind, arg = rnd.choice(menu)
            began = time.perf_counter()
            status, reply = await client.request(
                "POST",
                f"{url}/actions?log_tail={LOG_TAIL}",
                {"type": kind, "arg": arg, "version": payload["version"]},
                tokens[role],
            )
            counted(figures.actions, began)
            if status != 200:
                figures.refused[status] = figures.refused.get(status, 0) + 1
                payload = None
                continue
            payload = reply
            if payload["outcome"] is not None:
                figures.games_ended += 1
                break
            if role not in payload["view"]["active"]:
                # it chose in secret and the game waits for the others: it waits too (it may
                # still change its mind, so its view lists actions; choosing again and again
                # would keep the game in that step for ever)
                payload = {"view": {"actions": {}, "active": payload["view"]["active"]}}


async def drive(
    base: str,
    game: str,
    players: int,
    matches: int,
    seconds: float,
    warmup: float,
    server_pid: int | None = None,
) -> Figures:
    figures = Figures()
    # one keep-alive connection per table, like one browser per match
    start = time.perf_counter()

    async def measure_cpu() -> None:
        if server_pid is None:
            return
        await asyncio.sleep(warmup)
        before, mine = cpu_seconds(server_pid), time.process_time()
        await asyncio.sleep(seconds)
        figures.server_cpu = cpu_seconds(server_pid) - before
        figures.driver_cpu = time.process_time() - mine

    await asyncio.gather(
        measure_cpu(),
        *(
            play_matches(base, game, players, seconds, warmup, slot, figures, start)
            for slot in range(matches)
        ),
    )
    return figures


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(game: str, matches: int, seconds: float, figures: Figures) -> None:
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
        print(
            f"  driver CPU   {figures.driver_cpu / seconds * 100:5.0f} % of a core (the players "
            "run in this process)"
        )
    if figures.refused:
        print(f"  refused: {figures.refused}")
    target = len(acts) / seconds >= 500 and quantile(acts, 0.99) < 0.050
    print(
        f"  target (>= 500 actions/s, p99 < 50 ms): {'met' if target else 'NOT met'}"
        f"   (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )


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
        default="FULL",
        help="SQLite durability (FULL: every action on disk before its reply)",
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
        "(read them with python -m pstats FILE); the figures are then slower",
    )
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(
            int(args.serve[0]), args.serve[1], args.game, args.synchronous, args.rules, args.profile
        )
        return

    with tempfile.TemporaryDirectory(prefix="gameshelf-bench-") as tmp:
        port = free_port()
        db = os.path.join(tmp, "bench.sqlite3")
        server = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--game",
                args.game,
                "--synchronous",
                args.synchronous,
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
            figures = run_loop(
                drive(base, args.game, players, args.matches, args.seconds, args.warmup, server.pid)
            )
            report(args.game, args.matches, args.seconds, figures)
        finally:
            server.terminate()
            server.wait(timeout=30)


def run_loop(main: Coroutine[Any, Any, Figures]) -> Figures:
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

    deadline = time.monotonic() + 30
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
    raise SystemExit("the server did not answer within 30 s")


if __name__ == "__main__":
    main()
