"""Action B: place one tradesman (RULES §6 B, §12.3, §12.5).

One piece from the personal supply onto any free route space: a space no piece stands on,
whatever else is on the route. A ship space takes a merchant only; a space of a Wales or
Scotland route needs a permission (``countries.py``), whose use is counted for the turn.

Actions of the turn (``turn.py``): ``place_trader`` and ``place_merchant``, the argument the
board space index.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import repeat

from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.countries import country_open, needs_permission, permit_for
from gameshelf.plugins.hansa_britannia.state import (
    EMPTY,
    MERCHANT,
    SHAPE_WORD,
    TRADER,
    State,
    unrefused,
)

TAKEN = Msg("hansa_britannia.space_taken")
SHIP_MERCHANTS = Msg("hansa_britannia.ship_merchants_only")
NO_PIECE = (
    Msg("hansa_britannia.no_trader_in_supply"),
    Msg("hansa_britannia.no_merchant_in_supply"),
)
NO_PIECES = Msg("hansa_britannia.supply_empty")
NO_PERMIT = {
    "England": None,  # England needs none
    "Wales": Msg("hansa_britannia.no_permission", country="Wales"),
    "Scotland": Msg("hansa_britannia.no_permission", country="Scotland"),
}


def refusals(s: State, p: int) -> tuple[Sequence[Action], Iterable[Msg | None]]:
    """Every Place of seat ``p`` and, beside each, why it is refused (``None``: legal): no
    such piece in the supply, the space is taken, a ship space for a trader, no permission
    for the country.

    Listed traders first, then merchants, each over the board from the seat's own part of it
    (any order is legal; this one lets a bot that takes the first legal action build routes
    of its own, so its games end)."""
    b = s.board
    supply, spaces = s.supply[p], s.spaces
    k = p * b.n_spaces // len(s.seats)  # the seat's part of the board comes first
    if not supply[TRADER] and not supply[MERCHANT]:
        return b.place_order[k], repeat(NO_PIECES)
    permit = {c: None if ok else NO_PERMIT[c] for c, ok in country_open(s, p).items()}
    if supply[TRADER]:
        traders = [
            TAKEN if c != EMPTY else SHIP_MERCHANTS if ship else permit[country]
            for c, ship, country in zip(spaces, b.ship, b.space_country, strict=False)
        ]
    else:
        traders = [NO_PIECE[TRADER]] * len(spaces)
    if supply[MERCHANT]:
        merchants = [
            TAKEN if c != EMPTY else permit[country]
            for c, country in zip(spaces, b.space_country, strict=False)
        ]
    else:
        merchants = [NO_PIECE[MERCHANT]] * len(spaces)
    return b.place_order[k], traders[k:] + traders[:k] + merchants[k:] + merchants[:k]


def options(s: State, p: int) -> Iterable[Option]:
    return zip(*refusals(s, p), strict=False)


def legal(s: State, p: int) -> list[Action]:
    """The unrefused ``options`` (the turn's ``actions``)."""
    return unrefused(*refusals(s, p))


def use_permit(s: State, p: int, r: int) -> None:
    """Count the permission a Place or Displace on route ``r`` uses, if it needs one."""
    if needs_permission(s, r):
        city = permit_for(s, p, r)
        assert city is not None, "the action was offered without a permission"
        s.permits_used.append(city)


def place(s: State, p: int, sp: int, sh: int) -> None:
    """Seat ``p`` takes the Place action: a piece of shape ``sh`` onto space ``sp``."""
    b = s.board
    r = b.space_route[sp]
    use_permit(s, p, r)
    s.supply[p][sh] -= 1
    s.spaces[sp] = p * 2 + sh
    s.announce("hansa_britannia.placed", role=s.seats[p], piece=SHAPE_WORD[sh], route=b.route_id[r])


def on_place_trader(s: State, p: int, sp: int) -> None:
    place(s, p, sp, TRADER)


def on_place_merchant(s: State, p: int, sp: int) -> None:
    place(s, p, sp, MERCHANT)


HANDLERS = {"place_trader": on_place_trader, "place_merchant": on_place_merchant}
