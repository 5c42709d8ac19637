"""RULES §4, §9, §12.6, §13: the turn — DEFCON, the deal, the era decks, the action rounds'
order, military operations, held cards, the end of the turn."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.effects import in_effect
from gameshelf.plugins.twilight_struggle.model import US, USSR, era_deck
from gameshelf.plugins.twilight_struggle.rules import RULESET
from gameshelf.plugins.twilight_struggle.turn import (
    deal,
    end_turn,
    military_operations_check,
    next_side,
    scoring_held,
    start_turn,
)
from tests.twilight_struggle.builders import (
    at_round,
    begin,
    build,
    go_on_from,
    legal,
    play,
    refused,
    say,
)

ASIA, EUROPE = 1, 2


def test_defcon_improves_by_one_at_the_start_of_a_turn_never_above_five():
    s = build(defcon=3, turn=2)
    start_turn(s)
    assert s.defcon == 4
    s = build(defcon=5, turn=2)
    start_turn(s)
    assert s.defcon == 5


def test_the_mid_war_cards_join_the_draw_pile_at_turn_4_and_discards_wait():
    s = build(turn=4)
    s.deck.draw_pile = [19, 20]
    s.deck.discard_pile = [4, 5]
    start_turn(s)
    assert sorted(s.deck.draw_pile) == sorted([19, 20, *era_deck("mid_war", False)])
    assert s.deck.discard_pile == [4, 5]


def test_the_deal_fills_hands_to_nine_from_turn_4_reshuffling_discards_when_needed():
    s = build(turn=4, hands={USSR: [4] * 0, US: [19]})
    s.deck.draw_pile = [20, 21, 22]
    s.deck.discard_pile = list(range(23, 37))
    deal(s)
    assert len(s.hands[USSR]) == len(s.hands[US]) == 9
    assert s.deck.draw_pile == []
    assert s.deck.discard_pile == []


def test_the_deal_alternates_one_card_at_a_time_ussr_first():
    s = build(turn=1, hands={USSR: [4] * 7, US: [5] * 6})
    s.deck.draw_pile = [20, 21, 22]
    deal(s)
    assert len(s.hands[USSR]) == 8
    assert len(s.hands[US]) == 8


def test_action_rounds_alternate_ussr_first_six_each_in_the_early_war():
    s = build(turn=1)
    order = []
    while (side := next_side(s)) is not None:
        order.append(side)
        s.rounds_done[side] += 1
    assert order == [USSR, US] * 6


def test_the_space_station_holder_takes_an_eighth_round_after_the_others():
    first = [""] * 8 + [US]
    s = build(turn=5, space={USSR: 0, US: 8}, space_first=first)
    order = []
    while (side := next_side(s)) is not None:
        order.append(side)
        s.rounds_done[side] += 1
    assert order == [USSR, US] * 7 + [US]


def test_military_operations_short_give_the_opponent_vp_both_at_once():
    s = build(defcon=3, milops={USSR: 1, US: 3}, vp=0)
    military_operations_check(s)
    assert s.vp == 2  # the USSR is 2 short
    assert s.milops == {USSR: 0, US: 0}
    s = build(defcon=4, milops={USSR: 0, US: 1}, vp=0)
    military_operations_check(s)
    assert s.vp == 4 - 3


def test_16_8_a_scoring_card_is_never_held_only_scoring_cards_in_the_last_rounds():
    s = at_round(build(hands={USSR: [ASIA, EUROPE, 4]}), USSR, done=5)  # 2 rounds left
    assert sorted(legal(s, USSR)) == [("card", ASIA), ("card", EUROPE)]
    refused(s, USSR, ("card", 4), "may not be held")
    refused(s, USSR, ("card", 6), "may not be held")
    s = at_round(build(hands={USSR: [ASIA, 4]}), USSR, done=5)
    assert ("card", 4) in legal(s, USSR)


def test_a_side_without_a_card_sits_the_round_out():
    s = begin(at_round(build(hands={USSR: [], US: [4]}, china=US), USSR))
    assert s.step == "action_round"
    assert s.phasing == US
    assert say(s.log[-1]) == "The USSR has no card to play and sits this action round out."


def test_the_end_of_a_turn_ends_its_effects_and_turns_the_china_card_face_up():
    s = build(china=US, china_up=False, effects=[(25, US, "turn"), (21, US, "game")])
    end_turn(s)
    assert s.china_up
    assert not in_effect(s, 25)
    assert in_effect(s, 21)


def test_eagle_bear_has_landed_lets_its_holder_discard_a_held_card():
    first = [""] * 6 + [USSR, "", ""]
    s = build(hands={USSR: [4, 5], US: [7]}, space={USSR: 6, US: 2}, space_first=first)
    s.deck.draw_pile = list(range(11, 30))
    go_on_from(s, "turn", military_operations_check)
    assert s.step == "held_discard"
    assert s.active == [USSR]
    play(s, USSR, ("card", 5))
    assert 5 in s.deck.discard_pile
    assert 4 in s.hands[USSR]
    assert 5 not in s.hands[USSR]
    assert s.step == "headline_choice"
    assert s.turn == 2


def test_16_7_rest_of_turn_effects_end_with_the_turn_lasting_ones_survive():
    lasting = [(16, USSR, "game"), (21, US, "game"), (27, US, "game"), (35, US, "game")]
    turn_only = [(9, USSR, "turn"), (25, US, "turn"), (31, US, "turn")]
    s = build(effects=lasting + turn_only)
    end_turn(s)
    assert sorted(e.card for e in s.effects) == [16, 21, 27, 35]


def test_a_whole_early_war_turn_has_six_action_rounds_each_ussr_first():
    from gameshelf.core.engine.ruleset import Action
    from gameshelf.plugins.twilight_struggle.rules import RULESET

    s = RULESET.setup(4)
    rounds = []
    while s.turn == 1 and RULESET.outcome(s) is None:
        role, legal = RULESET.to_act(s, RULESET.info.roles)
        if s.step == "action_round":
            rounds.append(role)
        RULESET.play(
            s, role, Action("use", "influence") if Action("use", "influence") in legal else legal[0]
        )
    assert rounds == [USSR, US] * 6


def ask_not_into_two_scoring_cards():
    """The US's fifth round of turn 1: Ask Not What Your Country Can Do For You throws away
    two cards and draws Asia and Europe Scoring, two scoring cards for one round left."""
    s = build(hands={USSR: [], US: [77, 19, 4]}, milops={USSR: 5, US: 5})
    s.rounds_done[USSR] = 5
    s.deck.draw_pile = [ASIA, EUROPE]
    at_round(s, US, done=5)
    play(s, US, ("card", 77), ("use", "event"), ("card", 19), ("card", 4))  # the whole hand
    play(s, USSR, "pass")  # its sixth round: The China Card kept
    return s


def test_12_6_a_scoring_card_held_at_the_end_of_the_turn_loses_the_game():
    # issue 26 item 5: more scoring cards than rounds left after Ask Not (#77)
    s = ask_not_into_two_scoring_cards()
    assert sorted(s.hands[US]) == [ASIA, EUROPE]
    assert s.phasing == US  # the US's last round
    assert sorted(legal(s, US)) == [("card", ASIA), ("card", EUROPE)]
    refused(s, US, "pass", "only when")
    play(s, US, ("card", ASIA), ("use", "event"))
    out = RULESET.outcome(s)
    assert out.reason == "scoring_withheld"
    assert out.winners == [USSR]
    text = "The US holds Europe Scoring at the end of the turn and loses; the USSR wins."
    assert say(out.text) == text
    assert say(s.log[-1]) == text
    assert say(s.log[-1], "zh_TW") == "美國在回合結束時仍持有歐洲計分而落敗，蘇聯獲勝。"
    assert RULESET.view(s, None)["outcome"]["reason"] == "scoring_withheld"
    assert RULESET.active(s) == []
    assert s.turn == 1  # the game ends in turn 1's end, before turn 2


def test_12_6_no_scoring_card_held_the_turn_ends_as_usual():
    s = build(hands={USSR: [], US: [77, 19, 4]}, milops={USSR: 5, US: 5})
    s.rounds_done[USSR] = 5
    s.deck.draw_pile = [ASIA, 30, *range(40, 60)]
    at_round(s, US, done=5)
    play(s, US, ("card", 77), ("use", "event"), ("card", 19), "done")
    play(s, USSR, "pass")
    play(s, US, ("card", ASIA), ("use", "event"))
    assert RULESET.outcome(s) is None
    assert s.turn == 2


def test_12_6_both_sides_holding_a_scoring_card_is_a_draw():
    s = build(hands={USSR: [ASIA], US: [EUROPE]})
    go_on_from(s, "turn", scoring_held)
    out = RULESET.outcome(s)
    assert out.reason == "scoring_withheld"
    assert out.winners == []
    assert "Both sides hold a scoring card" in say(out.text)
