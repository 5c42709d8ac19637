"""Builders for the Hansa Teutonica: Britannia tests: the smallest situation a test names.

``build`` sets up a game of ``players`` seats (red, yellow, green, blue, purple) at the start
of red's turn (or ``current``'s), then empties what the test does not name: no piece on the
board, no marker on a route, nobody's Kontor, and puts in only what it names, with data ids::

    s = build(pieces={"london--oxford": ["red", "red:m", None, "yellow"]},
              offices={"cardiff": ["red"]}, supply={"red": (3, 1)}, actions_left=2)

``pieces`` gives a route's spaces from its first city ("red" a trader, "red:m" a merchant,
``None`` empty); ``offices``/``annexes`` a city's Kontors left to right; ``supply``/``stock``
(traders, merchants); ``levels`` ``{role: {ability: spaces developed}}``; ``hand``/``used``
markers; ``markers`` ``{route: marker}``; any other keyword sets the State field of that name.
Two or three ``players`` play the 2–3 side (``space(route, i, THREE)``, or ``s.board``);
with two the neutral's setup traders are cleared too unless ``neutral_pieces``, and
"neutral" names its pieces, Kontors and prestige; ``options`` are the match's (``borders``).
``play(s, role, *actions)`` applies actions through the ruleset (the path bots and the web
use): ``("place_trader", space("london--oxford", 0))`` or a bare type ``"done"``.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.engine.ruleset import Action
from gameshelf.plugins.hansa_britannia.board import ABILITY_IX, FOUR, Board
from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.state import EMPTY, State

ROLES = ("red", "yellow", "green", "blue", "purple")

# The 4–5 player side's tables, by the names the tests use (``THREE`` for the 2–3 side).
B = FOUR
ROUTE_SPACES, N_SPACES, TAVERNS = B.route_spaces, B.n_spaces, B.taverns
OFFICE_COIN, ROUTES, CITIES, GRAPH = B.office_coin, B.routes, B.cities, B.graph
ROUTE_COUNTRY, ROUTE_ID, CITY_IX, RINGS = B.route_country, B.route_id, B.city_ix, B.rings
SPACE_COUNTRY, SHIP, rid = B.space_country, B.ship, B.rid


def owner(s: State, who: str) -> int:
    """A seat's index, or the neutral's for "neutral"."""
    return s.neutral if who == "neutral" else s.seats.index(who)


def code(s: State, text: str) -> int:
    """A piece code from "red" (a trader), "red:m" (a merchant) or "neutral"."""
    who, _, kind = text.partition(":")
    return owner(s, who) * 2 + (1 if kind == "m" else 0)


def space(route: str, i: int, board: Board = FOUR) -> int:
    """The board index of the ``i``-th space of ``route`` (from its first city), on the 4–5
    side unless ``board`` says otherwise."""
    return board.route_spaces[board.rid(route)][i]


def build(
    players: int = 4,
    seed: int = 0,
    current: str = "red",
    options: dict[str, Any] | None = None,
    neutral_pieces: bool = False,
    **fields: Any,
) -> State:
    s = RULESET.setup(seed, players=players, options=options)
    n = len(s.seats)
    b = s.board
    if not neutral_pieces:  # the two-player setup's neutral traders, kept only if asked
        s.spaces = [EMPTY] * len(s.spaces)
    s.route_marker = [""] * len(s.route_marker)
    s.current = s.seats.index(current)
    s.log.clear()
    for route, pieces in fields.pop("pieces", {}).items():
        for i, text in enumerate(pieces):
            s.spaces[space(route, i, b)] = EMPTY if text is None else code(s, text)
    for key in ("offices", "annexes"):
        for city, kontors in fields.pop(key, {}).items():
            getattr(s, key)[b.city_ix[city]] = [code(s, k) for k in kontors]
    for key in ("supply", "stock"):
        for who, (traders, merchants) in fields.pop(key, {}).items():
            getattr(s, key)[s.seats.index(who)] = [traders, merchants]
    for who, levels in fields.pop("levels", {}).items():
        for ability, level in levels.items():
            s.level[s.seats.index(who)][ABILITY_IX[ability]] = level
    for key in ("hand", "used"):
        for who, markers in fields.pop(key, {}).items():
            getattr(s, key)[s.seats.index(who)] = list(markers)
    for route, marker in fields.pop("markers", {}).items():
        s.route_marker[b.rid(route)] = marker
    for key in ("prestige", "owed"):
        for who, value in fields.pop(key, {}).items():
            getattr(s, key)[owner(s, who)] = value
    if "actions_left" not in fields:
        fields["actions_left"] = 2
    for key, value in fields.items():
        setattr(s, key, value)
    assert len(s.seats) == n
    return s


def play(s: State, role: str, *actions: Any) -> None:
    for a in actions:
        RULESET.apply(s, role, Action.of(a if isinstance(a, tuple) else (a,)))


def legal(s: State, role: str) -> set[tuple[str, Any]]:
    return {(a.type, a.arg) for a in RULESET.actions(s, role)}


def seat_of(s: State, role: str) -> int:
    return s.seats.index(role)
