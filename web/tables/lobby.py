"""The lobby's side of the matches: creating one (within the limits of one address and of
the matches of bots alone, once per idempotency key) and listing them.

One address may create ``max_creations_per_minute`` matches a minute, and have at most
``max_live_matches_per_client`` of its matches not yet over (open or running) at once. Both
are counted in the memory of the process, as its other limits are: a restart forgets them.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import LANGS, Msg
from gameshelf.core.play import text
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Game, Registry, UnknownGame
from gameshelf.web.clocks import Pace
from gameshelf.web.settings import Settings
from gameshelf.web.storage import MatchRecord, SeatRecord, Status
from gameshelf.web.tables.bots import Bots
from gameshelf.web.tables.matches import Matches, new_seed
from gameshelf.web.tables.play import Play
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.seats import SeatRequest, Seats
from gameshelf.web.tables.table import Table

T = TypeVar("T")

ONCE_SECONDS = 600.0  # how long a creation's reply is kept for a retry with its key
ONCE_KEPT = 10_000  # at most this many replies kept
NAMES_KEPT = 256  # setups kept to name the seats of matches not in memory (Lobby.seat_names)


class Lobby:
    """Creating matches of ``matches`` (seated by ``seats``; ``play`` lets their bots
    begin, ``bots`` plays those of bots alone) and listing them."""

    def __init__(
        self,
        matches: Matches,
        seats: Seats,
        play: Play,
        bots: Bots,
        registry: Registry,
        settings: Settings,
    ) -> None:
        self.matches = matches
        self.seats = seats
        self.play = play
        self.bots = bots
        self.registry = registry
        self.settings = settings
        self.new_seed: Callable[[], int] = new_seed  # tests may deal from a fixed seed
        self.clock: Callable[[], float] = time.monotonic  # the limits' (tests move it on)
        self._setup_views: dict[tuple[Any, ...], Any] = {}  # seat_names, by deal
        self._creations: dict[str, deque[float]] = {}  # client -> when it created matches
        self._created: dict[str, list[str]] = {}  # client -> its matches that may be live
        # creations by idempotency key: (client, key) -> (body, its reply to come, expiry)
        self._once: OrderedDict[tuple[str, str], tuple[bytes, asyncio.Future[Any], float]] = (
            OrderedDict()
        )

    async def create(
        self,
        game_id: str,
        scenario: str | None,
        options: Mapping[str, object] | None,
        seed: int | None,
        seats: Sequence[SeatRequest],
        pace: Pace | None = None,
        bot_pace: float | None = None,
        watch: bool = False,
    ) -> tuple[Table, dict[Role, str]]:
        """A new match (with clocks at ``pace``); returns its table and the token of each
        person's seat. Bots alone play ``bot_pace`` actions a second while someone watches
        (default ``Settings.watched_bot_pace``; 0: full speed), and with ``watch`` (its
        creator is about to watch) at that pace from the start for
        ``Settings.watch_grace_seconds`` even before a spectator comes."""
        try:
            game = self.registry.game(game_id)
        except UnknownGame:
            raise Refusal(
                "unknown_game",
                Msg("web.unknown_game", game=game_id, known=", ".join(sorted(self.registry.games))),
            ) from None
        people = sum(1 for s in seats if s.bot is None)  # open seats are for people too
        if seed is not None and people >= 2:
            raise Refusal("seed_not_allowed", Msg("web.seed_not_allowed"))
        try:
            match = Match(
                game,
                scenario=scenario,
                options=options,
                seed=seed if seed is not None else self.new_seed(),
                players=len(seats),
            )
        except ValueError as exc:
            raise Refusal("bad_setup", str(exc)) from None  # the game's own words
        chosen = game.info.scenario(match.scenario)
        if chosen.players and not chosen.players[0] <= len(seats) <= chosen.players[1]:
            low, high = chosen.players
            raise Refusal(
                "bad_setup",
                Msg("web.players", scenario=chosen.id, low=low, high=high, count=len(seats)),
                namer=match.ruleset.namer(),
                game=game.id,
            )
        records, tokens = self.seats.seat(game.id, match.roles, seats)
        if all(r.kind == "bot" for r in records):
            self.bots.admit()
        match.observers = [self.registry.notify]
        table = await self.matches.store_new(match, records, pace, bot_pace)
        if watch:
            table.paced_until = self.bots.clock() + self.settings.watch_grace_seconds
        if table.bots_only:
            self.matches.changed(table)
            self.bots.schedule(table)  # played in the background, not in this request
        else:
            async with table.lock:
                await self.play.play_bots(table)
                self.matches.changed(table)
        if self.matches.notices is not None:
            self.matches.notices.invited(table)
        return table, tokens

    async def admit_creation(self, client: str) -> None:
        """Refuse a creation from ``client`` over ``max_creations_per_minute``, or while
        ``max_live_matches_per_client`` of its matches are not over."""
        await self._admit_live(client)
        now = self.clock()
        window = self._creations.setdefault(client, deque())
        while window and window[0] <= now - 60:
            window.popleft()
        cap = self.settings.max_creations_per_minute
        if len(window) >= cap:
            wait = max(1, int(window[0] + 60 - now) + 1)
            raise Refusal(
                "too_many_matches",
                Msg("web.too_many_matches", cap=cap, wait=wait),
                headers={"Retry-After": str(wait)},
            )
        window.append(now)
        if len(self._creations) > 10_000:  # forget the quietest addresses
            for quiet in [c for c, w in self._creations.items() if not w or w[-1] <= now - 60]:
                del self._creations[quiet]

    async def _admit_live(self, client: str) -> None:
        made = list(self._created.get(client, ()))
        away = [m for m in made if self.matches.in_memory(m) is None]
        stored = await asyncio.to_thread(self._stored_over, away) if away else set()
        over = {m for m in made if self._over(m, stored)}
        live = [m for m in self._created.get(client, ()) if m not in over]  # some made since
        self._created[client] = live
        cap = self.settings.max_live_matches_per_client
        if len(live) >= cap:
            raise Refusal("too_many_live_matches", Msg("web.too_many_live_matches", count=cap))

    def _stored_over(self, match_ids: list[str]) -> set[str]:
        """Which of ``match_ids`` the store holds as over, or holds not at all (in a
        worker thread)."""
        over = set()
        for match_id in match_ids:
            record = self.matches.storage.match(match_id)
            if record is None or record.summary.status == "finished":
                over.add(match_id)
        return over

    def _over(self, match_id: str, stored_over: set[str]) -> bool:
        """Whether a match is over: as in memory, else as stored (``stored_over``; one
        dropped from memory meanwhile counts as not over)."""
        table = self.matches.in_memory(match_id)
        if table is not None:
            return not table.busy and table.status == "finished"  # busy: bots play it
        return match_id in stored_over

    def created_by(self, client: str, table: Table) -> None:
        """Count ``table`` among the matches of ``client`` while it is not over."""
        self._created.setdefault(client, []).append(table.id)
        if len(self._created) > 10_000:  # forget the addresses with nothing live
            for quiet in [c for c, ids in self._created.items() if not ids]:
                del self._created[quiet]

    async def once(self, key: tuple[str, str], body: bytes, make: Callable[[], Awaitable[T]]) -> T:
        """``make()``'s result, made once per ``key`` (a client and its idempotency key)
        for :data:`ONCE_SECONDS`: the same key and ``body`` again get the same result
        (waiting for it if it is on its way), another body with that key a refusal. The
        results, tokens and all, are kept in memory only, never stored."""
        now = time.monotonic()
        while self._once and next(iter(self._once.values()))[2] < now:
            self._once.popitem(last=False)
        found = self._once.get(key)
        if found is not None:
            if found[0] != body:
                raise Refusal("idempotency_key_reused", Msg("web.idempotency_key_reused"))
            return await asyncio.shield(found[1])
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._once[key] = (body, future, now + ONCE_SECONDS)
        while len(self._once) > ONCE_KEPT:
            self._once.popitem(last=False)
        try:
            result = await make()
        except BaseException as exc:
            self._once.pop(key, None)  # not made: a retry makes it
            future.set_exception(exc)
            future.exception()  # retrieved: nobody may be waiting
            raise
        future.set_result(result)
        return result

    async def listing(
        self, limit: int = 100, status: Status | None = None, finished_bots: bool = False
    ) -> list[dict[str, Any]]:
        """Public information of recent matches, straight from storage, read off the event
        loop (finished matches of bots alone only with ``finished_bots``: they would flood
        the lobby)."""
        storage = self.matches.storage

        def read() -> tuple[list[MatchRecord], dict[str, list[SeatRecord]]]:
            records = storage.matches(limit, status, finished_bots)
            return records, storage.seats([r.id for r in records])

        records, seats = await asyncio.to_thread(read)
        return [self.listed(r, seats[r.id]) for r in records]

    def listed(self, r: MatchRecord, seats: list[SeatRecord]) -> dict[str, Any]:
        """A match's public row (a listing's, a player's page's)."""
        game = self.registry.games.get(r.game)
        return {
            "id": r.id,
            "game": r.game,
            "title": game.info.title if game else r.game,
            "scenario": r.scenario,
            "scenario_title": _scenario_title(game, r.scenario),
            "status": r.summary.status,
            "seq": r.summary.seq,
            "active": r.summary.active,
            "outcome": r.summary.outcome,
            "place": r.summary.place,
            "seats": [
                {
                    "role": s.role,
                    "name": s.name,
                    "kind": s.kind,
                    "agent": s.agent,
                    "account": s.account,
                }
                for s in seats
            ],
            "created": r.created,
            "updated": r.updated,
            "bots_only": r.bots_only,
            "names": self.seat_names(r, game),
        }

    def seat_names(self, r: MatchRecord, game: Game | None) -> dict[Role, dict[str, str]]:
        """What the match calls each seat in each language, where its game names seats by
        what happens in it (Three Kingdoms: by the lord each drew, "曹操 Cao Cao"): from
        the match in memory, else from its setup (the same deal, made again and kept in
        :data:`NAMES_KEPT` entries). Empty for a game that names its seats alike in every
        match (the catalogs' role names serve)."""
        board = text.text_board(game.ruleset) if game is not None else None
        if game is None or board is None or board.role_name is text._no_name:
            return {}
        table = self.matches.cached(r.id)
        view: dict[str, Any] | None
        if table is not None and not table.busy:
            view = table.view(None)
        else:
            key = (r.game, r.scenario, r.seed, r.players, repr(sorted(r.options.items())))
            view = self._setup_views.get(key)
            if view is None:
                try:
                    match = Match(
                        game, scenario=r.scenario, options=r.options, seed=r.seed, players=r.players
                    )
                except ValueError:
                    return {}
                view = match.view(None)
                self._setup_views[key] = view
                while len(self._setup_views) > NAMES_KEPT:
                    self._setup_views.pop(next(iter(self._setup_views)))
        names: dict[Role, dict[str, str]] = {}
        for seat_role in game.ruleset.roles(r.players):
            said = {lang: text.role_name(game.ruleset, seat_role, view, lang) for lang in LANGS}
            if any(name != seat_role for name in said.values()):
                names[seat_role] = said
        return names


def _scenario_title(game: Game | None, scenario: str) -> str:
    if game is None:
        return scenario
    return next((sc.title for sc in game.info.scenarios if sc.id == scenario), scenario)
