"""Battles (RULES §6): order, rounds, fire and hits, reserves, control, retreat, regroup."""

from __future__ import annotations

import re

import pytest

from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.testing.machines import trail
from gameshelf.plugins.hammer_scots.battle import battle_of, fire_rating, hit_targets, start_battle
from gameshelf.plugins.hammer_scots.model import AREA_IX, BLOCK_IX, SIDE
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import DEAD, OFF, POOL, State, blocks_in, machine
from tests.hammer_scots.builders import build, legal, play, refused, said, words

# Two more battles elsewhere, so that battle_phase waits for Player 1 once ours is over.
SPARE = {
    "westmor_infantry": "garmoran",
    "lindsay": "garmoran",
    "durham_infantry": "ross",
    "graham": "ross",
}


def battle(
    where: str,
    attacker: str,
    blocks: dict[str, str],
    *,
    dice: tuple[int, ...] = (),
    p1: str = "England",
    **fields: object,
) -> State:
    """A battle in ``where`` called from the battle phase, dice scripted, begun."""
    s = build(
        "battle_phase",
        blocks={**blocks, **SPARE},
        attacker={where: attacker, "garmoran": "England", "ross": "England"},
        p1=p1,
        p2="Scotland" if p1 == "England" else "England",
        **fields,
    )
    s.rng.script = list(dice)
    start_battle(s, AREA_IX[where], attacker)
    return s


def loc(s: State, block: str) -> int:
    return s.location[BLOCK_IX[block]]


def strength(s: State, block: str) -> int:
    return s.strength[BLOCK_IX[block]]


# --- the battle's frame ----------------------------------------------------------------------


def test_a_battle_keeps_its_working_values_in_its_frame():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "douglas": "lanark", "york_infantry": "lanark"},
        reserves=["douglas"],
    )
    bt = battle_of(s)
    assert trail(s)[-2:] == ["battle", "battle_round"]  # the procedure called it
    assert s.stack[-2].args is bt
    assert (bt.area, bt.attacker, bt.round, bt.acted) == (AREA_IX["lanark"], "Scotland", 1, [])
    play(s, "Scotland", ("pass", "wallace"))
    assert battle_of(s).acted == [BLOCK_IX["wallace"]]
    again = State.from_json(s.to_json())  # the frame goes through JSON exactly
    assert again.to_json() == s.to_json()
    assert battle_of(again) == battle_of(s)
    flat = {"battle", "battle_round", "battle_attacker", "acted", "hits", "hits_to", "retreating"}
    assert not flat & set(State.__dataclass_fields__)  # nothing of a battle on the state


# --- the battle phase (RULES §6.1) ---------------------------------------------------------


def three_battles_for_scotland_to_order() -> State:
    """Battle phase with Scotland as player 1: Lanark, Garmoran and Ross to fight."""
    return build(
        "battle_phase",
        blocks={"wallace": "lanark", "york_infantry": "lanark", **SPARE},
        attacker={"lanark": "Scotland", "garmoran": "England", "ross": "England"},
        p1="Scotland",
        p2="England",
        begin=True,
    )


def test_player_1_picks_the_battles_in_turn():
    s = three_battles_for_scotland_to_order()
    assert s.active == ["Scotland"]
    assert set(legal(s, "Scotland")) == {("area", "lanark"), ("area", "garmoran"), ("area", "ross")}
    refused(s, "Scotland", ("area", "fife"), "both sides")
    play(s, "Scotland", ("area", "lanark"))
    assert s.step == "battle_round"
    assert battle_of(s).area == AREA_IX["lanark"]
    assert battle_of(s).attacker == "Scotland"
    assert trail(s)[-3:] == ["battle_phase", "battle", "battle_round"]


def test_picking_a_battle_reveals_its_blocks_so_undo_cannot_cross_it():  # RULES §1
    s = three_battles_for_scotland_to_order()
    epoch = s.rng.epoch
    play(s, "Scotland", ("area", "lanark"))
    assert s.rng.epoch != epoch


def test_a_lone_battle_is_fought_at_once():
    s = build(
        "battle_phase",
        blocks={"wallace": "lanark", "york_infantry": "lanark"},
        attacker={"lanark": "England"},
        p1="England",
        p2="Scotland",
        begin=True,
    )
    assert s.step == "battle_round"
    assert battle_of(s).area == AREA_IX["lanark"]


def test_after_the_battle_player_1_picks_the_next_one():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "york_infantry": "lanark"},
        dice=(1, 1, 1, 1),
        strength={"york_infantry": 1},
    )
    play(s, "Scotland", ("fire", "wallace"))
    assert "wallace" in blocks_in(s, "lanark")
    assert s.step == "regroup"
    play(s, "Scotland", "done")
    assert s.step == "battle_phase"
    assert s.active == ["England"]
    assert battle_of(s) is None
    assert s.attacker[AREA_IX["lanark"]] == ""


# --- combat turns (RULES §6.3) ----------------------------------------------------------------


def test_defending_a_fires_before_attacking_a_then_b_then_c():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "douglas": "lanark", "hobelars": "lanark", "york_knights": "lanark"},
    )
    order = []
    while s.step == "battle_round" and battle_of(s).round == 1:
        role = s.active[0]
        block = next(arg for typ, arg in legal(s, role) if typ == "pass")
        order.append((role, block))
        play(s, role, ("pass", block))
    assert order == [
        ("England", "hobelars"),
        ("Scotland", "wallace"),
        ("England", "york_knights"),
        ("Scotland", "douglas"),
    ]
    assert battle_of(s).round == 2


def test_a_block_acts_once_a_round_and_out_of_turn_is_refused():
    s = battle(
        "lanark", "Scotland", {"wallace": "lanark", "keith": "lanark", "york_infantry": "lanark"}
    )
    assert s.active == ["Scotland"]
    refused(s, "Scotland", ("fire", "keith"), "A blocks act before B")
    before = s.to_json()
    with pytest.raises(IllegalAction) as exc:
        machine.apply(s, "England", Action("pass", "york_infantry"))
    assert exc.value.code == "not_your_turn"
    assert s.to_json() == before
    play(s, "Scotland", ("pass", "wallace"))
    refused(s, "Scotland", ("fire", "wallace"), "already had its combat turn")


# --- fire and hits (RULES §6.4) ----------------------------------------------------------------


def test_a_block_may_pass_its_combat_turn_neither_firing_nor_retreating():  # RULES §6.3
    s = battle("lanark", "Scotland", {"wallace": "lanark", "york_infantry": "lanark"})
    play(s, "Scotland", ("pass", "wallace"))
    assert said(s)[-1] == "Wallace passed without firing or retreating."
    assert loc(s, "wallace") == AREA_IX["lanark"]
    assert battle_of(s).acted == [BLOCK_IX["wallace"]]
    assert s.active == ["England"]  # the next combat turn: York Infantry's


def test_one_die_per_step_hits_on_the_fire_rating_or_less():
    s = battle(
        "lanark", "Scotland", {"wallace": "lanark", "york_infantry": "lanark"}, dice=(1, 3, 4, 6)
    )
    play(s, "Scotland", ("fire", "wallace"))
    assert strength(s, "york_infantry") == 2  # two hits: the 1 and the 3 (A3)
    assert "Wallace (A3) fired 1 3 4 6: 2 hits." in said(s)


def test_hits_go_to_the_strongest_block_and_the_owner_breaks_ties():
    s = battle(
        "lanark",
        "Scotland",
        {
            "wallace": "lanark",
            "york_knights": "lanark",
            "york_infantry": "lanark",
            "cumbria_infantry": "lanark",
        },
        dice=(1, 2, 3, 6),
    )
    play(s, "Scotland", ("fire", "wallace"))
    assert s.step == "battle_hits"
    assert s.active == ["England"]
    assert set(legal(s, "England")) == {("hit", "york_knights"), ("hit", "york_infantry")}
    refused(s, "England", ("hit", "cumbria_infantry"), "strongest block")
    play(s, "England", ("hit", "york_knights"))
    # York Infantry, alone at 4, took the second hit without asking; now three at 3.
    assert strength(s, "york_infantry") == 3
    assert s.step == "battle_hits"
    assert len(legal(s, "England")) == 3
    play(s, "England", ("hit", "cumbria_infantry"))
    assert (
        strength(s, "york_knights"),
        strength(s, "york_infantry"),
        strength(s, "cumbria_infantry"),
    ) == (
        3,
        3,
        2,
    )
    assert s.step == "battle_round"
    assert battle_of(s).hits == 0


def test_hits_beyond_the_last_block_are_lost_and_the_battle_ends():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "york_infantry": "lanark"},
        dice=(1, 1, 1, 1),
        strength={"york_infantry": 2},
    )
    play(s, "Scotland", ("fire", "wallace"))
    assert loc(s, "york_infantry") == POOL
    assert strength(s, "york_infantry") == 4  # back to full strength in the pool
    assert "Scotland won the battle in Lanark." in said(s)
    assert s.step == "regroup"


def test_a_noble_defending_its_home_fires_one_higher():
    s = battle(
        "badenoch", "Scotland", {"douglas": "badenoch", "comyn_e": "badenoch"}, dice=(3, 3, 3, 3)
    )
    assert fire_rating(s, battle_of(s), BLOCK_IX["comyn_e"]) == 3
    play(s, "England", ("fire", "comyn_e"))
    assert loc(s, "douglas") == POOL  # four hits at B3


def test_a_noble_attacking_its_home_has_no_bonus():
    s = battle(
        "badenoch", "England", {"douglas": "badenoch", "comyn_e": "badenoch"}, dice=(3, 3, 3, 3)
    )
    assert fire_rating(s, battle_of(s), BLOCK_IX["comyn_e"]) == 2
    play(s, "England", ("fire", "comyn_e"))
    assert strength(s, "douglas") == 4


def test_moray_defending_moray_fires_one_higher():
    s = battle("moray", "England", {"moray": "moray", "york_infantry": "moray"})
    assert fire_rating(s, battle_of(s), BLOCK_IX["moray"]) == 3
    s = battle("fife", "England", {"moray": "fife", "york_infantry": "fife"})
    assert fire_rating(s, battle_of(s), BLOCK_IX["moray"]) == 2


def test_schiltroms_scottish_infantry_fire_higher_without_english_archers():
    s = battle(
        "lanark",
        "England",
        {"douglas": "lanark", "barclay": "lanark", "york_infantry": "lanark"},
        schiltroms=True,
    )
    assert fire_rating(s, battle_of(s), BLOCK_IX["douglas"]) == 4
    assert fire_rating(s, battle_of(s), BLOCK_IX["barclay"]) == 3
    s = battle(
        "lanark",
        "England",
        {"douglas": "lanark", "york_infantry": "lanark", "lancaster_archers": "lanark"},
        schiltroms=True,
    )
    assert fire_rating(s, battle_of(s), BLOCK_IX["douglas"]) == 3
    s = battle("lanark", "England", {"douglas": "lanark", "york_infantry": "lanark"})
    assert fire_rating(s, battle_of(s), BLOCK_IX["douglas"]) == 3


# --- capture and death (RULES §6.5, §7) --------------------------------------------------------


def test_a_noble_eliminated_in_battle_changes_sides_at_one_step_in_reserve():
    s = battle(
        "lanark",
        "Scotland",
        {"douglas": "lanark", "mar_e": "lanark", "york_infantry": "lanark"},
        strength={"mar_e": 1, "york_infantry": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "England", ("pass", "mar_e"))
    play(s, "England", ("pass", "york_infantry"))
    play(s, "Scotland", ("fire", "douglas"))
    assert s.step == "battle_hits"
    play(s, "England", ("hit", "mar_e"))
    assert loc(s, "mar_e") == OFF
    assert loc(s, "mar_s") == AREA_IX["lanark"]
    assert strength(s, "mar_s") == 1
    assert "Mar was captured and now fights for Scotland." in said(s)
    # In reserve for the rest of round 1; from round 2 it fights for Scotland.
    assert battle_of(s).round == 2
    assert BLOCK_IX["mar_s"] not in s.reserves
    assert s.active == ["Scotland"]
    assert ("fire", "mar_s") in legal(s, "Scotland")


def test_capturing_the_last_defender_wins_the_battle():
    s = battle(
        "lanark",
        "Scotland",
        {"douglas": "lanark", "mar_e": "lanark"},
        strength={"mar_e": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "England", ("pass", "mar_e"))
    play(s, "Scotland", ("fire", "douglas"))
    assert blocks_in(s, "lanark") == {"douglas", "mar_s"}
    assert s.step == "regroup"
    assert s.active == ["Scotland"]
    assert ("block", "mar_s") in legal(s, "Scotland")  # former reserves regroup too
    play(s, "Scotland", "done")
    assert s.reserves == []


def test_moray_is_never_captured_he_dies():
    s = battle(
        "fife",
        "England",
        {"moray": "fife", "york_infantry": "fife"},
        strength={"moray": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "Scotland", ("pass", "moray"))
    play(s, "England", ("fire", "york_infantry"))
    assert loc(s, "moray") == DEAD
    assert "Moray was killed." in said(s)


# --- Celtic unity, reserves, battlefield control (RULES §6.2) ----------------------------


def test_celtic_unity_welsh_and_ulster_leave_on_5_or_6_at_round_1():
    s = battle(
        "lanark",
        "England",
        {
            "douglas": "lanark",
            "wales_infantry": "lanark",
            "ulster_infantry": "lanark",
            "york_infantry": "lanark",
        },
        strength={"wales_infantry": 2},
        dice=(5, 4),
    )
    assert loc(s, "wales_infantry") == POOL
    assert strength(s, "wales_infantry") == 3
    assert loc(s, "ulster_infantry") == AREA_IX["lanark"]
    assert "Wales Infantry rolled 5 and went home (Celtic unity)." in said(s)


def test_celtic_unity_for_reserves_is_rolled_when_they_join_at_round_2():
    s = battle(
        "lanark",
        "England",
        {"douglas": "lanark", "wales_archers": "lanark", "york_infantry": "lanark"},
        reserves=["wales_archers"],
    )
    assert loc(s, "wales_archers") == AREA_IX["lanark"]  # no roll for a reserve in round 1
    s.rng.script = [6]
    play(s, "Scotland", ("pass", "douglas"))
    play(s, "England", ("pass", "york_infantry"))
    assert battle_of(s).round == 2
    assert loc(s, "wales_archers") == POOL


def test_reserves_neither_fight_nor_take_hits_in_round_1_and_join_in_round_2():
    s = battle(
        "lanark",
        "Scotland",
        {
            "wallace": "lanark",
            "douglas": "lanark",
            "york_infantry": "lanark",
            "york_knights": "lanark",
        },
        reserves=["douglas", "york_knights"],
        dice=(1, 1, 1, 1),
        strength={"wallace": 1},
    )
    assert ("pass", "douglas") not in legal(s, "Scotland")
    play(s, "Scotland", ("pass", "wallace"))
    bt = battle_of(s)
    bt.hits_to = "England"
    assert hit_targets(s, bt) == [BLOCK_IX["york_infantry"]]
    bt.hits_to = ""
    play(s, "England", ("fire", "york_infantry"))  # four hits, only Wallace may take them
    assert loc(s, "wallace") == DEAD
    assert strength(s, "douglas") == 4
    # Scotland's only fighter is gone: round 1 stops; round 2 brings the reserves in.
    assert battle_of(s).round == 2
    assert s.reserves == []
    assert "Reserves joined the battle: Douglas, York Knights." in said(s)


def test_battlefield_control_passes_when_the_defender_has_only_reserves():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "york_infantry": "lanark", "york_knights": "lanark"},
        reserves=["york_knights"],
        strength={"york_infantry": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "Scotland", ("fire", "wallace"))
    assert battle_of(s).round == 2
    assert battle_of(s).attacker == "England"
    assert "England becomes the attacker" in said(s)[-2]
    # Scotland now defends: its A block acts first in round 2.
    assert s.active == ["Scotland"]


# --- retreat (RULES §6.6) ------------------------------------------------------------------


def defended_lanark() -> State:
    """Wallace holds Lanark against York Infantry, which came in from Selkirk."""
    return battle(
        "lanark",
        "England",
        {
            "wallace": "lanark",
            "york_infantry": "lanark",
            "cumbria_infantry": "lothian",
            "douglas": "mentieth",
            "northumber_infantry": "mentieth",
        },
        last_used={("lanark", "selkirk"): "England"},
    )


def test_a_retreat_goes_to_a_friendly_or_vacant_area_not_into_a_battle():
    s = defended_lanark()
    play(s, "Scotland", ("retreat", "wallace"))
    assert s.step == "retreat_to"
    assert set(legal(s, "Scotland")) == {("area", "lennox"), ("area", "carrick"), ("area", "annan")}
    refused(s, "Scotland", ("area", "lothian"), "the enemy holds it")
    refused(s, "Scotland", ("area", "mentieth"), "a battle is pending there")
    play(s, "Scotland", ("area", "carrick"))
    assert loc(s, "wallace") == AREA_IX["carrick"]
    assert "Wallace retreated from Lanark to Carrick." in said(s)
    assert "England won the battle in Lanark." in said(s)


def test_a_retreat_over_the_border_the_enemy_used_is_refused():
    s = defended_lanark()
    play(s, "Scotland", ("retreat", "wallace"))
    refused(s, "Scotland", ("area", "selkirk"), "England entered this battle across that border")


def test_scots_may_not_retreat_into_england():
    s = battle("annan", "England", {"wallace": "annan", "york_infantry": "annan"})
    play(s, "Scotland", ("retreat", "wallace"))
    refused(s, "Scotland", ("area", "england"), "may not retreat or regroup into England")


def test_english_blocks_may_not_retreat_out_of_england():
    s = battle("england", "England", {"douglas": "england", "york_infantry": "england"})
    play(s, "Scotland", ("pass", "douglas"))
    assert s.active == ["England"]
    refused(s, "England", ("retreat", "york_infantry"), "out of England")


def test_border_limits_bind_retreats_and_reset_every_round():
    s = battle(
        "lanark",
        "England",
        {
            "douglas": "lanark",
            "barclay": "lanark",
            "fraser": "lanark",
            "york_infantry": "lanark",
            "cumbria_infantry": "lothian",
            "comyn_e": "lennox",
            "angus_e": "mentieth",
            "argyll_e": "carrick",
            "atholl_e": "annan",
        },
    )
    play(s, "Scotland", ("retreat", "douglas"), ("area", "selkirk"))
    play(s, "Scotland", ("retreat", "barclay"), ("area", "selkirk"))
    assert ("retreat", "fraser") not in legal(s, "Scotland")
    refused(s, "Scotland", ("retreat", "fraser"), "red border is full")
    play(s, "Scotland", ("pass", "fraser"))
    play(s, "England", ("pass", "york_infantry"))
    assert battle_of(s).round == 2
    play(s, "Scotland", ("retreat", "fraser"), ("area", "selkirk"))
    assert blocks_in(s, "selkirk") == {"douglas", "barclay", "fraser"}


def test_the_norse_retreat_by_sea_to_a_coastal_area_scotland_holds():
    s = battle(
        "fife",
        "England",
        {"norse": "fife", "york_infantry": "fife", "grant": "buchan", "douglas": "lanark"},
    )
    play(s, "Scotland", ("retreat", "norse"))
    assert legal(s, "Scotland") == [("area", "buchan")]
    refused(s, "Scotland", ("area", "lanark"), "coastal area")
    refused(s, "Scotland", ("area", "mentieth"), "Scottish blocks stand alone")


# --- the end of a battle (RULES §6.7) ---------------------------------------------------------


def pass_rounds(s: State, rounds: int) -> None:
    for _ in range(rounds):
        n = battle_of(s).round
        while s.step == "battle_round" and battle_of(s).round == n:
            role = s.active[0]
            block = next(arg for typ, arg in legal(s, role) if typ == "pass")
            play(s, role, ("pass", block))


def test_the_attacker_retreats_everything_after_round_3():
    s = battle(
        "lanark",
        "England",
        {
            "douglas": "lanark",
            "york_infantry": "lanark",
            "cumbria_infantry": "lanark",
            "york_knights": "lanark",
        },
        reserves=["york_knights"],
    )
    pass_rounds(s, 3)
    assert s.step == "retreat"
    assert s.active == ["England"]
    assert set(legal(s, "England")) == {
        ("block", "york_infantry"),
        ("block", "cumbria_infantry"),
        ("block", "york_knights"),
    }
    play(s, "England", ("block", "york_infantry"), ("area", "lothian"))
    play(s, "England", ("block", "cumbria_infantry"), ("area", "lothian"))
    play(s, "England", ("block", "york_knights"), ("area", "lothian"))
    assert blocks_in(s, "lothian") == {"york_infantry", "cumbria_infantry", "york_knights"}
    assert "Scotland won the battle in Lanark." in said(s)


def test_attackers_that_cannot_retreat_are_eliminated_and_nobles_captured():
    ring = {
        "barclay": "lennox",
        "fraser": "mentieth",
        "grant": "carrick",
        "campbell": "lothian",
        "macdonald": "selkirk",
        "keith": "annan",
    }
    s = battle(
        "lanark",
        "England",
        {"douglas": "lanark", "york_infantry": "lanark", "mar_e": "lanark", **ring},
    )
    pass_rounds(s, 3)
    assert loc(s, "york_infantry") == POOL
    assert loc(s, "mar_s") == AREA_IX["lanark"]
    assert strength(s, "mar_s") == 1
    assert "York Infantry could not retreat." in said(s)
    assert s.step == "regroup"
    assert s.active == ["Scotland"]


def test_the_winner_regroups_ignoring_border_control_within_fresh_limits():
    s = battle(
        "lanark",
        "Scotland",
        {"douglas": "lanark", "barclay": "lanark", "fraser": "lanark", "york_infantry": "lanark"},
        strength={"york_infantry": 1},
        dice=(1, 6, 6, 6),
        last_used={("lanark", "selkirk"): "England"},
    )
    play(s, "England", ("pass", "york_infantry"))
    play(s, "Scotland", ("fire", "douglas"))
    assert s.step == "regroup"
    play(s, "Scotland", ("block", "douglas"))
    assert ("area", "selkirk") in legal(s, "Scotland")  # England's border: fine for a regroup
    play(s, "Scotland", ("area", "selkirk"))
    play(s, "Scotland", ("block", "barclay"), ("area", "selkirk"))
    play(s, "Scotland", ("block", "fraser"))
    refused(s, "Scotland", ("area", "selkirk"), "red border is full")
    play(s, "Scotland", ("area", "lennox"))
    assert "Scotland regrouped a block from Lanark to Selkirk." in said(s)
    assert s.step == "battle_phase"  # nothing left to regroup: the battle is over


def test_reserves_that_never_fought_stay_hidden_until_the_battle_is_over():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "douglas": "lanark", "york_infantry": "lanark"},
        reserves=["douglas"],
        strength={"york_infantry": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "Scotland", ("fire", "wallace"))
    assert s.step == "regroup"
    assert BLOCK_IX["douglas"] in s.reserves
    assert ("block", "douglas") in legal(s, "Scotland")
    play(s, "Scotland", "done")
    assert s.reserves == []
    assert battle_of(s) is None


def test_scots_may_not_regroup_into_england():
    s = battle(
        "annan",
        "Scotland",
        {"douglas": "annan", "york_infantry": "annan"},
        strength={"york_infantry": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "England", ("pass", "york_infantry"))
    play(s, "Scotland", ("fire", "douglas"), ("block", "douglas"))
    assert ("area", "carrick") in legal(s, "Scotland")
    refused(s, "Scotland", ("area", "england"), "into England")


# --- battles that end the game (RULES §12) -------------------------------------------------


def test_the_king_killed_in_battle_wins_for_england():
    s = battle(
        "fife",
        "England",
        {"king": "fife", "york_infantry": "fife"},
        strength={"king": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "Scotland", ("pass", "king"))
    play(s, "England", ("fire", "york_infantry"))
    result = RULESET.outcome(s)
    assert result is not None
    assert (result.winners, result.reason) == (["England"], "king_killed")
    assert s.step == "game_over"
    assert machine.active(s) == []


def test_edward_ii_killed_in_battle_wins_for_scotland():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "edward": "lanark"},
        strength={"edward": 1},
        dice=(1, 6, 6, 6),
        edward=2,
    )
    play(s, "Scotland", ("fire", "wallace"))
    result = RULESET.outcome(s)
    assert result is not None
    assert (result.winners, result.reason) == (["Scotland"], "edward_ii_killed")


def test_edward_i_killed_in_battle_becomes_edward_ii_in_the_pool():
    s = battle(
        "lanark",
        "Scotland",
        {"wallace": "lanark", "edward": "lanark"},
        strength={"edward": 1},
        dice=(1, 6, 6, 6),
    )
    play(s, "Scotland", ("fire", "wallace"))
    assert RULESET.outcome(s) is None
    assert s.edward == 2
    assert loc(s, "edward") == POOL
    assert strength(s, "edward") == 4


@pytest.mark.parametrize("step", ["retreat_to", "regroup_to"])
def test_each_way_out_is_offered_or_refused_with_the_reason_its_option_names(step):
    refusals = 0
    for s in (
        defended_lanark(),
        battle("england", "England", {"douglas": "england", "york_infantry": "england"}),
        battle(
            "annan",
            "England",
            {"wallace": "annan", "york_infantry": "annan", "norse": "annan", "grant": "galloway"},
            border_count={("annan", "carrick"): 6},
        ),
    ):
        bt = battle_of(s)
        for b in range(len(s.location)):
            if s.location[b] != bt.area:
                continue
            bt.block = b
            machine.enter(s, step)  # in place of the combat turn, as a retreat goes there
            role = SIDE[b]
            s.active = [role]
            for action, refusal in machine.current(s).options(s, role):
                if refusal is None:
                    assert tuple(action) in legal(s, role)
                else:
                    refused(s, role, tuple(action), re.escape(words(refusal)))
                    refusals += 1
    assert refusals > 10


def test_the_combat_turn_kept_in_the_battle_is_the_one_the_blocks_give():
    """Battle.turn, found as each combat turn begins, is what the fighting blocks give at
    every combat turn of random games; a battle built without it works it out."""
    from gameshelf.core.bots.agents import RandomAgent
    from gameshelf.plugins.hammer_scots.battle import combat_turn, fighting, turn_blocks

    turns = 0
    for seed in range(4):
        s = RULESET.setup(seed, "braveheart")
        agent = RandomAgent(seed)
        while RULESET.outcome(s) is None and turns < 60:
            if s.step == "battle_round":
                bt = battle_of(s)
                assert bt.turn is not None
                assert bt.turn == combat_turn(bt, fighting(s, bt))
                assert s.active == [bt.turn[0]]
                turns += 1
            role, actions = RULESET.to_act(s, RULESET.info.roles)
            RULESET.play(s, role, agent.choose(None, actions))
    assert turns >= 20
    s = build(
        "battle_round",
        blocks={"wallace": "lanark", "york_infantry": "lanark"},
        attacker={"lanark": "England"},
        battle="lanark",
        active="Scotland",
    )
    assert battle_of(s).turn is None
    assert turn_blocks(s, battle_of(s)) == [BLOCK_IX["wallace"]]  # worked out: defender A
