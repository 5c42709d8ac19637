"""The Mid War events written so far, each by builder and scripted dice, with its
prerequisites, cancellations, duration and refusals (state unchanged)."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.effects import effect, expire, in_effect
from gameshelf.plugins.twilight_struggle.events import envy_owed
from gameshelf.plugins.twilight_struggle.model import CIX, US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from gameshelf.plugins.twilight_struggle.turn import military_operations_check
from tests.twilight_struggle.builders import (
    as_event,
    at_headline,
    at_round,
    begin,
    build,
    dice,
    event_refused,
    event_round,
    go_on_from,
    inf,
    legal,
    play,
    refused,
    say,
)


def test_36_brush_war_wins_on_3_after_modifiers_with_1_vp_and_3_milops():
    s = as_event(36, USSR, influence={"panama": (0, 2), "costa_rica": (0, 3)})
    refused(s, USSR, ("country", "cuba"), "not a country this event")  # stability 3
    dice(s, 4)  # 4 - 1 (Costa Rica is US-controlled) = 3: a win
    play(s, USSR, ("country", "panama"))
    assert inf(s, "panama") == (2, 0)
    assert s.vp == -1
    assert s.milops[USSR] == 3


def test_36_brush_war_lost_still_gives_the_milops_and_spares_nato_countries():
    s = as_event(
        36, USSR, influence={"italy": (0, 2), "greece": (0, 1)}, effects=[(21, US, "game")]
    )
    refused(s, USSR, ("country", "italy"), "not a country this event")  # NATO-protected
    dice(s, 2)
    play(s, USSR, ("country", "greece"))
    assert inf(s, "greece") == (0, 1)
    assert s.vp == 0
    assert s.milops[USSR] == 3


def test_39_arms_race_1_vp_ahead_3_vp_ahead_and_at_the_requirement():
    s = as_event(39, US, milops={USSR: 1, US: 2}, defcon=3)
    assert s.vp == 1
    s = as_event(39, US, milops={USSR: 1, US: 3}, defcon=3)
    assert s.vp == 3
    s = as_event(39, US, milops={USSR: 2, US: 2}, defcon=3)
    assert s.vp == 0
    assert 39 in s.deck.discard_pile


def test_41_nuclear_subs_us_battleground_coups_keep_defcon_for_the_turn():
    s = as_event(41, US, hands={US: [41, 19]})
    assert effect(s, 41).until == "turn"
    assert 41 in s.deck.removed
    s = event_round(19, US, effects=[(41, US)], influence={"iran": (2, 0)}, defcon=3)
    dice(s, 6)
    play(s, US, ("card", 19), ("use", "coup"), ("country", "iran"))
    assert s.defcon == 3
    assert s.milops[US] == 1
    # the USSR's battleground coups still lower it
    s = event_round(39, USSR, effects=[(41, US)], influence={"iran": (0, 2)}, defcon=3)
    dice(s, 6)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "iran"))
    assert s.defcon == 2


def test_45_summit_the_higher_roll_plus_regions_led_gains_2_vp_and_moves_defcon():
    # the USSR dominates the Middle East: Iran, Iraq (battlegrounds) and Jordan
    lead = {"iran": (2, 0), "iraq": (3, 0), "jordan": (2, 0)}
    s = event_round(45, US, influence=lead, defcon=3)
    dice(s, 3, 3)  # the USSR rolls first: 3 + 1 against the US's 3
    play(s, US, ("card", 45), ("use", "event"))
    assert s.vp == -2
    assert RULESET.active(s) == [USSR]
    assert set(legal(s, USSR)) == {
        ("choose", "defcon_keep"),
        ("choose", "defcon_up"),
        ("choose", "defcon_down"),
    }
    play(s, USSR, ("choose", "defcon_up"))
    assert s.defcon == 4


def test_45_summit_a_tie_does_nothing():
    s = event_round(45, US, defcon=3)
    dice(s, 4, 4)
    play(s, US, ("card", 45), ("use", "event"))
    assert s.vp == 0
    assert s.defcon == 3
    assert s.phasing == USSR  # the round is over: no question asked


def test_46_how_i_learned_sets_defcon_and_adds_5_milops():
    s = as_event(46, USSR, defcon=3)
    assert legal(s, USSR) == [("choose", f"defcon_{n}") for n in range(1, 6)]
    play(s, USSR, ("choose", "defcon_5"))
    assert s.defcon == 5
    assert s.milops[USSR] == 5
    assert 46 in s.deck.removed


def test_46_how_i_learned_to_defcon_1_loses_for_the_phasing_player():
    s = as_event(46, USSR, defcon=3)
    play(s, USSR, ("choose", "defcon_1"))
    assert RULESET.outcome(s).reason == "defcon_1"
    assert RULESET.outcome(s).winners == [US]


def test_48_kitchen_debates_2_vp_only_with_more_us_battlegrounds():
    s = as_event(48, US, influence={"iran": (0, 2), "panama": (0, 2), "iraq": (3, 0)})
    assert s.vp == 2
    s = as_event(48, US, influence={"iran": (0, 2), "iraq": (3, 0)})
    assert s.vp == 0
    assert 48 in s.deck.removed  # played, no effect


def test_51_brezhnev_doctrine_lasts_the_turn():
    s = as_event(51, USSR)
    assert effect(s, 51).side == USSR
    assert effect(s, 51).until == "turn"


def test_52_portuguese_empire_crumbles():
    s = as_event(52, USSR)
    assert inf(s, "angola") == (2, 0)
    assert inf(s, "se_african_states") == (2, 0)


def test_53_south_african_unrest_either_choice():
    s = as_event(53, USSR)
    play(s, USSR, ("choose", "south_africa_2"))
    assert inf(s, "south_africa") == (2, 0)
    s = as_event(53, USSR)
    play(s, USSR, ("choose", "south_africa_1"))
    refused(s, USSR, ("country", "kenya"), "not a country this event")
    play(s, USSR, ("country", "botswana"))
    assert inf(s, "south_africa") == (1, 0)
    assert inf(s, "botswana") == (2, 0)


def test_54_allende():
    s = as_event(54, USSR)
    assert inf(s, "chile") == (2, 0)
    assert 54 in s.deck.removed


def test_55_willy_brandt_takes_west_germany_out_of_nato():
    s = as_event(55, USSR, effects=[(21, US, "game")], influence={"west_germany": (0, 4)})
    assert s.vp == -1
    assert inf(s, "west_germany") == (1, 4)
    assert in_effect(s, 55)
    assert 55 in s.deck.removed


def test_55_willy_brandt_lets_the_ussr_coup_west_germany_under_nato():
    fx = [(21, US, "game"), (55, USSR, "game")]
    s = event_round(39, USSR, effects=fx, influence={"west_germany": (0, 4)})
    dice(s, 6)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "west_germany"))
    assert s.milops[USSR] == 3
    s = event_round(39, USSR, effects=fx[:1], influence={"west_germany": (0, 4), "iran": (0, 1)})
    play(s, USSR, ("card", 39), ("use", "coup"))
    refused(s, USSR, ("country", "west_germany"), "NATO")


def test_55_willy_brandt_is_blocked_by_tear_down_this_wall():
    event_refused(55, USSR, "Tear Down This Wall is in effect", effects=[(96, US, "game")])


def test_56_muslim_revolution_strips_the_us_from_two_countries():
    s = as_event(56, USSR, influence={"iran": (0, 2), "iraq": (0, 1), "egypt": (0, 1)})
    refused(s, USSR, ("country", "israel"), "not a country this event")
    play(s, USSR, ("country", "iran"))
    refused(s, USSR, ("country", "iran"), "not a country this event")
    play(s, USSR, ("country", "egypt"))
    assert inf(s, "iran") == (0, 0)
    assert inf(s, "egypt") == (0, 0)
    assert inf(s, "iraq") == (0, 1)


def test_56_muslim_revolution_is_blocked_by_awacs():
    event_refused(56, USSR, "in effect", effects=[(110, US, "game")])


def test_57_abm_treaty_improves_defcon_then_4_ops():
    s = as_event(57, US, defcon=2, effects=[(25, US)])
    assert s.defcon == 3
    assert s.step == "event_ops"
    play(s, US, ("use", "influence"))
    play(s, US, *[("country", "canada")] * 4)  # Containment cannot take it above 4
    assert inf(s, "canada") == (0, 4)
    assert s.phasing == USSR


def test_58_cultural_revolution_takes_the_china_card_or_gives_1_vp():
    s = as_event(58, USSR, china=US, china_up=False)
    assert (s.china, s.china_up) == (USSR, True)
    s = as_event(58, USSR)
    assert s.vp == -1


def test_60_u2_incident_1_vp_and_1_more_for_a_un_intervention_this_turn():
    s = as_event(60, USSR)
    assert s.vp == -1
    assert effect(s, 60).until == "turn"
    s = event_round(32, US, hands={US: [32, 8]}, effects=[(60, USSR)])
    play(s, US, ("card", 32), ("use", "event"), ("card", 8))
    assert s.vp == -1
    assert s.step == "event_ops"


def test_61_opec_1_vp_a_controlled_oil_country_blocked_by_north_sea_oil():
    s = as_event(61, USSR, influence={"iran": (2, 0), "venezuela": (2, 0), "iraq": (1, 0)})
    assert s.vp == -2
    event_refused(61, USSR, "North Sea Oil is in effect", effects=[(86, US, "game")])


def test_62_lone_gunman_shows_the_us_hand_then_1_op():
    s = as_event(62, USSR, hands={USSR: [62, 39], US: [19, 4]})
    assert s.shown == {USSR: [4, 19]}
    assert s.step == "event_ops"
    play(s, USSR, ("use", "influence"), ("country", "finland"))
    assert inf(s, "finland") == (1, 0)


def test_63_colonial_rear_guards_4_countries_of_africa_and_southeast_asia():
    s = as_event(63, US)
    refused(s, US, ("country", "japan"), "not a country this event")
    play(s, US, ("country", "angola"))
    refused(s, US, ("country", "angola"), "no more there")
    play(s, US, ("country", "vietnam"), ("country", "zaire"), ("country", "kenya"))
    assert inf(s, "vietnam") == (0, 1)
    assert s.phasing == USSR


def test_64_panama_canal_returned():
    s = as_event(64, US)
    assert [inf(s, c) for c in ("panama", "costa_rica", "venezuela")] == [(0, 1)] * 3


def test_65_camp_david_accords_blocks_the_arab_israeli_war():
    s = as_event(65, US)
    assert s.vp == 1
    assert [inf(s, c) for c in ("israel", "jordan", "egypt")] == [(0, 1)] * 3
    assert in_effect(s, 65)
    event_refused(13, USSR, "Camp David Accords is in effect", effects=[(65, US, "game")])


def test_66_puppet_governments_up_to_3_empty_countries():
    s = as_event(66, US, influence={"chile": (1, 0)})
    refused(s, US, ("country", "chile"), "not a country this event")
    play(s, US, ("country", "peru"), "done")
    assert inf(s, "peru") == (0, 1)
    assert s.phasing == USSR


def test_68_john_paul_ii_and_solidarity_becomes_playable():
    s = as_event(68, US, influence={"poland": (3, 0)})
    assert inf(s, "poland") == (1, 1)
    assert in_effect(s, 68)
    assert 68 in s.deck.removed


def test_69_latin_american_death_squads_plus_1_own_minus_1_opponent_in_the_americas():
    # USSR coup in Panama with a 3-Ops card: 3 + 3 - 1 (the US's squads) = 5 > 4: 1 off
    s = event_round(39, USSR, effects=[(69, US)], influence={"panama": (0, 2)})
    dice(s, 3)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "panama"))
    assert inf(s, "panama") == (0, 1)
    s = event_round(39, USSR, effects=[(69, USSR)], influence={"panama": (0, 2)})
    dice(s, 3)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "panama"))
    assert inf(s, "panama") == (1, 0)
    s = event_round(39, USSR, effects=[(69, US)], influence={"iran": (0, 2)})
    dice(s, 3)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "iran"))
    assert inf(s, "iran") == (0, 0)  # outside the Americas: 3 + 3 - 4 = 2
    s = as_event(69, US)
    assert effect(s, 69).until == "turn"


def test_70_oas_founded_2_in_the_americas():
    s = as_event(70, US)
    refused(s, US, ("country", "spain_portugal"), "not a country this event")
    play(s, US, ("country", "cuba"), ("country", "cuba"))
    assert inf(s, "cuba") == (0, 2)


def test_71_nixon_gives_the_china_card_face_down_or_2_vp():
    s = as_event(71, US)
    assert (s.china, s.china_up) == (US, False)
    s = as_event(71, US, china=US)
    assert s.vp == 2


def test_72_sadat_expels_soviets():
    s = as_event(72, US, influence={"egypt": (3, 0)})
    assert inf(s, "egypt") == (0, 1)


def test_74_voice_of_america_4_outside_europe_at_most_2_each():
    s = as_event(74, US, influence={"poland": (3, 0), "cuba": (3, 0), "iraq": (2, 0)})
    refused(s, US, ("country", "poland"), "not a country this event")
    play(s, US, ("country", "cuba"), ("country", "cuba"))
    refused(s, US, ("country", "cuba"), "no more there")
    play(s, US, ("country", "iraq"), ("country", "iraq"))
    assert inf(s, "cuba") == (1, 0)
    assert inf(s, "iraq") == (0, 0)


def test_75_liberation_theology_3_in_central_america_at_most_2_each():
    s = as_event(75, USSR)
    refused(s, USSR, ("country", "chile"), "not a country this event")
    play(s, USSR, ("country", "cuba"), ("country", "cuba"))
    refused(s, USSR, ("country", "cuba"), "no more there")
    play(s, USSR, ("country", "panama"))
    assert inf(s, "cuba") == (2, 0)
    assert inf(s, "panama") == (1, 0)


def test_76_ussuri_river_china_card_face_up_or_4_in_asia():
    s = as_event(76, US, china_up=False)
    assert (s.china, s.china_up) == (US, True)
    s = as_event(76, US, china=US)
    refused(s, US, ("country", "iran"), "not a country this event")
    play(s, US, ("country", "japan"), ("country", "japan"), ("country", "vietnam"))
    play(s, US, ("country", "vietnam"))
    assert inf(s, "japan") == (0, 2)
    assert inf(s, "vietnam") == (0, 2)


def test_78_alliance_for_progress_1_vp_a_us_battleground_in_the_americas():
    s = as_event(78, US, influence={"panama": (0, 2), "chile": (0, 3), "iran": (0, 2)})
    assert s.vp == 2


def test_80_one_small_step_two_boxes_vp_for_the_last_only():
    first = ["", USSR, USSR, "", "", "", "", "", ""]
    s = as_event(80, US, space={USSR: 2, US: 1}, space_first=first)
    assert s.space[US] == 3
    assert s.space_first[3] == US
    assert s.vp == 2  # box 3 first: 2 VP; box 2 is passed


def test_80_one_small_step_needs_its_player_behind():
    event_refused(80, US, "behind on the Space Race", space={USSR: 1, US: 1})


def test_59_flower_power_lasts_and_is_blocked_by_an_evil_empire():
    s = as_event(59, USSR)
    assert effect(s, 59).until == "game"
    assert 59 in s.deck.removed
    event_refused(59, USSR, "An Evil Empire is in effect", effects=[(97, US, "game")])


def test_59_flower_power_us_war_cards_as_event_or_ops_not_on_the_space_race():
    fp = [(59, USSR, "game")]
    s = as_event(36, US, effects=fp)
    assert s.vp == -2
    assert s.step == "event_country"  # the war goes on
    s = event_round(11, US, effects=fp)  # Korean War, the USSR's event, for Ops
    play(s, US, ("card", 11), ("use", "influence"))
    assert s.vp == -2
    s = event_round(36, US, effects=fp)
    dice(s, 6)  # a miss
    play(s, US, ("card", 36), ("use", "space"))
    assert s.vp == 0
    s = as_event(36, USSR, effects=fp)
    assert s.vp == 0  # the USSR's war cards do not count


def test_59_flower_power_counts_a_us_war_card_headline():
    s = build(hands={USSR: [54, 14], US: [36, 20]}, effects=[(59, USSR, "game")])
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 54))
    play(s, US, ("card", 36))
    assert s.vp == -2


def test_43_salt_improves_defcon_2_coups_minus_1_and_takes_a_non_scoring_discard():
    s = event_round(43, US, defcon=2)
    s.deck.discard_pile = [1, 19, 4]
    play(s, US, ("card", 43), ("use", "event"))
    assert s.defcon == 4
    assert effect(s, 43).until == "turn"
    refused(s, US, ("card", 1), "cannot go with")  # a scoring card
    play(s, US, ("card", 19))
    assert 19 in s.hands[US]
    assert s.deck.discard_pile == [1, 4]
    # every coup roll -1 for the rest of the turn: 4 + 3 - 1 - 4 = 2 off Iran
    s = event_round(39, USSR, effects=[(43, US)], influence={"iran": (0, 3)})
    dice(s, 4)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "iran"))
    assert inf(s, "iran") == (0, 1)


def test_43_salt_may_take_nothing():
    s = event_round(43, USSR, hands={USSR: [43, 103], US: [4]})
    s.deck.discard_pile = [19]
    play(s, USSR, ("card", 43), ("use", "event"), "pass")
    assert s.deck.discard_pile == [19]
    assert s.phasing == US


def test_50_we_will_bury_you_3_vp_at_the_us_next_round():
    s = as_event(50, USSR, defcon=4, hands={USSR: [50, 103], US: [32, 19]})
    assert s.defcon == 3
    assert effect(s, 50).until == "game"
    assert s.phasing == US
    play(s, US, ("card", 32))
    assert s.vp == 0  # not yet: the card is chosen, not played
    play(s, US, ("use", "influence"))
    assert s.vp == -3
    assert not in_effect(s, 50)


def test_50_we_will_bury_you_cancelled_by_un_intervention_as_an_event():
    s = event_round(32, US, hands={US: [32, 8]}, effects=[(50, USSR, "game")])
    play(s, US, ("card", 32), ("use", "event"))
    assert s.vp == 0
    assert not in_effect(s, 50)


def test_50_we_will_bury_you_at_defcon_2_loses_for_the_ussr():
    s = as_event(50, USSR, defcon=2)
    assert RULESET.outcome(s).reason == "defcon_1"
    assert RULESET.outcome(s).winners == [US]


def test_40_cuban_missile_crisis_a_coup_by_the_victim_loses_at_once():
    s = as_event(40, US, defcon=4, hands={US: [40, 19], USSR: [39, 103]})
    assert s.defcon == 2
    assert effect(s, 40).until == "turn"
    assert 40 in s.deck.removed
    s = event_round(39, USSR, effects=[(40, US)], influence={"kenya": (0, 1)}, defcon=2)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "kenya"))
    out = RULESET.outcome(s)
    assert out.reason == "cuban_missile_crisis"
    assert out.winners == [US]


def test_40_cuban_missile_crisis_the_player_itself_may_coup():
    s = event_round(19, US, effects=[(40, US)], influence={"kenya": (1, 0)}, defcon=2)
    dice(s, 6)
    play(s, US, ("card", 19), ("use", "coup"), ("country", "kenya"))
    assert not s.over
    assert inf(s, "kenya") == (0, 2)  # 6 + 1 - 4: 1 off, 2 added


def test_40_cuban_missile_crisis_cancelled_by_removing_2_influence():
    fx = [(40, US)]
    s = event_round(39, USSR, effects=fx, influence={"cuba": (1, 0), "kenya": (0, 1)}, defcon=2)
    refused(s, USSR, ("cancel_crisis", "cuba"), "2 of your Influence in Cuba")
    s = event_round(39, USSR, effects=fx, influence={"cuba": (3, 0), "kenya": (0, 1)}, defcon=2)
    assert ("cancel_crisis", "cuba") in legal(s, USSR)
    assert ("cancel_crisis", "cuba") not in legal(s, US)
    play(s, USSR, ("cancel_crisis", "cuba"))
    assert inf(s, "cuba") == (1, 0)
    assert not in_effect(s, 40)
    dice(s, 6)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "kenya"))
    assert not s.over
    # the US as the victim: West Germany or Turkey
    s = event_round(19, US, effects=[(40, USSR)], influence={"turkey": (0, 2)}, defcon=2)
    assert ("cancel_crisis", "turkey") in legal(s, US)
    refused(s, US, ("cancel_crisis", "west_germany"), "West Germany")


def test_40_cuban_missile_crisis_cancelled_at_the_start_of_the_opponents_round():
    """RULES §14 [FAQ], issue 26 item 3: an interrupt, also while the USSR is to act."""
    fx = [(40, USSR)]
    influence = {"turkey": (0, 2), "west_germany": (0, 1), "iran": (0, 1)}
    s = at_round(build(hands={USSR: [39], US: [19]}, effects=fx, influence=influence), USSR)
    assert RULESET.active(s) == [USSR]
    assert legal(s, US) == [("cancel_crisis", "turkey")]  # only it, and only where feasible
    assert RULESET.view(s, US)["interrupts"] == {"cancel_crisis": ["turkey"]}
    assert "interrupts" not in RULESET.view(s, USSR)
    refused(s, US, ("cancel_crisis", "west_germany"), "2 of your Influence in West Germany")
    refused(s, US, ("card", 19), "not your turn|waiting")  # nothing else becomes legal
    refused(s, USSR, ("cancel_crisis", "cuba"), "")  # the crisis's player cannot cancel it
    refused(s, USSR, ("cancel_crisis", "turkey"), "")
    play(s, US, ("cancel_crisis", "turkey"))
    assert inf(s, "turkey") == (0, 0)
    assert not in_effect(s, 40)
    assert (s.step, RULESET.active(s)) == ("action_round", [USSR])  # the round goes on
    assert "Turkey" in say(s.log[-2])
    assert "土耳其" in say(s.log[-2], "zh_TW")
    assert legal(s, US) == []
    play(s, USSR, ("card", 39), ("use", "coup"))  # the USSR's round, as it was


def test_47_junta_2_influence_then_a_free_coup_without_milops():
    s = as_event(47, USSR, influence={"panama": (0, 2)})
    refused(s, USSR, ("country", "iran"), "not a country this event")
    play(s, USSR, ("country", "chile"))
    assert inf(s, "chile") == (2, 0)
    assert set(legal(s, USSR)) == {
        ("choose", "free_coup"),
        ("choose", "free_realign"),
        ("choose", "no_ops"),
    }
    play(s, USSR, ("choose", "free_coup"))
    refused(s, USSR, ("country", "iran"), "not a country this event")
    dice(s, 4)  # 4 + 2 - 4 = 2
    play(s, USSR, ("country", "panama"))
    assert inf(s, "panama") == (0, 0)
    assert s.milops[USSR] == 0  # a free coup gives none (RULES §16.4)
    assert s.defcon == 4  # a battleground: DEFCON still drops


def test_47_junta_free_realignments_and_no_target_no_question():
    s = as_event(47, US, influence={"mexico": (2, 0)})
    play(s, US, ("country", "mexico"), ("choose", "free_realign"))
    dice(s, 6, 1)  # US 6 + 1 (more Influence) + 1 (its box) against 1
    play(s, US, ("country", "mexico"))
    assert inf(s, "mexico") == (0, 2)
    assert s.phasing == USSR  # no USSR Influence left in the Americas: the rolls end
    s = as_event(47, US)
    play(s, US, ("country", "mexico"))
    assert legal(s, US) == [("choose", "no_ops")]


def test_67_grain_sales_the_us_plays_the_card_taken():
    s = event_round(67, US, hands={US: [67, 19], USSR: [52]})
    play(s, US, ("card", 67), ("use", "event"))
    assert s.hands[USSR] == []
    assert legal(s, US) == [("choose", "play_card"), ("choose", "return_card")]
    play(s, US, ("choose", "play_card"))
    assert s.step == "card_play"
    refused(s, US, ("use", "event"), "opponent's event")
    play(s, US, ("use", "influence"), ("when", "after"), ("country", "canada"))
    play(s, US, ("country", "canada"))
    assert inf(s, "canada") == (0, 2)
    assert inf(s, "angola") == (2, 0)  # the USSR's event happened, for the USSR
    assert 52 in s.deck.removed


def test_67_grain_sales_played_by_the_ussr_the_us_chooses_and_may_give_it_back():
    s = event_round(67, USSR, hands={USSR: [67, 54], US: [19]})
    play(s, USSR, ("card", 67), ("use", "influence"), ("when", "before"))
    assert RULESET.active(s) == [US]
    play(s, US, ("choose", "return_card"))
    assert s.hands[USSR] == [54]
    assert s.step == "event_ops"
    play(s, US, ("use", "influence"), ("country", "canada"), ("country", "canada"))
    assert inf(s, "canada") == (0, 2)
    assert s.phasing == USSR  # still the USSR's round: its Ops come next
    assert s.step == "influence"


def test_67_grain_sales_with_an_empty_ussr_hand_gives_the_ops():
    s = as_event(67, US, hands={US: [67, 19], USSR: []})
    assert s.step == "event_ops"


def test_77_ask_not_discards_any_cards_scoring_too_and_draws_as_many():
    s = as_event(77, US, hands={US: [77, 1, 19, 4]})
    s.deck.draw_pile = [30, 31, 33]
    play(s, US, ("card", 1), ("card", 19), "done")
    assert s.vp == 0  # Asia Scoring discarded without scoring
    assert sorted(s.hands[US]) == [4, 30, 31]
    assert {1, 19} <= set(s.deck.discard_pile)
    assert 77 in s.deck.removed


def test_77_ask_not_may_discard_nothing():
    s = as_event(77, US, hands={US: [77, 19]}, china=US)
    refused(s, US, ("card", 6), "never be discarded")
    play(s, US, "done")
    assert s.hands[US] == [19]


def test_42_quagmire_traps_the_us_from_its_next_round_and_cancels_norad():
    s = as_event(42, USSR, effects=[(106, US, "game")], hands={USSR: [42, 103], US: [19, 4]})
    assert not in_effect(s, 106)
    assert effect(s, 42).until == "game"
    assert s.step == "trapped_round"
    assert RULESET.active(s) == [US]
    refused(s, US, ("card", 19), "fewer than 2 Ops")
    dice(s, 5)
    play(s, US, ("card", 4))
    assert in_effect(s, 42)  # 5: still held
    assert 4 in s.deck.discard_pile


def test_44_bear_trap_a_roll_of_1_to_4_frees_the_ussr_from_the_next_round():
    s = begin(event_round(39, USSR, effects=[(44, US, "game")], hands={USSR: [39, 19]}, china=USSR))
    assert s.step == "trapped_round"
    refused(s, USSR, ("card", 6), "cannot be played while Bear Trap")
    dice(s, 4)
    play(s, USSR, ("card", 39))
    assert not in_effect(s, 44)
    assert s.hands[USSR] == [19]


def test_44_bear_trap_without_a_2_ops_card_plays_scoring_cards_or_sits_out():
    s = begin(event_round(39, USSR, effects=[(44, US, "game")], hands={USSR: [19, 1], US: [4]}))
    assert legal(s, USSR) == [("card", 1)]
    play(s, USSR, ("card", 1))
    assert 1 in s.deck.discard_pile  # Asia scored
    s = begin(event_round(39, USSR, effects=[(44, US, "game")], hands={USSR: [19], US: [4]}))
    assert s.phasing == US  # the USSR sat its round out
    assert in_effect(s, 44)  # the trap lasts


def test_44_bear_trap_does_not_touch_the_headline_and_lasts_across_turns():
    s = build(hands={USSR: [54, 14], US: [64, 20]}, effects=[(44, US, "game")])
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 54))
    play(s, US, ("card", 64))
    assert inf(s, "chile") == (2, 0)  # Allende headlined as usual
    assert s.step == "trapped_round"  # then the USSR's first round is the trap's
    expire(s)  # the end of the turn
    assert in_effect(s, 44)


def test_42_quagmire_a_held_scoring_card_goes_before_a_discard_when_rounds_run_out():
    s = build(effects=[(42, USSR, "game")], hands={US: [4, 1]})
    begin(at_round(s, US, done=6))  # the last round of the turn, Asia Scoring held
    assert legal(s, US) == [("card", 1)]


def test_49_missile_envy_takes_the_highest_card_and_its_own_event_happens_at_once():
    s = as_event(49, USSR, hands={USSR: [49, 103], US: [19, 52]})
    assert RULESET.active(s) == [US]
    refused(s, US, ("card", 19), "cannot go with")  # 1 Op: not the highest
    play(s, US, ("card", 52))  # Portuguese Empire Crumbles (2 Ops, the USSR's event)
    assert inf(s, "angola") == (2, 0)
    assert 52 in s.deck.removed
    assert 49 in s.hands[US]
    assert effect(s, 49).side == US


def test_49_missile_envy_an_opponents_card_gives_its_ops_only():
    s = as_event(49, USSR, hands={USSR: [49, 103], US: [19, 64]})
    play(s, US, ("card", 64))  # Panama Canal Returned: the US's event, 1 Op for the USSR
    assert s.step == "event_ops"
    play(s, USSR, ("use", "influence"), ("country", "finland"))
    assert inf(s, "panama") == (0, 0)
    assert 64 in s.deck.discard_pile


def test_49_missile_envy_must_be_played_for_ops_in_the_victims_next_round():
    s = build(hands={US: [49, 19]}, effects=[(49, US, "game")])
    s.deck.draw_pile = list(range(40, 60))
    begin(at_round(s, US))
    assert legal(s, US) == [("card", 49)]
    refused(s, US, ("card", 19), "must play Missile Envy")
    play(s, US, ("card", 49))
    refused(s, US, ("use", "event"), "for Operations")
    refused(s, US, ("use", "space"), "for Operations")
    play(s, US, ("use", "influence"))
    assert not in_effect(s, 49)


# Missile Envy owed, and the card discarded: the duty ends with the card, on every path
# (events.discard_from_hand; RULES §14: the victim must play *that card* for Ops).
ENVY_ON_US = [(49, US, "game"), (25, US)]  # Containment: Missile Envy is 3 Ops for the US


def test_49_missile_envy_owed_and_discarded_to_blockade_owes_nothing_more():
    s = event_round(10, USSR, hands={USSR: [10, 103], US: [49, 19]}, effects=ENVY_ON_US)
    s.influence[US][CIX["west_germany"]] = 4
    play(s, USSR, ("card", 10), ("use", "event"))
    refused(s, US, ("card", 19), "fewer than 3 Ops")  # 1 + 1: the refusal as before
    assert in_effect(s, 49)
    play(s, US, ("card", 49))
    assert not in_effect(s, 49)
    assert 49 in s.deck.discard_pile
    assert inf(s, "west_germany") == (0, 4)
    s.hands[US].append(49)  # back in hand later (drawn after a reshuffle): a card like any
    assert not envy_owed(s, US)


def test_49_missile_envy_owed_and_discarded_to_latin_american_debt_crisis():
    s = event_round(95, USSR, hands={USSR: [95, 103], US: [19, 49]}, effects=ENVY_ON_US)
    play(s, USSR, ("card", 95), ("use", "event"))
    refused(s, US, ("card", 19), "fewer than 3 Ops")
    play(s, US, ("card", 49))
    assert not in_effect(s, 49)
    assert 49 in s.deck.discard_pile


def test_49_missile_envy_owed_and_thrown_away_by_five_year_plan():
    fx = [(49, USSR, "game")]
    s = event_round(5, US, hands={US: [5, 32], USSR: [49, 14]}, effects=fx)
    dice(s, 0)
    play(s, US, ("card", 5), ("use", "event"))
    assert s.hands[USSR] == [14]
    assert 49 in s.deck.discard_pile
    assert not in_effect(s, 49)
    # another card thrown away: the duty stays
    s = event_round(5, US, hands={US: [5, 32], USSR: [49, 14]}, effects=fx)
    dice(s, 1)
    play(s, US, ("card", 5), ("use", "event"))
    assert s.hands[USSR] == [49]
    assert envy_owed(s, USSR)


def test_49_missile_envy_owed_and_thrown_away_by_terrorism():
    s = event_round(92, USSR, hands={USSR: [92, 103], US: [19, 49]}, effects=ENVY_ON_US)
    dice(s, 1)
    play(s, USSR, ("card", 92), ("use", "event"))
    assert s.hands[US] == [19]
    assert not in_effect(s, 49)


def test_49_missile_envy_owed_and_discarded_by_aldrich_ames_remix():
    hands = {USSR: [98, 103], US: [19, 49]}
    s = event_round(98, USSR, hands=hands, effects=ENVY_ON_US, china=US)
    play(s, USSR, ("card", 98), ("use", "event"))
    refused(s, USSR, ("card", 6), "never be discarded")
    assert envy_owed(s, US)
    play(s, USSR, ("card", 49))
    assert s.hands[US] == [19]
    assert not in_effect(s, 49)


def test_49_missile_envy_owed_and_discarded_to_ask_not_in_the_headline():
    s = build(hands={USSR: [9], US: [77, 49, 19]}, effects=[(49, US, "game")])
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 9))
    play(s, US, ("card", 77))
    assert s.step == "event_discard_many"
    play(s, US, ("card", 49), "done")
    assert not in_effect(s, 49)
    assert 49 in s.deck.discard_pile


def test_49_missile_envy_held_over_and_discarded_by_the_bear_has_landed():
    first = [""] * 6 + [USSR, "", ""]
    fx = [(49, USSR, "game")]
    s = build(hands={USSR: [49, 5], US: [7]}, space={USSR: 6, US: 2}, space_first=first, effects=fx)
    s.deck.draw_pile = list(range(11, 30))
    go_on_from(s, "turn", military_operations_check)
    assert s.step == "held_discard"
    play(s, USSR, ("card", 49))
    assert not in_effect(s, 49)
    assert 49 in s.deck.discard_pile


def test_49_missile_envy_owed_and_taken_by_grain_sales_ends_only_if_the_us_keeps_it():
    fx = [(49, USSR, "game")]
    s = event_round(67, US, hands={US: [67, 32], USSR: [49]}, effects=fx)
    play(s, US, ("card", 67), ("use", "event"))
    play(s, US, ("choose", "return_card"))  # back in the USSR's hand: still owed
    assert envy_owed(s, USSR)
    s = event_round(67, US, hands={US: [67, 32], USSR: [49]}, effects=fx)
    play(s, US, ("card", 67), ("use", "event"))
    play(s, US, ("choose", "play_card"))  # the US plays it: the USSR owes nothing more
    assert not in_effect(s, 49)


def test_49_missile_envy_owed_and_headlined_is_played_and_owed_no_more():
    s = build(hands={USSR: [49, 14], US: [19]}, effects=[(49, USSR, "game")])
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 49))
    play(s, US, ("card", 19))
    assert not s.hands[US]  # nothing to give: its event takes nothing
    assert not in_effect(s, 49)
    assert 49 in s.deck.discard_pile  # not back in the USSR's hand to be owed again
    assert s.hands[USSR] == [14]


def test_73_shuttle_diplomacy_waits_beside_the_board_for_asia_or_middle_east_scoring():
    s = as_event(73, US)
    assert effect(s, 73).until == "game"
    assert 73 not in s.deck.discard_pile  # beside the board
    assert 73 not in s.deck.removed


def test_73_shuttle_diplomacy_the_us_leaves_out_a_ussr_battleground_then_it_is_discarded():
    me = {"iran": (2, 0), "iraq": (3, 0), "syria": (2, 0)}
    s = event_round(3, USSR, hands={USSR: [3, 103]}, effects=[(73, US, "game")], influence=me)
    play(s, USSR, ("card", 3), ("use", "event"))
    assert RULESET.active(s) == [US]
    refused(s, US, ("country", "syria"), "not a country this event")  # not a battleground
    play(s, US, ("country", "iran"))
    assert s.vp == -6  # Domination 5 + Iraq; Iran counts for nothing
    assert not in_effect(s, 73)
    assert 73 in s.deck.discard_pile


def test_73_shuttle_diplomacy_ignores_southeast_asia_scoring_and_ends_unused():
    s = event_round(38, USSR, hands={USSR: [38, 103]}, effects=[(73, US, "game")])
    play(s, USSR, ("card", 38), ("use", "event"))
    assert in_effect(s, 73)
    s = event_round(3, USSR, hands={USSR: [3, 103]}, effects=[(73, US, "game")])
    play(s, USSR, ("card", 3), ("use", "event"))  # no USSR battleground: nothing asked
    assert not in_effect(s, 73)
    assert s.step == "action_round"


def test_107_che_a_free_coup_then_a_second_if_it_took_us_influence():
    us = {"kenya": (0, 1), "honduras": (0, 1), "zaire": (0, 2)}
    s = as_event(107, USSR, influence=us, optional_cards=True)
    play(s, USSR, ("choose", "free_coup"))
    refused(s, USSR, ("country", "zaire"), "not a country this event")  # a battleground
    dice(s, 6)  # 6 + 3 - 4 = 5: 1 US off, 4 USSR in
    play(s, USSR, ("country", "kenya"))
    assert inf(s, "kenya") == (4, 0)
    assert s.milops[USSR] == 0
    play(s, USSR, ("choose", "free_coup"))
    refused(s, USSR, ("country", "kenya"), "not a country this event")
    dice(s, 1)  # 1 + 3 - 4 = 0: fails
    play(s, USSR, ("country", "honduras"))
    assert inf(s, "honduras") == (0, 1)
    assert s.step == "action_round"  # no third coup


def test_107_che_no_second_coup_after_one_that_took_nothing():
    s = as_event(107, USSR, influence={"kenya": (0, 1), "honduras": (0, 1)})
    play(s, USSR, ("choose", "free_coup"))
    dice(s, 1)
    play(s, USSR, ("country", "kenya"))
    assert s.step == "action_round"
    assert inf(s, "kenya") == (0, 1)


def test_50_we_will_bury_you_resolves_in_a_quagmire_round():
    # RULES §14 (issue 26 item 4): the US's next round is a trap's discard and roll
    s = as_event(
        50, USSR, defcon=4, hands={USSR: [50, 103], US: [4, 19]}, effects=[(42, USSR, "game")]
    )
    assert s.step == "trapped_round"
    assert s.vp == -3
    assert not in_effect(s, 50)
    dice(s, 6)
    play(s, US, ("card", 4))
    assert s.vp == -3  # given once


def test_50_we_will_bury_you_resolves_when_the_us_round_is_sat_out():
    s = as_event(50, USSR, defcon=4, hands={USSR: [50, 103], US: []})
    assert s.vp == -3
    assert not in_effect(s, 50)
    assert s.phasing == USSR  # the US sat its round out


def test_50_we_will_bury_you_resolves_when_the_us_passes_keeping_the_china_card():
    s = as_event(50, USSR, defcon=4, hands={USSR: [50, 103], US: []}, china=US)
    assert s.vp == 0  # the US may still play The China Card
    refused(s, US, ("card", 32), "not in your hand")
    play(s, US, "pass")
    assert s.vp == -3
    assert not in_effect(s, 50)


def test_50_we_will_bury_you_in_a_skipped_round_can_win_the_game():
    s = as_event(50, USSR, defcon=4, hands={USSR: [50, 103], US: []}, vp=-17)
    out = RULESET.outcome(s)
    assert out.reason == "vp_20"
    assert out.winners == [USSR]
