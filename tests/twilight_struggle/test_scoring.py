"""RULES §11-12: regional scoring, the seven scoring cards, final scoring, victory."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import CIX, STABILITY, US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from gameshelf.plugins.twilight_struggle.scoring import final_scoring, standing
from gameshelf.plugins.twilight_struggle.turn import Headline
from tests.twilight_struggle.builders import at_round, build, play, refused

ASIA, EUROPE, MIDDLE_EAST, CENTRAL_AMERICA, SEA, AFRICA, SOUTH_AMERICA = 1, 2, 3, 37, 38, 79, 81


def held(**countries):
    """Control: {"iran": "US"} -> exactly the stability of Influence for that side."""
    return {
        c: (STABILITY[CIX[c]], 0) if side == USSR else (0, STABILITY[CIX[c]])
        for c, side in countries.items()
    }


def test_presence_domination_control_and_the_bonuses():
    # Middle East: the US controls Iran, Israel (bgs) and Jordan; the USSR Syria.
    s = build(influence=held(iran=US, israel=US, jordan=US, syria=USSR))
    assert standing(s, "middle_east") == {USSR: ("presence", 3), US: ("domination", 7)}
    # Control needs every battleground.
    every = {c: US for c in ("israel", "iraq", "iran", "libya", "egypt", "saudi_arabia")}
    s = build(influence=held(**every))
    assert standing(s, "middle_east")[US] == ("control", 7 + 6)


def test_countries_next_to_the_enemy_superpower_score_one_more():
    s = build(influence=held(cuba=USSR, mexico=USSR, haiti=USSR, panama=US))
    assert standing(s, "central_america") == {
        USSR: ("domination", 3 + 2 + 2),
        US: ("presence", 1 + 1),
    }


def test_domination_needs_a_battleground_and_a_non_battleground():
    only_bgs = build(influence=held(cuba=USSR, mexico=USSR))
    assert standing(only_bgs, "central_america")[USSR][0] == "presence"
    no_bg = build(influence=held(haiti=USSR, honduras=USSR))
    assert standing(no_bg, "central_america")[USSR] == ("presence", 1)
    equal_bgs = build(influence=held(cuba=USSR, haiti=USSR, panama=US))
    assert standing(equal_bgs, "central_america")[USSR][0] == "presence"
    both = build(influence=held(cuba=USSR, haiti=USSR))
    assert standing(both, "central_america")[USSR][0] == "domination"


def test_a_scoring_card_moves_the_marker_by_the_difference():
    s = at_round(build(hands={US: [MIDDLE_EAST, 103]}, influence=held(iran=US, syria=USSR)), US)
    play(s, US, ("card", MIDDLE_EAST), ("use", "event"))
    assert s.vp == (3 + 1) - 3
    assert MIDDLE_EAST in s.deck.discard_pile


def test_a_scoring_card_is_played_only_as_an_event():
    s = at_round(build(hands={US: [ASIA, 103]}), US)
    play(s, US, ("card", ASIA))
    refused(s, US, ("use", "influence"), "only be played as an event")


def test_16_8_asia_scoring_includes_southeast_asia():
    s = build(influence=held(thailand=US))
    assert (
        standing(s, "asia")[US] == ("domination", 7 + 1) or standing(s, "asia")[US][0] == "presence"
    )
    assert standing(s, "asia")[US] == ("presence", 3 + 1)


def test_southeast_asia_scoring_counts_its_countries_thailand_double_and_is_removed():
    s = at_round(
        build(hands={USSR: [SEA, 4]}, influence=held(thailand=USSR, burma=USSR, malaysia=US)), USSR
    )
    play(s, USSR, ("card", SEA), ("use", "event"))
    assert s.vp == 1 - 3
    assert SEA in s.deck.removed  # RULES §16.8: the only starred scoring card


def test_formosan_resolution_makes_a_us_controlled_taiwan_a_battleground():
    s = build(influence=held(taiwan=US, japan=US), effects=[(35, US, "game")])
    assert standing(s, "asia")[US] == ("presence", 3 + 2)
    s = build(influence=held(taiwan=US, japan=US))  # Taiwan is then a non-battleground
    assert standing(s, "asia")[US] == ("domination", 7 + 1)


def test_control_of_europe_at_europe_scoring_wins_the_game():
    bgs = ("france", "west_germany", "east_germany", "poland", "italy")
    s = at_round(build(hands={US: [EUROPE, 103]}, influence=held(**{c: US for c in bgs})), US)
    play(s, US, ("card", EUROPE), ("use", "event"))
    out = RULESET.outcome(s)
    assert out.winners == [US]
    assert out.reason == "europe_control"


def test_20_vp_wins_at_once():
    s = at_round(build(hands={US: [MIDDLE_EAST, 103]}, influence=held(iran=US), vp=17), US)
    play(s, US, ("card", MIDDLE_EAST), ("use", "event"))
    out = RULESET.outcome(s)
    assert s.vp == 21
    assert out.winners == [US]
    assert out.reason == "vp_20"


def test_final_scoring_scores_every_region_adds_the_china_card_vp_and_ignores_20_vp():
    s = build(influence=held(iran=US, israel=US, jordan=US), vp=19, china=USSR)
    final_scoring(s)
    out = RULESET.outcome(s)
    assert s.vp == 19 + 7 - 1  # Middle East domination for the US, China Card VP to the USSR
    assert out.reason == "final_scoring"
    assert out.winners == [US]


def test_final_scoring_at_zero_is_a_draw():
    s = build(vp=1, china=USSR)
    final_scoring(s)
    out = RULESET.outcome(s)
    assert s.vp == 0
    assert out.winners == []
    assert out.reason == "final_scoring"


def test_16_8_a_headlined_scoring_card_resolves_after_the_other_headline():
    from gameshelf.plugins.twilight_struggle.turn import headline_order

    s = build(headlines={USSR: ASIA, US: 19})
    f = Headline()
    headline_order(s, f)
    assert f.order == [US, USSR]
    s = build(headlines={USSR: ASIA, US: EUROPE})
    headline_order(s, f)
    assert f.order == [US, USSR]  # both scoring: the US first
