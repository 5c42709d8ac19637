"""The web app's dependencies, named as ``Annotated`` aliases for the routes.

- ``SettingsDep``, ``StorageDep``, ``RegistryDep``, ``TablesDep``, ``HubDep``: what
  :func:`web.app.create_app` put on ``app.state``;
- ``TableDep``: the match named by the path's ``match_id`` (404 when unknown);
- ``SeatDep``: the seat whose bearer token came with the request (401 without one or with
  an unknown one); ``ViewerDep``: the same, or a spectator when no token came.

They take an ``HTTPConnection`` so that WebSocket routes can use them too. They are all
``async``: FastAPI would run a plain function in a worker thread, a costly hop per request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from core.plugins import Registry
from core.ruleset import Role
from web.hub import Hub
from web.settings import Settings
from web.storage import Storage
from web.tables import Refusal, Table, Tables


async def get_settings(conn: HTTPConnection) -> Settings:
    return conn.app.state.settings


async def get_storage(conn: HTTPConnection) -> Storage:
    return conn.app.state.storage


async def get_registry(conn: HTTPConnection) -> Registry:
    return conn.app.state.registry


async def get_tables(conn: HTTPConnection) -> Tables:
    return conn.app.state.tables


async def get_hub(conn: HTTPConnection) -> Hub:
    return conn.app.state.hub


SettingsDep = Annotated[Settings, Depends(get_settings)]
StorageDep = Annotated[Storage, Depends(get_storage)]
RegistryDep = Annotated[Registry, Depends(get_registry)]
TablesDep = Annotated[Tables, Depends(get_tables)]
HubDep = Annotated[Hub, Depends(get_hub)]


async def get_table(match_id: str, conn: HTTPConnection) -> Table:
    tables: Tables = conn.app.state.tables
    return await tables.get(match_id)


TableDep = Annotated[Table, Depends(get_table)]

bearer = HTTPBearer(
    auto_error=False,
    description="The seat token returned when the seat was made (creating or joining a match).",
)
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


@dataclass(frozen=True)
class Seat:
    """Who is asking: a role of ``table``, or ``None`` for a spectator."""

    table: Table
    role: Role | None


def _role(table: Table, credentials: HTTPAuthorizationCredentials | None) -> Role | None:
    if credentials is None:
        return None
    role = table.role_for_token(credentials.credentials)
    if role is None:
        raise Refusal(401, "unknown_token", "This token is not a seat of this match.")
    return role


async def current_seat(table: TableDep, credentials: Credentials) -> Seat:
    if credentials is None:
        raise Refusal(401, "missing_token", "Send your seat token: Authorization: Bearer <token>.")
    return Seat(table, _role(table, credentials))


async def current_viewer(table: TableDep, credentials: Credentials) -> Seat:
    return Seat(table, _role(table, credentials))


SeatDep = Annotated[Seat, Depends(current_seat)]
ViewerDep = Annotated[Seat, Depends(current_viewer)]
