"""Where eliminated blocks go (RULES §7, §11.1, §14.3)."""

from __future__ import annotations

import pytest

from gameshelf.plugins.hammer_scots.losses import eliminate, eliminate_in_battle
from gameshelf.plugins.hammer_scots.model import AREA_IX, BLOCK_IX
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import DEAD, OFF, POOL, State
from tests.hammer_scots.builders import build


def lose(block: str, *, in_battle: bool, **fields: object) -> State:
    s = build(
        "battle_round", blocks={block: "lanark"}, strength={block: 1}, battle="lanark", **fields
    )
    (eliminate_in_battle if in_battle else eliminate)(s, BLOCK_IX[block])
    return s


def where(s: State, block: str) -> int:
    return s.location[BLOCK_IX[block]]


@pytest.mark.parametrize("in_battle", [True, False])
def test_an_ordinary_block_goes_to_its_pool_at_full_strength(in_battle):
    s = lose("york_infantry", in_battle=in_battle)
    assert where(s, "york_infantry") == POOL
    assert s.strength[BLOCK_IX["york_infantry"]] == 4


def test_a_noble_lost_in_battle_is_captured_in_reserve_at_one_step():
    s = lose("comyn_e", in_battle=True)
    assert where(s, "comyn_e") == OFF
    assert where(s, "comyn_s") == AREA_IX["lanark"]
    assert s.strength[BLOCK_IX["comyn_s"]] == 1
    assert s.reserves == [BLOCK_IX["comyn_s"]]


def test_a_noble_lost_otherwise_switches_sides_at_one_step_not_in_reserve():
    s = lose("comyn_s", in_battle=False)
    assert where(s, "comyn_e") == AREA_IX["lanark"]
    assert s.strength[BLOCK_IX["comyn_e"]] == 1
    assert s.reserves == []


@pytest.mark.parametrize("block", ["wallace", "moray", "norse", "french_knights", "hobelars"])
def test_black_cross_blocks_killed_in_battle_are_out_for_good(block):
    s = lose(block, in_battle=True)
    assert where(s, block) == DEAD
    assert RULESET.outcome(s) is None


@pytest.mark.parametrize("block", ["wallace", "moray", "norse", "french_knights", "hobelars"])
def test_black_cross_blocks_lost_otherwise_go_to_the_pool(block):
    s = lose(block, in_battle=False)
    assert where(s, block) == POOL


def test_the_king_killed_in_battle_is_an_english_win():
    s = lose("king", in_battle=True)
    assert where(s, "king") == DEAD
    assert RULESET.outcome(s).reason == "king_killed"
    assert RULESET.outcome(s).winners == ["England"]


def test_the_king_lost_otherwise_goes_to_the_pool_without_a_win():  # RULES §14.3 [impl]
    s = lose("king", in_battle=False)
    assert where(s, "king") == POOL
    assert RULESET.outcome(s) is None


def test_edward_i_killed_becomes_edward_ii_in_the_pool():
    s = lose("edward", in_battle=True)
    assert (where(s, "edward"), s.edward) == (POOL, 2)
    assert RULESET.outcome(s) is None


def test_edward_ii_killed_in_battle_is_a_scottish_win():
    s = lose("edward", in_battle=True, edward=2)
    assert where(s, "edward") == DEAD
    assert RULESET.outcome(s).reason == "edward_ii_killed"


def test_edward_lost_otherwise_goes_to_the_pool_unchanged():
    s = lose("edward", in_battle=False)
    assert (where(s, "edward"), s.edward) == (POOL, 1)
    s = lose("edward", in_battle=False, edward=2)
    assert (where(s, "edward"), s.edward) == (POOL, 2)
    assert RULESET.outcome(s) is None
