"""Issue 15 item 10: what each seat sees — its own hand, the other's size; the board, the
discard pile, the removed cards and the effects are public; spectators see public parts."""

from __future__ import annotations

import json

from gameshelf.core.engine.rng import Rng
from gameshelf.core.i18n.messages import render_view
from gameshelf.plugins.twilight_struggle.effects import add_effect
from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import at_headline, at_round, build, play


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
    assert zh["prompt"] == "第 1 個行動輪：請選擇要打出的牌。"


# --- issue 17 item 3: effects with their card, questions asked of the right seat ----------


def rendered(s, role, lang="en"):
    return render_view(RULESET.view(s, role), lang, RULESET.namer())


def test_grain_sales_asks_the_us_whoever_played_it_naming_the_card_taken():
    s = at_round(build(hands={USSR: [67, 54], US: [19]}), USSR)
    s.deck.draw_pile = list(range(40, 60))
    play(s, USSR, ("card", 67), ("use", "influence"), ("when", "before"))
    assert RULESET.active(s) == [US]
    for role in (USSR, US, None):
        question = RULESET.view(s, role)["question"]
        assert (question["step"], question["chooser"], question["card"]["id"]) == (
            "event_choice",
            US,
            67,
        )
    us = rendered(s, US)["prompt"]
    assert "you took Allende from the USSR's hand" in us
    assert "Play it as your own card, or give it back" in us
    assert "你從蘇聯手上拿到阿葉德" in rendered(s, US, "zh_TW")["prompt"]
    assert "US" in rendered(s, USSR)["prompt"]  # the USSR waits for the US
    assert "Allende" not in str(RULESET.view(s, USSR)["actions"])


def test_missile_envy_asks_its_victim_for_a_card_of_the_most_ops():
    s = at_round(build(hands={US: [49, 19], USSR: [4, 5, 7]}), US)
    s.deck.draw_pile = list(range(40, 60))
    play(s, US, ("card", 49), ("use", "event"))
    assert RULESET.active(s) == [USSR]
    assert RULESET.view(s, USSR)["question"]["chooser"] == USSR
    prompt = rendered(s, USSR)["prompt"]
    assert prompt.startswith("Missile Envy: give the US one of your cards of the most Ops (3)")
    assert "飛彈妒忌" in rendered(s, USSR, "zh_TW")["prompt"]


def test_an_event_country_question_names_its_card():
    s = at_round(build(hands={USSR: [36, 5]}, influence={"panama": (0, 2)}), USSR)
    s.deck.draw_pile = list(range(40, 60))
    play(s, USSR, ("card", 36), ("use", "event"))
    assert rendered(s, USSR)["prompt"] == "Brush War: choose a country."
    assert rendered(s, USSR, "zh_TW")["prompt"] == "局部戰爭：請選擇一個國家。"


def test_every_effect_in_force_is_shown_with_its_card_and_the_crisis_with_its_cancel():
    fx = [(40, US), (25, US), (42, USSR, "game")]
    s = at_round(build(hands={USSR: [4]}, effects=fx, influence={"cuba": (3, 0)}), USSR)
    for role in (USSR, US, None):
        view = RULESET.view(s, role)
        assert [(e["card"]["id"], e["side"], e["until"]) for e in view["effects"]] == [
            (40, US, "turn"),
            (25, US, "turn"),
            (42, USSR, "game"),
        ]
        crisis = view["effects"][0]
        assert crisis["cancel"] == {"side": USSR, "countries": ["cuba"]}
        assert view["effects"][1]["cancel"] is None
        assert view["effects"][0]["card"]["name_zh"]  # both languages' names travel with it
    assert {"cancel_crisis": ["cuba"]}.items() <= RULESET.view(s, USSR)["actions"].items()


def test_chernobyl_shows_the_region_it_named_in_both_languages():
    s = at_round(build(hands={USSR: [4]}, effects=[(25, US)]), USSR)
    add_effect(s, 94, US, "turn", region="asia")
    for role in (USSR, US, None):
        chernobyl, containment = RULESET.view(s, role)["effects"][::-1]
        assert (chernobyl["card"]["id"], chernobyl["region"]) == (94, "asia")
        assert containment["region"] is None  # an effect naming no region
    words = {lang: board_words(lang)["twilight_struggle.board.effect_region"] for lang in LANGS}
    assert words == {"en": "Named region: {region}.", "zh_TW": "指定區域：{region}。"}
    assert RULESET.name("region", "asia", "zh_TW") == "亞洲"  # board.js names it by names.py


LANGS = ("en", "zh_TW")


def board_words(lang):
    from pathlib import Path

    from babel.messages.pofile import read_po

    path = Path(RULESET.locale) / lang / "LC_MESSAGES" / "twilight_struggle_board.po"
    with path.open("rb") as f:
        return {m.id: m.string for m in read_po(f) if isinstance(m.id, str) and m.id}


def board_catalog(lang):
    from pathlib import Path

    from babel.messages.pofile import read_po

    path = Path(RULESET.locale) / lang / "LC_MESSAGES" / "twilight_struggle_board.po"
    with path.open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def test_every_event_choice_has_words_on_its_button_in_both_languages():
    from gameshelf.plugins.twilight_struggle.events import CHOOSE

    for lang in ("en", "zh_TW"):
        ids = board_catalog(lang)
        for option in CHOOSE:
            if option.startswith("region_"):
                continue  # the region's own name (board.js)
            key = "choose.defcon_n" if option[-1].isdigit() else f"choose.{option}"
            assert f"twilight_struggle.board.{key}" in ids, (lang, option)
        for word in ("cancel_crisis", "cancel_note", "action.done", "doing.question"):
            assert f"twilight_struggle.board.{word}" in ids, (lang, word)


# --- issue 11 item 1: the hidden cards declared with the core's parts ----------------------


def test_the_hidden_cards_are_declared_with_the_cores_parts_not_shuffled_by_hand():
    from gameshelf.core.engine.hidden import DrawPile, Exchange, Hands
    from gameshelf.core.engine.ruleset import StepRuleset
    from gameshelf.plugins.twilight_struggle.hidden import CardsSeen

    (part,) = RULESET.hidden
    assert isinstance(part, CardsSeen)
    assert isinstance(part.cards, Exchange)
    assert [type(p) for p in part.cards.parts] == [Hands, Hands, DrawPile]
    assert [p.field for p in part.cards.parts] == ["hands", "set_aside", "deck"]
    assert type(RULESET).shuffle_hidden is StepRuleset.shuffle_hidden  # derived by the core


def test_a_re_deal_keeps_the_cards_a_side_was_shown_and_sizes_everywhere():
    s = at_round(build(hands={USSR: [4, 5, 7], US: [19, 20, 21]}), US)
    s.deck.draw_pile = list(range(40, 50))
    s.shown = {US: [5]}  # CIA Created showed the US the USSR's 5 this round
    for seed in range(15):
        other = RULESET.copy_state(s)
        RULESET.shuffle_hidden(other, US, Rng(seed=seed))
        assert other.hands[US] == [19, 20, 21]
        assert other.hands[USSR][1] == 5  # in its place
        assert len(other.hands[USSR]) == 3
        assert len(other.deck.draw_pile) == 10
        pooled = sorted(other.hands[USSR] + other.deck.draw_pile)
        assert pooled == sorted([4, 5, 7, *range(40, 50)])


def test_tehrans_look_is_dealt_again_for_the_ussr_and_kept_for_the_us():
    s = at_round(build(hands={US: [108, 19]}, influence={"iran": (0, 2)}), US)
    s.deck.draw_pile = list(range(40, 52))
    play(s, US, ("card", 108), ("use", "event"))
    assert s.set_aside == {US: [40, 41, 42, 43, 44]}
    moved = False
    for seed in range(10):
        other = RULESET.copy_state(s)
        RULESET.shuffle_hidden(other, US, Rng(seed=seed))
        assert other.set_aside == {US: [40, 41, 42, 43, 44]}
        assert RULESET.view(other, US) == RULESET.view(s, US)
        other = RULESET.copy_state(s)
        RULESET.shuffle_hidden(other, USSR, Rng(seed=seed))
        assert len(other.set_aside[US]) == 5
        moved = moved or other.set_aside[US] != [40, 41, 42, 43, 44]
        assert RULESET.view(other, USSR) == RULESET.view(s, USSR)
    assert moved


def test_a_headline_shown_first_is_new_information_marked_by_the_core():
    first = [""] * 4 + [US] + [""] * 4
    s = build(hands={USSR: [14, 5], US: [4, 20]}, space={USSR: 0, US: 4}, space_first=first)
    s.deck.draw_pile = list(range(40, 60))
    at_headline(s)
    assert s.step == "headline_open"
    before = s.rng.reveals
    play(s, USSR, ("card", 14))
    assert s.rng.reveals == before + 1  # no reveal placed by the rules: the core saw it
