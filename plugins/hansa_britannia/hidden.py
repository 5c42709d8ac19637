"""The game's one piece of hidden information: the face-down bonus markers of the supply.

Everything else, on the board and the desks, is public (RULES §2, §7). The supply's order and
the identity of its markers are hidden from every seat; views show only how many are left.
A replacement marker is drawn face down the moment a marker is taken and placed face up at
the end of the turn (RULES §7.3); nobody sees it in between, so we draw it when it is placed
(``draw``) and count the ones owed meanwhile (``State.owed``): the same game, with nothing
secret held on a desk. ``shuffle_hidden`` re-deals the supply for the kit's leak check and for
bots that search (the supply's markers in another order).
"""

from __future__ import annotations

from gameshelf.core.rng import Rng
from gameshelf.plugins.hansa_britannia.state import State


def draw(s: State) -> str:
    """The top marker of the face-down supply, now seen by everyone."""
    s.rng.reveal()
    return s.markers_supply.pop(0)


def drawable(s: State) -> int:
    """Markers the supply still holds beyond the replacements already owed."""
    return len(s.markers_supply) - sum(s.owed)


def supply_view(s: State) -> dict[str, int]:
    return {"markers_supply": len(s.markers_supply)}


def shuffle_hidden(s: State, rng: Rng) -> None:
    rng.shuffle(s.markers_supply)
