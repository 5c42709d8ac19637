"""``gameshelf serve``: build the app for the given address and database, run uvicorn."""

from __future__ import annotations

import contextlib
import copy
import gc
import logging
import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from uvicorn.config import LOGGING_CONFIG

from gameshelf.web.app import create_app
from gameshelf.web.limits import Limits, bounded_protocol
from gameshelf.web.settings import Settings, proxy_networks
from gameshelf.web.storage_pg import is_postgres_url


def run(host: str, port: int, db: str | None, workers: int = 1) -> None:
    """Serve Gameshelf on ``host:port`` with the SQLite file ``db`` (default
    ``./gameshelf.sqlite3``, created on first start) or, when ``db`` is a
    ``postgresql://`` URL, that PostgreSQL database, in ``workers`` processes (several
    need PostgreSQL). Other settings come from the ``GAMESHELF_*`` environment variables
    (``GAMESHELF_DATABASE_URL`` among them)."""
    overrides: dict[str, object] = {"host": host, "port": port}
    if db is not None and is_postgres_url(db):
        overrides["database_url"] = db
    elif db is not None:
        overrides["db"] = Path(db)
    # pydantic-settings validates the overrides; their static types are not the fields'
    settings = Settings(**overrides)  # type: ignore[arg-type]
    if workers > 1:
        if not settings.database_url:
            raise SystemExit(
                "several workers share one PostgreSQL database: give --db postgresql://..."
            )
        serve_workers(settings, workers)
        return
    serve(create_app(settings), settings)


def serve_workers(settings: Settings, workers: int, log_level: str = "info") -> None:
    """Serve the site in ``workers`` processes on one listening socket (the kernel spreads
    the connections), each with its own app over the shared PostgreSQL database: any of
    them serves any request (architecture §4.5). A worker that dies is started again; a
    SIGTERM or SIGINT stops them all."""
    options = uvicorn_options(settings, log_level)
    sock = uvicorn.Config("gameshelf.web.app:create_app", **options).bind_socket()
    children: dict[int, int] = {}  # pid -> worker number
    stopping = False

    def start(number: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker: its own app, connections and threads, made after the fork
            code = 0
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                settle_garbage_collector()
                config = uvicorn.Config(create_app(settings), **options)
                uvicorn.Server(config).run(sockets=[sock])
            except BaseException:
                logging.getLogger("gameshelf.web").exception("worker %s failed", number)
                code = 1
            finally:
                os._exit(code)
        children[pid] = number

    def stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for number in range(workers):
        start(number)
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        number = children.pop(pid, -1)
        if number >= 0 and not stopping:
            logging.getLogger("gameshelf.web").warning(
                "worker %s (pid %s) ended (status %s): starting it again", number, pid, status
            )
            time.sleep(1)  # a worker that cannot start does not spin
            start(number)
    sock.close()


def serve(app: FastAPI, settings: Settings, log_level: str = "info") -> None:
    """Run ``app`` with uvicorn as ``gameshelf serve`` does (the benchmark too): proxy
    headers trusted only from the ``trusted_proxies`` setting's addresses, no server
    header, the access log only when asked for and no query string in any log line
    (:class:`NoQueryStrings`), WebSocket messages no larger than request bodies, bounded
    headers, slow clients and connections (:mod:`web.limits`)."""
    settle_garbage_collector()
    uvicorn.run(app, **uvicorn_options(settings, log_level))


def uvicorn_options(settings: Settings, log_level: str = "info") -> dict[str, Any]:
    """How ``gameshelf serve`` runs uvicorn for ``settings`` (tests serve the same way),
    with the bounds of :mod:`web.limits` on headers, slow clients and connections."""
    limits = Limits(
        header_bytes=settings.max_header_bytes,
        header_seconds=settings.header_seconds,
        body_seconds=settings.body_seconds,
        per_client=settings.max_connections_per_client,
        total=settings.max_connections,
        proxies=proxy_networks(settings.trusted_proxies),
    )
    return {
        "host": settings.host,
        "port": settings.port,
        "access_log": settings.access_log,
        "ws_max_size": settings.max_body_bytes,
        # A trusted proxy's X-Forwarded-For names the client (uvicorn's own middleware).
        "proxy_headers": bool(settings.trusted_proxies),
        "forwarded_allow_ips": settings.trusted_proxies or None,
        "server_header": False,
        "log_level": log_level,
        "http": bounded_protocol(limits),
        "log_config": log_config(),
    }


# A path followed by its query string, as uvicorn writes a request in its log lines.
WITH_QUERY = re.compile(r"^(/[^?\s]*)\?\S*$")
# A path whose last part is a secret: an e-mail's unsubscribe link (web.routes.notices).
SECRET_PATH = re.compile(r"^(/notices/unsubscribe/)[^/?\s]+")
HIDDEN = "…"  # what stands for a secret in a log line


def without_secrets(text: str) -> str:
    """A log line's URL without its query string and its path's secret, if any."""
    return SECRET_PATH.sub(r"\1" + HIDDEN, WITH_QUERY.sub(r"\1", text))


class NoQueryStrings(logging.Filter):
    """Drop the query string of every URL in a log line: a secret sent in one by mistake
    (a seat token in a WebSocket's URL) never reaches the server's log; nor does the key
    of an unsubscribe link (its path). uvicorn writes the request's path and query as one
    argument of its access lines and of its WebSocket handshake lines (even with the
    access log off)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and any(isinstance(a, str) for a in record.args):
            record.args = tuple(
                without_secrets(a) if isinstance(a, str) else a for a in record.args
            )
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`NoQueryStrings` on its handlers."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["no_query"] = {"()": f"{__name__}.NoQueryStrings"}
    for handler in config["handlers"].values():
        handler["filters"] = [*handler.get("filters", ()), "no_query"]
    return config


# A request builds and drops thousands of containers (a view is dicts of lists); with
# Python's default thresholds the cyclic collector ran every few dozen actions and, through
# everything the site loaded at start (plugins' data, templates), paused the server for up
# to a tenth of a second. Refcounting frees a request's garbage; the collector is for cycles.
GC_THRESHOLDS = (50_000, 20, 10)


def settle_garbage_collector() -> None:
    """Set aside what the server loaded at start (never garbage: the collector stops
    walking it) and collect cycles much less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
