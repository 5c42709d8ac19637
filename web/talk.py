"""Talk around a match: its chat and each seat's notepad (issue 29 item 5).

- The seats talk in the ``seats`` channel, which everyone watching reads (spectators too,
  and anyone once the match is over: the replay shows it).
- Spectators talk only if the site allows it (``spectator_chat``) and they are signed in,
  in the ``spectators`` channel, which the seats never read while they play.
- A message is 1–500 characters of text, no control character but line breaks and tabs;
  it is never read as HTML anywhere (pages set it as text). A seat (or a spectator's
  account) says at most ``chat_per_minute`` messages a minute, counted in the store.
- A notepad is a seat's alone: only its token reads or writes it.

New messages go to the match's live connections at once (``Hub.tell``).
"""

from __future__ import annotations

import asyncio
import json
import time
import unicodedata
from collections.abc import Callable
from dataclasses import asdict

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import Msg
from gameshelf.web.hub import Hub
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage
from gameshelf.web.storage_people import Account
from gameshelf.web.storage_talk import Channel, ChatLine
from gameshelf.web.tables import Refusal, Table

CHAT_MAX = 500  # characters in a message
NOTE_MAX = 10_000  # characters in a notepad
ALLOWED_CONTROLS = "\n\t"


def shown(line: ChatLine) -> dict[str, object]:
    """A message as the API and the live connections give it (never an account's id)."""
    found = asdict(line)
    del found["account"], found["match_id"]
    return found


def text_problem(text: str) -> Msg | None:
    """Why ``text`` cannot be said, or ``None``."""
    if not text.strip():
        return Msg("web.chat.empty")
    if len(text) > CHAT_MAX:
        return Msg("web.chat.too_long", high=CHAT_MAX, count=len(text))
    for char in text:
        if unicodedata.category(char) == "Cc" and char not in ALLOWED_CONTROLS:
            return Msg("web.chat.control", code=f"U+{ord(char):04X}")
    return None


class Talk:
    """Chat and notepads of one site."""

    def __init__(self, storage: Storage, settings: Settings, hub: Hub) -> None:
        self.storage = storage
        self.settings = settings
        self.hub = hub
        self.clock: Callable[[], float] = time.time
        self.on_chat: Callable[[Table, Role | None], None] | None = None  # web.notices

    def channels(self, table: Table, role: Role | None) -> list[Channel]:
        """What a reader reads: everything once the match is over; else the seats' channel,
        and the spectators' own for a spectator where spectators may talk."""
        if table.status == "finished" or (role is None and self.settings.spectator_chat):
            return ["seats", "spectators"]
        return ["seats"]

    def read(self, table: Table, role: Role | None, after: int = 0) -> list[dict[str, object]]:
        lines = self.storage.chat(table.id, self.channels(table, role), after)
        return [shown(line) for line in lines]

    async def say(
        self, table: Table, role: Role | None, account: Account | None, text: str
    ) -> dict[str, object]:
        """``role`` (or, without one, the signed-in spectator ``account``) says ``text``."""
        channel: Channel = "seats" if role is not None else "spectators"
        if role is None:
            if not self.settings.spectator_chat:
                raise Refusal("spectators_silent", Msg("web.chat.spectators_silent"))
            if account is None:
                raise Refusal("signed_out", Msg("web.chat.sign_in"))
        problem = text_problem(text)
        if problem is not None:
            raise Refusal("bad_chat", problem)
        self._admit(table, role, account)
        seat = table.seat(role) if role is not None else None
        name = seat.name if seat is not None else account.name if account else ""
        line = await asyncio.to_thread(
            self.storage.add_chat,
            table.id,
            channel,
            role,
            account.id if account else None,
            name,
            text.strip(),
            self.clock(),
        )
        said = shown(line)
        message = json.dumps({"chat": said}, ensure_ascii=False)
        self.hub.tell(table.id, message, spectators_only=channel == "spectators")
        if channel == "seats" and self.on_chat is not None:
            self.on_chat(table, role)
        return said

    def _admit(self, table: Table, role: Role | None, account: Account | None) -> None:
        now = self.clock()
        said = self.storage.chat_said(table.id, role, account.id if account else None, now - 60)
        cap = self.settings.chat_per_minute
        if said >= cap:
            raise Refusal(
                "chat_too_fast",
                Msg("web.chat.too_fast", count=cap),
                headers={"Retry-After": "60"},
            )

    def note(self, table: Table, role: Role) -> str:
        return self.storage.note(table.id, role)

    async def set_note(self, table: Table, role: Role, text: str) -> str:
        if len(text) > NOTE_MAX:
            raise Refusal("bad_note", Msg("web.note.too_long", high=NOTE_MAX))
        await asyncio.to_thread(self.storage.set_note, table.id, role, text, self.clock())
        return text

    async def remove(self, line_id: int) -> ChatLine | None:
        """An administrator takes a message away; its match's readers are told."""
        line = await asyncio.to_thread(self.storage.remove_chat, line_id)
        if line is not None:
            gone = shown(ChatLine(**{**asdict(line), "text": "", "removed": True}))
            self.hub.tell(
                line.match_id,
                json.dumps({"chat": gone}, ensure_ascii=False),
                spectators_only=line.channel == "spectators",
            )
        return line
