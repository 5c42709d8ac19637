"""The Late War events, 82-102, each by builder and scripted dice, with its prerequisites,
cancellations, duration and refusals (state unchanged)."""

from __future__ import annotations

from gameshelf.core.engine.rng import Rng
from gameshelf.plugins.twilight_struggle.effects import add_effect, effect, expire, in_effect
from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.rounds import rounds_total
from gameshelf.plugins.twilight_struggle.rules import RULESET
from gameshelf.plugins.twilight_struggle.turn import next_side
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
    said,
    say,
)

# --- 82 Iranian Hostage Crisis, 92 Terrorism ------------------------------------------------


def test_82_iranian_hostage_crisis_takes_iran_and_lasts_the_game():
    s = as_event(82, USSR, influence={"iran": (0, 3)})
    assert inf(s, "iran") == (2, 0)
    assert effect(s, 82).until == "game"
    assert 82 in s.deck.removed
    expire(s)  # the end of the turn
    assert in_effect(s, 82)


def test_92_terrorism_the_opponent_discards_one_card_at_random_and_stays_in_the_deck():
    s = event_round(92, USSR, hands={USSR: [92, 103], US: [19, 4, 5]})
    dice(s, 1)  # the second card of the US hand
    play(s, USSR, ("card", 92), ("use", "event"))
    assert s.hands[US] == [19, 5]
    assert 4 in s.deck.discard_pile
    assert 92 in s.deck.discard_pile  # not starred
    assert s.vp == 0  # Duck and Cover's event did not happen


def test_92_terrorism_two_cards_from_the_us_under_iranian_hostage_crisis():
    fx = [(82, USSR, "game")]
    s = event_round(92, USSR, effects=fx, hands={USSR: [92, 103], US: [19, 4, 5]})
    play(s, USSR, ("card", 92), ("use", "event"))
    assert len(s.hands[US]) == 1
    assert len(said(s, "discarded_at_random")) == 2
    # played by the US, the USSR still loses one card only
    s = event_round(92, US, effects=fx, hands={US: [92, 32], USSR: [7, 14, 8]})
    play(s, US, ("card", 92), ("use", "event"))
    assert len(s.hands[USSR]) == 2


def test_92_terrorism_throws_a_scoring_card_away_unscored_and_never_the_china_card():
    s = event_round(92, USSR, hands={USSR: [92, 103], US: [1]}, china=US)
    play(s, USSR, ("card", 92), ("use", "event"))
    assert s.hands[US] == []
    assert 1 in s.deck.discard_pile
    assert s.vp == 0
    assert s.china == US


# --- 83 The Iron Lady, 84 Reagan Bombs Libya ------------------------------------------------


def test_83_the_iron_lady_and_socialist_governments_is_then_forbidden():
    s = as_event(83, US, influence={"uk": (2, 5)})
    assert inf(s, "uk") == (0, 5)
    assert inf(s, "argentina") == (1, 0)
    assert s.vp == 1
    assert effect(s, 83).until == "game"
    assert 83 in s.deck.removed
    event_refused(7, USSR, "The Iron Lady is in effect", effects=[(83, US, "game")])


def test_84_reagan_bombs_libya_1_vp_per_2_ussr_influence_rounded_down():
    s = as_event(84, US, influence={"libya": (5, 0)})
    assert s.vp == 2
    s = as_event(84, US, influence={"libya": (1, 0)})
    assert s.vp == 0
    assert 84 in s.deck.removed  # it happened with no effect


# --- 85 Star Wars ---------------------------------------------------------------------------


def test_85_star_wars_needs_the_us_ahead_on_the_space_race():
    event_refused(85, US, "ahead on the Space Race", space={USSR: 1, US: 1})
    # played by the USSR for Ops, its event cannot happen: discarded, not removed
    s = event_round(85, USSR, hands={USSR: [85, 103]})
    play(s, USSR, ("card", 85), ("use", "influence"))
    assert s.step == "influence"
    assert 85 in s.deck.discard_pile


def test_85_star_wars_fetches_a_non_scoring_card_whose_event_happens_at_once():
    s = event_round(85, US, space={USSR: 0, US: 1})
    s.deck.discard_pile = [1, 21, 64, 54]
    play(s, US, ("card", 85), ("use", "event"))
    refused(s, US, ("card", 1), "cannot go with")  # a scoring card
    refused(s, US, ("card", 21), "cannot go with")  # NATO: its event cannot happen now
    assert set(legal(s, US)) == {("card", 64), ("card", 54)}
    play(s, US, ("card", 64))  # Panama Canal Returned
    assert [inf(s, c) for c in ("panama", "costa_rica", "venezuela")] == [(0, 1)] * 3
    assert {64, 85} <= set(s.deck.removed)
    assert s.deck.discard_pile == [1, 21, 54]


def test_85_star_wars_a_fetched_ussr_event_is_carried_out_by_the_ussr():
    s = event_round(85, US, space={USSR: 0, US: 1})
    s.deck.discard_pile = [54]
    play(s, US, ("card", 85), ("use", "event"), ("card", 54))
    assert inf(s, "chile") == (2, 0)  # Allende, for the USSR


def test_85_star_wars_with_nothing_to_fetch_happens_with_no_effect():
    s = event_round(85, US, space={USSR: 0, US: 1})
    s.deck.discard_pile = [1]
    play(s, US, ("card", 85), ("use", "event"))
    assert 85 in s.deck.removed  # RULES §16.6
    assert s.deck.discard_pile == [1]
    assert s.step == "action_round"


# --- 86 North Sea Oil ---------------------------------------------------------------------


def test_86_north_sea_oil_an_eighth_us_round_this_turn_and_opec_forbidden_for_good():
    s = as_event(86, US, turn=8)
    assert rounds_total(s, US) == 8
    assert rounds_total(s, USSR) == 7
    s.rounds_done = {USSR: 7, US: 7}
    assert next_side(s) == US  # the extra round comes after the normal ones
    s.rounds_done = {USSR: 7, US: 8}
    assert next_side(s) is None
    assert 86 in s.deck.removed
    s.turn = 9  # the next turn: 7 rounds again, OPEC still forbidden
    assert rounds_total(s, US) == 7
    assert in_effect(s, 86)
    event_refused(61, USSR, "North Sea Oil is in effect", effects=[(86, US, "game")])


# --- 87 The Reformer, 90 Glasnost -----------------------------------------------------------


def test_87_the_reformer_adds_4_in_europe_at_most_2_a_country():
    s = as_event(87, USSR)
    refused(s, USSR, ("country", "iran"), "not a country this event")
    play(s, USSR, ("country", "poland"), ("country", "poland"))
    refused(s, USSR, ("country", "poland"), "no more there")
    play(s, USSR, ("country", "italy"), ("country", "france"))
    assert [inf(s, c) for c in ("poland", "italy", "france")] == [(2, 0), (1, 0), (1, 0)]
    assert effect(s, 87).until == "game"
    assert s.step == "action_round"
    expire(s)  # the end of the turn
    assert in_effect(s, 87)


def test_87_the_reformer_adds_6_when_the_ussr_leads_in_vp():
    s = as_event(87, USSR, vp=-1)
    for country in ("poland", "poland", "italy", "italy", "france", "france"):
        play(s, USSR, ("country", country))
    assert sum(inf(s, c)[0] for c in ("poland", "italy", "france")) == 6
    assert s.step == "action_round"


def test_87_the_reformer_forbids_ussr_coups_in_europe_not_realignments():
    fx = [(87, USSR, "game")]
    s = event_round(39, USSR, effects=fx, influence={"italy": (0, 1), "iran": (0, 1)})
    play(s, USSR, ("card", 39), ("use", "coup"))
    refused(s, USSR, ("country", "italy"), "may not coup in Europe")
    assert ("country", "iran") in legal(s, USSR)
    s = event_round(39, USSR, effects=fx, influence={"italy": (0, 1)})
    play(s, USSR, ("card", 39))
    refused(s, USSR, ("use", "coup"), "no country outside Europe")
    play(s, USSR, ("use", "realign"))
    assert ("country", "italy") in legal(s, USSR)


def test_90_glasnost_improves_defcon_and_gives_2_vp_ops_only_with_the_reformer():
    s = as_event(90, USSR, defcon=3)
    assert s.defcon == 4
    assert s.vp == -2
    assert s.step == "action_round"  # no Reformer: no Operations
    assert 90 in s.deck.removed
    s = as_event(90, USSR, effects=[(87, USSR, "game")], influence={"italy": (0, 1)})
    assert legal(s, USSR) == [
        ("choose", "ops_influence"),
        ("choose", "ops_realign"),
        ("choose", "no_ops"),
    ]
    play(s, USSR, ("choose", "ops_influence"))
    assert s.step == "influence"
    play(s, USSR, *[("country", "finland")] * 4)
    assert inf(s, "finland") == (4, 0)
    assert s.step == "action_round"


# --- 88 Marine Barracks Bombing, 99 Pershing II ---------------------------------------------


def test_88_marine_barracks_bombing_clears_lebanon_then_2_more_in_the_middle_east():
    us = {"lebanon": (0, 2), "israel": (0, 3), "iran": (0, 1), "france": (0, 2)}
    s = as_event(88, USSR, influence=us)
    assert inf(s, "lebanon") == (0, 0)
    refused(s, USSR, ("country", "france"), "not a country this event")
    play(s, USSR, ("country", "israel"), ("country", "israel"))
    assert inf(s, "israel") == (0, 1)
    assert inf(s, "iran") == (0, 1)
    assert 88 in s.deck.removed


def test_99_pershing_ii_1_vp_and_1_off_each_of_3_western_european_countries():
    us = {"france": (0, 2), "italy": (0, 1), "uk": (0, 5), "poland": (0, 1)}
    s = as_event(99, USSR, influence=us)
    assert s.vp == -1
    refused(s, USSR, ("country", "poland"), "not a country this event")
    play(s, USSR, ("country", "france"))
    refused(s, USSR, ("country", "france"), "no more there")
    play(s, USSR, ("country", "italy"), ("country", "uk"))
    assert [inf(s, c) for c in ("france", "italy", "uk")] == [(0, 1), (0, 0), (0, 4)]
    assert s.step == "action_round"


# --- 89 Soviets Shoot Down KAL-007 --------------------------------------------------------


def test_89_kal_007_lowers_defcon_2_vp_and_ops_only_with_south_korea():
    s = as_event(89, US, defcon=4)
    assert s.defcon == 3
    assert s.vp == 2
    assert s.step == "action_round"  # no South Korea: no Operations
    s = as_event(89, US, influence={"south_korea": (0, 3)})
    assert legal(s, US) == [("choose", "ops_influence"), ("choose", "no_ops")]
    play(s, US, ("choose", "ops_influence"))
    play(s, US, *[("country", "taiwan")] * 4)
    assert inf(s, "taiwan") == (0, 4)
    s = as_event(89, US, influence={"south_korea": (0, 3), "cuba": (1, 0)})
    play(s, US, ("choose", "ops_realign"))
    assert s.step == "realign"


def test_89_kal_007_at_defcon_2_loses_for_the_phasing_player():
    s = event_round(89, USSR, hands={USSR: [89, 103]}, defcon=2)
    play(s, USSR, ("card", 89), ("use", "influence"), ("when", "before"))
    out = RULESET.outcome(s)
    assert out.reason == "defcon_1"
    assert out.winners == [US]


# --- 91 Ortega Elected in Nicaragua -------------------------------------------------------


def test_91_ortega_clears_nicaragua_then_a_free_coup_next_to_it():
    us = {"nicaragua": (0, 2), "cuba": (0, 2), "panama": (0, 1)}
    s = as_event(91, USSR, influence=us, defcon=2)
    assert inf(s, "nicaragua") == (0, 0)
    play(s, USSR, ("choose", "free_coup"))
    refused(s, USSR, ("country", "panama"), "not a country this event")
    dice(s, 6)  # 6 + 2 - 6 = 2
    play(s, USSR, ("country", "cuba"))
    assert inf(s, "cuba") == (0, 0)
    assert s.milops[USSR] == 0  # a free coup (RULES §16.4)
    assert RULESET.outcome(s).reason == "defcon_1"  # Cuba is a battleground: DEFCON 1
    assert RULESET.outcome(s).winners == [US]


def test_91_ortega_with_no_us_neighbour_asks_nothing():
    s = as_event(91, USSR, influence={"nicaragua": (0, 1)})
    assert inf(s, "nicaragua") == (0, 0)
    assert s.step == "action_round"


# --- 93 Iran-Contra Scandal ---------------------------------------------------------------


def test_93_iran_contra_us_realignment_rolls_minus_1_for_the_turn():
    s = as_event(93, USSR)
    assert effect(s, 93).until == "turn"
    # US 3 + 1 (its box) - 1 against USSR 3 + 1 (more Influence): the US loses 1
    s = event_round(19, US, effects=[(93, USSR)], influence={"mexico": (2, 1)})
    dice(s, 3, 3)
    play(s, US, ("card", 19), ("use", "realign"), ("country", "mexico"))
    assert inf(s, "mexico") == (2, 0)
    s = event_round(19, US, influence={"mexico": (2, 1)})  # without it: a tie
    dice(s, 3, 3)
    play(s, US, ("card", 19), ("use", "realign"), ("country", "mexico"))
    assert inf(s, "mexico") == (2, 1)


def test_93_iran_contra_also_lowers_the_us_defending_roll_and_ends_with_the_turn():
    # USSR 3 against US 3 + 1 (more Influence) - 1: a tie, where the US would win by 1
    s = event_round(39, USSR, effects=[(93, USSR)], influence={"iran": (1, 2)})
    dice(s, 3, 3)
    play(s, USSR, ("card", 39), ("use", "realign"), ("country", "iran"))
    assert inf(s, "iran") == (1, 2)
    s = event_round(39, USSR, influence={"iran": (1, 2)})
    dice(s, 3, 3)
    play(s, USSR, ("card", 39), ("use", "realign"), ("country", "iran"))
    assert inf(s, "iran") == (0, 2)
    s = as_event(93, USSR)
    expire(s)
    assert not in_effect(s, 93)


# --- 94 Chernobyl -------------------------------------------------------------------------


def test_94_chernobyl_the_us_names_a_region_closed_to_ussr_ops_influence_this_turn():
    s = as_event(94, US)
    assert len(legal(s, US)) == 6
    play(s, US, ("choose", "region_asia"))
    assert effect(s, 94).region == "asia"
    assert effect(s, 94).until == "turn"
    expire(s)  # the end of the turn
    assert not in_effect(s, 94)
    s = event_round(39, USSR, influence={"north_korea": (1, 0), "afghanistan": (1, 0)})
    add_effect(s, 94, US, "turn", region="asia")
    play(s, USSR, ("card", 39), ("use", "influence"))
    refused(s, USSR, ("country", "north_korea"), "Operations in Asia this turn")
    refused(s, USSR, ("country", "vietnam"), "Operations in Asia this turn")
    play(s, USSR, *[("country", "poland")] * 3)
    assert inf(s, "poland") == (3, 0)


def test_94_chernobyl_leaves_event_influence_alone():
    s = event_round(30, USSR)  # Decolonization: Africa and Southeast Asia
    add_effect(s, 94, US, "turn", region="asia")
    play(s, USSR, ("card", 30), ("use", "event"), ("country", "vietnam"))
    assert inf(s, "vietnam") == (1, 0)


# --- 95 Latin American Debt Crisis ----------------------------------------------------------


def test_95_debt_crisis_a_3_ops_discard_saves_south_america():
    ussr = {"chile": (2, 0), "brazil": (3, 0)}
    s = event_round(95, USSR, hands={USSR: [95, 103], US: [19, 4]}, influence=ussr)
    play(s, USSR, ("card", 95), ("use", "event"))
    assert RULESET.active(s) == [US]
    refused(s, US, ("card", 19), "fewer than 3 Ops")
    play(s, US, ("card", 4))
    assert inf(s, "chile") == (2, 0)
    assert 95 in s.deck.discard_pile  # not starred
    assert s.vp == 0  # the discarded card's event did not happen


def test_95_debt_crisis_otherwise_the_ussr_doubles_2_south_american_countries():
    ussr = {"chile": (2, 0), "brazil": (3, 0), "peru": (1, 0), "cuba": (2, 0)}
    s = event_round(95, USSR, hands={USSR: [95, 103], US: [19, 4]}, influence=ussr)
    play(s, USSR, ("card", 95), ("use", "event"))
    play(s, US, "pass")
    assert RULESET.active(s) == [USSR]
    refused(s, USSR, ("country", "cuba"), "not a country this event")
    refused(s, USSR, ("country", "argentina"), "not a country this event")  # none there
    play(s, USSR, ("country", "chile"))
    refused(s, USSR, ("country", "chile"), "not a country this event")
    play(s, USSR, ("country", "brazil"))
    assert [inf(s, c) for c in ("chile", "brazil", "peru")] == [(4, 0), (6, 0), (1, 0)]
    assert s.step == "action_round"


# --- 96 Tear Down This Wall ---------------------------------------------------------------


def test_96_tear_down_this_wall_cancels_willy_brandt_and_a_free_coup_in_europe():
    fx = [(55, USSR, "game")]
    ussr = {"east_germany": (3, 0), "poland": (2, 0), "iran": (1, 0)}
    s = as_event(96, US, effects=fx, influence=ussr, defcon=3)
    assert inf(s, "east_germany") == (3, 3)
    assert not in_effect(s, 55)
    assert effect(s, 96).until == "game"
    assert legal(s, US) == [
        ("choose", "free_coup"),
        ("choose", "free_realign"),
        ("choose", "no_ops"),
    ]
    play(s, US, ("choose", "free_coup"))
    refused(s, US, ("country", "iran"), "not a country this event")
    dice(s, 6)  # 6 + 3 - 6 = 3, in Europe at DEFCON 3: the DEFCON geography is ignored
    play(s, US, ("country", "poland"))
    assert inf(s, "poland") == (0, 1)
    assert s.milops[US] == 0
    assert s.defcon == 2  # a battleground
    assert 96 in s.deck.removed
    event_refused(55, USSR, "Tear Down This Wall is in effect", effects=[(96, US, "game")])


def test_96_tear_down_this_wall_free_realignments_and_no_target_no_question():
    s = as_event(96, US, influence={"poland": (1, 0)})
    play(s, US, ("choose", "free_realign"))
    dice(s, 6, 1)  # US 6 against USSR 1 + 1 (its box) + 1 (more Influence): 3 off
    play(s, US, ("country", "poland"))
    assert inf(s, "poland") == (0, 0)
    assert s.step == "action_round"  # no target left: the rolls end
    s = as_event(96, US)
    assert s.step == "action_round"


# --- 97 An Evil Empire --------------------------------------------------------------------


def test_97_an_evil_empire_1_vp_and_cancels_flower_power():
    s = as_event(97, US, effects=[(59, USSR, "game")])
    assert s.vp == 1
    assert not in_effect(s, 59)
    assert effect(s, 97).until == "game"
    assert 97 in s.deck.removed
    event_refused(59, USSR, "An Evil Empire is in effect", effects=[(97, US, "game")])


# --- 98 Aldrich Ames Remix ----------------------------------------------------------------


def test_98_aldrich_ames_the_us_hand_face_up_and_the_ussr_discards_one_of_it():
    s = event_round(98, USSR, hands={USSR: [98, 103], US: [19, 4, 1]}, china=US)
    play(s, USSR, ("card", 98), ("use", "event"))
    assert effect(s, 98).until == "turn"
    assert RULESET.active(s) == [USSR]
    assert [c["id"] for c in RULESET.view(s, USSR)["shown"]] == [19, 4, 1]
    assert [c["id"] for c in RULESET.view(s, None)["shown"]] == [19, 4, 1]
    refused(s, USSR, ("card", 6), "never be discarded")
    play(s, USSR, ("card", 1))  # Asia Scoring: discarded, never scored
    assert s.vp == 0
    assert s.hands[US] == [19, 4]
    assert 1 in s.deck.discard_pile
    assert 98 in s.deck.removed
    assert s.step == "action_round"
    # the hand stays face up for the rest of the turn, also to the shuffle of hidden cards
    assert [c["id"] for c in RULESET.view(s, USSR)["shown"]] == [19, 4]
    RULESET.shuffle_hidden(s, USSR, Rng(seed=5))
    assert s.hands[US] == [19, 4]
    expire(s)
    assert RULESET.view(s, USSR)["shown"] == []


# --- 100 Wargames -------------------------------------------------------------------------


def test_100_wargames_only_at_defcon_2():
    event_refused(100, US, "only at DEFCON 2", defcon=3)


def test_100_wargames_headlined_away_from_defcon_2_is_discarded_not_removed():
    s = build(hands={USSR: [54, 14], US: [100, 20]}, defcon=3)
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 54))
    play(s, US, ("card", 100))
    assert 100 in s.deck.discard_pile
    assert 100 not in s.deck.removed
    assert inf(s, "chile") == (2, 0)


def test_100_wargames_gives_the_opponent_6_vp_and_the_leader_wins_without_final_scoring():
    s = as_event(100, US, defcon=2, vp=7)
    assert legal(s, US) == [("choose", "wargames_end"), ("choose", "wargames_no")]
    play(s, US, ("choose", "wargames_end"))
    out = RULESET.outcome(s)
    assert (out.reason, out.winners) == ("wargames", [US])
    assert s.vp == 1
    assert not said(s, "final_scoring")
    s = as_event(100, US, defcon=2, vp=-3)
    play(s, US, ("choose", "wargames_end"))
    assert RULESET.outcome(s).winners == [USSR]
    s = as_event(100, USSR, defcon=2, vp=-6)  # the USSR's 6 VP gift levels the score
    play(s, USSR, ("choose", "wargames_end"))
    out = RULESET.outcome(s)
    assert (out.reason, out.winners) == ("wargames", [])
    assert "draw" in say(out.text)


def test_100_wargames_a_gift_past_20_vp_is_still_a_wargames_ending():
    s = as_event(100, US, defcon=2, vp=-15)
    play(s, US, ("choose", "wargames_end"))
    out = RULESET.outcome(s)
    assert (out.reason, out.winners) == ("wargames", [USSR])


def test_100_wargames_declined_goes_on_and_is_removed():
    s = as_event(100, US, defcon=2)
    play(s, US, ("choose", "wargames_no"))
    assert not s.over
    assert s.vp == 0
    assert 100 in s.deck.removed


# --- 101 Solidarity, 102 Iran-Iraq War ----------------------------------------------------


def test_101_solidarity_needs_john_paul_ii():
    event_refused(101, US, "needs John Paul II")
    s = event_round(101, USSR, hands={USSR: [101, 103]})  # for Ops: no event, discarded
    play(s, USSR, ("card", 101), ("use", "influence"))
    assert 101 in s.deck.discard_pile
    s = as_event(101, US, effects=[(68, US, "game")], influence={"poland": (3, 0)})
    assert inf(s, "poland") == (3, 3)
    assert 101 in s.deck.removed


def test_102_iran_iraq_war_minus_1_per_enemy_neighbour_milops_win_or_lose():
    us = {"iraq": (0, 2), "jordan": (0, 2)}  # Jordan: US-controlled, next to Iraq
    s = as_event(102, USSR, influence=us)
    refused(s, USSR, ("country", "syria"), "not a country this event")
    dice(s, 5)  # 5 - 1 = 4: a win
    play(s, USSR, ("country", "iraq"))
    assert inf(s, "iraq") == (2, 0)
    assert s.vp == -2
    assert s.milops[USSR] == 2
    assert 102 in s.deck.removed
    s = as_event(102, USSR, influence=us)
    dice(s, 4)  # 4 - 1 = 3: lost
    play(s, USSR, ("country", "iraq"))
    assert inf(s, "iraq") == (0, 2)
    assert s.vp == 0
    assert s.milops[USSR] == 2


def test_102_iran_iraq_war_played_by_the_us_under_flower_power():
    s = as_event(102, US, effects=[(59, USSR, "game")], influence={"iran": (2, 0)})
    assert s.vp == -2  # Flower Power
    dice(s, 6)
    play(s, US, ("country", "iran"))
    assert inf(s, "iran") == (0, 2)
    assert s.vp == 0
    assert s.milops[US] == 2
