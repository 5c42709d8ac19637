"""The bots' reckoning of a position (``Ruleset.evaluate``): each seat's chance to win.

The highest total at the final scoring wins (RULES §9). The reckoning is that total as if the
game ended now (``final_scores``: prestige, abilities, bonus markers, Plymouth, cities,
network, the majorities), plus what is under way towards the next points:

- ``STEP`` points for each step a seat has developed on its desk (RULES §3: more actions,
  pieces, reach, the network's multiplier), besides the 4 of a full track at the end. The
  final score alone gives nothing for a step short of the full track, so creating a route for
  an ability was reckoned a loss, and the bots seldom developed one;
- ``SUPPLY`` points for each piece in the personal supply (the next actions' material), and
  ``KEEP`` more for each of its first ``RESERVE``: what displacing a trader takes (RULES §6 C:
  the piece put in and one paid). Without them a seat spent its last pieces blocking rivals'
  routes, until every piece of both seats stood on routes shared with another owner and
  nobody could create one: seed 3025, ISMCTS ahead with neither supply nor stock, greedy
  holding a full route that only paid its rival;
- the routes a seat is filling (RULES §6 E: a route whose every space holds the seat's own
  pieces may be created, for an office, an ability or prestige): a route worth ``ROUTE``
  points once full, counted by the share of its spaces the seat holds, squared (the last
  space is the one that pays), and only while no other owner's piece stands on it. So a
  piece placed on a free route is worth more than the same piece in the supply, and a seat
  is not reckoned better off ending its turn than placing (which it was, with the supply
  alone: a greedy bot then ended every turn at once). A full route is worth no more than
  creating it for an ability brings (``STEP`` and the desk's piece in the supply): at 2
  points it was worth more, and the bots held full routes for ever rather than create them.

Scores become chances by ``win_chances``: a lead of ``spread`` points makes a seat e times
as likely to win as one behind it, and the spread narrows as the game nears its end (RULES
§8), from ``SPREAD * (1 + FAR)`` at the start to ``SPREAD`` at the end: the end is as near
as the nearest of its three conditions (``progress``: the highest prestige towards 20, the
completed cities towards 8, the replacement markers drawn from the supply). A lead counts
for more the nearer the end, so a leading seat gains by bringing the end closer: with the
same spread throughout, a bot ahead rated a standstill as good as a win, and a two-player
game of ISMCTS against greedy (seed 3026) went on past 12,000 actions at 4-0 in prestige.

The neutral player of a two-player game is no seat: it is scored by the rules (it takes
cities and majorities from the seats), never rated; its prestige counts towards the end.
"""

from __future__ import annotations

from gameshelf.core.engine.ruleset import Role, win_chances
from gameshelf.plugins.hansa_britannia.board import MARKERS
from gameshelf.plugins.hansa_britannia.hidden import drawable
from gameshelf.plugins.hansa_britannia.scoring import final_scores
from gameshelf.plugins.hansa_britannia.state import EMPTY, State

SUPPLY = 0.05
ROUTE = 1.0  # a full route: no more than creating it for an ability brings (STEP + SUPPLY)
STEP = 1.0
RESERVE, KEEP = 2, 0.5  # the first pieces of the supply: what a displacement needs
SPREAD = 4.0  # at the end
FAR = 1.0  # at the start, the spread is (1 + FAR) times its width at the end
END_PRESTIGE = 20  # RULES §8
MARKERS_TO_DRAW = sum(MARKERS.supply.values())


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


def progress(s: State) -> float:
    """How near the game is to its end, 0 to 1: its nearest end condition (RULES §8)."""
    prestige = max(s.prestige) / END_PRESTIGE
    cities = s.completed / s.board.completed_to_end
    markers = 1 - max(drawable(s), 0) / MARKERS_TO_DRAW
    return min(1.0, max(prestige, cities, markers))


def estimate(s: State) -> dict[str, float]:
    """Each seat's final score if the game ended now, its desk's steps, its supply's worth
    and its routes under way."""
    under_way = routes_under_way(s)
    return {
        s.seats[p]: line["total"]
        + STEP * sum(s.level[p])
        + SUPPLY * sum(s.supply[p])
        + KEEP * min(sum(s.supply[p]), RESERVE)
        + under_way[p]
        for p, line in enumerate(final_scores(s))
    }


def spread(s: State) -> float:
    """The points a lead needs to make a seat e times as likely to win (see the module)."""
    return SPREAD * (1 + FAR * (1 - progress(s)))


def evaluate(s: State) -> dict[Role, float]:
    """Each seat's chance to win (see the module); the outcome once the game is over."""
    ended = s.outcome
    if ended is not None:
        share = 1.0 / len(ended.winners)
        return {seat: share if seat in ended.winners else 0.0 for seat in s.seats}
    return win_chances(estimate(s), spread(s))
