"""The match repository: where the tables live, found in memory, else rebuilt from
storage; every write to storage and every announcement of a change goes through here.

A match is rebuilt from its latest usable snapshot (``Match.resume``) and the actions
stored after it; a snapshot written under other data or another state schema is passed
over, and the match replayed from its history instead.

Writes go through :class:`web.writer.Writer` (group commit); reads run in worker threads,
off the event loop. A change is announced once
stored: the clocks move (:class:`web.tables.clocks.Clocks`), the app's listeners hear of
it, a finished match is rated (:class:`web.tables.people.Ratings`) and the seats now
awaited are queued their notices (:mod:`web.notices`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.i18n.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.play.match import HistoryEntry, Match
from gameshelf.core.registry.plugins import Registry, UnknownGame
from gameshelf.web import resign
from gameshelf.web.clocks import Pace, SeatClock
from gameshelf.web.settings import Settings
from gameshelf.web.storage import (
    ActionRecord,
    MatchRecord,
    SeatRecord,
    SeqTaken,
    StaleWrite,
    Storage,
)
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.seen import Note
from gameshelf.web.tables.table import Table
from gameshelf.web.writer import Writer

if TYPE_CHECKING:
    from gameshelf.web.notices import Notices
    from gameshelf.web.tables.clocks import Clocks
    from gameshelf.web.tables.people import Ratings

log = logging.getLogger("gameshelf.web")

SEED_BITS = 128
VIEWS_KEPT = 64  # tables that keep their built views (those changed last)


def new_seed() -> int:
    """A match seed from the operating system's secret source: every hidden thing of a
    match (hands, decks, dice to come) follows from it, so it must not be guessable from
    what a seat sees. It is shown only once the match is over (its history)."""
    return secrets.randbits(SEED_BITS)


class Matches:
    """The tables of the site in memory, loaded from and written to ``storage``; the
    other parts of :mod:`web.tables` are given it and find, write and announce their
    matches through it. ``clocks`` are loaded and moved with each match, ``ratings``
    hear of each change, as does ``on_change`` (the app's hub)."""

    def __init__(
        self,
        storage: Storage,
        registry: Registry,
        settings: Settings,
        writer: Writer,
        clocks: Clocks,
        ratings: Ratings,
        on_change: Callable[[Table], None] | None = None,
    ) -> None:
        self.storage = storage
        self.writer = writer
        self.registry = registry
        self.settings = settings
        self.clocks = clocks
        self.ratings = ratings
        self.on_change = on_change
        self.notices: Notices | None = None  # set by the app (web.notices)
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._showing: OrderedDict[str, Table] = OrderedDict()  # tables with views built
        # Every table still held by someone (a request, a socket), cached or not: a match
        # evicted from the cache while in use is found here, so it never has two copies.
        self._live: weakref.WeakValueDictionary[str, Table] = weakref.WeakValueDictionary()
        self._loading: dict[str, asyncio.Future[Table]] = {}  # loads under way, by match

    # --- finding --------------------------------------------------------------------

    async def get(self, match_id: str) -> Table:
        """The table ``match_id``; ``Refusal`` (unknown_match) when there is none."""
        table, _ = await self.find(match_id)
        return table

    async def find(self, match_id: str) -> tuple[Table, bool]:
        """The table ``match_id`` and whether it was just loaded from storage (its bots
        may have been interrupted: :meth:`Bots.get`); ``Refusal`` (unknown_match) when
        there is none. Storage is read off the event loop, one load a match at a time:
        those asking meanwhile wait for it, so that a match never has two copies."""
        table = self._cache.get(match_id)
        if table is not None and await self._current(table):
            if self._cache.get(match_id) is table:
                self._cache.move_to_end(match_id)
            else:  # dropped from the cache while the store was asked
                self.remember(table)
            return table, False
        table = self._live.get(match_id)
        if table is not None and not table.dead and await self._current(table):
            self.remember(table)
            return table, False
        loading = self._loading.get(match_id)
        first = loading is None  # the one that loads it says so; the others found it
        if loading is None:
            loading = asyncio.ensure_future(asyncio.to_thread(self._read, match_id))
            self._loading[match_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        table = await asyncio.shield(loading)
        self.remember(table)
        return table, first

    def _read(self, match_id: str) -> Table:
        """The match ``match_id`` rebuilt from storage (in a worker thread)."""
        record = self.storage.match(match_id)
        if record is None:
            raise Refusal("unknown_match", Msg("web.unknown_match", match=match_id))
        return self.load(record)

    async def _current(self, table: Table) -> bool:
        """Whether the table in memory is the match as stored. Only a store shared with
        other processes is asked (architecture §4.5), off the event loop: one that moved
        the match on makes this copy stale, and it is dropped (a copy ahead of the store
        is writing)."""
        if not self.storage.shared:
            return True
        stored = await asyncio.to_thread(self.storage.version, table.id)
        if stored is not None and stored <= table.version:
            return True
        self.forget(table)
        return False

    def cached(self, match_id: str) -> Table | None:
        """The table if it is in memory (tests look at the state this way)."""
        return self._cache.get(match_id)

    async def view_json(
        self,
        table: Table,
        role: Role | None,
        log_tail: int | None = None,
        lang: str = DEFAULT_LANG,
    ) -> bytes:
        """What ``role`` sees (JSON, in ``lang``), once no change is on its way to the disk."""
        async with table.lock:
            return table.payload_json(role, log_tail, lang)

    async def log_page(
        self, table: Table, role: Role | None, before: int | None, limit: int, lang: str
    ) -> bytes:
        """A page of ``role``'s log (:meth:`Table.log_page`), as stored."""
        async with table.lock:
            return table.log_page(role, before, limit, lang)

    async def write(self, table: Table | None, write: Callable[[], Any]) -> Any:
        """Run a storage write in the next group commit; on failure the table is dropped
        from memory (it may be ahead of storage) and the error raised. The write is
        queued at once and completes even if this request is cancelled meanwhile."""
        on_failure = None if table is None else (lambda _: self.forget(table))
        try:
            return await self.writer.submit(write, on_failure)
        except StaleWrite:
            log.warning("match %s: a write from a stale copy was refused", table and table.id)
            raise Refusal("conflict", Msg("web.conflict")) from None

    @staticmethod
    def alive(table: Table) -> None:
        """Refuse to work on a table that was dropped while this request waited for it."""
        if table.dead:
            raise Refusal("conflict", Msg("web.reloaded"))

    def load(self, record: MatchRecord) -> Table:
        """Rebuild a match: its latest snapshot, then the actions stored after it (in a
        worker thread: nothing here touches the tables in memory)."""
        try:
            game = self.registry.game(record.game)
        except UnknownGame:
            raise Refusal(
                "game_not_installed", Msg("web.game_not_installed", game=record.game)
            ) from None
        match = Match(
            game,
            scenario=record.scenario,
            options=record.options,
            seed=record.seed,
            players=record.players,
        )
        stored = self.storage.actions(record.id)
        for _ in range(10):  # another process may write between the two reads: read again
            if not self.storage.shared or self.storage.version(record.id) == record.summary.version:
                break
            record = self.storage.match(record.id) or record
            stored = self.storage.actions(record.id)
        kept = next((i for i, a in enumerate(stored) if a.seq != i + 1), len(stored))
        gap = kept < len(stored) or kept != record.summary.seq
        if kept < len(stored):  # written before writes were checked: play up to the gap
            log.warning(
                "match %s: the action log has a gap after seq %s; replaying up to it and "
                "dropping the %s actions stored after it",
                record.id,
                kept,
                len(stored) - kept,
            )
            stored = stored[:kept]
        resigned = self.storage.resigned_at(record.id)
        notes = self._site_lines(record.id, list(match.roles), resigned)
        # A site's line stands where it happened: play from a snapshot before the first.
        first = min((seq for seq, _ in notes), default=kept)
        match = self.from_snapshot(record.id, match, stored, at_most=min(kept, first))
        wanted = {seq for seq, _ in notes}
        log_at: dict[int, int] = {}  # the log's length after each of those actions
        for action in stored[match.seq :]:
            if match.seq in wanted:
                log_at[match.seq] = len(match.state.log)
            match.apply(action.role, Action(action.type, action.arg))
        match.observers = [self.registry.notify]
        seats = self.storage.seats([record.id])[record.id]
        table = Table(record.id, match, seats, record.created, version=record.summary.version)
        table.bot_pace = self.storage.bot_pace(record.id)  # None: the site's (_remember)
        table.resigned = [role for role, _ in resigned]
        for seq, line in notes:
            table.notes.append(Note(seq, log_at.get(seq, len(match.state.log)), line))
        if gap:  # stored as repaired, so that the log reads whole from now on
            table.version += 1
            self.storage.truncate(
                record.id, kept, table.summary(), expected_version=record.summary.version
            )
        # told before the restart, if it was due
        table.told = set(table.match.active()) if table.started else set()
        self.clocks.loaded(table)
        return table

    def _site_lines(
        self, match_id: str, roles: list[Role], resigned: list[tuple[Role, int]]
    ) -> list[tuple[int, Msg]]:
        """The site's lines in a stored match's log, each after how many actions: its
        resignations (``resigned``: each role and when, in order), and its timeouts, as
        its clocks say them (:meth:`Clocks.said`)."""
        lines = []
        for i, (role, seq) in enumerate(resigned):
            lines.append((seq, resign.note(role, roles, [r for r, _ in resigned[: i + 1]])))
        return self.clocks.said(match_id, roles, resigned, lines)

    def from_snapshot(
        self,
        match_id: str,
        start: Match,
        stored: Sequence[ActionRecord],
        at_most: int | None = None,
    ) -> Match:
        """``start`` (a match with no action played) resumed from the latest usable
        snapshot of the first ``at_most`` actions of ``stored``; ``start`` itself when
        there is none (its ``seq`` says how many actions the one returned covers)."""
        snap = self.storage.snapshot(match_id, at_most)
        if snap is None or snap[0] > len(stored):
            return start
        entries = [HistoryEntry(a.role, a.type, a.arg, a.fresh) for a in stored[: snap[0]]]
        try:
            return start.resumed(snap[1], entries)
        except ValueError as exc:  # other data, schema or version of the game: replay
            log.warning("match %s: snapshot at %s unusable (%s); replaying", match_id, snap[0], exc)
            return start

    def remember(self, table: Table) -> None:
        table.step_limit = self.settings.max_match_actions
        if table.bot_pace is None:
            table.bot_pace = self.settings.watched_bot_pace
        self._live[table.id] = table
        self._cache[table.id] = table
        self._cache.move_to_end(table.id)
        while len(self._cache) > self.settings.cached_matches:
            self._cache.popitem(last=False)

    def forget(self, table: Table) -> None:
        """Drop a table whose memory may be ahead of storage; the next get reloads it."""
        table.dead = True
        if self._cache.get(table.id) is table:
            del self._cache[table.id]
        if self._live.get(table.id) is table:
            del self._live[table.id]

    async def store_new(
        self,
        match: Match,
        seats: list[SeatRecord],
        pace: Pace | None = None,
        bot_pace: float | None = None,
    ) -> Table:
        """Store a new match (with its clocks, if it has a ``pace``, and the ``bot_pace``
        its creator chose, if any) under a fresh id, and keep its table."""
        table = Table("", match, seats, pace=pace, told=set(), bot_pace=bot_pace)
        if pace is not None:
            table.clocks = {r: SeatClock(r, pace.start_bank) for r in match.roles}
        for _ in range(10):
            table.id = secrets.token_hex(6)
            record = MatchRecord(
                table.id,
                match.game_id,
                match.scenario,
                dict(match.options),
                match.seed,
                match.players,
                table.summary(),
            )
            try:
                await self.write(None, partial(self._create, record, seats, table))
            except SeqTaken:
                continue
            # one row, read at once: no pause between storing a match and queueing its bots
            stored = self.storage.match(table.id)
            table.created = stored.created if stored else 0.0
            self.remember(table)
            return table
        raise RuntimeError("could not find a free match id")

    def _create(self, record: MatchRecord, seats: list[SeatRecord], table: Table) -> None:
        """Store a new match, its clocks and its bots' pace, all or nothing."""
        with self.storage.transaction():
            self.storage.create_match(record, seats)
            if table.pace is not None:
                self.storage.add_clocks(record.id, table.pace, list(table.clocks.values()))
            if table.bot_pace is not None:
                self.storage.set_bot_pace(record.id, table.bot_pace)

    def announce(self, table: Table) -> None:
        """Tell this process's listeners of a change another process stored (the table
        was rebuilt from the store): :meth:`changed`."""
        self.changed(table)

    def changed(self, table: Table) -> None:
        """Announce a change already stored (its version counted). The views of the roles
        now to act are built (and kept: a decision made on them is judged against them);
        they are the ones asked for next, so this costs nothing more. Only the
        :data:`VIEWS_KEPT` tables changed last keep their views in memory. The clocks
        move first, so that every view says them; a finished match is rated, and the
        seats now awaited are queued their notices last."""
        self.clocks.move(table)
        for role in table.match.active():
            table.view(role)
        if self.on_change is not None:
            self.on_change(table)
        self._showing[table.id] = table
        self._showing.move_to_end(table.id)
        while len(self._showing) > VIEWS_KEPT:  # a match left alone keeps no view
            self._showing.popitem(last=False)[1].drop_views()
        self.ratings.changed(table)
        awaited = set(table.match.active()) if table.started else set()
        before, table.told = table.told, awaited
        if self.notices is not None and before is not None:
            try:
                self.notices.changed(table, before)
            except Exception:  # a notice is never worth failing a move for
                log.exception("match %s: queueing its notices failed", table.id)

    def in_memory(self, match_id: str) -> Table | None:
        """The table if this process holds it (cached, or still in use)."""
        return self._cache.get(match_id) or self._live.get(match_id)
