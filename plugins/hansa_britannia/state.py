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
module called from it, then "replace_markers" (``markers.py``); the game ends, with ``s.end_reason``
set and ``s.final`` scored, in the core's "game_over" (``scoring.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress, repeat
from operator import is_

from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Step, StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.board import ABILITIES, BOARDS, DESK, Board

EMPTY = -1
TRADER, MERCHANT = 0, 1
NEUTRAL = DESK.neutral.id  # the neutral player's colour: "neutral" (not a role)
SHAPE_WORD = ("trader", "merchant")


@state_model
class State(GameState):
    """A game of Hansa Teutonica: Britannia in progress. See the module docstring."""

    seats: list[str] = Field(default_factory=list)  # roles in seat order
    side: str = "4-5"  # the board side (board.BOARDS): "4-5", or "3" for 2 and 3 players
    # RULES §14: the neutral player of a two-player game, an owner of pieces after the seats
    # (its index, len(seats)); EMPTY: none. Its prestige is the last entry of ``prestige``.
    neutral: int = -1
    neutral_owed: int = 0  # replacement markers owed for the neutral (RULES §14.6)
    # RULES §14.8 (a match option): the +3/+4 markers may be discarded to ignore borders
    borders_rule: bool = False
    borderless: bool = False  # this turn's player discarded one: no borders for the turn
    current: int = 0  # whose turn it is
    actions_left: int = 0
    permits_used: list[int] = Field(default_factory=list)  # permission cities used this turn
    # --- per seat -------------------------------------------------------------------
    supply: list[list[int]] = Field(default_factory=list)  # [traders, merchants]
    stock: list[list[int]] = Field(default_factory=list)  # general stock [traders, merchants]
    prestige: list[int] = Field(default_factory=list)  # the neutral's last, if any
    level: list[list[int]] = Field(default_factory=list)  # per ability: spaces developed
    hand: list[list[str]] = Field(default_factory=list)  # markers face up, unused
    used: list[list[str]] = Field(default_factory=list)  # markers used (they still score)
    owed: list[int] = Field(default_factory=list)  # replacement markers to place
    # --- the board --------------------------------------------------------------------
    spaces: list[int] = Field(default_factory=list)  # per space (setup sizes them)
    offices: list[list[int]] = Field(default_factory=list)  # per city
    annexes: list[list[int]] = Field(default_factory=list)  # per city
    special: list[int] = Field(default_factory=list)  # Plymouth's special prestige spaces
    route_marker: list[str] = Field(default_factory=list)  # per route
    markers_supply: Deck = Field(default_factory=Deck)  # face down (hidden.py)
    completed: int = 0  # the Completed Cities track
    east_west: list[int] = Field(default_factory=list)  # seats in the order they connected
    # --- the end ----------------------------------------------------------------------
    end_reason: str = ""  # "prestige_20", "cities_8", "markers_out" once triggered
    final: list[dict[str, int]] = Field(default_factory=list)  # final scoring, line by line
    neutral_final: dict[str, int] = Field(default_factory=dict)  # the neutral's, never a winner

    @property
    def board(self) -> Board:
        """The board side this game is played on."""
        return BOARDS[self.side]

    @property
    def owners(self) -> int:
        """Owners of pieces: the seats and the neutral, if any."""
        return len(self.seats) + (self.neutral >= 0)


def check_fits_data(s: State) -> None:
    """Refuse (``ValueError``) a loaded state whose per-space, per-city, per-route or per-seat
    lists do not fit the board and the seats."""
    if s.side not in BOARDS:
        raise ValueError(f"the saved state's board side {s.side!r} is none of {sorted(BOARDS)}")
    if s.neutral not in (EMPTY, len(s.seats)):
        raise ValueError(f"the saved state's neutral is owner {s.neutral}, not {len(s.seats)}")
    b = s.board
    sizes = {
        "spaces": (len(s.spaces), b.n_spaces),
        "offices": (len(s.offices), b.n_cities),
        "annexes": (len(s.annexes), b.n_cities),
        "route_marker": (len(s.route_marker), b.n_routes),
        "special": (len(s.special), len(b.special_spaces)),
        "prestige": (len(s.prestige), s.owners),
    }
    for field in ("supply", "stock", "level", "hand", "used", "owed"):
        sizes[field] = (len(getattr(s, field)), len(s.seats))
    for field, (found, wanted) in sizes.items():
        if found != wanted:
            raise ValueError(f"the saved state's {field} holds {found} entries, not {wanted}")


def owner_role(s: State, p: int) -> str:
    """The role id of a seat, or "neutral" for the neutral player (its colour's id)."""
    return s.seats[p] if p < len(s.seats) else NEUTRAL


def role_name(s: State, role: str) -> Msg:
    return Msg("hansa_britannia.seat", role=role)


machine: StepMachine[State] = StepMachine(role_name)

END_TURN, DONE = Action("end_turn"), Action("done")


class SeatStep(Step[State]):
    """A step decided by the seat its frame names (``frame.seat``): a called part of an
    action, whoever's turn it is (a displaced victim places its pieces in another's turn)."""

    def active(self, s: State) -> tuple[str, ...]:
        return (s.seats[self.frame(s).seat],)


def unrefused(actions: Sequence[Action], refusals: Iterable[Msg | None]) -> list[Action]:
    """The ``actions`` whose refusal beside them (in ``refusals``, in order) is ``None``: the
    legal actions from the very list of refusals the options pair them with, picked in C (a
    step's measured ``actions`` copy, docs/performance.md). None where ``refusals`` is one
    refusal repeated for them all (``repeat(reason)``): not looked through."""
    if type(refusals) is repeat:
        return []
    return list(compress(actions, map(is_, refusals, repeat(None))))


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
    return [spaces[sp] for sp in s.board.route_spaces[r] if spaces[sp] != EMPTY]


def route_is_empty(s: State, r: int) -> bool:
    spaces = s.spaces
    return all(spaces[sp] == EMPTY for sp in s.board.route_spaces[r])


def route_full_of(s: State, r: int, p: int) -> bool:
    """Whether every space of route ``r`` holds a piece of seat ``p`` (RULES §6 E)."""
    spaces = s.spaces
    return all(spaces[sp] != EMPTY and spaces[sp] >> 1 == p for sp in s.board.route_spaces[r])


def to_stock(s: State, code: int) -> None:
    """A piece leaving the board goes to its owner's general stock; the neutral's are
    unlimited, so they simply leave (RULES §14.1)."""
    if code >> 1 != s.neutral:
        s.stock[code >> 1][code & 1] += 1


def clear_route(s: State, r: int) -> None:
    """Every piece on route ``r`` back to its owner's general stock (RULES §6 E 3)."""
    for sp in s.board.route_spaces[r]:
        code = s.spaces[sp]
        if code != EMPTY:
            to_stock(s, code)
            s.spaces[sp] = EMPTY


def kontors(s: State, c: int, p: int) -> int:
    """Seat ``p``'s Kontors in city ``c``: its printed offices and its annexes."""
    return sum(1 for k in s.offices[c] if k >> 1 == p) + sum(1 for k in s.annexes[c] if k >> 1 == p)


def controller(s: State, c: int) -> int:
    """RULES §1: the seat with the most Kontors in ``c``; a tie goes to the tied seat whose
    Kontor is furthest right (annexes are left of every office). ``EMPTY``: nobody."""
    return holder(s.offices[c], s.annexes[c])


def holder(offices: Sequence[int], annexes: Sequence[int]) -> int:
    """``controller`` of a city of these offices and annexes (their pieces' codes)."""
    order = [*reversed(annexes), *offices]  # left to right, lowest value first
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


def ability_value(s: State, p: int, a: int) -> int:
    """The value of seat ``p``'s ability ``a`` now (RULES §3)."""
    return ABILITIES[a].values[s.level[p][a]]
