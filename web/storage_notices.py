"""Where notices are kept (issue 30): each player's choice of channels, the queue of
notices to send with their tries, and the marks that keep a kind of notice from being sent
too often, behind the storage interface (:class:`NoticeStorage`, which
:class:`web.storage.Storage` extends), with their SQLite implementation.

The queue is in the database, so it survives a restart; a notice is claimed with a lease
by a conditional update before it is sent (as a timeout is: :mod:`web.storage_clocks`), so
two processes never send it both.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal

from gameshelf.web.storage_sql import Connection

Channel = Literal["email", "webhook"]
Digest = Literal["immediate", "daily"]


@dataclass(frozen=True)
class NoticePrefs:
    """A player's notices: by e-mail (to the account's address) and/or to a webhook, in
    ``lang``, signed with ``secret``; ``*_failures`` tries failed in a row, ``*_off`` why
    a channel was turned off after too many (``None``: on); ``unsubscribe`` the key of the
    e-mails' unsubscribe link; ``digest``: each notice at once, or one e-mail a day."""

    account_id: int
    lang: str = "en"
    email: bool = False
    webhook: str = ""
    secret: str = ""
    digest: Digest = "immediate"
    email_failures: int = 0
    webhook_failures: int = 0
    email_off: str | None = None
    webhook_off: str | None = None
    unsubscribe: str = ""
    digest_sent: float = 0.0


@dataclass(frozen=True)
class Notice:
    """A notice in the queue: its channel, event, match and what to send (JSON)."""

    id: int
    account_id: int
    channel: Channel
    event: str
    match_id: str | None
    body: str
    tries: int = 0


class NoticeStorage(ABC):
    """Players' notice settings, the queue, rate marks."""

    @abstractmethod
    def notice_prefs(self, account_id: int) -> NoticePrefs | None:
        """A player's notice settings (``None``: never set)."""

    @abstractmethod
    def set_notice_prefs(self, prefs: NoticePrefs) -> None:
        """Keep a player's notice settings (as given: failures and offs included)."""

    @abstractmethod
    def add_notice(
        self,
        account_id: int,
        channel: Channel,
        event: str,
        match_id: str | None,
        body: str,
        now: float,
    ) -> int:
        """Queue a notice, to be sent from ``now``; its id."""

    @abstractmethod
    def due_notices(self, now: float, limit: int = 50) -> list[Notice]:
        """The notices to send by ``now`` (not sent, not given up, not leased)."""

    @abstractmethod
    def claim_notice(self, notice_id: int, now: float, until: float) -> bool:
        """Take a due notice to send, until ``until``; ``False`` when another holds it
        (or it was sent or given up)."""

    @abstractmethod
    def notice_sent(self, notice: Notice, now: float) -> None:
        """The notice went out: its channel's failures start again from nothing."""

    @abstractmethod
    def notice_failed(
        self, notice: Notice, now: float, error: str, retry_at: float, turn_off_after: int
    ) -> bool:
        """A try failed: it is tried again from ``retry_at``, unless its channel failed
        ``turn_off_after`` times in a row: then the channel is turned off (``error`` said
        why) and its notices waiting are given up. Whether it was turned off now."""

    @abstractmethod
    def notices_of(self, account_id: int, limit: int = 20) -> list[tuple[Notice, str]]:
        """A player's latest notices and how each stands (``waiting``, ``sent``,
        ``failed``), newest first."""

    @abstractmethod
    def mark_notice(
        self, account_id: int, match_id: str, event: str, now: float, within: float
    ) -> bool:
        """Note that ``event`` is told now about ``match_id``, unless it was within
        ``within`` seconds (``False``: not again so soon)."""

    @abstractmethod
    def low_clocks(self, now: float, share: float) -> list[tuple[str, str, float]]:
        """Running clocks with ``share`` of their pace's cap or less left at ``now``, not
        told yet: ``(match, role, due)``."""

    @abstractmethod
    def claim_low_clock(self, match_id: str, role: str, due: float, now: float) -> bool:
        """Note that the low clock of ``role`` (due at ``due``) is told; ``False`` when it
        was, or the clock moved."""

    @abstractmethod
    def keep_presence(self, pages: Sequence[tuple[str, str]], worker: str, until: float) -> None:
        """Note that server process ``worker`` holds a page of each ``(match, role)``
        until ``until`` (it says so again before then while it does)."""

    @abstractmethod
    def drop_presence(self, match_id: str, role: str, worker: str, before: float) -> None:
        """``worker`` no longer holds a page of ``(match, role)``; and forget every note
        that ran out before ``before``."""

    @abstractmethod
    def present(self, match_id: str, role: str, now: float) -> bool:
        """Whether some server process holds a page of the match as ``role`` at ``now``."""

    @abstractmethod
    def prefs_by_unsubscribe(self, key: str) -> NoticePrefs | None:
        """The settings whose unsubscribe key is ``key``."""

    @abstractmethod
    def digest_due(self, before: float) -> list[NoticePrefs]:
        """Players on a daily digest whose last one was sent before ``before``."""

    @abstractmethod
    def claim_digest(self, account_id: int, last: float, now: float) -> bool:
        """Take the player's digest of today: ``False`` when another process did."""


# 14: notice settings, the queue, rate marks; a low clock told once per run
NOTICES_MIGRATION = """
    CREATE TABLE notice_prefs (
        account_id       INTEGER PRIMARY KEY REFERENCES accounts (id),
        lang             TEXT NOT NULL,
        email            INTEGER NOT NULL,
        webhook          TEXT NOT NULL,
        secret           TEXT NOT NULL,
        digest           TEXT NOT NULL,
        email_failures   INTEGER NOT NULL DEFAULT 0,
        webhook_failures INTEGER NOT NULL DEFAULT 0,
        email_off        TEXT,
        webhook_off      TEXT,
        unsubscribe      TEXT NOT NULL UNIQUE,
        digest_sent      REAL NOT NULL DEFAULT 0
    );
    CREATE TABLE notices (
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts (id),
        channel    TEXT NOT NULL,
        event      TEXT NOT NULL,
        match_id   TEXT,
        body       TEXT NOT NULL,
        created    REAL NOT NULL,
        due        REAL NOT NULL,
        tries      INTEGER NOT NULL DEFAULT 0,
        lease      REAL,
        sent       REAL,
        failed     REAL,
        error      TEXT
    );
    CREATE INDEX notices_due ON notices (due) WHERE sent IS NULL AND failed IS NULL;
    CREATE INDEX notices_of ON notices (account_id, id);
    CREATE TABLE notice_marks (
        account_id INTEGER NOT NULL REFERENCES accounts (id),
        match_id   TEXT NOT NULL,
        event      TEXT NOT NULL,
        at         REAL NOT NULL,
        PRIMARY KEY (account_id, match_id, event)
    ) WITHOUT ROWID;
    ALTER TABLE clocks ADD COLUMN low_told REAL;
"""

# 15: who is on a match's page, by server process (the notices of several workers)
PRESENCE_MIGRATION = """
    CREATE TABLE presence (
        match_id TEXT NOT NULL,
        role     TEXT NOT NULL,
        worker   TEXT NOT NULL,
        until    REAL NOT NULL,
        PRIMARY KEY (match_id, role, worker)
    );
"""

_PREFS = (
    "account_id, lang, email, webhook, secret, digest, email_failures, webhook_failures, "
    "email_off, webhook_off, unsubscribe, digest_sent"
)
_NOTICE = "id, account_id, channel, event, match_id, body, tries"


def _prefs(row: Sequence[Any]) -> NoticePrefs:
    aid, lang, email, webhook, secret, digest, ef, wf, eoff, woff, unsub, dsent = row
    return NoticePrefs(
        int(aid), lang, bool(email), webhook, secret, digest, ef, wf, eoff, woff, unsub, dsent
    )


def _notice(row: Sequence[Any]) -> Notice:
    nid, aid, channel, event, mid, body, tries = row
    return Notice(int(nid), int(aid), channel, event, mid, body, int(tries))


class SQLiteNotices(NoticeStorage):
    """:class:`NoticeStorage` in the SQLite file of :class:`web.storage.SQLiteStorage`."""

    _write: Callable[[], AbstractContextManager[Connection]]
    _read: Callable[[], AbstractContextManager[Connection]]

    def notice_prefs(self, account_id: int) -> NoticePrefs | None:
        with self._read() as db:
            row = db.execute(
                f"SELECT {_PREFS} FROM notice_prefs WHERE account_id=?", (account_id,)
            ).fetchone()
        return _prefs(row) if row else None

    def set_notice_prefs(self, prefs: NoticePrefs) -> None:
        p = prefs
        with self._write() as db:
            db.execute(
                f"INSERT INTO notice_prefs ({_PREFS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) "
                "ON CONFLICT (account_id) DO UPDATE SET lang=excluded.lang, "
                "email=excluded.email, webhook=excluded.webhook, secret=excluded.secret, "
                "digest=excluded.digest, email_failures=excluded.email_failures, "
                "webhook_failures=excluded.webhook_failures, email_off=excluded.email_off, "
                "webhook_off=excluded.webhook_off, unsubscribe=excluded.unsubscribe, "
                "digest_sent=excluded.digest_sent",
                (
                    p.account_id,
                    p.lang,
                    int(p.email),
                    p.webhook,
                    p.secret,
                    p.digest,
                    p.email_failures,
                    p.webhook_failures,
                    p.email_off,
                    p.webhook_off,
                    p.unsubscribe,
                    p.digest_sent,
                ),
            )

    def add_notice(
        self,
        account_id: int,
        channel: Channel,
        event: str,
        match_id: str | None,
        body: str,
        now: float,
    ) -> int:
        with self._write() as db:
            row = db.execute(
                "INSERT INTO notices (account_id, channel, event, match_id, body, created, due) "
                "VALUES (?,?,?,?,?,?,?) RETURNING id",
                (account_id, channel, event, match_id, body, now, now),
            ).fetchone()
        return int(row[0])

    def due_notices(self, now: float, limit: int = 50) -> list[Notice]:
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_NOTICE} FROM notices WHERE sent IS NULL AND failed IS NULL "
                "AND due<=? AND (lease IS NULL OR lease<?) ORDER BY due, id LIMIT ?",
                (now, now, limit),
            ).fetchall()
        return [_notice(r) for r in rows]

    def claim_notice(self, notice_id: int, now: float, until: float) -> bool:
        with self._write() as db:
            done = db.execute(
                "UPDATE notices SET lease=? WHERE id=? AND sent IS NULL AND failed IS NULL "
                "AND due<=? AND (lease IS NULL OR lease<?)",
                (until, notice_id, now, now),
            ).rowcount
        return bool(done)

    def notice_sent(self, notice: Notice, now: float) -> None:
        column = f"{notice.channel}_failures"
        with self._write() as db:
            db.execute(
                "UPDATE notices SET sent=?, lease=NULL, tries=tries+1 WHERE id=?", (now, notice.id)
            )
            db.execute(
                f"UPDATE notice_prefs SET {column}=0 WHERE account_id=?", (notice.account_id,)
            )

    def notice_failed(
        self, notice: Notice, now: float, error: str, retry_at: float, turn_off_after: int
    ) -> bool:
        failures = f"{notice.channel}_failures"
        off = f"{notice.channel}_off"
        with self._write() as db:
            db.execute(
                "UPDATE notices SET tries=tries+1, due=?, lease=NULL, error=? WHERE id=?",
                (retry_at, error[:500], notice.id),
            )
            db.execute(
                f"UPDATE notice_prefs SET {failures}={failures}+1 WHERE account_id=?",
                (notice.account_id,),
            )
            turned = db.execute(
                f"UPDATE notice_prefs SET {off}=? WHERE account_id=? AND {off} IS NULL "
                f"AND {failures}>=?",
                (error[:500], notice.account_id, turn_off_after),
            ).rowcount
            if turned:
                db.execute(
                    "UPDATE notices SET failed=?, lease=NULL WHERE account_id=? AND channel=? "
                    "AND sent IS NULL AND failed IS NULL",
                    (now, notice.account_id, notice.channel),
                )
        return bool(turned)

    def notices_of(self, account_id: int, limit: int = 20) -> list[tuple[Notice, str]]:
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_NOTICE}, sent, failed FROM notices WHERE account_id=? "
                "ORDER BY id DESC LIMIT ?",
                (account_id, limit),
            ).fetchall()
        return [
            (_notice(r[:7]), "sent" if r[7] is not None else "failed" if r[8] else "waiting")
            for r in rows
        ]

    def mark_notice(
        self, account_id: int, match_id: str, event: str, now: float, within: float
    ) -> bool:
        with self._write() as db:
            done = db.execute(
                "INSERT INTO notice_marks VALUES (?,?,?,?) "
                "ON CONFLICT (account_id, match_id, event) DO UPDATE SET at=excluded.at "
                "WHERE notice_marks.at<=?",
                (account_id, match_id, event, now, now - within),
            ).rowcount
        return bool(done)

    def low_clocks(self, now: float, share: float) -> list[tuple[str, str, float]]:
        with self._read() as db:
            rows = db.execute(
                "SELECT c.match_id, c.role, c.due FROM clocks c JOIN paces p "
                "ON p.match_id=c.match_id WHERE c.due IS NOT NULL AND c.low_told IS NULL "
                "AND c.timed_out IS NULL AND c.due-?*p.cap<=? AND c.due>? LIMIT 100",
                (share, now, now),
            ).fetchall()
        return [(str(m), str(r), float(d)) for m, r, d in rows]

    def claim_low_clock(self, match_id: str, role: str, due: float, now: float) -> bool:
        with self._write() as db:
            done = db.execute(
                "UPDATE clocks SET low_told=? WHERE match_id=? AND role=? AND due=? "
                "AND low_told IS NULL",
                (now, match_id, role, due),
            ).rowcount
        return bool(done)

    def keep_presence(self, pages: Sequence[tuple[str, str]], worker: str, until: float) -> None:
        if not pages:
            return
        with self._write() as db:
            db.executemany(
                "INSERT INTO presence VALUES (?,?,?,?) ON CONFLICT (match_id, role, worker) "
                "DO UPDATE SET until=excluded.until",
                [(mid, role, worker, until) for mid, role in pages],
            )

    def drop_presence(self, match_id: str, role: str, worker: str, before: float) -> None:
        with self._write() as db:
            db.execute(
                "DELETE FROM presence WHERE match_id=? AND role=? AND worker=?",
                (match_id, role, worker),
            )
            db.execute("DELETE FROM presence WHERE until<?", (before,))

    def present(self, match_id: str, role: str, now: float) -> bool:
        with self._read() as db:
            row = db.execute(
                "SELECT 1 FROM presence WHERE match_id=? AND role=? AND until>=? LIMIT 1",
                (match_id, role, now),
            ).fetchone()
        return row is not None

    def prefs_by_unsubscribe(self, key: str) -> NoticePrefs | None:
        with self._read() as db:
            row = db.execute(
                f"SELECT {_PREFS} FROM notice_prefs WHERE unsubscribe=?", (key,)
            ).fetchone()
        return _prefs(row) if row else None

    def digest_due(self, before: float) -> list[NoticePrefs]:
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_PREFS} FROM notice_prefs WHERE digest='daily' AND email<>0 "
                "AND email_off IS NULL AND digest_sent<=?",
                (before,),
            ).fetchall()
        return [_prefs(r) for r in rows]

    def claim_digest(self, account_id: int, last: float, now: float) -> bool:
        with self._write() as db:
            done = db.execute(
                "UPDATE notice_prefs SET digest_sent=? WHERE account_id=? AND digest_sent=?",
                (now, account_id, last),
            ).rowcount
        return bool(done)
