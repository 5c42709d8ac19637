"""What a table shows, built once per version: each role's view as JSON parts, each
reader's log, and the payloads, live updates and log pages made of them.

**Parts.** A role's view is built once per version of the match (without the log) and
kept as JSON, one part per top-level key. A part whose value is the very object of the
role's previous version (a game may keep a board part that did not change: Hammer's
areas, borders and drawing) is not serialised again, and a part whose JSON did not change
keeps its previous bytes, so that the parts of successive versions share what they have
in common. The staleness digest of a view is the hash of its parts' hashes, which Python
keeps on each bytes object: it costs nothing for a part that did not change.

**The log.** A reader's log is the lines of the state's log it may read (a private line
only for its roles), numbered from 0. A payload carries the board and only the lines the
reader lacks: from the count it says it has, at most :data:`LOG_PAGE` of them (else the
last page, ``log_from`` saying where they start); earlier lines come from the paged log
(:meth:`Shown.log_page`). A line is rendered once per language (``core.i18n.messages.said``).
After an undo the log is a prefix of what it was: the cuts are remembered, so a reader
that had lines beyond a cut gets them again from the cut. The site's notes (a seat
resigned: :class:`Note`) stand among the lines where they happened, read by everyone.

**Live updates.** A listener holds what it was sent last; its next message carries the
parts that differ (``"delta": true``, ``"base"`` the version it had, ``"drop"`` the keys
gone) and the lines it lacks, or everything when it holds nothing yet.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import orjson

from gameshelf.core.engine.parts import Kept
from gameshelf.core.engine.ruleset import Role
from gameshelf.core.i18n.messages import Msg, render, said
from gameshelf.core.play.match import Match

LOG_PAGE = 100  # log lines a payload or a log page carries at most
CUTS_KEPT = 32  # undos whose cut of the log is remembered
# View keys whose text is a message, rendered in each reader's language (the log apart).
RENDERED_KEYS = ("prompt", "waiting", "outcome")
# View keys whose change does not make a seat's pending decision stale: who is still to act,
# and who has already chosen in a secret simultaneous choice (the core's ``chosen`` list;
# Hammer's and the toy duel's per-side ``chosen`` say the same: "hidden" or nothing).
PROGRESS_KEYS = frozenset({"active", "chosen"})

Parts = dict[str, bytes]
_ABSENT = object()


@dataclass
class Built:
    """One role's view at one version: the view (without its log), its parts as JSON
    (messages not rendered), their digest, and per language the parts rendered and the
    view's JSON body made of them (its keys and values, without braces)."""

    view: dict[str, Any]
    parts: Parts
    digest: int
    by_lang: dict[str, Parts] = field(default_factory=dict)
    bodies: dict[str, bytes] = field(default_factory=dict)

    def body(self, lang: str, rendered: Parts) -> bytes:
        """The JSON of ``rendered`` (this view's parts in ``lang``) without its braces,
        joined once per language and shared by every payload of this version."""
        found = self.bodies.get(lang)
        if found is None:
            found = self.bodies[lang] = join_parts(rendered)
        return found


@dataclass
class Public:
    """What every reader of one version sees alike (``Ruleset.public_board``), made once
    for all of them, and its parts' JSON, made by the first reader that needs them."""

    view: dict[str, Any]
    parts: Parts = field(default_factory=dict)


def build(match: Match, role: Role | None, last: Built | None, public: Public) -> Built:
    """``role``'s view of ``match`` now, its parts shared with ``last`` (the role's
    previous version) where they did not change, and with the other readers of this
    version where everyone sees them alike (``public``). The digest hashes the parts' own
    hashes (kept by each bytes object), in one flat tuple made in the same loop."""
    state = match.state
    view = match.ruleset.view(state, role, log_from=len(state.log), public=public.view)
    view.pop("log", None)
    old_view = last.view if last is not None else {}
    old_parts = last.parts if last is not None else {}
    alike, alike_parts = public.view, public.parts
    parts: Parts = {}
    decided: list[str | bytes] = []
    for key, value in view.items():
        shared = alike.get(key, _ABSENT) is value
        if shared and key in alike_parts:
            data = alike_parts[key]
        elif key in old_view and old_view[key] is value:
            data = old_parts[key]
        else:
            data = orjson.dumps(value)
            old = old_parts.get(key)
            data = old if old is not None and old == data else exact(data)
        if shared:
            alike_parts[key] = data
        parts[key] = data
        if key not in PROGRESS_KEYS:
            decided += (key, data)
    return Built(view, parts, hash(tuple(decided)))


def exact(data: bytes) -> bytes:
    """``data`` in a bytes object of its own size, for JSON that is kept: orjson hands back
    its working buffer, several times larger than the text (a 7.7 kB part holds 65 kB,
    a 31-byte one 4 kB; measured with orjson 3.13 under tracemalloc)."""
    return bytes(memoryview(data))


# A view's message (prompt, waiting, outcome) as JSON said in a language to a seat, by
# (game, seat, language, key, its JSON not rendered): rendered once, whichever match,
# version or reader asks (the text depends on nothing else: ``core.i18n.messages.render``).
SAID_PARTS: Kept[bytes] = Kept(4096)


def rendered_parts(built: Built, lang: str, match: Match, role: Role | None = None) -> Parts:
    """``built``'s parts with their messages (prompt, waiting, outcome) in ``lang``, said to
    ``role``, the seat whose view it is (``core.i18n.messages.said_to``)."""
    found = built.by_lang.get(lang)
    if found is not None:
        return found
    game = match.game_id
    out = dict(built.parts)
    for key in RENDERED_KEYS:
        value = built.view.get(key)
        if isinstance(value, (dict, Msg)):
            said_key = (game, role, lang, key, built.parts[key])
            out[key] = SAID_PARTS.get(said_key, partial(_said_part, key, value, lang, match, role))
    built.by_lang[lang] = out
    return out


def _said_part(key: str, value: Any, lang: str, match: Match, role: Role | None) -> bytes:
    """The JSON of the view's message ``value`` under ``key``, said in ``lang`` to ``role``."""
    namer, game = match.ruleset.namer(), match.game_id
    if key != "outcome" or not isinstance(value, dict):
        return exact(orjson.dumps(render(value, lang, namer, game, role)))
    text = value.get("text")  # an outcome: its text is the message
    if not isinstance(text, (dict, Msg)):
        return exact(orjson.dumps(value))
    return exact(orjson.dumps({**value, "text": render(text, lang, namer, game, role)}))


@dataclass(frozen=True)
class Note:
    """A line of the site's in a match's log, read by everyone: something the rules never
    hear of (a seat resigned). It stands after the state's first ``log_at`` lines, made
    when ``seq`` actions had been played."""

    seq: int
    log_at: int
    msg: Msg


Place = int | Note  # a line of the state's log (its index), or a site's note


def _position(place: Place) -> float:
    """Where a place stands in the state's log (a note just before line ``log_at``)."""
    return float(place) if isinstance(place, int) else place.log_at - 0.5


class ReaderLog:
    """Which lines of the state's log one reader may read (their places in it) and the
    site's notes among them, kept up to date as the log grows; started again when the log
    was replaced (an undo)."""

    def __init__(self, role: Role | None) -> None:
        self.role = role
        self.lines: list[Any] = []  # the state's log this was made from
        self.seen = 0  # how many of its lines were looked at
        self.noted = 0  # how many of the notes were placed
        self.places: list[Place] = []

    def update(self, log: list[Any], notes: Sequence[Note] = ()) -> list[Place]:
        if log is not self.lines or len(log) < self.seen:
            self.lines, self.seen, self.noted, self.places = log, 0, 0, []
        role, places = self.role, self.places
        for i in range(self.seen, len(log)):
            while self.noted < len(notes) and notes[self.noted].log_at <= i:
                places.append(notes[self.noted])
                self.noted += 1
            line = log[i]
            if isinstance(line, str) or line.reads(role):
                places.append(i)
        self.seen = len(log)
        while self.noted < len(notes) and notes[self.noted].log_at <= self.seen:
            places.append(notes[self.noted])
            self.noted += 1
        return places


@dataclass
class Shown:
    """A table's log as its readers see it, and the undos that cut it."""

    match: Match
    notes: list[Note] = field(default_factory=list)  # the table's, by ``log_at``
    readers: dict[Role | None, ReaderLog] = field(default_factory=dict)
    cuts: list[tuple[int, int]] = field(default_factory=list)  # (version, state log length)
    cuts_dropped: bool = False

    def places(self, role: Role | None) -> list[Place]:
        reader = self.readers.get(role)
        if reader is None:
            reader = self.readers[role] = ReaderLog(role)
        return reader.update(self.match.state.log, self.notes)

    def cut(self, version: int) -> None:
        """The log was cut back (an undo) at ``version``: remember its length. A note made
        after the lines taken back now stands at the end of the log left, as a reload
        places it (``web.tables.store``), and before any later note."""
        seq, end = self.match.seq, len(self.match.state.log)
        self.notes[:] = [
            note if note.log_at <= end else Note(min(note.seq, seq), end, note.msg)
            for note in self.notes
        ]
        self.cuts.append((version, end))
        if len(self.cuts) > CUTS_KEPT:
            del self.cuts[0]
            self.cuts_dropped = True

    def start(
        self, role: Role | None, have: int | None, since: int | None, tail: int | None
    ) -> tuple[int, int]:
        """Where the lines a reader lacks start, and its log's length: from ``have`` (the
        lines it holds, as of version ``since``) if given and no undo cut them since, at
        most :data:`LOG_PAGE` lines; else its last ``tail`` lines (default a page)."""
        places = self.places(role)
        total = len(places)
        if have is not None and since is not None:
            safe = self._safe(have, since, places)
            if safe is not None:
                return max(safe, total - LOG_PAGE), total
        count = LOG_PAGE if tail is None else tail
        return max(0, total - count), total

    def _safe(self, have: int, since: int, places: list[Place]) -> int | None:
        """How many of the ``have`` lines a reader held at version ``since`` are still
        the same lines (an undo after ``since`` cut the log shorter); ``None``: unknown."""
        if self.cuts_dropped and since < self.cuts[0][0]:
            return None
        shortest = min((n for v, n in self.cuts if v > since), default=None)
        if shortest is not None:
            have = min(have, bisect_left(places, float(shortest), key=_position))
        return min(have, len(places))

    def lines(self, role: Role | None, start: int, end: int, lang: str) -> list[str]:
        """The reader's lines ``start`` to ``end`` (its own numbering), in ``lang``."""
        places = self.places(role)
        log = self.match.state.log
        namer, game = self.match.ruleset.namer(), self.match.game_id
        return [
            said(log[p] if isinstance(p, int) else p.msg, lang, namer, game, role)
            for p in places[start:end]
        ]


def join_parts(parts: Parts) -> bytes:
    """The keys and values of ``parts`` as JSON, without the braces."""
    items = [_KEYS.get(k) or _key(k) for k in parts]
    return b",".join(item + data for item, data in zip(items, parts.values(), strict=True))


def join_view(body: bytes, log: Sequence[str] | None) -> bytes:
    """A view's JSON from its body (:func:`join_parts`) and its log's lines, when given."""
    if log is None:
        return b"{" + body + b"}"
    return b"{" + body + (b"," if body else b"") + b'"log":' + orjson.dumps(log) + b"}"


_KEYS: dict[str, bytes] = {}


def _key(key: str) -> bytes:
    found = _KEYS[key] = orjson.dumps(key) + b":"
    return found


def join_payload(head: dict[str, Any], view: bytes, tail: bytes) -> bytes:
    """``{**head, "view": view, ...}`` as JSON, the view already JSON and ``tail`` the
    JSON of the keys after it, without braces."""
    first = orjson.dumps(head)[:-1]
    return first + b',"view":' + view + (b"," + tail + b"}" if tail else b"}")
