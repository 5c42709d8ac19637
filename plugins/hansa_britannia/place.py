"""Action B: place one tradesman (RULES §6 B, §12.3, §12.5).

One piece from the personal supply onto any free route space: a space no piece stands on,
whatever else is on the route. A ship space takes a merchant only; a space of a Wales or
Scotland route needs a permission (``countries.py``), whose use is counted for the turn.

Actions of the turn (``turn.py``): ``place_trader`` and ``place_merchant``, the argument the
board space index.
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import Action
from gameshelf.core.steps import Option
from gameshelf.plugins.hansa_britannia.board import (
    N_SPACES,
    ROUTE_COUNTRY,
    ROUTE_ID,
    SHIP,
    SPACE_ROUTE,
)
from gameshelf.plugins.hansa_britannia.countries import (
    SPACE_COUNTRY,
    country_open,
    needs_permission,
    permit_for,
)
from gameshelf.plugins.hansa_britannia.state import EMPTY, MERCHANT, SHAPE_WORD, TRADER, State

TYPES = ("place_trader", "place_merchant")
PLACE = tuple(tuple(Action(TYPES[sh], sp) for sp in range(N_SPACES)) for sh in (TRADER, MERCHANT))

ROTATED = tuple(tuple(range(k, N_SPACES)) + tuple(range(k)) for k in range(N_SPACES))
TAKEN = Msg("hansa_britannia.space_taken")
SHIP_MERCHANTS = Msg("hansa_britannia.ship_merchants_only")
NO_PIECE = (
    Msg("hansa_britannia.no_trader_in_supply"),
    Msg("hansa_britannia.no_merchant_in_supply"),
)
NO_PERMIT = {
    "Wales": Msg("hansa_britannia.no_permission", country="Wales"),
    "Scotland": Msg("hansa_britannia.no_permission", country="Scotland"),
}


def refusal(s: State, p: int, sp: int, sh: int) -> Msg | None:
    """Why seat ``p`` may not place a piece of shape ``sh`` on space ``sp`` (None: it may)."""
    if s.spaces[sp] != EMPTY:
        return TAKEN
    if sh == TRADER and SHIP[sp]:
        return SHIP_MERCHANTS
    if not s.supply[p][sh]:
        return NO_PIECE[sh]
    r = SPACE_ROUTE[sp]
    if needs_permission(r) and permit_for(s, p, r) is None:
        return NO_PERMIT[ROUTE_COUNTRY[r]]
    return None


def options(s: State, p: int) -> Iterator[Option]:
    for sh in (TRADER, MERCHANT):
        actions = PLACE[sh]
        if not s.supply[p][sh]:
            reason = NO_PIECE[sh]
            for sp in range(N_SPACES):
                yield actions[sp], reason
            continue
        for sp in range(N_SPACES):
            yield actions[sp], refusal(s, p, sp, sh)


def legal(s: State, p: int) -> list[Action]:
    """The legal actions of ``options``, computed in one pass over the board (the hot path
    of every turn; ``tests/hansa_britannia/test_turn.py`` checks it agrees with ``options``)."""
    supply = s.supply[p]
    if not supply[TRADER] and not supply[MERCHANT]:
        return []
    # Each seat's list starts at its own part of the board (any order is legal; this one lets
    # a bot that takes the first legal action build routes of its own, so its games end).
    start = p * N_SPACES // len(s.seats)
    spaces = s.spaces
    free = [sp for sp in ROTATED[start] if spaces[sp] == EMPTY]
    open_to = country_open(s, p)
    out: list[Action] = []
    if supply[TRADER]:
        actions = PLACE[TRADER]
        out += [actions[sp] for sp in free if not SHIP[sp] and open_to[SPACE_COUNTRY[sp]]]
    if supply[MERCHANT]:
        actions = PLACE[MERCHANT]
        out += [actions[sp] for sp in free if open_to[SPACE_COUNTRY[sp]]]
    return out


def use_permit(s: State, p: int, r: int) -> None:
    """Count the permission a Place or Displace on route ``r`` uses, if it needs one."""
    if needs_permission(r):
        city = permit_for(s, p, r)
        assert city is not None, "the action was offered without a permission"
        s.permits_used.append(city)


def place(s: State, p: int, sp: int, sh: int) -> None:
    """Seat ``p`` takes the Place action: a piece of shape ``sh`` onto space ``sp``."""
    r = SPACE_ROUTE[sp]
    use_permit(s, p, r)
    s.supply[p][sh] -= 1
    s.spaces[sp] = p * 2 + sh
    s.say(Msg("hansa_britannia.placed", role=s.seats[p], piece=SHAPE_WORD[sh], route=ROUTE_ID[r]))


def on_place_trader(s: State, p: int, sp: int) -> None:
    place(s, p, sp, TRADER)


def on_place_merchant(s: State, p: int, sp: int) -> None:
    place(s, p, sp, MERCHANT)


HANDLERS = {"place_trader": on_place_trader, "place_merchant": on_place_merchant}
