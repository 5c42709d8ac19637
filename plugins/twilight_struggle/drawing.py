"""How the world map is drawn: the boxes of ``data/layout.json``, checked against the map.

Nothing here is a rule. The web board draws each country as a box centred where the layout
puts it, each map link as a line between two boxes (a link marked ``wrap`` as two stubs
running off the map's edges, as the US-Japan link crosses the Pacific), each region as the
colour of its boxes. Loading refuses a layout that disagrees with the map: a country
without a box or a box of no country, a box off the map, two boxes that overlap, a
``wrap`` that is no link.

``DRAWING`` is the JSON-ready part of every view (the same object each time)::

    {"size": [2240, 1290], "box": [112, 60],
     "at": {"canada": [250, 100], ..., "USA": [250, 250], "USSR": [1440, 170]},
     "links": [["canada", "USA"], ["canada", "uk"], ...],   # each once, data order
     "wrap": [["USA", "japan"]],
     "colours": {"europe": "#c9a4d6", ...},
     "labels": {"europe": [700, 40], ...}}                  # where a region's name is
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

from pydantic import BaseModel, ConfigDict

from gameshelf.plugins.twilight_struggle.model import (
    COUNTRIES,
    DATA,
    MAIN_REGIONS,
    MAP,
    BadData,
)

Point = tuple[int, int]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RegionLook(_Frozen):
    colour: str
    label: Point


class Layout(_Frozen):
    about: str
    size: Point
    box: Point
    superpowers: dict[str, Point]
    wrap: tuple[tuple[str, str], ...]
    countries: dict[str, Point]
    regions: dict[str, RegionLook]


def _links() -> list[tuple[str, str]]:
    """Every map link once (the superpower boxes' too), in the data's order."""
    seen: set[frozenset[str]] = set()
    out: list[tuple[str, str]] = []
    for c in COUNTRIES:
        for other in c.adjacent:
            pair = frozenset((c.id, other))
            if pair not in seen:
                seen.add(pair)
                out.append((c.id, other))
    return out


LINKS = _links()


def check(layout: Layout) -> None:
    """The layout fits the map: one box per country and superpower, inside, apart."""
    if set(layout.countries) != {c.id for c in COUNTRIES}:
        raise BadData("layout.json must place exactly the countries of countries.json")
    if set(layout.superpowers) != set(MAP.superpowers):
        raise BadData("layout.json must place both superpower boxes")
    if set(layout.regions) != set(MAIN_REGIONS):
        raise BadData("layout.json must colour exactly the six regions")
    w, h = layout.box
    at = {**layout.countries, **layout.superpowers}
    for rid, r in layout.regions.items():
        if not (0 <= r.label[0] <= layout.size[0] and 0 <= r.label[1] <= layout.size[1]):
            raise BadData(f"the name of {rid} is off the map")
    width, height = layout.size
    for cid, (x, y) in at.items():
        if x - w / 2 < 0 or y - h / 2 < 0 or x + w / 2 > width or y + h / 2 > height:
            raise BadData(f"the box of {cid} is off the map")
    for (a, (ax, ay)), (b, (bx, by)) in combinations(at.items(), 2):
        if abs(ax - bx) < w + 4 and abs(ay - by) < h + 4:
            raise BadData(f"the boxes of {a} and {b} overlap")
    links = {frozenset(pair) for pair in LINKS}
    for pair in layout.wrap:
        if frozenset(pair) not in links:
            raise BadData(f"{pair[0]}-{pair[1]} is drawn across the edge but is no link")


def load() -> Layout:
    layout = Layout(**json.loads((DATA / "layout.json").read_text(encoding="utf-8")))
    check(layout)
    return layout


LAYOUT = load()

DRAWING: dict[str, Any] = {
    "size": list(LAYOUT.size),
    "box": list(LAYOUT.box),
    "at": {cid: list(p) for cid, p in {**LAYOUT.countries, **LAYOUT.superpowers}.items()},
    "links": [list(pair) for pair in LINKS],
    "wrap": [list(pair) for pair in LAYOUT.wrap],
    "colours": {rid: r.colour for rid, r in LAYOUT.regions.items()},
    "labels": {rid: list(r.label) for rid, r in LAYOUT.regions.items()},
}
