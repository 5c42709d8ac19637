"""Live updates: who is watching which match, and pushing each of them its own view.

Every WebSocket connection is a :class:`Listener` for one match and one seat (or a
spectator). When a match changes, :meth:`Hub.publish` hands each of them the message of
its seat (built once per seat by the table); each connection sends only the latest message
(a slow browser skips intermediate states, it never sees another seat's view).
Everything here runs on the server's event loop.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

from gameshelf.core.ruleset import Role
from gameshelf.web.tables import Table


class Listener:
    """One connection's mailbox: holds the newest message not yet sent."""

    def __init__(
        self, match_id: str, role: Role | None, log_tail: int | None = None, lang: str = "en"
    ) -> None:
        self.match_id = match_id
        self.role = role
        self.log_tail = log_tail
        self.lang = lang  # the language its messages are sent in
        self._pending: str | None = None
        self._ready = asyncio.Event()

    def push(self, message: str) -> None:
        self._pending = message
        self._ready.set()

    async def next(self) -> str:
        await self._ready.wait()
        self._ready.clear()
        message, self._pending = self._pending, None
        return message or ""


class Hub:
    """The listeners of every match."""

    def __init__(self) -> None:
        self.rooms: dict[str, set[Listener]] = defaultdict(set)

    def join(
        self, match_id: str, role: Role | None, log_tail: int | None = None, lang: str = "en"
    ) -> Listener:
        listener = Listener(match_id, role, log_tail, lang)
        self.rooms[match_id].add(listener)
        return listener

    def leave(self, listener: Listener) -> None:
        room = self.rooms.get(listener.match_id)
        if room is not None:
            room.discard(listener)
            if not room:
                del self.rooms[listener.match_id]

    def watching(self, match_id: str) -> int:
        return len(self.rooms.get(match_id, ()))

    def publish(self, table: Table) -> None:
        """Tell every listener of ``table`` what its own seat now sees."""
        room = self.rooms.get(table.id)
        if not room:
            return
        for listener in list(room):
            listener.push(table.payload_text(listener.role, listener.log_tail, listener.lang))
