"""Clocks (issue 30): a match's pace, each seat's bank of time, and how they run.

A match is created with a pace (:class:`Pace`):

- ``live``: minutes per game for each seat, like a chess clock (no time added);
- ``fast``: a day per move: each time the game awaits a seat, a day is added to its bank,
  which holds three days at most (:data:`ASYNC`);
- ``slow``: three days per move, nine at most;
- none: no clock (``pace`` is ``None``).

**Which clocks run.** A seat's clock runs exactly while the game awaits it
(``Ruleset.active``): both seats of a secret simultaneous choice until each has chosen; an
interrupt (an action taken by a seat not awaited) stops nobody's, as the seat awaited still
is. Bots' seats have no running clock, nor has any seat before the match starts or once it
is over. The clocks move at each stored change of the match (:func:`advance`): a seat
leaving the awaited set has its time used taken from its bank; one entering it starts to
run (and, at an async pace, gets its time per move first).

Time is read from a :class:`Clock` object, so that tests move it on instead of sleeping.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Literal, Protocol

PaceKind = Literal["live", "fast", "slow"]
OnTimeout = Literal["lose", "bot"]

DAY = 86400.0
ASYNC: dict[str, tuple[float, float]] = {  # pace: (time added per move, bank at most)
    "fast": (DAY, 3 * DAY),
    "slow": (3 * DAY, 9 * DAY),
}
LIVE_MINUTES = (1, 600)  # a live pace's minutes per game, at least and at most
LOW_SHARE = 0.10  # a clock is low with a tenth of its time (per game, or its cap) left


class Clock(Protocol):
    """Where the site reads the time (seconds since the epoch)."""

    def now(self) -> float: ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told (tests)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@dataclass(frozen=True)
class Pace:
    """A match's pace: ``base`` seconds (a live seat's time per game; an async seat's time
    added per move), a bank of ``cap`` seconds at most, and what a timeout does."""

    kind: PaceKind
    base: float
    cap: float
    on_timeout: OnTimeout

    @classmethod
    def of(
        cls, kind: PaceKind, minutes: int | None, on_timeout: OnTimeout | None, players: int
    ) -> Pace:
        """The pace of a new match; ``on_timeout`` defaults to a loss between two players
        and a bot taking the seat among more."""
        out: OnTimeout = on_timeout or ("lose" if players <= 2 else "bot")
        if kind == "live":
            low, high = LIVE_MINUTES
            if minutes is None or not low <= minutes <= high:
                raise ValueError(f"a live pace needs {low} to {high} minutes per game")
            return cls("live", minutes * 60.0, minutes * 60.0, out)
        base, cap = ASYNC[kind]
        return cls(kind, base, cap, out)

    @property
    def start_bank(self) -> float:
        """A seat's bank at the start: a live seat's whole time; an async seat gets its
        time as each move comes."""
        return self.base if self.kind == "live" else 0.0

    def low_at(self) -> float:
        """Seconds left under which a seat's clock is low."""
        return LOW_SHARE * self.cap


@dataclass(frozen=True)
class SeatClock:
    """A seat's clock: ``bank`` seconds left as of ``since`` (when it started running;
    ``None``: stopped); ``due``: when it runs out if nothing stops it; ``timed_out``:
    when it ran out (its timeout carried out)."""

    role: str
    bank: float
    since: float | None = None
    due: float | None = None
    timed_out: float | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def left(self, now: float) -> float:
        """Seconds left at ``now`` (never below 0)."""
        if self.since is None:
            return max(0.0, self.bank)
        return max(0.0, self.bank - (now - self.since))


def advance(
    pace: Pace,
    seats: Mapping[str, SeatClock],
    awaited: Collection[str],
    now: float,
    moved: Collection[str] = (),
) -> dict[str, SeatClock]:
    """The seats' clocks once the game awaits ``awaited`` (from ``now``), the seats of
    ``moved`` having acted since the clocks last moved: only those that changed. At an
    async pace a seat that acted and is awaited again (its next decision: a bonus after
    its card, the next round's choice, the next action of a long turn) gets its time per
    move again, up to the cap: the game never waits longer than the cap for one action.
    A clock that ran out stays as it is (its timeout is on its way, or done)."""
    changed: dict[str, SeatClock] = {}
    for role, clock in seats.items():
        if clock.timed_out is not None:
            continue
        if clock.running and role in awaited and role in moved and pace.kind != "live":
            bank = min(pace.cap, clock.left(now) + pace.base)
            changed[role] = replace(clock, bank=bank, since=now, due=now + bank)
        elif clock.running and role not in awaited:
            changed[role] = replace(clock, bank=clock.left(now), since=None, due=None)
        elif not clock.running and role in awaited:
            bank = clock.bank
            if pace.kind != "live":
                bank = min(pace.cap, bank + pace.base)
            changed[role] = replace(clock, bank=bank, since=now, due=now + bank)
    return changed


def shown(pace: Pace | None, seats: Mapping[str, SeatClock]) -> dict[str, object] | None:
    """What a payload says of the clocks: the pace, and each seat's bank, since when it
    runs (the server's epoch seconds) and whether it ran out; ``None`` without a pace."""
    if pace is None:
        return None
    return {
        "pace": pace.kind,
        "on_timeout": pace.on_timeout,
        "low": pace.low_at(),
        "seats": {
            role: {
                "bank": round(c.bank, 3),
                "since": c.since,
                "out": c.timed_out is not None,
            }
            for role, c in seats.items()
        },
    }
