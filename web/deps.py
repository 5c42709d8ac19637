"""The web app's dependencies, named as ``Annotated`` aliases for the routes.

- ``SettingsDep``, ``StorageDep``, ``RegistryDep``, ``TablesDep``, ``HubDep``: what
  :func:`web.app.create_app` put on ``app.state``; ``LobbyDep``, ``SeatsDep``,
  ``PeopleDep``, ``ReplaysDep``: the parts of the tables (:mod:`web.tables`) a route uses;
- ``TableDep``: the match named by the path's ``match_id`` (404 when unknown);
- ``AccountDep``: the signed-in account (401 without a live session), ``MaybeAccountDep``:
  the same or ``None``;
- ``SeatDep``: the seat whose bearer token came with the request for the path's match (404
  when unknown; 401 without a token or with one of no seat); ``ViewerDep``: the same, or a
  spectator when no token came.

They take an ``HTTPConnection`` so that WebSocket routes can use them too. They are all
``async``: FastAPI would run a plain function in a worker thread, a costly hop per request.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from fastapi.security import APIKeyCookie, HTTPBearer
from starlette.requests import HTTPConnection

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.plugins import Registry
from gameshelf.web.accounts import Accounts
from gameshelf.web.hub import Hub
from gameshelf.web.i18n import request_lang
from gameshelf.web.people import SESSION_COOKIE
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage
from gameshelf.web.storage_people import Account
from gameshelf.web.tables import Refusal, Table, Tables
from gameshelf.web.tables.lobby import Lobby
from gameshelf.web.tables.people import People
from gameshelf.web.tables.replays import Replays
from gameshelf.web.tables.seats import Seats


async def get_settings(conn: HTTPConnection) -> Settings:
    return conn.app.state.settings


async def get_storage(conn: HTTPConnection) -> Storage:
    return conn.app.state.storage


async def get_registry(conn: HTTPConnection) -> Registry:
    return conn.app.state.registry


async def get_tables(conn: HTTPConnection) -> Tables:
    return conn.app.state.tables


async def get_replays(conn: HTTPConnection) -> Replays:
    return conn.app.state.tables.replays


async def get_lobby(conn: HTTPConnection) -> Lobby:
    return conn.app.state.tables.lobby


async def get_seats(conn: HTTPConnection) -> Seats:
    return conn.app.state.tables.seats


async def get_people(conn: HTTPConnection) -> People:
    return conn.app.state.tables.people


async def get_hub(conn: HTTPConnection) -> Hub:
    return conn.app.state.hub


async def get_accounts(conn: HTTPConnection) -> Accounts:
    return conn.app.state.accounts


SettingsDep = Annotated[Settings, Depends(get_settings)]
AccountsDep = Annotated[Accounts, Depends(get_accounts)]
StorageDep = Annotated[Storage, Depends(get_storage)]
RegistryDep = Annotated[Registry, Depends(get_registry)]
TablesDep = Annotated[Tables, Depends(get_tables)]
ReplaysDep = Annotated[Replays, Depends(get_replays)]
LobbyDep = Annotated[Lobby, Depends(get_lobby)]
SeatsDep = Annotated[Seats, Depends(get_seats)]
PeopleDep = Annotated[People, Depends(get_people)]
HubDep = Annotated[Hub, Depends(get_hub)]


async def get_table(match_id: str, conn: HTTPConnection) -> Table:
    tables: Tables = conn.app.state.tables
    return await tables.get(match_id)


TableDep = Annotated[Table, Depends(get_table)]


@dataclass(frozen=True)
class Seat:
    """Who is asking: a role of ``table``, or ``None`` for a spectator; ``tables`` is
    where the match lives (the routes act through it); ``lang`` the language it reads
    (``web.i18n``)."""

    tables: Tables
    table: Table
    role: Role | None
    lang: str = "en"


class SeatToken(HTTPBearer):
    """The seat of the bearer token, for the match named by the path's ``match_id``.

    One dependency does it all (find the match: 404; read the token: 401), because each
    dependency FastAPI solves costs as much as the rest of a view request. It is still an
    ``HTTPBearer``, so the OpenAPI page shows the routes as secured by a bearer token.
    With ``required=False`` a request without a token is a spectator's.
    """

    def __init__(self, *, required: bool) -> None:
        super().__init__(
            auto_error=False,
            scheme_name="HTTPBearer",
            description="The seat token returned when the seat was made "
            "(creating or joining a match).",
        )
        self.required = required

    # HTTPBearer's __call__ returns the credentials; this one returns the seat (see above)
    async def __call__(  # type: ignore[override]
        self, request: HTTPConnection, match_id: str
    ) -> Seat:
        tables: Tables = request.app.state.tables
        table = await tables.get(match_id)
        token = bearer(request.headers.get("authorization"))
        if token is None:
            if self.required:
                raise Refusal("missing_token", Msg("web.missing_token"))
            return Seat(tables, table, None, request_lang(request))
        role = await tables.role_of(table, token)
        if role is None:
            raise Refusal("unknown_token", Msg("web.unknown_token"))
        return Seat(tables, table, role, request_lang(request))


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (any case of the scheme),
    or ``None`` without one."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    token = token.strip()
    if not scheme or not token or scheme.lower() != "bearer":
        return None
    return token


SEAT = SeatToken(required=True)
VIEWER = SeatToken(required=False)
SeatDep = Annotated[Seat, Depends(SEAT)]
ViewerDep = Annotated[Seat, Depends(VIEWER)]


def signed_in(conn: HTTPConnection) -> Account | None:
    """The account whose session cookie came with the request (looked up once a request),
    or ``None``."""
    if "account" not in conn.scope:
        accounts: Accounts = conn.app.state.accounts
        conn.scope["account"] = accounts.signed_in(conn.cookies.get(SESSION_COOKIE))
    found: Account | None = conn.scope["account"]
    return found


async def read_signed_in(conn: HTTPConnection) -> Account | None:
    """:func:`signed_in`, its session read off the event loop."""
    if "account" not in conn.scope:
        accounts: Accounts = conn.app.state.accounts
        cookie = conn.cookies.get(SESSION_COOKIE)
        conn.scope["account"] = await asyncio.to_thread(accounts.signed_in, cookie)
    found: Account | None = conn.scope["account"]
    return found


async def page_reader(conn: HTTPConnection) -> None:
    """What a page's header says of its reader (its account, how many matches wait for
    it), read off the event loop before the page is made (``pages.people`` reads it)."""
    account = await read_signed_in(conn)
    people: People = conn.app.state.tables.people
    conn.scope["waiting"] = await people.waiting(account.id) if account else 0


class SessionCookie(APIKeyCookie):
    """The signed-in account, from the session cookie (an ``APIKeyCookie``, so that the
    OpenAPI document shows the routes secured by it). ``required``: 401 without one."""

    def __init__(self, *, required: bool) -> None:
        super().__init__(
            name=SESSION_COOKIE,
            auto_error=False,
            scheme_name="Session",
            description="The session cookie set by signing up or in (HttpOnly).",
        )
        self.required = required

    async def __call__(self, request: HTTPConnection) -> Account | None:  # type: ignore[override]
        account = await read_signed_in(request)
        if account is None and self.required:
            raise Refusal("signed_out", Msg("web.account.signed_out"))
        return account


SESSION = SessionCookie(required=True)
MAYBE_SESSION = SessionCookie(required=False)
AccountDep = Annotated[Account, Depends(SESSION)]
MaybeAccountDep = Annotated[Account | None, Depends(MAYBE_SESSION)]
