"""The application factory: ``create_app(settings)`` builds one Gameshelf site.

Nothing here lives at module level: each call opens its own storage, finds its own games
(or uses the registry it is given: tests pass one with a throwaway game) and returns a
fresh FastAPI app. ``gameshelf serve`` calls it through :func:`web.server.run`.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from os import PathLike, stat_result
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.staticfiles import StaticFiles
from fastapi.telemetry import TelemetryConfig
from starlette.responses import Response
from starlette.types import Scope

from gameshelf.core import __version__
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web import docs, errors
from gameshelf.web.accounts import Accounts
from gameshelf.web.fanout import Fanout
from gameshelf.web.hub import Hub
from gameshelf.web.middleware import Guard
from gameshelf.web.notices import Notices
from gameshelf.web.pages import make_templates
from gameshelf.web.routes import include_routes
from gameshelf.web.scheduler import Scheduler
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage, open_storage
from gameshelf.web.storage_pg import PostgresStorage
from gameshelf.web.tables import Tables
from gameshelf.web.talk import Talk
from gameshelf.web.thinking import Thinkers
from gameshelf.web.writer import Writer

HERE = Path(__file__).parent
HASHED = re.compile(r"\.[0-9a-f]{10}\.woff2$")  # scripts/subset_font.py names its slices so
NO_TELEMETRY: TelemetryConfig = {"tracing": False, "metrics": False, "logs": False}


class FontFiles(StaticFiles):
    """The font's slices, named by their content's hash: a browser keeps each for a year
    without asking again (a new cut of the font has new names)."""

    def file_response(
        self,
        full_path: str | PathLike[str],
        stat: stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat, scope, status_code)
        if HASHED.search(str(full_path)):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


def create_app(
    settings: Settings,
    *,
    registry: Registry | None = None,
    storage: Storage | None = None,
    bot_registry: Callable[[], Registry] | None = None,
) -> FastAPI:
    """A Gameshelf site for ``settings``; ``registry`` and ``storage`` default to the
    installed plugins and the store the settings name (:func:`web.storage.open_storage`).
    ``bot_registry``: how the worker processes the search bots think in load their
    plugins, a module-level function they import (default: the installed plugins; a test
    that gives ``registry`` gives this too)."""
    registry = registry if registry is not None else Registry(make_plugin_manager())
    storage = storage if storage is not None else open_storage(settings)
    hub = Hub()

    writer = Writer(storage)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await app.state.tables.resume_bots()  # matches of bots alone a restart interrupted
        ticking = asyncio.get_running_loop().create_task(app.state.scheduler.run())
        fanout = None
        if isinstance(storage, PostgresStorage):  # news from the other processes
            fanout = Fanout(storage, app.state.tables, hub, settings.bot_sweep_seconds)
            fanout.start()
        yield
        if fanout is not None:
            fanout.stop()
        ticking.cancel()
        app.state.tables.play.thinkers.close()
        writer.close()
        storage.close()

    app = FastAPI(
        title="Gameshelf",
        version=__version__,
        lifespan=lifespan,
        description="One site for many board games: lobby, seats, live play.",
        telemetry=None if settings.telemetry else NO_TELEMETRY,
        docs_url=None,  # web.docs serves them from an installed package, within the CSP
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.registry = registry
    app.state.storage = storage
    app.state.hub = hub
    app.state.tables = Tables(storage, registry, settings, on_change=hub.publish, writer=writer)
    app.state.tables.bots.watching = hub.watching  # bots alone play at a pace while watched
    app.state.tables.play.thinkers = Thinkers(settings.bot_workers, bot_registry or Registry)
    app.state.accounts = Accounts(storage, settings, app.state.tables)
    app.state.talk = Talk(storage, settings, hub)
    app.state.scheduler = Scheduler(storage, app.state.tables, settings.scheduler_seconds)
    app.state.notices = Notices(storage, settings, hub)
    app.state.notices.tables = app.state.tables
    app.state.tables.matches.notices = app.state.notices
    app.state.scheduler.notices = app.state.notices
    app.state.talk.on_chat = app.state.notices.chat
    hub.on_join = app.state.notices.opened
    hub.on_leave = app.state.notices.closed
    app.state.templates = make_templates(registry)

    errors.install(app)
    include_routes(app)
    docs.install(app)
    for game in registry.games.values():
        board = game.ruleset.board
        if board is not None and Path(board.static).is_dir():
            app.mount(
                f"/static/{game.id}", StaticFiles(directory=board.static), name=f"static-{game.id}"
            )
    app.mount("/assets/fonts", FontFiles(directory=HERE / "static" / "fonts"), name="fonts")
    app.mount("/assets", StaticFiles(directory=HERE / "static"), name="assets")

    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type"],
        )
    app.add_middleware(Guard, max_bytes=settings.max_body_bytes, trusted=settings.cors_origins)
    return app
