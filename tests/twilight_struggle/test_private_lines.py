"""CIA Created and The Cambridge Five speak to one side only (core.engine.state ``say(..., to=)``):
the cards an event shows are log lines the shown side's opponent reads, in no other view."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import at_round, build, play, say


def event_round(card, side, hands):
    s = build(hands=hands)
    s.deck.draw_pile = list(range(40, 60))
    return at_round(s, side)


def lines(s, role, lang="en"):
    return [say(line, lang) for line in RULESET.view(s, role)["log"]]


def test_26_cia_created_names_the_ussr_cards_to_the_us_alone():
    s = event_round(26, US, {US: [26, 32], USSR: [14, 28]})
    play(s, US, ("card", 26), ("use", "event"))
    us = lines(s, US)
    assert "In the USSR's hand: COMECON." in us
    assert "In the USSR's hand: Suez Crisis." in us
    for role in (USSR, None):
        assert not any("In the USSR's hand" in line for line in lines(s, role))
    assert "蘇聯手上有：經濟互助委員會。" in lines(s, US, "zh_TW")
    play(s, US, ("use", "influence"), ("country", "mexico"))
    assert RULESET.view(s, US)["shown"] == []  # the next round: nothing kept but the lines
    assert "In the USSR's hand: COMECON." in lines(s, US)


def test_104_cambridge_five_names_the_us_scoring_cards_to_the_ussr_alone():
    s = event_round(104, USSR, {USSR: [104, 28], US: [3, 29]})
    play(s, USSR, ("card", 104), ("use", "event"))
    assert "In the US's hand: Middle East Scoring." in lines(s, USSR)
    for role in (US, None):
        assert not any("In the US's hand" in line for line in lines(s, role))
