"""A real server for tests: uvicorn on 127.0.0.1 in a thread of the test process, or the
wait for one started as a process of its own."""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import uvicorn
from fastapi import FastAPI

from gameshelf.web.server import uvicorn_options
from gameshelf.web.settings import Settings

STARTING_SECONDS = 60  # bounded: a loaded machine may take a while to start a server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_serving(process: subprocess.Popen[bytes], base: str) -> None:
    """Return once the server ``process`` answers at ``base``; raise if it stops first or
    does not answer within :data:`STARTING_SECONDS`."""
    deadline = time.monotonic() + STARTING_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server stopped")
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise RuntimeError("the server did not start")


@contextmanager
def serving(
    app: FastAPI, port: int | None = None, settings: Settings | None = None
) -> Iterator[str]:
    """Serve ``app`` (on ``port``, default a free one) until the block ends; yields its URL.
    With ``settings``, uvicorn runs as ``gameshelf serve`` runs it (``web.server``)."""
    port = port or free_port()
    if settings is not None:
        options = {**uvicorn_options(settings, "warning"), "host": "127.0.0.1", "port": port}
        config = uvicorn.Config(app, lifespan="on", **options)
    else:
        config = uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", access_log=False, lifespan="on"
        )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTING_SECONDS
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
