"""The matches being played: loaded from storage, kept in memory, changed only here.

A :class:`Table` is a :class:`core.match.Match` with its seats. :class:`Tables` finds a
table (from memory, else by rebuilding it from its latest snapshot and the action log),
creates matches, applies a seat's action made on a version of the match (optimistic
concurrency, below), lets the bots answer, and commits every accepted action to storage
*before* anyone is told of it.

**Versions.** A match's ``version`` grows by one with every stored change (an action with
the bots' answer, an undo, a seat taken) and never goes back, across restarts too (it is
stored); every payload carries it. An action or an undo names the version of the view it
was decided on. Staleness is per seat: a decision made on an older version is refused as
stale only if the view its seat sees now differs from the one it was shown at that version
(the table keeps the last views it built for each role, :data:`SERVED_KEPT`), or if the
seat itself acted or took back since (its own actions always count: it saw what it did).
What does not count as a difference (:data:`PROGRESS_KEYS`): who is still to act
(``active``) and who has already chosen in a secret simultaneous choice (``chosen``). So
when England picks its card in Hammer's card phase, Scotland's choice, made on the same
version, still stands. The views of the roles to act are built at every change; a version
whose view of the seat the table does not hold (never built, older than the last
:data:`SERVED_KEPT`, or before a restart) is stale: the seat looks again once.

A refusal is a :class:`Refusal` carrying the HTTP status the API answers with; the match is
left exactly as it was (the rules guarantee it for the state, and nothing is written).

Everything runs on the server's event loop; writes go through :class:`web.writer.Writer`
(group commit). Each table has a lock held from the check of the version until the action,
and the bots' answer, are on disk and announced, so nobody sees a state that is not stored
yet; the reply to an action is built under that lock, so it shows the state it produced.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
import weakref
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import orjson

from gameshelf.core.agents import Agent
from gameshelf.core.match import Entry, Match
from gameshelf.core.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.messages import render, render_outcome, render_view
from gameshelf.core.plugins import Game, Registry, UnknownAgent, UnknownGame
from gameshelf.core.rng import seed_from
from gameshelf.core.ruleset import Action, IllegalAction, Role
from gameshelf.core.snapshot import dump_snapshot, load_snapshot
from gameshelf.web.settings import Settings
from gameshelf.web.storage import (
    ActionRecord,
    MatchRecord,
    SeatRecord,
    SeqTaken,
    StaleWrite,
    Status,
    Storage,
    Summary,
)
from gameshelf.web.writer import Writer

log = logging.getLogger("gameshelf.web")
T = TypeVar("T")

BOT_ROUND = 200  # bot actions between two pauses in which the server serves others
ONCE_SECONDS = 600.0  # how long a creation's reply is kept for a retry with its key
ONCE_KEPT = 10_000  # at most this many replies kept

# IllegalAction codes that mean "this is not your decision to make" (403), not a bad action.
NOT_YOURS = frozenset({"not_your_turn", "game_over", "unknown_role"})

# View keys whose change does not make a seat's pending decision stale: who is still to act,
# and who has already chosen in a secret simultaneous choice (the core's ``chosen`` list;
# Hammer's and the toy duel's per-side ``chosen`` say the same: "hidden" or nothing).
PROGRESS_KEYS = frozenset({"active", "chosen"})
SERVED_KEPT = 8  # views (their digests) kept per role, to judge decisions made on them


class Refusal(Exception):
    """A request the server turns down, with the status, a code and a reason in words."""

    def __init__(
        self,
        status: int,
        code: str,
        reason: str,
        seq: int | None = None,
        version: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.seq = seq
        self.version = version
        self.headers = headers

    def body(self) -> dict[str, Any]:
        detail: dict[str, Any] = {"code": self.code, "reason": self.reason}
        if self.seq is not None:
            detail["seq"] = self.seq
        if self.version is not None:
            detail["version"] = self.version
        return {"detail": detail}


SEED_BITS = 128


def new_seed() -> int:
    """A match seed from the operating system's secret source: every hidden thing of a
    match (hands, decks, dice to come) follows from it, so it must not be guessable from
    what a seat sees. It is shown only once the match is over (its history)."""
    return secrets.randbits(SEED_BITS)


def hash_token(token: str) -> bytes:
    """What is stored of a seat token. Tokens are long and random, so SHA-256 suffices."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


@dataclass(frozen=True)
class SeatRequest:
    """One seat asked for when a match is created."""

    name: str = ""
    role: Role | None = None
    bot: str | None = None  # an agent id
    open: bool = False  # anyone may take it from the lobby


@dataclass
class Table:
    """A match in play with its seats."""

    id: str
    match: Match
    seats: list[SeatRecord]
    created: float = 0.0
    version: int = 0  # grows with every stored change, never goes back (see the module)
    own_at: dict[Role, int] = field(default_factory=dict)  # each role's last own change
    # the retry of a role's last accepted action: (version it named, action, seq after it)
    accepted: dict[Role, tuple[int, Action, int]] = field(default_factory=dict, repr=False)
    title: str = field(init=False)
    _texts: dict[tuple[Role | None, int | None], bytes] = field(default_factory=dict, repr=False)
    _views: dict[Role | None, dict[str, Any]] = field(default_factory=dict, repr=False)
    _texts_version: int = field(default=-1, repr=False)
    _served: dict[Role, OrderedDict[int, bytes]] = field(
        default_factory=dict, repr=False
    )  # a digest of the views built for each role, by version
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    dead: bool = False  # dropped (it may be ahead of storage): requests holding it retry

    def __post_init__(self) -> None:
        self.title = self.match.game.info.title

    # --- who is who -----------------------------------------------------------------

    @property
    def bots_only(self) -> bool:
        return bool(self.seats) and all(s.kind == "bot" for s in self.seats)

    def seat(self, role: Role) -> SeatRecord | None:
        return next((s for s in self.seats if s.role == role), None)

    def role_for_token(self, token: str) -> Role | None:
        """The role whose token this is; every seat is compared, in constant time."""
        digest = hash_token(token)
        found = None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = seat.role
        return found

    # --- what is shown --------------------------------------------------------------

    @property
    def status(self) -> Status:
        if self.match.outcome() is not None:
            return "finished"
        if any(s.kind == "open" for s in self.seats):
            return "open"
        return "running"

    def summary(self) -> Summary:
        outcome = self.match.outcome()
        return Summary(
            seq=self.match.seq,
            status=self.status,
            active=self.match.active(),
            outcome=outcome.model_dump() if outcome else None,
            version=self.version,
        )

    # --- versions -------------------------------------------------------------------

    def stale(self, role: Role, version: int) -> Refusal | None:
        """The refusal of a decision ``role`` made on ``version``, if what it sees changed
        since (see the module), or if the version is not one this match had."""
        if version > self.version:
            return Refusal(
                409,
                "stale",
                f"The match is at version {self.version}, not {version}. Look again.",
                version=self.version,
            )
        if version == self.version:
            return None
        shown = self._served.get(role, {}).get(version)
        self.view(role)  # its digest at this version
        if (
            self.own_at.get(role, -1) > version
            or shown is None
            or shown != self._served[role][self.version]
        ):
            return Refusal(
                409,
                "stale",
                f"What you see changed after version {version} (the match is at "
                f"{self.version}): look again and choose.",
                version=self.version,
            )
        return None

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {"role": s.role, "name": s.name, "kind": s.kind, "agent": s.agent} for s in self.seats
        ]

    def payload(
        self, role: Role | None, log_tail: int | None = None, lang: str = DEFAULT_LANG
    ) -> dict[str, Any]:
        """``{seq, view, outcome}`` for one seat (``None``: a spectator), plus what a
        page needs around the board: how many actions it may undo, the seats, the status.

        With ``log_tail``, the view's log holds only its last ``log_tail`` lines and
        ``log_from`` says where they start (a page that has the rest appends them).
        Its messages (log, prompt, outcome) are in ``lang`` (``core.messages``)."""
        match = self.match
        outcome = match.outcome()
        namer = match.ruleset.namer()
        view = render_view(self.view(role), lang, namer)  # the game named by the view
        payload = {
            "seq": match.seq,
            "view": view,
            "outcome": render_outcome(outcome, lang, namer, match.game_id),
            "role": role,
            "undo": match.undoable(role) if role is not None else 0,
            "seats": self.public_seats(),
            "status": self.status,
            "version": self.version,
        }
        if log_tail is not None:
            log = view.get("log", [])
            start = max(0, len(log) - log_tail)
            payload["view"] = {**view, "log": log[start:]}
            payload["log_from"] = start
        return payload

    def view(self, role: Role | None) -> dict[str, Any]:
        """What ``role`` sees now, built once per version (do not change it)."""
        self._fresh_caches()
        view = self._views.get(role)
        if view is None:
            view = self._views[role] = self.match.view(role)
            if role is not None:
                served = self._served.setdefault(role, OrderedDict())
                served[self.version] = decision_digest(view)
                while len(served) > SERVED_KEPT:
                    served.popitem(last=False)
        return view

    def _fresh_caches(self) -> None:
        if self._texts_version != self.version:
            self._texts.clear()
            self._views.clear()
            self._texts_version = self.version

    def payload_json(
        self, role: Role | None, log_tail: int | None = None, lang: str = DEFAULT_LANG
    ) -> bytes:
        """:meth:`payload` as JSON (UTF-8), built once per change of the match and kind of
        reader (seat, log tail, language): what an HTTP reply carries as it is."""
        key = (role, log_tail, lang)
        self._fresh_caches()
        data = self._texts.get(key)
        if data is None:
            data = self._texts[key] = dump(self.payload(role, log_tail, lang))
        return data

    def payload_text(
        self, role: Role | None, log_tail: int | None = None, lang: str = DEFAULT_LANG
    ) -> str:
        """:meth:`payload_json` as text, for a WebSocket text message."""
        return self.payload_json(role, log_tail, lang).decode()

    def forget_texts(self) -> None:
        """Drop the JSON built so far (for code that changed the state behind our back)."""
        self._texts.clear()
        self._views.clear()


def decision_digest(view: dict[str, Any]) -> bytes:
    """A digest of a view apart from :data:`PROGRESS_KEYS`: two views of one role with
    the same digest leave that role the same decision."""
    relevant = {k: v for k, v in view.items() if k not in PROGRESS_KEYS}
    return hashlib.blake2b(
        orjson.dumps(relevant, option=orjson.OPT_SORT_KEYS), digest_size=16
    ).digest()


def _kept(table: Table, role: Role, accepted: tuple[int, Action, int]) -> bool:
    """Whether ``role``'s accepted action is still in the history (not undone)."""
    _, action, seq = accepted
    history = table.match.history
    return len(history) >= seq and history[seq - 1][:3] == (role, *action)


def dump(value: object) -> bytes:
    """Compact JSON in UTF-8 (orjson: views are the server's hottest output)."""
    return orjson.dumps(value)


class Tables:
    """Every match of the site, as the web app sees them."""

    def __init__(
        self,
        storage: Storage,
        registry: Registry,
        settings: Settings,
        on_change: Callable[[Table], None] | None = None,
        writer: Writer | None = None,
    ) -> None:
        self.storage = storage
        self.writer = writer if writer is not None else Writer(storage)
        self.registry = registry
        self.settings = settings
        self.on_change = on_change
        self._cache: OrderedDict[str, Table] = OrderedDict()
        # Every table still held by someone (a request, a socket), cached or not: a match
        # evicted from the cache while in use is found here, so it never has two copies.
        self._live: weakref.WeakValueDictionary[str, Table] = weakref.WeakValueDictionary()
        self._replays: OrderedDict[str, Match] = OrderedDict()  # replay cursors
        self.new_seed: Callable[[], int] = new_seed  # tests may deal from a fixed seed
        self.clock: Callable[[], float] = time.monotonic  # tests may move time on
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # or count pauses
        self._bot_queue: deque[str] = deque()  # matches of bots alone, in turn
        self._bot_matches: set[str] = set()  # those queued or being played
        self._bot_task: asyncio.Task[None] | None = None
        self._creations: dict[str, deque[float]] = {}  # client -> when it created matches
        # creations by idempotency key: (client, key) -> (body, its reply to come, expiry)
        self._once: OrderedDict[tuple[str, str], tuple[bytes, asyncio.Future[Any], float]] = (
            OrderedDict()
        )

    # --- finding --------------------------------------------------------------------

    async def get(self, match_id: str, resume: bool = True) -> Table:
        """The table ``match_id``; ``Refusal(404)`` when there is none. A match loaded
        after a restart lets its bots act if they were interrupted (a match of bots alone
        is queued for the background player instead; ``resume=False``: neither)."""
        table = self._cache.get(match_id)
        if table is not None:
            self._cache.move_to_end(match_id)
            return table
        table = self._live.get(match_id)
        if table is not None and not table.dead:
            self._remember(table)
            return table
        record = self.storage.match(match_id)
        if record is None:
            raise Refusal(404, "unknown_match", f"There is no match {match_id!r}.")
        table = self._load(record)
        self._remember(table)
        if not resume:
            return table
        if table.bots_only:
            self._schedule(table)
            return table
        async with table.lock:
            if await self._play_bots(table):
                self._changed(table)
        return table

    def cached(self, match_id: str) -> Table | None:
        """The table if it is in memory (tests look at the state this way)."""
        return self._cache.get(match_id)

    async def view_json(
        self,
        table: Table,
        role: Role | None,
        log_tail: int | None = None,
        lang: str = DEFAULT_LANG,
    ) -> bytes:
        """What ``role`` sees (JSON, in ``lang``), once no change is on its way to the disk."""
        async with table.lock:
            return table.payload_json(role, log_tail, lang)

    async def _write(self, table: Table | None, write: Callable[[], Any]) -> Any:
        """Run a storage write in the next group commit; on failure the table is dropped
        from memory (it may be ahead of storage) and the error raised. The write is
        queued at once and completes even if this request is cancelled meanwhile."""
        on_failure = None if table is None else (lambda _: self._forget(table))
        try:
            return await self.writer.submit(write, on_failure)
        except StaleWrite:
            log.warning("match %s: a write from a stale copy was refused", table and table.id)
            raise Refusal(
                409, "conflict", "This match changed meanwhile: look again and choose."
            ) from None

    @staticmethod
    def _alive(table: Table) -> None:
        """Refuse to work on a table that was dropped while this request waited for it."""
        if table.dead:
            raise Refusal(409, "conflict", "This match was reloaded meanwhile: look again.")

    def _load(self, record: MatchRecord) -> Table:
        """Rebuild a match: its latest snapshot, then the actions stored after it."""
        try:
            game = self.registry.game(record.game)
        except UnknownGame:
            raise Refusal(
                404,
                "game_not_installed",
                f"The game {record.game!r} of this match is not installed.",
            ) from None
        match = Match(
            game,
            scenario=record.scenario,
            options=record.options,
            seed=record.seed,
            players=record.players,
        )
        stored = self.storage.actions(record.id)
        kept = next((i for i, a in enumerate(stored) if a.seq != i + 1), len(stored))
        gap = kept < len(stored) or kept != record.summary.seq
        if kept < len(stored):  # written before writes were checked: play up to the gap
            log.warning(
                "match %s: the action log has a gap after seq %s; replaying up to it and "
                "dropping the %s actions stored after it",
                record.id,
                kept,
                len(stored) - kept,
            )
            stored = stored[:kept]
        start = self._restore_snapshot(record.id, match, stored, at_most=kept)
        for action in stored[start:]:
            match.apply(action.role, Action(action.type, action.arg))
        match.observers = [self.registry.notify]
        seats = self.storage.seats([record.id])[record.id]
        table = Table(record.id, match, seats, record.created, version=record.summary.version)
        if gap:  # stored as repaired, so that the log reads whole from now on
            table.version += 1
            self.storage.truncate(
                record.id, kept, table.summary(), expected_version=record.summary.version
            )
        return table

    def _restore_snapshot(
        self,
        match_id: str,
        match: Match,
        stored: Sequence[ActionRecord],
        at_most: int | None = None,
    ) -> int:
        """Put the latest usable snapshot into ``match``; how many actions it covers."""
        snap = self.storage.snapshot(match_id, at_most)
        if snap is None or snap[0] > len(stored):
            return 0
        try:
            match.state = load_snapshot(match.ruleset, snap[1])
        except ValueError as exc:  # other data, schema or version of the game: replay
            log.warning("match %s: snapshot at %s unusable (%s); replaying", match_id, snap[0], exc)
            return 0
        match.history = [Entry(a.role, a.type, a.arg, a.fresh) for a in stored[: snap[0]]]
        return snap[0]

    def _remember(self, table: Table) -> None:
        self._live[table.id] = table
        self._cache[table.id] = table
        self._cache.move_to_end(table.id)
        while len(self._cache) > self.settings.cached_matches:
            self._cache.popitem(last=False)

    def _forget(self, table: Table) -> None:
        """Drop a table whose memory may be ahead of storage; the next get reloads it."""
        table.dead = True
        if self._cache.get(table.id) is table:
            del self._cache[table.id]
        if self._live.get(table.id) is table:
            del self._live[table.id]

    # --- creating -------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        scenario: str | None,
        options: Mapping[str, object] | None,
        seed: int | None,
        seats: Sequence[SeatRequest],
    ) -> tuple[Table, dict[Role, str]]:
        """A new match; returns its table and the token of each person's seat."""
        try:
            game = self.registry.game(game_id)
        except UnknownGame as exc:
            raise Refusal(422, "unknown_game", str(exc)) from None
        people = sum(1 for s in seats if s.bot is None)  # open seats are for people too
        if seed is not None and people >= 2:
            raise Refusal(
                422,
                "seed_not_allowed",
                "A match between two or more people is dealt from the server's secret "
                "seed: leave the seed out (a chosen seed is for bots-only and one-person "
                "matches).",
            )
        try:
            match = Match(
                game,
                scenario=scenario,
                options=options,
                seed=seed if seed is not None else self.new_seed(),
                players=len(seats),
            )
        except ValueError as exc:
            raise Refusal(422, "bad_setup", str(exc)) from None
        chosen = game.info.scenario(match.scenario)
        if chosen.players and not chosen.players[0] <= len(seats) <= chosen.players[1]:
            raise Refusal(
                422,
                "bad_setup",
                f"{chosen.title} takes {chosen.players[0]}–"
                f"{chosen.players[1]} players, not {len(seats)}.",
            )
        records, tokens = self._seat(match.roles, seats)
        if all(r.kind == "bot" for r in records):
            self._admit_bots()
        match.observers = [self.registry.notify]
        table = await self._store_new(match, records)
        if table.bots_only:
            self._changed(table)
            self._schedule(table)  # played in the background, not in this request
            return table, tokens
        async with table.lock:
            await self._play_bots(table)
            self._changed(table)
        return table, tokens

    # --- matches of bots alone, in the background -------------------------------------

    def _admit_bots(self) -> None:
        cap = self.settings.max_bot_matches
        if len(self._bot_matches) >= cap:
            raise Refusal(
                429,
                "bots_busy",
                f"{cap} matches of bots alone are being played: try again once one is over.",
                headers={"Retry-After": "10"},
            )

    def _schedule(self, table: Table) -> None:
        """Queue a match of bots alone for the background player (started if idle)."""
        if table.id in self._bot_matches or table.match.outcome() is not None:
            return
        self._bot_matches.add(table.id)
        self._bot_queue.append(table.id)
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._play_in_background())

    async def _play_in_background(self) -> None:
        """Play the queued matches of bots alone a round each in turn, at most
        ``bot_actions_per_second`` actions a second in all, so people's matches come first."""
        rate = self.settings.bot_actions_per_second
        while self._bot_queue:
            match_id = self._bot_queue.popleft()
            played, over = 0, True
            try:
                table = await self.get(match_id, resume=False)
                async with table.lock:
                    if not table.dead:
                        played = await self._play_bots(table, rounds=1)
                        self._changed(table)
                        over = table.match.outcome() is not None or not played
            except Exception:
                log.exception("match %s: playing its bots in the background failed", match_id)
            if over:
                self._bot_matches.discard(match_id)
            else:
                self._bot_queue.append(match_id)
            await self.sleep(played / rate)

    async def resume_bots(self) -> int:
        """Queue the unfinished matches of bots alone (after a restart); how many."""
        found = 0
        for record in self.storage.matches(1000, "running"):
            if record.bots_only:
                self._schedule(await self.get(record.id, resume=False))
                found += 1
        return found

    def admit_creation(self, client: str) -> None:
        """Refuse a creation from ``client`` over ``max_creations_per_minute``."""
        now = self.clock()
        window = self._creations.setdefault(client, deque())
        while window and window[0] <= now - 60:
            window.popleft()
        cap = self.settings.max_creations_per_minute
        if len(window) >= cap:
            wait = max(1, int(window[0] + 60 - now) + 1)
            raise Refusal(
                429,
                "too_many_matches",
                f"At most {cap} new matches a minute from one address: try again in {wait} s.",
                headers={"Retry-After": str(wait)},
            )
        window.append(now)
        if len(self._creations) > 10_000:  # forget the quietest addresses
            for quiet in [c for c, w in self._creations.items() if not w or w[-1] <= now - 60]:
                del self._creations[quiet]

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
                raise Refusal(
                    422,
                    "idempotency_key_reused",
                    "This Idempotency-Key came with another request: use a new key.",
                )
            return await asyncio.shield(found[1])  # type: ignore[no-any-return]
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

    def _seat(
        self, roles: Sequence[Role], seats: Sequence[SeatRequest]
    ) -> tuple[list[SeatRecord], dict[Role, str]]:
        asked = [s.role for s in seats if s.role is not None]
        for role in asked:
            if role not in roles:
                raise Refusal(
                    422, "bad_seat", f"There is no role {role!r} here (roles: {', '.join(roles)})."
                )
        if len(set(asked)) != len(asked):
            raise Refusal(422, "bad_seat", "Two seats ask for the same role.")
        free = iter([r for r in roles if r not in asked])
        records: list[SeatRecord] = []
        tokens: dict[Role, str] = {}
        for spec in seats:
            role = spec.role if spec.role is not None else next(free)
            if spec.bot is not None:
                try:
                    self.registry.agent(spec.bot)
                except UnknownAgent as exc:
                    raise Refusal(422, "unknown_agent", str(exc)) from None
                name = spec.name or self.registry.agent(spec.bot).title
                records.append(SeatRecord(role, "bot", name, agent=spec.bot))
            elif spec.open:
                records.append(SeatRecord(role, "open", ""))
            else:
                tokens[role] = self._new_token()
                records.append(
                    SeatRecord(role, "human", spec.name, token_hash=hash_token(tokens[role]))
                )
        order = {r: i for i, r in enumerate(roles)}
        records.sort(key=lambda s: order[s.role])
        return records, tokens

    def _new_token(self) -> str:
        return secrets.token_urlsafe(self.settings.token_bytes)

    async def _store_new(self, match: Match, seats: list[SeatRecord]) -> Table:
        table = Table("", match, seats)
        for _ in range(10):
            table.id = secrets.token_hex(6)
            record = MatchRecord(
                table.id,
                match.game_id,
                match.scenario,
                dict(match.options),
                match.seed,
                match.players,
                table.summary(),
            )
            try:
                await self._write(None, partial(self.storage.create_match, record, seats))
            except SeqTaken:
                continue
            stored = self.storage.match(table.id)
            table.created = stored.created if stored else 0.0
            self._remember(table)
            return table
        raise RuntimeError("could not find a free match id")

    # --- seats ----------------------------------------------------------------------

    async def join(self, table: Table, role: Role | None, name: str) -> tuple[Role, str]:
        """Take an open seat (the first one when ``role`` is ``None``); returns its token."""
        async with table.lock:
            self._alive(table)
            role = self._open_seat(table, role)
            token = self._new_token()
            claimed = SeatRecord(role, "human", name, token_hash=hash_token(token))
            seats = [claimed if s.role == role else s for s in table.seats]
            after = Table(table.id, table.match, seats, table.created, version=table.version + 1)
            write = partial(
                self.storage.claim_seat,
                table.id,
                role,
                name,
                claimed.token_hash or b"",
                after.summary(),
                table.version,
            )
            if not await self._write(None, write):
                raise Refusal(409, "seat_taken", f"The seat {role} is taken.")
            table.seats = seats
            table.version += 1
            self._changed(table)
        return role, token

    @staticmethod
    def _open_seat(table: Table, role: Role | None) -> Role:
        if table.status == "finished":
            raise Refusal(409, "finished", "The match is over.")
        open_roles = [s.role for s in table.seats if s.kind == "open"]
        if role is None:
            if not open_roles:
                raise Refusal(409, "no_open_seat", "Every seat of this match is taken.")
            return open_roles[0]
        if table.seat(role) is None:
            raise Refusal(422, "bad_seat", f"There is no seat {role!r} in this match.")
        if role not in open_roles:
            raise Refusal(409, "seat_taken", f"The seat {role} is taken.")
        return role

    # --- playing --------------------------------------------------------------------

    async def act(
        self,
        table: Table,
        role: Role,
        action: Action,
        version: int,
        log_tail: int | None = None,
        lang: str = DEFAULT_LANG,
    ) -> tuple[bool, bytes]:
        """Apply ``role``'s action, decided on ``version`` of the match, then let bots answer.

        Refused as stale (409) when what ``role`` sees changed after ``version`` (see the
        module). Returns whether it was applied (``False``: this very action, named with
        the same version, was applied already: a retry, not applied twice) and ``role``'s
        payload as it stands right after (with ``log_tail``), once stored and announced.
        Raises :class:`Refusal` otherwise.
        """
        async with table.lock:
            self._alive(table)
            match = table.match
            last = table.accepted.get(role)
            if last is not None and last[:2] == (version, action) and _kept(table, role, last):
                return False, table.payload_json(role, log_tail, lang)
            refusal = table.stale(role, version)
            if refusal is not None:
                raise refusal
            start = match.seq
            try:
                match.apply(role, action)
            except IllegalAction as exc:
                status = 403 if exc.code in NOT_YOURS else 422
                namer = match.ruleset.namer()
                reason = render(exc.msg, lang, namer, match.game_id) if exc.msg else exc.reason
                raise Refusal(status, exc.code, reason, version=table.version) from None
            except Exception:
                self._forget(table)
                raise
            await self._commit(table, start)
            table.own_at[role] = table.version
            table.accepted[role] = (version, action, match.seq)
            await self._play_bots(table)
            self._changed(table)
            return True, table.payload_json(role, log_tail, lang)

    async def undo(
        self,
        table: Table,
        role: Role,
        version: int,
        log_tail: int | None = None,
        lang: str = DEFAULT_LANG,
    ) -> bytes:
        """Take back ``role``'s latest action under the core's undo rule, if what ``role``
        sees did not change after ``version``; returns ``role``'s payload right after."""
        async with table.lock:
            self._alive(table)
            match = table.match
            refusal = table.stale(role, version)
            if refusal is not None:
                raise refusal
            if not match.undoable(role):
                raise Refusal(
                    409,
                    "cannot_undo",
                    "Nothing to take back: new information came out or another player acted since.",
                    version=table.version,
                )
            try:
                match.undo(role)
            except Exception:
                self._forget(table)
                raise
            table.version += 1
            write = partial(
                self.storage.truncate, table.id, match.seq, table.summary(), table.version - 1
            )
            await self._write(table, write)
            table.own_at[role] = table.version
            table.accepted.pop(role, None)
            self._changed(table)
            return table.payload_json(role, log_tail, lang)

    def _agents(self, table: Table) -> dict[Role, Agent]:
        match = table.match
        return {
            s.role: self.registry.agent(s.agent).factory(
                seed_from("bot", match.seed, match.seq, s.role)
            )
            for s in table.seats
            if s.kind == "bot" and s.agent
        }

    async def _play_bots(self, table: Table, rounds: int | None = None) -> int:
        """Let the seated bots act until a person must (or ``rounds`` rounds are played);
        their actions are committed.

        Bots play in rounds of :data:`BOT_ROUND` actions; between rounds the progress is
        stored and announced and the server serves others."""
        match = table.match
        first = match.seq
        limit = match.ruleset.info.max_actions
        played = 0
        while match.outcome() is None and match.seq - first < limit:
            if rounds is not None and played >= rounds:
                break
            played += 1
            agents = self._agents(table)
            if not agents:
                break
            start = match.seq
            try:
                match.play_bots(agents, limit=BOT_ROUND)
            except Exception:
                # A bot or the rules failed: keep what was fully applied, rebuild on next use.
                log.exception("match %s: a bot failed at seq %s", table.id, match.seq)
                self._forget(table)
                await self._commit(table, start)
                break
            await self._commit(table, start)
            if match.seq - start < BOT_ROUND:
                break
            self._changed(table)
            await asyncio.sleep(0)
        return match.seq - first

    async def _commit(self, table: Table, start: int) -> None:
        """Write the actions after ``start`` (and a snapshot when one is due)."""
        match = table.match
        if match.seq == start:
            return
        records = [
            ActionRecord(i, e.role, e.type, e.arg, e.fresh)
            for i, e in enumerate(match.history[start:], start + 1)
        ]
        every = self.settings.snapshot_every
        snapshot = None
        if match.seq // every > start // every:
            snapshot = (match.seq, dump_snapshot(match.ruleset, match.state))
        table.version += 1
        write = partial(
            self.storage.append, table.id, records, table.summary(), snapshot, table.version - 1
        )
        await self._write(table, write)

    def _changed(self, table: Table) -> None:
        """Announce a change already stored (its version counted). The views of the roles
        now to act are built (and kept: a decision made on them is judged against them);
        they are the ones asked for next, so this costs nothing more."""
        for role in table.match.active():
            table.view(role)
        if self.on_change is not None:
            self.on_change(table)

    # --- finished matches -----------------------------------------------------------

    def history(self, table: Table) -> dict[str, Any]:
        """The saved match (history included); only once it is over."""
        self._require_finished(table)
        return {
            **table.match.to_json(),
            "id": table.id,
            "seats": table.public_seats(),
            "outcome": table.payload(None)["outcome"],
        }

    def replay(
        self, table: Table, seq: int, role: Role | None, lang: str = DEFAULT_LANG
    ) -> dict[str, Any]:
        """The view of ``role`` after the first ``seq`` actions of a finished match."""
        self._require_finished(table)
        total = table.match.seq
        if not 0 <= seq <= total:
            raise Refusal(422, "bad_seq", f"A replay position is 0–{total}, not {seq}.")
        if role is not None and role not in table.match.roles:
            raise Refusal(422, "bad_seat", f"There is no seat {role!r} in this match.")
        match = self._replay_at(table, seq)
        outcome = match.outcome()
        return {
            "seq": seq,
            "total": total,
            "view": render_view(match.view(role), lang, match.ruleset.namer()),
            "role": role,
            "outcome": render_outcome(outcome, lang, match.ruleset.namer(), match.game_id),
            "seats": table.public_seats(),
        }

    def _replay_at(self, table: Table, seq: int) -> Match:
        match = self._replays.pop(table.id, None)
        if match is None or match.seq > seq:
            match = table.match.restarted()
            stored = [
                ActionRecord(i + 1, e.role, e.type, e.arg, e.fresh)
                for i, e in enumerate(table.match.history)
            ]
            self._restore_snapshot(table.id, match, stored, at_most=seq)
        for entry in table.match.history[match.seq : seq]:
            match.apply(entry.role, entry.action)
        self._replays[table.id] = match
        while len(self._replays) > 16:
            self._replays.popitem(last=False)
        return match

    @staticmethod
    def _require_finished(table: Table) -> None:
        if table.match.outcome() is None:
            raise Refusal(
                409,
                "not_finished",
                "The history of a match is shown once it is "
                "over: it would reveal what the players chose in secret.",
            )

    # --- the lobby ------------------------------------------------------------------

    def listing(
        self, limit: int = 100, status: Status | None = None, finished_bots: bool = False
    ) -> list[dict[str, Any]]:
        """Public information of recent matches, straight from storage (finished matches
        of bots alone only with ``finished_bots``: they would flood the lobby)."""
        records = self.storage.matches(limit, status, finished_bots)
        seats = self.storage.seats([r.id for r in records])
        out = []
        for r in records:
            game = self.registry.games.get(r.game)
            out.append(
                {
                    "id": r.id,
                    "game": r.game,
                    "title": game.info.title if game else r.game,
                    "scenario": r.scenario,
                    "scenario_title": _scenario_title(game, r.scenario),
                    "status": r.summary.status,
                    "seq": r.summary.seq,
                    "active": r.summary.active,
                    "outcome": r.summary.outcome,
                    "seats": [
                        {"role": s.role, "name": s.name, "kind": s.kind, "agent": s.agent}
                        for s in seats[r.id]
                    ],
                    "created": r.created,
                    "updated": r.updated,
                    "bots_only": r.bots_only,
                }
            )
        return out


def _scenario_title(game: Game | None, scenario: str) -> str:
    if game is None:
        return scenario
    return next((sc.title for sc in game.info.scenarios if sc.id == scenario), scenario)
