"""A table: a match in play with its seats, its versions and what each seat is shown.

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
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from gameshelf.core import text
from gameshelf.core.match import Match
from gameshelf.core.messages import DEFAULT as DEFAULT_LANG
from gameshelf.core.messages import Msg, render_outcome, render_view
from gameshelf.core.ruleset import Action, Role
from gameshelf.web.storage import SeatRecord, Status, Summary
from gameshelf.web.tables.refusals import Refusal

# View keys whose change does not make a seat's pending decision stale: who is still to act,
# and who has already chosen in a secret simultaneous choice (the core's ``chosen`` list;
# Hammer's and the toy duel's per-side ``chosen`` say the same: "hidden" or nothing).
PROGRESS_KEYS = frozenset({"active", "chosen"})
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
    title: str = field(init=False)
    _texts: dict[tuple[Role | None, int | None, str], bytes] = field(
        default_factory=dict, repr=False
    )
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

    def named(self) -> dict[str, Any]:
        """What names this game's things (roles, areas...) in a refusal's reason: the
        keyword arguments ``namer`` and ``game`` of :class:`Refusal`."""
        return {"namer": self.match.ruleset.namer(), "game": self.match.game_id}

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
            place=self.place(),
        )

    def place(self) -> dict[str, Any] | str | None:
        """Where the game stands, as its game says it (``core.text.place``, from what a
        spectator sees): a message's JSON or plain text, kept with the summary so that the
        lobby shows it for a match not in memory.

        It is asked with every change (the summary is stored with it), so it does not build
        the spectator's view for it: a view without the log does (a place never reads the
        log), unless the spectator's view of this version is at hand."""
        self._fresh_caches()
        view = self._views.get(None)
        if view is None:
            state = self.match.state
            view = self.match.ruleset.view(state, None, log_from=len(state.log))
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
        self.view(role)  # its digest at this version
        if (
            self.own_at.get(role, -1) > version
            or shown is None
            or shown != self._served[role][self.version]
        ):
            return Refusal(
                "stale",
                Msg("web.stale_changed", version=self.version, given=version),
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
        view = self.view(role)
        start = None
        if log_tail is not None:  # cut before rendering: a long game's log is long
            log = view.get("log", [])
            start = max(0, len(log) - log_tail)
            view = {**view, "log": log[start:]}
        view = render_view(view, lang, namer)  # the game named by the view
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
        if start is not None:
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


def kept(table: Table, role: Role, accepted: tuple[int, Action, int]) -> bool:
    """Whether ``role``'s accepted action is still in the history (not undone)."""
    _, action, seq = accepted
    history = table.match.history
    return len(history) >= seq and history[seq - 1][:3] == (role, *action)


def dump(value: object) -> bytes:
    """Compact JSON in UTF-8 (orjson: views are the server's hottest output)."""
    return orjson.dumps(value)
