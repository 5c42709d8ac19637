"""Where clocks are kept: each match's pace and each seat's clock, and the timeouts the
scheduler claims (issue 30), behind the storage interface (:class:`ClockStorage`, which
:class:`web.storage.Storage` extends), with their SQLite implementation.

**Timeouts fire once, from any number of processes.** A running clock's ``due`` time is in
the database. A scheduler finds the clocks due (:meth:`ClockStorage.due_clocks`), claims one
with a conditional update (:meth:`ClockStorage.claim_timeout`: only if it is still due at
that very time, not timed out, and nobody holds a lease on it, or the lease ran out), then
carries the timeout out in one transaction that marks the clock timed out only if it was
not (:meth:`ClockStorage.time_out`). A process dying between the claim and the write leaves
a lease that runs out, and another (or the same, restarted) claims it again; the write's
condition makes a second one fail. A scheduler that was down finds every due clock at once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from gameshelf.web.clocks import Pace, SeatClock
from gameshelf.web.storage_sql import Connection

if TYPE_CHECKING:
    from gameshelf.web.storage import Summary


class ClockStorage(ABC):
    """Paces, clocks, timeouts."""

    @abstractmethod
    def add_clocks(self, match_id: str, pace: Pace, clocks: Sequence[SeatClock]) -> None:
        """Give a match its pace and its seats' clocks (once, as it is created)."""

    @abstractmethod
    def set_bot_pace(self, match_id: str, pace: float) -> None:
        """Keep the pace its creator chose for a match's bots while it is watched."""

    @abstractmethod
    def bot_pace(self, match_id: str) -> float | None:
        """The pace chosen for a match's bots (``None``: the site's default)."""

    @abstractmethod
    def clocks(self, match_ids: Sequence[str]) -> dict[str, tuple[Pace, dict[str, SeatClock]]]:
        """The pace and the seats' clocks of each of ``match_ids`` that has a pace."""

    @abstractmethod
    def set_clocks(self, match_id: str, clocks: Sequence[SeatClock]) -> None:
        """Store seats' clocks as they now are (bank, since, due; a lease on them ends)."""

    @abstractmethod
    def due_clocks(self, now: float, limit: int = 100) -> list[tuple[str, str, float]]:
        """The clocks run out by ``now`` whose timeout is not done and not leased:
        ``(match, role, due)``, earliest first."""

    @abstractmethod
    def next_due(self) -> float | None:
        """When the next running clock runs out (``None``: none runs)."""

    @abstractmethod
    def claim_timeout(self, match_id: str, role: str, due: float, now: float, until: float) -> bool:
        """Take the timeout of ``role``'s clock, due at ``due``, for this process until
        ``until``: ``False`` when it is not due (any more), done, or claimed by another."""

    @abstractmethod
    def time_out(
        self,
        match_id: str,
        role: str,
        at: float,
        seq: int,
        summary: Summary,
        expected_version: int | None,
        resign: bool,
        bot: tuple[str, str] | None,
    ) -> bool:
        """Carry out ``role``'s timeout at ``at`` (after ``seq`` actions), all or nothing:
        its clock is marked run out, it resigns (``resign``: it loses) and/or ``bot`` (an
        agent and its title) plays its seat from now on. ``False`` (nothing written) when
        the clock had run out already."""

    @abstractmethod
    def timeouts(self, match_id: str) -> list[tuple[str, int, bool]]:
        """The seats of a match whose clock ran out, in the order they did: each role,
        after how many actions, and whether it lost (else a bot played it on)."""


# 12: paces, clocks, timeouts (and why a seat gave up: it resigned, or its time ran out)
CLOCKS_MIGRATION = """
    CREATE TABLE paces (
        match_id   TEXT PRIMARY KEY REFERENCES matches (id),
        kind       TEXT NOT NULL,
        base       REAL NOT NULL,
        cap        REAL NOT NULL,
        on_timeout TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE clocks (
        match_id  TEXT NOT NULL REFERENCES matches (id),
        role      TEXT NOT NULL,
        bank      REAL NOT NULL,
        since     REAL,
        due       REAL,
        lease     REAL,
        timed_out REAL,
        PRIMARY KEY (match_id, role)
    ) WITHOUT ROWID;
    CREATE INDEX clocks_due ON clocks (due) WHERE due IS NOT NULL;
    ALTER TABLE resignations ADD COLUMN why TEXT NOT NULL DEFAULT 'resigned';
"""

# 13: after how many actions a clock ran out, and whether its seat lost (else a bot played on)
TIMEOUTS_MIGRATION = """
    ALTER TABLE clocks ADD COLUMN out_seq INTEGER;
    ALTER TABLE clocks ADD COLUMN out_lost INTEGER;
"""


# 16: the pace a match's creator chose for its bots while it is watched (issue 28 item 7)
BOT_PACES_MIGRATION = """
    CREATE TABLE bot_paces (
        match_id TEXT PRIMARY KEY REFERENCES matches (id),
        pace     REAL NOT NULL
    );
"""


def _clock(row: Sequence[Any]) -> SeatClock:
    role, bank, since, due, timed_out = row
    return SeatClock(str(role), float(bank), since, due, timed_out)


class SQLiteClocks(ClockStorage):
    """:class:`ClockStorage` in SQL, for both backends of :class:`web.storage.SQLStorage`."""

    _write: Callable[[], AbstractContextManager[Connection]]
    _read: Callable[[], AbstractContextManager[Connection]]
    _expect: Callable[[str, int | None], int]
    _to_bot: Callable[[str, str, str, str], None]
    _set_summary: Callable[..., None]

    def add_clocks(self, match_id: str, pace: Pace, clocks: Sequence[SeatClock]) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO paces VALUES (?,?,?,?,?)",
                (match_id, pace.kind, pace.base, pace.cap, pace.on_timeout),
            )
            db.executemany(
                "INSERT INTO clocks (match_id, role, bank, since, due) VALUES (?,?,?,?,?)",
                [(match_id, c.role, c.bank, c.since, c.due) for c in clocks],
            )

    def set_bot_pace(self, match_id: str, pace: float) -> None:
        with self._write() as db:
            db.execute("INSERT INTO bot_paces VALUES (?,?)", (match_id, pace))

    def bot_pace(self, match_id: str) -> float | None:
        with self._read() as db:
            row = db.execute("SELECT pace FROM bot_paces WHERE match_id=?", (match_id,)).fetchone()
        return None if row is None else float(row[0])

    def clocks(self, match_ids: Sequence[str]) -> dict[str, tuple[Pace, dict[str, SeatClock]]]:
        if not match_ids:
            return {}
        marks = ",".join("?" * len(match_ids))
        with self._read() as db:
            paces = db.execute(
                f"SELECT match_id, kind, base, cap, on_timeout FROM paces "
                f"WHERE match_id IN ({marks})",
                tuple(match_ids),
            ).fetchall()
            rows = db.execute(
                f"SELECT match_id, role, bank, since, due, timed_out FROM clocks "
                f"WHERE match_id IN ({marks})",
                tuple(match_ids),
            ).fetchall()
        found: dict[str, tuple[Pace, dict[str, SeatClock]]] = {
            mid: (Pace(kind, base, cap, out), {}) for mid, kind, base, cap, out in paces
        }
        for row in rows:
            if row[0] in found:
                clock = _clock(row[1:])
                found[row[0]][1][clock.role] = clock
        return found

    def set_clocks(self, match_id: str, clocks: Sequence[SeatClock]) -> None:
        with self._write() as db:
            db.executemany(
                "UPDATE clocks SET bank=?, since=?, due=?, lease=NULL, low_told=NULL "
                "WHERE match_id=? AND role=? AND timed_out IS NULL",
                [(c.bank, c.since, c.due, match_id, c.role) for c in clocks],
            )

    def due_clocks(self, now: float, limit: int = 100) -> list[tuple[str, str, float]]:
        with self._read() as db:
            rows = db.execute(
                "SELECT match_id, role, due FROM clocks WHERE due IS NOT NULL AND due<=? "
                "AND timed_out IS NULL AND (lease IS NULL OR lease<?) ORDER BY due LIMIT ?",
                (now, now, limit),
            ).fetchall()
        return [(str(m), str(r), float(d)) for m, r, d in rows]

    def next_due(self) -> float | None:
        with self._read() as db:
            row = db.execute(
                "SELECT MIN(due) FROM clocks WHERE due IS NOT NULL AND timed_out IS NULL"
            ).fetchone()
        return float(row[0]) if row and row[0] is not None else None

    def claim_timeout(self, match_id: str, role: str, due: float, now: float, until: float) -> bool:
        with self._write() as db:
            done = db.execute(
                "UPDATE clocks SET lease=? WHERE match_id=? AND role=? AND due=? AND due<=? "
                "AND timed_out IS NULL AND (lease IS NULL OR lease<?)",
                (until, match_id, role, due, now, now),
            ).rowcount
        return bool(done)

    def time_out(
        self,
        match_id: str,
        role: str,
        at: float,
        seq: int,
        summary: Summary,
        expected_version: int | None,
        resign: bool,
        bot: tuple[str, str] | None,
    ) -> bool:
        with self._write() as db:
            self._expect(match_id, expected_version)
            done = db.execute(
                "UPDATE clocks SET bank=0, since=NULL, due=NULL, lease=NULL, timed_out=?, "
                "out_seq=?, out_lost=? WHERE match_id=? AND role=? AND timed_out IS NULL",
                (at, seq, int(resign), match_id, role),
            ).rowcount
            if not done:
                return False
            if resign:
                db.execute(
                    "INSERT INTO resignations (match_id, role, seq, at, why) "
                    "VALUES (?,?,?,?,'timeout')",
                    (match_id, role, seq, at),
                )
            if bot is not None:
                self._to_bot(match_id, role, *bot)
            self._set_summary(match_id, summary)
        return True

    def timeouts(self, match_id: str) -> list[tuple[str, int, bool]]:
        with self._read() as db:
            rows = db.execute(
                "SELECT role, out_seq, out_lost FROM clocks WHERE match_id=? "
                "AND timed_out IS NOT NULL ORDER BY timed_out",
                (match_id,),
            ).fetchall()
        return [(str(r), int(seq or 0), bool(lost)) for r, seq, lost in rows]
