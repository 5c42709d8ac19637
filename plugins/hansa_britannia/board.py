"""The board builder: the checked data (``model.py``) compiled once into what the rules read.

RULES §1, §6 C, §12.1, §12.4–12.5. The rules speak the data's ids in actions and logs; the
state stores integer indices, compiled here in data order:

- cities ``CITY_ID[c]``/``CITY_IX``, routes ``ROUTE_ID[r]``/``ROUTE_IX``, ``ROUTE_CITIES[r]``;
- route spaces numbered across the board: ``ROUTE_SPACES[r]`` (from the route's first city),
  ``SPACE_ROUTE[sp]``, ``SHIP[sp]`` (merchants only, RULES §12.5);
- ``CITY_ROUTES[c]``: the routes ending in a city; ``GRAPH``: the cities joined by routes
  (``core.graph``, a border per route, its kind the route's country);
- ``ROUTE_GRAPH``: the routes joined where they share a city; ``RINGS[r]``: the routes
  around ``r`` by distance, for a displaced piece (RULES §6 C): ring 1
  shares an end city with ``r``, ring 2 with ring 1, and so on, walking only routes of the
  displacement's country and England (RULES §12.4, §13.3: forbidden routes neither take pieces
  nor extend the search);
- ``COUNTRY_CITIES``: the cities of each country (Isle of Man in Wales and Scotland).
"""

from __future__ import annotations

from gameshelf.core.graph import AreaGraph
from gameshelf.plugins.hansa_britannia.model import HansaData, load

DATA = load()
BOARD = DATA.board
DESK = DATA.desk
MARKERS = DATA.markers

CITIES = BOARD.cities
ROUTES = BOARD.routes
CITY_ID: tuple[str, ...] = tuple(c.id for c in CITIES)
CITY_IX: dict[str, int] = {c: i for i, c in enumerate(CITY_ID)}
ROUTE_ID: tuple[str, ...] = tuple(r.id for r in ROUTES)
ROUTE_IX: dict[str, int] = {r: i for i, r in enumerate(ROUTE_ID)}
N_CITIES, N_ROUTES = len(CITIES), len(ROUTES)

ROUTE_CITIES: tuple[tuple[int, int], ...] = tuple(
    (CITY_IX[r.cities[0]], CITY_IX[r.cities[1]]) for r in ROUTES
)
ROUTE_COUNTRY: tuple[str, ...] = tuple(r.country for r in ROUTES)
PRINTED_MARKER: tuple[str | None, ...] = tuple(r.printed_marker for r in ROUTES)


def _spaces(
    data: HansaData,
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[bool, ...]]:
    per_route: list[tuple[int, ...]] = []
    route_of: list[int] = []
    ship: list[bool] = []
    for r, route in enumerate(data.board.routes):
        first = len(route_of)
        per_route.append(tuple(range(first, first + len(route.spaces))))
        route_of.extend([r] * len(route.spaces))
        ship.extend(kind == "ship" for kind in route.spaces)
    return tuple(per_route), tuple(route_of), tuple(ship)


ROUTE_SPACES, SPACE_ROUTE, SHIP = _spaces(DATA)
N_SPACES = len(SPACE_ROUTE)

CITY_ROUTES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(N_ROUTES) if c in ROUTE_CITIES[r]) for c in range(N_CITIES)
)

# The cities joined by routes: a border per route, of the route's country.
GRAPH = AreaGraph(CITY_ID, [(r.cities[0], r.cities[1], r.country, {"route": r.id}) for r in ROUTES])


def _route_graph() -> AreaGraph:
    """The routes as areas, two of them adjacent when they share an end city."""
    pairs = [
        (a, b, "city")
        for i, a in enumerate(ROUTE_ID)
        for b in ROUTE_ID[i + 1 :]
        if set(ROUTE_CITIES[ROUTE_IX[a]]) & set(ROUTE_CITIES[ROUTE_IX[b]])
    ]
    return AreaGraph(ROUTE_ID, pairs)


ROUTE_GRAPH = _route_graph()


def _rings() -> tuple[tuple[tuple[int, ...], ...], ...]:
    rings = []
    for r in range(N_ROUTES):
        allowed = {ROUTE_COUNTRY[r], "England"}  # RULES §12.4, §13.3

        def walk(a: str, b: str, border: object, allowed: set[str] = allowed) -> bool:
            return ROUTE_COUNTRY[ROUTE_IX[b]] in allowed

        by_distance: dict[int, list[int]] = {}
        for other, d in ROUTE_GRAPH.distances(ROUTE_ID[r], may_cross=walk).items():
            if d:
                by_distance.setdefault(d, []).append(ROUTE_IX[other])
        rings.append(tuple(tuple(sorted(by_distance[d])) for d in sorted(by_distance)))
    return tuple(rings)


RINGS = _rings()

COUNTRIES = BOARD.countries
COUNTRY_CITIES: dict[str, tuple[int, ...]] = {
    k.id: tuple(c for c, city in enumerate(CITIES) if k.id in city.countries) for k in COUNTRIES
}
NEEDS_PERMISSION: dict[str, bool] = {k.id: k.needs_permission for k in COUNTRIES}
# RULES §12.3: (city, countries) of each permission; London's one use covers both.
PERMISSIONS: tuple[tuple[int, frozenset[str]], ...] = tuple(
    (CITY_IX[p.city], frozenset(p.countries)) for p in BOARD.permissions
)

ABILITIES = DESK.abilities
ABILITY_ID: tuple[str, ...] = tuple(a.id for a in ABILITIES)
ABILITY_IX: dict[str, int] = {a: i for i, a in enumerate(ABILITY_ID)}
CITY_ABILITY: tuple[int, ...] = tuple(
    ABILITY_IX[c.ability] if c.ability else -1 for c in CITIES
)  # -1: no pictogram
PRIVILEGE_RANK: dict[str, int] = {p: i + 1 for i, p in enumerate(DESK.privileges)}
OFFICE_PRIVILEGE: tuple[tuple[int, ...], ...] = tuple(
    tuple(PRIVILEGE_RANK[o.privilege] for o in c.offices) for c in CITIES
)
OFFICE_MERCHANT: tuple[tuple[bool, ...], ...] = tuple(
    tuple(o.shape == "circle" for o in c.offices) for c in CITIES
)
OFFICE_COIN: tuple[tuple[int, ...], ...] = tuple(tuple(o.coin for o in c.offices) for c in CITIES)
N_OFFICES: tuple[int, ...] = tuple(len(c.offices) for c in CITIES)

EAST_WEST: tuple[int, int] = (
    CITY_IX[BOARD.east_west.cities[0]],
    CITY_IX[BOARD.east_west.cities[1]],
)
EAST_WEST_AWARDS = BOARD.east_west.awards
SPECIAL_CITY: int = next(c for c, city in enumerate(CITIES) if city.special_prestige)
SPECIAL_SPACES = CITIES[SPECIAL_CITY].special_prestige
COMPLETED_TO_END = BOARD.completed_cities_to_end
TAVERNS: tuple[int, ...] = tuple(r for r, route in enumerate(ROUTES) if route.tavern)


def rid(route: str) -> int:
    """The index of a route id ("london--oxford"), or of a route named by its two cities in
    either order."""
    ix = ROUTE_IX.get(route)
    if ix is None:
        a, _, b = route.partition("--")
        ix = ROUTE_IX[f"{b}--{a}"]
    return ix
