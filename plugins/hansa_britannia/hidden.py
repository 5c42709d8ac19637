"""The game's one piece of hidden information: the face-down bonus markers of the supply.

Everything else, on the board and the desks, is public (RULES §2, §7). The supply is a
``core.engine.deck.Deck`` declared a ``DrawPile`` (``HIDDEN``, the ruleset's ``hidden``): its order
and the identity of its markers are hidden from every seat, its size is public, and the core
derives the re-deal of the kit's leak check and of the bots' worlds from that declaration. A
replacement marker is drawn face down the moment a marker is taken and placed face up at the
end of the turn (RULES §7.3); nobody sees it in between, so we draw it when it is placed
(``draw``; the deck marks the new information) and count the ones owed meanwhile
(``State.owed``): the same game, with nothing secret held on a desk.
"""

from __future__ import annotations

from gameshelf.core.engine.hidden import DrawPile, Hidden
from gameshelf.plugins.hansa_britannia.state import State

HIDDEN: tuple[Hidden[State], ...] = (DrawPile("markers_supply"),)


def draw(s: State) -> str:
    """The top marker of the face-down supply, now seen by everyone."""
    (kind,) = s.markers_supply.draw(s.rng, reshuffle=False)
    return str(kind)


def drawable(s: State) -> int:
    """Markers the supply still holds beyond the replacements already owed."""
    return len(s.markers_supply) - sum(s.owed) - s.neutral_owed


def supply_view(s: State) -> dict[str, int]:
    """The face-down markers shown: those that can still be drawn, the replacements owed
    counted as drawn already (RULES §7.3: they are drawn when the marker is taken)."""
    return {"markers_supply": max(drawable(s), 0)}
