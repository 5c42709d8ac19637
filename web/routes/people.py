"""A person's side of the site: "my games" (its page and its list), answering an invitation,
and the keys that open an account's seats from a browser it signs in on."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from gameshelf.web.deps import AccountDep, MaybeAccountDep, SettingsDep, TableDep, TablesDep
from gameshelf.web.pages import render
from gameshelf.web.people import SESSION_COOKIE, session_hash
from gameshelf.web.schemas import Answered, AnswerIn, MyMatch
from gameshelf.web.settings import Settings
from gameshelf.web.storage_people import Account
from gameshelf.web.tables import Table, Tables

router = APIRouter(tags=["people"])
pages = APIRouter()

SEAT_COOKIE_DAYS = 365


def seat_cookie(match_id: str, role: str) -> str:
    """The name of a seat's cookie, as the pages' script names it (``Gameshelf.holdSeat``:
    ``gs_<match>_<encodeURIComponent(role)>``)."""
    return f"gs_{match_id}_{quote(role, safe='')}"


def hold_seat(response: Response, match_id: str, role: str, token: str, settings: Settings) -> None:
    """Give the browser a seat's token, as the lobby's script does when it makes a match."""
    response.set_cookie(
        seat_cookie(match_id, role),
        token,
        max_age=SEAT_COOKIE_DAYS * 86400,
        path="/",
        samesite="strict",
        secure=settings.secure_cookies,
    )


@router.get(
    "/my/matches",
    response_model=list[MyMatch],
    responses={401: {"description": "Not signed in"}},
)
async def my_matches(account: AccountDep, tables: TablesDep) -> list[dict[str, Any]]:
    """The signed-in account's matches: those waiting for it (its turn, or an invitation to
    answer) first, then those waiting for others, then the finished ones."""
    return tables.my_matches(account.id)


@router.post(
    "/matches/{match_id}/invitation",
    response_model=Answered,
    responses={
        401: {"description": "Not signed in"},
        409: {"description": "No seat of this match waits for your answer"},
    },
)
async def answer_invitation(
    body: AnswerIn,
    table: TableDep,
    account: AccountDep,
    tables: TablesDep,
    settings: SettingsDep,
    response: Response,
) -> Answered:
    """Accept the seat you were invited to (you get its token, and this browser holds it)
    or decline it (it opens to anyone in the lobby). The match starts once every seat is
    taken."""
    role, token = await tables.answer(table, account.id, body.accept)
    if token is not None:
        hold_seat(response, table.id, role, token, settings)
    return Answered(id=table.id, role=role, token=token, url=f"/m/{table.id}")


async def give_seat_keys(
    request: Request, response: Response, table: Table, tables: Tables, account: Account | None
) -> None:
    """On a match's page: the browser of a signed-in account gets a key to each of the
    account's seats it does not hold yet, alive while its session lives."""
    session_id = request.cookies.get(SESSION_COOKIE)
    if account is None or not session_id:
        return
    held = {
        s.role: request.cookies[seat_cookie(table.id, s.role)]
        for s in table.seats
        if seat_cookie(table.id, s.role) in request.cookies
    }
    made = await tables.seat_keys(table, account.id, session_hash(session_id), held)
    for role, key in made.items():
        hold_seat(response, table.id, role, key, request.app.state.settings)


@pages.get("/my", response_class=HTMLResponse)
async def my_page(request: Request, account: MaybeAccountDep, tables: TablesDep) -> HTMLResponse:
    matches = tables.my_matches(account.id) if account else []
    return render(request, "my.html", {"matches": matches})
