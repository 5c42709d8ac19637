"""Seats and tokens: who sits where when a match is made, taking an open seat later.

A person's seat gets a secret token, returned once and stored hashed
(:func:`web.tables.table.hash_token`); a bot's seat names an agent that plays the game
(``AgentSpec.games``), as ``gameshelf play`` demands; an open seat waits for anyone in the
lobby.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.plugins import Registry, UnknownAgent
from gameshelf.web.settings import Settings
from gameshelf.web.storage import SeatRecord
from gameshelf.web.tables.matches import Matches
from gameshelf.web.tables.play import Play
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.table import Table, hash_token


@dataclass(frozen=True)
class SeatRequest:
    """One seat asked for when a match is created."""

    name: str = ""
    role: Role | None = None
    bot: str | None = None  # an agent id
    open: bool = False  # anyone may take it from the lobby
    account: int | None = None  # the account of the person seated, if signed in
    invite: int | None = None  # an account invited to the seat (its name in ``name``)


class Seats:
    """Seating a new match of ``matches``, and taking an open seat (then ``play`` lets
    the bots begin, if it was the last)."""

    def __init__(
        self, matches: Matches, registry: Registry, settings: Settings, play: Play
    ) -> None:
        self.matches = matches
        self.registry = registry
        self.settings = settings
        self.play = play

    def seat(
        self, game_id: str, roles: Sequence[Role], seats: Sequence[SeatRequest]
    ) -> tuple[list[SeatRecord], dict[Role, str]]:
        """The seats of a new match of ``game_id`` and each person's token."""
        asked = [s.role for s in seats if s.role is not None]
        for role in asked:
            if role not in roles:
                raise Refusal(
                    "bad_seat", Msg("web.no_such_role", role=role, roles=", ".join(roles))
                )
        if len(set(asked)) != len(asked):
            raise Refusal("bad_seat", Msg("web.same_role"))
        free = iter([r for r in roles if r not in asked])
        records: list[SeatRecord] = []
        tokens: dict[Role, str] = {}
        for spec in seats:
            role = spec.role if spec.role is not None else next(free)
            if spec.bot is not None:
                agent = self.agent(game_id, spec.bot)
                records.append(SeatRecord(role, "bot", spec.name or agent, agent=spec.bot))
            elif spec.open:
                records.append(SeatRecord(role, "open", ""))
            elif spec.invite is not None:
                records.append(SeatRecord(role, "invited", spec.name, account=spec.invite))
            else:
                tokens[role] = self.new_token()
                records.append(
                    SeatRecord(
                        role,
                        "human",
                        spec.name,
                        token_hash=hash_token(tokens[role]),
                        account=spec.account,
                    )
                )
        order = {r: i for i, r in enumerate(roles)}
        records.sort(key=lambda s: order[s.role])
        return records, tokens

    def agent(self, game_id: str, agent_id: str) -> str:
        """The title of the bot ``agent_id``, refused unless it plays ``game_id``."""
        spec = self.registry.agents.get(agent_id)
        if spec is None:
            raise Refusal(
                "unknown_agent",
                Msg(
                    "web.unknown_agent",
                    agent=agent_id,
                    known=", ".join(sorted(self.registry.agents)),
                ),
            )
        try:
            self.registry.agent(agent_id, game_id)
        except UnknownAgent:
            game = self.registry.game(game_id)
            raise Refusal(
                "agent_not_for_game",
                Msg(
                    "web.agent_not_for_game",
                    agent=spec.title,
                    title=game.info.title,
                    known=", ".join(sorted(self.registry.agents_for(game_id))),
                ),
            ) from None
        return spec.title

    def new_token(self) -> str:
        return secrets.token_urlsafe(self.settings.token_bytes)

    async def join(
        self, table: Table, role: Role | None, name: str, account: int | None = None
    ) -> tuple[Role, str]:
        """Take an open seat (the first one when ``role`` is ``None``), for ``account`` if
        given; returns its token. The match starts when every seat is taken."""
        async with table.lock:
            self.matches.alive(table)
            role = self._open_seat(table, role)
            token = self.new_token()
            claimed = SeatRecord(role, "human", name, token_hash=hash_token(token), account=account)
            seats = [claimed if s.role == role else s for s in table.seats]
            after = Table(table.id, table.match, seats, table.created, version=table.version + 1)
            write = partial(
                self.matches.storage.claim_seat,
                table.id,
                role,
                name,
                claimed.token_hash or b"",
                after.summary(),
                table.version,
                account,
            )
            if not await self.matches.write(None, write):
                raise Refusal("seat_taken", Msg("web.seat_taken", role=role), **table.named())
            table.seats = seats
            table.version += 1
            self.matches.changed(table)
        await self.play.begin(table)
        return role, token

    @staticmethod
    def _open_seat(table: Table, role: Role | None) -> Role:
        if table.status == "finished":
            raise Refusal("finished", Msg("web.finished"))
        open_roles = [s.role for s in table.seats if s.kind == "open"]
        if role is None:
            if not open_roles:
                raise Refusal("no_open_seat", Msg("web.no_open_seat"))
            return open_roles[0]
        if table.seat(role) is None:
            raise Refusal("bad_seat", Msg("web.no_seat", role=role), **table.named())
        if role not in open_roles:
            raise Refusal("seat_taken", Msg("web.seat_taken", role=role), **table.named())
        return role
