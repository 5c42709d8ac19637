"""Finished matches: the history and a replay viewer that steps through it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from web.deps import RegistryDep, TableDep, TablesDep
from web.pages import render_table

router = APIRouter(prefix="/matches/{match_id}", tags=["replays"])
pages = APIRouter()


@router.get("/history", responses={409: {"description": "The match is not over yet"}})
async def match_history(table: TableDep, tables: TablesDep) -> dict[str, Any]:
    """The saved match with its action log (``gameshelf replay`` reads it), once over."""
    return tables.history(table)


@router.get("/replay", responses={409: {"description": "The match is not over yet"}})
async def match_replay(
    table: TableDep,
    tables: TablesDep,
    seq: int = Query(0, ge=0, le=1 << 40),
    role: str | None = Query(None, max_length=64),
) -> dict[str, Any]:
    """The view of ``role`` (a spectator by default) after ``seq`` actions."""
    return tables.replay(table, seq, role)


@pages.get("/m/{match_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table: TableDep, registry: RegistryDep) -> HTMLResponse:
    return render_table(
        request,
        "replay.html",
        table,
        registry.game(table.match.game_id),
        total=table.match.seq,
        finished=table.status == "finished",
    )
