"""The routers of the web app, one per area, put onto the app by :func:`include_routes`."""

from __future__ import annotations

from fastapi import Depends, FastAPI

from gameshelf.web.deps import page_reader
from gameshelf.web.routes import (
    accounts,
    admin,
    live,
    lobby,
    matches,
    notices,
    people,
    replays,
    talk,
)

API = "/api"


def include_routes(app: FastAPI) -> None:
    """Every area's router straight onto ``app``: FastAPI matches a request again at each
    level of included routers, so one level keeps the hot path short. The matches' routes
    come first, since actions and views are most of the traffic."""
    app.include_router(matches.router, prefix=API)
    app.include_router(lobby.router, prefix=API)
    app.include_router(replays.router, prefix=API)
    app.include_router(accounts.router, prefix=API)
    app.include_router(people.router, prefix=API)
    app.include_router(notices.router, prefix=API)
    app.include_router(talk.router, prefix=API)
    app.include_router(admin.router, prefix=API)
    app.include_router(live.router)
    for pages in (
        lobby.pages,
        matches.pages,
        replays.pages,
        accounts.pages,
        people.pages,
        notices.pages,
        admin.pages,
    ):
        # each page's header (account, matches waiting) is read off the event loop first
        app.include_router(pages, include_in_schema=False, dependencies=[Depends(page_reader)])


__all__ = ["API", "include_routes"]
