"""RULES §10 and every point of §16.10: The China Card."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.effects import in_effect
from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.scoring import final_scoring
from tests.twilight_struggle.builders import (
    at_headline,
    at_round,
    begin,
    build,
    dice,
    inf,
    legal,
    play,
    refused,
    said,
    say,
)

CHINA, DUCK = 6, 4


def test_16_10_played_it_passes_face_down_and_cannot_be_played_until_flipped():
    s = at_round(build(hands={USSR: [DUCK], US: [19]}, influence={"north_korea": (1, 0)}), USSR)
    play(s, USSR, ("card", CHINA), ("use", "influence"), *[("country", "north_korea")] * 5)
    assert (s.china, s.china_up) == (US, False)
    assert s.phasing == US
    refused(s, US, ("card", CHINA), "face down")


def test_16_10_playing_it_uses_an_action_round_but_no_hand_card():
    s = at_round(build(hands={USSR: [DUCK], US: [19]}), USSR)
    play(s, USSR, ("card", CHINA), ("use", "influence"), *[("country", "finland")] * 4)
    assert s.hands[USSR] == [DUCK]
    assert s.rounds_done[USSR] == 1
    assert CHINA not in s.deck.discard_pile


def test_16_10_it_is_never_headlined_and_has_no_event():
    s = build(hands={USSR: [DUCK, 5], US: [19, 20]})
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    assert ("card", CHINA) not in legal(s, USSR)
    s = at_round(build(hands={USSR: [DUCK]}), USSR)
    play(s, USSR, ("card", CHINA))
    refused(s, USSR, ("use", "event"), "has no event")


def test_16_10_its_asia_bonus_applies_to_a_coup():
    # Pakistan: stability 2. 4 Ops + 1 in Asia + roll 1 = 6 > 4: excess 2.
    s = at_round(build(hands={USSR: [DUCK]}, influence={"pakistan": (0, 2)}), USSR)
    dice(s, 1)
    play(s, USSR, ("card", CHINA), ("use", "coup"), ("country", "pakistan"))
    assert inf(s, "pakistan") == (0, 0)
    assert s.milops[USSR] == 5


def test_16_10_its_asia_bonus_needs_every_realignment_roll_in_asia():
    s = at_round(build(hands={USSR: [DUCK]}, influence={"japan": (0, 9), "iran": (0, 9)}), USSR)
    dice(s, *[1, 1] * 5)
    play(s, USSR, ("card", CHINA), ("use", "realign"), *[("country", "japan")] * 5)
    assert s.step == "action_round"  # five rolls, all in Asia
    s = at_round(build(hands={USSR: [DUCK]}, influence={"japan": (0, 9), "iran": (0, 9)}), USSR)
    dice(s, *[1, 1] * 4)
    play(s, USSR, ("card", CHINA), ("use", "realign"), ("country", "iran"))
    play(s, USSR, *[("country", "japan")] * 3)
    assert s.step == "action_round"  # one roll outside Asia: four in all


def test_16_10_the_us_playing_it_ends_formosan_resolution():
    s = at_round(build(hands={US: [DUCK]}, china=US, effects=[(35, US, "game")]), US)
    play(s, US, ("card", CHINA), ("use", "influence"), *[("country", "japan")] * 4)
    assert not in_effect(s, 35)


def test_16_10_its_holder_gains_one_vp_at_final_scoring_face_up_or_down():
    s = build(china=US, china_up=False)
    final_scoring(s)
    assert s.vp == 1


def test_16_10_it_is_never_part_of_a_hand_so_no_event_can_take_or_discard_it():
    s = at_round(build(hands={USSR: [DUCK]}), USSR)
    assert CHINA not in s.hands[USSR]
    assert ("card", CHINA) in legal(s, USSR)


def test_10_with_no_other_card_to_play_its_holder_may_pass_the_round():
    # RULES §4, §10 (issue 26 item 1): never forced into play by a shortage
    s = begin(at_round(build(hands={USSR: [DUCK], US: []}, china=US), US))
    assert s.step == "action_round"
    assert sorted(legal(s, US)) == [("card", CHINA), ("pass", None)]
    play(s, US, "pass")
    assert (s.china, s.china_up) == (US, True)
    assert s.rounds_done[US] == 1
    assert s.phasing == USSR  # the USSR's next round
    line = said(s, "china_passed")[-1]
    assert say(line) == "The US keeps The China Card and passes this action round."
    assert say(line, "zh_TW") == "美國保留中國牌，放棄這個行動輪。"


def test_10_it_may_still_be_played_when_passing_is_offered():
    s = begin(at_round(build(hands={USSR: [DUCK], US: []}, china=US), US))
    play(s, US, ("card", CHINA), ("use", "influence"), *[("country", "japan")] * 4)
    assert (s.china, s.china_up) == (USSR, False)


def test_10_no_pass_while_a_hand_card_may_be_played():
    # RULES §4: a player may not pass an action round while it has a playable card
    s = begin(at_round(build(hands={USSR: [DUCK], US: [19]}, china=US), US))
    refused(s, US, "pass", "only when The China Card is the one card")
    refused(s, US, "pass", "才能放棄行動輪", lang="zh_TW")
    s = begin(at_round(build(hands={USSR: [DUCK], US: [4, 19]}), US))  # no China Card
    refused(s, US, "pass", "only when")


def test_10_no_pass_when_a_scoring_card_or_missile_envy_must_be_played():
    s = begin(at_round(build(hands={USSR: [1]}), USSR, done=6))  # Asia Scoring, last round
    assert legal(s, USSR) == [("card", 1)]
    refused(s, USSR, "pass", "only when")
    s = build(hands={USSR: [49], US: [4]}, effects=[(49, USSR, "game")])
    s = begin(at_round(s, USSR))
    assert legal(s, USSR) == [("card", 49)]
    refused(s, USSR, "pass", "only when")


def test_10_face_down_and_no_card_the_round_is_sat_out_without_a_question():
    s = begin(at_round(build(hands={USSR: [DUCK], US: []}, china=US, china_up=False), US))
    assert s.phasing == USSR
    assert not said(s, "china_passed")
