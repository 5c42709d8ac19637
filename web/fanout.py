"""Live updates across server processes (architecture §4.6).

With one process, a change reaches the WebSockets straight from the table that made it
(:meth:`web.hub.Hub.publish`). With several on one PostgreSQL database, the process that
commits a change also tells the others, through ``NOTIFY``, only "match M is at version V"
(:meth:`web.storage_pg.PostgresStorage.listen`): no view and no secret crosses the
channel. A process with listeners on M rebuilds its copy of M from the store (the table's
version check, :meth:`web.tables.matches.Matches._current`) and pushes each of its listeners
its own view, built here. News for a match nobody here watches is dropped: the copy is
checked when it is next used. A process whose listening connection was lost catches up
when it is back: every match it has listeners on is checked against the store.

Chat lines travel the same way, whole (each is the same for every reader of its channel):
the process that stored one tells its own listeners and passes it on
(:meth:`web.hub.Hub.tell`, :meth:`relay`).

It also finds the matches of bots alone that no process plays (their player died, or they
were created by a process that has stopped) and takes them (:meth:`Bots.sweep`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Coroutine
from typing import Any

from gameshelf.web.hub import Hub
from gameshelf.web.storage_pg import PostgresStorage
from gameshelf.web.tables import Refusal, Tables

log = logging.getLogger("gameshelf.web")


class Fanout:
    """This process's end of the news between processes (see the module)."""

    def __init__(
        self, storage: PostgresStorage, tables: Tables, hub: Hub, sweep_seconds: float
    ) -> None:
        self.storage = storage
        self.tables = tables
        self.hub = hub
        self.sweep_seconds = sweep_seconds
        self._newest: dict[str, int] = {}  # match -> the newest version heard, not yet shown
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        loop = asyncio.get_running_loop()

        def heard(match_id: str, version: int) -> None:  # in the listening thread
            loop.call_soon_threadsafe(self.heard, match_id, version)

        def missed() -> None:
            loop.call_soon_threadsafe(self.catch_up)

        def told(message: str) -> None:
            match_id, spectators_only, line = json.loads(message)
            loop.call_soon_threadsafe(self.hub.tell_here, match_id, line, spectators_only)

        self.storage.listen(heard, missed, told)
        self.hub.relay = self.relay
        self._sweeper = loop.create_task(self._sweep())

    def relay(self, match_id: str, message: str, spectators_only: bool) -> None:
        """Pass a chat line said here on to the other processes (off the event loop)."""
        passed = json.dumps([match_id, spectators_only, message], ensure_ascii=False)
        self._spawn(self._tell(passed))

    async def _tell(self, passed: str) -> None:
        try:
            if not await asyncio.to_thread(self.storage.tell, passed):
                log.warning("a chat line too long to pass on to the other processes")
        except Exception:
            log.exception("passing a chat line on to the other processes failed")

    def stop(self) -> None:
        self.hub.relay = None
        for task in [*self._tasks, *([self._sweeper] if self._sweeper else [])]:
            task.cancel()

    def heard(self, match_id: str, version: int) -> None:
        """Another process stored ``version`` of ``match_id``."""
        if not self.hub.watching(match_id):
            return
        waiting = match_id in self._newest
        self._newest[match_id] = max(version, self._newest.get(match_id, -1))
        if not waiting:  # one refresh at a time a match; it takes the newest heard
            self._spawn(self._show(match_id))

    def catch_up(self) -> None:
        """News may have been missed: check every watched match against the store."""
        if self.hub.rooms:
            log.info("catching up on %d watched matches", len(self.hub.rooms))
        for match_id in list(self.hub.rooms):
            self.heard(match_id, 0)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _show(self, match_id: str) -> None:
        try:
            while True:
                wanted = self._newest[match_id]
                try:
                    table = await self.tables.get(match_id, resume=False)
                except Refusal:
                    return
                async with table.lock:
                    if table.dead:  # a copy whose write failed (a stale one): load again
                        continue
                    if table.version >= wanted:
                        self.tables.announce(table)
                if self._newest[match_id] == wanted:
                    return
        except Exception:
            log.exception("match %s: showing a change made elsewhere failed", match_id)
        finally:
            self._newest.pop(match_id, None)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_seconds)
            try:
                await self.tables.sweep_bots()
            except Exception:
                log.exception("looking for matches of bots alone that nobody plays failed")
