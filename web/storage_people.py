"""Where people are kept: accounts, sessions and failed sign-ins, behind the storage
interface (:class:`PeopleStorage`, which :class:`web.storage.Storage` extends) and their
SQLite implementation (:class:`SQLitePeople`, mixed into :class:`web.storage.SQLiteStorage`).

A second backend implements the same abstract methods; the web app never speaks SQL. What
the store keeps of a secret is a digest or a hash: a session id's SHA-256, a password's
Argon2id hash.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from gameshelf.web.storage_sql import INTEGRITY_ERRORS, Connection

DELETED_KEY = " deleted:"  # a deleted account's name key: no name key starts with a space


@dataclass(frozen=True)
class Account:
    """A person's account. ``key`` is its name as compared (``web.people.name_key``);
    ``password`` the Argon2id hash; ``settings`` what later features keep per person
    (notifications, clocks) as JSON."""

    id: int
    name: str
    key: str
    password: str
    email: str | None = None
    admin: bool = False
    disabled: bool = False
    deleted: bool = False
    created: float = 0.0
    settings: dict[str, Any] = field(default_factory=dict)


class NameTaken(Exception):
    """Another account has this name (as names are compared)."""


class PeopleStorage(ABC):
    """Accounts, sessions and failed sign-ins."""

    @abstractmethod
    def create_account(
        self, name: str, key: str, password: str, email: str | None, now: float, admin: bool
    ) -> Account:
        """A new account; :class:`NameTaken` when ``key`` is another's."""

    @abstractmethod
    def account(self, account_id: int) -> Account | None:
        """The account ``account_id`` (deleted ones too), or ``None``."""

    @abstractmethod
    def account_named(self, key: str) -> Account | None:
        """The account whose name key is ``key``, or ``None``."""

    @abstractmethod
    def accounts(self, limit: int = 100, after: int = 0) -> list[Account]:
        """Accounts by id, from the first after ``after``; deleted ones left out."""

    @abstractmethod
    def set_password(self, account_id: int, password: str) -> None:
        """Keep a new password hash."""

    @abstractmethod
    def set_flags(
        self, account_id: int, *, admin: bool | None = None, disabled: bool | None = None
    ) -> None:
        """Make an account an administrator (or not), disable it (or not)."""

    @abstractmethod
    def forget_account(self, account_id: int) -> None:
        """Delete an account: its name, password, e-mail and sessions go; its id stays, so
        the seats it held read as a deleted player's."""

    @abstractmethod
    def create_session(
        self, digest: bytes, account_id: int, now: float, expires: float, address: str
    ) -> None:
        """Keep a session (its id's digest) until ``expires``."""

    @abstractmethod
    def session_account(self, digest: bytes, now: float) -> Account | None:
        """The account of a live session, or ``None`` (unknown, expired, or its account
        disabled or deleted)."""

    @abstractmethod
    def end_session(self, digest: bytes) -> None:
        """Forget a session."""

    @abstractmethod
    def end_sessions(self, account_id: int, keep: bytes | None = None) -> int:
        """Forget every session of an account but ``keep``; how many were ended."""

    @abstractmethod
    def note_failure(self, keys: Sequence[str], now: float) -> None:
        """Count a failed sign-in under each of ``keys`` (an account, an address)."""

    @abstractmethod
    def failures(self, key: str, since: float) -> list[float]:
        """When the failures counted under ``key`` since ``since`` happened, oldest first."""

    @abstractmethod
    def clear_failures(self, key: str, before: float | None = None) -> None:
        """Forget the failures under ``key`` (all, or those before ``before``)."""

    @abstractmethod
    def link_seat(self, match_id: str, role: str, account_id: int) -> bool:
        """Give a person's seat that no account holds to ``account_id``; whether it did."""

    @abstractmethod
    def add_seat_key(
        self, digest: bytes, match_id: str, role: str, account_id: int, session: bytes, now: float
    ) -> None:
        """Keep another key (its digest) to an account's seat, for the browser of
        ``session`` (a session's digest): it opens the seat while that session lives."""

    @abstractmethod
    def seat_key_role(self, digest: bytes, match_id: str, now: float) -> str | None:
        """The role a seat key opens in ``match_id``: only while the session it was made for
        lives and its account still holds that seat as a person; else ``None``."""


# The schema steps of people, for web.storage.MIGRATIONS (schemas 6 and 7).
ACCOUNTS_MIGRATION = """
    CREATE TABLE accounts (
        id       INTEGER PRIMARY KEY,
        name     TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        email    TEXT,
        admin    INTEGER NOT NULL DEFAULT 0,
        disabled INTEGER NOT NULL DEFAULT 0,
        deleted  INTEGER NOT NULL DEFAULT 0,
        created  REAL NOT NULL,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE sessions (
        digest     BLOB PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id),
        created    REAL NOT NULL,
        expires    REAL NOT NULL,
        address    TEXT NOT NULL DEFAULT ''
    ) WITHOUT ROWID;
    CREATE INDEX sessions_by_account ON sessions (account_id);
    CREATE TABLE signin_failures (
        key TEXT NOT NULL,
        at  REAL NOT NULL
    );
    CREATE INDEX signin_failures_by_key ON signin_failures (key, at);
    ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts (id);
    CREATE INDEX seats_by_account ON seats (account_id);
"""

# 7: keys to an account's seats for the browsers it signs in on (a seat token each, kept as
# its SHA-256 like the seats' own), alive while the session they were made for lives.
SEAT_KEYS_MIGRATION = """
    CREATE TABLE seat_keys (
        digest     BLOB PRIMARY KEY,
        match_id   TEXT NOT NULL REFERENCES matches (id),
        role       TEXT NOT NULL,
        account_id INTEGER NOT NULL REFERENCES accounts (id),
        session    BLOB NOT NULL,
        created    REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX seat_keys_by_session ON seat_keys (session);
"""

_ACCOUNT_COLUMNS = (
    "id, name, name_key, password, email, admin, disabled, deleted, created, settings"
)


def _account(row: Sequence[Any]) -> Account:
    aid, name, key, password, email, admin, disabled, deleted, created, settings = row
    return Account(
        aid,
        name,
        key,
        password,
        email,
        bool(admin),
        bool(disabled),
        bool(deleted),
        created,
        json.loads(settings or "{}"),
    )


class SQLitePeople(PeopleStorage):
    """:class:`PeopleStorage` in SQL, for both backends of :class:`web.storage.SQLStorage`."""

    _write: Callable[[], AbstractContextManager[Connection]]
    _read: Callable[[], AbstractContextManager[Connection]]

    def create_account(
        self, name: str, key: str, password: str, email: str | None, now: float, admin: bool
    ) -> Account:
        try:
            with self._write() as db:
                row = db.execute(
                    "INSERT INTO accounts (name, name_key, password, email, admin, created) "
                    "VALUES (?,?,?,?,?,?) RETURNING id",
                    (name, key, password, email, int(admin), now),
                ).fetchone()
                aid = int(row[0])
        except INTEGRITY_ERRORS as exc:
            raise NameTaken(name) from exc
        found = self.account(aid)
        assert found is not None
        return found

    def _one(self, where: str, value: object) -> Account | None:
        with self._read() as db:
            row = db.execute(
                f"SELECT {_ACCOUNT_COLUMNS} FROM accounts WHERE {where}=?", (value,)
            ).fetchone()
        return _account(row) if row else None

    def account(self, account_id: int) -> Account | None:
        return self._one("id", account_id)

    def account_named(self, key: str) -> Account | None:
        return self._one("name_key", key)

    def accounts(self, limit: int = 100, after: int = 0) -> list[Account]:
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_ACCOUNT_COLUMNS} FROM accounts WHERE id>? AND deleted=0 "
                "ORDER BY id LIMIT ?",
                (after, limit),
            ).fetchall()
        return [_account(r) for r in rows]

    def set_password(self, account_id: int, password: str) -> None:
        with self._write() as db:
            db.execute("UPDATE accounts SET password=? WHERE id=?", (password, account_id))

    def set_flags(
        self, account_id: int, *, admin: bool | None = None, disabled: bool | None = None
    ) -> None:
        with self._write() as db:
            if admin is not None:
                db.execute("UPDATE accounts SET admin=? WHERE id=?", (int(admin), account_id))
            if disabled is not None:
                db.execute("UPDATE accounts SET disabled=? WHERE id=?", (int(disabled), account_id))
                if disabled:
                    db.execute("DELETE FROM sessions WHERE account_id=?", (account_id,))
                    db.execute("DELETE FROM seat_keys WHERE account_id=?", (account_id,))

    def forget_account(self, account_id: int) -> None:
        with self._write() as db:
            db.execute("DELETE FROM sessions WHERE account_id=?", (account_id,))
            db.execute("DELETE FROM seat_keys WHERE account_id=?", (account_id,))
            db.execute(
                "UPDATE seats SET name='' WHERE account_id=? AND kind != 'bot'", (account_id,)
            )
            db.execute(
                "UPDATE accounts SET name='', name_key=?, password='', email=NULL, deleted=1, "
                "admin=0, settings='{}' WHERE id=?",
                (f"{DELETED_KEY}{account_id}", account_id),
            )

    def create_session(
        self, digest: bytes, account_id: int, now: float, expires: float, address: str
    ) -> None:
        with self._write() as db:
            db.execute("DELETE FROM sessions WHERE expires<=?", (now,))
            db.execute(
                "INSERT INTO sessions VALUES (?,?,?,?,?)",
                (digest, account_id, now, expires, address),
            )

    def session_account(self, digest: bytes, now: float) -> Account | None:
        columns = ", ".join(f"a.{c.strip()}" for c in _ACCOUNT_COLUMNS.split(","))
        with self._read() as db:
            row = db.execute(
                f"SELECT {columns} FROM sessions s JOIN accounts a ON a.id = s.account_id "
                "WHERE s.digest=? AND s.expires>? AND a.disabled=0 AND a.deleted=0",
                (digest, now),
            ).fetchone()
        return _account(row) if row else None

    def end_session(self, digest: bytes) -> None:
        with self._write() as db:
            db.execute("DELETE FROM sessions WHERE digest=?", (digest,))
            db.execute("DELETE FROM seat_keys WHERE session=?", (digest,))

    def end_sessions(self, account_id: int, keep: bytes | None = None) -> int:
        with self._write() as db:
            db.execute(
                "DELETE FROM seat_keys WHERE account_id=? AND COALESCE(session <> ?, 1=1)",
                (account_id, keep),
            )
            return db.execute(
                "DELETE FROM sessions WHERE account_id=? AND COALESCE(digest <> ?, 1=1)",
                (account_id, keep),
            ).rowcount

    def note_failure(self, keys: Sequence[str], now: float) -> None:
        with self._write() as db:
            db.executemany("INSERT INTO signin_failures VALUES (?,?)", [(k, now) for k in keys])

    def failures(self, key: str, since: float) -> list[float]:
        with self._read() as db:
            rows = db.execute(
                "SELECT at FROM signin_failures WHERE key=? AND at>? ORDER BY at", (key, since)
            ).fetchall()
        return [r[0] for r in rows]

    def clear_failures(self, key: str, before: float | None = None) -> None:
        with self._write() as db:
            if before is None:
                db.execute("DELETE FROM signin_failures WHERE key=?", (key,))
            else:
                db.execute("DELETE FROM signin_failures WHERE key=? AND at<?", (key, before))

    def link_seat(self, match_id: str, role: str, account_id: int) -> bool:
        with self._write() as db:
            return bool(
                db.execute(
                    "UPDATE seats SET account_id=? WHERE match_id=? AND role=? "
                    "AND kind='human' AND account_id IS NULL",
                    (account_id, match_id, role),
                ).rowcount
            )

    def add_seat_key(
        self, digest: bytes, match_id: str, role: str, account_id: int, session: bytes, now: float
    ) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO seat_keys VALUES (?,?,?,?,?,?) ON CONFLICT (digest) DO UPDATE SET "
                "match_id=excluded.match_id, role=excluded.role, account_id=excluded.account_id, "
                "session=excluded.session, created=excluded.created",
                (digest, match_id, role, account_id, session, now),
            )

    def seat_key_role(self, digest: bytes, match_id: str, now: float) -> str | None:
        with self._read() as db:
            row = db.execute(
                "SELECT k.role FROM seat_keys k "
                "JOIN sessions s ON s.digest = k.session AND s.account_id = k.account_id "
                "JOIN accounts a ON a.id = k.account_id "
                "JOIN seats t ON t.match_id = k.match_id AND t.role = k.role "
                "AND t.account_id = k.account_id AND t.kind = 'human' "
                "WHERE k.digest=? AND k.match_id=? AND s.expires>? "
                "AND a.disabled=0 AND a.deleted=0",
                (digest, match_id, now),
            ).fetchone()
        return str(row[0]) if row else None
