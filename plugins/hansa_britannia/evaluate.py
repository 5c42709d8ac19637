"""The bots' reckoning of a position (``Ruleset.evaluate``): each seat's chance to win.

The highest total at the final scoring wins (RULES §9). The reckoning is that total as if the
game ended now (``final_scores``: prestige, abilities, bonus markers, Plymouth, cities,
network, the majorities), plus what is under way towards the next points:

- a tenth of a point for each piece in the personal supply (the next actions' material);
- the routes a seat is filling (RULES §7: a route whose every space holds the seat's own
  pieces may be created, for an office, an ability or prestige): a route worth ``ROUTE``
  points once full, counted by the share of its spaces the seat holds, squared (the last
  space is the one that pays), and only while no other owner's piece stands on it. So a
  piece placed on a free route is worth more than the same piece in the supply, and a seat
  is not reckoned better off ending its turn than placing (which it was, with the supply
  alone: a greedy bot then ended every turn at once).

A lead of 4 points makes a seat e times as likely to win as one behind it (``win_chances``).
The neutral player of a two-player game is no seat: it is scored by the rules (it takes
cities and majorities from the seats), never rated.
"""

from __future__ import annotations

from gameshelf.core.engine.ruleset import Role, win_chances
from gameshelf.plugins.hansa_britannia.scoring import final_scores
from gameshelf.plugins.hansa_britannia.state import EMPTY, State

SUPPLY = 0.1
ROUTE = 2.0  # a route held whole: about what creating it brings (an office, a step, prestige)
SPREAD = 4.0


def routes_under_way(s: State) -> list[float]:
    """Each owner's routes in progress, in points (see the module)."""
    worth = [0.0] * s.owners
    spaces = s.spaces
    for route in s.board.route_spaces:
        holder = -1
        held = 0
        for sp in route:
            code = spaces[sp]
            if code == EMPTY:
                continue
            p = code >> 1
            if holder not in (-1, p):
                break  # another owner stands on it: nobody is filling it alone
            holder = p
            held += 1
        else:
            if held:
                worth[holder] += ROUTE * (held / len(route)) ** 2
    return worth


def estimate(s: State) -> dict[str, float]:
    """Each seat's final score if the game ended now, its supply's worth and its routes
    under way."""
    under_way = routes_under_way(s)
    return {
        s.seats[p]: line["total"] + SUPPLY * sum(s.supply[p]) + under_way[p]
        for p, line in enumerate(final_scores(s))
    }


def evaluate(s: State) -> dict[Role, float]:
    """Each seat's chance to win (see the module); the outcome once the game is over."""
    ended = s.outcome
    if ended is not None:
        share = 1.0 / len(ended.winners)
        return {seat: share if seat in ended.winners else 0.0 for seat in s.seats}
    return win_chances(estimate(s), SPREAD)
