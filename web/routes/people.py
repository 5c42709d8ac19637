"""A person's side of the site: "my games" (its page and its list), answering an invitation,
the keys that open an account's seats from a browser it signs in on, and ratings: the
leaderboard of each game and each player's page."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import HTMLResponse

from gameshelf.core.i18n.messages import Msg
from gameshelf.web.deps import (
    AccountDep,
    MaybeAccountDep,
    PeopleDep,
    RegistryDep,
    SettingsDep,
    StorageDep,
    TableDep,
)
from gameshelf.web.pages import render
from gameshelf.web.people import SESSION_COOKIE, name_key, session_hash
from gameshelf.web.schemas import Answered, AnswerIn, LeaderboardRow, MyMatch, PlayerOut
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage
from gameshelf.web.storage_people import Account
from gameshelf.web.tables import Refusal, Table
from gameshelf.web.tables.people import People

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
async def my_matches(account: AccountDep, people: PeopleDep) -> list[dict[str, Any]]:
    """The signed-in account's matches: those waiting for it (its turn, or an invitation to
    answer) first, then those waiting for others, then the finished ones."""
    return await people.my_matches(account.id)


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
    people: PeopleDep,
    settings: SettingsDep,
    response: Response,
) -> Answered:
    """Accept the seat you were invited to (you get its token, and this browser holds it)
    or decline it (it opens to anyone in the lobby). The match starts once every seat is
    taken."""
    role, token = await people.answer(table, account.id, body.accept)
    if token is not None:
        hold_seat(response, table.id, role, token, settings)
    return Answered(id=table.id, role=role, token=token, url=f"/m/{table.id}")


async def give_seat_keys(
    request: Request, response: Response, table: Table, people: People, account: Account | None
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
    made = await people.seat_keys(table, account.id, session_hash(session_id), held)
    for role, key in made.items():
        hold_seat(response, table.id, role, key, request.app.state.settings)


@pages.get("/my", response_class=HTMLResponse)
async def my_page(
    request: Request, account: MaybeAccountDep, people: PeopleDep, storage: StorageDep
) -> HTMLResponse:
    matches = await people.my_matches(account.id) if account else []
    prefs = storage.notice_prefs(account.id) if account else None
    off = prefs is not None and bool(prefs.email_off or prefs.webhook_off)
    return render(request, "my.html", {"matches": matches, "notices_off": off})


# --- ratings: leaderboards and players' pages ------------------------------------------


def leaderboard_rows(storage: Storage, game: str) -> list[dict[str, Any]]:
    return [
        {"rank": i, "name": name, "rating": r.shown, "matches": r.matches}
        for i, (r, name) in enumerate(storage.leaderboard(game), start=1)
    ]


async def player_data(storage: Storage, people: People, name: str) -> dict[str, Any]:
    """A player's public page: its ratings, their history, its latest matches."""
    account = storage.account_named(name_key(name))
    if account is None or account.deleted or account.disabled:
        raise Refusal("not_found", Msg("web.no_player", name=name))
    mine = [m for m in await people.my_matches(account.id) if not m["invited"]]
    return {
        "name": account.name,
        "ratings": [
            {"game": r.game, "rating": r.shown, "matches": r.matches}
            for r in storage.ratings_of(account.id)
        ],
        "history": [asdict(h) for h in storage.rating_history(account.id)],
        "matches": [_public(m) for m in mine[:50]],
    }


def _public(row: dict[str, Any]) -> dict[str, Any]:
    """A match of a player's page, without what only its player reads."""
    return {k: v for k, v in row.items() if k not in ("waiting", "your_turn", "invited", "clock")}


@router.get(
    "/games/{game_id}/leaderboard",
    response_model=list[LeaderboardRow],
    responses={404: {"description": "No such game"}},
)
async def leaderboard(game_id: str, registry: RegistryDep, storage: StorageDep) -> Any:
    """The best rated players of a game (OpenSkill; see the rated-match rule in the docs)."""
    if game_id not in registry.games:
        raise Refusal("not_found", Msg("web.no_game", game=game_id))
    return leaderboard_rows(storage, game_id)


@router.get(
    "/players/{name}",
    response_model=PlayerOut,
    responses={404: {"description": "No such player"}},
)
async def player(
    name: Annotated[str, Path(max_length=100)], storage: StorageDep, people: PeopleDep
) -> Any:
    """A player's ratings per game, the history of their changes, and latest matches."""
    return await player_data(storage, people, name)


@pages.get("/games/{game_id}/leaderboard", response_class=HTMLResponse)
async def leaderboard_page(
    request: Request, game_id: str, registry: RegistryDep, storage: StorageDep
) -> HTMLResponse:
    game = registry.games.get(game_id)
    if game is None:
        raise Refusal("not_found", Msg("web.no_game", game=game_id))
    rows = leaderboard_rows(storage, game_id)
    settings: Settings = request.app.state.settings
    context = {
        "game": game.id,
        "title": game.info.title,
        "rows": rows,
        "rated_min_moves": settings.rated_min_moves,
    }
    return render(request, "leaderboard.html", context)


@pages.get("/players/{name}", response_class=HTMLResponse)
async def player_page(
    request: Request, name: str, storage: StorageDep, people: PeopleDep, registry: RegistryDep
) -> HTMLResponse:
    data = await player_data(storage, people, name)
    titles = {g.id: g.info.title for g in registry.games.values()}
    return render(request, "player.html", {"player": data, "titles": titles})


def with_ratings(rows: list[dict[str, Any]], storage: Storage) -> list[dict[str, Any]]:
    """Lobby rows whose account seats carry their player's rating at the row's game."""
    by_game: dict[str, set[int]] = {}
    for row in rows:
        for seat in row["seats"]:
            if seat.get("account") is not None:
                by_game.setdefault(row["game"], set()).add(seat["account"])
    known = {game: storage.ratings(sorted(ids), game) for game, ids in by_game.items()}
    for row in rows:
        for seat in row["seats"]:
            found = known.get(row["game"], {}).get(seat.get("account") or 0)
            seat["rating"] = found.shown if found is not None else None
    return rows
