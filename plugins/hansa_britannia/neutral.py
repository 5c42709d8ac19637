"""The neutral player of a two-player game completing a route (RULES §14.5).

A route every space of which holds a neutral trader is completed at once, in the current
player's turn, as soon as the action (or the marker's use) that filled it is over: the
current player chooses one of the route's two cities that still has an open printed office
("neutral_route", no choice to make when only one has; none at all when both are full), and
one neutral trader of the route becomes a Kontor in that city's next open office whatever its
colour or shape. As in any route's creation, each end city's controller first gains 1
prestige (the neutral too), the Kontor takes the office's coin, may complete the city and may
connect Oxford and York for the neutral. A marker on the route is discarded without effect
and a replacement is owed for the neutral (``markers.py``). The route's other neutral traders
leave the board, except that one stays on it when the route touches a yellow-flag city.
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.create_route import (
    check_prestige,
    city_control_points,
    open_office,
)
from gameshelf.plugins.hansa_britannia.markers import discard_for_neutral
from gameshelf.plugins.hansa_britannia.state import EMPTY, TRADER, SeatStep, State, machine

CITY_FULL = Msg("hansa_britannia.city_full")


def full_neutral_route(s: State) -> int | None:
    """A route full of neutral traders, if any (the first in board order)."""
    if s.neutral == EMPTY:
        return None
    trader = s.neutral * 2 + TRADER
    spaces = s.spaces
    for r, route in enumerate(s.board.route_spaces):
        if all(spaces[sp] == trader for sp in route):
            return r
    return None


def open_cities(s: State, r: int) -> list[int]:
    """The route's end cities with an open printed office."""
    b = s.board
    return [c for c in b.route_cities[r] if len(s.offices[c]) < b.n_offices[c]]


@frame_model
class NeutralRoute:
    seat: int  # the current player, who chooses the city
    route: int


@machine.step
class CompleteNeutralRoute(SeatStep):
    """RULES §14.5: the current player chooses the city of the neutral's new Kontor."""

    name, frame_type = "neutral_route", NeutralRoute
    waiting = Msg("hansa_britannia.waiting_neutral")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.announce("hansa_britannia.neutral_route", route=s.board.route_id[f.route])
        city_control_points(s, f.route)
        discard_for_neutral(s, f.route)
        cities = open_cities(s, f.route)
        if len(cities) <= 1:
            self._complete(s, cities[0] if cities else EMPTY)

    def prompt(self, s: State, role: Role) -> Msg:
        return Msg(
            "hansa_britannia.neutral_city_prompt", route=s.board.route_id[self.frame(s).route]
        )

    def options(self, s: State, role: Role) -> Iterator[Option]:
        f = self.frame(s)
        b = s.board
        cities = open_cities(s, f.route)
        for c in b.route_cities[f.route]:
            yield Action("office", b.city_id[c]), None if c in cities else CITY_FULL

    def on_office(self, s: State, role: Role, city: str) -> None:
        self._complete(s, s.board.city_ix[city])

    def _complete(self, s: State, c: int) -> None:
        f = self.frame(s)
        b = s.board
        route = b.route_spaces[f.route]
        trader = s.neutral * 2 + TRADER
        for sp in route:
            s.spaces[sp] = EMPTY
        if c != EMPTY:
            open_office(s, s.neutral, c, trader)
        else:
            s.announce("hansa_britannia.neutral_no_office", route=b.route_id[f.route])
        if f.route in b.yellow_routes:  # RULES §14.5: one stays next to a yellow flag
            s.spaces[route[0]] = trader
        check_prestige(s)
        machine.finish(s)
