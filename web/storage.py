"""Where matches are kept: a small interface and its embedded SQLite implementation.

Storage is event-sourced (docs/architecture.md §4.3): a match row (game, scenario, options,
seed, players and a summary for the lobby), its seats (a seat token is stored only as its
SHA-256), its action log numbered by ``seq`` (the match's version after the action), and
snapshots of the state every so often so that loading a long match does not replay it all.

:class:`Storage` is the interface the web app uses; :class:`SQLStorage` implements it in the
SQL both backends speak; :class:`SQLiteStorage` is the default, in WAL mode, with a versioned
schema (``meta.schema_version``) migrated on open; :class:`web.storage_pg.PostgresStorage`
keeps the same in PostgreSQL for a site of several server processes. :func:`open_storage`
picks the one the settings name.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import orjson

from gameshelf.web.storage_clocks import (
    BOT_PACES_MIGRATION,
    CLOCKS_MIGRATION,
    TIMEOUTS_MIGRATION,
    ClockStorage,
    SQLiteClocks,
)
from gameshelf.web.storage_notices import (
    NOTICES_MIGRATION,
    PRESENCE_MIGRATION,
    NoticeStorage,
    SQLiteNotices,
)
from gameshelf.web.storage_people import (
    ACCOUNTS_MIGRATION,
    SEAT_KEYS_MIGRATION,
    PeopleStorage,
    SQLitePeople,
)
from gameshelf.web.storage_ratings import RATINGS_MIGRATION, RatingStorage, SQLiteRatings
from gameshelf.web.storage_sql import INTEGRITY_ERRORS, Connection

if TYPE_CHECKING:
    from gameshelf.web.settings import Settings
from gameshelf.web.storage_talk import TALK_MIGRATION, SQLiteTalk, TalkStorage

SeatKind = Literal["human", "bot", "open", "invited"]
Status = Literal["open", "running", "finished"]


@dataclass(frozen=True)
class SeatRecord:
    """A seat of a match: a person holding a token, a bot, a place anyone may take, or a
    place kept for an invited account (``account``) until it answers."""

    role: str
    kind: SeatKind
    name: str = ""
    agent: str | None = None  # bots: the agent id
    token_hash: bytes | None = None  # people: SHA-256 of the seat token
    account: int | None = None  # people: the account holding it, if any


@dataclass(frozen=True)
class Summary:
    """What the lobby shows of a match, rewritten with every change."""

    seq: int
    status: Status
    active: list[str] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    version: int = 0  # grows with every change of the match, never goes back (undo too)
    # Where the game stands ("1297, turn 4"), as its game says it (core.play.text.place): a
    # message's JSON ({"id", "args"}), rendered in each reader's language, or plain text;
    # None when the game does not say (or for a row saved before schema 5).
    place: dict[str, Any] | str | None = None


@dataclass(frozen=True)
class MatchRecord:
    """A match as stored: enough to rebuild it, plus its summary."""

    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seed: int
    players: int
    summary: Summary
    created: float = 0.0
    updated: float = 0.0
    bots_only: bool = False  # every seat a bot (set from the seats when stored)


@dataclass(frozen=True)
class ActionRecord:
    """An accepted action; ``seq`` is the match's version once it was applied (from 1)."""

    seq: int
    role: str
    type: str
    arg: int | str | None
    fresh: bool = False  # it brought new information (a die, a draw): the undo boundary


class SeqTaken(Exception):
    """Another writer stored an action under the same ``seq`` first."""


class StaleWrite(SeqTaken):
    """The stored match is not where a write expects it: another copy of the match wrote
    first (its version moved), or the write's ``seq`` would not follow the stored ones
    (a gap). Nothing of the write is stored."""


class NewerDatabase(Exception):
    """The database was written by a newer Gameshelf than this one."""


class Storage(PeopleStorage, TalkStorage, RatingStorage, ClockStorage, NoticeStorage, ABC):
    """The interface between the web app and wherever matches and people are kept (people:
    :class:`web.storage_people.PeopleStorage`)."""

    # Other server processes write to the same store (PostgreSQL): a match kept in memory
    # is checked against the stored version before use (architecture §4.5).
    shared: bool = False

    def claim_work(self, key: str) -> bool:
        """Take the work ``key`` (playing a match of bots alone) for this process, until
        :meth:`release_work` or the process's end; ``False`` when another process holds it.
        One process alone holds everything (SQLite)."""
        return True

    def release_work(self, key: str) -> None:
        """Give the work ``key`` back."""

    @abstractmethod
    def create_match(self, record: MatchRecord, seats: Sequence[SeatRecord]) -> None:
        """Store a new match and its seats; the id must be new (``SeqTaken`` otherwise)."""

    @abstractmethod
    def match(self, match_id: str) -> MatchRecord | None:
        """The match ``match_id``, or ``None``."""

    @abstractmethod
    def version(self, match_id: str) -> int | None:
        """The stored version of the match ``match_id``, or ``None`` (no such match)."""

    @abstractmethod
    def matches(
        self, limit: int = 100, status: Status | None = None, finished_bots: bool = True
    ) -> list[MatchRecord]:
        """The most recently changed matches, newest first (without the finished matches
        of bots alone unless ``finished_bots``)."""

    @abstractmethod
    def seats(self, match_ids: Sequence[str]) -> dict[str, list[SeatRecord]]:
        """The seats of each match, in seating order of creation."""

    @abstractmethod
    def claim_seat(
        self,
        match_id: str,
        role: str,
        name: str,
        token_hash: bytes,
        summary: Summary,
        expected_version: int | None = None,
        account: int | None = None,
    ) -> bool:
        """Give an open seat to a person (held by ``account`` if given); ``False`` when it
        was not open any more.

        With ``expected_version``, only if the stored match is at that version
        (:class:`StaleWrite` otherwise), as for every write below."""

    @abstractmethod
    def matches_of(self, account_id: int, limit: int = 200) -> list[MatchRecord]:
        """The matches in which ``account_id`` holds a seat, most recently changed first."""

    @abstractmethod
    def seat_to_bot(
        self,
        match_id: str,
        role: str,
        agent: str,
        name: str,
        summary: Summary,
        expected_version: int | None = None,
    ) -> None:
        """Hand a seat to the bot ``agent`` (its token no longer plays; the account that held
        it stays noted)."""

    @abstractmethod
    def answer_invitation(
        self,
        match_id: str,
        role: str,
        account: int,
        token_hash: bytes | None,
        summary: Summary,
        expected_version: int | None = None,
    ) -> bool:
        """The invited ``account`` accepts its seat (``token_hash``: the seat's token, now a
        person's) or declines it (``None``: the seat becomes open to anyone); ``False`` when
        the seat was not waiting for that account."""

    @abstractmethod
    def resign(
        self,
        match_id: str,
        role: str,
        seq: int,
        summary: Summary,
        expected_version: int | None = None,
        bot: tuple[str, str] | None = None,
    ) -> None:
        """Note that ``role`` resigned after ``seq`` actions; with ``bot`` (an agent and its
        title) that bot plays the seat from now on."""

    @abstractmethod
    def resignations(self, match_ids: Sequence[str]) -> dict[str, list[str]]:
        """The roles that resigned in each match, in the order they did."""

    @abstractmethod
    def rematch(self, match_id: str, rematch_id: str | None = None) -> str | None:
        """The rematch of a finished match; with ``rematch_id``, note it as that (once: the
        one noted first stays, and is returned)."""

    @abstractmethod
    def resigned_at(self, match_id: str) -> list[tuple[str, int]]:
        """Each resignation of a match: the role and how many actions were played then."""

    @abstractmethod
    def actions(self, match_id: str, after: int = 0) -> list[ActionRecord]:
        """The action log of a match from ``seq`` ``after + 1`` on."""

    @abstractmethod
    def append(
        self,
        match_id: str,
        actions: Sequence[ActionRecord],
        summary: Summary,
        snapshot: tuple[int, str] | None = None,
        expected_version: int | None = None,
    ) -> None:
        """Commit accepted actions, the new summary and maybe a snapshot, all or nothing.

        The actions' ``seq`` must follow the stored ones without a gap and the stored
        match must be at ``expected_version`` when given (:class:`StaleWrite` otherwise);
        raises :class:`SeqTaken` when one of the ``seq`` is already stored.
        """

    @abstractmethod
    def truncate(
        self, match_id: str, seq: int, summary: Summary, expected_version: int | None = None
    ) -> None:
        """Forget the actions (and snapshots) after ``seq``: an undo (or the repair of a
        gap). With ``expected_version``, only if the stored match is at that version."""

    @abstractmethod
    def snapshot(self, match_id: str, at_most: int | None = None) -> tuple[int, str] | None:
        """The latest stored state ``(seq, state_json)`` with ``seq <= at_most``."""

    @abstractmethod
    def transaction(self, isolated: bool = True) -> AbstractContextManager[None]:
        """Several writes as one commit (one trip to the disk). ``isolated``: a write inside
        that fails is undone alone and the others stay in the transaction; otherwise (less
        work per write) a failing write fails the whole transaction, nothing of it stored."""

    @abstractmethod
    def close(self) -> None:
        """Release the database."""


SCHEMA_VERSION = 16

# MIGRATIONS[n] takes a database from schema version n to n + 1.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE matches (
        id        TEXT PRIMARY KEY,
        game      TEXT NOT NULL,
        scenario  TEXT NOT NULL,
        options   TEXT NOT NULL,
        seed      INTEGER NOT NULL,
        players   INTEGER NOT NULL,
        created   REAL NOT NULL,
        updated   REAL NOT NULL,
        seq       INTEGER NOT NULL,
        status    TEXT NOT NULL,
        active    TEXT NOT NULL,
        outcome   TEXT
    );
    CREATE INDEX matches_by_update ON matches (updated DESC);
    CREATE TABLE seats (
        match_id   TEXT NOT NULL REFERENCES matches (id),
        position   INTEGER NOT NULL,
        role       TEXT NOT NULL,
        kind       TEXT NOT NULL,
        name       TEXT NOT NULL,
        agent      TEXT,
        token_hash BLOB,
        PRIMARY KEY (match_id, role)
    );
    CREATE TABLE actions (
        match_id TEXT NOT NULL REFERENCES matches (id),
        seq      INTEGER NOT NULL,
        role     TEXT NOT NULL,
        type     TEXT NOT NULL,
        arg      TEXT NOT NULL,
        fresh    INTEGER NOT NULL,
        created  REAL NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        match_id TEXT NOT NULL REFERENCES matches (id),
        seq      INTEGER NOT NULL,
        state    TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    """,
    # 2: seeds of 128 bits and more, which an SQLite INTEGER (64 bits) cannot hold: the
    # seed is kept in decimal in ``seed_text`` (``seed`` stays for older readers, 0 when
    # the seed does not fit).
    """
    ALTER TABLE matches ADD COLUMN seed_text TEXT;
    UPDATE matches SET seed_text = CAST(seed AS TEXT);
    """,
    # 3: the match's version, which grows with every change (an undo too, unlike seq).
    """
    ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    UPDATE matches SET version = seq;
    """,
    # 4: matches of bots alone, which the lobby does not list once finished.
    """
    ALTER TABLE matches ADD COLUMN bots_only INTEGER NOT NULL DEFAULT 0;
    UPDATE matches SET bots_only = NOT EXISTS (
        SELECT 1 FROM seats WHERE seats.match_id = matches.id AND seats.kind != 'bot');
    CREATE INDEX matches_by_bots_status ON matches (bots_only, status, updated DESC);
    """,
    # 5: where the game stands, for the lobby's rows of matches not in memory (JSON; NULL
    # in older rows until their next change: the lobby shows their move count meanwhile).
    """
    ALTER TABLE matches ADD COLUMN place TEXT;
    """,
    # 6: accounts, their sessions, failed sign-ins, and the account holding a seat
    ACCOUNTS_MIGRATION,
    # 7: keys to accounts' seats, one per browser (session) that opened the match
    SEAT_KEYS_MIGRATION,
    # 8: resignations: who gave up a match, after how many actions
    """
    CREATE TABLE resignations (
        match_id TEXT NOT NULL REFERENCES matches (id),
        role     TEXT NOT NULL,
        seq      INTEGER NOT NULL,
        at       REAL NOT NULL,
        PRIMARY KEY (match_id, role)
    ) WITHOUT ROWID;
    """,
    # 9: each match's chat, each seat's notepad
    TALK_MIGRATION,
    # 10: ratings per game, their changes, the matches rated
    RATINGS_MIGRATION,
    # 11: the rematch offered from a finished match
    """
    CREATE TABLE rematches (
        match_id   TEXT PRIMARY KEY REFERENCES matches (id),
        rematch_id TEXT NOT NULL REFERENCES matches (id),
        at         REAL NOT NULL
    ) WITHOUT ROWID;
    """,
    # 12: paces and clocks, timeouts claimed by the scheduler, why a seat gave up
    CLOCKS_MIGRATION,
    # 13: the timeouts carried out: when (after how many actions), and what they did
    TIMEOUTS_MIGRATION,
    # 14: notices: players' channels, the queue, rate marks, a low clock told once
    NOTICES_MIGRATION,
    # 15: who is on a match's page, by server process
    PRESENCE_MIGRATION,
    # 16: the pace chosen for a match's bots while it is watched
    BOT_PACES_MIGRATION,
]


class SQLStorage(SQLitePeople, SQLiteTalk, SQLiteRatings, SQLiteClocks, SQLiteNotices, Storage):
    """The storage interface in the SQL both backends speak (:mod:`web.storage_sql`): one
    writing connection (``_db``) whose transaction nests as savepoints, held by one thread
    at a time; reads on connections of their own (``_read``). A backend opens the
    connections, keeps its schema and says how a transaction begins and how a write locks
    the match it changes (``_FOR_UPDATE``: in PostgreSQL, the row lock that serialises the
    writers of one match, architecture §4.5)."""

    _BEGIN = "BEGIN"
    _FOR_UPDATE = ""
    _db: Connection  # the writing connection

    def _init_writes(self) -> None:
        self._lock = threading.RLock()  # the writing connection and its transaction depth
        self._depth = 0
        self._isolated = True  # the open transaction undoes a failing write alone

    def _begin(self) -> None:
        """Open a transaction on ``_db`` (a backend may first mend a broken connection)."""
        self._db.execute(self._BEGIN)

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A transaction, or a savepoint inside the transaction already open (none when
        that transaction is not isolated: it fails whole)."""
        with self._lock:
            depth = self._depth
            if depth and not self._isolated:
                self._depth += 1
                try:
                    yield self._db
                finally:
                    self._depth = depth
                return
            if depth == 0:
                self._begin()
            else:
                self._db.execute(f"SAVEPOINT w{depth}")
            self._depth += 1
            try:
                yield self._db
            except BaseException:
                self._depth = depth
                self._undo(depth)
                raise
            self._depth = depth
            self._db.execute("COMMIT" if depth == 0 else f"RELEASE w{depth}")

    def _undo(self, depth: int) -> None:
        if depth == 0:
            self._db.execute("ROLLBACK")
        else:
            self._db.execute(f"ROLLBACK TO w{depth}")
            self._db.execute(f"RELEASE w{depth}")

    @contextmanager
    def transaction(self, isolated: bool = True) -> Iterator[None]:
        with self._lock:
            outer = self._isolated
            if self._depth == 0:
                self._isolated = isolated
            try:
                with self._write():
                    yield
            finally:
                self._isolated = outer

    @abstractmethod
    def _read(self) -> AbstractContextManager[Connection]:
        """A connection to read committed rows on."""

    # --- matches --------------------------------------------------------------------

    def create_match(self, record: MatchRecord, seats: Sequence[SeatRecord]) -> None:
        now = time.time()
        try:
            with self._write() as db:
                db.execute(
                    f"INSERT INTO matches ({_MATCH_COLUMNS}, seed) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        record.id,
                        record.game,
                        record.scenario,
                        _dump(record.options),
                        str(record.seed),
                        record.players,
                        now,
                        now,
                        *_summary_row(record.summary),
                        int(bool(seats) and all(s.kind == "bot" for s in seats)),
                        _place(record.summary),
                        record.seed if record.seed < 1 << 63 else 0,
                    ),
                )
                db.executemany(
                    "INSERT INTO seats (match_id, position, role, kind, name, agent, token_hash, "
                    "account_id) VALUES (?,?,?,?,?,?,?,?)",
                    [
                        (record.id, i, s.role, s.kind, s.name, s.agent, s.token_hash, s.account)
                        for i, s in enumerate(seats)
                    ],
                )
        except INTEGRITY_ERRORS as exc:
            raise SeqTaken(f"match {record.id} exists") from exc

    def version(self, match_id: str) -> int | None:
        with self._read() as db:
            row = db.execute("SELECT version FROM matches WHERE id=?", (match_id,)).fetchone()
        return int(row[0]) if row else None

    def match(self, match_id: str) -> MatchRecord | None:
        with self._read() as db:
            row = db.execute(
                f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id=?", (match_id,)
            ).fetchone()
        return _match_record(row) if row else None

    def matches(
        self, limit: int = 100, status: Status | None = None, finished_bots: bool = True
    ) -> list[MatchRecord]:
        query = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE 1=1"
        params: tuple[Any, ...] = ()
        if status is not None:
            query += " AND status=?"
            params = (status,)
        if not finished_bots:
            query += " AND NOT (bots_only=1 AND status='finished')"
        query += " ORDER BY updated DESC LIMIT ?"
        with self._read() as db:
            rows = db.execute(query, (*params, limit)).fetchall()
        return [_match_record(row) for row in rows]

    def seats(self, match_ids: Sequence[str]) -> dict[str, list[SeatRecord]]:
        found: dict[str, list[SeatRecord]] = {mid: [] for mid in match_ids}
        if not match_ids:
            return found
        marks = ",".join("?" * len(match_ids))
        with self._read() as db:
            rows = db.execute(
                "SELECT match_id, role, kind, name, agent, token_hash, account_id FROM seats "
                f"WHERE match_id IN ({marks}) ORDER BY match_id, position",
                tuple(match_ids),
            ).fetchall()
        for mid, role, kind, name, agent, token_hash, account in rows:
            found[mid].append(SeatRecord(role, kind, name, agent, token_hash, account))
        return found

    def claim_seat(
        self,
        match_id: str,
        role: str,
        name: str,
        token_hash: bytes,
        summary: Summary,
        expected_version: int | None = None,
        account: int | None = None,
    ) -> bool:
        with self._write() as db:
            self._expect(match_id, expected_version)
            done = db.execute(
                "UPDATE seats SET kind='human', name=?, token_hash=?, account_id=? "
                "WHERE match_id=? AND role=? AND kind='open'",
                (name, token_hash, account, match_id, role),
            ).rowcount
            if done:
                self._set_summary(match_id, summary)
        return bool(done)

    def matches_of(self, account_id: int, limit: int = 200) -> list[MatchRecord]:
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id IN "
                "(SELECT match_id FROM seats WHERE account_id=?) ORDER BY updated DESC LIMIT ?",
                (account_id, limit),
            ).fetchall()
        return [_match_record(row) for row in rows]

    def seat_to_bot(
        self,
        match_id: str,
        role: str,
        agent: str,
        name: str,
        summary: Summary,
        expected_version: int | None = None,
    ) -> None:
        with self._write():
            self._expect(match_id, expected_version)
            self._to_bot(match_id, role, agent, name)
            self._set_summary(match_id, summary)

    def _to_bot(self, match_id: str, role: str, agent: str, name: str) -> None:
        """Inside a write: the seat is the bot ``agent``'s (its token no longer plays)."""
        self._db.execute(
            "UPDATE seats SET kind='bot', agent=?, name=?, token_hash=NULL "
            "WHERE match_id=? AND role=?",
            (agent, name, match_id, role),
        )

    def answer_invitation(
        self,
        match_id: str,
        role: str,
        account: int,
        token_hash: bytes | None,
        summary: Summary,
        expected_version: int | None = None,
    ) -> bool:
        with self._write() as db:
            self._expect(match_id, expected_version)
            if token_hash is not None:
                query = "UPDATE seats SET kind='human', token_hash=? "
                params: tuple[Any, ...] = (token_hash,)
            else:
                query = "UPDATE seats SET kind='open', name='', account_id=NULL "
                params = ()
            done = db.execute(
                query + "WHERE match_id=? AND role=? AND kind='invited' AND account_id=?",
                (*params, match_id, role, account),
            ).rowcount
            if done:
                self._set_summary(match_id, summary)
        return bool(done)

    def resign(
        self,
        match_id: str,
        role: str,
        seq: int,
        summary: Summary,
        expected_version: int | None = None,
        bot: tuple[str, str] | None = None,
    ) -> None:
        with self._write() as db:
            self._expect(match_id, expected_version)
            db.execute(
                "INSERT INTO resignations (match_id, role, seq, at) VALUES (?,?,?,?)",
                (match_id, role, seq, time.time()),
            )
            if bot is not None:
                self._to_bot(match_id, role, *bot)
            self._set_summary(match_id, summary)

    def resignations(self, match_ids: Sequence[str]) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {mid: [] for mid in match_ids}
        if not match_ids:
            return found
        marks = ",".join("?" * len(match_ids))
        with self._read() as db:
            rows = db.execute(
                f"SELECT match_id, role FROM resignations WHERE match_id IN ({marks}) "
                "ORDER BY match_id, at",
                tuple(match_ids),
            ).fetchall()
        for mid, role in rows:
            found[mid].append(role)
        return found

    def rematch(self, match_id: str, rematch_id: str | None = None) -> str | None:
        if rematch_id is not None:
            with self._write() as db:
                db.execute(
                    "INSERT INTO rematches VALUES (?,?,?) ON CONFLICT DO NOTHING",
                    (match_id, rematch_id, time.time()),
                )
        with self._read() as db:
            row = db.execute(
                "SELECT rematch_id FROM rematches WHERE match_id=?", (match_id,)
            ).fetchone()
        return str(row[0]) if row else None

    def resigned_at(self, match_id: str) -> list[tuple[str, int]]:
        with self._read() as db:
            rows = db.execute(
                "SELECT role, seq FROM resignations WHERE match_id=? ORDER BY at", (match_id,)
            ).fetchall()
        return [(str(r[0]), int(r[1])) for r in rows]

    # --- the action log -------------------------------------------------------------

    def actions(self, match_id: str, after: int = 0) -> list[ActionRecord]:
        with self._read() as db:
            rows = db.execute(
                "SELECT seq, role, type, arg, fresh FROM actions "
                "WHERE match_id=? AND seq>? ORDER BY seq",
                (match_id, after),
            ).fetchall()
        return [
            ActionRecord(seq, role, typ, json.loads(arg), bool(fresh))
            for seq, role, typ, arg, fresh in rows
        ]

    def append(
        self,
        match_id: str,
        actions: Sequence[ActionRecord],
        summary: Summary,
        snapshot: tuple[int, str] | None = None,
        expected_version: int | None = None,
    ) -> None:
        now = time.time()
        try:
            with self._write() as db:
                stored = self._expect(match_id, expected_version)
                wanted = list(range(stored + 1, stored + 1 + len(actions)))
                if [a.seq for a in actions] != wanted:
                    raise StaleWrite(
                        f"match {match_id}: actions {[a.seq for a in actions]} do not follow "
                        f"the {stored} stored ones"
                    )
                db.executemany(
                    "INSERT INTO actions VALUES (?,?,?,?,?,?,?)",
                    [
                        (match_id, a.seq, a.role, a.type, _dump(a.arg), int(a.fresh), now)
                        for a in actions
                    ],
                )
                if snapshot is not None:
                    db.execute(
                        "INSERT INTO snapshots VALUES (?,?,?) ON CONFLICT (match_id, seq) "
                        "DO UPDATE SET state=excluded.state",
                        (match_id, *snapshot),
                    )
                self._set_summary(match_id, summary, now)
        except INTEGRITY_ERRORS as exc:
            raise SeqTaken(f"match {match_id}: an action with this seq is stored") from exc

    def truncate(
        self, match_id: str, seq: int, summary: Summary, expected_version: int | None = None
    ) -> None:
        with self._write() as db:
            self._expect(match_id, expected_version)
            db.execute("DELETE FROM actions WHERE match_id=? AND seq>?", (match_id, seq))
            db.execute("DELETE FROM snapshots WHERE match_id=? AND seq>?", (match_id, seq))
            self._set_summary(match_id, summary)

    def snapshot(self, match_id: str, at_most: int | None = None) -> tuple[int, str] | None:
        bound = at_most if at_most is not None else 1 << 62
        with self._read() as db:
            row = db.execute(
                "SELECT seq, state FROM snapshots WHERE match_id=? AND seq<=? "
                "ORDER BY seq DESC LIMIT 1",
                (match_id, bound),
            ).fetchone()
        return (row[0], row[1]) if row else None

    def _expect(self, match_id: str, version: int | None) -> int:
        """The last stored ``seq`` of the match's actions, inside a write; raises
        :class:`StaleWrite` when the match is not stored or (``version`` given) not at
        that version."""
        row = self._db.execute(
            f"SELECT version FROM matches WHERE id=?{self._FOR_UPDATE}", (match_id,)
        ).fetchone()
        if row is None or (version is not None and row[0] != version):
            found = "no such match" if row is None else f"it is at version {row[0]}"
            raise StaleWrite(f"match {match_id}: expected version {version}, {found}")
        last = self._db.execute(
            "SELECT MAX(seq) FROM actions WHERE match_id=?", (match_id,)
        ).fetchone()
        return int(last[0] or 0)

    def _set_summary(self, match_id: str, summary: Summary, now: float | None = None) -> None:
        self._db.execute(
            "UPDATE matches SET seq=?, status=?, active=?, outcome=?, version=?, updated=?, "
            "place=? WHERE id=?",
            (
                *_summary_row(summary),
                now if now is not None else time.time(),
                _place(summary),
                match_id,
            ),
        )


class SQLiteStorage(SQLStorage):
    """Matches in one SQLite file (WAL), safe to share between the server's threads."""

    _BEGIN = "BEGIN IMMEDIATE"  # the write lock at once: no deadlock between two writers

    def __init__(self, path: Path | str, synchronous: str = "NORMAL") -> None:
        self.path = str(path)
        self._init_writes()
        self._sqlite = self._connect(synchronous)
        self._db = self._sqlite
        self._migrate()
        # WAL lets readers work beside the writer: the event loop never waits for an fsync
        self._read_lock = threading.Lock()
        self._reader = self._connect(synchronous)

    def _connect(self, synchronous: str) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if synchronous == 'FULL' else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA busy_timeout=5000")
        return db

    def schema_version(self) -> int:
        row = self._sqlite.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name='meta'"
        ).fetchone()
        if row is None:
            return 0
        found = self._sqlite.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(found[0]) if found else 0

    def _migrate(self) -> None:
        with self._write():
            version = self.schema_version()
            if version > SCHEMA_VERSION:
                raise NewerDatabase(
                    f"{self.path} has schema {version}; this Gameshelf "
                    f"knows up to {SCHEMA_VERSION}: upgrade Gameshelf"
                )
            if version == 0:
                self._sqlite.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        self._sqlite.execute(statement)
            self._sqlite.execute(
                "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._read_lock:
            yield self._reader

    def close(self) -> None:
        with self._lock, self._read_lock:
            self._sqlite.close()
            self._reader.close()


_MATCH_COLUMNS = (
    "id, game, scenario, options, seed_text, players, created, updated, seq, status, active, "
    "outcome, version, bots_only, place"
)


def _dump(value: object) -> str:
    """Compact JSON. orjson, as the writer thread holds the GIL meanwhile (json.dumps with
    options builds an encoder per call); json for what orjson refuses (integers beyond
    64 bits), so that both accept the same values."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _summary_row(summary: Summary) -> tuple[int, str, str, str | None, int]:
    outcome = _dump(summary.outcome) if summary.outcome is not None else None
    return summary.seq, summary.status, _dump(summary.active), outcome, summary.version


def _place(summary: Summary) -> str | None:
    return _dump(summary.place) if summary.place is not None else None


def _match_record(row: Sequence[Any]) -> MatchRecord:
    mid, game, scenario, options, seed, players, created, updated = row[:8]
    seq, status, active, out, version, bots_only, place = row[8:]
    summary = Summary(
        seq,
        status,
        json.loads(active),
        json.loads(out) if out else None,
        version,
        json.loads(place) if place else None,
    )
    return MatchRecord(
        mid,
        game,
        scenario,
        json.loads(options),
        int(seed),
        players,
        summary,
        created,
        updated,
        bool(bots_only),
    )


def open_storage(settings: Settings) -> Storage:
    """The store the settings name: the PostgreSQL database of ``database_url`` when it is
    set, else the SQLite file ``db``."""
    if settings.database_url:
        from gameshelf.web.storage_pg import PostgresStorage

        return PostgresStorage(settings.database_url, settings.database_pool_size)
    return SQLiteStorage(settings.db, settings.sqlite_synchronous)
