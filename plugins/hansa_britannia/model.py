"""The facts of Hansa Teutonica: Britannia, as pydantic models checked at load.

RULES §2–4, §12.1–12.2, §12.5–12.6, §14.1. ``data/board.json`` and ``data/board3.json`` are the
two board sides, 4–5 players and 2–3 players (cities with their printed offices left to
right, routes with their spaces from ``cities[0]`` to ``cities[1]``, countries, permission
cities, the East–West terminals; the 2–3 side also names the yellow-flag cities of the
two-player setup), ``data/desk.json`` the writing desk, the starting pieces by seat and the
colours (the neutral's too), ``data/markers.json`` the bonus markers. ``load()`` validates the
files and refuses data that contradicts a board: the counts printed in its file (4–5: 30
cities, 72 offices, 40 routes, 121 spaces of which 9 ship spaces; 2–3: 26, 60, 35, 111, 7)
must be what the lists hold, every route must join two known cities of a known country, every
ability city must exist. ``board.py`` compiles each side into the indices and the graph the
rules use.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

DATA = Path(__file__).parent / "data"

CityId = str
RouteId = str
CountryId = Literal["England", "Wales", "Scotland"]
Privilege = Literal["white", "orange", "pink", "black"]
Shape = Literal["square", "circle"]  # square: a trader's office; circle: a merchant's
SpaceKind = Literal["road", "ship"]  # RULES §12.5: ship spaces take merchants only
AbilityId = Literal["clavis_urbis", "actiones", "privilegium", "liber_sophiae", "bursa"]
MarkerType = Literal[
    "additional_trading_post",
    "exchange_trading_posts",
    "develop_ability",
    "plus_3_actions",
    "plus_4_actions",
    "move_3_tradesmen",
]
PrintedMarker = Literal["move_any_2", "place_2_wales_scotland"]


class DataError(ValueError):
    """The data files contradict the board."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Office(_Frozen):
    privilege: Privilege  # the Privilegium colour needed to occupy it
    shape: Shape
    coin: int  # prestige for the player who first establishes a Kontor here (RULES §6 E 3a)


class SpecialPrestige(_Frozen):
    privilege: Privilege
    points: int


class City(_Frozen):
    id: CityId
    name: str
    name_zh: str
    countries: tuple[CountryId, ...]  # Isle of Man: Wales and Scotland (RULES §12.1)
    offices: tuple[Office, ...]  # left to right, lowest value first
    ability: AbilityId | None
    special_prestige: tuple[SpecialPrestige, ...] = ()  # Plymouth (RULES §12.2)
    x: float
    y: float


class Route(_Frozen):
    id: RouteId
    cities: tuple[CityId, CityId]
    spaces: tuple[SpaceKind, ...]
    country: CountryId  # the route's printed colour (RULES §12.1)
    tavern: bool  # a start bonus marker goes here (RULES §4, §12.1)
    printed_marker: PrintedMarker | None  # RULES §12.6


class Country(_Frozen):
    id: CountryId
    name: str
    name_zh: str
    colour: str
    needs_permission: bool  # RULES §12.3
    majority: tuple[int, ...]  # final-scoring awards for 1st, 2nd, 3rd (RULES §12.7)


class Permission(_Frozen):
    city: CityId
    countries: tuple[CountryId, ...]  # London: one use for Wales or Scotland (RULES §12.3)


class EastWest(_Frozen):
    cities: tuple[CityId, CityId]
    awards: tuple[int, ...]


class Counts(_Frozen):
    cities: int
    offices: int
    routes: int
    spaces: int
    ship_spaces: int


class BoardData(_Frozen):
    side: str
    players: tuple[int, ...]
    counts: Counts
    countries: tuple[Country, ...]
    permissions: tuple[Permission, ...]
    completed_cities_to_end: int
    east_west: EastWest
    # RULES §14.1: a neutral trader on every route touching one of these at a two-player setup
    yellow_flags: tuple[CityId, ...] = ()
    cities: tuple[City, ...]
    routes: tuple[Route, ...]


class Ability(_Frozen):
    id: AbilityId
    name: str
    name_zh: str
    values: tuple[int, ...]  # left to right; the first is uncovered at the start
    piece: Literal["trader", "merchant"]  # what covers the other spaces
    city: CityId  # where a route develops it (RULES §12.8)
    full_bonus: int  # prestige at the end for the fully developed track (RULES §9 B)


class Seat(_Frozen):
    supply_traders: int
    stock_traders: int


class Colour(_Frozen):
    id: str
    name: str
    name_zh: str


class DeskData(_Frozen):
    abilities: tuple[Ability, ...]
    privileges: tuple[Privilege, ...]
    traders: int
    merchants: int
    seats: tuple[Seat, ...]
    supply_merchants: int
    colours: tuple[Colour, ...]
    neutral: Colour  # the neutral player of a two-player game (RULES §14)


class MarkerKind(_Frozen):
    id: str
    name: str
    name_zh: str


class MarkerData(_Frozen):
    types: tuple[MarkerKind, ...]
    printed: tuple[MarkerKind, ...]
    start: tuple[MarkerType, ...]
    supply: dict[MarkerType, int]
    score: tuple[int, ...]  # prestige for 0, 1, 2 … markers; the last for that many or more


class HansaData(_Frozen):
    boards: tuple[BoardData, ...]  # the 4–5 side, then the 2–3 side
    desk: DeskData
    markers: MarkerData


def _read(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((DATA / name).read_text(encoding="utf-8"))
    data.pop("_about", None)
    return data


def load() -> HansaData:
    """The data files, validated and checked against each board's printed counts."""
    data = HansaData.model_validate(
        {
            "boards": (_read("board.json"), _read("board3.json")),
            "desk": _read("desk.json"),
            "markers": _read("markers.json"),
        }
    )
    check(data)
    return data


def check(data: HansaData) -> None:
    """Refuse data that contradicts itself (``DataError`` naming what is wrong)."""
    sides = [board.side for board in data.boards]
    if len(set(sides)) != len(sides):
        raise DataError(f"two boards of one side: {sides}")
    players = [n for board in data.boards for n in board.players]
    if len(set(players)) != len(players):
        raise DataError("two boards for one player count")
    for board in data.boards:
        check_board(data, board)
    desk = data.desk
    # RULES §4: supply + stock + the desk's traders + the one on the prestige track.
    if any(
        s.supply_traders + s.stock_traders + _covered(desk, "trader") + 1 != desk.traders
        for s in desk.seats
    ):
        raise DataError("a seat's traders do not add up to the player's traders")
    if _covered(desk, "merchant") + desk.supply_merchants != desk.merchants:
        raise DataError("the merchants on the desk and in the supply are not the player's")
    if desk.neutral.id in {c.id for c in desk.colours}:
        raise DataError("the neutral's colour is a seat's")


def check_board(data: HansaData, board: BoardData) -> None:
    """Refuse a board side that contradicts itself or the desk."""
    desk = data.desk
    found = Counts(
        cities=len(board.cities),
        offices=sum(len(c.offices) for c in board.cities),
        routes=len(board.routes),
        spaces=sum(len(r.spaces) for r in board.routes),
        ship_spaces=sum(r.spaces.count("ship") for r in board.routes),
    )
    if found != board.counts:
        raise DataError(f"the board holds {found}, its counts say {board.counts}")
    cities = {c.id for c in board.cities}
    if len(cities) != len(board.cities):
        raise DataError("a city id appears twice")
    routes = [r.id for r in board.routes]
    if len(set(routes)) != len(routes):
        raise DataError("a route id appears twice")
    countries = {c.id for c in board.countries}
    for route in board.routes:
        if route.id != "--".join(route.cities) or not set(route.cities) <= cities:
            raise DataError(f"route {route.id} joins {route.cities}, not two known cities")
        if route.country not in countries or not 2 <= len(route.spaces) <= 4:
            raise DataError(
                f"route {route.id}: country {route.country}, {len(route.spaces)} spaces"
            )
    for city in board.cities:
        if not city.offices or not set(city.countries) <= countries:
            raise DataError(f"city {city.id} has no office or an unknown country")
    for ability in desk.abilities:
        if ability.city not in cities:
            raise DataError(f"ability {ability.id} is developed in unknown city {ability.city}")
        if next(c for c in board.cities if c.id == ability.city).ability != ability.id:
            raise DataError(f"{ability.city} does not show the {ability.id} pictogram")
    for permission in board.permissions:
        if permission.city not in cities:
            raise DataError(f"permission city {permission.city} is not on the board")
    if not set(board.east_west.cities) <= cities:
        raise DataError("an East–West terminal is not on the board")
    taverns = [r for r in board.routes if r.tavern]
    if len(taverns) != len(data.markers.start):
        raise DataError(f"{len(taverns)} tavern routes for {len(data.markers.start)} start markers")
    if len(desk.seats) < max(board.players) or len(desk.colours) < max(board.players):
        raise DataError("fewer seats or colours than the board's players")
    if not set(board.yellow_flags) <= cities:
        raise DataError(f"a yellow-flag city of side {board.side} is not on the board")


def _covered(desk: DeskData, piece: str) -> int:
    """The pieces of a kind covering the desk at the start (all spaces but the first)."""
    return sum(len(a.values) - 1 for a in desk.abilities if a.piece == piece)
