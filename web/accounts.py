"""Accounts as the web app uses them: signing up, in and out, sessions, the limit on failed
sign-ins, and the seats a browser held as a guest.

Everything durable goes through the store (:class:`web.storage_people.PeopleStorage`), so
any worker process may serve any request: a session is found by its id's digest, failed
sign-ins are counted in the store. Password hashing (Argon2id, tens of milliseconds by
design) runs in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Mapping
from urllib.parse import unquote

from gameshelf.core.i18n.messages import Msg
from gameshelf.web.people import (
    Passwords,
    display_name,
    name_key,
    name_problem,
    new_session_id,
    password_problem,
    session_hash,
)
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage
from gameshelf.web.storage_people import Account, NameTaken
from gameshelf.web.tables import Refusal, Tables, hash_token

SEAT_COOKIE_PREFIX = "gs_"  # the seats a browser holds: gs_<match>_<role> = token
MAX_HELD = 200  # seat cookies looked at when a guest signs up or in


class Accounts:
    """Accounts and sessions of one site."""

    def __init__(self, storage: Storage, settings: Settings, tables: Tables) -> None:
        self.storage = storage
        self.settings = settings
        self.tables = tables
        self.passwords = Passwords(settings.password_memory_kib, settings.password_rounds)
        self.clock: Callable[[], float] = time.time  # tests may move time on

    # --- sessions -------------------------------------------------------------------

    def signed_in(self, session_id: str | None) -> Account | None:
        """The account of a live session id (``None``: none, ended, expired, disabled)."""
        if not session_id or len(session_id) > 128:
            return None
        return self.storage.session_account(session_hash(session_id), self.clock())

    async def open_session(self, account: Account, address: str) -> str:
        """A new session for ``account``; returns its id (for the cookie only)."""
        session_id = new_session_id()
        now = self.clock()
        expires = now + self.settings.session_days * 86400
        await asyncio.to_thread(
            self.storage.create_session,
            session_hash(session_id),
            account.id,
            now,
            expires,
            address,
        )
        return session_id

    async def end_session(self, session_id: str | None) -> None:
        if session_id and len(session_id) <= 128:
            await asyncio.to_thread(self.storage.end_session, session_hash(session_id))

    # --- signing up and in ----------------------------------------------------------

    async def sign_up(
        self, name: str, password: str, email: str | None, admin: bool = False
    ) -> Account:
        """A new account; refused with the reason when the name or password will not do."""
        problem = name_problem(name) or password_problem(password)
        if problem is not None:
            raise Refusal("bad_account", problem)
        hashed = await asyncio.to_thread(self.passwords.hash, password)
        shown = display_name(name)
        try:
            return await asyncio.to_thread(
                self.storage.create_account,
                shown,
                name_key(shown),
                hashed,
                email or None,
                self.clock(),
                admin,
            )
        except NameTaken:
            raise Refusal("name_taken", Msg("web.account.name_taken", name=shown)) from None

    async def sign_in(self, name: str, password: str, address: str) -> Account:
        """The account ``name`` if ``password`` is its own; refused after too many failures
        for the account or from the address within the window (see the settings)."""
        key = name_key(name)
        self._admit(f"account:{key}", self.settings.signin_failures_per_account, "account")
        self._admit(f"address:{address}", self.settings.signin_failures_per_address, "address")
        account = self.storage.account_named(key)
        if account is None or account.deleted or not account.password:
            await asyncio.to_thread(self.passwords.dummy, password)
            ok = False
        else:
            ok = await asyncio.to_thread(self.passwords.check, account.password, password)
        if not ok or account is None:
            now = self.clock()
            await asyncio.to_thread(
                self.storage.note_failure, [f"account:{key}", f"address:{address}"], now
            )
            raise Refusal("wrong_password", Msg("web.account.wrong_password"))
        if account.disabled:
            raise Refusal("account_disabled", Msg("web.account.disabled"))
        await asyncio.to_thread(self.storage.clear_failures, f"account:{key}")
        if self.passwords.stale(account.password):
            hashed = await asyncio.to_thread(self.passwords.hash, password)
            await asyncio.to_thread(self.storage.set_password, account.id, hashed)
        return account

    def _admit(self, key: str, cap: int, what: str) -> None:
        now = self.clock()
        window = self.settings.signin_window_seconds
        failed = self.storage.failures(key, now - window)
        if len(failed) < cap:
            return
        wait = max(1, math.ceil(failed[-cap] + window - now))
        minutes = max(1, math.ceil(wait / 60))
        raise Refusal(
            "too_many_signins",
            Msg(f"web.account.too_many_{what}", count=minutes),
            headers={"Retry-After": str(wait)},
        )

    async def change_password(
        self, account: Account, current: str, new: str, keep: bytes | None
    ) -> None:
        """A new password, given the current one; every other session of the account ends."""
        ok = await asyncio.to_thread(self.passwords.check, account.password, current)
        if not ok:
            raise Refusal("wrong_password", Msg("web.account.wrong_password"))
        problem = password_problem(new)
        if problem is not None:
            raise Refusal("bad_account", problem)
        hashed = await asyncio.to_thread(self.passwords.hash, new)
        await asyncio.to_thread(self.storage.set_password, account.id, hashed)
        await asyncio.to_thread(self.storage.end_sessions, account.id, keep)

    async def delete(self, account: Account, password: str) -> None:
        """Delete ``account`` (its password confirms it): its running matches are handed to
        bots, its finished ones stay under "deleted player"."""
        ok = await asyncio.to_thread(self.passwords.check, account.password, password)
        if not ok:
            raise Refusal("wrong_password", Msg("web.account.wrong_password"))
        await self.tables.leave_all(account.id)
        await asyncio.to_thread(self.storage.forget_account, account.id)
        await self.tables.forget_names(account.id)

    # --- a guest's seats --------------------------------------------------------------

    async def keep_held_seats(self, account: Account, cookies: Mapping[str, str]) -> int:
        """Give ``account`` the seats whose tokens this browser holds in its seat cookies
        (a guest who signs up or in keeps its matches); how many it took."""
        held: list[tuple[str, str, bytes]] = []
        for name, token in cookies.items():
            if not name.startswith(SEAT_COOKIE_PREFIX) or not token or len(token) > 200:
                continue
            match_id, sep, role = name[len(SEAT_COOKIE_PREFIX) :].partition("_")
            if sep and match_id and role:
                held.append((match_id, unquote(role), hash_token(token)))
            if len(held) >= MAX_HELD:
                break
        return await self.tables.link_seats(account.id, held)
