"""The kit over the game, and its rules one by one (run: python -m pytest tests)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tictactoe import RULESET, Grid

from gameshelf.core.engine.ruleset import IllegalAction


def test_conformance(conformance: Callable[..., object]) -> None:
    conformance(RULESET)


def play(s: Grid, *squares: int) -> None:
    for square in squares:
        RULESET.apply(s, RULESET.active(s)[0], {"type": "square", "arg": square})


def test_three_in_a_row_wins() -> None:
    s = RULESET.setup(seed=1)
    play(s, 1, 4, 2, 5, 3)  # x: 1 2 3, the top row
    outcome = RULESET.outcome(s)
    assert outcome is not None
    assert outcome.winners == ["x"]


def test_a_full_grid_without_a_line_is_a_draw() -> None:
    s = RULESET.setup(seed=1)
    play(s, 1, 2, 3, 5, 4, 6, 8, 7, 9)
    outcome = RULESET.outcome(s)
    assert outcome is not None
    assert outcome.draw


def test_a_marked_square_is_refused_and_nothing_changes() -> None:
    s = RULESET.setup(seed=1)
    play(s, 5)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        RULESET.apply(s, "o", {"type": "square", "arg": 5})
    assert s.to_json() == before
