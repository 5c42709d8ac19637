"""Talk around a match: its chat (read by the seats and spectators, live over the match's
WebSocket) and each seat's private notepad (see :mod:`web.talk`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, status
from starlette.requests import HTTPConnection

from gameshelf.web.deps import MaybeAccountDep, SeatDep, ViewerDep
from gameshelf.web.schemas import ChatIn, ChatOut, NoteIn, NoteOut
from gameshelf.web.talk import Talk

router = APIRouter(prefix="/matches/{match_id}", tags=["talk"])


async def get_talk(conn: HTTPConnection) -> Talk:
    return conn.app.state.talk


TalkDep = Annotated[Talk, Depends(get_talk)]
SPECTATOR: dict[str, Any] = {"security": [{}, {"HTTPBearer": []}]}  # a token is optional here


@router.get("/chat", response_model=list[ChatOut], openapi_extra=SPECTATOR)
async def read_chat(
    seat: ViewerDep,
    talk: TalkDep,
    after: Annotated[int, Query(ge=0, le=1 << 62, description="Only messages after this id.")] = 0,
) -> list[dict[str, Any]]:
    """The match's chat, oldest first (the last 500 messages): the seats' channel, and the
    spectators' too for a spectator where spectators may talk, or once the match is over."""
    return talk.read(seat.table, seat.role, after)


@router.post(
    "/chat",
    status_code=status.HTTP_201_CREATED,
    response_model=ChatOut,
    openapi_extra=SPECTATOR,
    responses={
        403: {"description": "Spectators may not talk here, or a cross-site request"},
        429: {"description": "Too many messages this minute from this seat"},
    },
)
async def say(
    body: ChatIn, seat: ViewerDep, account: MaybeAccountDep, talk: TalkDep
) -> dict[str, Any]:
    """Say something: a seat (its token) in the seats' channel; without a token, a signed-in
    spectator in the spectators' channel where the site allows it. Every live connection to
    the match that may read it receives ``{"chat": message}``."""
    return await talk.say(seat.table, seat.role, account, body.text)


@router.get("/notes", response_model=NoteOut)
async def read_note(seat: SeatDep, talk: TalkDep) -> NoteOut:
    """The seat's private notepad."""
    assert seat.role is not None
    return NoteOut(text=talk.note(seat.table, seat.role))


@router.put("/notes", response_model=NoteOut)
async def write_note(body: NoteIn, seat: SeatDep, talk: TalkDep) -> NoteOut:
    """Keep the seat's private notepad (nobody else ever reads it)."""
    assert seat.role is not None
    return NoteOut(text=await talk.set_note(seat.table, seat.role, body.text))
