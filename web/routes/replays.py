"""Finished matches: the history, the game file and a replay viewer that steps through
it; and for any match, the chapters of its log (where each year, turn or round begins)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, StreamingResponse

from gameshelf.core.engine.reveal import merge_views
from gameshelf.core.i18n.messages import Msg, render
from gameshelf.core.play import text
from gameshelf.core.play.match import HistoryEntry, Match
from gameshelf.web.deps import RegistryDep, ReplaysDep, TableDep
from gameshelf.web.i18n import request_lang
from gameshelf.web.pages import render_table

router = APIRouter(prefix="/matches/{match_id}", tags=["replays"])
pages = APIRouter()

_KEEP = 64  # matches whose chapters are kept (each with its replay, for the next ask)
EVERYTHING = "*"  # the replay's "show everything" perspective


CHUNK = 1 << 16  # bytes of a game file sent at a time


async def _chunks(data: bytes) -> AsyncIterator[bytes]:
    view = memoryview(data)
    for at in range(0, len(data), CHUNK):
        yield bytes(view[at : at + CHUNK])


def _streamed(data: bytes, headers: dict[str, str] | None = None) -> StreamingResponse:
    """A game file, made once and kept (``Replays.game_file``), sent a part at a time."""
    return StreamingResponse(
        _chunks(data),
        media_type="application/json",
        headers={"Content-Length": str(len(data)), **(headers or {})},
    )


@router.get(
    "/history",
    responses={
        200: {"content": {"application/json": {}}},
        409: {"description": "The match is not over yet"},
    },
)
async def match_history(table: TableDep, replays: ReplaysDep) -> StreamingResponse:
    """The saved match with its action log (``gameshelf replay`` reads it), once over."""
    return _streamed(await replays.game_file(table))


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
async def game_file(table: TableDep, replays: ReplaysDep) -> StreamingResponse:
    """The history as a file to download, which ``gameshelf replay FILE`` replays. Once
    the match is over only: before, it would reveal the seed and every secret choice.
    Made once, off the event loop, and streamed."""
    name = f"{table.match.game_id}-{table.id}.json"
    disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
    return _streamed(await replays.game_file(table), disposition)


@router.get("/chapters")
async def match_chapters(request: Request, table: TableDep) -> list[dict[str, Any]]:
    """Where each part of the match begins: ``[{"seq": 0, "line": 0, "place": "1297, turn
    1"}, ...]``, ``seq`` the position (for the replay viewer to jump to a year, a turn, a
    round) and ``line`` the first line of the public log that belongs to it (for the log's
    headings). Public, running or finished: places come from a spectator's view, in the
    reader's language (``Accept-Language``, the language cookie). Empty for a game that does
    not say where it stands."""
    history = list(table.match.history)
    cache, lock = _chapters_cache(request)
    async with lock:
        known = cache.pop(table.id, None)
        if known is None or known.entries != history[: len(known.entries)]:
            known = Chapters(table.match.restarted())  # new, or undone since: from the start
        await asyncio.to_thread(known.extend, history)
        cache[table.id] = known
        while len(cache) > _KEEP:
            cache.popitem(last=False)
        found = list(known.found)
    lang, namer = request_lang(request), table.match.ruleset.namer()
    return [{**c, "place": render(c["place"], lang, namer, table.match.game_id)} for c in found]


def _chapters_cache(request: Request) -> tuple[OrderedDict[str, Chapters], asyncio.Lock]:
    """This app's chapters of the matches asked about lately, and the lock over them."""
    state = request.app.state
    if not hasattr(state, "chapters"):
        state.chapters = (OrderedDict(), asyncio.Lock())
    return state.chapters


class Chapters:
    """A match replayed as far as it has been asked about, with the places found so far."""

    def __init__(self, start: Match) -> None:
        self.match = start
        self.entries: list[HistoryEntry] = []
        self.found: list[dict[str, Any]] = []  # {seq, line, place}, the place a message
        self.telling = text.text_board(start.ruleset) is not None
        self.last: Msg | str | None = None
        self.note(0)

    def note(self, line: int) -> None:
        if not self.telling:
            return
        place = text.place(self.match.ruleset, self.match.view(None))
        if place and place != self.last:
            self.found.append({"seq": self.match.seq, "line": line, "place": place})
            self.last = place

    def extend(self, history: list[HistoryEntry]) -> None:
        """Replay the entries of ``history`` not replayed yet, noting where places change
        (a place begins after the log lines of the action that brought it)."""
        for entry in history[len(self.entries) :]:
            self.match.apply(entry.role, entry.action)
            self.entries.append(entry)
            if self.telling:
                self.note(len(self.match.state.log))


@router.get("/replay", responses={409: {"description": "The match is not over yet"}})
async def match_replay(
    request: Request,
    table: TableDep,
    replays: ReplaysDep,
    seq: int = Query(0, ge=0, le=1 << 40),
    role: str | None = Query(None, max_length=64),
) -> dict[str, Any]:
    """The view of ``role`` (a spectator by default) after ``seq`` actions; ``role=*``:
    everything at once, every seat's view laid over the others (the game is over, so
    nothing is secret any more)."""
    lang = request_lang(request)
    if role != EVERYTHING:
        return await replays.replay(table, seq, role, lang)
    base = await replays.replay(table, seq, None, lang)
    roles = list(table.match.roles)
    views = [(await replays.replay(table, seq, r, lang))["view"] for r in roles]
    seen = merge_views([base["view"], *views])
    for key, value in base["view"].items():
        if value is None and seen.get(key) in roles:
            seen[key] = None  # "whose view this is" stays nobody's
    seen.update(role=None, prompt=base["view"].get("prompt", ""), actions={})
    return {**base, "view": seen, "role": None, "everything": True}


@pages.get("/m/{match_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table: TableDep, registry: RegistryDep) -> HTMLResponse:
    async with table.lock:  # as stored (bots may be at work in a worker thread)
        total, finished = table.match.seq, table.status == "finished"
    return render_table(
        request,
        "replay.html",
        table,
        registry.game(table.match.game_id),
        total=total,
        finished=finished,
    )
