"""The scheduler (issue 30): what must happen at a time, done once, whatever the number of
server processes and however long they were down: timeouts, low clocks told, the notices'
queue sent (:mod:`web.notices`).

Every due time is in the database (a running clock's ``due``), never only in a process's
memory. Each process runs :meth:`Scheduler.run`: at start, and then every
``scheduler_seconds``, :meth:`Scheduler.tick` finds what is due by now (so a site that was
down catches up at once on start) and, for each, *claims* it with a conditional update
(``ClockStorage.claim_timeout``: only if it is still due at that very time and not leased
by another process, or its lease ran out) before carrying it out. The carrying out is one
transaction that fails if it was done already (``ClockStorage.time_out``), so a timeout
fires exactly once: two processes never both hold a lease; one dying between its claim and
its write leaves a lease that runs out (``lease_seconds``), after which a process claims it
again.

Time comes from the tables' clock object (``Tables.clocks.wall``), so tests move it on and call
:meth:`Scheduler.tick` instead of waiting.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from gameshelf.web.clocks import LOW_SHARE
from gameshelf.web.storage import Storage

if TYPE_CHECKING:
    from gameshelf.web.notices import Notices
    from gameshelf.web.tables import Tables

log = logging.getLogger("gameshelf.web")

LEASE_SECONDS = 60.0  # a claim held by a process that died is claimed again after this


class Scheduler:
    """Fires the timeouts that are due (see the module)."""

    def __init__(
        self,
        storage: Storage,
        tables: Tables,
        every: float = 15.0,
        lease: float = LEASE_SECONDS,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.storage = storage
        self.tables = tables
        self.every = every
        self.lease = lease
        self.sleep = sleep
        self.fired = 0  # timeouts this process carried out
        self._ticking = asyncio.Lock()
        self.notices: Notices | None = None  # sent at each tick too (web.notices)

    async def tick(self) -> int:
        """Carry out every timeout due now that this process can claim, then the rest
        (:meth:`_tick`); one tick at a time in a process; how many timeouts fired."""
        async with self._ticking:
            return await self._tick()

    async def _tick(self) -> int:
        fired = 0
        now = self.tables.clocks.wall.now()
        store = self.storage
        for match_id, role, due in await asyncio.to_thread(store.due_clocks, now):
            claim = (match_id, role, due, now, now + self.lease)
            if not await asyncio.to_thread(store.claim_timeout, *claim):
                continue  # another process holds it, or it moved
            try:
                if await self.tables.time_out(match_id, role):
                    fired += 1
            except Exception:  # its lease runs out and it is tried again
                log.exception("match %s: the timeout of %s failed", match_id, role)
        self.fired += fired
        if self.notices is not None:
            await self.notices.keep_pages()
            await self._low_clocks(now)
            await self.notices.digests()
            await self.notices.deliver()
        return fired

    async def _low_clocks(self, now: float) -> None:
        """Tell each seat whose clock ran low (once per run of its clock)."""
        assert self.notices is not None
        store = self.storage
        for match_id, role, due in await asyncio.to_thread(store.low_clocks, now, LOW_SHARE):
            if not await asyncio.to_thread(store.claim_low_clock, match_id, role, due, now):
                continue
            try:
                table = await self.tables.get(match_id, resume=False)
                self.notices.clock_low(table, role)
            except Exception:
                log.exception("match %s: telling %s of its low clock failed", match_id, role)

    async def run(self) -> None:
        """Tick at once (catching up after downtime), then every ``every`` seconds."""
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("the scheduler's tick failed")
            await self.sleep(self.every)
