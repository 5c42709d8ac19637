"""Finished matches: the history, the game file, chapters to jump to, and a replay viewer
that steps through it."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from core import text
from core.match import Match
from core.reveal import merge_views
from web.deps import RegistryDep, TableDep, TablesDep
from web.pages import render_table

router = APIRouter(prefix="/matches/{match_id}", tags=["replays"])
pages = APIRouter()

_CHAPTERS: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()  # finished matches only
_KEEP = 64
EVERYTHING = "*"  # the replay's "show everything" perspective


@router.get("/history", responses={409: {"description": "The match is not over yet"}})
async def match_history(table: TableDep, tables: TablesDep) -> dict[str, Any]:
    """The saved match with its action log (``gameshelf replay`` reads it), once over."""
    return tables.history(table)


@router.get(
    "/game-file",
    responses={
        200: {
            "description": "The game file, as an attachment",
            "content": {"application/json": {}},
        },
        409: {"description": "The match is not over yet"},
    },
)
async def game_file(table: TableDep, tables: TablesDep) -> Response:
    """The history as a file to download, which ``gameshelf replay FILE`` replays. Once
    the match is over only: before, it would reveal the seed and every secret choice."""
    data = tables.history(table)
    name = f"{table.match.game_id}-{table.id}.json"
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/chapters", responses={409: {"description": "The match is not over yet"}})
async def match_chapters(table: TableDep, tables: TablesDep) -> list[dict[str, Any]]:
    """Where each part of a finished match begins (``[{"seq": 0, "place": "1297, turn 1"},
    ...]``), for the replay viewer to jump to a year, a turn, a round; empty for a game
    that does not say where it stands."""
    tables.history(table)  # refuses a match that is not over
    found = _CHAPTERS.get(table.id)
    if found is None:
        found = await asyncio.to_thread(chapters, table.match)
        _CHAPTERS[table.id] = found
        while len(_CHAPTERS) > _KEEP:
            _CHAPTERS.popitem(last=False)
    return found


def chapters(match: Match) -> list[dict[str, Any]]:
    """Replay ``match`` once and note each position where its place in the game changes."""
    again = match.restarted()
    ruleset = again.ruleset
    if text.text_board(ruleset) is None:
        return []
    out: list[dict[str, Any]] = []
    last = None
    for seq in range(match.seq + 1):
        if seq:
            entry = match.history[seq - 1]
            again.apply(entry.role, entry.action)
        place = text.place(ruleset, again.view(None))
        if place and place != last:
            out.append({"seq": seq, "place": place})
            last = place
    return out


@router.get("/replay", responses={409: {"description": "The match is not over yet"}})
async def match_replay(
    table: TableDep,
    tables: TablesDep,
    seq: int = Query(0, ge=0, le=1 << 40),
    role: str | None = Query(None, max_length=64),
) -> dict[str, Any]:
    """The view of ``role`` (a spectator by default) after ``seq`` actions; ``role=*``:
    everything at once, every seat's view laid over the others (the game is over, so
    nothing is secret any more)."""
    if role != EVERYTHING:
        return tables.replay(table, seq, role)
    base = tables.replay(table, seq, None)
    roles = list(table.match.roles)
    seen = merge_views([base["view"], *(tables.replay(table, seq, r)["view"] for r in roles)])
    for key, value in base["view"].items():
        if value is None and seen.get(key) in roles:
            seen[key] = None  # "whose view this is" stays nobody's
    seen.update(role=None, prompt=base["view"].get("prompt", ""), actions={})
    return {**base, "view": seen, "role": None, "everything": True}


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
