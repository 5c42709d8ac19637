"""A match: its page, what a seat sees, a seat's actions and undo."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from core.ruleset import Action
from web.deps import RegistryDep, SeatDep, TableDep, TablesDep, ViewerDep
from web.pages import board_template, render
from web.schemas import ActionIn, Payload, UndoIn

router = APIRouter(prefix="/matches/{match_id}", tags=["matches"])
pages = APIRouter()

REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"description": "No seat token, or not one of this match"},
    403: {"description": "Not this seat's decision now (or the match is over)"},
    404: {"description": "No such match"},
    409: {"description": "Stale: the match moved on (the body says its seq)"},
    422: {"description": "Malformed body, or an illegal action (with the rules' reason)"},
}


@router.get("")
async def match_info(table: TableDep) -> dict[str, Any]:
    """Public information of one match: game, scenario, seats, status, whose turn."""
    return {
        "id": table.id,
        "game": table.match.game_id,
        "title": table.title,
        "scenario": table.match.scenario,
        "status": table.status,
        "seq": table.match.seq,
        "active": table.match.active(),
        "seats": table.public_seats(),
    }


@router.get("/view", response_model=Payload, responses={401: REFUSALS[401], 404: REFUSALS[404]})
async def match_view(seat: ViewerDep) -> dict[str, Any]:
    """What the seat of the bearer token sees (the spectator view without a token)."""
    return seat.table.payload(seat.role)


@router.post("/actions", response_model=Payload, responses=REFUSALS)
async def post_action(
    body: ActionIn, seat: SeatDep, tables: TablesDep, response: Response
) -> dict[str, Any]:
    """Make one decision. ``seq`` is the version of the match the decision was made on:
    if the match moved on it is refused (409), unless this very action was already applied
    there (a retry), which is answered as a success without applying it again."""
    assert seat.role is not None
    applied = tables.act(seat.table, seat.role, Action(body.type, body.arg), body.seq)
    if not applied:
        response.headers["X-Gameshelf-Duplicate"] = "1"
    return seat.table.payload(seat.role)


@router.post("/undo", response_model=Payload, responses=REFUSALS)
async def post_undo(
    seat: SeatDep,
    tables: TablesDep,
    body: UndoIn | None = None,
) -> dict[str, Any]:
    """Take back the seat's latest action, while no new information came out since and
    no other seat acted (409 otherwise)."""
    assert seat.role is not None
    tables.undo(seat.table, seat.role, body.seq if body else None)
    return seat.table.payload(seat.role)


@pages.get("/m/{match_id}", response_class=HTMLResponse)
async def match_page(request: Request, table: TableDep, registry: RegistryDep) -> HTMLResponse:
    game = registry.game(table.match.game_id)
    return render(
        request,
        "match.html",
        {
            "table": table,
            "info": game.info,
            "board": board_template(game),
            "static": f"/static/{game.id}",
            "page": {"match": table.id, "game": game.id, "roles": list(table.match.roles)},
        },
    )
