"""Live updates: who is watching which match, and pushing each of them its own view.

Every WebSocket connection is a :class:`Listener` for one match and one seat (or a
spectator). When a match changes, :meth:`Hub.publish` hands each of them the message of
its seat: what changed of its view since what it was last sent, and the log lines it
lacks (built once per seat, language and base version by the table); each connection
sends only the latest message (a slow browser skips intermediate states, it never sees
another seat's view).
Everything here runs on the server's event loop.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict, deque
from collections.abc import Callable

from gameshelf.core.engine.ruleset import Role
from gameshelf.web.tables import Table

SAID_KEPT = 100  # chat lines waiting for a slow connection, at most (older ones dropped)


class Listener:
    """One connection's mailbox: the newest message not yet sent, and what the browser
    holds (the parts of the view it was sent, its version and how many log lines): each
    message carries only what changed since what was really sent (:mod:`.tables.seen`)."""

    def __init__(
        self,
        match_id: str,
        role: Role | None,
        log_tail: int | None = None,
        lang: str = "en",
        log_have: int | None = None,
        version: int | None = None,
    ) -> None:
        self.match_id = match_id
        self.role = role
        self.log_tail = log_tail  # the first message's log lines, when it names none it has
        self.lang = lang  # the language its messages are sent in
        self.log_have, self.version = log_have, version  # the log lines it holds, as of
        self.sent: dict[str, bytes] | None = None  # the view's parts it was sent
        self._pending: tuple[str, dict[str, bytes], int, int] | None = None
        self._said: deque[str] = deque(maxlen=SAID_KEPT)  # chat lines, each one sent
        self._ready = asyncio.Event()

    def push(self, table: Table) -> None:
        """Queue what the table shows this listener now (replacing a message not yet
        sent: it is made against what was really sent)."""
        self._pending = table.live_message(self)
        self._ready.set()

    def say(self, message: str) -> None:
        """Queue a message that must not be skipped (a chat line), sent before the view."""
        self._said.append(message)
        self._ready.set()

    async def next(self) -> str:
        while not self._said and self._pending is None:
            self._ready.clear()
            await self._ready.wait()
        if self._said:
            return self._said.popleft()
        pending, self._pending = self._pending, None
        assert pending is not None
        message, self.sent, self.version, self.log_have = pending
        return message


class Hub:
    """The listeners of every match."""

    def __init__(self) -> None:
        self.rooms: dict[str, set[Listener]] = defaultdict(set)
        # Several processes (web.fanout): pass a chat line on to the others' listeners too.
        self.relay: Callable[[str, str, bool], None] | None = None
        # told when a seat's page opens or closes (web.notices keeps who is on a page)
        self.on_join: Callable[[str, Role], None] | None = None
        self.on_leave: Callable[[str, Role], None] | None = None

    def join(
        self,
        match_id: str,
        role: Role | None,
        log_tail: int | None = None,
        lang: str = "en",
        log_have: int | None = None,
        version: int | None = None,
    ) -> Listener:
        listener = Listener(match_id, role, log_tail, lang, log_have, version)
        self.rooms[match_id].add(listener)
        if role is not None and self.on_join is not None:
            self.on_join(match_id, role)
        return listener

    def leave(self, listener: Listener) -> None:
        room = self.rooms.get(listener.match_id)
        if room is not None:
            room.discard(listener)
            if not room:
                del self.rooms[listener.match_id]
        role = listener.role
        if (
            role is not None
            and self.on_leave is not None
            and not self.holds(listener.match_id, role)
        ):
            self.on_leave(listener.match_id, role)

    def holds(self, match_id: str, role: Role) -> bool:
        """Whether a page of this process shows the match as ``role``."""
        return any(listener.role == role for listener in self.rooms.get(match_id, ()))

    def watching(self, match_id: str) -> int:
        return len(self.rooms.get(match_id, ()))

    def tell(self, match_id: str, message: str, spectators_only: bool = False) -> None:
        """Send ``message`` (a chat line) to every listener of a match (or its spectators
        only), none skipped: here, and in the other processes of the site."""
        self.tell_here(match_id, message, spectators_only)
        if self.relay is not None:
            self.relay(match_id, message, spectators_only)

    def tell_here(self, match_id: str, message: str, spectators_only: bool = False) -> None:
        """:meth:`tell`, to this process's listeners only."""
        for listener in list(self.rooms.get(match_id, ())):
            if not spectators_only or listener.role is None:
                listener.say(message)

    def publish(self, table: Table) -> None:
        """Tell every listener of ``table`` what its own seat now sees."""
        room = self.rooms.get(table.id)
        if not room:
            return
        for listener in list(room):
            listener.push(table)
