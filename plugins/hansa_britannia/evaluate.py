"""The bots' reckoning of a position (``Ruleset.evaluate``): each seat's chance to win.

The highest total at the final scoring wins (RULES §9). The reckoning is that total as if the
game ended now (``final_scores``: prestige, abilities, bonus markers, Plymouth, cities,
network, the majorities), plus what is in hand towards the next points: a tenth of a point
for each piece in the personal supply (the next actions' material). A lead of 4 points makes
a seat e times as likely to win as one behind it (``win_chances``). The neutral player of a
two-player game is no seat: it is scored by the rules (it takes cities and majorities from
the seats), never rated.
"""

from __future__ import annotations

from gameshelf.core.ruleset import Role, win_chances
from gameshelf.plugins.hansa_britannia.scoring import final_scores, outcome
from gameshelf.plugins.hansa_britannia.state import State

SUPPLY = 0.1
SPREAD = 4.0


def estimate(s: State) -> dict[str, float]:
    """Each seat's final score if the game ended now, and its supply's worth."""
    return {
        s.seats[p]: line["total"] + SUPPLY * sum(s.supply[p])
        for p, line in enumerate(final_scores(s))
    }


def evaluate(s: State) -> dict[Role, float]:
    """Each seat's chance to win (see the module); the outcome once the game is over."""
    ended = outcome(s)
    if ended is not None:
        share = 1.0 / len(ended.winners)
        return {seat: share if seat in ended.winners else 0.0 for seat in s.seats}
    return win_chances(estimate(s), SPREAD)
