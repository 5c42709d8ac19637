"""How the board is drawn: the outlines of ``data/board.json``, checked against the map.

Nothing here is a rule. The web board draws each area as its outline, each border as the
line the two areas share (in the border's kind), islands and sea names around them; the
blocks stand at the area's ``x``/``y`` of ``map.json``. Loading refuses a drawing that
disagrees with the map: an area without an outline, a border line whose ends are not
points of both areas' outlines, two areas that share an edge without a border.

``DRAWING`` is the JSON-ready part of every view (the same object each time)::

    {"size": [1140, 1567],
     "areas": {"lennox": {"d": "m409 873 12 -5 ...z", "label": [409, 843], "columns": 3,
                "tint": "lowlands"}, ...},
     "borders": ["m... ...", ...],          # in the order of map.json's borders
     "islands": [{"name": "Skye", "d": "m...z"}, ...],
     "seas": [{"id": "north_sea", "name": "North Sea", "at": [1078, 520], "small": false}]}
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from gameshelf.plugins.hammer_scots.model import AREAS, BORDERS, DATA, DataError

Point = tuple[int, int]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AreaDrawing(_Frozen):
    tint: Literal["highlands", "lowlands", "england"]
    outline: tuple[Point, ...]
    label: Point
    columns: int


class BorderDrawing(_Frozen):
    a: str
    b: str
    line: tuple[Point, ...]


class Island(_Frozen):
    name: str
    outline: tuple[Point, ...]


class Sea(_Frozen):
    id: str
    name: str
    at: Point
    small: bool


class BoardDrawing(_Frozen):
    about: str
    size: Point
    areas: dict[str, AreaDrawing]
    borders: tuple[BorderDrawing, ...]
    islands: tuple[Island, ...]
    seas: tuple[Sea, ...]


def _segments(points: tuple[Point, ...], closed: bool) -> set[frozenset[Point]]:
    ring = points + points[:1] if closed else points
    return {frozenset(pair) for pair in pairwise(ring)}


def check(drawing: BoardDrawing) -> None:
    """The drawing fits the map: one outline per area, each border the edge its areas share."""
    if set(drawing.areas) != {a.id for a in AREAS}:
        raise DataError("board.json must draw exactly the areas of map.json")
    if [(b.a, b.b) for b in drawing.borders] != [(b.a, b.b) for b in BORDERS]:
        raise DataError("board.json's borders must follow map.json's, in order")
    edges = {aid: _segments(area.outline, True) for aid, area in drawing.areas.items()}
    for border in drawing.borders:
        line = _segments(border.line, False)
        for aid in (border.a, border.b):
            if not line <= edges[aid]:
                raise DataError(f"the {border.a}-{border.b} border is not on {aid}'s outline")
    bordered = {frozenset((b.a, b.b)) for b in BORDERS}
    ids = sorted(drawing.areas)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if edges[a] & edges[b] and frozenset((a, b)) not in bordered:
                raise DataError(f"{a} and {b} share an edge but no border")


def _path(points: tuple[Point, ...], closed: bool) -> str:
    """An SVG path, compact: the first point, then each step from the one before."""
    (x0, y0), steps = points[0], []
    for (px, py), (x, y) in pairwise(points):
        steps.append(f"{x - px} {y - py}")
    d = f"m{x0} {y0} " + " ".join(steps)
    return d + "z" if closed else d


def load() -> BoardDrawing:
    drawing = BoardDrawing(**json.loads((DATA / "board.json").read_text(encoding="utf-8")))
    check(drawing)
    return drawing


BOARD = load()

DRAWING: dict[str, Any] = {
    "size": list(BOARD.size),
    "areas": {
        aid: {
            "d": _path(a.outline, True),
            "label": list(a.label),
            "columns": a.columns,
            "tint": a.tint,
        }
        for aid, a in BOARD.areas.items()
    },
    "borders": [_path(b.line, False) for b in BOARD.borders],
    "islands": [{"name": i.name, "d": _path(i.outline, True)} for i in BOARD.islands],
    "seas": [s.model_dump(mode="json") for s in BOARD.seas],
}
