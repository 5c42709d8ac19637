"""Border raids and the end of a game turn (RULES §8, §9)."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.plugins.hammer_scots.model import BLOCK_IX
from gameshelf.plugins.hammer_scots.state import POOL, State, machine
from tests.hammer_scots.builders import build, legal, play, said

NOBLES = {"comyn_e": "badenoch", "bruce_s": "annan"}
HANDS = {"England": ["move2_1"], "Scotland": ["move2_2"]}


def raid(blocks: dict[str, str]) -> State:
    """The battle phase is over (no battle left): the border raid check follows."""
    s = build(
        "battle_phase",
        blocks={**NOBLES, **blocks},
        hands=HANDS,
        turn=1,
        p1="England",
        p2="Scotland",
    )
    machine.enter(s, "battle_phase")
    return s


def test_no_raid_while_english_blocks_stand_in_england():
    s = raid({"douglas": "england", "york_infantry": "england", "york_knights": "lothian"})
    # (a contested England would have been fought; here the raiders simply are not alone)
    assert s.step != "border_raids"


def test_scots_alone_in_england_cost_england_a_non_noble_block_of_its_choice():
    s = raid({"douglas": "england", "york_infantry": "lothian", "edward": "fife", "mar_e": "mar"})
    assert s.step == "border_raids"
    assert s.active == ["England"]
    assert set(legal(s, "England")) == {("block", "york_infantry"), ("block", "edward")}
    before = s.to_json()
    with pytest.raises(IllegalAction, match="Nobles are never lost"):
        machine.apply(s, "England", Action("block", "mar_e"))
    assert s.to_json() == before
    play(s, "England", ("block", "edward"))
    assert s.location[BLOCK_IX["edward"]] == POOL
    assert "England lost a block in Fife to the border raid." in said(s)
    assert s.step == "card_phase"  # the next game turn
    assert s.turn == 2


def test_a_single_candidate_is_lost_without_asking():
    s = raid({"douglas": "england", "york_infantry": "lothian"})
    assert s.location[BLOCK_IX["york_infantry"]] == POOL
    assert s.step == "card_phase"


def test_with_no_non_noble_block_on_the_map_nothing_happens():
    s = raid({"douglas": "england"})
    assert "Scottish raiders hold England, but England has no block to lose." in said(s)
    assert s.step == "card_phase"


def test_the_game_turn_ends_with_the_sudden_death_check():
    s = build(
        "battle_phase",
        blocks={"comyn_e": "badenoch", "douglas": "fife"},
        hands=HANDS,
        turn=1,
        p1="England",
        p2="Scotland",
    )
    machine.enter(s, "battle_phase")
    assert s.step == "game_over"
    assert (s.outcome.winners, s.outcome.reason) == (["England"], "all_nobles")


def test_after_the_fifth_game_turn_comes_winter():
    s = build(
        "battle_phase",
        blocks=NOBLES,
        hands={"England": [], "Scotland": []},
        turn=5,
        year=1297,
        last_year=1305,
        p1="England",
        p2="Scotland",
    )
    machine.enter(s, "battle_phase")
    assert "Winter of 1297." in said(s)
