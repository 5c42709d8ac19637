"""The kit over the game, its rules, and what undo may take back."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pig import RULESET, Table

from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.core.play.match import Match


def test_conformance(conformance: Callable[..., object]) -> None:
    conformance(RULESET, players=[2, 4])


def start(*dice: int) -> Table:
    s = RULESET.setup(seed=1)
    s.rng.script = list(dice)  # the next dice, in order
    return s


def test_rolls_add_to_the_turn_and_a_hold_banks_them() -> None:
    s = start(4, 5)
    RULESET.apply(s, "red", {"type": "roll"})
    RULESET.apply(s, "red", {"type": "roll"})
    RULESET.apply(s, "red", {"type": "hold"})
    assert s.banked == {"red": 9, "blue": 0}
    assert RULESET.active(s) == ["blue"]


def test_a_one_loses_the_turns_total_and_passes_the_die() -> None:
    s = start(6, 1)
    RULESET.apply(s, "red", {"type": "roll"})
    RULESET.apply(s, "red", {"type": "roll"})
    assert (s.banked["red"], s.turn_total, RULESET.active(s)) == (0, 0, ["blue"])


def test_no_hold_before_the_first_roll() -> None:
    s = start()
    before = s.to_json()
    with pytest.raises(IllegalAction):
        RULESET.apply(s, "red", {"type": "hold"})
    assert s.to_json() == before


def test_a_hold_may_be_taken_back_a_roll_may_not() -> None:
    match = Match(RULESET, seed=1)  # undo replays the game from its seed: no scripted dice
    match.apply("red", {"type": "roll"})
    rolled = match.state.turn_total
    assert rolled > 1
    assert match.undoable("red") == 0  # the die is new information
    match.apply("red", {"type": "hold"})
    assert match.undoable("red") == 1
    match.undo("red")
    assert (match.state.banked["red"], match.state.turn_total) == (0, rolled)
