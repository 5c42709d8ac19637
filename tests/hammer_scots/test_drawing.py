"""The board's drawing (data/board.json) fits the map: a region per area, each border on the
edge its two areas share, no edge shared without a border, names and stacks inside the box."""

from __future__ import annotations

import json

import pytest

from gameshelf.plugins.hammer_scots.drawing import BOARD, DRAWING, BoardDrawing, check
from gameshelf.plugins.hammer_scots.model import AREAS, BORDERS, CARDS, DataError
from gameshelf.plugins.hammer_scots.rules import RULESET


def inside(x: float, y: float, outline: tuple[tuple[int, int], ...]) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def test_every_area_is_a_region_with_its_name_and_blocks_inside():
    width, height = BOARD.size
    for area in AREAS:
        drawn = BOARD.areas[area.id]
        assert len(drawn.outline) >= 4
        assert inside(*drawn.label, drawn.outline), area.id
        assert inside(area.x, area.y + 20, drawn.outline), area.id  # the first row of blocks
        assert 0 < drawn.label[0] < width
        assert 0 < drawn.label[1] < height
        assert drawn.label[1] < area.y  # the stack starts below the name


def test_each_border_is_drawn_on_the_edge_its_areas_share():
    assert [(b.a, b.b) for b in BOARD.borders] == [(b.a, b.b) for b in BORDERS]
    check(BOARD)  # raises DataError otherwise


def test_a_drawing_with_an_edge_shared_without_a_border_is_refused():
    data = BOARD.model_dump()
    l0, l1 = data["areas"]["lothian"]["outline"][:2]
    fife = list(data["areas"]["fife"]["outline"])
    # a detour from Fife's first point along one of Lothian's edges and back: Fife keeps
    # every edge it had and now touches Lothian, across the Forth where no border is
    data["areas"]["fife"]["outline"] = [fife[0], l1, l0, *fife]
    with pytest.raises(DataError, match="fife and lothian share an edge but no border"):
        check(BoardDrawing(**data))


def test_a_border_off_its_areas_outline_is_refused():
    data = BOARD.model_dump()
    data["borders"][0]["line"] = [[0, 0], [1, 1]]
    with pytest.raises(DataError, match="border is not on"):
        check(BoardDrawing(**data))


def test_views_carry_the_drawing_and_what_each_card_does():
    s = RULESET.setup(4, "braveheart")
    view = RULESET.view(s, "England")
    assert view["drawing"] is DRAWING
    assert json.loads(json.dumps(view["drawing"])) == view["drawing"]  # JSON through and through
    assert set(view["drawing"]["areas"]) == {a.id for a in AREAS}
    assert len(view["drawing"]["borders"]) == len(BORDERS)
    assert {sea["id"] for sea in view["drawing"]["seas"]} >= {"north_sea", "irish_sea"}
    assert all(card["text"] for card in view["hand"])
    assert all(card.text for card in CARDS.values())  # every card, event or move, explains itself


BLOCK, GAP = 44, 4  # a block's side and the gap between two, as board.js draws them


def name_box(area_id: str) -> tuple[float, float, float, float]:
    """Roughly where an area's name and the marks under it are drawn."""
    (x, y), name = BOARD.areas[area_id].label, next(a.name for a in AREAS if a.id == area_id)
    half = (len(name) * (24 if area_id == "england" else 15) + 10) / 2
    return (x - half, y - 20, x + half, y + 26)


def stack_box(area_id: str, blocks: int) -> tuple[float, float, float, float]:
    area = next(a for a in AREAS if a.id == area_id)
    columns = BOARD.areas[area_id].columns
    rows = -(-blocks // columns)
    half = (min(blocks, columns) * (BLOCK + GAP) - GAP) / 2
    return (area.x - half, area.y, area.x + half, area.y + rows * (BLOCK + GAP) - GAP)


def test_stacks_of_four_blocks_never_cover_a_name():
    for area in AREAS:
        stack = stack_box(area.id, 8 if area.id == "england" else 4)
        for other in AREAS:
            name = name_box(other.id)
            overlap = (
                stack[0] < name[2]
                and name[0] < stack[2]
                and stack[1] < name[3]
                and name[1] < stack[3]
            )
            assert not overlap, f"{area.id}'s blocks cover the name of {other.id}"
