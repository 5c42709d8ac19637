"""Setup (RULES §4, §12.1): a new game for 4 or 5 seats.

The three start markers face up at random, one on each tavern route (Richmond–Lancaster,
Coventry–Nottingham, Salisbury–Southampton); the other twelve shuffled face down as the
supply (``hidden.py``). Every desk covered (``desk.py``: every track at its first value).
Each seat has one merchant in its supply and, in seat order, 5, 6, 7, 8, 9 traders in its
supply and 6, 5, 4, 3, 2 in its general stock. The first seat begins.
"""

from __future__ import annotations

from gameshelf.core.deck import Deck
from gameshelf.core.rng import Rng
from gameshelf.plugins.hansa_britannia.board import ABILITIES, DESK, MARKERS, TAVERNS
from gameshelf.plugins.hansa_britannia.state import State, machine


def new_game(seed: int, roles: list[str]) -> State:
    s = State(rng=Rng(seed=seed), seats=list(roles))
    for i in range(len(roles)):
        seat = DESK.seats[i]
        s.supply.append([seat.supply_traders, DESK.supply_merchants])
        s.stock.append([seat.stock_traders, 0])
        s.prestige.append(0)
        s.level.append([0] * len(ABILITIES))
        s.hand.append([])
        s.used.append([])
        s.owed.append(0)
    start = list(MARKERS.start)
    s.rng.shuffle(start)
    for r, kind in zip(TAVERNS, start, strict=True):
        s.route_marker[r] = kind
    supply = [kind for kind, n in MARKERS.supply.items() for _ in range(n)]
    s.markers_supply = Deck.shuffled(supply, s.rng)
    machine.reset(s, "game")
    return s
