"""The bots' reckoning of a position (``Ruleset.evaluate``): each seat's chance to win.

Money wins (DESIGN §7.15-§7.17): 30,000 in cash founds a state, and a seat left without money
or without land loses to the one who took it. So a seat's worth is its cash, plus what its
lands and their swords earn and defend (a land is worth 3,000 and a sword on it 1,500), plus
its talents (1,000 a card, in hand, face down or in garrison: the strength of its battles).
A seat with no money or no land left counts nothing. A lead of 6,000 makes a seat e times as
likely to win as one behind it (``win_chances``).
"""

from __future__ import annotations

from gameshelf.core.engine.ruleset import Role, win_chances
from gameshelf.plugins.three_kingdoms.state import TKState

LAND = 3000.0
SWORD = 1500.0
TALENT = 1000.0
SPREAD = 6000.0


def worth(s: TKState) -> dict[str, float]:
    """Each seat's worth in money (see the module)."""
    worth = {seat: float(s.money.cash.get(seat, 0)) for seat in s.seats}
    lands = dict.fromkeys(s.seats, 0)
    for land, seat in s.owner.items():
        if seat is not None:
            lands[seat] += 1
            worth[seat] += LAND + SWORD * s.swords.get(land, 0)
            worth[seat] += TALENT * len(s.garrison.get(land, ()))
    for seat in s.seats:
        worth[seat] += TALENT * (len(s.hand.get(seat, ())) + len(s.down.get(seat, ())))
        if lands[seat] == 0 or s.money.cash.get(seat, 0) <= 0:
            worth[seat] = -1e9  # out of the game
    return worth


def evaluate(s: TKState) -> dict[Role, float]:
    """Each seat's chance to win (see the module); the outcome once the game is over."""
    ended = s.outcome
    if ended is not None:
        if not ended.winners:
            return dict.fromkeys(s.seats, 1.0 / len(s.seats))
        return {seat: float(seat in ended.winners) for seat in s.seats}
    return win_chances(worth(s), SPREAD)
