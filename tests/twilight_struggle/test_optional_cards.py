"""The optional events of optional.py — Our Man in Tehran (108), Yuri and Samantha (109),
AWACS Sale to Saudis (110) — by builder and scripted dice: effect, refusals (state
unchanged), duration; and the optional cards in the decks only with the option on."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.effects import effect, expire, in_effect
from gameshelf.plugins.twilight_struggle.model import US, USSR, era_deck
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import (
    as_event,
    build,
    dice,
    event_round,
    inf,
    legal,
    play,
    refused,
    say,
)

TEHRAN, YURI, AWACS, MUSLIM_REVOLUTION = 108, 109, 110, 56
IRAN_US = {"iran": (0, 2)}  # the US controls Iran (stability 2)


def test_optional_cards_join_their_eras_only_with_the_option():
    assert TEHRAN not in era_deck("mid_war", False)
    assert TEHRAN in era_deck("mid_war", True)
    assert {YURI, AWACS}.isdisjoint(era_deck("late_war", False))
    assert {YURI, AWACS} <= set(era_deck("late_war", True))


# --- #108 Our Man in Tehran ------------------------------------------------------------------


def tehran(**kw):
    s = event_round(TEHRAN, US, influence=IRAN_US, **kw)
    s.deck.draw_pile = [40, 41, 42, 43, 44, 45, 46]
    play(s, US, ("card", TEHRAN), ("use", "event"))
    return s


def test_108_tehran_the_us_looks_at_the_top_5_and_discards_any_of_them():
    s = tehran()
    assert s.step == "discard_looked"
    assert RULESET.active(s) == [US]
    assert s.set_aside == {US: [40, 41, 42, 43, 44]}
    assert set(legal(s, US)) == {("card", c) for c in (40, 41, 42, 43, 44)} | {("done", None)}
    play(s, US, ("card", 42), ("card", 44))
    assert s.deck.discard_pile == [42, 44]  # shown, face up; their events did not happen
    assert s.vp == 0
    assert s.defcon == 5
    play(s, US, "done")
    assert s.set_aside == {}
    assert sorted(s.deck.draw_pile) == [40, 41, 43, 45, 46]  # the rest back, reshuffled
    assert TEHRAN in s.deck.removed  # starred
    assert s.phasing == USSR  # the round is over


def test_108_tehran_discarding_all_five_ends_the_look():
    s = tehran()
    play(s, US, *(("card", c) for c in (40, 41, 42, 43, 44)))
    assert s.step != "discard_looked"
    assert s.deck.discard_pile == [40, 41, 42, 43, 44]
    assert sorted(s.deck.draw_pile) == [45, 46]


def test_108_tehran_a_short_draw_pile_takes_the_reshuffled_discards():
    # ruling for this project: as dealing does (RULES §13), the discards make up the five
    s = event_round(TEHRAN, US, influence=IRAN_US)
    s.deck.draw_pile = [40, 41]
    s.deck.discard_pile = [50, 51, 52, 53]
    play(s, US, ("card", TEHRAN), ("use", "event"))
    looked = s.set_aside[US]
    assert looked[:2] == [40, 41]
    assert len(looked) == 5
    assert set(looked[2:]) <= {50, 51, 52, 53}
    play(s, US, "done")
    assert len(s.deck.draw_pile) == 6


def test_108_tehran_refuses_cards_not_looked_at_and_shows_the_us_only_what_it_looks_at():
    s = tehran(hands={US: [TEHRAN, 32]})
    refused(s, US, ("card", 32), "not among the cards you are looking at")
    refused(s, US, ("card", 45), "not a legal choice")  # still in the draw pile
    us, ussr = RULESET.view(s, US), RULESET.view(s, USSR)
    assert [c["id"] for c in us["set_aside"]] == [40, 41, 42, 43, 44]
    assert ussr["set_aside"] == []
    assert ussr["set_aside_sizes"] == {US: 5}
    assert "looks at the top 5 cards" in say(s.log[-1])


def test_108_tehran_needs_a_us_controlled_middle_east_country():
    s = event_round(TEHRAN, US, influence={"iran": (0, 1)})
    play(s, US, ("card", TEHRAN))
    refused(s, US, ("use", "event"), "control a country in the Middle East", lang="en")
    refused(s, US, ("use", "event"), "中東國家", lang="zh_TW")


def test_108_tehran_played_for_ops_by_the_ussr_without_the_condition_is_discarded():
    # RULES §6, §16.6: an event that cannot happen leaves a starred card in the discard pile
    s = event_round(TEHRAN, USSR)
    play(s, USSR, ("card", TEHRAN), ("use", "influence"))
    assert s.step == "influence"  # no timing asked: the event cannot happen
    assert TEHRAN in s.deck.discard_pile
    assert TEHRAN not in s.deck.removed


def test_108_tehran_played_for_ops_by_the_ussr_the_us_does_the_looking():
    s = event_round(TEHRAN, USSR, influence=IRAN_US)
    s.deck.draw_pile = [40, 41, 42, 43, 44, 45]
    play(s, USSR, ("card", TEHRAN), ("use", "influence"), ("when", "before"))
    assert s.step == "discard_looked"
    assert RULESET.active(s) == [US]
    play(s, US, ("card", 40), "done")
    assert s.step == "influence"
    assert RULESET.active(s) == [USSR]
    assert TEHRAN in s.deck.removed


def test_108_tehran_the_look_is_new_information():
    s = event_round(TEHRAN, US, influence=IRAN_US)
    s.deck.draw_pile = [40, 41, 42, 43, 44, 45]
    before = s.rng.reveals
    play(s, US, ("card", TEHRAN), ("use", "event"))
    assert s.rng.reveals > before  # Deck.draw marked it (undo stops here)


# --- #109 Yuri and Samantha ------------------------------------------------------------------


def test_109_yuri_each_us_coup_attempt_gives_the_ussr_1_vp_for_the_turn():
    s = as_event(YURI, USSR)
    assert effect(s, YURI).until == "turn"
    assert effect(s, YURI).side == USSR
    assert YURI in s.deck.removed  # starred
    s = event_round(19, US, effects=[(YURI, USSR)], influence={"angola": (1, 0)})
    dice(s, 1)  # a failed coup still counts: the attempt is what pays
    play(s, US, ("card", 19), ("use", "coup"), ("country", "angola"))
    assert s.vp == -1
    assert any("1 VP for the US coup attempt" in say(line) for line in s.log)


def test_109_yuri_free_us_coups_count_and_ussr_coups_do_not():
    s = event_round(39, USSR, effects=[(YURI, USSR)], influence={"angola": (0, 1)})
    dice(s, 6)
    play(s, USSR, ("card", 39), ("use", "coup"), ("country", "angola"))
    assert s.vp == 0
    # Junta's free coup by the US: an attempt too (no military operations for it)
    s = event_round(47, US, effects=[(YURI, USSR)], influence={"guatemala": (1, 0)})
    play(s, US, ("card", 47), ("use", "event"), ("country", "honduras"))
    play(s, US, ("choose", "free_coup"))
    dice(s, 1)
    play(s, US, ("country", "guatemala"))
    assert s.vp == -1
    assert s.milops[US] == 0


def test_109_yuri_ends_with_the_turn():
    s = build(effects=[(YURI, USSR)])
    expire(s)
    assert not in_effect(s, YURI)


def test_109_yuri_20_vp_ends_the_game_before_the_roll():
    s = event_round(19, US, effects=[(YURI, USSR)], influence={"angola": (1, 0)}, vp=-19)
    play(s, US, ("card", 19), ("use", "coup"), ("country", "angola"))
    out = RULESET.outcome(s)
    assert out.reason == "vp_20"
    assert out.winners == [USSR]
    assert inf(s, "angola") == (1, 0)


# --- #110 AWACS Sale to Saudis ---------------------------------------------------------------


def test_110_awacs_adds_2_in_saudi_arabia_and_bars_muslim_revolution_for_good():
    s = as_event(AWACS, US)
    assert inf(s, "saudi_arabia") == (0, 2)
    assert effect(s, AWACS).until == "game"
    assert AWACS in s.deck.removed  # starred (underlined: the effect stays in force)
    expire(s)
    assert in_effect(s, AWACS)  # no end of turn ends it
    s = event_round(MUSLIM_REVOLUTION, USSR, effects=[(AWACS, US, "game")])
    play(s, USSR, ("card", MUSLIM_REVOLUTION))
    refused(s, USSR, ("use", "event"), "AWACS")


def test_110_awacs_muslim_revolution_played_for_ops_by_the_us_does_nothing_and_is_discarded():
    s = event_round(
        MUSLIM_REVOLUTION, US, effects=[(AWACS, US, "game")], influence={"iran": (0, 2)}
    )
    play(s, US, ("card", MUSLIM_REVOLUTION), ("use", "influence"))
    assert s.step == "influence"  # no timing: the event is forbidden
    assert inf(s, "iran") == (0, 2)
    assert MUSLIM_REVOLUTION in s.deck.discard_pile
