"""The tables' clocks (:mod:`web.clocks`): loaded with a match, moved at each change of it
(before anyone is told of the change, so that every payload says them), shown in "my
games"."""

from __future__ import annotations

import logging
from typing import Any

from gameshelf.core.ruleset import Role
from gameshelf.web.clocks import advance
from gameshelf.web.storage import MatchRecord
from gameshelf.web.tables.people import People
from gameshelf.web.tables.table import Table

log = logging.getLogger("gameshelf.web")


class Timing(People):
    """Clocks."""

    def _load(self, record: MatchRecord) -> Table:
        table = super()._load(record)
        found = self.storage.clocks([record.id]).get(record.id)
        if found is not None:
            table.pace, table.clocks = found
            table.timed_out = self.storage.timeouts(record.id)
            self._move_clocks(table)  # a change a crash kept from moving them
        return table

    @staticmethod
    def awaited(table: Table) -> set[Role]:
        """The seats whose clock runs: those the game awaits, held by people, while the
        match is started and not over."""
        if table.pace is None or not table.started or table.outcome() is not None:
            return set()
        people = {s.role for s in table.seats if s.kind == "human"}
        return {r for r in table.match.active() if r in people}

    def _move_clocks(self, table: Table) -> None:
        """Stop the clocks of the seats no longer awaited and start those newly awaited,
        stored at once."""
        if table.pace is None:
            return
        changed = advance(table.pace, table.clocks, self.awaited(table), self.wall.now())
        if not changed:
            return
        self.storage.set_clocks(table.id, list(changed.values()))
        table.clocks.update(changed)
        table.clocks_moved()

    def _changed(self, table: Table) -> None:
        self._move_clocks(table)
        super()._changed(table)

    def my_matches(self, account: int) -> list[dict[str, Any]]:
        """The account's matches (:meth:`People.my_matches`), each with the clock of its
        seat (``clock``: pace, seconds left, whether it runs) when the match has a pace."""
        rows = super().my_matches(account)
        found = self.storage.clocks([r["id"] for r in rows])
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
        return rows
