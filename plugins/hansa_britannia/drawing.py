"""How the Britannia board is drawn: the points of ``data/layout.json``, checked against the
board (``board.py``) and made into the geometry the web board draws.

Nothing here is a rule. The layout is our own drawing of the 4–5 player side: where each
city's box stands (its centre), where a route's line bends on its way between two cities,
on which side of its line a route keeps its bonus marker, and the colours and name points of
the three countries. Everything else is derived from the board's data here, once:

- a city's box holds its name, its printed offices left to right (four a row) with their
  shape, colour and coin, the ability it develops, Plymouth's special prestige spaces;
- a route's spaces stand evenly along its line, between the boxes of its two cities, in the
  data's order (from ``cities[0]`` to ``cities[1]``); its bonus marker (a tavern's start
  marker, a placed marker, a printed one) beside the line's middle.

Loading refuses a layout that disagrees with the board or cannot be read: a city without a
box or a box of no city, a bend of no route, anything off the map, two city boxes that
overlap, a route too short for its spaces, a space or a marker on a city box, on another
space or on another marker, a route line crossing a third city's box.

``DRAWING`` is what the web board draws from, beside each view. It never changes during a
game, so it is not sent with every view: it is the static file ``web/static/drawing-4-5.json``
that the board script reads once (``python -m gameshelf.plugins.hansa_britannia.drawing``
writes it; a test fails when it differs from ``DRAWING``)::

    {"side": "4-5", "size": [W, H], "slot": 30,
     "countries": {"England": {"colour": "#…", "line": "#…", "label": [x, y]}, ...},
     "cities": {"london": {"box": [x, y, w, h], "countries": ["England"],
                           "offices": [{"at": [x, y], "shape": "square",
                                        "privilege": "white", "coin": 0}, ...],
                           "ability": "privilegium", "ability_at": [x, y],
                           "special": [{"at": [x, y], "privilege": "white", "points": 7}]},
                ...},
     "routes": {"london--oxford": {"line": [[x, y], ...], "spaces": [[x, y], ...],
                                   "kinds": ["road", ...], "country": "England",
                                   "marker": [x, y], "tavern": false, "printed": null}, ...},
     "desk": {"abilities": [{"id": "clavis_urbis", "values": [1, 2, 2, 3, 4],
                             "piece": "trader", "city": "york", "full_bonus": 0}, ...],
              "privileges": ["white", "orange", "pink", "black"]},
     "completed_to_end": 8, "east_west": {"cities": ["oxford", "york"], "awards": [7, 4, 2]},
     "marker_score": [0, 1, 3, ...]}

Coordinates are the map's units, y downwards (the board data's hints have y upwards).
"""

from __future__ import annotations

import json
import math
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from gameshelf.plugins.hansa_britannia.board import BOARD, BOARDS, DESK, MARKERS
from gameshelf.plugins.hansa_britannia.model import DATA, BoardData, City, DataError

Point = tuple[float, float]
Spot = tuple[int, int]  # a point of the layout file
Box = tuple[float, float, float, float]  # left, top, width, height

SLOT = 30  # the side of an office, a route space, a special prestige space
GAP = 4  # between two offices
PAD = 5  # inside a city's box
NAME_BAND = 20  # the city's name, above its offices
ABILITY_LINE = 14  # the ability a city develops, under its offices
PER_ROW = 4  # offices in a row of a city's box
NAME_WIDTH = 96  # the least width of a box (its name)
MARKER = (40, 22)  # a bonus marker's token
CLEAR = 4  # the least gap between two things drawn


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CountryLook(_Frozen):
    colour: str  # the tint of the land around its cities
    line: str  # its routes' colour
    label: Spot  # where its name is written


class Layout(_Frozen):
    about: str
    side: str
    size: Spot
    countries: dict[str, CountryLook]
    cities: dict[str, Spot]  # the centre of each city's box
    bends: dict[str, tuple[Spot, ...]] = {}  # a route's line through these points
    flip: tuple[str, ...] = ()  # routes whose marker is on the other side of the line


# --- cities ------------------------------------------------------------------------------


def _rows(n: int) -> int:
    return -(-n // PER_ROW)


def box_size(city: City) -> Point:
    cols = min(len(city.offices), PER_ROW)
    rows = _rows(len(city.offices))
    width = max(NAME_WIDTH, cols * SLOT + (cols - 1) * GAP + 2 * PAD)
    height = NAME_BAND + rows * SLOT + (rows - 1) * GAP + PAD
    if city.ability:
        height += ABILITY_LINE
    if city.special_prestige:
        n = len(city.special_prestige)
        width = max(width, n * SLOT + (n - 1) * GAP + 2 * PAD)
        height += SLOT + GAP
    return width, height


def city_box(city: City, centre: Point) -> Box:
    w, h = box_size(city)
    return centre[0] - w / 2, centre[1] - h / 2, w, h


def _row_centres(n: int, cx: float, y: float) -> list[Point]:
    width = n * SLOT + (n - 1) * GAP
    left = cx - width / 2 + SLOT / 2
    return [(left + i * (SLOT + GAP), y) for i in range(n)]


def office_centres(city: City, box: Box) -> list[Point]:
    x, y, w, _ = box
    n = len(city.offices)
    out: list[Point] = []
    for row in range(_rows(n)):
        in_row = min(PER_ROW, n - row * PER_ROW)
        cols = min(n, PER_ROW)  # rows line up with the first one, from the left
        left = x + w / 2 - (cols * SLOT + (cols - 1) * GAP) / 2 + SLOT / 2
        cy = y + NAME_BAND + SLOT / 2 + row * (SLOT + GAP)
        out += [(left + i * (SLOT + GAP), cy) for i in range(in_row)]
    return out


def _below_offices(city: City, box: Box) -> float:
    rows = _rows(len(city.offices))
    return box[1] + NAME_BAND + rows * SLOT + (rows - 1) * GAP


def ability_point(city: City, box: Box) -> Point:
    return box[0] + box[2] / 2, _below_offices(city, box) + ABILITY_LINE / 2 + 1


def special_centres(city: City, box: Box) -> list[Point]:
    y = _below_offices(city, box) + (ABILITY_LINE if city.ability else 0) + GAP + SLOT / 2
    return _row_centres(len(city.special_prestige), box[0] + box[2] / 2, y)


# --- routes ------------------------------------------------------------------------------


def _length(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _inside(p: Point, box: Box, margin: float = 0) -> bool:
    x, y, w, h = box
    return x - margin <= p[0] <= x + w + margin and y - margin <= p[1] <= y + h + margin


def _exit(line: list[Point], box: Box) -> float:
    """How far along ``line`` (which starts inside ``box``) it leaves the box."""
    walked = 0.0
    for a, b in pairwise(line):
        seg = _length(a, b)
        if not _inside(b, box):
            x, y, w, h = box
            ts = []
            for lo, hi, p0, d in ((x, x + w, a[0], b[0] - a[0]), (y, y + h, a[1], b[1] - a[1])):
                if d > 0:
                    ts.append((hi - p0) / d)
                elif d < 0:
                    ts.append((lo - p0) / d)
            return walked + seg * max(0.0, min(ts))
        walked += seg
    raise DataError("a route's line never leaves its city's box")


def _point_at(line: list[Point], dist: float) -> tuple[Point, Point]:
    """The point ``dist`` along ``line`` and the line's direction there (a unit vector)."""
    for a, b in pairwise(line):
        seg = _length(a, b)
        if dist <= seg or b is line[-1]:
            t = dist / seg if seg else 0
            d = ((b[0] - a[0]) / seg, (b[1] - a[1]) / seg) if seg else (1.0, 0.0)
            return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])), d
        dist -= seg
    raise AssertionError("unreachable")


def _polyline(layout: Layout, route_id: str, a: str, b: str) -> list[Point]:
    return [layout.cities[a], *layout.bends.get(route_id, ()), layout.cities[b]]


def _clear_of(line: list[Point], box: Box) -> float:
    """How far along ``line`` (which starts inside ``box``) a space's centre must be for the
    space to stand clear of the box."""
    dist = _exit(line, box)
    while _overlap(_space_bounds(*_point_at(line, dist)), box):
        dist += 1
    return dist + 2 * CLEAR


def _free_part(layout: Layout, route_id: str, a: str, b: str) -> tuple[list[Point], float, float]:
    """The route's line and where its first and last spaces' centres are along it."""
    line = _polyline(layout, route_id, a, b)
    city = _CITIES[layout.side]
    first = _clear_of(line, city_box(city[a], layout.cities[a]))
    back = _clear_of(line[::-1], city_box(city[b], layout.cities[b]))
    total = sum(_length(p, q) for p, q in pairwise(line))
    return line, first, total - back


def spaces_along(
    layout: Layout, route_id: str, a: str, b: str, n: int
) -> list[tuple[Point, Point]]:
    """Each space's centre and the line's direction there (a space is drawn square to it)."""
    line, first, last = _free_part(layout, route_id, a, b)
    step = (last - first) / (n - 1)
    return [_point_at(line, first + i * step) for i in range(n)]


def _space_bounds(p: Point, d: Point) -> Box:
    """The upright box around a space turned along direction ``d``."""
    return _square(p, SLOT * (abs(d[0]) + abs(d[1])))


def marker_point(layout: Layout, route_id: str, a: str, b: str, n: int) -> Point:
    """Beside the middle of the route's spaces, as near the line as clears them."""
    line, first, last = _free_part(layout, route_id, a, b)
    (mx, my), (dx, dy) = _point_at(line, (first + last) / 2)
    side = -1 if route_id in layout.flip else 1
    nx, ny = -dy * side, dx * side  # the normal to the line there
    spaces = [_space_bounds(p, d) for p, d in spaces_along(layout, route_id, a, b, n)]
    off = SLOT / 2
    while any(_overlap(_token((mx + nx * off, my + ny * off)), box, 0) for box in spaces):
        off += 1
    return mx + nx * off, my + ny * off


# --- the check ---------------------------------------------------------------------------


# Each side's board data and its cities by id (a city's offices differ between the sides).
SIDES: dict[str, BoardData] = {side: board.data for side, board in BOARDS.items()}
_CITIES: dict[str, dict[str, City]] = {
    side: {c.id: c for c in data.cities} for side, data in SIDES.items()
}


def _square(p: Point, side: float) -> Box:
    return p[0] - side / 2, p[1] - side / 2, side, side


def _token(p: Point) -> Box:
    return p[0] - MARKER[0] / 2, p[1] - MARKER[1] / 2, MARKER[0], MARKER[1]


def _overlap(a: Box, b: Box, gap: float = CLEAR) -> bool:
    return (
        a[0] < b[0] + b[2] + gap
        and b[0] < a[0] + a[2] + gap
        and a[1] < b[1] + b[3] + gap
        and b[1] < a[1] + a[3] + gap
    )


def _on_map(box: Box, size: Point) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= size[0] and box[1] + box[3] <= size[1]


def _crosses(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment a-b passes through ``box`` (sampled finely: boxes are large)."""
    steps = max(2, int(_length(a, b) / 4))
    return any(
        _inside((a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps), box, -2)
        for i in range(steps + 1)
    )


def problems(layout: Layout) -> list[str]:
    """Everything wrong with ``layout`` (empty: it fits its side of the board and reads)."""
    side = SIDES.get(layout.side)
    if side is None:
        return [f"the board has no side {layout.side}"]
    _CITY = _CITIES[layout.side]
    if set(layout.cities) != set(_CITY):
        return ["the layout must place exactly the cities of its side of the board"]
    if set(layout.countries) != {k.id for k in side.countries}:
        return ["the layout must colour exactly the countries of its side of the board"]
    route_ids = {r.id for r in side.routes}
    wrong = sorted((set(layout.bends) | set(layout.flip)) - route_ids)
    if wrong:
        return [f"layout.json bends or flips {wrong[0]}, which is no route"]
    found: list[str] = []
    boxes = {cid: city_box(_CITY[cid], p) for cid, p in layout.cities.items()}
    for cid, box in boxes.items():
        if not _on_map(box, layout.size):
            found.append(f"the box of {cid} is off the map")
    for (a, ba), (b, bb) in combinations(boxes.items(), 2):
        if _overlap(ba, bb, 2 * CLEAR):
            found.append(f"the boxes of {a} and {b} overlap")
    if found:
        return found  # the routes between boxes that overlap cannot be laid out
    things: list[tuple[str, Box]] = []  # the spaces' upright bounds, then the markers
    spaces: list[tuple[str, Point]] = []
    tokens: list[tuple[str, Box]] = []
    for r in side.routes:
        a, b = r.cities
        line, first, last = _free_part(layout, r.id, a, b)
        if (last - first) / (len(r.spaces) - 1) < SLOT + CLEAR:
            found.append(f"route {r.id} is too short for its {len(r.spaces)} spaces")
            continue
        for i, (p, d) in enumerate(spaces_along(layout, r.id, a, b, len(r.spaces))):
            spaces.append((f"space {i} of {r.id}", p))
            things.append((f"space {i} of {r.id}", _space_bounds(p, d)))
        tokens.append(
            (f"the marker of {r.id}", _token(marker_point(layout, r.id, a, b, len(r.spaces))))
        )
        for p, q in pairwise(line):
            for cid, box in boxes.items():
                if cid not in r.cities and _crosses(p, q, box):
                    found.append(f"route {r.id} crosses the box of {cid}")
    # Two spaces, each square to its own line, stay apart when their centres do.
    for (n1, p1), (n2, p2) in combinations(spaces, 2):
        if _length(p1, p2) < SLOT + CLEAR:
            found.append(f"{n1} and {n2} overlap")
    for (n1, b1), (n2, b2) in combinations(tokens, 2):
        if _overlap(b1, b2, 0):
            found.append(f"{n1} and {n2} overlap")
    for (n1, b1), (n2, b2) in ((s, t) for s in things for t in tokens):
        if _overlap(b1, b2, 0):
            found.append(f"{n1} and {n2} overlap")
    things += tokens
    for name, box in things:
        if not _on_map(box, layout.size):
            found.append(f"{name} is off the map")
        for cid, cbox in boxes.items():
            if _overlap(box, cbox):
                found.append(f"{name} is on the box of {cid}")
    for kid, look in layout.countries.items():
        if not (0 <= look.label[0] <= layout.size[0] and 0 <= look.label[1] <= layout.size[1]):
            found.append(f"the name of {kid} is off the map")
    return found


def check(layout: Layout) -> None:
    """The layout fits its side and every part of it can be read (``DataError`` else)."""
    found = problems(layout)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise DataError(f"layout-{layout.side}.json: {found[0]}{more}")


def load(side: str) -> Layout:
    """The layout of one side of the board, ``data/layout-<side>.json``, checked."""
    layout = Layout(**json.loads((DATA / f"layout-{side}.json").read_text(encoding="utf-8")))
    if layout.side != side:
        raise DataError(f"layout-{side}.json draws side {layout.side}")
    check(layout)
    return layout


# --- the drawing -------------------------------------------------------------------------


def _pt(p: Point) -> list[int]:
    return [round(p[0]), round(p[1])]


def _city_drawing(city: City, centre: Point) -> dict[str, Any]:
    box = city_box(city, centre)
    out: dict[str, Any] = {
        "box": [round(v) for v in box],
        "countries": list(city.countries),
        "offices": [
            {"at": _pt(p), "shape": o.shape, "privilege": o.privilege, "coin": o.coin}
            for o, p in zip(city.offices, office_centres(city, box), strict=True)
        ],
        "ability": city.ability,
    }
    if city.ability:
        out["ability_at"] = _pt(ability_point(city, box))
    if city.special_prestige:
        out["special"] = [
            {"at": _pt(p), "privilege": sp.privilege, "points": sp.points}
            for sp, p in zip(city.special_prestige, special_centres(city, box), strict=True)
        ]
    return out


def drawing(layout: Layout) -> dict[str, Any]:
    side = SIDES[layout.side]
    return {
        "side": layout.side,
        "size": list(layout.size),
        "slot": SLOT,
        "marker": list(MARKER),
        "countries": {k: look.model_dump(mode="json") for k, look in layout.countries.items()},
        "cities": {c.id: _city_drawing(c, layout.cities[c.id]) for c in side.cities},
        "routes": {
            r.id: {
                "line": [_pt(p) for p in _polyline(layout, r.id, *r.cities)],
                "spaces": [
                    [*_pt(p), round(math.degrees(math.atan2(d[1], d[0])))]
                    for p, d in spaces_along(layout, r.id, *r.cities, len(r.spaces))
                ],
                "kinds": list(r.spaces),
                "country": r.country,
                "marker": _pt(marker_point(layout, r.id, *r.cities, len(r.spaces))),
                "tavern": r.tavern,
                "printed": r.printed_marker,
            }
            for r in side.routes
        },
        "desk": {
            "abilities": [a.model_dump(mode="json") for a in DESK.abilities],
            "privileges": list(DESK.privileges),
        },
        "completed_to_end": side.completed_cities_to_end,
        "east_west": side.east_west.model_dump(mode="json"),
        "marker_score": list(MARKERS.score),
    }


LAYOUTS: dict[str, Layout] = {side: load(side) for side in SIDES}  # a layout for every side
DRAWINGS: dict[str, dict[str, Any]] = {side: drawing(lay) for side, lay in LAYOUTS.items()}
LAYOUT, DRAWING = LAYOUTS[BOARD.side], DRAWINGS[BOARD.side]  # the 4-5 player side's


def static_file(side: str) -> Path:
    """The file the board script reads for a side: ``web/static/drawing-<side>.json``."""
    return Path(__file__).parent / "web" / "static" / f"drawing-{side}.json"


def as_file(drawn: dict[str, Any]) -> str:
    """The text of the static file: one route or city a line, for reading diffs."""
    lines = ["{"]
    parts = list(drawn.items())
    for n, (key, value) in enumerate(parts):
        end = "," if n < len(parts) - 1 else ""
        if key in ("cities", "routes"):
            inner = [
                f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()
            ]
            lines.append(f"{json.dumps(key)}: {{\n" + ",\n".join(inner) + f"\n}}{end}")
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{end}")
    return "\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    for side, drawn in DRAWINGS.items():
        static_file(side).write_text(as_file(drawn), encoding="utf-8")
        print(f"wrote {static_file(side)}")
