"""The lobby: the installed games, the matches, creating a match, taking an open seat."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, status
from fastapi.responses import HTMLResponse

from core.plugins import Registry
from web.deps import RegistryDep, SettingsDep, TableDep, TablesDep
from web.pages import render
from web.schemas import Created, Joined, JoinIn, MatchIn, SeatToken
from web.tables import SeatRequest

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
    tables: TablesDep,
    status: Literal["open", "running", "finished"] | None = None,
) -> list[dict[str, Any]]:
    """Recent matches with their public information: game, scenario, seats, status and
    whose turn it is. No token ever appears here."""
    return tables.listing(100, status)


@router.post("/matches", status_code=status.HTTP_201_CREATED, response_model=Created)
async def create_match(body: MatchIn, tables: TablesDep, settings: SettingsDep) -> Created:
    """Create a match. Each person's seat gets a token, returned only in this reply; bot
    seats and open seats have none."""
    seats = [
        SeatRequest(
            name=s.name.strip(),
            role=s.role,
            open=s.open,
            bot=settings.default_bot if s.bot is True else (s.bot or None),
        )
        for s in body.seats
    ]
    table, tokens = await tables.create(body.game, body.scenario, body.options, body.seed, seats)
    return Created(
        id=table.id,
        url=f"/m/{table.id}",
        seats=[SeatToken(role=s.role, name=s.name, token=tokens.get(s.role)) for s in table.seats],
    )


@router.post("/matches/{match_id}/join", response_model=Joined)
async def join_match(body: JoinIn, table: TableDep, tables: TablesDep) -> Joined:
    """Take an open seat (the first one unless ``role`` is given); returns its token."""
    role, token = await tables.join(table, body.role, body.name.strip())
    return Joined(id=table.id, role=role, name=body.name.strip(), token=token, url=f"/m/{table.id}")


@pages.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request, tables: TablesDep, registry: RegistryDep) -> HTMLResponse:
    matches = tables.listing(100)
    return render(
        request,
        "lobby.html",
        {
            "games": game_list(registry),
            "agents": [{"id": a.id, "title": a.title} for a in registry.agents.values()],
            "open": [m for m in matches if m["status"] == "open"],
            "running": [m for m in matches if m["status"] == "running"],
            "finished": [m for m in matches if m["status"] == "finished"][:20],
        },
    )
