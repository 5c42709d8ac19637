"""A match: its page, what a seat sees, a seat's actions and undo."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response, status
from fastapi.responses import HTMLResponse

from gameshelf.core.engine.ruleset import Action
from gameshelf.web.deps import (
    SEAT,
    VIEWER,
    MaybeAccountDep,
    PeopleDep,
    RegistryDep,
    Seat,
    SeatDep,
    SettingsDep,
    TableDep,
    ViewerDep,
)
from gameshelf.web.pages import render_table
from gameshelf.web.routes.fast import FastRoute, json_body, query_int, served_fast
from gameshelf.web.routes.people import give_seat_keys, hold_seat
from gameshelf.web.schemas import (
    ActionIn,
    Created,
    LogPage,
    Payload,
    ResignIn,
    SeatToken,
    UndoIn,
)
from gameshelf.web.tables import Table
from gameshelf.web.tables.seen import LOG_PAGE

router = APIRouter(prefix="/matches/{match_id}", tags=["matches"], route_class=FastRoute)
pages = APIRouter()

REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"description": "No seat token, or not one of this match"},
    403: {"description": "Not this seat's decision now (or the match is over)"},
    404: {"description": "No such match"},
    409: {
        "description": "Stale: what the seat sees changed since that version (the body "
        "says the match's version)"
    },
    422: {"description": "Malformed body, or an illegal action (with the rules' reason)"},
}


@router.get("")
async def match_info(table: TableDep) -> dict[str, Any]:
    """Public information of one match: game, scenario, seats, status, whose turn."""
    async with table.lock:  # as stored (bots may be at work in a worker thread)
        return match_facts(table)


def match_facts(table: Table) -> dict[str, Any]:
    return {
        "id": table.id,
        "game": table.match.game_id,
        "title": table.title,
        "scenario": table.match.scenario,
        "status": table.status,
        "seq": table.match.seq,
        "version": table.version,
        "active": table.match.active(),
        "seats": table.public_seats(),
        "resigned": table.resigned,
        "outcome": table.summary().outcome,
    }


LOG_TAIL_MOST = 10_000  # the bounds of the log_tail and log_have query parameters
LOG_HAVE_MOST = 1 << 40

LogTail = Annotated[
    int | None,
    Query(
        ge=0,
        le=LOG_TAIL_MOST,
        description="Send the last N lines of the log (default: a page of 100; the "
        "reply's log_from says where they start); earlier ones come from /log.",
    ),
]


LogHave = Annotated[
    int | None,
    Query(
        ge=0,
        le=LOG_HAVE_MOST,
        description="How many lines of its log the page holds, as of the version its "
        "request names: the reply carries only the lines after them (log_from says where "
        "they start, log_total how many there are), a page at most.",
    ),
]


async def payload_response(
    seat: Seat, log_tail: int | None, headers: dict[str, str] | None = None
) -> Response:
    """The seat's payload as JSON, built once per change of the match and shared with the
    live updates (no per-request validation of a view the server itself made)."""
    data = await seat.tables.view_json(seat.table, seat.role, log_tail, seat.lang)
    return Response(data, media_type="application/json", headers=headers)


async def match_view_fast(request: Request) -> Response:
    """:func:`match_view` read without FastAPI (``web.routes.fast``)."""
    log_tail = query_int(request, "log_tail", LOG_TAIL_MOST)
    seat = await VIEWER(request, request.path_params["match_id"])
    return await match_view(seat, log_tail)


@router.get(
    "/view",
    response_model=Payload,
    responses={401: REFUSALS[401], 404: REFUSALS[404]},
    # a token is optional here: without one, the spectator's view
    openapi_extra={"security": [{}]},
)
@served_fast(match_view_fast)
async def match_view(seat: ViewerDep, log_tail: LogTail = None) -> Response:
    """What the seat of the bearer token sees (the spectator view without a token)."""
    return await payload_response(seat, log_tail)


async def post_action_fast(request: Request) -> Response:
    """:func:`post_action` read without FastAPI (``web.routes.fast``)."""
    log_tail = query_int(request, "log_tail", LOG_TAIL_MOST)
    log_have = query_int(request, "log_have", LOG_HAVE_MOST)
    body = await json_body(request, ActionIn)
    seat = await SEAT(request, request.path_params["match_id"])
    return await post_action(body, seat, log_tail, log_have)


@router.post("/actions", response_model=Payload, responses=REFUSALS)
@served_fast(post_action_fast)
async def post_action(
    body: ActionIn, seat: SeatDep, log_tail: LogTail = None, log_have: LogHave = None
) -> Response:
    """Make one decision, naming the ``version`` of the view it was made on. It is refused
    as stale (409) only if what this seat sees changed since (another seat choosing at the
    same time in secret does not count), unless this very action was already applied from
    that version (a retry), which is answered as a success without applying it again. The
    reply is the seat's payload right after this action (and the bots' answer)."""
    assert seat.role is not None
    applied, data = await seat.tables.act(
        seat.table,
        seat.role,
        Action(body.type, body.arg),
        body.version,
        log_tail,
        seat.lang,
        log_have,
    )
    headers = None if applied else {"X-Gameshelf-Duplicate": "1"}
    return Response(data, media_type="application/json", headers=headers)


@router.post("/undo", response_model=Payload, responses=REFUSALS)
async def post_undo(
    seat: SeatDep, body: UndoIn, log_tail: LogTail = None, log_have: LogHave = None
) -> Response:
    """Take back the seat's latest action, naming the ``version`` of the view the undo was
    decided on (409 if what the seat sees changed since, if new information came out or
    another seat acted). The reply is the seat's payload right after the undo."""
    assert seat.role is not None
    data = await seat.tables.undo(
        seat.table, seat.role, body.version, log_tail, seat.lang, log_have
    )
    return Response(data, media_type="application/json")


@router.get(
    "/log",
    response_model=LogPage,
    responses={
        401: REFUSALS[401],
        404: REFUSALS[404],
        409: {"description": "A seat's log (role) asked of a match not over yet"},
    },
    openapi_extra={"security": [{}]},
)
async def match_log(
    seat: ViewerDep,
    before: Annotated[
        int | None,
        Query(ge=0, le=1 << 40, description="The lines before this one (default: the end)."),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=LOG_PAGE, description="At most this many.")] = (LOG_PAGE),
    role: Annotated[
        str | None,
        Query(
            max_length=64,
            description="Once the match is over: the log as this seat read it (the replay "
            "viewer's perspective); nothing is secret any more.",
        ),
    ] = None,
) -> Response:
    """A page of the log the bearer's seat may read (a spectator's without a token), in
    the reader's language: the lines from ``log_from`` up to ``before``; the match page
    and the replay viewer ask for earlier lines as their log is scrolled back."""
    reader = seat.role
    if role is not None:
        reader = seat.tables.replays.replay_reader(seat.table, role)
    data = await seat.tables.log_page(seat.table, reader, before, limit, seat.lang)
    return Response(data, media_type="application/json")


@router.post("/resign", response_model=Payload, responses=REFUSALS)
async def post_resign(seat: SeatDep, body: ResignIn, log_tail: LogTail = None) -> Response:
    """Resign: in a game of two the other side wins at once; with more players a bot
    plays this seat to the end and it is placed last. The reply is the seat's payload
    (its ``resigned`` lists who gave up)."""
    assert seat.role is not None
    await seat.tables.resign(seat.table, seat.role)
    data = seat.table.payload_json(seat.role, log_tail, seat.lang)
    return Response(data, media_type="application/json")


@router.post(
    "/rematch",
    status_code=status.HTTP_201_CREATED,
    response_model=Created,
    responses={
        **REFUSALS,
        200: {"description": "The rematch offered before", "model": Created},
        409: {"description": "The match is not over yet"},
        429: {"description": "Too many new matches from this address this minute"},
    },
)
async def post_rematch(
    seat: SeatDep, request: Request, response: Response, settings: SettingsDep
) -> Created:
    """Offer a rematch of a finished match: the same game, scenario and options, each
    player one seat on; bots stay, the other accounts are invited (each accepts), the other
    guests get links (their tokens, in this reply only: send them). Offered once: asked
    again (by any seat), the reply names the same match, with no token."""
    assert seat.role is not None
    holder = seat.table.seat(seat.role)
    account = holder.account if holder is not None else None
    await seat.tables.admit_creation(request.client.host if request.client else "")
    made, tokens, fresh = await seat.tables.rematch(seat.table, seat.role, account)
    if not fresh:
        response.status_code = status.HTTP_200_OK
    roles = list(seat.table.match.roles)
    mine = roles[(roles.index(seat.role) + 1) % len(roles)]
    if mine in tokens:  # this browser holds its new seat, as the lobby's script does
        hold_seat(response, made.id, mine, tokens[mine], settings)
    return Created(
        id=made.id,
        url=f"/m/{made.id}",
        seats=[SeatToken(role=s.role, name=s.name, token=tokens.get(s.role)) for s in made.seats],
    )


@pages.get("/m/{match_id}", response_class=HTMLResponse)
async def match_page(
    request: Request,
    table: TableDep,
    registry: RegistryDep,
    people: PeopleDep,
    account: MaybeAccountDep,
) -> HTMLResponse:
    game = registry.game(table.match.game_id)
    talking = request.app.state.settings.spectator_chat and account is not None
    admin = account is not None and account.admin
    response = render_table(request, "match.html", table, game, spectatorChat=talking, admin=admin)
    await give_seat_keys(request, response, table, people, account)
    return response
