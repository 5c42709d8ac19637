"""The matches being played: loaded from storage, kept in memory, changed only here.

A :class:`Table` is a :class:`core.play.match.Match` with its seats. The parts of the package
are small objects, each given the others it needs when it is made (:class:`Tables` makes
them and holds them):

- :mod:`.matches`: the match repository: finding a table (from memory, else rebuilt from
  its latest snapshot and the action log), writing (group commit) and announcing changes;
- :mod:`.clocks`: the clocks of matches played at a pace, moved with each change
  (``Clocks``, held by the repository), and their timeouts (``Timeouts``);
- :mod:`.play`: a seat's action and undo made on a version of the match (optimistic
  concurrency: :mod:`.table`), the bots' answer;
- :mod:`.bots`: the matches of bots alone, played in the background;
- :mod:`.seats`: seats and tokens (a bot seat's agent must play the game), open seats;
- :mod:`.replays`: the history and replay positions of finished matches;
- :mod:`.lobby`: creating matches (limits, idempotency) and listing them;
- :mod:`.people`: the seats accounts hold, invitations, resigning, a seat handed to a
  bot, rematches; the ratings of finished matches (``Ratings``, heard by the repository).

Every accepted change is committed to storage *before* anyone is told of it. A refusal is
a :class:`Refusal`: a code, whose HTTP status :data:`STATUS` gives (one mapping, in
:mod:`.refusals`), and a reason as a message; the match is left exactly as it was (the
rules guarantee it for the state, and nothing is written).
"""

from __future__ import annotations

from collections.abc import Callable

from gameshelf.core.registry.plugins import Registry
from gameshelf.web.settings import Settings
from gameshelf.web.storage import Storage
from gameshelf.web.tables.bots import Bots
from gameshelf.web.tables.clocks import Clocks, Timeouts
from gameshelf.web.tables.lobby import ONCE_KEPT, ONCE_SECONDS, Lobby
from gameshelf.web.tables.matches import SEED_BITS, Matches, new_seed
from gameshelf.web.tables.people import People, Ratings
from gameshelf.web.tables.play import BOT_ROUND, Play
from gameshelf.web.tables.refusals import STATUS, Refusal, status_of
from gameshelf.web.tables.replays import Replays
from gameshelf.web.tables.seats import SeatRequest, Seats
from gameshelf.web.tables.table import (
    PROGRESS_KEYS,
    SERVED_KEPT,
    Table,
    decision_digest,
    hash_token,
)
from gameshelf.web.thinking import Thinkers
from gameshelf.web.writer import Writer


class Tables:
    """Every match of the site, as the web app sees them: the parts (see the module),
    made and wired here, and the calls the app makes, each the part's own. What the app
    sets once they are made (``play.thinkers``, ``bots.watching``, ``matches.notices``)
    and what tests replace (``clocks.wall``, ``lobby.new_seed``, ``bots.clock``) is set
    on the part that uses it."""

    def __init__(
        self,
        storage: Storage,
        registry: Registry,
        settings: Settings,
        on_change: Callable[[Table], None] | None = None,
        writer: Writer | None = None,
    ) -> None:
        self.storage = storage
        self.registry = registry
        self.settings = settings
        self.writer = writer if writer is not None else Writer(storage)
        self.clocks = Clocks(storage)
        self.ratings = Ratings(storage, settings)
        self.matches = Matches(
            storage, registry, settings, self.writer, self.clocks, self.ratings, on_change
        )
        self.play = Play(self.matches, registry, settings, Thinkers(settings.bot_workers))
        self.bots = Bots(self.matches, self.play, settings)
        self.seats = Seats(self.matches, registry, settings, self.play)
        self.replays = Replays(self.matches)
        self.lobby = Lobby(self.matches, self.seats, self.play, self.bots, registry, settings)
        self.people = People(
            self.matches, self.seats, self.play, self.lobby, self.clocks, registry, settings
        )
        self.timeouts = Timeouts(self.matches, self.people, self.play, self.clocks, registry)
        # what the routes and the app call, by the part that does it
        self.get = self.bots.get
        self.cached = self.matches.cached
        self.announce = self.matches.announce
        self.view_json = self.matches.view_json
        self.log_page = self.matches.log_page
        self.act = self.play.act
        self.undo = self.play.undo
        self.join = self.seats.join
        self.sweep_bots = self.bots.sweep
        self.resume_bots = self.bots.resume
        self.create = self.lobby.create
        self.admit_creation = self.lobby.admit_creation
        self.created_by = self.lobby.created_by
        self.once = self.lobby.once
        self.listing = self.lobby.listing
        self.role_of = self.people.role_of
        self.answer = self.people.answer
        self.seat_keys = self.people.seat_keys
        self.link_seats = self.people.link_seats
        self.leave_all = self.people.leave_all
        self.forget_names = self.people.forget_names
        self.my_matches = self.people.my_matches
        self.waiting_count = self.people.waiting_count
        self.resign = self.people.resign
        self.rematch = self.people.rematch
        self.time_out = self.timeouts.time_out


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
