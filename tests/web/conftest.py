"""Fixtures for the web app: each test gets its own app on its own temporary SQLite file,
with core's agents and the toy game (offered by a throwaway plugin) installed."""

from __future__ import annotations

import asyncio
import os
import types
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

with warnings.catch_warnings():  # starlette would rather have httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.core.toygame import RULESET
from tests.web.browser import ARGS, CHROMIUM, system_fonts_without_cjk
from tests.web.pg import pg_schema


def toy_plugin() -> types.SimpleNamespace:
    @hookimpl
    def gameshelf_games():
        return [RULESET]

    return types.SimpleNamespace(gameshelf_games=gameshelf_games)


def toy_registry() -> Registry:
    return Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())]))


# Argon2id at its cheapest for tests (the site's default spends 64 MiB and three passes).
FAST_PASSWORDS: dict[str, Any] = {"password_memory_kib": 1024, "password_rounds": 1}
ORIGIN = {"Origin": "http://testserver"}  # what a browser says on a page's own requests


def sign_up(client: TestClient, name: str, password: str = "correct horse") -> dict[str, Any]:
    """A new account, signed in on ``client`` (its cookie kept there)."""
    reply = client.post("/api/account", json={"name": name, "password": password}, headers=ORIGIN)
    assert reply.status_code == 201, reply.text
    return reply.json()


@pytest.fixture(autouse=True)
def on_postgres_if_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """With ``GAMESHELF_TEST_BACKEND=postgresql``, every app a test builds from its
    settings keeps its site in a PostgreSQL schema of its own instead of the SQLite file:
    the whole web suite on the second backend (by hand; CI runs the storage suites on
    both)."""
    if os.environ.get("GAMESHELF_TEST_BACKEND") != "postgresql":
        yield
        return
    from gameshelf.web import app as app_module
    from gameshelf.web.storage_pg import PostgresStorage

    with ExitStack() as stack:
        schemas: dict[Path, str] = {}  # one per SQLite path: a restarted app finds its site

        def open_storage(settings: Settings) -> PostgresStorage:
            if settings.db not in schemas:
                schemas[settings.db] = stack.enter_context(pg_schema())
            return PostgresStorage(schemas[settings.db])

        monkeypatch.setattr(app_module, "open_storage", open_storage)
        yield


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gameshelf.sqlite3"


@pytest.fixture
def settings(db_path: Path) -> Settings:
    return Settings(db=db_path, snapshot_every=4, **FAST_PASSWORDS)


@pytest.fixture
def app(settings: Settings) -> FastAPI:
    return create_app(settings, registry=toy_registry())


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def new_duel(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A toy duel between two people, North 'Ann' and South 'Bob'."""
    body = {"game": "toy_duel", "seats": [{"name": "Ann"}, {"name": "Bob"}], **extra}
    reply = client.post("/api/matches", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()


@contextmanager
def watch(client: TestClient, mid: str, token: str | None = None, query: str = "") -> Iterator[Any]:
    """A live connection to match ``mid`` as the seat of ``token`` (a spectator without):
    the token goes in the first message, never in the URL."""
    with client.websocket_connect(f"/ws/matches/{mid}{query}") as ws:
        ws.send_json({"token": token})
        yield ws


class Page:
    """What a match page holds, from the payloads and live updates it was sent, as
    ``web/static/match.js`` keeps it: a live update's ``delta`` changes only the view's
    keys it carries (and drops those in ``drop``); log lines replace the page's from
    ``log_from`` on; ``log_start`` is the first line it holds (earlier ones: ``/log``)."""

    def __init__(self) -> None:
        self.payload: dict[str, Any] = {}
        self.log: list[str] = []
        self.log_start = 0

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        message = dict(message)
        view = dict(message["view"])
        lines = view.pop("log", [])
        if message.pop("delta", False):
            assert message.pop("base") == self.payload["version"], "a delta on another version"
            view = {**self.payload["view"], **view}
            for key in message.pop("drop", []):
                view.pop(key, None)
        start = message["log_from"]
        if start < self.log_start or start > self.log_start + len(self.log):
            self.log, self.log_start = [], start  # a gap: the earlier lines are paged in
        self.log = self.log[: start - self.log_start] + lines
        message["view"] = view
        self.payload = message
        return message

    @property
    def have(self) -> int:
        return self.log_start + len(self.log)


@contextmanager
def calls_on_the_loop(obj: Any, names: tuple[str, ...]) -> Iterator[list[tuple[str, bool]]]:
    """Record each call of ``obj``'s methods ``names`` as (name, whether an event loop runs
    on the calling thread): what the store is asked on the loop holds every request up."""
    made: list[tuple[str, bool]] = []

    def on_a_loop() -> bool:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    for name in names:
        method = getattr(obj, name)

        def spy(*args: Any, _method: Any = method, _name: str = name) -> Any:
            made.append((_name, on_a_loop()))
            return _method(*args)

        setattr(obj, name, spy)
    try:
        yield made
    finally:
        for name in names:
            delattr(obj, name)


def tokens(created: dict[str, Any]) -> dict[str, str]:
    return {s["role"]: s["token"] for s in created["seats"] if s["token"]}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, for one test module (``tests.web.browser``), on a
    computer without a CJK font (the system's others only): Chinese is drawn with the
    site's own font or not at all."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    env = system_fonts_without_cjk().env()
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS, env=env
        )
        yield chromium
        chromium.close()
