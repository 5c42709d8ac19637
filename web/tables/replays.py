"""Finished matches: the history (the saved match) and a replay position's view.

A match's history is shown only once it is over: before, it would reveal the seed and what
the players chose in secret. A replay cursor per match (the last few asked about) is moved
forward from the latest snapshot at or before the position asked for.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.match import Match
from gameshelf.core.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.messages import Msg, render_outcome, render_view
from gameshelf.core.ruleset import Role
from gameshelf.web.storage import ActionRecord
from gameshelf.web.tables.play import Play
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.table import Table

REPLAYS_KEPT = 16  # replay cursors kept (the matches replayed last)


class Replays(Play):
    """History and replays of finished matches."""

    def history(self, table: Table) -> dict[str, Any]:
        """The saved match (history included); only once it is over."""
        self._require_finished(table)
        return {
            **table.match.to_json(),
            "id": table.id,
            "seats": table.public_seats(),
            "outcome": table.payload(None)["outcome"],
        }

    def replay(
        self, table: Table, seq: int, role: Role | None, lang: str = DEFAULT_LANG
    ) -> dict[str, Any]:
        """The view of ``role`` after the first ``seq`` actions of a finished match."""
        self._require_finished(table)
        total = table.match.seq
        if not 0 <= seq <= total:
            raise Refusal("bad_seq", Msg("web.bad_seq", total=total, seq=seq))
        if role is not None and role not in table.match.roles:
            raise Refusal("bad_seat", Msg("web.no_seat", role=role), **table.named())
        match = self._replay_at(table, seq)
        outcome = match.outcome()
        return {
            "seq": seq,
            "total": total,
            "view": render_view(match.view(role), lang, match.ruleset.namer()),
            "role": role,
            "outcome": render_outcome(outcome, lang, match.ruleset.namer(), match.game_id),
            "seats": table.public_seats(),
        }

    def _replay_at(self, table: Table, seq: int) -> Match:
        match = self._replays.pop(table.id, None)
        if match is None or match.seq > seq:
            stored = [
                ActionRecord(i + 1, e.role, e.type, e.arg, e.fresh)
                for i, e in enumerate(table.match.history)
            ]
            match = self._from_snapshot(table.id, table.match.restarted(), stored, at_most=seq)
        for entry in table.match.history[match.seq : seq]:
            match.apply(entry.role, entry.action)
        self._replays[table.id] = match
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return match

    @staticmethod
    def _require_finished(table: Table) -> None:
        if table.match.outcome() is None:
            raise Refusal("not_finished", Msg("web.not_finished"))
