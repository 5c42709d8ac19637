"""RULES §7-9: Influence, realignment, coups, DEFCON and military operations, the Space Race,
the Ops modifiers of §6. Each by builder and scripted dice, with its refusals."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import CIX, US, USSR
from gameshelf.plugins.twilight_struggle.operations import coup
from gameshelf.plugins.twilight_struggle.ops import ops_in, ops_value
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import at_round, build, dice, inf, legal, play, refused

DUCK, NATO_CARD, FIDEL, BLOCKADE, SOCIALISTS = 4, 21, 8, 10, 7


def round_with(card, side=US, **kw):
    hands = kw.pop("hands", {side: [card, 103]})
    return at_round(build(hands=hands, **kw), side)


# --- placing Influence (RULES §7.1) -------------------------------------------------------


def test_16_2_placement_reach_is_frozen_at_the_start_of_the_round():
    # The US has Influence only in Japan; placing in South Korea does not open North Korea.
    s = round_with(DUCK, influence={"japan": (0, 1)})
    play(s, US, ("card", DUCK), ("use", "influence"), ("country", "south_korea"))
    assert inf(s, "south_korea") == (0, 1)
    refused(s, US, ("country", "north_korea"), "out of reach")
    play(s, US, ("country", "south_korea"), ("country", "taiwan"))
    assert inf(s, "south_korea") == (0, 2)
    assert s.step == "action_round"
    assert s.phasing == USSR


def test_the_countries_touching_ones_own_superpower_box_are_always_in_reach():
    s = round_with(DUCK)
    play(s, US, ("card", DUCK), ("use", "influence"))
    reach = {a for t, a in legal(s, US)}
    assert reach == {"canada", "mexico", "cuba", "japan"}


def test_16_2_a_point_into_an_enemy_controlled_country_costs_two_rechecked_each_point():
    # Cuba: stability 3, USSR 4 / US 0 -> USSR control. 3 Ops: 2 for the first point, after
    # which USSR 4 / US 1 is still control... use USSR 3 / US 0: one point breaks control.
    s = round_with(DUCK, influence={"cuba": (3, 0)})
    play(s, US, ("card", DUCK), ("use", "influence"), ("country", "cuba"))
    assert inf(s, "cuba") == (3, 1)  # 2 Ops spent; control broken (3 - 1 < 3)
    play(s, US, ("country", "cuba"))  # the last Op: now 1 Op a point
    assert inf(s, "cuba") == (3, 2)
    assert s.phasing == USSR


def test_a_point_dearer_than_the_ops_left_is_refused():
    # CIA Created: a 1-Op US card, played for Ops.
    s = round_with(26, influence={"cuba": (3, 0)}, hands={US: [26, 103]})
    play(s, US, ("card", 26), ("use", "influence"))
    refused(s, US, ("country", "cuba"), "not enough Ops")
    play(s, US, ("country", "mexico"))
    assert inf(s, "mexico") == (0, 1)


# --- the regional bonus (RULES §7.1, §10, §16.2, §16.10) ------------------------------------


def test_16_10_the_china_card_gives_a_fifth_op_only_if_every_op_goes_to_asia():
    s = at_round(build(influence={"north_korea": (1, 0)}, hands={USSR: [103]}), USSR)
    play(s, USSR, ("card", 6), ("use", "influence"))
    for _ in range(5):
        play(s, USSR, ("country", "north_korea"))
    assert inf(s, "north_korea") == (6, 0)
    assert s.china == US
    assert not s.china_up
    s = at_round(build(influence={"north_korea": (1, 0)}, hands={USSR: [103]}), USSR)
    play(s, USSR, ("card", 6), ("use", "influence"), ("country", "finland"))
    for _ in range(3):
        play(s, USSR, ("country", "north_korea"))
    assert inf(s, "north_korea") == (4, 0)  # 4 Ops in all: one outside Asia lost the bonus
    assert s.step == "action_round"  # the placement is over


def test_16_2_the_bonus_op_is_spent_in_the_region_only():
    s = at_round(build(influence={"north_korea": (1, 0)}, hands={USSR: [103]}), USSR)
    play(s, USSR, ("card", 6), ("use", "influence"))
    for _ in range(4):
        play(s, USSR, ("country", "north_korea"))
    refused(s, USSR, ("country", "finland"), "not enough Ops")
    play(s, USSR, ("country", "south_korea"))
    assert inf(s, "south_korea") == (1, 0)


# --- realignment (RULES §7.2, §16.1) ------------------------------------------------------


def test_16_1_realignment_is_a_duel_the_defender_can_win():
    # Iran: USSR 1 / US 2. The USSR realigns; rolls 2 against the US's 5 (+1 more Influence).
    s = round_with(BLOCKADE, side=USSR, influence={"iran": (1, 2)}, hands={USSR: [BLOCKADE]})
    dice(s, 2, 5)
    play(s, USSR, ("card", BLOCKADE), ("use", "realign"), ("country", "iran"))
    assert inf(s, "iran") == (0, 2)  # the difference (6 - 2 = 4) strips the USSR's 1


def test_16_1_the_superpower_box_counts_as_an_adjacent_controlled_country():
    # Mexico touches the USA box: the US gets +1 there; a tie on the dice goes to the US.
    s = round_with(BLOCKADE, side=USSR, influence={"mexico": (0, 2)}, hands={USSR: [BLOCKADE]})
    dice(s, 3, 3)
    play(s, USSR, ("card", BLOCKADE), ("use", "realign"), ("country", "mexico"))
    assert inf(s, "mexico") == (0, 2)  # USSR 3 against US 3 + 1 (box) + 1 (more Influence)
    assert "tie" not in str(s.log[-1])


def test_16_1_a_tie_changes_nothing_and_realignment_never_adds_influence():
    s = round_with(BLOCKADE, side=USSR, influence={"iran": (1, 1)}, hands={USSR: [BLOCKADE]})
    dice(s, 4, 4)
    play(s, USSR, ("card", BLOCKADE), ("use", "realign"), ("country", "iran"))
    assert inf(s, "iran") == (1, 1)
    s = round_with(BLOCKADE, side=USSR, influence={"iran": (1, 1)}, hands={USSR: [BLOCKADE]})
    dice(s, 6, 1)
    play(s, USSR, ("card", BLOCKADE), ("use", "realign"), ("country", "iran"))
    assert inf(s, "iran") == (1, 0)  # 5 taken from 1: the US's Influence is gone, none added


def test_realignments_split_over_several_rolls_one_decision_each():
    s = round_with(DUCK, influence={"iran": (2, 0), "iraq": (2, 0)})
    dice(s, 6, 1, 6, 1)
    play(s, US, ("card", DUCK), ("use", "realign"), ("country", "iran"))
    assert inf(s, "iran") == (0, 0)
    refused(s, US, ("country", "iran"), "no opposing Influence")
    play(s, US, ("country", "iraq"))
    assert inf(s, "iraq") == (0, 0)
    assert s.step == "action_round"  # one Op left but no target: the operation is over


def test_a_realignment_target_must_hold_opposing_influence():  # RULES §7.2 ruling
    s = round_with(DUCK, influence={"iran": (2, 0), "iraq": (0, 1)})
    play(s, US, ("card", DUCK), ("use", "realign"))
    refused(s, US, ("country", "iraq"), "no opposing Influence")


# --- coups (RULES §7.3, §8, §9) -------------------------------------------------------------


def test_a_coup_removes_the_excess_then_adds_own_influence():
    # Iran: stability 2 -> needs more than 4. 3 Ops + 5 = 8: excess 4, USSR 1 removed, US +3.
    s = round_with(DUCK, influence={"iran": (1, 0)})
    dice(s, 5)
    play(s, US, ("card", DUCK), ("use", "coup"), ("country", "iran"))
    assert inf(s, "iran") == (0, 3)
    assert s.milops[US] == 3
    assert s.defcon == 4  # Iran is a battleground


def test_a_failed_coup_still_counts_as_military_operations():
    s = round_with(DUCK, influence={"afghanistan": (1, 0)})
    dice(s, 1)
    play(s, US, ("card", DUCK), ("use", "coup"), ("country", "afghanistan"))
    assert inf(s, "afghanistan") == (1, 0)
    assert s.milops[US] == 3
    assert s.defcon == 5  # not a battleground


def test_16_3_a_battleground_coup_at_defcon_2_makes_the_phasing_player_lose():
    s = round_with(DUCK, influence={"nigeria": (1, 0)}, defcon=2)
    dice(s, 1)
    play(s, US, ("card", DUCK), ("use", "coup"), ("country", "nigeria"))
    out = RULESET.outcome(s)
    assert out is not None
    assert out.winners == [USSR]
    assert out.reason == "defcon_1"
    assert s.defcon == 1
    assert RULESET.active(s) == []


def test_coups_and_realignments_obey_the_defcon_restrictions():
    here = {"iran": (1, 0), "poland": (1, 0), "india": (1, 0), "nigeria": (1, 0)}
    s = round_with(DUCK, influence=here, defcon=2)
    play(s, US, ("card", DUCK), ("use", "coup"))
    assert legal(s, US) == [("country", "nigeria")]
    for country in ("iran", "poland", "india"):
        refused(s, US, ("country", country), "DEFCON 2")
    s = round_with(DUCK, influence={"iran": (1, 0), "poland": (1, 0)}, defcon=4)
    play(s, US, ("card", DUCK), ("use", "realign"))
    refused(s, US, ("country", "poland"), "DEFCON 4")
    assert ("country", "iran") in legal(s, US)


def test_no_coup_or_realignment_is_offered_without_a_target():
    s = round_with(DUCK, defcon=2, influence={"poland": (2, 0)})
    play(s, US, ("card", DUCK))
    refused(s, US, ("use", "coup"), "No country may be couped")
    refused(s, US, ("use", "realign"), "No country may be couped")


def test_nato_forbids_ussr_coups_in_us_controlled_europe_except_france_after_de_gaulle():
    s = round_with(
        BLOCKADE,
        side=USSR,
        hands={USSR: [BLOCKADE]},
        influence={"west_germany": (1, 5), "france": (1, 4), "italy": (1, 1)},
        effects=[(21, US, "game"), (17, USSR, "game")],
    )
    play(s, USSR, ("card", BLOCKADE), ("use", "coup"))
    refused(s, USSR, ("country", "west_germany"), "NATO")
    assert ("country", "france") in legal(s, USSR)  # De Gaulle: NATO no longer covers it
    assert ("country", "italy") in legal(s, USSR)  # not US-controlled


def test_16_4_a_free_coup_ignores_defcon_geography_and_gives_no_military_operations():
    s = build(influence={"iran": (0, 1)}, defcon=3, phasing=USSR)
    dice(s, 6)
    coup(s, USSR, CIX["iran"], 2, free=True)
    assert inf(s, "iran") == (3, 0)
    assert s.milops[USSR] == 0
    assert s.defcon == 2  # a battleground still lowers DEFCON


# --- Ops modifiers (RULES §6) ---------------------------------------------------------------


def test_ops_modifiers_add_up_with_their_ceiling_and_floor():
    s = build(effects=[(25, US)])  # Containment
    assert ops_value(s, US, DUCK) == 4
    assert ops_value(s, US, NATO_CARD) == 4  # never above 4
    assert ops_value(s, USSR, DUCK) == 3  # the US's modifier only
    s = build(effects=[(31, US)])  # the US played Red Scare/Purge
    assert ops_value(s, USSR, DUCK) == 2
    assert ops_value(s, USSR, BLOCKADE) == 1  # never below 1
    assert ops_value(s, US, DUCK) == 3


def test_the_china_card_reaches_six_in_southeast_asia_and_red_scare_takes_one_off():
    # RULES §6: the rulebook's example — 4, +1 Asia, +1 Vietnam Revolts, -1 Red Scare.
    s = build(effects=[(9, USSR), (31, US)])
    assert ops_in(s, USSR, 6, CIX["thailand"]) == 5
    s = build(effects=[(9, USSR)])
    assert ops_in(s, USSR, 6, CIX["thailand"]) == 6
    assert ops_in(s, USSR, 6, CIX["india"]) == 5
    assert ops_in(s, USSR, 6, CIX["iran"]) == 4


def test_a_modified_coup_credits_its_modified_ops():
    s = round_with(DUCK, influence={"afghanistan": (1, 0)}, effects=[(25, US)])
    dice(s, 1)
    play(s, US, ("card", DUCK), ("use", "coup"), ("country", "afghanistan"))
    assert s.milops[US] == 4


def test_16_2_the_reach_is_taken_at_the_start_of_the_round_before_an_opponents_event():
    # The US's only Influence is in Italy; Socialist Governments (the USSR's) goes first and
    # removes it, yet Greece, next to Italy, stays in reach for this round's placement.
    s = round_with(7, hands={US: [7, 103]}, influence={"italy": (0, 1), "iran": (0, 0)})
    play(s, US, ("card", 7), ("use", "influence"), ("when", "before"))
    play(s, USSR, ("country", "italy"))
    assert inf(s, "italy") == (0, 0)
    play(s, US, ("country", "greece"))
    assert inf(s, "greece") == (0, 1)
