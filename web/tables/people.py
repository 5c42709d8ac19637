"""The site's people at the tables: the seats an account holds, a seat handed to a bot
when its person leaves (an account deleted or disabled).
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from gameshelf.core.ruleset import Role
from gameshelf.web.tables.lobby import Lobby
from gameshelf.web.tables.table import Table


class People(Lobby):
    """Accounts' seats."""

    async def link_seats(self, account: int, held: Sequence[tuple[str, Role, bytes]]) -> int:
        """Give ``account`` each seat ``(match, role, token digest)`` whose digest is the
        seat's and that no account holds yet; how many it took."""
        found = self.storage.seats(sorted({mid for mid, _, _ in held}))
        taken = 0
        for mid, role, digest in held:
            seat = next((s for s in found.get(mid, []) if s.role == role), None)
            if seat is None or seat.token_hash is None or seat.account is not None:
                continue
            if not hmac.compare_digest(seat.token_hash, digest):
                continue
            if await self._write(None, partial(self.storage.link_seat, mid, role, account)):
                taken += 1
                table = self.cached(mid)
                if table is not None:
                    table.seats = [
                        replace(s, account=account) if s.role == role else s for s in table.seats
                    ]
        return taken

    async def hand_to_bot(self, table: Table, role: Role) -> None:
        """Let the site's default bot play ``role`` from now on (its person left)."""
        agent = self.settings.default_bot
        title = self._agent(table.match.game_id, agent)
        async with table.lock:
            self._alive(table)
            seat = table.seat(role)
            if seat is None or seat.kind == "bot" or table.status == "finished":
                return
            seats = [
                replace(s, kind="bot", agent=agent, name=title, token_hash=None)
                if s.role == role
                else s
                for s in table.seats
            ]
            after = Table(table.id, table.match, seats, table.created, version=table.version + 1)
            write = partial(
                self.storage.seat_to_bot,
                table.id,
                role,
                agent,
                title,
                after.summary(),
                table.version,
            )
            await self._write(table, write)
            table.seats = seats
            table.version += 1
            await self._play_bots(table)
            self._changed(table)

    async def leave_all(self, account: int) -> None:
        """Hand every seat ``account`` holds in an unfinished match to a bot."""
        for record in self.storage.matches_of(account):
            if record.summary.status == "finished":
                continue
            table = await self.get(record.id, resume=False)
            for seat in list(table.seats):
                if seat.account == account and seat.kind == "human":
                    await self.hand_to_bot(table, seat.role)
