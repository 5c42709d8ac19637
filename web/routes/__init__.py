"""The routers of the web app, one per area, gathered here for ``create_app``."""

from __future__ import annotations

from fastapi import APIRouter

from web.routes import live, lobby, matches, replays

api_router = APIRouter(prefix="/api")
api_router.include_router(matches.router)  # first: the hot path (actions, views) matches soonest
api_router.include_router(lobby.router)
api_router.include_router(replays.router)

pages_router = APIRouter(include_in_schema=False)
pages_router.include_router(lobby.pages)
pages_router.include_router(matches.pages)
pages_router.include_router(replays.pages)

live_router = live.router

__all__ = ["api_router", "live_router", "pages_router"]
