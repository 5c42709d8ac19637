"""Playing: a seat's action or undo made on a version of the match, the bots' answer, and
the matches of bots alone played in the background.

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

from gameshelf.core.agents import Agent
from gameshelf.core.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.messages import Msg
from gameshelf.core.rng import seed_from
from gameshelf.core.ruleset import Action, IllegalAction, Role
from gameshelf.core.snapshot import dump_snapshot
from gameshelf.core.state_model import dump_json
from gameshelf.web.storage import ActionRecord
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.seats import Seats
from gameshelf.web.tables.table import Table, kept
from gameshelf.web.thinking import Question

log = logging.getLogger("gameshelf.web")

BOT_ROUND = 200  # bot actions between two pauses in which the server serves others


class Play(Seats):
    """Actions, undo and bots."""

    async def get(self, match_id: str, resume: bool = True) -> Table:
        """The table ``match_id``; ``Refusal`` (unknown_match, 404) when there is none. A
        match loaded after a restart lets its bots act if they were interrupted (a match
        of bots alone is queued for the background player instead; ``resume=False``:
        neither)."""
        table, loaded = self._find(match_id)
        if not loaded or not resume:
            return table
        if table.bots_only:
            self._schedule(table)
            return table
        async with table.lock:
            if await self._play_bots(table):
                self._changed(table)
        return table

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
            self._alive(table)
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
                self._forget(table)
                raise
            await self._commit(table, start)
            table.own_at[role] = table.version
            table.accepted[role] = (version, action, match.seq)
            await self._play_bots(table)
            self._changed(table)
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
            self._alive(table)
            match = table.match
            refusal = table.stale(role, version)
            if refusal is not None:
                raise refusal
            if table.abandoned or not match.undoable(role):
                raise Refusal("cannot_undo", Msg("web.cannot_undo"), version=table.version)
            try:
                match.undo(role)
            except Exception:
                self._forget(table)
                raise
            table.version += 1
            table.log.cut(table.version)  # the log is a prefix of what it was
            write = partial(
                self.storage.truncate, table.id, match.seq, table.summary(), table.version - 1
            )
            await self._write(table, write)
            table.own_at[role] = table.version
            table.accepted.pop(role, None)
            self._changed(table)
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

    async def _play_bots(
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
                self._forget(table)
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
            self._changed(table)
            await asyncio.sleep(0)
        return match.seq - first

    async def _think(self, table: Table, role: Role, agent: str) -> None:
        """A thinking bot's decision, worked out in a worker process, then applied (checked:
        it comes back from another process) with its thinking time noted."""
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
            self.storage.append, table.id, records, table.summary(), snapshot, table.version - 1
        )
        await self._write(table, write)

    # --- matches of bots alone, in the background -------------------------------------

    def _admit_bots(self) -> None:
        cap = self.settings.max_bot_matches
        if len(self._bot_matches) >= cap:
            raise Refusal("bots_busy", Msg("web.bots_busy", cap=cap), headers={"Retry-After": "10"})

    def _schedule(self, table: Table) -> None:
        """Queue a match of bots alone for the background player (started if idle)."""
        if table.id in self._bot_matches or table.outcome() is not None:
            return
        if not self.storage.claim_work(f"bots:{table.id}"):
            return  # another process plays it (architecture §4.6)
        self._bot_matches.add(table.id)
        self._bot_queue.append(table.id)
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._play_in_background())

    async def _play_in_background(self) -> None:
        """Play the queued matches of bots alone a round each in turn, at most
        ``bot_actions_per_second`` actions a second in all, so people's matches come first.

        A match someone watches (``watching``), or made to be watched and still in its
        grace (``Table.paced_until``), plays one action a round at its ``bot_pace`` instead
        (its next round is due ``1 / bot_pace`` s later; others play meanwhile), so that
        the game can be followed live."""
        rate = self.settings.bot_actions_per_second
        while self._bot_queue:
            match_id = self._bot_queue.popleft()
            now = self.clock()
            waiting = self.cached(match_id)
            if waiting is not None and not self._paced(waiting):  # nobody watches any more
                self._bot_due.pop(match_id, None)
            if self._bot_due.get(match_id, now) > now:  # a paced match not due yet
                self._bot_queue.append(match_id)
                soonest = min(self._bot_due.get(m, now) for m in self._bot_queue)
                if soonest > now:  # nobody is due: wait for the first
                    await self.sleep(soonest - now)
                continue
            played, over = 0, True
            try:
                table = await self.get(match_id, resume=False)
                async with table.lock:
                    if not table.dead:
                        paced = self._paced(table)
                        if paced:  # one action this round
                            played = await self._play_bots(table, rounds=1, batch=1)
                        else:
                            played = await self._play_bots(table, rounds=1)
                        self._changed(table)
                        over = table.outcome() is not None or not played
                        if paced and table.bot_pace:
                            self._bot_due[match_id] = self.clock() + 1 / table.bot_pace
                        else:
                            self._bot_due.pop(match_id, None)
            except Exception:
                log.exception("match %s: playing its bots in the background failed", match_id)
            if over:
                self._bot_matches.discard(match_id)
                self.storage.release_work(f"bots:{match_id}")
                self._bot_due.pop(match_id, None)
            else:
                self._bot_queue.append(match_id)
            await self.sleep(played / rate)

    def _paced(self, table: Table) -> bool:
        """Whether a match of bots alone plays at its watched pace now (see above)."""
        if not table.bot_pace:
            return False
        return self.clock() < table.paced_until or self.watching(table.id) > 0

    async def sweep_bots(self) -> int:
        """Take the unfinished matches of bots alone that no process plays (several
        processes on one store: their player died); how many were taken."""
        taken = 0
        for record in self.storage.matches(1000, "running"):
            key = f"bots:{record.id}"
            if not record.bots_only or record.id in self._bot_matches:
                continue
            if not self.storage.claim_work(key):  # played elsewhere: not even loaded
                continue
            self.storage.release_work(key)  # taken again by _schedule, the one way in
            self._schedule(await self.get(record.id, resume=False))
            taken += record.id in self._bot_matches
        return taken

    async def resume_bots(self) -> int:
        """Queue the unfinished matches of bots alone (after a restart); how many."""
        found = 0
        for record in self.storage.matches(1000, "running"):
            if record.bots_only:
                self._schedule(await self.get(record.id, resume=False))
                found += 1
        return found
