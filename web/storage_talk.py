"""Where talk is kept: each match's chat and each seat's private notepad, behind the storage
interface (:class:`TalkStorage`, which :class:`web.storage.Storage` extends), with their
SQLite implementation (:class:`SQLiteTalk`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Literal

from gameshelf.web.storage_sql import Connection

Channel = Literal["seats", "spectators"]


@dataclass(frozen=True)
class ChatLine:
    """A chat message: said in a match's channel by a seat (``role``) or a spectator (its
    ``account``), under ``name``; ``removed`` by an administrator (its text is then gone)."""

    id: int
    match_id: str
    channel: Channel
    role: str | None
    account: int | None
    name: str
    text: str
    at: float
    removed: bool = False


class TalkStorage(ABC):
    """Chat and notepads."""

    @abstractmethod
    def add_chat(
        self,
        match_id: str,
        channel: Channel,
        role: str | None,
        account: int | None,
        name: str,
        text: str,
        now: float,
    ) -> ChatLine:
        """Keep a chat message; returns it with its id."""

    @abstractmethod
    def chat(
        self, match_id: str, channels: Sequence[Channel], after: int = 0, limit: int = 500
    ) -> list[ChatLine]:
        """The latest ``limit`` messages of ``channels`` with an id after ``after``, oldest
        first."""

    @abstractmethod
    def chat_said(self, match_id: str, role: str | None, account: int | None, since: float) -> int:
        """How many messages a seat (or, without ``role``, a spectator's account) said in a
        match since ``since``."""

    @abstractmethod
    def remove_chat(self, line_id: int) -> ChatLine | None:
        """Take a message's text away (an administrator's doing); the message as it was, or
        ``None`` when there is none."""

    @abstractmethod
    def note(self, match_id: str, role: str) -> str:
        """A seat's notepad ("" when empty)."""

    @abstractmethod
    def set_note(self, match_id: str, role: str, text: str, now: float) -> None:
        """Keep a seat's notepad."""


# 9: chat and notepads
TALK_MIGRATION = """
    CREATE TABLE chat (
        id         INTEGER PRIMARY KEY,
        match_id   TEXT NOT NULL REFERENCES matches (id),
        channel    TEXT NOT NULL,
        role       TEXT,
        account_id INTEGER REFERENCES accounts (id),
        name       TEXT NOT NULL,
        text       TEXT NOT NULL,
        at         REAL NOT NULL,
        removed    INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX chat_by_match ON chat (match_id, channel, id);
    CREATE INDEX chat_by_sayer ON chat (match_id, role, account_id, at);
    CREATE TABLE notes (
        match_id TEXT NOT NULL REFERENCES matches (id),
        role     TEXT NOT NULL,
        text     TEXT NOT NULL,
        updated  REAL NOT NULL,
        PRIMARY KEY (match_id, role)
    ) WITHOUT ROWID;
"""

_COLUMNS = "id, match_id, channel, role, account_id, name, text, at, removed"


def _line(row: Sequence[object]) -> ChatLine:
    lid, mid, channel, role, account, name, text, at, removed = row
    return ChatLine(
        int(lid),  # type: ignore[call-overload]
        str(mid),
        "spectators" if channel == "spectators" else "seats",
        role if isinstance(role, str) else None,
        account if isinstance(account, int) else None,
        str(name),
        str(text),
        float(at),  # type: ignore[arg-type]
        bool(removed),
    )


class SQLiteTalk(TalkStorage):
    """:class:`TalkStorage` in SQL, for both backends of :class:`web.storage.SQLStorage`."""

    _write: Callable[[], AbstractContextManager[Connection]]
    _read: Callable[[], AbstractContextManager[Connection]]

    def add_chat(
        self,
        match_id: str,
        channel: Channel,
        role: str | None,
        account: int | None,
        name: str,
        text: str,
        now: float,
    ) -> ChatLine:
        with self._write() as db:
            row = db.execute(
                "INSERT INTO chat (match_id, channel, role, account_id, name, text, at) "
                "VALUES (?,?,?,?,?,?,?) RETURNING id",
                (match_id, channel, role, account, name, text, now),
            ).fetchone()
            lid = int(row[0])
        return ChatLine(lid, match_id, channel, role, account, name, text, now)

    def chat(
        self, match_id: str, channels: Sequence[Channel], after: int = 0, limit: int = 500
    ) -> list[ChatLine]:
        marks = ",".join("?" * len(channels))
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM chat WHERE match_id=? AND channel IN ({marks}) "
                "AND id>? ORDER BY id DESC LIMIT ?",
                (match_id, *channels, after, limit),
            ).fetchall()
        return [_line(r) for r in reversed(rows)]

    def chat_said(self, match_id: str, role: str | None, account: int | None, since: float) -> int:
        with self._read() as db:
            if role is not None:
                row = db.execute(
                    "SELECT COUNT(*) FROM chat WHERE match_id=? AND role=? AND at>?",
                    (match_id, role, since),
                ).fetchone()
            else:
                row = db.execute(
                    "SELECT COUNT(*) FROM chat WHERE match_id=? AND role IS NULL "
                    "AND account_id=? AND at>?",
                    (match_id, account, since),
                ).fetchone()
        return int(row[0])

    def remove_chat(self, line_id: int) -> ChatLine | None:
        with self._write() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM chat WHERE id=?", (line_id,)).fetchone()
            if row is None:
                return None
            db.execute("UPDATE chat SET text='', removed=1 WHERE id=?", (line_id,))
        return _line(row)

    def note(self, match_id: str, role: str) -> str:
        with self._read() as db:
            row = db.execute(
                "SELECT text FROM notes WHERE match_id=? AND role=?", (match_id, role)
            ).fetchone()
        return str(row[0]) if row else ""

    def set_note(self, match_id: str, role: str, text: str, now: float) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO notes VALUES (?,?,?,?) ON CONFLICT (match_id, role) "
                "DO UPDATE SET text=excluded.text, updated=excluded.updated",
                (match_id, role, text, now),
            )
