"""The state of a game of Hansa Teutonica: Britannia, the step machine, and game-word helpers.

Players are the seats ``s.seats`` (roles named by colour, in seat order); ``p`` is a seat index
everywhere. A piece is coded ``p * 2 + shape`` with ``TRADER = 0`` and ``MERCHANT = 1``
(``EMPTY = -1``): route spaces (``s.spaces``, by board space index), the printed offices of a
city (``s.offices[c]``, filled left to right, so its length is the number occupied), the
annexes of a city (``s.annexes[c]``, the Additional Trading Post marker: each new one further
left, so the last is the least valuable), Plymouth's special prestige spaces (``s.special``,
a seat or ``EMPTY``).

Per seat: the personal supply and the general stock of traders and merchants, prestige, the
desk (``s.level[p][a]``: how many spaces of ability track ``a`` are uncovered beyond the first),
bonus markers taken face up and not yet used (``s.hand[p]``), used ones (``s.used[p]``), and
replacement markers owed (``s.owed[p]``, RULES §7.3, drawn when they are placed: see
``hidden.py``).

Sequence of play (``turn.py``): the procedure "game" loops over the seats' turns; a turn is
the step "turn" (the current seat's actions, ``s.actions_left``), each action a step of its own
module called from it, then "replace_markers" (``markers.py``); the game ends by entering
"game_over" with ``s.end_reason`` set and ``s.final`` scored (``scoring.py``).
"""

from __future__ import annotations

from pydantic import Field

from gameshelf.core.deck import Deck
from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import Action
from gameshelf.core.state import GameState, state_model
from gameshelf.core.steps import Step, StepMachine
from gameshelf.plugins.hansa_britannia.board import (
    ABILITIES,
    CITY_ID,
    N_CITIES,
    N_ROUTES,
    N_SPACES,
    ROUTE_SPACES,
    SPECIAL_SPACES,
)

EMPTY = -1
TRADER, MERCHANT = 0, 1
SHAPE_WORD = ("trader", "merchant")


@state_model
class State(GameState):
    """A game of Hansa Teutonica: Britannia in progress. See the module docstring."""

    seats: list[str] = Field(default_factory=list)  # roles in seat order
    current: int = 0  # whose turn it is
    actions_left: int = 0
    permits_used: list[int] = Field(default_factory=list)  # permission cities used this turn
    # --- per seat -------------------------------------------------------------------
    supply: list[list[int]] = Field(default_factory=list)  # [traders, merchants]
    stock: list[list[int]] = Field(default_factory=list)  # general stock [traders, merchants]
    prestige: list[int] = Field(default_factory=list)
    level: list[list[int]] = Field(default_factory=list)  # per ability: spaces developed
    hand: list[list[str]] = Field(default_factory=list)  # markers face up, unused
    used: list[list[str]] = Field(default_factory=list)  # markers used (they still score)
    owed: list[int] = Field(default_factory=list)  # replacement markers to place
    # --- the board --------------------------------------------------------------------
    spaces: list[int] = Field(default_factory=lambda: [EMPTY] * N_SPACES)
    offices: list[list[int]] = Field(default_factory=lambda: [[] for _ in range(N_CITIES)])
    annexes: list[list[int]] = Field(default_factory=lambda: [[] for _ in range(N_CITIES)])
    special: list[int] = Field(default_factory=lambda: [EMPTY] * len(SPECIAL_SPACES))
    route_marker: list[str] = Field(default_factory=lambda: [""] * N_ROUTES)
    markers_supply: Deck = Field(default_factory=Deck)  # face down (hidden.py)
    completed: int = 0  # the Completed Cities track
    east_west: list[int] = Field(default_factory=list)  # seats in the order they connected
    # --- the end ----------------------------------------------------------------------
    end_reason: str = ""  # "prestige_20", "cities_8", "markers_out" once triggered
    final: list[dict[str, int]] = Field(default_factory=list)  # final scoring, line by line


def check_fits_data(s: State) -> None:
    """Refuse (``ValueError``) a loaded state whose per-space, per-city, per-route or per-seat
    lists do not fit the board and the seats."""
    sizes = {
        "spaces": (len(s.spaces), N_SPACES),
        "offices": (len(s.offices), N_CITIES),
        "annexes": (len(s.annexes), N_CITIES),
        "route_marker": (len(s.route_marker), N_ROUTES),
        "special": (len(s.special), len(SPECIAL_SPACES)),
    }
    for field in ("supply", "stock", "prestige", "level", "hand", "used", "owed"):
        sizes[field] = (len(getattr(s, field)), len(s.seats))
    for field, (found, wanted) in sizes.items():
        if found != wanted:
            raise ValueError(f"the saved state's {field} holds {found} entries, not {wanted}")


def role_name(s: State, role: str) -> Msg:
    return Msg("hansa_britannia.seat", role=role)


machine: StepMachine[State] = StepMachine(role_name)

END_TURN, DONE = Action("end_turn"), Action("done")


class SeatStep(Step[State]):
    """A step decided by the seat its frame names (``frame.seat``): a called part of an
    action, whoever's turn it is (a displaced victim places its pieces in another's turn)."""

    def active(self, s: State) -> tuple[str, ...]:
        return (s.seats[self.frame(s).seat],)


# --- pieces -------------------------------------------------------------------------------


def owner(piece: int) -> int:
    return piece >> 1


def shape(piece: int) -> int:
    return piece & 1


def piece(p: int, shape_: int) -> int:
    return p * 2 + shape_


def seat(s: State, role: str) -> int:
    return s.seats.index(role)


def role(s: State, p: int) -> str:
    return s.seats[p]


def supply_count(s: State, p: int) -> int:
    return s.supply[p][TRADER] + s.supply[p][MERCHANT]


def stock_count(s: State, p: int) -> int:
    return s.stock[p][TRADER] + s.stock[p][MERCHANT]


def route_pieces(s: State, r: int) -> list[int]:
    """The pieces on route ``r`` (empty spaces left out)."""
    spaces = s.spaces
    return [spaces[sp] for sp in ROUTE_SPACES[r] if spaces[sp] != EMPTY]


def route_is_empty(s: State, r: int) -> bool:
    spaces = s.spaces
    return all(spaces[sp] == EMPTY for sp in ROUTE_SPACES[r])


def route_full_of(s: State, r: int, p: int) -> bool:
    """Whether every space of route ``r`` holds a piece of seat ``p`` (RULES §6 E)."""
    spaces = s.spaces
    return all(spaces[sp] != EMPTY and spaces[sp] >> 1 == p for sp in ROUTE_SPACES[r])


def clear_route(s: State, r: int) -> None:
    """Every piece on route ``r`` back to its owner's general stock (RULES §6 E 3)."""
    for sp in ROUTE_SPACES[r]:
        code = s.spaces[sp]
        if code != EMPTY:
            s.stock[code >> 1][code & 1] += 1
            s.spaces[sp] = EMPTY


def kontors(s: State, c: int, p: int) -> int:
    """Seat ``p``'s Kontors in city ``c``: its printed offices and its annexes."""
    return sum(1 for k in s.offices[c] if k >> 1 == p) + sum(1 for k in s.annexes[c] if k >> 1 == p)


def controller(s: State, c: int) -> int:
    """RULES §1: the seat with the most Kontors in ``c``; a tie goes to the tied seat whose
    Kontor is furthest right (annexes are left of every office). ``EMPTY``: nobody."""
    order = list(reversed(s.annexes[c])) + s.offices[c]  # left to right, lowest value first
    if not order:
        return EMPTY
    count: dict[int, int] = {}
    rightmost: dict[int, int] = {}
    for i, k in enumerate(order):
        count[k >> 1] = count.get(k >> 1, 0) + 1
        rightmost[k >> 1] = i
    return max(count, key=lambda p: (count[p], rightmost[p]))


def rightmost_office(s: State, c: int) -> int:
    """The seat in the rightmost occupied printed office of ``c`` (annexes never count,
    RULES §12.3, §13.1); ``EMPTY`` when none is occupied."""
    offices = s.offices[c]
    return offices[-1] >> 1 if offices else EMPTY


def city_name(c: int) -> str:
    return CITY_ID[c]


def ability_value(s: State, p: int, a: int) -> int:
    """The value of seat ``p``'s ability ``a`` now (RULES §3)."""
    return ABILITIES[a].values[s.level[p][a]]
