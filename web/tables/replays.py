"""Finished matches: the history (the saved match) and a replay position's view.

A match's history is shown only once it is over: before, it would reveal the seed and what
the players chose in secret. A replay cursor per match (the last few asked about) is moved
forward from the latest snapshot at or before the position asked for.

Both are long work for a long match (a 38,000-action history, a replay far from a
snapshot), so neither runs on the event loop: the game file is made once per finished
match in a worker thread, a thousand entries of its history at a time (no one call holds
the interpreter long), kept (:data:`FILES_KEPT`) and streamed; replays move their cursor
in a worker thread, one at a time. A replay position carries the last page of its log,
like a live payload.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

import orjson

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.i18n.messages import Msg, render_outcome, render_view
from gameshelf.core.play.match import Match
from gameshelf.web.storage import ActionRecord
from gameshelf.web.tables.matches import Matches
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.seen import LOG_PAGE, Note
from gameshelf.web.tables.table import Table

REPLAYS_KEPT = 16  # replay cursors kept (the matches replayed last)
FILES_KEPT = 8  # game files kept (the finished matches downloaded last)
ENTRIES_A_CALL = 1000  # history entries serialised in one call (the loop's other requests)


class Replays:
    """History and replays of the finished matches of ``matches`` (their snapshots)."""

    def __init__(self, matches: Matches) -> None:
        self.matches = matches
        self._replays: OrderedDict[str, Match] = OrderedDict()  # replay cursors
        self._replaying = asyncio.Lock()  # one replay at a time moves a cursor (a thread)
        # game files of finished matches, by (id, version): made once, in a thread
        self._files: OrderedDict[tuple[str, int], asyncio.Future[bytes]] = OrderedDict()

    async def game_file(self, table: Table) -> bytes:
        """The saved match (history included) as JSON, once it is over: made once, in a
        worker thread, and kept; a second request for it waits for the first one's."""
        self._require_finished(table)
        files: OrderedDict[tuple[str, int], asyncio.Future[bytes]] = self._files
        key = (table.id, table.version)
        found = files.get(key)
        if found is None:
            head = {
                **table.match.to_json(),
                "id": table.id,
                "seats": table.public_seats(),
                "outcome": table.payload(None)["outcome"],
                "resigned": table.resigned,
            }
            del head["history"]  # written a part at a time (game_file_json)
            history = list(table.match.history)
            found = files[key] = asyncio.ensure_future(
                asyncio.to_thread(game_file_json, head, history)
            )
            found.add_done_callback(lambda done: _forget_failed(files, key, done))
            while len(files) > FILES_KEPT:
                files.popitem(last=False)
        files.move_to_end(key)
        return await asyncio.shield(found)

    async def history(self, table: Table) -> dict[str, Any]:
        """The saved match (history included) as a dict; only once it is over."""
        value: dict[str, Any] = orjson.loads(await self.game_file(table))
        return value

    async def replay(
        self, table: Table, seq: int, role: Role | None, lang: str = DEFAULT_LANG
    ) -> dict[str, Any]:
        """The view of ``role`` after the first ``seq`` actions of a finished match, with
        the last :data:`LOG_PAGE` lines of its log (``log_from``, ``log_total``): worked
        out in a worker thread, one replay at a time."""
        self._require_finished(table)
        total = table.match.seq
        if not 0 <= seq <= total:
            raise Refusal("bad_seq", Msg("web.bad_seq", total=total, seq=seq))
        if role is not None and role not in table.match.roles:
            raise Refusal("bad_seat", Msg("web.no_seat", role=role), **table.named())
        async with self._replaying:
            return await asyncio.to_thread(self._replay_view, table, seq, role, lang)

    def _replay_view(self, table: Table, seq: int, role: Role | None, lang: str) -> dict[str, Any]:
        match = self._replay_at(table, seq)
        namer = match.ruleset.namer()
        state = match.state
        view = match.ruleset.view(state, role)
        log = with_notes(view.get("log", []), state.log, table.notes, seq, role)
        start = max(0, len(log) - LOG_PAGE)
        view["log"] = log[start:]
        return {
            "seq": seq,
            "total": table.match.seq,
            "view": render_view(view, lang, namer),
            "role": role,
            "outcome": render_outcome(
                table.outcome() if seq == table.match.seq else match.outcome(),
                lang,
                namer,
                match.game_id,
            ),
            "seats": table.public_seats(),
            "log_from": start,
            "log_total": len(log),
        }

    def _replay_at(self, table: Table, seq: int) -> Match:
        match = self._replays.pop(table.id, None)
        if match is None or match.seq > seq:
            stored = [
                ActionRecord(i + 1, e.role, e.type, e.arg, e.fresh)
                for i, e in enumerate(table.match.history)
            ]
            match = self.matches.from_snapshot(
                table.id, table.match.restarted(), stored, at_most=seq
            )
        for entry in table.match.history[match.seq : seq]:
            match.apply(entry.role, entry.action)
        self._replays[table.id] = match
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return match

    def replay_reader(self, table: Table, role: Role) -> Role:
        """``role``, a seat of a finished match whose log anyone may read as it did."""
        self._require_finished(table)
        if role not in table.match.roles:
            raise Refusal("bad_seat", Msg("web.no_seat", role=role), **table.named())
        return role

    @staticmethod
    def _require_finished(table: Table) -> None:
        if table.outcome() is None:
            raise Refusal("not_finished", Msg("web.not_finished"))


def _forget_failed(
    files: OrderedDict[tuple[str, int], asyncio.Future[bytes]],
    key: tuple[str, int],
    done: asyncio.Future[bytes],
) -> None:
    """A game file that could not be made is not kept: the next request tries again."""
    if done.cancelled() or done.exception() is not None:
        files.pop(key, None)


def game_file_json(head: dict[str, Any], history: list[Any]) -> bytes:
    """``{**head, "history": [...]}`` as JSON (UTF-8), the history a thousand entries a
    call. The head by the json module: a seed may not fit in 64 bits (orjson's limit)."""
    parts = [json.dumps(head, ensure_ascii=False, separators=(",", ":"))[:-1].encode()]
    parts.append(b',"history":[')
    for at in range(0, len(history), ENTRIES_A_CALL):
        chunk = [e.to_json() for e in history[at : at + ENTRIES_A_CALL]]
        parts.append((b"," if at else b"") + orjson.dumps(chunk)[1:-1])
    parts.append(b"]}\n")
    return b"".join(parts)


def with_notes(
    shown: list[Any], log: list[Any], notes: list[Note], seq: int, role: Role | None
) -> list[Any]:
    """``shown`` (the lines of ``log`` that ``role`` reads) with the site's notes made by
    the time ``seq`` actions were played, each where it stands in the log."""
    out = list(shown)
    for note in reversed([n for n in notes if n.seq <= seq]):
        before = log[: note.log_at]
        at = sum(1 for line in before if isinstance(line, str) or line.reads(role))
        out.insert(at, note.msg)
    return out
