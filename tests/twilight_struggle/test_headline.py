"""RULES §5: the headline phase through the core's secret choice."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import at_headline, build, legal, play, refused

UN, ASIA = 32, 1
# Late War cards whose events ask nothing on the empty board of these tests (the headline
# itself is under test): US 3 and 2 Ops (The Iron Lady, Reagan Bombs Libya), USSR 3 Ops
# (Pershing II Deployed).
DUCK, TRUMAN, COMECON = 83, 84, 99
PLAYED = "twilight_struggle.event_played"


def headline(ussr, us, **kw):
    s = build(hands={USSR: ussr, US: us}, **kw)
    s.deck.draw_pile = list(range(40, 60))
    return at_headline(s)


def test_both_sides_choose_in_secret_and_may_change_their_minds():
    s = headline([DUCK, COMECON], [TRUMAN, 20])
    assert s.step == "headline_choice"
    assert RULESET.active(s) == [USSR, US]
    play(s, USSR, ("card", DUCK))
    assert RULESET.view(s, US)["chosen"] == [USSR]
    assert RULESET.view(s, US)["my_choice"] is None
    assert RULESET.view(s, USSR)["my_choice"] == {"type": "card", "arg": DUCK}
    assert s.headlines == {}
    play(s, USSR, ("card", COMECON))  # changed its mind
    play(s, US, ("card", TRUMAN))
    assert s.headlines == {USSR: COMECON, US: TRUMAN}
    assert COMECON not in s.hands[USSR]


def test_un_intervention_and_the_china_card_may_not_be_headlined():
    s = headline([UN, DUCK], [TRUMAN, 20])
    assert ("card", UN) not in legal(s, USSR)
    refused(s, USSR, ("card", UN), "may not be headlined")
    refused(s, USSR, ("card", 6), "may not be headlined")


def test_headlines_resolve_higher_ops_first_and_ties_go_to_the_us():
    s = headline([COMECON, 5], [DUCK, 20])  # both 3 Ops: the US first
    play(s, USSR, ("card", COMECON))
    play(s, US, ("card", DUCK))
    events = [m for m in s.log if getattr(m, "id", "") == PLAYED]
    assert [m.args["card"] for m in events] == [DUCK, COMECON]
    assert s.step == "action_round"  # then the first action round, the USSR's
    assert s.phasing == USSR
    s = headline([COMECON, 5], [TRUMAN, 20])  # 3 Ops against 2: the USSR first
    play(s, USSR, ("card", COMECON))
    play(s, US, ("card", TRUMAN))
    events = [m for m in s.log if getattr(m, "id", "") == PLAYED]
    assert [m.args["card"] for m in events] == [COMECON, TRUMAN]


def test_a_headlined_scoring_card_scores_after_the_other_headline():
    s = headline([ASIA, 5], [TRUMAN, 20])
    play(s, USSR, ("card", ASIA))
    play(s, US, ("card", TRUMAN))
    ids = [getattr(m, "id", "") for m in s.log]
    assert ids.index(PLAYED) < ids.index("twilight_struggle.scoring_played")
    assert ASIA in s.deck.discard_pile


def test_man_in_earth_orbit_makes_the_opponent_choose_and_show_first():
    first = [""] * 4 + [US] + [""] * 4
    s = headline([COMECON, 5], [DUCK, 20], space={USSR: 0, US: 4}, space_first=first)
    assert s.step == "headline_open"
    assert RULESET.active(s) == [USSR]
    play(s, USSR, ("card", COMECON))
    assert s.headlines == {USSR: COMECON}  # shown: public
    assert s.step == "headline_choice"
    assert RULESET.active(s) == [US]
    assert RULESET.view(s, US)["headlines"][USSR]["id"] == COMECON
    play(s, US, ("card", DUCK))
    assert s.step == "action_round"


def test_5_5_a_headlined_opponent_event_makes_the_headliner_phasing_for_defcon():
    # The USSR headlines Duck and Cover (the US's event) at DEFCON 2: DEFCON 1, USSR loses.
    s = headline([4, 42], [DUCK, TRUMAN], defcon=2)
    play(s, USSR, ("card", 4))
    play(s, US, ("card", TRUMAN))
    out = RULESET.outcome(s)
    assert out.reason == "defcon_1"
    assert out.winners == [US]
