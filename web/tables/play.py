"""Playing: a seat's action or undo made on a version of the match, and the bots' answer
(the matches of bots alone are played in the background by :mod:`.bots`).

Every accepted action is committed to storage *before* anyone is told of it. Each table
has a lock held from the check of the version until the action, and the bots' answer, are
on disk and announced, so nobody sees a state that is not stored yet; the reply to an
action is built under that lock, so it shows the state it produced. A refused action
leaves the match exactly as it was (the rules guarantee it for the state, and nothing is
written).
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial

from gameshelf.core.bots.agents import Agent
from gameshelf.core.engine.rng import seed_from
from gameshelf.core.engine.ruleset import Action, IllegalAction, Role
from gameshelf.core.engine.snapshot import dump_snapshot
from gameshelf.core.engine.state_model import dump_json
from gameshelf.core.i18n.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.plugins import Registry
from gameshelf.web.settings import Settings
from gameshelf.web.storage import ActionRecord
from gameshelf.web.tables.matches import Matches
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.table import Table, kept
from gameshelf.web.thinking import Question, Thinkers

log = logging.getLogger("gameshelf.web")

BOT_ROUND = 200  # bot actions between two pauses in which the server serves others


class Play:
    """Actions, undo and the bots' answer, on the tables of ``matches``; search bots
    think in ``thinkers``' worker processes."""

    def __init__(
        self, matches: Matches, registry: Registry, settings: Settings, thinkers: Thinkers
    ) -> None:
        self.matches = matches
        self.registry = registry
        self.settings = settings
        self.thinkers = thinkers

    # --- a seat's decisions -----------------------------------------------------------

    async def act(
        self,
        table: Table,
        role: Role,
        action: Action,
        version: int,
        log_tail: int | None = None,
        lang: str = DEFAULT_LANG,
        log_have: int | None = None,
        reply: bool = True,
    ) -> tuple[bool, bytes]:
        """Apply ``role``'s action, decided on ``version`` of the match, then let bots answer.

        Refused as stale (409) when what ``role`` sees changed after ``version`` (see the
        module). Returns whether it was applied (``False``: this very action, named with
        the same version, was applied already: a retry, not applied twice) and ``role``'s
        payload as it stands right after, once stored and announced: the log lines after
        the ``log_have`` it held at ``version`` (else its last ``log_tail``); with
        ``reply=False`` no payload (``b""``): the seat's live connection carries it.
        Raises :class:`Refusal` otherwise.
        """
        async with table.lock:
            self.matches.alive(table)
            if not table.started:
                raise Refusal("not_started", Msg("web.not_started"), version=table.version)
            if (table.resigned or table.abandoned) and table.outcome() is not None:
                raise Refusal("game_over", Msg("web.finished"), version=table.version)
            match = table.match
            last = table.accepted.get(role)
            if last is not None and last[:2] == (version, action) and kept(table, role, last):
                if not reply:
                    return False, b""
                return False, table.payload_json(role, log_tail, lang, log_have, version)
            refusal = table.stale(role, version)
            if refusal is not None:
                raise refusal
            start = match.seq
            try:
                match.apply(role, action)
            except IllegalAction as exc:
                namer = match.ruleset.namer()
                raise Refusal.of_rules(exc, namer, match.game_id, table.version) from None
            except Exception:
                self.matches.forget(table)
                raise
            await self._commit(table, start)
            table.own_at[role] = table.version
            table.accepted[role] = (version, action, match.seq)
            await self.play_bots(table)
            self.matches.changed(table)
            if not reply:
                return True, b""
            return True, table.payload_json(role, log_tail, lang, log_have, version)

    async def undo(
        self,
        table: Table,
        role: Role,
        version: int,
        log_tail: int | None = None,
        lang: str = DEFAULT_LANG,
        log_have: int | None = None,
        reply: bool = True,
    ) -> bytes:
        """Take back ``role``'s latest action under the core's undo rule, if what ``role``
        sees did not change after ``version``; returns ``role``'s payload right after
        (``reply=False``: ``b""``, its live connection carries it)."""
        async with table.lock:
            self.matches.alive(table)
            match = table.match
            refusal = table.stale(role, version)
            if refusal is not None:
                raise refusal
            if table.abandoned or not match.undoable(role):
                raise Refusal("cannot_undo", Msg("web.cannot_undo"), version=table.version)
            try:
                match.undo(role)
            except Exception:
                self.matches.forget(table)
                raise
            table.version += 1
            table.log.cut(table.version)  # the log is a prefix of what it was
            write = partial(
                self.matches.storage.truncate,
                table.id,
                match.seq,
                table.summary(),
                table.version - 1,
            )
            await self.matches.write(table, write)
            table.own_at[role] = table.version
            table.accepted.pop(role, None)
            self.matches.changed(table)
            if not reply:
                return b""
            return table.payload_json(role, log_tail, lang, log_have, version)

    def _agents(self, table: Table) -> tuple[dict[Role, Agent], dict[Role, str]]:
        """The seated bots that answer at once, and those that think (``AgentSpec.thinks``:
        in a worker process, ``web.thinking``) by their agent ids."""
        match = table.match
        quick: dict[Role, Agent] = {}
        thinking: dict[Role, str] = {}
        for s in table.seats:
            if s.kind != "bot" or not s.agent:
                continue
            spec = self.registry.agent(s.agent)
            if spec.thinks:
                thinking[s.role] = s.agent
            else:
                quick[s.role] = spec.factory(seed_from("bot", match.seed, match.seq, s.role))
        return quick, thinking

    async def play_bots(
        self, table: Table, rounds: int | None = None, batch: int = BOT_ROUND
    ) -> int:
        """Let the seated bots act until a person must (or ``rounds`` rounds are played);
        their actions are committed.

        Quick bots play in rounds of ``batch`` actions (:data:`BOT_ROUND`), each in a worker thread,
        and a thinking bot's decision is a round of its own, worked out in a worker process:
        the event loop serves others meanwhile (the table's lock is held and ``table.busy``
        set while the state changes, so that nobody reads it). Between rounds the progress
        is stored and announced."""
        match = table.match
        first = match.seq
        limit = match.ruleset.info.max_actions
        played = 0
        if not table.started:
            return 0
        while table.outcome() is None and match.seq - first < limit:
            if rounds is not None and played >= rounds:
                break
            played += 1
            quick, thinking = self._agents(table)
            start = match.seq
            turn = match.ruleset.to_act(match.state, thinking) if thinking else None
            table.busy = True  # readers without the lock leave the state alone meanwhile
            try:
                if turn is not None:
                    await self._think(table, turn[0], thinking[turn[0]])
                elif quick:  # off the event loop: others are served meanwhile
                    room = table.room()
                    size = batch if room is None else min(batch, room)
                    await asyncio.to_thread(match.play_bots, quick, size)
            except Exception:
                # A bot or the rules failed: keep what was fully applied, rebuild on next use.
                log.exception("match %s: a bot failed at seq %s", table.id, match.seq)
                table.busy = False
                self.matches.forget(table)
                await self._commit(table, start)
                break
            finally:
                table.busy = False
            await self._commit(table, start)
            if match.seq == start:
                break
            stopped = turn is None and match.seq - start < batch  # the quick bots did
            if stopped and (not thinking or match.ruleset.to_act(match.state, thinking) is None):
                break  # a person must act, or the game is over
            self.matches.changed(table)
            await asyncio.sleep(0)
        return match.seq - first

    async def _think(self, table: Table, role: Role, agent: str) -> None:
        """A thinking bot's decision, worked out in a worker process, then applied (checked:
        it comes back from another process) with its thinking time noted (unless it had
        one option)."""
        match = table.match
        question = Question(
            game=match.game_id,
            roles=tuple(match.roles),
            state=dump_json(match.state, exclude={"log"}),  # the rules never read the log
            role=role,
            agent=agent,
            seed=seed_from("bot", match.seed, match.seq, role),
        )
        action, ms = await self.thinkers.choose(question)
        match.apply(role, action)
        if ms is not None:
            table.thought[role] = round(ms)

    async def _commit(self, table: Table, start: int) -> None:
        """Write the actions after ``start`` (and a snapshot when one is due)."""
        match = table.match
        if match.seq == start:
            return
        records = [
            ActionRecord(i, e.role, e.type, e.arg, e.fresh)
            for i, e in enumerate(match.history[start:], start + 1)
        ]
        every = self.settings.snapshot_every
        snapshot = None
        if match.seq // every > start // every:
            snapshot = (match.seq, dump_snapshot(match.ruleset, match.state))
        table.version += 1
        write = partial(
            self.matches.storage.append,
            table.id,
            records,
            table.summary(),
            snapshot,
            table.version - 1,
        )
        await self.matches.write(table, write)

    async def begin(self, table: Table) -> None:
        """Let the bots begin once the last seat is taken (a seat joined or accepted)."""
        if not table.started:
            return
        async with table.lock:
            if await self.play_bots(table):
                self.matches.changed(table)
