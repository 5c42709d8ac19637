"""Matches of bots alone, played in the background: a round of each in turn, at most
``bot_actions_per_second`` actions a second in all, so that people's matches come first;
a match someone watches at its own pace. Several processes on one store play each such
match in one of them (claimed work, architecture §4.6).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable

from gameshelf.core.i18n.messages import Msg
from gameshelf.web.settings import Settings
from gameshelf.web.tables.matches import Matches
from gameshelf.web.tables.play import Play
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.table import Table

log = logging.getLogger("gameshelf.web")


class Bots:
    """The background player of the matches of bots alone among ``matches``; ``play``
    plays their rounds."""

    def __init__(self, matches: Matches, play: Play, settings: Settings) -> None:
        self.matches = matches
        self.play = play
        self.settings = settings
        self.clock: Callable[[], float] = time.monotonic  # tests may move time on
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # or count pauses
        # how many listen to a match (the app's Hub.watching): its bots alone are paced then
        self.watching: Callable[[str], int] = lambda match_id: 0
        self.queue: deque[str] = deque()  # matches of bots alone, in turn
        self.playing: set[str] = set()  # those queued or being played
        self.task: asyncio.Task[None] | None = None
        self.due: dict[str, float] = {}  # a paced match's next action, on self.clock

    async def get(self, match_id: str, resume: bool = True) -> Table:
        """The table ``match_id``; ``Refusal`` (unknown_match, 404) when there is none. A
        match loaded after a restart lets its bots act if they were interrupted (a match
        of bots alone is queued for the background player instead; ``resume=False``:
        neither)."""
        table, loaded = await self.matches.find(match_id)
        if not loaded or not resume:
            return table
        if table.bots_only:
            self.schedule(table)
            return table
        async with table.lock:
            if await self.play.play_bots(table):
                self.matches.changed(table)
        return table

    def admit(self) -> None:
        cap = self.settings.max_bot_matches
        if len(self.playing) >= cap:
            raise Refusal("bots_busy", Msg("web.bots_busy", cap=cap), headers={"Retry-After": "10"})

    def schedule(self, table: Table) -> None:
        """Queue a match of bots alone for the background player (started if idle)."""
        if table.id in self.playing or table.outcome() is not None:
            return
        if not self.matches.storage.claim_work(f"bots:{table.id}"):
            return  # another process plays it (architecture §4.6)
        self.playing.add(table.id)
        self.queue.append(table.id)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._play_in_background())

    async def _play_in_background(self) -> None:
        """Play the queued matches of bots alone a round each in turn, at most
        ``bot_actions_per_second`` actions a second in all, so people's matches come first.

        A match someone watches (``watching``), or made to be watched and still in its
        grace (``Table.paced_until``), plays one action a round at its ``bot_pace`` instead
        (its next round is due ``1 / bot_pace`` s later; others play meanwhile), so that
        the game can be followed live."""
        rate = self.settings.bot_actions_per_second
        while self.queue:
            match_id = self.queue.popleft()
            now = self.clock()
            waiting = self.matches.cached(match_id)
            if waiting is not None and not self.paced(waiting):  # nobody watches any more
                self.due.pop(match_id, None)
            if self.due.get(match_id, now) > now:  # a paced match not due yet
                self.queue.append(match_id)
                soonest = min(self.due.get(m, now) for m in self.queue)
                if soonest > now:  # nobody is due: wait for the first
                    await self.sleep(soonest - now)
                continue
            played, over = 0, True
            try:
                table = await self.matches.get(match_id)
                async with table.lock:
                    if not table.dead:
                        paced = self.paced(table)
                        if paced:  # one action this round
                            played = await self.play.play_bots(table, rounds=1, batch=1)
                        else:
                            played = await self.play.play_bots(table, rounds=1)
                        self.matches.changed(table)
                        over = table.outcome() is not None or not played
                        if paced and table.bot_pace:
                            self.due[match_id] = self.clock() + 1 / table.bot_pace
                        else:
                            self.due.pop(match_id, None)
            except Exception:
                log.exception("match %s: playing its bots in the background failed", match_id)
            if over:
                self.playing.discard(match_id)
                self.matches.storage.release_work(f"bots:{match_id}")
                self.due.pop(match_id, None)
            else:
                self.queue.append(match_id)
            await self.sleep(played / rate)

    def paced(self, table: Table) -> bool:
        """Whether a match of bots alone plays at its watched pace now (see above)."""
        if not table.bot_pace:
            return False
        return self.clock() < table.paced_until or self.watching(table.id) > 0

    async def sweep(self) -> int:
        """Take the unfinished matches of bots alone that no process plays (several
        processes on one store: their player died); how many were taken."""
        taken = 0
        for record in await asyncio.to_thread(self.matches.storage.matches, 1000, "running"):
            key = f"bots:{record.id}"
            if not record.bots_only or record.id in self.playing:
                continue
            if not self.matches.storage.claim_work(key):  # played elsewhere: not even loaded
                continue
            self.matches.storage.release_work(key)  # taken again by schedule, the one way in
            self.schedule(await self.matches.get(record.id))
            taken += record.id in self.playing
        return taken

    async def resume(self) -> int:
        """Queue the unfinished matches of bots alone (after a restart); how many."""
        found = 0
        for record in await asyncio.to_thread(self.matches.storage.matches, 1000, "running"):
            if record.bots_only:
                self.schedule(await self.matches.get(record.id))
                found += 1
        return found
