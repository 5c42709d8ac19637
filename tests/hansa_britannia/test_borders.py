"""The seed's optional border rule (RULES §14.8), a match option off by default: an unused
+3 or +4 Actions marker discarded to ignore borders for the rest of the turn."""

from __future__ import annotations

import pytest

from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import build, legal, play, space

WALES = "conway--chester"
LO = "london--oxford"


def test_the_option_is_off_by_default():
    assert [(o.id, o.default) for o in RULESET.info.options] == [("borders", False)]
    s = build(hand={"red": ["plus_3_actions"]}, supply={"red": (3, 0)})
    assert not s.borders_rule
    assert ("ignore_borders", "plus_3_actions") not in legal(s, "red")
    assert_refused(RULESET, s, "red", ("ignore_borders", "plus_3_actions"), "")
    assert_refused(RULESET, s, "red", ("place_trader", space(WALES, 0)), "permission")


@pytest.mark.parametrize("players", [2, 4])
def test_a_discarded_extra_actions_marker_opens_every_country_for_the_turn(players: int):
    s = build(
        players=players,
        options={"borders": True},
        hand={"red": ["plus_4_actions", "develop_ability"]},
        supply={"red": (3, 0)},
        pieces={LO: ["red"]},
    )
    b = s.board
    assert_refused(RULESET, s, "red", ("ignore_borders", "develop_ability"), "")
    play(s, "red", ("ignore_borders", "plus_4_actions"))
    assert s.borderless
    assert s.actions_left == 2  # no extra actions
    assert s.hand[0] == ["develop_ability"]
    assert s.used[0] == []  # it does not score
    assert_refused(RULESET, s, "red", ("marker", "plus_4_actions"), "")
    play(s, "red", ("place_trader", space(WALES, 0, b)))  # Place: no permission used
    assert s.permits_used == []
    play(s, "red", "move", ("lift", space(LO, 0, b)), "done")  # Move: from England to Wales
    assert ("place_trader", space(WALES, 1, b)) in legal(s, "red")
    play(s, "red", ("place_trader", space(WALES, 1, b)))
    assert s.spaces[space(WALES, 1, b)] == 0
    play(s, "red", "end_turn")  # (the Develop marker kept it open)
    assert RULESET.active(s) == ["yellow"]
    assert not s.borderless  # the rule's use ends with the turn


def test_displace_ignores_borders_too_and_one_discard_is_enough():
    s = build(
        options={"borders": True},
        hand={"red": ["plus_3_actions", "plus_4_actions"]},
        supply={"red": (4, 0)},
        pieces={WALES: ["yellow"]},
    )
    assert_refused(RULESET, s, "red", ("displace_trader", space(WALES, 0)), "permission")
    play(s, "red", ("ignore_borders", "plus_3_actions"))
    assert_refused(RULESET, s, "red", ("ignore_borders", "plus_4_actions"), "already")
    play(s, "red", ("displace_trader", space(WALES, 0)))
    assert s.spaces[space(WALES, 0)] == 0
    target = min(arg for _, arg in legal(s, "yellow"))
    play(s, "yellow", ("place_trader", target), "done")
    assert s.step == "turn"
    assert RULESET.active(s) == ["red"]
    assert s.hand[0] == ["plus_4_actions"]  # still usable for its actions
