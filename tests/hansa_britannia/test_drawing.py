"""The board's drawing (drawing.py, data/layout-<side>.json) fits each side of the board: a box
for every city with its offices in the data's order, every route's spaces in order between its
two cities, a place for every route's bonus marker, nothing overlapping; a layout that breaks
any of it is refused at load with the reason; the static files the web board reads are the
drawings."""

from __future__ import annotations

import json
import math

import pytest

from gameshelf.plugins.hansa_britannia.board import BOARD, BOARDS
from gameshelf.plugins.hansa_britannia.drawing import (
    DRAWING,
    DRAWINGS,
    LAYOUT,
    LAYOUTS,
    SLOT,
    Layout,
    as_file,
    check,
    problems,
    static_file,
)
from gameshelf.plugins.hansa_britannia.model import DataError


def changed(**parts: object) -> Layout:
    return LAYOUT.model_copy(update=parts)


def inside(point: list[int], box: list[int]) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


SIDES = sorted(BOARDS)


def test_every_side_is_drawn_and_its_layout_has_no_problem():
    assert set(LAYOUTS) == set(DRAWINGS) == set(BOARDS) == {"4-5", "3"}
    for side, layout in LAYOUTS.items():
        assert layout.side == side
        assert problems(layout) == []
    assert LAYOUT.side == BOARD.side == DRAWING["side"]


@pytest.mark.parametrize("side", SIDES)
def test_every_city_has_a_box_holding_its_offices_left_to_right(side: str):
    drawing = DRAWINGS[side]
    cities = BOARDS[side].cities
    assert set(drawing["cities"]) == {c.id for c in cities}
    for city in cities:
        drawn = drawing["cities"][city.id]
        assert [(o["shape"], o["privilege"], o["coin"]) for o in drawn["offices"]] == [
            (o.shape, o.privilege, o.coin) for o in city.offices
        ]
        assert all(inside(o["at"], drawn["box"]) for o in drawn["offices"])
        first_row = [o["at"] for o in drawn["offices"][:4]]
        assert [p[0] for p in first_row] == sorted(p[0] for p in first_row)  # left to right
        assert drawn["countries"] == list(city.countries)
        assert drawn["ability"] == city.ability
        assert ("ability_at" in drawn) == bool(city.ability)
    london = DRAWING["cities"]["london"]["offices"]
    assert len(london) == 8
    assert london[4]["at"][1] > london[0]["at"][1]  # the fifth office starts a second row


def test_plymouth_shows_its_special_prestige_spaces():
    special = DRAWING["cities"]["plymouth"]["special"]
    assert [(s["privilege"], s["points"]) for s in special] == [
        ("white", 7),
        ("orange", 8),
        ("pink", 9),
        ("black", 11),
    ]
    assert all(inside(s["at"], DRAWING["cities"]["plymouth"]["box"]) for s in special)


def test_the_sides_draw_their_own_offices():  # Isle of Man: circles on 4-5, squares on 3
    assert {o["shape"] for o in DRAWINGS["4-5"]["cities"]["isle_of_man"]["offices"]} == {"circle"}
    assert {o["shape"] for o in DRAWINGS["3"]["cities"]["isle_of_man"]["offices"]} == {"square"}
    assert "edinburgh" in DRAWINGS["4-5"]["cities"]
    assert "edinburgh" not in DRAWINGS["3"]["cities"]
    assert set(DRAWINGS["3"]["countries"]) == {"England", "Wales"}


@pytest.mark.parametrize("side", SIDES)
def test_every_route_has_its_spaces_in_order_from_its_first_city(side: str):
    drawing, board = DRAWINGS[side], BOARDS[side]
    assert set(drawing["routes"]) == {r.id for r in board.routes}
    assert sum(len(r["spaces"]) for r in drawing["routes"].values()) == board.data.counts.spaces
    for route in board.routes:
        drawn = drawing["routes"][route.id]
        assert drawn["kinds"] == list(route.spaces)
        assert drawn["country"] == route.country
        assert drawn["tavern"] == route.tavern
        assert drawn["printed"] == route.printed_marker
        start = drawing["cities"][route.cities[0]]["box"]
        centre = (start[0] + start[2] / 2, start[1] + start[3] / 2)
        far = [math.dist(centre, sp[:2]) for sp in drawn["spaces"]]
        assert far == sorted(far)  # the first space is the one nearest cities[0]
        for a, b in zip(drawn["spaces"], drawn["spaces"][1:], strict=False):
            assert math.dist(a[:2], b[:2]) >= SLOT  # apart along the line
    ships = sum(k == "ship" for r in drawing["routes"].values() for k in r["kinds"])
    assert ships == board.data.counts.ship_spaces


@pytest.mark.parametrize("side", SIDES)
def test_the_static_file_the_board_reads_is_the_drawing(side: str):
    text = static_file(side).read_text(encoding="utf-8")
    assert json.loads(text) == DRAWINGS[side]
    assert text == as_file(DRAWINGS[side]), (
        "run python -m gameshelf.plugins.hansa_britannia.drawing"
    )


def test_a_missing_city_is_refused():
    cities = dict(LAYOUT.cities)
    del cities["york"]
    with pytest.raises(DataError, match="exactly the cities"):
        check(changed(cities=cities))


def test_overlapping_city_boxes_are_refused():
    cities = {**LAYOUT.cities, "york": LAYOUT.cities["durham"]}
    with pytest.raises(DataError, match="overlap"):
        check(changed(cities=cities))


def test_a_box_off_the_map_is_refused():
    cities = {**LAYOUT.cities, "ipswich": (LAYOUT.size[0] + 10, 300)}
    with pytest.raises(DataError, match="off the map"):
        check(changed(cities=cities))


def test_a_route_too_short_for_its_spaces_is_refused():
    x, y = LAYOUT.cities["oxford"]
    layout = changed(cities={**LAYOUT.cities, "london": (x + 160, y)})
    assert "route london--oxford is too short for its 4 spaces" in problems(layout)
    with pytest.raises(DataError, match="too short"):
        check(layout)


def test_a_bend_of_no_route_is_refused():
    with pytest.raises(DataError, match="no route"):
        check(changed(bends={"york--london": ((900, 900),)}))


def test_a_route_through_a_third_city_is_refused():
    bends = {**LAYOUT.bends, "london--oxford": (LAYOUT.cities["bristol"],)}
    with pytest.raises(DataError, match="london--oxford crosses the box of bristol"):
        check(changed(bends=bends))


def test_a_layout_of_no_side_or_of_another_side_is_refused():
    with pytest.raises(DataError, match="no side 7"):
        check(changed(side="7"))
    with pytest.raises(DataError, match="exactly the cities"):
        check(changed(side="3"))  # the 4-5 side's cities are not the 3 side's
