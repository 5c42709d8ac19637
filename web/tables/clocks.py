"""The tables' clocks (:mod:`web.clocks`): loaded with a match, moved at each change of it
(before anyone is told of the change, so that every payload says them), shown in "my
games" (:class:`Clocks`, which the match repository holds); and the timeouts the
scheduler (:mod:`web.scheduler`) claims, carried out (:class:`Timeouts`)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.play.match import MatchEvent
from gameshelf.core.registry.plugins import Registry
from gameshelf.web.clocks import Clock, Pace, SeatClock, SystemClock, advance
from gameshelf.web.storage import Storage
from gameshelf.web.tables.matches import Matches
from gameshelf.web.tables.people import People
from gameshelf.web.tables.play import Play
from gameshelf.web.tables.table import Table

log = logging.getLogger("gameshelf.web")


def timeout_note(role: Role, roles: Sequence[Role], resigned: Sequence[Role] | None) -> Msg:
    """The log's line for ``role`` out of time: it loses (``resigned``: the seats given up
    so far, ``role`` the last), ending the match or leaving its seat to a bot; or
    (``None``) a bot plays it on."""
    if resigned is not None and len([r for r in roles if r not in resigned]) <= 1:
        return Msg("web.clock.note_ends", role=role)
    if resigned is not None:
        return Msg("web.clock.note_lost", role=role)
    return Msg("web.clock.note_bot", role=role)


class Clocks:
    """The clocks of the matches of ``storage``, on the time of ``wall`` (tests move it)."""

    def __init__(self, storage: Storage, wall: Clock | None = None) -> None:
        self.storage = storage
        self.wall: Clock = wall if wall is not None else SystemClock()

    def loaded(self, table: Table) -> None:
        """Give a table rebuilt from the store its clocks, if it has a pace."""
        found = self.storage.clocks([table.id]).get(table.id)
        if found is not None:
            table.pace, table.clocks = found
            table.clock_seq = table.match.seq
            table.timed_out = [role for role, _, _ in self.storage.timeouts(table.id)]
            self.move(table)  # a change a crash kept from moving them

    def said(
        self,
        match_id: str,
        roles: list[Role],
        resigned: list[tuple[Role, int]],
        lines: list[tuple[int, Msg]],
    ) -> list[tuple[int, Msg]]:
        """The resignations' ``lines`` of a stored match, a timeout's said as one, and
        the lines of the timeouts after which a bot played on."""
        out = self.storage.timeouts(match_id)
        if not out:
            return lines
        lost = {role for role, _, was_lost in out if was_lost}
        said = [
            (seq, timeout_note(role, roles, [r for r, _ in resigned[: i + 1]]))
            if role in lost
            else (seq, line)
            for i, ((seq, line), (role, _)) in enumerate(zip(lines, resigned, strict=True))
        ]
        said += [(seq, timeout_note(role, roles, None)) for role, seq, was in out if not was]
        return sorted(said, key=lambda pair: pair[0])

    @staticmethod
    def awaited(table: Table) -> set[Role]:
        """The seats whose clock runs: those the game awaits, held by people, while the
        match is started and not over."""
        if table.pace is None or not table.started or table.outcome() is not None:
            return set()
        people = {s.role for s in table.seats if s.kind == "human"}
        return {r for r in table.match.active() if r in people}

    def move(self, table: Table) -> None:
        """Stop the clocks of the seats no longer awaited and start those newly awaited,
        stored at once."""
        if table.pace is None:
            return
        match = table.match
        seen = min(table.clock_seq, match.seq)  # an undo went back: no move since
        moved = {entry.role for entry in match.history[seen:]}
        table.clock_seq = match.seq
        now = self.wall.now()
        changed = advance(table.pace, table.clocks, self.awaited(table), now, moved)
        if not changed:
            return
        self.storage.set_clocks(table.id, list(changed.values()))
        table.clocks.update(changed)
        table.clocks_moved()

    def shown(
        self, rows: list[dict[str, Any]], found: dict[str, tuple[Pace, dict[Role, SeatClock]]]
    ) -> None:
        """Give each of an account's matches (:meth:`People.rows`) the clock of its seat
        (``clock``: pace, seconds left, whether it runs) when the match has a pace (its
        clocks ``found`` in the store)."""
        now = self.wall.now()
        for row in rows:
            pace_clocks = found.get(row["id"])
            row["clock"] = None
            if pace_clocks is None or row["status"] == "finished" or not row["roles"]:
                continue
            pace, seats = pace_clocks
            mine = seats.get(row["roles"][0])
            if mine is not None:
                row["clock"] = {
                    "pace": pace.kind,
                    "left": round(mine.left(now)),
                    "running": mine.running,
                    "low": mine.left(now) <= pace.low_at(),
                }


class Timeouts:
    """The timeouts of ``matches`` (claimed by :mod:`web.scheduler`): a seat out of time
    leaves as ``people`` say a seat leaves, and ``play`` lets the bots answer."""

    def __init__(
        self, matches: Matches, people: People, play: Play, clocks: Clocks, registry: Registry
    ) -> None:
        self.matches = matches
        self.people = people
        self.play = play
        self.clocks = clocks
        self.registry = registry

    async def time_out(self, match_id: str, role: Role) -> bool:
        """Carry out ``role``'s timeout, its clock having run out (the scheduler claimed
        it): the match follows its pace's setting (:mod:`web.clocks`): ``lose``: the seat
        resigns on time (two seats: the other wins; more: a bot plays it, placed last);
        ``bot``: a bot plays it on. ``False`` when there is nothing to do (the clock was
        stopped or moved meanwhile, or the match is over)."""
        table = await self.matches.get(match_id)
        async with table.lock:
            self.matches.alive(table)
            clock = table.clocks.get(role)
            pace = table.pace
            now = self.clocks.wall.now()
            if pace is None or clock is None or clock.timed_out is not None:
                return False
            if clock.due is None or clock.due > now or table.outcome() is not None:
                return False
            lose = pace.on_timeout == "lose"
            resigned = [*table.resigned, role] if lose else list(table.resigned)
            timed_out = [*table.timed_out, role]
            seats, bot, summary = self.people.seat_left(table, role, resigned, timed_out)
            write = partial(
                self.matches.storage.time_out,
                table.id,
                role,
                clock.due,
                table.match.seq,
                summary,
                table.version,
                lose,
                bot,
            )
            if not await self.matches.write(table, write):
                return False
            table.seats = seats
            table.resigned = resigned
            table.timed_out = timed_out
            table.version += 1
            table.clocks[role] = replace(clock, bank=0.0, since=None, due=None, timed_out=clock.due)
            table.note(timeout_note(role, table.match.roles, resigned if lose else None))
            log.info(
                "match %s: %s ran out of time after %s actions (%s)",
                table.id,
                role,
                table.match.seq,
                "loses" if lose else "a bot plays on",
            )
            self.registry.notify(
                table.match, MatchEvent(kind="timeout", seq=table.match.seq, role=role)
            )
            await self.play.play_bots(table)
            self.matches.changed(table)
        return True
