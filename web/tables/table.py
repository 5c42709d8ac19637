"""A table: a match in play with its seats, its versions and what each seat is shown.

**Versions.** A match's ``version`` grows by one with every stored change (an action with
the bots' answer, an undo, a seat taken) and never goes back, across restarts too (it is
stored); every payload carries it. An action or an undo names the version of the view it
was decided on. Staleness is per seat: a decision made on an older version is refused as
stale only if the view its seat sees now differs from the one it was shown at that version
(the table keeps the last views it built for each role, :data:`SERVED_KEPT`), or if the
seat itself acted or took back since (its own actions always count: it saw what it did).
What does not count as a difference (:data:`PROGRESS_KEYS`): who is still to act
(``active``) and who has already chosen in a secret simultaneous choice (``chosen``), nor
the log (the digests are of the view's parts: ``tables.seen``). So
when England picks its card in Hammer's card phase, Scotland's choice, made on the same
version, still stands. The views of the roles to act are built at every change; a version
whose view of the seat the table does not hold (never built, older than the last
:data:`SERVED_KEPT`, or before a restart) is stale: the seat looks again once.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from gameshelf.core.engine.ruleset import Action, Outcome, Role
from gameshelf.core.i18n.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.i18n.messages import Msg, render_outcome
from gameshelf.core.play import text
from gameshelf.core.play.match import Match
from gameshelf.web import clocks, resign
from gameshelf.web.clocks import Pace, SeatClock
from gameshelf.web.storage import SeatRecord, Status, Summary
from gameshelf.web.tables.refusals import Refusal
from gameshelf.web.tables.seen import (
    LOG_PAGE,
    PROGRESS_KEYS,
    Built,
    Note,
    Public,
    Shown,
    build,
    join_parts,
    join_payload,
    join_view,
    rendered_parts,
)

ABANDONED = "abandoned"  # the outcome's reason at the step limit (Table.outcome)
SERVED_KEPT = 8  # views (their digests) kept per role, to judge decisions made on them


def hash_token(token: str) -> bytes:
    """What is stored of a seat token. Tokens are long and random, so SHA-256 suffices."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


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
    # how long each thinking bot took over its latest decision, in ms (web.thinking)
    thought: dict[Role, int] = field(default_factory=dict)
    title: str = field(init=False)
    _texts: dict[tuple[Role | None, int, str], bytes] = field(default_factory=dict, repr=False)
    _built: dict[Role | None, Built] = field(default_factory=dict, repr=False)  # this version's
    _public: Public | None = field(default=None, repr=False)  # this version's, for every reader
    _last: dict[Role | None, Built] = field(default_factory=dict, repr=False)  # latest built
    _live: dict[tuple[Any, ...], str] = field(default_factory=dict, repr=False)
    _texts_version: int = field(default=-1, repr=False)
    # this version's JSON around the views: per (role, language) its own keys (outcome,
    # role, undo), and the keys every reader shares (:meth:`tail`)
    _own: dict[tuple[Role | None, str], bytes] = field(default_factory=dict, repr=False)
    _shared: tuple[list[SeatRecord], bytes] | None = field(default=None, repr=False)
    # the outcome asked last and what it was asked at (:meth:`outcome`)
    _ended: tuple[tuple[Any, ...], Outcome | None, Outcome | None] | None = field(
        default=None, repr=False
    )  # (what it was asked at, the rules' outcome, the table's)
    _served: dict[Role, OrderedDict[int, int]] = field(
        default_factory=dict, repr=False
    )  # the digest of the views built for each role, by version
    log: Shown = field(init=False, repr=False)  # the log as each reader sees it
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    dead: bool = False  # dropped (it may be ahead of storage): requests holding it retry
    busy: bool = False  # bots are playing in a worker thread: read the state under the lock
    resigned: list[Role] = field(default_factory=list)  # in the order they resigned
    notes: list[Note] = field(default_factory=list)  # the site's lines in the log
    pace: Pace | None = None  # the match's clocks (web.clocks); None: no clock
    clocks: dict[Role, SeatClock] = field(default_factory=dict)
    timed_out: list[Role] = field(default_factory=list)  # whose clock ran out, in order
    told: set[Role] | None = None  # the seats awaited at the last change (web.notices)
    clock_seq: int = 0  # the actions the clocks have seen (a seat's new move: web.clocks)
    # the site's bound on a match's length (Settings.max_match_actions; 0: none): a match
    # that reaches it unfinished ends there as abandoned, nobody winning
    step_limit: int = 0
    # bots alone: actions a second while someone watches (0: full speed), and until when
    # (Tables.clock) they play at that pace anyway, for the creator about to watch; a
    # match's own pace is not stored: after a restart it has the site's
    bot_pace: float | None = None
    paced_until: float = 0.0

    def __post_init__(self) -> None:
        self.title = self.match.game.info.title
        self.log = Shown(self.match, self.notes)

    def note(self, msg: Msg) -> None:
        """Add the site's line ``msg`` to the log, after the lines it has now."""
        self.notes.append(Note(self.match.seq, len(self.match.state.log), msg))

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

    def named(self) -> dict[str, Any]:
        """What names this game's things (roles, areas...) in a refusal's reason: the
        keyword arguments ``namer`` and ``game`` of :class:`Refusal`."""
        return {"namer": self.match.ruleset.namer(), "game": self.match.game_id}

    # --- what is shown --------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the match ended, the rules' outcome seen through resignations
        (:mod:`web.resign`), or abandoned at the site's step limit; ``None`` while it
        goes on. Asked of the rules once per state: kept with what it depends on (the
        version, the actions played, the state, who resigned or ran out of time, the
        step limit), asked again when any of them changed."""
        match = self.match
        at = (
            self.version,
            match.seq,
            id(match.state),
            len(self.resigned),
            len(self.timed_out),
            self.step_limit,
        )
        ended = self._ended
        if ended is None or ended[0] != at:
            ruled = match.outcome()
            found = resign.outcome(ruled, match.roles, self.resigned, self.timed_out)
            if found is None and ruled is None and 0 < self.step_limit <= match.seq:
                limit = self.step_limit
                found = Outcome(
                    winners=[], reason=ABANDONED, text=Msg("web.abandoned", count=limit)
                )
            ended = self._ended = (at, ruled, found)
        return ended[2]

    @property
    def abandoned(self) -> bool:
        """Whether the match reached the site's step limit before the game ended."""
        limit = self.step_limit
        if not 0 < limit <= self.match.seq:
            return False
        self.outcome()  # the rules' outcome, kept beside it
        assert self._ended is not None
        return self._ended[1] is None

    def room(self) -> int | None:
        """How many more actions the step limit allows (``None``: no limit)."""
        return max(0, self.step_limit - self.match.seq) if self.step_limit else None

    @property
    def status(self) -> Status:
        if self.outcome() is not None:
            return "finished"
        if not self.started:
            return "open"
        return "running"

    @property
    def started(self) -> bool:
        """Whether every seat is taken (a seat open to anyone, or kept for an invited
        account that has not answered, holds the match back: nobody plays before)."""
        return all(s.kind in ("human", "bot") for s in self.seats)

    def summary(self) -> Summary:
        outcome = self.outcome()
        dumped = outcome.model_dump() if outcome else None
        if dumped is not None and self.resigned:
            dumped["resigned"] = list(self.resigned)
        if dumped is not None and self.timed_out:
            dumped["timed_out"] = list(self.timed_out)
        return Summary(
            seq=self.match.seq,
            status=self.status,
            active=self.match.active() if outcome is None else [],
            outcome=dumped,
            version=self.version,
            place=self.place(),
        )

    def place(self) -> dict[str, Any] | str | None:
        """Where the game stands, as its game says it (``core.play.text.place``, from what a
        spectator sees): a message's JSON or plain text, kept with the summary so that the
        lobby shows it for a match not in memory.

        It is asked with every change (the summary is stored with it), from a view of this
        version already built, the spectator's first (where the game stands is public),
        else from the view of the first role to act (built at every change: ``Matches.changed``),
        else the spectator's."""
        self._fresh_caches()
        found = self._built.get(None) or next(iter(self._built.values()), None)
        if found is None:  # the view of the first role to act: it is built for it anyway
            active = self.match.active()
            found = self.built(active[0] if active else None)
        view = found.view
        said = text.place(self.match.ruleset, view)
        return said.to_json() if isinstance(said, Msg) else said

    # --- versions -------------------------------------------------------------------

    def stale(self, role: Role, version: int) -> Refusal | None:
        """The refusal of a decision ``role`` made on ``version``, if what it sees changed
        since (see the module), or if the version is not one this match had."""
        if version > self.version:
            return Refusal(
                "stale",
                Msg("web.stale_ahead", version=self.version, given=version),
                version=self.version,
            )
        if version == self.version:
            return None
        served = self._served.get(role)
        shown = served.get(version) if served is not None else None
        now = self.built(role).digest
        if self.own_at.get(role, -1) > version or shown is None or shown != now:
            return Refusal(
                "stale",
                Msg("web.stale_changed", version=self.version, given=version),
                version=self.version,
            )
        return None

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {
                "role": s.role,
                "name": s.name,
                "kind": s.kind,
                "agent": s.agent,
                "account": s.account,
                "thought_ms": self.thought.get(s.role),
            }
            for s in self.seats
        ]

    def view(self, role: Role | None) -> dict[str, Any]:
        """What ``role`` sees now without the log, built once per version (do not
        change it)."""
        return self.built(role).view

    def built(self, role: Role | None) -> Built:
        """``role``'s view now as parts (:mod:`.seen`), built once per version."""
        self._fresh_caches()
        found = self._built.get(role)
        if found is None:
            public = self._public
            if public is None:
                public = self._public = Public(self.match.ruleset.public_board(self.match.state))
            found = self._built[role] = build(self.match, role, self._last.get(role), public)
            self._last[role] = found
            if role is not None:
                served = self._served.setdefault(role, OrderedDict())
                served[self.version] = found.digest
                while len(served) > SERVED_KEPT:
                    served.popitem(last=False)
        return found

    def parts(self, role: Role | None, lang: str = DEFAULT_LANG) -> dict[str, bytes]:
        """``role``'s view now as JSON parts, its messages in ``lang``."""
        return rendered_parts(self.built(role), lang, self.match, role)

    def tail(self, role: Role | None, lang: str, rest: dict[str, Any]) -> bytes:
        """What a payload carries after the view, as JSON without its braces: the reader's
        own keys (outcome said to it, role, undo), made once per version, role and
        language; the keys every reader shares (seats, status, version, who resigned or
        ran out of time, clocks), made once per version; then ``rest``."""
        own = self._own.get((role, lang))
        if own is None:
            match = self.match
            outcome = render_outcome(
                self.outcome(), lang, match.ruleset.namer(), match.game_id, role
            )
            undo = match.undoable(role) if role is not None else 0
            own = orjson.dumps({"outcome": outcome, "role": role, "undo": undo})[1:-1]
            self._own[(role, lang)] = own
        shared = self._shared
        if shared is None or shared[0] is not self.seats:  # a seat changed in this version
            data = {
                "seats": self.public_seats(),
                "status": self.status,
                "version": self.version,
                "resigned": self.resigned,
                "timed_out": self.timed_out,
                "clocks": clocks.shown(self.pace, self.clocks),
            }
            shared = self._shared = (self.seats, orjson.dumps(data)[1:-1])
        return own + b"," + shared[1] + b"," + orjson.dumps(rest)[1:-1]

    def _fresh_caches(self) -> None:
        if self._texts_version != self.version:
            self._texts.clear()
            self._live.clear()
            self._built.clear()
            self._public = None
            self._own.clear()
            self._shared = None
            self._texts_version = self.version

    def payload_json(
        self,
        role: Role | None,
        log_tail: int | None = None,
        lang: str = DEFAULT_LANG,
        log_have: int | None = None,
        since: int | None = None,
    ) -> bytes:
        """``{seq, view, outcome, role, undo, seats, status, version, log_from,
        log_total}`` for one seat (``None``: a spectator) as JSON (UTF-8): the board now
        and the lines of its log it lacks (:mod:`.seen`): from ``log_have`` (the lines it
        holds as of version ``since``), else its last ``log_tail`` lines (default:
        :data:`LOG_PAGE`); ``log_from`` says where they start, ``log_total`` how many
        lines its log has. Messages are in ``lang``. Built once per change of the match
        and kind of reader."""
        self._fresh_caches()
        start, total = self.log.start(role, log_have, since, log_tail)
        key = (role, start, lang)
        data = self._texts.get(key)
        if data is None:
            lines = self.log.lines(role, start, total, lang)
            built = self.built(role)
            view = join_view(built.body(lang, self.parts(role, lang)), lines)
            tail = self.tail(role, lang, {"log_from": start, "log_total": total})
            data = self._texts[key] = join_payload({"seq": self.match.seq}, view, tail)
        return data

    def payload(
        self, role: Role | None, log_tail: int | None = None, lang: str = DEFAULT_LANG
    ) -> dict[str, Any]:
        """:meth:`payload_json` read back (for the few callers that want a dict)."""
        value: dict[str, Any] = orjson.loads(self.payload_json(role, log_tail, lang))
        return value

    def payload_text(
        self, role: Role | None, log_tail: int | None = None, lang: str = DEFAULT_LANG
    ) -> str:
        """:meth:`payload_json` as text, for a WebSocket text message."""
        return self.payload_json(role, log_tail, lang).decode()

    def live_message(self, listener: Any) -> tuple[str, dict[str, bytes], int, int]:
        """A live update for ``listener`` (``web.hub.Listener``): against the parts it was
        last sent, only those that differ (``"delta": true``, ``"base"`` the version it
        had, ``"drop"`` the keys gone), else all of them; and the log lines it lacks.
        Returns the message and what the listener holds once it is sent (parts, version,
        log length). A delta is made once per seat, language, base version and log start
        (every listener of the seat shares it); a whole first message is not kept."""
        role, lang, sent = listener.role, listener.lang, listener.sent
        self._fresh_caches()
        have, since = listener.log_have, listener.version
        start, total = self.log.start(role, have, since, listener.log_tail)
        parts = self.parts(role, lang)
        key = ("live", role, lang, since if sent is not None else None, start)
        message = self._live.get(key)
        if message is None:
            lines = self.log.lines(role, start, total, lang)
            head: dict[str, Any] = {"seq": self.match.seq}
            rest: dict[str, Any] = {"log_from": start, "log_total": total}
            if sent is None:
                view = join_view(self.built(role).body(lang, parts), lines)
            else:
                changed = {k: v for k, v in parts.items() if sent.get(k) != v}
                view = join_view(join_parts(changed), lines)
                head.update(delta=True, base=since)
                rest["drop"] = [k for k in sent if k not in parts]
            message = join_payload(head, view, self.tail(role, lang, rest)).decode()
            if sent is not None:  # a first, whole message is made once per connection
                self._live[key] = message
        return message, parts, self.version, total

    def log_page(
        self, role: Role | None, before: int | None, limit: int, lang: str = DEFAULT_LANG
    ) -> bytes:
        """The reader's log lines before ``before`` (default: its end), ``limit`` at most
        (:data:`LOG_PAGE` at most): ``{log_from, log, log_total, version}``."""
        total = len(self.log.places(role))
        end = total if before is None else min(before, total)
        start = max(0, end - min(limit, LOG_PAGE))
        lines = self.log.lines(role, start, end, lang)
        return orjson.dumps(
            {"log_from": start, "log": lines, "log_total": total, "version": self.version}
        )

    def clocks_moved(self) -> None:
        """The clocks changed: the payloads built for this version say them again."""
        self._texts.clear()
        self._live.clear()
        self._shared = None

    def drop_views(self) -> None:
        """Drop the views and JSON built so far (the staleness digests stay): a table
        nobody looked at lately keeps no view in memory; the next look builds it again."""
        self._texts.clear()
        self._live.clear()
        self._built.clear()
        self._public = None
        self._last.clear()
        self._own.clear()
        self._shared = None
        self._ended = None

    def forget_texts(self) -> None:
        """Drop the JSON built so far (for code that changed the state behind our back)."""
        self.drop_views()
        self.log = Shown(self.match, self.notes)


def decision_digest(view: dict[str, Any]) -> int:
    """The digest of a view apart from :data:`PROGRESS_KEYS` and its log, as
    :meth:`Table.stale` compares them (:func:`.seen.build`)."""
    decided: list[str | bytes] = []
    for key, value in view.items():
        if key != "log" and key not in PROGRESS_KEYS:
            decided += (key, orjson.dumps(value))
    return hash(tuple(decided))


def kept(table: Table, role: Role, accepted: tuple[int, Action, int]) -> bool:
    """Whether ``role``'s accepted action is still in the history (not undone)."""
    _, action, seq = accepted
    history = table.match.history
    return len(history) >= seq and history[seq - 1][:3] == (role, *action)
