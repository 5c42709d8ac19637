"""The board builder: the checked data (``model.py``) compiled once into what the rules read.

RULES §1, §6 C, §12.1, §12.4–12.5, §14. Two board sides, one builder: ``Board(side data)``
derives everything the rules read of a side, and ``BOARDS`` holds both, the 4–5 player side
and the 2–3 player side (``board_for(players)`` picks by player count; a state keeps its
side's id and reads its board as ``s.board``). The rules speak the data's ids in actions and
logs; the state stores integer indices, compiled here in data order:

- cities ``city_id[c]``/``city_ix``, routes ``route_id[r]``/``route_ix``, ``route_cities[r]``;
- route spaces numbered across the board: ``route_spaces[r]`` (from the route's first city),
  ``space_route[sp]``, ``ship[sp]`` (merchants only, RULES §12.5);
- ``city_routes[c]``: the routes ending in a city; ``graph``: the cities joined by routes
  (``core.engine.graph``, a border per route, its kind the route's country);
- ``route_graph``: the routes joined where they share a city; ``rings[r]``: the routes
  around ``r`` by distance, for a displaced piece (RULES §6 C): ring 1 shares an end city
  with ``r``, ring 2 with ring 1, and so on, walking only routes of the displacement's
  country and England (RULES §12.4, §13.3: forbidden routes neither take pieces nor extend
  the search); ``neutral_rings[r]`` the same for a displaced neutral trader, which stays in
  the country it was displaced in (RULES §14.3: never from Wales into England);
- ``country_cities``: the cities of each country (Isle of Man in Wales and Scotland on the
  4–5 side, in Wales on the 2–3 side);
- ``yellow_routes``: the routes touching a yellow-flag city (RULES §14.1, §14.5).

The desk and the markers are the same for both sides (``DESK``, ``MARKERS``, ``ABILITIES``).
``BOARD``, ``CITIES`` and ``ROUTES`` are the 4–5 side's data (its drawing reads them).
"""

from __future__ import annotations

from gameshelf.core.engine.graph import AreaGraph
from gameshelf.core.engine.ruleset import Action
from gameshelf.plugins.hansa_britannia.model import BoardData, load

DATA = load()
DESK = DATA.desk
MARKERS = DATA.markers
BOARD = DATA.boards[0]  # the 4–5 player side
CITIES = BOARD.cities
ROUTES = BOARD.routes

ABILITIES = DESK.abilities
ABILITY_ID: tuple[str, ...] = tuple(a.id for a in ABILITIES)
ABILITY_IX: dict[str, int] = {a: i for i, a in enumerate(ABILITY_ID)}
PRIVILEGE_RANK: dict[str, int] = {p: i + 1 for i, p in enumerate(DESK.privileges)}
TRADER, MERCHANT = 0, 1


class Board:
    """One side of the board, compiled (see the module)."""

    def __init__(self, data: BoardData) -> None:
        self.data = data
        self.side = data.side
        self.players = data.players
        self.cities = cities = data.cities
        self.routes = routes = data.routes
        self.city_id: tuple[str, ...] = tuple(c.id for c in cities)
        self.city_ix: dict[str, int] = {c: i for i, c in enumerate(self.city_id)}
        self.route_id: tuple[str, ...] = tuple(r.id for r in routes)
        self.route_ix: dict[str, int] = {r: i for i, r in enumerate(self.route_id)}
        self.n_cities, self.n_routes = len(cities), len(routes)
        self.route_cities: tuple[tuple[int, int], ...] = tuple(
            (self.city_ix[r.cities[0]], self.city_ix[r.cities[1]]) for r in routes
        )
        self.route_country: tuple[str, ...] = tuple(r.country for r in routes)
        self.printed_marker: tuple[str | None, ...] = tuple(r.printed_marker for r in routes)
        self._spaces()
        self.city_routes: tuple[tuple[int, ...], ...] = tuple(
            tuple(r for r in range(self.n_routes) if c in self.route_cities[r])
            for c in range(self.n_cities)
        )
        # The cities joined by routes: a border per route, of the route's country.
        self.graph = AreaGraph(
            self.city_id, [(r.cities[0], r.cities[1], r.country, {"route": r.id}) for r in routes]
        )
        self.route_graph = self._route_graph()
        self.rings = self._rings(neutral=False)
        self.neutral_rings = self._rings(neutral=True)
        self.countries = data.countries
        self.country_ids: tuple[str, ...] = tuple(k.id for k in data.countries)
        self.country_cities: dict[str, tuple[int, ...]] = {
            k.id: tuple(c for c, city in enumerate(cities) if k.id in city.countries)
            for k in data.countries
        }
        self.needs_permission: dict[str, bool] = {k.id: k.needs_permission for k in data.countries}
        # RULES §12.3: (city, countries) of each permission; London's one use covers both.
        self.permissions: tuple[tuple[int, frozenset[str]], ...] = tuple(
            (self.city_ix[p.city], frozenset(p.countries)) for p in data.permissions
        )
        self.space_country: tuple[str, ...] = tuple(self.route_country[r] for r in self.space_route)
        self.city_ability: tuple[int, ...] = tuple(
            ABILITY_IX[c.ability] if c.ability else -1 for c in cities
        )  # -1: no pictogram
        self.office_privilege: tuple[tuple[int, ...], ...] = tuple(
            tuple(PRIVILEGE_RANK[o.privilege] for o in c.offices) for c in cities
        )
        self.office_merchant: tuple[tuple[bool, ...], ...] = tuple(
            tuple(o.shape == "circle" for o in c.offices) for c in cities
        )
        self.office_coin: tuple[tuple[int, ...], ...] = tuple(
            tuple(o.coin for o in c.offices) for c in cities
        )
        self.n_offices: tuple[int, ...] = tuple(len(c.offices) for c in cities)
        self.east_west: tuple[int, int] = (
            self.city_ix[data.east_west.cities[0]],
            self.city_ix[data.east_west.cities[1]],
        )
        self.east_west_awards = data.east_west.awards
        self.special_city: int = next(c for c, city in enumerate(cities) if city.special_prestige)
        self.special_spaces = cities[self.special_city].special_prestige
        self.completed_to_end = data.completed_cities_to_end
        self.taverns: tuple[int, ...] = tuple(r for r, route in enumerate(routes) if route.tavern)
        flags = {self.city_ix[c] for c in data.yellow_flags}
        self.yellow_routes: frozenset[int] = frozenset(
            r for r in range(self.n_routes) if flags & set(self.route_cities[r])
        )
        self._actions()

    def _spaces(self) -> None:
        per_route: list[tuple[int, ...]] = []
        route_of: list[int] = []
        ship: list[bool] = []
        for r, route in enumerate(self.routes):
            first = len(route_of)
            per_route.append(tuple(range(first, first + len(route.spaces))))
            route_of.extend([r] * len(route.spaces))
            ship.extend(kind == "ship" for kind in route.spaces)
        self.route_spaces: tuple[tuple[int, ...], ...] = tuple(per_route)
        self.space_route: tuple[int, ...] = tuple(route_of)
        self.ship: tuple[bool, ...] = tuple(ship)
        self.n_spaces = len(route_of)

    def _route_graph(self) -> AreaGraph:
        """The routes as areas, two of them adjacent when they share an end city."""
        ids, cities = self.route_id, self.route_cities
        pairs = [
            (a, b, "city")
            for i, a in enumerate(ids)
            for j, b in enumerate(ids[i + 1 :], i + 1)
            if set(cities[i]) & set(cities[j])
        ]
        return AreaGraph(ids, pairs)

    def _rings(self, neutral: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
        rings = []
        country, ix = self.route_country, self.route_ix
        for r in range(self.n_routes):
            # RULES §12.4, §13.3; a neutral trader stays in its country (RULES §14.3)
            allowed = {country[r]} if neutral else {country[r], "England"}

            def walk(a: str, b: str, border: object, allowed: set[str] = allowed) -> bool:
                return country[ix[b]] in allowed

            by_distance: dict[int, list[int]] = {}
            for other, d in self.route_graph.distances(self.route_id[r], may_cross=walk).items():
                if d:
                    by_distance.setdefault(d, []).append(ix[other])
            rings.append(tuple(tuple(sorted(by_distance[d])) for d in sorted(by_distance)))
        return tuple(rings)

    def _actions(self) -> None:
        """The actions naming a space or a route, made once (the rules offer them often)."""
        n = self.n_spaces
        self.place_actions = tuple(
            tuple(Action(("place_trader", "place_merchant")[sh], sp) for sp in range(n))
            for sh in (TRADER, MERCHANT)
        )
        self.displace_actions = tuple(
            tuple(Action(("displace_trader", "displace_merchant")[sh], sp) for sp in range(n))
            for sh in (TRADER, MERCHANT)
        )
        self.lift_actions = tuple(Action("lift", sp) for sp in range(n))
        self.create_actions = tuple(Action("create", r) for r in self.route_id)
        self.route_actions = tuple(Action("route", r) for r in self.route_id)
        # Each seat's Place list starts at its own part of the board (any order is legal;
        # this one lets a bot that takes the first legal action build routes of its own):
        # from space k, the traders, then from space k, the merchants.
        traders, merchants = self.place_actions
        self.place_order = tuple(
            traders[k:] + traders[:k] + merchants[k:] + merchants[:k] for k in range(n)
        )
        # A Displace list goes space by space, a trader then a merchant.
        self.displace_order = tuple(
            a for pair in zip(*self.displace_actions, strict=True) for a in pair
        )

    def rid(self, route: str) -> int:
        """The index of a route id ("london--oxford"), or of a route named by its two cities
        in either order."""
        ix = self.route_ix.get(route)
        if ix is None:
            a, _, b = route.partition("--")
            ix = self.route_ix[f"{b}--{a}"]
        return ix


BOARDS: dict[str, Board] = {data.side: Board(data) for data in DATA.boards}
FOUR, THREE = BOARDS["4-5"], BOARDS["3"]  # the 4–5 player side, the 2–3 player side
PLAYERS: tuple[int, ...] = tuple(sorted(n for b in BOARDS.values() for n in b.players))


def board_for(players: int) -> Board:
    """The side for ``players`` players (RULES §4: choose the side for the player count)."""
    for board in BOARDS.values():
        if players in board.players:
            return board
    raise ValueError(f"Britannia is played by {PLAYERS[0]} to {PLAYERS[-1]}, not {players}")
