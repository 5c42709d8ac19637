"""The site's people at the tables: the seats an account holds (and the keys that open
them from each browser it signs in on), invitations answered, an account's matches, a
seat handed to a bot when its person leaves (an account deleted or disabled), resigning,
rematches (:class:`People`); and the ratings of finished matches (:class:`Ratings`).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.play.match import MatchEvent
from gameshelf.core.registry.plugins import Registry
from gameshelf.web import ratings, resign
from gameshelf.web.clocks import Pace, SeatClock
from gameshelf.web.settings import Settings
from gameshelf.web.storage import MatchRecord, SeatRecord, Storage, Summary
from gameshelf.web.tables.lobby import Lobby
from gameshelf.web.tables.matches import Matches
from gameshelf.web.tables.play import Play
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.seats import SeatRequest, Seats
from gameshelf.web.tables.table import Table, hash_token

if TYPE_CHECKING:
    from gameshelf.web.tables.clocks import Clocks

log = logging.getLogger("gameshelf.web")


@dataclass(frozen=True)
class Mine:
    """What the store holds of an account's matches: the records, their seats, clocks."""

    records: list[MatchRecord]
    seats: dict[str, list[SeatRecord]]
    clocks: dict[str, tuple[Pace, dict[Role, SeatClock]]]


class People:
    """Accounts' seats, invitations, resigning, rematches, in the tables of ``matches``
    (seated by ``seats``, played on by ``play``, made by ``lobby``; ``clocks`` shown in an
    account's matches)."""

    def __init__(
        self,
        matches: Matches,
        seats: Seats,
        play: Play,
        lobby: Lobby,
        clocks: Clocks,
        registry: Registry,
        settings: Settings,
    ) -> None:
        self.matches = matches
        self.storage = matches.storage
        self.seats = seats
        self.play = play
        self.lobby = lobby
        self.clocks = clocks
        self.registry = registry
        self.settings = settings

    async def link_seats(self, account: int, held: Sequence[tuple[str, Role, bytes]]) -> int:
        """Give ``account`` each seat ``(match, role, token digest)`` whose digest is the
        seat's and that no account holds yet; how many it took."""
        found = await asyncio.to_thread(self.storage.seats, sorted({mid for mid, _, _ in held}))
        taken = 0
        for mid, role, digest in held:
            seat = next((s for s in found.get(mid, []) if s.role == role), None)
            if seat is None or seat.token_hash is None or seat.account is not None:
                continue
            if not hmac.compare_digest(seat.token_hash, digest):
                continue
            if await self.matches.write(None, partial(self.storage.link_seat, mid, role, account)):
                taken += 1
                table = self.matches.cached(mid)
                if table is not None:
                    table.seats = [
                        replace(s, account=account) if s.role == role else s for s in table.seats
                    ]
        return taken

    async def hand_to_bot(self, table: Table, role: Role) -> None:
        """Let the site's default bot play ``role`` from now on (its person left)."""
        agent = self.settings.default_bot
        title = self.seats.agent(table.match.game_id, agent)
        async with table.lock:
            self.matches.alive(table)
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
            await self.matches.write(table, write)
            table.seats = seats
            table.version += 1
            await self.play.play_bots(table)
            self.matches.changed(table)

    async def leave_all(self, account: int) -> None:
        """``account`` leaves every unfinished match (deleted or disabled): it resigns
        where the match was started, declines where it was invited, and a bot takes its
        seat in a match still waiting for players."""
        for record in await asyncio.to_thread(self.storage.matches_of, account):
            if record.summary.status == "finished":
                continue
            table = await self.matches.get(record.id)
            for seat in list(table.seats):
                if seat.account != account or table.outcome() is not None:
                    continue
                if seat.kind == "invited":
                    await self.answer(table, account, accept=False)
                elif seat.kind == "human" and table.started:
                    await self.resign(table, seat.role)
                elif seat.kind == "human":
                    await self.hand_to_bot(table, seat.role)

    # --- invitations answered: the match starts when every seat is taken -----------

    async def answer(self, table: Table, account: int, accept: bool) -> tuple[Role, str | None]:
        """The invited ``account`` accepts its seat (returns the role and the seat's token)
        or declines it (the seat opens to anyone; no token)."""
        async with table.lock:
            self.matches.alive(table)
            seat = next(
                (s for s in table.seats if s.kind == "invited" and s.account == account), None
            )
            if seat is None:
                raise Refusal("not_invited", Msg("web.not_invited"))
            token = self.seats.new_token() if accept else None
            answered = (
                replace(seat, kind="human", token_hash=hash_token(token))
                if token is not None
                else replace(seat, kind="open", name="", account=None)
            )
            seats = [answered if s.role == seat.role else s for s in table.seats]
            after = Table(table.id, table.match, seats, table.created, version=table.version + 1)
            write = partial(
                self.storage.answer_invitation,
                table.id,
                seat.role,
                account,
                answered.token_hash,
                after.summary(),
                table.version,
            )
            if not await self.matches.write(None, write):
                raise Refusal("not_invited", Msg("web.not_invited"))
            table.seats = seats
            table.version += 1
            self.matches.changed(table)
        await self.play.begin(table)
        return seat.role, token

    # --- keys to an account's seats, one per browser ---------------------------------

    async def role_of(self, table: Table, token: str) -> Role | None:
        """The role a token opens: a seat's own token, else a key made for a browser of
        the account holding the seat (while that browser's session lives: the store is
        asked, off the event loop)."""
        role = table.role_for_token(token)
        if role is None and len(token) <= 200:
            found = await asyncio.to_thread(
                self.storage.seat_key_role, hash_token(token), table.id, time.time()
            )
            role = found if found is not None and table.seat(found) is not None else None
        return role

    async def seat_keys(
        self, table: Table, account: int, session: bytes, held: dict[Role, str]
    ) -> dict[Role, str]:
        """New keys to the seats ``account`` holds in ``table`` for which this browser's
        seat cookies (``held``: role to token) open nothing: role to key."""
        made: dict[Role, str] = {}
        for seat in table.seats:
            if seat.account != account or seat.kind != "human":
                continue
            token = held.get(seat.role)
            if token and await self.role_of(table, token) == seat.role:
                continue
            key = self.seats.new_token()
            write = partial(
                self.storage.add_seat_key,
                hash_token(key),
                table.id,
                seat.role,
                account,
                session,
                time.time(),
            )
            await self.matches.write(None, write)
            made[seat.role] = key
        return made

    # --- an account's matches -------------------------------------------------------

    async def my_matches(self, account: int) -> list[dict[str, Any]]:
        """The matches ``account`` holds a seat in (:meth:`rows`), read off the event loop."""
        return self.rows(account, await asyncio.to_thread(self.read_mine, account))

    def my_matches_now(self, account: int) -> list[dict[str, Any]]:
        """The same, read on the caller's thread (the header of a page made without
        ``deps.page_reader``: an error's)."""
        return self.rows(account, self.read_mine(account))

    def read_mine(self, account: int) -> Mine:
        """What the store holds of the matches ``account`` holds a seat in."""
        records = self.storage.matches_of(account)
        ids = [r.id for r in records]
        return Mine(records, self.storage.seats(ids), self.storage.clocks(ids))

    def rows(self, account: int, found: Mine) -> list[dict[str, Any]]:
        """``account``'s matches: those waiting for it first (its turn, or an invitation
        to answer), then those waiting for others, then the finished ones; newest first
        within each; each with the clock of its seat (:meth:`Clocks.shown`)."""
        records, seats = found.records, found.seats
        rows = []
        for record in records:
            row = self.lobby.listed(record, seats[record.id])
            mine = [s for s in seats[record.id] if s.account == account]
            roles = [s.role for s in mine]
            invited = any(s.kind == "invited" for s in mine)
            status = record.summary.status
            your_turn = status == "running" and any(r in record.summary.active for r in roles)
            row["roles"] = roles
            row["invited"] = invited
            row["your_turn"] = your_turn
            row["waiting"] = (
                "finished" if status == "finished" else "you" if invited or your_turn else "others"
            )
            rows.append(row)
        order = {"you": 0, "others": 1, "finished": 2}
        rows.sort(key=lambda r: (order[r["waiting"]], -r["updated"]))
        self.clocks.shown(rows, found.clocks)
        return rows

    def waiting_count(self, account: int) -> int:
        """How many matches wait for ``account`` (its turn, or an invitation)."""
        return sum(1 for m in self.my_matches_now(account) if m["waiting"] == "you")

    async def waiting(self, account: int) -> int:
        """The same, read off the event loop (a page's header: ``deps.page_reader``)."""
        return sum(1 for m in await self.my_matches(account) if m["waiting"] == "you")

    # --- resigning ------------------------------------------------------------------

    async def resign(self, table: Table, role: Role) -> None:
        """``role`` gives up (:mod:`web.resign`): the match ends if one seat alone still
        plays, else a bot plays ``role`` to the end, which places it last."""
        async with table.lock:
            self.matches.alive(table)
            if table.outcome() is not None:
                raise Refusal("finished", Msg("web.finished"))
            if not table.started:
                raise Refusal("not_started", Msg("web.not_started"))
            resigned = [*table.resigned, role]
            seats, bot, summary = self.seat_left(table, role, resigned, table.timed_out)
            write = partial(
                self.storage.resign, table.id, role, table.match.seq, summary, table.version, bot
            )
            await self.matches.write(table, write)
            table.seats = seats
            table.resigned = resigned
            table.note(resign.note(role, table.match.roles, resigned))
            table.version += 1
            log.info("match %s: %s resigned after %s actions", table.id, role, table.match.seq)
            self.registry.notify(
                table.match, MatchEvent(kind="resign", seq=table.match.seq, role=role)
            )
            await self.play.play_bots(table)
            self.matches.changed(table)

    def seat_left(
        self, table: Table, role: Role, resigned: list[Role], timed_out: list[Role]
    ) -> tuple[list[SeatRecord], tuple[str, str] | None, Summary]:
        """``role``'s person left the match (resigned, or out of time): the seats after
        (a bot plays ``role`` while more than one seat plays on), that bot (agent id,
        name; ``None``: the match ends), and the match's summary then."""
        playing = [r for r in table.match.roles if r not in resigned]
        bot = None
        seats = table.seats
        if len(playing) > 1:
            agent = self.settings.default_bot
            bot = (agent, self.seats.agent(table.match.game_id, agent))
            seats = [
                replace(s, kind="bot", agent=bot[0], name=bot[1], token_hash=None)
                if s.role == role
                else s
                for s in table.seats
            ]
        after = Table(
            table.id,
            table.match,
            seats,
            table.created,
            version=table.version + 1,
            resigned=resigned,
            timed_out=timed_out,
            step_limit=table.step_limit,
        )
        return seats, bot, after.summary()

    async def forget_names(self, account: int) -> None:
        """The tables in memory drop a deleted account's name from its seats (the store
        did): its matches read as a deleted player's."""
        for record in await asyncio.to_thread(self.storage.matches_of, account):
            table = self.matches.cached(record.id)
            if table is not None:
                table.seats = [
                    replace(s, name="") if s.account == account and s.kind != "bot" else s
                    for s in table.seats
                ]
                table.forget_texts()

    # --- rematch ------------------------------------------------------------------------

    async def rematch(
        self, table: Table, role: Role, account: int | None
    ) -> tuple[Table, dict[Role, str], bool]:
        """The rematch of a finished match, offered by the seat ``role``: the same game,
        scenario and options, every player one seat on (the player of the first role takes
        the second, ...); bots stay bots, the other accounts are invited (each accepts),
        the other guests get a link (a token, for the one offering to send). Offered once:
        asked again, it is the same match (``False``: not made now)."""
        if table.outcome() is None:
            raise Refusal("not_finished", Msg("web.rematch.not_finished"))
        known = await asyncio.to_thread(self.storage.rematch, table.id)
        if known is not None:
            return await self.matches.get(known), {}, False
        roles = list(table.match.roles)
        requests = []
        for i, seat in enumerate(table.seats):
            moved = roles[(roles.index(seat.role) + 1) % len(roles)]
            requests.append(self._rematch_seat(seat, moved, role, account, i))
        match = table.match
        made, tokens = await self.lobby.create(
            match.game_id, match.scenario, dict(match.options), None, requests, table.pace
        )
        kept = self.storage.rematch(table.id, made.id)
        if kept != made.id:  # another seat offered it at the same moment: theirs stands
            return await self.matches.get(kept or made.id), {}, False
        return made, tokens, True

    def _rematch_seat(
        self, seat: SeatRecord, moved: Role, role: Role, account: int | None, i: int
    ) -> SeatRequest:
        """The seat of the rematch for the player of ``seat`` (see :meth:`rematch`)."""
        if seat.role == role:
            return SeatRequest(name=seat.name, role=moved, account=account)
        if seat.kind == "bot" and seat.account is None:
            return SeatRequest(name=seat.name, role=moved, bot=seat.agent)
        if seat.account is not None:
            found = self.storage.account(seat.account)
            if found is not None and not found.deleted and not found.disabled:
                return SeatRequest(name=found.name, role=moved, invite=found.id)
            return SeatRequest(role=moved, open=True)
        return SeatRequest(name=seat.name or f"{i + 1}", role=moved)


class Ratings:
    """The ratings of the finished matches of ``storage`` between accounts."""

    def __init__(self, storage: Storage, settings: Settings) -> None:
        self.storage = storage
        self.settings = settings
        self.rated: set[str] = set()  # the finished matches looked at (in this process)

    def changed(self, table: Table) -> None:
        """A change of ``table`` was stored: rate it if it is now finished."""
        if table.status == "finished" and table.id not in self.rated:
            self.rate(table)

    def rate(self, table: Table) -> None:
        """Rate a finished match between accounts, once (:mod:`web.ratings`)."""
        self.rated.add(table.id)
        if len(self.rated) > 10_000:
            self.rated.clear()
        if not all(s.account is not None for s in table.seats):
            return  # a guest's or a bot's seat: never rated (checked again below)
        resigned = self.storage.resigned_at(table.id)
        if not ratings.rated(table.seats, resigned, self.settings.rated_min_moves):
            return
        outcome = table.summary().outcome or {}
        game = table.match.game_id
        accounts = [s.account for s in table.seats if s.account is not None]
        known = self.storage.ratings(accounts, game)
        before = [known.get(a, ratings.Rating(a, game)) for a in accounts]
        ranking = ratings.ranks([s.role for s in table.seats], outcome, table.resigned)
        changes = ratings.rate(before, ranking)
        if self.storage.apply_ratings(table.id, game, changes, time.time()):
            log.info("match %s rated: %s", table.id, [c.account for c in changes])
