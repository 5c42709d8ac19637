"""The matches being played: loaded from storage, kept in memory, changed only here.

A :class:`Table` is a :class:`core.match.Match` with its seats. :class:`Tables` finds a
table (from memory, else by rebuilding it from its latest snapshot and the action log),
creates matches, applies a seat's action made on a version of the match (optimistic
concurrency: :mod:`.table`), lets the bots answer, and commits every accepted action to
storage *before* anyone is told of it. One part per concern, each a subclass of the one
before:

- :mod:`.store`: finding, loading (``Match.resume`` from a snapshot), writing, announcing;
- :mod:`.seats`: seats and tokens (a bot seat's agent must play the game), open seats;
- :mod:`.play`: a seat's action and undo, the bots' answer, matches of bots alone;
- :mod:`.replays`: the history and replay positions of finished matches;
- :mod:`.lobby`: creating matches (limits, idempotency) and listing them;
- :mod:`.people`: the seats accounts hold, a seat handed to a bot;
- :mod:`.clocks`: the clocks of matches played at a pace, and their timeouts.

A refusal is a :class:`Refusal`: a code, whose HTTP status :data:`STATUS` gives (one
mapping, in :mod:`.refusals`), and a reason as a message; the match is left exactly as it
was (the rules guarantee it for the state, and nothing is written).
"""

from __future__ import annotations

from collections.abc import Callable

from gameshelf.core.plugins import Registry
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage
from gameshelf.web.tables.clocks import Timing
from gameshelf.web.tables.lobby import ONCE_KEPT, ONCE_SECONDS
from gameshelf.web.tables.play import BOT_ROUND
from gameshelf.web.tables.refusals import STATUS, Refusal, status_of
from gameshelf.web.tables.replays import Replays
from gameshelf.web.tables.seats import SeatRequest
from gameshelf.web.tables.store import SEED_BITS, new_seed
from gameshelf.web.tables.table import (
    PROGRESS_KEYS,
    SERVED_KEPT,
    Table,
    decision_digest,
    hash_token,
)
from gameshelf.web.writer import Writer


class Tables(Timing):
    """Every match of the site, as the web app sees them (see the module): the parts
    chained so far, and ``replays``, built over them."""

    def __init__(
        self,
        storage: Storage,
        registry: Registry,
        settings: Settings,
        on_change: Callable[[Table], None] | None = None,
        writer: Writer | None = None,
    ) -> None:
        super().__init__(storage, registry, settings, on_change, writer)
        self.replays = Replays(self)


__all__ = [
    "BOT_ROUND",
    "ONCE_KEPT",
    "ONCE_SECONDS",
    "PROGRESS_KEYS",
    "SEED_BITS",
    "SERVED_KEPT",
    "STATUS",
    "Refusal",
    "SeatRequest",
    "Table",
    "Tables",
    "decision_digest",
    "hash_token",
    "new_seed",
    "status_of",
]
