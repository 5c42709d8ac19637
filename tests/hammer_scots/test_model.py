"""The data: loaded once, checked at load, and its derived indices (RULES §1)."""

from __future__ import annotations

from collections import Counter

from gameshelf.plugins.hammer_scots.model import (
    AREAS,
    BLOCKS,
    BORDER_AT,
    BORDERS,
    CARDS,
    COASTAL,
    ENGLAND,
    OTHER_COLOUR,
    TWO_COLOURED,
    aix,
    bix,
)
from gameshelf.plugins.hammer_scots.state import blocks_in, is_contested
from tests.hammer_scots.builders import build


def test_map_has_23_areas_and_49_borders_21_black_28_red():
    assert len(AREAS) == 23
    assert Counter(b.type for b in BORDERS) == {"black": 21, "red": 28}


def test_the_anglo_scottish_border_is_three_borders_of_england():
    national = {(b.a, b.b, b.type) for b in BORDERS if b.national}
    assert national == {
        ("england", "annan", "black"),
        ("england", "dunbar", "black"),
        ("england", "teviot", "red"),
    }
    assert AREAS[ENGLAND].id == "england"


def test_areas_without_a_printed_border_are_not_adjacent():
    assert BORDER_AT[aix("carrick")][aix("argyll")] == -1
    assert BORDER_AT[aix("lothian")][aix("fife")] == -1
    assert BORDER_AT[aix("lanark")][aix("selkirk")] >= 0


def test_cathedrals_add_one_for_the_scots_only():
    fife = AREAS[aix("fife")]
    assert fife.castle_limit("Scotland") == 3
    assert fife.castle_limit("England") == 2
    assert [a.id for a in AREAS if a.cathedral] == ["strathspey", "lennox", "fife"]


def test_inland_areas_are_not_coastal():
    inland = {AREAS[i].id for i, c in enumerate(COASTAL) if not c}
    assert inland == {"badenoch", "mar", "atholl", "lanark", "selkirk", "teviot"}


def test_56_blocks_28_a_side_and_13_two_coloured_nobles():
    assert Counter(b.side for b in BLOCKS) == {"England": 28, "Scotland": 28}
    assert len(TWO_COLOURED) == 13
    assert OTHER_COLOUR[bix("comyn_s")] == bix("comyn_e")
    assert OTHER_COLOUR[bix("moray")] == -1
    assert BLOCKS[bix("bruce_e")].homes == ("annan", "carrick")


def test_card_mix_is_three_threes_ten_twos_seven_ones_and_five_events():
    values = Counter(c.value for c in CARDS.values() if c.event is None)
    assert values == {3: 3, 2: 10, 1: 7}
    assert sorted(c.event for c in CARDS.values() if c.event) == [
        "herald",
        "pillage",
        "sea_move",
        "truce",
        "victuals",
    ]


def test_builder_places_only_the_named_blocks():
    s = build(
        blocks={"wallace": "selkirk", "comyn_e": "selkirk", "douglas": "pool"},
        strength={"wallace": 2},
    )
    assert blocks_in(s, "selkirk") == {"wallace", "comyn_e"}
    assert s.strength[bix("wallace")] == 2
    assert is_contested(s, aix("selkirk"))
    assert sum(1 for loc in s.location if loc >= 0) == 2
