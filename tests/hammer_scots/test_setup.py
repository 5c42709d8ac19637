"""RULES §13: the three scenarios, the English levy, the pools, the options."""

from __future__ import annotations

import pytest

from gameshelf.plugins.hammer_scots.model import AREA_ID, ENGLAND, FULL, SCOTTISH, bix
from gameshelf.plugins.hammer_scots.setup import new_game
from gameshelf.plugins.hammer_scots.state import (
    DEAD,
    OFF,
    POOL,
    blocks_in,
    in_pool,
    nobles_on_map,
)


def where(s, block):
    loc = s.location[bix(block)]
    return {POOL: "pool", OFF: "off", DEAD: "dead"}.get(loc) or AREA_ID[loc]


def test_braveheart_deploys_11_english_and_3_scottish_nobles():
    s = new_game(7, "braveheart", {})
    assert len(nobles_on_map(s, "England")) == 11
    assert {where(s, b) for b in ("bruce_s", "galloway_s", "moray")} == {
        "annan",
        "galloway",
        "moray",
    }
    assert blocks_in(s, "fife") == {"wallace", "douglas", "barclay"}
    assert where(s, "comyn_e") == "badenoch"
    assert s.strength[bix("northumber_infantry")] == 4
    assert where(s, "king") == "off"
    assert where(s, "french_knights") == "off"
    assert (s.year, s.first_year, s.last_year) == (1297, 1297, 1305)
    assert not s.king_crowned


def test_braveheart_levies_four_random_english_blocks_from_a_pool_of_13():
    s = new_game(7, "braveheart", {})
    levied = blocks_in(s, "england")
    assert len(levied) == 4
    assert len(in_pool(s, "England")) == 9
    assert len(in_pool(s, SCOTTISH)) == 7
    others = {
        frozenset(blocks_in(new_game(seed, "braveheart", {}), "england")) for seed in range(8)
    }
    assert len(others) > 1  # the levy is random


def test_levy_blocks_enter_at_full_strength():
    s = new_game(3, "braveheart", {})
    for b in range(len(s.location)):
        if s.location[b] == ENGLAND:
            assert s.strength[b] == FULL[b]


def test_the_bruce_starts_crowned_with_wallace_and_moray_dead():
    s = new_game(1, "the_bruce", {})
    assert s.king_crowned
    assert blocks_in(s, "fife") == {"king", "douglas", "barclay"}
    assert where(s, "wallace") == "dead"
    assert where(s, "moray") == "dead"
    assert where(s, "french_knights") == "off"
    assert len(nobles_on_map(s, "England")) == 8
    assert len(nobles_on_map(s, SCOTTISH)) == 5
    assert len(blocks_in(s, "england")) == 6
    assert len(in_pool(s, "England")) == 5
    assert (s.year, s.last_year) == (1306, 1314)
    assert blocks_in(s, "lanark") == {"steward_e", "westmor_infantry"}


def test_campaign_is_braveheart_with_no_end_year():
    s = new_game(7, "campaign", {})
    b = new_game(7, "braveheart", {})
    assert s.location == b.location
    assert s.strength == b.strength
    assert s.last_year is None


def test_every_block_is_somewhere_and_one_colour_of_each_noble_is_out():
    s = new_game(5, "braveheart", {})
    assert where(s, "bruce_e") == "off"
    assert where(s, "comyn_s") == "off"


def test_the_first_year_is_dealt_five_cards_each():
    s = new_game(5, "braveheart", {})
    assert len(s.hands["England"]) == 5
    assert len(s.hands[SCOTTISH]) == 5
    assert not set(s.hands["England"]) & set(s.hands[SCOTTISH])
    assert s.step == "card_phase"
    assert s.turn == 1


def test_a_shorter_game_ends_earlier():
    s = new_game(5, "braveheart", {"last_year": 1299})
    assert s.last_year == 1299
    assert new_game(5, "campaign", {"last_year": 1320}).last_year == 1320


def test_a_last_year_outside_the_scenario_is_refused():
    with pytest.raises(ValueError, match="not possible"):
        new_game(5, "braveheart", {"last_year": 1310})
    with pytest.raises(ValueError, match="not possible"):
        new_game(5, "the_bruce", {"last_year": 1300})


def test_schiltroms_option_is_recorded_for_the_battles():
    assert new_game(5, "braveheart", {"schiltroms": True}).schiltroms
    assert not new_game(5, "braveheart", {}).schiltroms
