"""The bots' reckoning (evaluate.py): VP, the regions' standing, the cards, DEFCON danger."""

import pytest

from gameshelf.core.engine.ruleset import Outcome
from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import build


def chance(s, side=US):
    values = RULESET.evaluate(s)
    assert set(values) == {US, USSR}
    assert values[US] + values[USSR] == pytest.approx(1.0)
    return values[side]


def test_the_side_ahead_on_vp_is_the_likelier_winner():
    assert chance(build(vp=12, china=US)) > 0.9
    assert chance(build(vp=-12, china=US), USSR) > 0.9


def test_control_of_regions_counts_before_they_are_scored():
    europe = {c: (0, 4) for c in ("france", "west_germany", "italy", "uk")}
    assert chance(build(influence=europe, china=USSR)) > chance(build(china=USSR))
    assert chance(build(influence=europe, china=USSR)) > 0.5


def test_the_china_card_and_the_stronger_hand_lead():
    even = build(hands={US: [4], USSR: [4]}, china=US)
    assert chance(even) > 0.5
    strong = build(hands={US: [4], USSR: [4]}, china=USSR)
    assert chance(strong, USSR) > 0.5


def test_military_operations_short_of_defcon_are_a_danger():
    short = build(defcon=3, milops={US: 0, USSR: 3}, china=US)
    done = build(defcon=3, milops={US: 3, USSR: 3}, china=US)
    assert chance(short) < chance(done)


def test_defcon_2_is_a_danger_to_the_side_to_act():
    calm = build(defcon=3, milops={US: 3, USSR: 3}, phasing=USSR, china=US)
    brink = build(defcon=2, milops={US: 3, USSR: 3}, phasing=USSR, china=US)
    assert chance(brink, USSR) < chance(calm, USSR)


def test_a_game_over_is_its_outcome():
    won = Outcome(winners=[USSR], reason="vp_20", text="")
    drawn = Outcome(winners=[], reason="final_scoring", text="")
    assert RULESET.evaluate(build(outcome=won)) == {US: 0.0, USSR: 1.0}
    assert RULESET.evaluate(build(outcome=drawn)) == {US: 0.5, USSR: 0.5}
