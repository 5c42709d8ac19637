"""RULES §7.4: the Space Race — thresholds, one attempt a turn (two with box 2), VP for the
first and second side into a box, abilities held until the other side arrives."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.operations import holds_ability
from tests.twilight_struggle.builders import at_round, build, dice, play, refused

DUCK, BLOCKADE, ASIA_SCORING = 4, 10, 1


def test_a_space_attempt_at_or_under_the_box_number_advances_with_its_vp():
    s = at_round(build(hands={US: [DUCK, 103]}), US)
    dice(s, 3)
    play(s, US, ("card", DUCK), ("use", "space"))
    assert s.space[US] == 1
    assert s.vp == 2  # first into Earth Satellite
    assert DUCK in s.deck.discard_pile


def test_the_second_side_into_a_box_gets_the_second_vp():
    s = at_round(
        build(hands={USSR: [DUCK]}, space={USSR: 0, US: 1}, space_first=["", US] + [""] * 7), USSR
    )
    dice(s, 1)
    play(s, USSR, ("card", DUCK), ("use", "space"))
    assert s.vp == -1


def test_a_missed_roll_changes_nothing_but_uses_the_attempt():
    s = at_round(build(hands={US: [DUCK, 103, 19]}), US)
    dice(s, 4)
    play(s, US, ("card", DUCK), ("use", "space"))
    assert s.space[US] == 0
    assert s.space_tries[US] == 1
    s = at_round(s, US)
    play(s, US, ("card", 103))
    refused(s, US, ("use", "space"), "made your 1 Space Race attempts")


def test_the_next_box_needs_enough_ops():
    s = at_round(build(hands={US: [BLOCKADE, 103]}), US)
    play(s, US, ("card", BLOCKADE))
    refused(s, US, ("use", "space"), "needs a card of 2 Ops")
    s = at_round(build(hands={US: [DUCK, 103]}, space={USSR: 0, US: 4}), US)
    play(s, US, ("card", 103))  # 2 Ops: box 5 needs 3
    refused(s, US, ("use", "space"), "needs a card of 3 Ops")


def test_scoring_cards_never_go_to_the_space_race_but_the_china_card_may():
    s = at_round(build(hands={USSR: [ASIA_SCORING, DUCK]}), USSR)
    play(s, USSR, ("card", ASIA_SCORING))
    refused(s, USSR, ("use", "space"), "scoring card")
    s = at_round(build(hands={USSR: [DUCK]}), USSR)
    dice(s, 2)
    play(s, USSR, ("card", 6), ("use", "space"))
    assert s.space[USSR] == 1
    assert s.china == US
    assert not s.china_up


def test_box_2_gives_two_attempts_until_the_other_side_gets_there():
    first = ["", US, US] + [""] * 6
    s = at_round(
        build(
            hands={US: [DUCK, 103, 19]},
            space={USSR: 0, US: 2},
            space_first=first,
            space_tries={USSR: 0, US: 1},
        ),
        US,
    )
    assert holds_ability(s, US, 2)
    dice(s, 6)
    play(s, US, ("card", DUCK), ("use", "space"))
    assert s.space_tries[US] == 2
    s.space[USSR] = 2
    assert not holds_ability(s, US, 2)


def test_the_last_box_ends_the_race():
    s = at_round(build(hands={US: [DUCK, 103]}, space={USSR: 0, US: 8}), US)
    play(s, US, ("card", DUCK))
    refused(s, US, ("use", "space"), "end of the Space Race")
