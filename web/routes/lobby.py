"""The lobby: the installed games, the matches, creating a match, taking an open seat."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, status
from fastapi.responses import HTMLResponse

from gameshelf.core.i18n.messages import Msg
from gameshelf.core.play import text
from gameshelf.core.registry.plugins import Game, Registry
from gameshelf.web.clocks import LIVE_MINUTES, Pace
from gameshelf.web.deps import (
    LobbyDep,
    MaybeAccountDep,
    RegistryDep,
    SeatsDep,
    SettingsDep,
    StorageDep,
    TableDep,
)
from gameshelf.web.pages import render
from gameshelf.web.people import name_key
from gameshelf.web.routes.people import with_ratings
from gameshelf.web.schemas import Created, Joined, JoinIn, MatchIn, PaceIn, SeatToken
from gameshelf.web.settings import Settings
from gameshelf.web.storage_people import Account
from gameshelf.web.tables import Refusal, SeatRequest
from gameshelf.web.tables.lobby import Lobby

RULES_SUMMARY = "rules.html"  # a game's rules in a page, beside its board template

router = APIRouter(tags=["lobby"])
pages = APIRouter()


def game_list(registry: Registry) -> list[dict[str, Any]]:
    out = []
    for game in sorted(registry.games.values(), key=lambda g: g.info.title):
        info = game.info
        data = info.model_dump(mode="json", exclude={"max_actions"})
        for option, model in zip(data["options"], info.options, strict=True):
            option["kind"] = type(model.default).__name__  # bool, int or str: the form's input
        out.append({**data, "board": game.ruleset.board is not None})
    return out


def rules_summary(game: Game) -> str | None:
    """The template of a game's rules summary (``<game>/rules.html``), if it ships one."""
    board = game.ruleset.board
    if board is None or not (board.templates / RULES_SUMMARY).is_file():
        return None
    return f"{game.id}/{RULES_SUMMARY}"


def words(ident: str) -> str:
    return ident.replace("_", " ").title() if ident.islower() else ident


def lobby_row(match: dict[str, Any], lobby: Lobby, registry: Registry) -> dict[str, Any]:
    """A listed match with what its lobby row says: each side and who holds it, the winners
    by side and player, and where a running match stands ("1297, turn 4"). Names of sides
    and places come from the game (its text board) when the match is in memory."""
    game = registry.games.get(match["game"])
    table = lobby.matches.cached(match["id"])
    ruleset = game.ruleset if game is not None else None
    # the spectator's view of this version, built once (without its log), names the sides
    shown = table is not None and ruleset is not None and not table.busy  # (bots at work)
    view = table.view(None) if shown and table is not None else None
    agents = {a.id: a.title for a in registry.agents.values()}

    def side(role: str) -> str:
        said = text.role_name(ruleset, role, view) if ruleset and view is not None else role
        return said if said != role else words(role)

    sides = []
    for seat in match["seats"]:
        if seat["kind"] == "bot":
            who = "bot: " + agents.get(seat["agent"] or "", seat["name"] or "a bot").lower()
        elif seat["kind"] == "open":
            who = "open seat"
        else:
            who = seat["name"] or "a player"
        sides.append({**seat, "side": side(seat["role"]), "who": who})
    by_role = {s["role"]: s for s in sides}
    outcome = match.get("outcome")
    winners = []
    if outcome:
        for role in outcome.get("winners") or []:
            s = by_role.get(role)
            winners.append(f"{s['side']} ({s['who']})" if s else words(role))
    # in memory: where it stands now; else where it stood when last saved (storage)
    place = text.place(ruleset, view) if ruleset and view is not None else match.get("place")
    if isinstance(place, Msg):
        place = place.to_json()  # rendered in the reader's language by the template
    return {**match, "sides": sides, "winners_text": " and ".join(winners), "place": place}


@router.get("/games")
async def list_games(registry: RegistryDep) -> list[dict[str, Any]]:
    """Every installed game: id, title, description, roles, players, scenarios, options."""
    return game_list(registry)


@router.get("/agents")
async def list_agents(registry: RegistryDep) -> list[dict[str, str]]:
    """The bots that can take a seat."""
    return [
        {"id": a.id, "title": a.title, "description": a.description}
        for a in registry.agents.values()
    ]


@router.get("/matches")
async def list_matches(
    lobby: LobbyDep,
    status: Literal["open", "running", "finished"] | None = None,
    bots: Annotated[
        bool, Query(description="Also the finished matches of bots alone (left out else).")
    ] = False,
) -> list[dict[str, Any]]:
    """Recent matches with their public information: game, scenario, seats, status and
    whose turn it is. No token ever appears here."""
    return await lobby.listing(100, status, finished_bots=bots)


IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        min_length=16,
        max_length=128,
        pattern=r"^[A-Za-z0-9_.:-]+$",
        description="A random key of the client's (a UUID): a creation retried with the "
        "same key and body within 10 minutes answers the first reply again, tokens "
        "included, instead of creating a second match.",
    ),
]


@router.post(
    "/matches",
    status_code=status.HTTP_201_CREATED,
    response_model=Created,
    responses={
        422: {
            "description": "Malformed body, a setup the game refuses, or an "
            "Idempotency-Key used for another body"
        },
        429: {
            "description": "Too many new matches from this address this minute, too many "
            "of its matches not yet over, or too many matches of bots alone being played "
            "(see Retry-After)"
        },
    },
)
async def create_match(
    body: MatchIn,
    lobby: LobbyDep,
    settings: SettingsDep,
    request: Request,
    account: MaybeAccountDep,
    idempotency_key: IdempotencyKey = None,
) -> Created:
    """Create a match. Each person's seat gets a token, returned only in this reply; bot
    seats and open seats have none. Send an ``Idempotency-Key`` to retry safely. Signed
    in, the seat marked ``me`` is the account's."""
    client = request.client.host if request.client else ""
    if idempotency_key is None:
        return await _create(body, lobby, settings, client, account)
    return await lobby.once(
        (client, idempotency_key),
        body.model_dump_json().encode(),
        lambda: _create(body, lobby, settings, client, account),
    )


async def _create(
    body: MatchIn, lobby: Lobby, settings: Settings, client: str, account: Account | None
) -> Created:
    await lobby.admit_creation(client)
    seats = []
    for s in body.seats:
        invited = _invited(lobby, s.player, account) if s.player is not None else None
        seats.append(
            SeatRequest(
                name=_seat_name(s.name, s.me, invited, account),
                role=s.role,
                open=s.open,
                bot=settings.default_bot if s.bot is True else (s.bot or None),
                account=account.id if s.me and account else None,
                invite=invited.id if invited else None,
            )
        )
    pace = _pace(body.pace, len(seats))
    table, tokens = await lobby.create(
        body.game, body.scenario, body.options, body.seed, seats, pace, body.bot_pace, body.watch
    )
    lobby.created_by(client, table)
    return Created(
        id=table.id,
        url=f"/m/{table.id}",
        seats=[SeatToken(role=s.role, name=s.name, token=tokens.get(s.role)) for s in table.seats],
    )


def _pace(asked: PaceIn | None, players: int) -> Pace | None:
    """The clocks asked for a new match; refused when a live pace lacks its minutes."""
    if asked is None or asked.kind == "none":
        return None
    try:
        return Pace.of(asked.kind, asked.minutes, asked.on_timeout, players)
    except ValueError:
        low, high = LIVE_MINUTES
        raise Refusal("bad_setup", Msg("web.clock.minutes", low=low, high=high)) from None


def _seat_name(name: str, me: bool, invited: Account | None, account: Account | None) -> str:
    """A person's seat is named by its account when it has one (invited, or the maker's)."""
    if invited is not None:
        return invited.name
    return account.name if me and account is not None else name.strip()


def _invited(lobby: Lobby, player: str, account: Account | None) -> Account:
    """The account invited to a seat by name; refused when nobody is signed in to invite,
    or no such account can play."""
    if account is None:
        raise Refusal("signed_out", Msg("web.invite_signed_out"))
    found = lobby.matches.storage.account_named(name_key(player))
    if found is None or found.disabled or found.deleted:
        raise Refusal("unknown_player", Msg("web.unknown_player", name=player.strip()))
    if found.id == account.id:
        raise Refusal("unknown_player", Msg("web.invite_yourself"))
    return found


@router.post(
    "/matches/{match_id}/join",
    response_model=Joined,
    responses={
        409: {"description": "No open seat (or not that one), or the match is over"},
        422: {"description": "Malformed body, or no such seat in this match"},
    },
)
async def join_match(
    body: JoinIn, table: TableDep, seats: SeatsDep, account: MaybeAccountDep
) -> Joined:
    """Take an open seat (the first one unless ``role`` is given); returns its token.
    Signed in, the seat is the account's, under its name."""
    name = account.name if account else body.name.strip()
    role, token = await seats.join(table, body.role, name, account.id if account else None)
    return Joined(id=table.id, role=role, name=name, token=token, url=f"/m/{table.id}")


@pages.get("/", response_class=HTMLResponse)
async def lobby_page(
    request: Request, lobby: LobbyDep, registry: RegistryDep, storage: StorageDep
) -> HTMLResponse:
    matches = with_ratings(
        [lobby_row(m, lobby, registry) for m in await lobby.listing(100)], storage
    )
    # a few finished matches of bots alone too, which can never push people's out
    found = await lobby.listing(5, "finished", finished_bots=True)
    bots = [m for m in found if m["bots_only"]]
    return render(
        request,
        "lobby.html",
        {
            "games": game_list(registry),
            "agents": [{"id": a.id, "title": a.title} for a in registry.agents.values()],
            "open": [m for m in matches if m["status"] == "open"],
            "running": [m for m in matches if m["status"] == "running"],
            "finished": [m for m in matches if m["status"] == "finished"][:20]
            + [lobby_row(m, lobby, registry) for m in bots],
        },
    )


@pages.get("/games/{game_id}/rules", response_class=HTMLResponse)
async def rules_page(request: Request, game_id: str, registry: RegistryDep) -> HTMLResponse:
    """A game's rules in a page: what it is, its scenarios and options, and the summary
    its plugin ships (``rules.html`` beside its board template)."""
    game = registry.games.get(game_id)
    if game is None:
        raise Refusal("not_found", Msg("web.no_game", game=game_id))
    data = next(g for g in game_list(registry) if g["id"] == game_id)
    return render(request, "rules.html", {"game": data, "summary": rules_summary(game)})
