"""What the two SQL backends share: the shape of a connection the queries run on, and the
errors a broken constraint raises in either.

The queries of :mod:`web.storage` and its parts (people, talk, ratings) are written once,
in the SQL that SQLite and PostgreSQL both speak: ``?`` placeholders (the PostgreSQL
backend turns them into its own), ``INSERT ... ON CONFLICT``, ``RETURNING``, flags as
integers compared with ``= 0``, no ``INSERT OR REPLACE``, no ``IS NOT ?``. Each backend
keeps its own schema and migrations (``web.storage.MIGRATIONS``,
``web.storage_pg.PG_MIGRATIONS``), since the two disagree on types and keys.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import psycopg


class Cursor(Protocol):
    """What a query returns, in either backend."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    """A connection the shared queries run on: ``sqlite3.Connection`` itself, or
    :class:`web.storage_pg.PgConnection` around a psycopg connection."""

    def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Cursor: ...


# A write broke a unique or foreign key: the same in both backends.
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)

# The database undid a write to let another go on (PostgreSQL's deadlock victim or
# serialisation failure, SQLSTATE 40P01 and 40001): the same write, tried again, may well pass.
# SQLite, with one writer, has none.
TRANSIENT_ERRORS: tuple[type[Exception], ...] = (
    psycopg.errors.DeadlockDetected,
    psycopg.errors.SerializationFailure,
)
