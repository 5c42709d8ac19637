"""Group commit: every write to storage goes through one thread, many at a time.

An action is committed before its reply, and with ``synchronous=FULL`` a commit waits for the
disk. Rather than one disk flush per action, the writer takes every write that arrived while
the previous commit was on the disk and commits them together. A write should not fail (the
tables check everything first), so the batch is first tried as one plain transaction; if a
write fails, that attempt is rolled back and the batch is committed again with each write
in its own savepoint, so that the failing one is undone alone. The event loop only awaits
the outcome, so other matches are served meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from web.storage import Storage

T = TypeVar("T")
log = logging.getLogger("gameshelf.web")

Job = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


class Writer:
    """The one thread that writes to ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.batches = 0  # how many commits, for the curious (the benchmark)
        self.writes = 0

    async def run(self, write: Callable[[], T]) -> T:
        """Run ``write`` inside the next commit; return once it is on disk."""
        self._start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((write, loop, future))
        return await future

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
                outcomes: list[tuple[bool, Any]] = [(True, write()) for write, _, _ in batch]
        except Exception:  # one write failed, or the commit: again, each write on its own
            outcomes = self._commit_isolated(batch)
        self.batches += 1
        self.writes += len(batch)
        for (_, loop, future), (ok, value) in zip(batch, outcomes, strict=True):
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
                loop.call_soon_threadsafe(_settle, future, ok, value)

    def _commit_isolated(self, batch: list[Job]) -> list[tuple[bool, Any]]:
        outcomes: list[tuple[bool, Any]] = []
        try:
            with self.storage.transaction(isolated=True):
                for write, _, _ in batch:
                    try:
                        outcomes.append((True, write()))
                    except Exception as exc:  # this write alone is undone (its savepoint)
                        outcomes.append((False, exc))
        except Exception as exc:  # the commit itself failed: nothing of the batch is stored
            log.exception("a commit of %d writes failed", len(batch))
            outcomes = [(False, exc)] * len(batch)
        return outcomes

    def close(self) -> None:
        """Finish the writes already asked for, then stop the thread."""
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(timeout=30)


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
