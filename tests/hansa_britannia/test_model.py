"""model.py and board.py: the 4–5 player side as data, checked at load, and the derived graph."""

from __future__ import annotations

import pytest

from gameshelf.plugins.hansa_britannia import model
from tests.hansa_britannia.builders import (
    CITIES,
    CITY_IX,
    GRAPH,
    N_SPACES,
    OFFICE_COIN,
    RINGS,
    ROUTE_COUNTRY,
    ROUTES,
    SHIP,
    TAVERNS,
    rid,
)


def test_the_board_has_the_printed_counts():  # issue 16 item 1
    assert len(CITIES) == 30
    assert sum(len(c.offices) for c in CITIES) == 72
    assert len(ROUTES) == 40
    assert N_SPACES == 121
    assert sum(SHIP) == 9


def test_the_maritime_routes_and_their_ship_spaces():  # RULES §12.5
    ships = {r.id: r.spaces.count("ship") for r in ROUTES if "ship" in r.spaces}
    assert ships == {
        "canterbury--calais": 1,
        "calais--southampton": 2,
        "chester--carlisle": 2,
        "conway--isle_of_man": 2,
        "carlisle--isle_of_man": 2,
    }


def test_taverns_printed_markers_coins_and_special_cities():  # RULES §4, §12.2, §12.6
    assert {ROUTES[r].id for r in TAVERNS} == {
        "richmond--lancaster",
        "coventry--nottingham",
        "salisbury--southampton",
    }
    printed = {r.id: r.printed_marker for r in ROUTES if r.printed_marker}
    assert printed == {
        "canterbury--calais": "move_any_2",
        "calais--southampton": "place_2_wales_scotland",
    }
    coins = {c.id: OFFICE_COIN[i] for i, c in enumerate(CITIES) if any(OFFICE_COIN[i])}
    assert coins == {"bristol": (2,), "ipswich": (2,), "plymouth": (0, 2)}
    assert {c.id: c.ability for c in CITIES if c.ability} == {
        "york": "clavis_urbis",
        "chester": "actiones",
        "london": "privilegium",
        "norwich": "liber_sophiae",
        "newcastle": "bursa",
    }
    assert CITIES[CITY_IX["isle_of_man"]].countries == ("Wales", "Scotland")
    assert [s.points for s in CITIES[CITY_IX["plymouth"]].special_prestige] == [7, 8, 9, 11]


def test_the_graph_joins_cities_by_their_routes():
    assert sorted(GRAPH.neighbours("oxford")) == ["cardiff", "london", "salisbury"]
    assert GRAPH.border("chester", "carlisle").kind == "England"
    assert GRAPH.border("hereford", "montgomery").kind == "Wales"


def test_displacement_rings_walk_only_the_allowed_countries():  # RULES §12.4, §13.3
    english = rid("hereford--chester")
    for ring in RINGS[english]:
        assert {ROUTE_COUNTRY[r] for r in ring} == {"England"}
    welsh = rid("conway--chester")
    assert {ROUTE_COUNTRY[r] for ring in RINGS[welsh] for r in ring} == {"England", "Wales"}
    assert rid("hereford--chester") in RINGS[welsh][0]  # shares Chester
    assert rid("chester--carlisle") in RINGS[welsh][0]


def _with_board(data: model.HansaData, i: int, board: model.BoardData) -> model.HansaData:
    boards = list(data.boards)
    boards[i] = board
    return data.model_copy(update={"boards": tuple(boards)})


@pytest.mark.parametrize("side", [0, 1])
def test_loading_refuses_data_that_contradicts_its_counts(side: int):
    data = model.load()
    board = data.boards[side].model_copy(update={"routes": data.boards[side].routes[:-1]})
    with pytest.raises(model.DataError, match="counts say"):
        model.check(_with_board(data, side, board))


def test_loading_refuses_a_route_to_an_unknown_city():
    data = model.load()
    first = data.boards[0]
    bad = first.routes[0].model_copy(
        update={"cities": ("calais", "atlantis"), "id": "calais--atlantis"}
    )
    board = first.model_copy(update={"routes": (bad, *first.routes[1:])})
    with pytest.raises(model.DataError, match="not two known cities"):
        model.check(_with_board(data, 0, board))


def test_loading_refuses_two_boards_for_one_player_count():
    data = model.load()
    board = data.boards[1].model_copy(update={"players": (3, 4)})
    with pytest.raises(model.DataError, match="one player count"):
        model.check(_with_board(data, 1, board))


def test_loading_refuses_a_yellow_flag_off_the_board():
    data = model.load()
    board = data.boards[1].model_copy(update={"yellow_flags": ("atlantis",)})
    with pytest.raises(model.DataError, match="yellow-flag"):
        model.check(_with_board(data, 1, board))


def test_the_2_3_side_has_its_printed_counts_and_changes():  # RULES §12.1, §12.5-12.6
    from gameshelf.plugins.hansa_britannia.board import THREE, board_for

    assert board_for(2) is board_for(3) is THREE
    assert (THREE.n_cities, sum(THREE.n_offices), THREE.n_routes, THREE.n_spaces) == (
        26,
        60,
        35,
        111,
    )
    assert sum(THREE.ship) == 7
    assert THREE.country_ids == ("England", "Wales")
    city = {c.id: c for c in THREE.cities}
    assert city["carlisle"].countries == city["newcastle"].countries == ("England",)
    assert city["isle_of_man"].countries == ("Wales",)
    assert [o.shape for o in city["isle_of_man"].offices] == ["square", "square"]
    assert {r.id: r.printed_marker for r in THREE.routes if r.printed_marker} == {
        "canterbury--calais": "move_any_2",
        "calais--southampton": "place_2_wales_scotland",
        "carlisle--isle_of_man": "move_any_2",
    }
    assert [THREE.city_id[c] for c, _ in THREE.permissions] == ["cardiff", "london"]
    with pytest.raises(ValueError, match="2 to 5"):
        board_for(6)
