"""Issue 15 item 10: what each seat sees — its own hand, the other's size; the board, the
discard pile, the removed cards and the effects are public; spectators see public parts."""

from __future__ import annotations

import json

from gameshelf.core.messages import render_view
from gameshelf.core.rng import Rng
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import at_headline, at_round, build, play

USSR, US = "USSR", "US"


def test_each_side_sees_its_own_hand_and_only_the_size_of_the_others():
    s = at_round(build(hands={USSR: [4, 5], US: [19]}), USSR)
    ussr, us, nobody = RULESET.view(s, USSR), RULESET.view(s, US), RULESET.view(s, None)
    assert [c["id"] for c in ussr["hand"]] == [4, 5]
    assert [c["id"] for c in us["hand"]] == [19]
    assert nobody["hand"] is None
    assert ussr["hand_sizes"] == us["hand_sizes"] == {USSR: 2, US: 1}
    assert '"id":19' not in json.dumps(ussr, separators=(",", ":"))


def test_no_view_changes_when_the_hidden_cards_are_dealt_again():
    s = at_round(build(hands={USSR: [4, 5], US: [19, 20, 21]}), USSR)
    s.deck.draw_pile = [22, 23, 24]
    for role in (USSR, US, None):
        before = RULESET.view(s, role)
        other = RULESET.copy_state(s)
        RULESET.shuffle_hidden(other, role, Rng(seed=5))
        assert RULESET.view(other, role) == before


def test_a_card_chosen_for_an_action_round_stays_in_its_hand_when_the_rest_is_dealt_again():
    # Chosen, the card is face up (the view's "playing") though still in the USSR's hand
    # until it is used: a re-deal for the US must leave it there.
    s = at_round(build(hands={USSR: [4, 5, 7], US: [19]}), USSR)
    s.deck.draw_pile = list(range(40, 60))
    play(s, USSR, ("card", 4))
    assert RULESET.view(s, US)["playing"]["card"]["id"] == 4
    for seed in range(20):
        other = RULESET.copy_state(s)
        RULESET.shuffle_hidden(other, US, Rng(seed=seed))
        assert 4 in other.hands[USSR]
        assert RULESET.view(other, US) == RULESET.view(s, US)


def test_the_opponents_headline_is_hidden_until_both_chose():
    s = build(hands={USSR: [4, 5], US: [19, 20]})
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    play(s, USSR, ("card", 4))
    assert RULESET.view(s, US)["headlines"] == {}
    assert "4" not in json.dumps(RULESET.view(s, US)["my_choice"])
    play(s, US, ("card", 19))
    seen = RULESET.view(s, None)["headlines"]
    assert {side: card["id"] for side, card in seen.items()} == {USSR: 4, US: 19}


def test_the_board_is_in_every_view_in_both_languages():
    s = at_round(build(hands={USSR: [4]}, influence={"poland": (4, 1)}, effects=[(25, US)]), USSR)
    view = RULESET.view(s, None)
    poland = next(c for c in view["countries"] if c["id"] == "poland")
    assert poland["influence"] == {USSR: 4, US: 1}
    assert poland["control"] == USSR
    assert view["effects"][0]["card"]["id"] == 25
    assert view["china"]["holder"] == USSR
    zh = render_view(RULESET.view(s, USSR), "zh_TW", RULESET.namer())
    assert zh["prompt"] == "第 1 輪行動：請選擇要打出的牌。"
