"""Setup (RULES §4, §12.1, §14.1): a new game for 2 to 5 seats.

The board side by player count: the 4–5 side for 4 or 5, the 2–3 side for 2 or 3 (three
players play it by the base rules). The three start markers face up at random, one on each
tavern route (Richmond–Lancaster, Coventry–Nottingham, Salisbury–Southampton); the other
twelve shuffled face down as the supply (``hidden.py``). Every desk covered (``desk.py``:
every track at its first value). Each seat has one merchant in its supply and, in seat
order, 5, 6, 7, 8, 9 traders in its supply and 6, 5, 4, 3, 2 in its general stock. The first
seat begins.

Two players (RULES §14.1): a neutral player besides them, with a marker on the prestige
track and unlimited traders, one of them on every route touching a yellow-flag city (the
space next to that city; Newcastle, Chester, York, Norwich, London, Plymouth and Cardiff)
and one on each tavern route (its first space; a tavern route touching a yellow-flag city
would take only the one).

``borders`` (a match option, RULES §14.8): the optional border rule, off by default.
"""

from __future__ import annotations

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.rng import Rng
from gameshelf.plugins.hansa_britannia.board import ABILITIES, DESK, MARKERS, board_for
from gameshelf.plugins.hansa_britannia.state import EMPTY, TRADER, State, machine

NEUTRAL_PLAYERS = 2  # the player count that plays with a neutral (RULES §14)


def new_game(seed: int, roles: list[str], borders: bool = False) -> State:
    b = board_for(len(roles))
    s = State(rng=Rng(seed=seed), seats=list(roles), side=b.side, borders_rule=borders)
    s.spaces = [EMPTY] * b.n_spaces
    s.offices = [[] for _ in range(b.n_cities)]
    s.annexes = [[] for _ in range(b.n_cities)]
    s.special = [EMPTY] * len(b.special_spaces)
    s.route_marker = [""] * b.n_routes
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
    for r, kind in zip(b.taverns, start, strict=True):
        s.route_marker[r] = kind
    supply = [kind for kind, n in MARKERS.supply.items() for _ in range(n)]
    s.markers_supply = Deck.shuffled(supply, s.rng)
    if len(roles) == NEUTRAL_PLAYERS:
        neutral_setup(s)
    machine.reset(s, "game")
    return s


def neutral_setup(s: State) -> None:
    """RULES §14.1: the neutral player and its traders (see the module)."""
    b = s.board
    s.neutral = len(s.seats)
    s.prestige.append(0)
    flags = {b.city_ix[c] for c in b.data.yellow_flags}
    trader = s.neutral * 2 + TRADER
    for r in range(b.n_routes):
        first, last = b.route_cities[r]
        spaces = b.route_spaces[r]
        if first in flags:
            s.spaces[spaces[0]] = trader
        elif last in flags:
            s.spaces[spaces[-1]] = trader
        elif r in b.taverns:
            s.spaces[spaces[0]] = trader
