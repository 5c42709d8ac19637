"""Administration (issue 29 item 8), the same from the command line (``gameshelf admin``)
and from the site's administrators' page: make an administrator, list accounts, disable
an account (its sessions and seat keys end; its started matches are resigned, its
invitations declined, its seats in matches still gathering players handed to bots) or
enable it again, and take a chat message away.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gameshelf.core.i18n.messages import Msg
from gameshelf.web.accounts import Accounts
from gameshelf.web.people import name_key
from gameshelf.web.storage import Storage
from gameshelf.web.storage_people import Account
from gameshelf.web.tables import Refusal, Tables
from gameshelf.web.talk import Talk


def find(storage: Storage, name: str) -> Account:
    """The live account named ``name``; refused when there is none."""
    account = storage.account_named(name_key(name))
    if account is None or account.deleted:
        raise Refusal("not_found", Msg("web.admin.no_account", name=name))
    return account


def listed(storage: Storage, limit: int = 1000) -> list[dict[str, Any]]:
    """Every account (deleted ones left out), as administrators read them."""
    return [
        {
            "id": a.id,
            "name": a.name,
            "email": a.email,
            "admin": a.admin,
            "disabled": a.disabled,
            "created": a.created,
        }
        for a in storage.accounts(limit)
    ]


async def make_admin(accounts: Accounts, name: str, password: str | None) -> Account:
    """Make ``name`` an administrator: a new account with ``password``, or, without one,
    the account of that name."""
    if password is None:
        account = find(accounts.storage, name)
        await asyncio.to_thread(accounts.storage.set_flags, account.id, admin=True)
        return account
    return await accounts.sign_up(name, password, None, admin=True)


async def disable(storage: Storage, tables: Tables, name: str, disabled: bool = True) -> Account:
    """Disable (or enable again) the account ``name`` (see the module)."""
    account = find(storage, name)
    await asyncio.to_thread(storage.set_flags, account.id, disabled=disabled)
    if disabled:
        await tables.leave_all(account.id)
    return account


async def remove_message(talk: Talk, line_id: int) -> None:
    if await talk.remove(line_id) is None:
        raise Refusal("not_found", Msg("web.admin.no_message", id=line_id))


@contextmanager
def offline_site(db: Path | str) -> Iterator[Any]:
    """The site of the database ``db`` (an SQLite file or a ``postgresql://`` URL) without
    serving it (for ``gameshelf admin``): its ``state`` holds the storage, tables, accounts
    and chat."""
    from gameshelf.web.app import create_app
    from gameshelf.web.settings import Settings
    from gameshelf.web.storage_pg import is_postgres_url

    where: dict[str, Any] = (
        {"database_url": str(db)} if is_postgres_url(str(db)) else {"db": Path(db)}
    )
    app = create_app(Settings(**where))  # the rest from GAMESHELF_*
    try:
        yield app.state
    finally:
        app.state.tables.writer.close()
        app.state.storage.close()
