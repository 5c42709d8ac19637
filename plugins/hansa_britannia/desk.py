"""The writing desk: the five abilities (RULES §3).

Clavis Urbis 1/2/2/3/4 (the network multiplier), Actiones 2/3/3/4/4/5 (actions a turn),
Privilegium white/orange/pink/black (the office colours one may occupy), Liber Sophiae
2/3/4/5 (pieces one Move relocates), Bursa 3/5/7/C (pieces one Income hires; RULES §13.9).
Developing a track takes its leftmost covering piece into the personal supply and the new
value applies at once: a higher Actiones value during one's own turn gives its extra action
in that turn, the second 3 or 4 nothing. Each fully developed track but Clavis Urbis is worth
4 prestige at the end (``scoring.py``).
"""

from __future__ import annotations

from gameshelf.plugins.hansa_britannia.board import ABILITIES, ABILITY_IX
from gameshelf.plugins.hansa_britannia.state import MERCHANT, TRADER, State, ability_value

KEYS = ABILITY_IX["clavis_urbis"]
ACTIONES = ABILITY_IX["actiones"]
PRIVILEGIUM = ABILITY_IX["privilegium"]
LIBER = ABILITY_IX["liber_sophiae"]
BURSA = ABILITY_IX["bursa"]
ALL = 0  # Bursa's C: every piece of the general stock


def is_full(s: State, p: int, a: int) -> bool:
    """Whether no piece is left on track ``a`` of seat ``p``."""
    return s.level[p][a] == len(ABILITIES[a].values) - 1


def actions_per_turn(s: State, p: int) -> int:
    return ability_value(s, p, ACTIONES)


def privilege(s: State, p: int) -> int:
    """The highest office colour seat ``p`` may occupy: 1 white … 4 black."""
    return ability_value(s, p, PRIVILEGIUM)


def keys(s: State, p: int) -> int:
    return ability_value(s, p, KEYS)


def book(s: State, p: int) -> int:
    """How many of its own pieces one Move action relocates (Liber Sophiae)."""
    return ability_value(s, p, LIBER)


def bank(s: State, p: int) -> int:
    """How many pieces one Income action hires; ``ALL`` for C (Bursa)."""
    return ability_value(s, p, BURSA)


def develop(s: State, p: int, a: int) -> None:
    """Uncover the next space of seat ``p``'s track ``a``: its piece goes to the personal
    supply. Tracks develop only on one's own turn (a route, a marker), so a higher Actiones
    value gives its extra action at once (RULES §3); the second 3 or the second 4 nothing.
    """
    before = ability_value(s, p, a)
    s.level[p][a] += 1
    s.supply[p][MERCHANT if ABILITIES[a].piece == "merchant" else TRADER] += 1
    after = ability_value(s, p, a)
    s.announce("hansa_britannia.developed", role=s.seats[p], ability=ABILITIES[a].id)
    if a == ACTIONES and after > before:
        s.actions_left += after - before
