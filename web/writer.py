"""Group commit: every write to storage goes through one thread, many at a time.

An action is committed before its reply, and with ``synchronous=FULL`` a commit waits for the
disk. Rather than one disk flush per action, the writer takes every write that arrived while
the previous commit was on the disk and commits them together. A write should not fail (the
tables check everything first), so the batch is first tried as one plain transaction; if a
write fails, that attempt is rolled back and the batch is committed again with each write
in its own savepoint, so that the failing one is undone alone, all of it (a write may make
several changes). A write the database undid to break a deadlock with another process is
tried again after a short pause, a few times, before it counts as failed. The event loop
only awaits the outcome, so other matches are served meanwhile.

The path back to the waiting request is kept short: a busy event loop takes a while to come
round to each callback, so a write is queued at once (no task to start first), the outcomes
of a batch come back in one callback, and each settles the very future its request awaits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import random
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from gameshelf.web.storage import Storage
from gameshelf.web.storage_sql import TRANSIENT_ERRORS

T = TypeVar("T")
log = logging.getLogger("gameshelf.web")


@dataclass(frozen=True)
class Job:
    """A write, the loop of its requester and the future it awaits; ``on_failure`` runs
    (on that loop) when the write fails, even if nobody awaits the future any more."""

    write: Callable[[], Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    on_failure: Callable[[BaseException], None] | None = None


Outcome = tuple[Job, bool, Any]  # the job, whether it was stored, its result or exception

TRIES = 3  # how often a write the database undid for another (a deadlock) is tried
PAUSE = 0.05  # seconds before such a write is tried again, times its try (give or take half)


class Writer:
    """The one thread that writes to ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.batches = 0  # how many commits, for the curious (the benchmark)
        self.writes = 0

    def submit(
        self,
        write: Callable[[], T],
        on_failure: Callable[[BaseException], None] | None = None,
    ) -> asyncio.Future[T]:
        """Queue ``write`` for the next commit, now; the future is settled once it is on
        disk. Cancelling the future does not stop the write (``on_failure`` still runs)."""
        self._start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put(Job(write, loop, future, on_failure))
        return future

    async def run(self, write: Callable[[], T]) -> T:
        """Run ``write`` inside the next commit; return once it is on disk."""
        return await self.submit(write)

    def _start(self) -> None:
        with self._start_lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._work, name="gameshelf-writer", daemon=True
                )
                self._thread.start()

    def _work(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while True:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stop = True
                    break
                batch.append(job)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[Job]) -> None:
        try:
            with self.storage.transaction(isolated=False):
                outcomes: list[Outcome] = [(job, True, job.write()) for job in batch]
        except Exception as exc:  # one write failed, or the commit: again, each on its own
            if isinstance(exc, TRANSIENT_ERRORS):
                _pause(1)
            outcomes = self._commit_isolated(batch)
        self.batches += 1
        self.writes += len(batch)
        by_loop: dict[asyncio.AbstractEventLoop, list[Outcome]] = defaultdict(list)
        for outcome in outcomes:
            by_loop[outcome[0].loop].append(outcome)
        for loop, settled in by_loop.items():
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
                loop.call_soon_threadsafe(_settle, settled)

    def _commit_isolated(self, batch: list[Job]) -> list[Outcome]:
        outcomes: list[Outcome] = []
        try:
            with self.storage.transaction(isolated=True):
                outcomes = [self._write_alone(job) for job in batch]
        except Exception as exc:  # the commit itself failed: nothing of the batch is stored
            log.exception("a commit of %d writes failed", len(batch))
            outcomes = [(job, False, exc) for job in batch]
        return outcomes

    def _write_alone(self, job: Job) -> Outcome:
        """Run ``job`` in a savepoint of its own: if it fails, all it changed is undone."""
        tries = 1
        while True:
            try:
                with self.storage.transaction():
                    return (job, True, job.write())
            except TRANSIENT_ERRORS as exc:
                if tries == TRIES:
                    return (job, False, exc)
                log.info("a write was undone to break a deadlock; trying it again")
                tries += 1
                _pause(tries)
            except Exception as exc:
                return (job, False, exc)

    def close(self) -> None:
        """Finish the writes already asked for, then stop the thread."""
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(timeout=30)


def _pause(tries: int) -> None:
    """Wait before trying writes again that the database undid to break a deadlock: the
    transaction that won waits for the locks they let go, and writes tried again at once
    may take those locks back first and deadlock anew (seen under load with PostgreSQL)."""
    time.sleep(PAUSE * tries * random.uniform(0.5, 1.5))


def _settle(outcomes: list[Outcome]) -> None:
    """On the requesters' loop: tell each of them how its write went."""
    for job, ok, value in outcomes:
        if not ok and job.on_failure is not None:
            job.on_failure(value)
        if job.future.cancelled():
            continue
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(value)
