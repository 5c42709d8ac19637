"""Ratings per game with OpenSkill (issue 29 item 6): the Plackett-Luce model of the
``openskill`` library, which rates 2–5 (and more) players at once by their ranks, ties
included.

**Which matches count.** A finished match is rated when every seat is held by an account,
no account holds two seats, no seat was ever a bot's or a guest's (a seat handed to a bot
because its player resigned keeps its account), and nobody resigned before
``rated_min_moves`` actions had been played (a quick resignation is no result). Matches
with bots, guests or open seats are never rated. A match is rated once (the store keeps
which were).

**Ranks.** The winners share rank 1; the others follow, by score where the game keeps
scores (higher first), else together; the seats that resigned share the last rank. A draw
(no winner) ranks everyone still playing together.

**What is shown.** A rating is ``mu`` and ``sigma`` (25 and 25/3 to start); players and
leaderboards see ``1000 + 40 × (mu − 3 sigma)`` rounded, a cautious figure that starts at
1000 and rises as the system grows sure of a player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

if TYPE_CHECKING:
    from gameshelf.web.storage import SeatRecord

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma


def shown(mu: float, sigma: float) -> int:
    """The rating players read."""
    return round(1000 + 40 * (mu - 3 * sigma))


@dataclass(frozen=True)
class Rating:
    account: int
    game: str
    mu: float = START_MU
    sigma: float = START_SIGMA
    matches: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


@dataclass(frozen=True)
class Change:
    """One account's rating before and after a match."""

    account: int
    before: Rating
    mu: float
    sigma: float


def rated(seats: Sequence[SeatRecord], resigned: Sequence[tuple[str, int]], min_moves: int) -> bool:
    """Whether a finished match with these seats and resignations (role, actions played
    when it resigned) counts for ratings (see the module)."""
    accounts = [s.account for s in seats]
    if len(seats) < 2 or None in accounts or len(set(accounts)) != len(accounts):
        return False
    gave_up = {role for role, _ in resigned}
    if any(s.kind != "human" and s.role not in gave_up for s in seats):
        return False
    return all(seq >= min_moves for _, seq in resigned)


def ranks(roles: Sequence[str], outcome: dict[str, Any], resigned: Sequence[str]) -> list[int]:
    """Each role's rank (1 is best) from a finished match's outcome (see the module)."""
    winners = set(outcome.get("winners") or [])
    scores: dict[str, float] = outcome.get("scores") or {}
    playing = [r for r in roles if r not in resigned]
    others = sorted({-float(scores.get(r, 0)) for r in playing if r not in winners})
    last = 2 + len(others)
    found = []
    for role in roles:
        if role in resigned:
            found.append(last)
        elif role in winners or not winners:
            found.append(1)
        else:
            found.append(2 + others.index(-float(scores.get(role, 0))))
    return found


def rate(ratings: Sequence[Rating], ranking: Sequence[int]) -> list[Change]:
    """The new ratings of players finishing at ``ranking`` (one player a team)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    after = MODEL.rate(teams, ranks=list(ranking))
    return [
        Change(r.account, r, team[0].mu, team[0].sigma)
        for r, team in zip(ratings, after, strict=True)
    ]
