"""The Early War events written so far (cards 4-25), each by builder and scripted dice,
with its prerequisites, cancellations and refusals; and the event framework of RULES §6:
an opponent's event played for Ops, blocked events against events with no effect."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.effects import effect, in_effect
from gameshelf.plugins.twilight_struggle.model import CIX, STABILITY, US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import (
    as_event,
    at_headline,
    build,
    dice,
    event_refused,
    event_round,
    inf,
    legal,
    play,
    refused,
    say,
)

# --- the framework (RULES §6) -------------------------------------------------------------


def test_an_opponents_event_played_for_ops_happens_before_or_after_as_the_player_says():
    # The US plays Fidel (USSR) for Influence, event first: Cuba goes to the USSR.
    s = event_round(8, US, influence={"cuba": (0, 1)})
    play(s, US, ("card", 8), ("use", "influence"))
    assert s.step == "event_timing"
    assert legal(s, US) == [("when", "before"), ("when", "after")]
    play(s, US, ("when", "before"))
    assert inf(s, "cuba") == (3, 0)
    assert s.step == "influence"
    play(s, US, ("country", "mexico"), ("country", "mexico"))
    assert 8 in s.deck.removed  # starred, and its event happened


def test_the_opponent_makes_every_choice_in_its_event():
    # The US plays Socialist Governments (USSR) for Ops, event after: the USSR removes.
    s = event_round(7, US, influence={"italy": (0, 3), "france": (0, 1)})
    play(s, US, ("card", 7), ("use", "influence"), ("when", "after"))
    play(s, US, *[("country", "canada")] * 3)
    assert s.step == "event_influence"
    assert RULESET.active(s) == [USSR]
    play(s, USSR, ("country", "italy"), ("country", "italy"))
    refused(s, USSR, ("country", "italy"), "no more there")
    play(s, USSR, ("country", "france"))
    assert inf(s, "italy") == (0, 1)
    assert inf(s, "france") == (0, 0)
    assert s.phasing == USSR  # the next round


def test_16_6_a_blocked_opponent_event_leaves_a_starred_card_in_the_discard_pile():
    # NATO (US, starred) played by the USSR for Ops before Marshall Plan or Warsaw Pact.
    s = event_round(21, USSR, hands={USSR: [21, 103]})
    play(s, USSR, ("card", 21), ("use", "influence"))
    assert s.step == "influence"  # no before/after question: the event cannot happen
    assert 21 in s.deck.discard_pile
    assert any("cannot happen: NATO needs" in say(line) for line in s.log[-3:])


def test_16_6_an_event_that_happens_with_no_effect_counts_as_played():
    # Truman Doctrine with no uncontrolled European country holding USSR Influence.
    s = as_event(19, US)
    assert 19 in s.deck.removed


def test_16_6_nato_happens_with_its_prerequisite_and_is_then_removed():
    s = as_event(21, US, effects=[(23, US, "game")])
    assert in_effect(s, 21)
    assert 21 in s.deck.removed


def test_an_own_event_that_cannot_happen_is_refused_as_an_event():
    event_refused(21, US, "needs Marshall Plan")


def test_an_opponents_card_is_not_offered_as_an_event():
    event_refused(8, US, "opponent's event")


def test_a_headlined_opponent_event_is_carried_out_by_its_owner():
    s = build(hands={USSR: [103, 14], US: [8, 20]}, influence={"cuba": (0, 2)})
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 103))
    play(s, US, ("card", 8))  # the US headlines Fidel: the USSR's event
    assert inf(s, "cuba") == (3, 0)


def test_the_space_race_never_triggers_the_opponents_event():
    s = event_round(8, US, influence={"cuba": (0, 1)})
    dice(s, 6)
    play(s, US, ("card", 8), ("use", "space"))
    assert inf(s, "cuba") == (0, 1)
    assert 8 in s.deck.discard_pile


# --- the events -----------------------------------------------------------------------------


def test_04_duck_and_cover_lowers_defcon_then_gives_the_us_5_minus_defcon():
    s = as_event(4, US, defcon=4)
    assert s.defcon == 3
    assert s.vp == 2


def test_04_duck_and_cover_at_defcon_2_makes_the_phasing_player_lose():
    s = event_round(4, USSR, defcon=2, hands={USSR: [4, 103]})
    play(s, USSR, ("card", 4), ("use", "influence"), ("when", "before"))
    out = RULESET.outcome(s)
    assert out.reason == "defcon_1"
    assert out.winners == [US]  # the USSR played the card: it is the phasing player


def test_05_five_year_plan_fires_only_a_us_event_on_the_discarded_card():  # RULES §16.5
    s = event_round(5, US, hands={US: [5, 32], USSR: [4, 14]}, defcon=5)
    dice(s, 0)
    play(s, US, ("card", 5), ("use", "event"))
    assert s.hands[USSR] == [14]
    assert s.defcon == 4  # Duck and Cover happened, for the US
    s = event_round(5, US, hands={US: [5, 32], USSR: [8, 14]}, influence={"cuba": (0, 1)})
    dice(s, 0)
    play(s, US, ("card", 5), ("use", "event"))
    assert inf(s, "cuba") == (0, 1)  # Fidel, a USSR event, does not happen
    assert 8 in s.deck.discard_pile


def test_05_five_year_plan_may_throw_away_a_scoring_card_without_scoring():  # RULES §16.8
    s = event_round(5, US, hands={US: [5, 32], USSR: [1]}, influence={"japan": (0, 4)})
    dice(s, 0)
    play(s, US, ("card", 5), ("use", "event"))
    assert s.vp == 0
    assert 1 in s.deck.discard_pile


def test_07_socialist_governments_removes_3_at_most_2_a_country_in_western_europe():
    s = as_event(7, USSR, influence={"italy": (0, 3), "west_germany": (0, 1), "iran": (0, 1)})
    refused(s, USSR, ("country", "iran"), "not a country this event")
    play(s, USSR, ("country", "italy"), ("country", "italy"), ("country", "west_germany"))
    assert inf(s, "italy") == (0, 1)
    assert inf(s, "west_germany") == (0, 0)


def test_07_socialist_governments_is_forbidden_after_the_iron_lady():
    event_refused(7, USSR, "The Iron Lady is in effect", effects=[(83, US, "game")])


def test_08_fidel_removes_the_us_from_cuba_and_gives_the_ussr_control():
    s = as_event(8, USSR, influence={"cuba": (1, 2)})
    assert inf(s, "cuba") == (STABILITY[CIX["cuba"]], 0)
    assert 8 in s.deck.removed


def test_09_vietnam_revolts_adds_2_and_lasts_the_turn():
    s = as_event(9, USSR)
    assert inf(s, "vietnam") == (2, 0)
    assert effect(s, 9).until == "turn"


def test_10_blockade_the_us_discards_3_ops_or_loses_west_germany():
    wg = {"west_germany": (0, 4)}
    s = event_round(10, USSR, hands={USSR: [10, 103], US: [4, 19]}, influence=wg, china=US)
    play(s, USSR, ("card", 10), ("use", "event"))
    assert RULESET.active(s) == [US]
    refused(s, US, ("card", 19), "fewer than 3 Ops")
    refused(s, US, ("card", 6), "never be discarded")
    play(s, US, ("card", 4))
    assert inf(s, "west_germany") == (0, 4)
    assert 4 in s.deck.discard_pile
    s = event_round(10, USSR, hands={USSR: [10, 103], US: [19]}, influence=dict(wg))
    play(s, USSR, ("card", 10), ("use", "event"))
    play(s, US, "pass")
    assert inf(s, "west_germany") == (0, 0)


def test_10_blockade_counts_the_us_ops_modifiers():  # RULES §6 [FAQ]
    s = event_round(10, USSR, hands={USSR: [10, 103], US: [103]}, effects=[(25, US)])
    play(s, USSR, ("card", 10), ("use", "event"))
    assert ("card", 103) in legal(s, US)  # 2 Ops + Containment = 3


def test_11_korean_war_wins_on_4_after_us_neighbours_and_credits_milops_either_way():
    # Japan is US-controlled and next to South Korea: -1.
    s = event_round(11, USSR, influence={"south_korea": (0, 2), "japan": (0, 4)})
    dice(s, 5)
    play(s, USSR, ("card", 11), ("use", "event"))
    assert inf(s, "south_korea") == (2, 0)
    assert s.vp == -2
    assert s.milops[USSR] == 2
    s = event_round(11, USSR, influence={"south_korea": (0, 2), "japan": (0, 4)})
    dice(s, 4)
    play(s, USSR, ("card", 11), ("use", "event"))
    assert inf(s, "south_korea") == (0, 2)
    assert s.vp == 0
    assert s.milops[USSR] == 2


def test_11_a_war_card_triggered_by_the_us_still_credits_the_ussr():  # RULES §9, §16.4
    s = event_round(11, US, hands={US: [11, 32]}, influence={"south_korea": (0, 2)})
    dice(s, 1)
    play(s, US, ("card", 11), ("use", "influence"), ("when", "before"))
    assert s.milops == {USSR: 2, US: 0}


def test_12_romanian_abdication():
    s = as_event(12, USSR, influence={"romania": (0, 1)})
    assert inf(s, "romania") == (3, 0)


def test_13_arab_israeli_war_minus_one_if_the_us_controls_israel():
    s = event_round(13, USSR, influence={"israel": (0, 4)})
    dice(s, 4)  # 4 - 1 (Israel US-controlled) = 3: lost
    play(s, USSR, ("card", 13), ("use", "event"))
    assert inf(s, "israel") == (0, 4)
    assert 13 in s.deck.discard_pile  # not starred
    s = event_round(13, USSR, influence={"israel": (0, 1)})
    dice(s, 4)
    play(s, USSR, ("card", 13), ("use", "event"))
    assert inf(s, "israel") == (1, 0)
    assert s.vp == -2


def test_13_arab_israeli_war_is_forbidden_after_camp_david():
    event_refused(13, USSR, "Camp David Accords is in effect", effects=[(65, US, "game")])


def test_14_comecon_adds_1_to_4_eastern_european_countries_not_us_controlled():
    s = as_event(14, USSR, influence={"poland": (0, 3)})
    refused(s, USSR, ("country", "poland"), "not a country this event")
    play(s, USSR, ("country", "hungary"))
    refused(s, USSR, ("country", "hungary"), "no more there")
    play(s, USSR, ("country", "austria"), ("country", "finland"), ("country", "romania"))
    assert [inf(s, c)[0] for c in ("hungary", "austria", "finland", "romania")] == [1, 1, 1, 1]


def test_15_nasser_adds_2_and_halves_the_us_rounding_up():
    s = as_event(15, USSR, influence={"egypt": (0, 3)})
    assert inf(s, "egypt") == (2, 1)


def test_16_warsaw_pact_strips_the_us_from_4_countries_or_adds_5_and_enables_nato():
    s = as_event(
        16,
        USSR,
        influence={c: (0, 1) for c in ("poland", "hungary", "austria", "finland", "romania")},
    )
    play(s, USSR, ("choose", "remove"))
    for c in ("poland", "hungary", "austria", "finland"):
        play(s, USSR, ("country", c))
    assert inf(s, "romania") == (0, 1)
    assert inf(s, "poland") == (0, 0)
    assert in_effect(s, 16)
    s = as_event(16, USSR)
    play(s, USSR, ("choose", "add"), ("country", "poland"), ("country", "poland"))
    refused(s, USSR, ("country", "poland"), "no more there")
    play(s, USSR, *[("country", "hungary")] * 2, ("country", "bulgaria"))
    assert inf(s, "poland") == (2, 0)
    assert inf(s, "bulgaria") == (1, 0)


def test_17_de_gaulle_and_nato_no_longer_covers_france():
    s = as_event(17, USSR, influence={"france": (0, 3)})
    assert inf(s, "france") == (1, 1)
    assert in_effect(s, 17)
    assert 17 in s.deck.removed


def test_18_captured_nazi_scientist_moves_its_players_marker_without_using_the_attempt():
    s = as_event(18, USSR)
    assert s.space[USSR] == 1
    assert s.vp == -2
    assert s.space_tries[USSR] == 0


def test_19_truman_doctrine_strips_the_ussr_from_one_uncontrolled_european_country():
    s = as_event(19, US, influence={"italy": (2, 1), "poland": (4, 0)})
    refused(s, US, ("country", "poland"), "not a country this event")
    play(s, US, ("country", "italy"))
    assert inf(s, "italy") == (0, 1)


def test_20_olympic_games_attended_host_plus_2_ties_rolled_again():
    s = as_event(20, US)
    assert RULESET.active(s) == [USSR]
    dice(s, 2, 4, 3, 1)  # 2 + 2 = 4 ties 4: again; 3 + 2 = 5 beats 1
    play(s, USSR, ("choose", "attend"))
    assert s.vp == 2


def test_20_olympic_games_boycotted_lowers_defcon_and_gives_the_host_4_ops():
    s = as_event(20, US, defcon=4)
    play(s, USSR, ("choose", "boycott"))
    assert s.defcon == 3
    play(s, US, ("use", "influence"), *[("country", "mexico")] * 4)
    assert inf(s, "mexico") == (0, 4)


def test_21_nato_needs_marshall_plan_or_warsaw_pact():
    s = event_round(21, US, effects=[(16, USSR, "game")])
    play(s, US, ("card", 21), ("use", "event"))
    assert in_effect(s, 21)


def test_22_independent_reds_matches_the_ussr():
    s = as_event(22, US, influence={"hungary": (3, 1), "poland": (3, 0)})
    refused(s, US, ("country", "poland"), "not a country this event")
    play(s, US, ("country", "hungary"))
    assert inf(s, "hungary") == (3, 3)


def test_23_marshall_plan_adds_1_to_7_western_countries_not_ussr_controlled():
    s = as_event(23, US, influence={"finland": (4, 0)})
    refused(s, US, ("country", "finland"), "not a country this event")
    for c in ("uk", "france", "italy", "norway", "sweden", "denmark", "benelux"):
        play(s, US, ("country", c))
    assert in_effect(s, 23)
    assert inf(s, "benelux") == (0, 1)


def test_24_indo_pakistani_war_its_player_picks_the_target():
    s = as_event(24, US, influence={"pakistan": (2, 0), "india": (0, 2)})
    refused(s, US, ("country", "iran"), "not a country this event")
    dice(s, 4)
    play(s, US, ("country", "pakistan"))
    assert inf(s, "pakistan") == (0, 2)
    assert s.vp == 2
    assert s.milops[US] == 2


def test_25_containment_lasts_the_turn():  # RULES §16.7
    s = as_event(25, US)
    assert effect(s, 25).until == "turn"
    assert 25 in s.deck.removed


def test_26_cia_created_shows_the_ussr_hand_to_the_us_only_then_1_op():
    s = event_round(26, US, hands={US: [26, 32], USSR: [14, 28]})
    play(s, US, ("card", 26), ("use", "event"))
    assert [c["id"] for c in RULESET.view(s, US)["shown"]] == [14, 28]
    assert RULESET.view(s, USSR)["shown"] == []
    assert RULESET.view(s, None)["shown"] == []
    play(s, US, ("use", "influence"), ("country", "mexico"))
    assert inf(s, "mexico") == (0, 1)
    assert RULESET.view(s, US)["shown"] == []  # only at that moment: gone at the next round


def test_26_cia_created_uses_the_us_ops_modifiers():  # RULES §6
    s = event_round(26, US, hands={US: [26, 32], USSR: [14]}, effects=[(25, US)])
    play(s, US, ("card", 26), ("use", "event"), ("use", "influence"))
    play(s, US, ("country", "mexico"), ("country", "mexico"))
    assert inf(s, "mexico") == (0, 2)


def test_27_us_japan_pact_controls_japan_and_forbids_ussr_coups_there():
    s = as_event(27, US, influence={"japan": (2, 1)})
    assert inf(s, "japan") == (2, 6)
    assert in_effect(s, 27)
    here = {"japan": (1, 1), "iran": (0, 1)}
    s = event_round(28, USSR, influence=here, effects=[(27, US, "game")])
    play(s, USSR, ("card", 28), ("use", "coup"))
    refused(s, USSR, ("country", "japan"), "Mutual Defense Pact")


def test_28_suez_crisis_removes_4_from_france_uk_israel_at_most_2_each():
    s = as_event(28, USSR, influence={"uk": (0, 5), "france": (0, 1), "israel": (0, 1)})
    play(s, USSR, ("country", "uk"), ("country", "uk"))
    refused(s, USSR, ("country", "uk"), "no more there")
    play(s, USSR, ("country", "france"), ("country", "israel"))
    assert [inf(s, c)[1] for c in ("uk", "france", "israel")] == [3, 0, 0]


def test_29_east_european_unrest_removes_1_from_3_countries_2_in_the_late_war():
    here = {"poland": (3, 0), "hungary": (3, 0), "bulgaria": (3, 0), "romania": (3, 0)}
    s = as_event(29, US, influence=here)
    play(s, US, ("country", "poland"))
    refused(s, US, ("country", "poland"), "not a country this event")
    play(s, US, ("country", "hungary"), ("country", "bulgaria"))
    assert [inf(s, c)[0] for c in ("poland", "hungary", "bulgaria", "romania")] == [2, 2, 2, 3]
    s = as_event(29, US, influence=dict(here), turn=8)
    play(s, US, ("country", "poland"), ("country", "hungary"), ("country", "bulgaria"))
    assert [inf(s, c)[0] for c in ("poland", "hungary", "bulgaria")] == [1, 1, 1]


def test_30_decolonization_adds_1_to_4_countries_of_africa_and_southeast_asia():
    s = as_event(30, USSR)
    refused(s, USSR, ("country", "india"), "not a country this event")
    play(s, USSR, ("country", "angola"), ("country", "thailand"))
    refused(s, USSR, ("country", "angola"), "no more there")
    play(s, USSR, ("country", "zaire"), ("country", "burma"))
    assert inf(s, "burma") == (1, 0)


def test_31_red_scare_lasts_the_turn_against_its_players_opponent():
    s = as_event(31, USSR)
    assert effect(s, 31).side == USSR
    assert effect(s, 31).until == "turn"
    assert 31 in s.deck.discard_pile


def test_32_un_intervention_cancels_an_opponents_event_and_uses_its_ops():
    s = event_round(32, US, hands={US: [32, 8, 29]}, influence={"cuba": (0, 1)})
    play(s, US, ("card", 32), ("use", "event"))
    refused(s, US, ("card", 29), "cannot go with")
    play(s, US, ("card", 8))  # Fidel: the USSR's event, cancelled
    play(s, US, ("use", "influence"), ("country", "cuba"), ("country", "cuba"))
    assert inf(s, "cuba") == (0, 3)
    assert 8 in s.deck.discard_pile


def test_32_un_intervention_needs_an_opponents_card():
    event_refused(32, US, "needs a card of your opponent's event", hands={US: [32, 29]})


def test_33_de_stalinization_moves_up_to_4_ussr_influence_at_most_2_a_country():
    s = as_event(33, USSR, influence={"poland": (3, 0), "italy": (0, 3)})
    play(s, USSR, ("country", "poland"), ("country", "poland"), "done")
    refused(s, USSR, ("country", "italy"), "no more there|not a country")
    play(s, USSR, ("country", "iran"), ("country", "iraq"))
    assert inf(s, "poland") == (1, 0)
    assert inf(s, "iran") == (1, 0)
    assert inf(s, "iraq") == (1, 0)


def test_34_nuclear_test_ban_gives_defcon_minus_2_vp_then_raises_defcon_by_2():
    s = as_event(34, USSR, defcon=4)
    assert s.vp == -2
    assert s.defcon == 5
    s = as_event(34, US, defcon=2)
    assert s.vp == 0
    assert s.defcon == 4


def test_35_formosan_resolution_lasts_until_the_us_plays_the_china_card():
    s = as_event(35, US)
    assert effect(s, 35).until == "game"
    assert 35 in s.deck.removed


def test_103_defectors_headlined_by_the_us_cancels_the_ussr_headline():
    s = build(hands={USSR: [1, 28], US: [103, 29]}, influence={"japan": (0, 4)})
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 1))  # Asia Scoring, cancelled: no scoring
    play(s, US, ("card", 103))
    assert s.vp == 0
    assert 1 in s.deck.discard_pile
    assert s.headlines == {US: 103}


def test_103_defectors_played_by_the_ussr_for_ops_gives_the_us_1_vp():  # RULES §16.5
    s = event_round(103, USSR, hands={USSR: [103, 28]})
    play(s, USSR, ("card", 103), ("use", "influence"), ("when", "after"))
    play(s, USSR, ("country", "finland"), ("country", "finland"))
    assert s.vp == 1
    s = event_round(103, USSR, hands={USSR: [103, 28]})
    dice(s, 1)
    play(s, USSR, ("card", 103), ("use", "space"))
    assert s.vp == -2  # the Space Race: no event, only the box's VP
    s = as_event(103, US)
    assert s.vp == 0  # a US action round: nothing


def test_104_cambridge_five_shows_the_us_scoring_cards_and_adds_1_in_their_region():
    s = event_round(104, USSR, hands={USSR: [104, 28], US: [3, 29]})
    play(s, USSR, ("card", 104), ("use", "event"))
    assert [c["id"] for c in RULESET.view(s, USSR)["shown"]] == [3]
    refused(s, USSR, ("country", "poland"), "not a country this event")
    play(s, USSR, ("country", "iran"))
    assert inf(s, "iran") == (1, 0)


def test_104_cambridge_five_is_no_event_in_the_late_war():
    event_refused(104, USSR, "Late War", turn=8)


def test_105_special_relationship_needs_the_uk_and_is_bigger_with_nato():
    event_refused(105, US, "control UK")
    s = as_event(105, US, influence={"uk": (0, 5)})
    refused(s, US, ("country", "italy"), "not a country this event")
    play(s, US, ("country", "france"))
    assert inf(s, "france") == (0, 1)
    assert s.vp == 0
    s = as_event(105, US, influence={"uk": (0, 5)}, effects=[(21, US, "game")])
    play(s, US, ("country", "italy"))
    assert inf(s, "italy") == (0, 2)
    assert s.vp == 2


def test_106_norad_adds_1_after_a_round_that_moved_defcon_to_2():
    s = event_round(
        28,
        USSR,
        defcon=3,
        influence={"canada": (0, 4), "iran": (0, 1)},
        effects=[(106, US, "game")],
    )
    dice(s, 1)
    play(s, USSR, ("card", 28), ("use", "coup"), ("country", "iran"))
    assert s.defcon == 2
    assert s.step == "event_influence"
    assert RULESET.active(s) == [US]
    refused(s, US, ("country", "mexico"), "not a country this event")
    play(s, US, ("country", "iran"))
    assert inf(s, "iran") == (0, 2)


def test_20_a_boycott_at_defcon_2_makes_the_host_the_phasing_player_lose():  # RULES §8
    s = as_event(20, US, defcon=2)
    play(s, USSR, ("choose", "boycott"))
    out = RULESET.outcome(s)
    assert out.reason == "defcon_1"
    assert out.winners == [USSR]


def test_an_opponents_event_first_may_leave_the_coup_without_a_target():
    # The USSR plays Duck and Cover (the US's) for a coup in Iran, event first: DEFCON 2
    # closes the Middle East, so the coup has nowhere to go and the card is spent.
    s = event_round(4, USSR, hands={USSR: [4, 103]}, defcon=3, influence={"iran": (0, 1)})
    play(s, USSR, ("card", 4), ("use", "coup"), ("when", "before"))
    assert s.defcon == 2
    assert s.step == "action_round"  # the round is over (the US has no card: the USSR again)
    assert s.rounds_done[USSR] == 2
    assert inf(s, "iran") == (0, 1)
