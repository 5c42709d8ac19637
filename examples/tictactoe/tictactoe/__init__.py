"""Tic-tac-toe: the smallest Gameshelf plugin, in one file.

X and O take turns marking an empty square of a 3 x 3 grid; three of one's marks in a row,
a column or a diagonal win; a full grid without one is a draw. docs/tutorial.md builds this
file step by step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from pydantic import Field

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import (
    JSON,
    Action,
    GameInfo,
    Outcome,
    Role,
    Scenario,
    StepRuleset,
)
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Option, Step, StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.hookspecs import hookimpl

ROLES = ("x", "o")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@state_model
class Grid(GameState):
    squares: list[Role | None] = Field(default_factory=lambda: [None] * 9)


def has_a_line(s: Grid, role: Role) -> bool:
    return any(all(s.squares[i] == role for i in line) for line in LINES)


machine: StepMachine[Grid] = StepMachine()


@machine.step
class Mark(Step[Grid]):
    """The player to move marks an empty square."""

    name, waiting = "mark", Msg("tictactoe.thinking")

    def prompt(self, s: Grid, role: Role) -> Msg:
        return Msg("tictactoe.choose_square")

    def options(self, s: Grid, role: Role) -> Iterator[Option]:
        for square, mark in enumerate(s.squares, start=1):  # squares 1 to 9, as players say
            if mark is None:
                yield Action("square", square), None

    def on_square(self, s: Grid, role: Role, square: int) -> None:
        s.squares[square - 1] = role
        s.announce("tictactoe.marked", role=role, n=square)
        if has_a_line(s, role):
            won = Msg("tictactoe.won", role=role)
            machine.end_game(s, Outcome(winners=[role], reason="three_in_a_row", text=won))
        elif None not in s.squares:
            drawn = Msg("tictactoe.drawn")
            machine.end_game(s, Outcome(winners=[], reason="draw", text=drawn))
        else:
            s.active = [ROLES[1 - ROLES.index(role)]]


class TicTacToe(StepRuleset[Grid]):
    info = GameInfo(
        id="tictactoe",
        title="Tic-tac-toe",
        description="Three marks in a row win.",
        roles=ROLES,
        min_players=2,
        max_players=2,
        scenarios=(Scenario(id="standard", title="Standard"),),
        max_actions=9,
        outcome_reasons=("three_in_a_row", "draw"),
    )
    state_type = Grid
    machine = machine
    locale = Path(__file__).parent / "locale"

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> Grid:
        s = Grid(rng=Rng(seed=seed), active=["x"])
        machine.reset(s, "mark")
        return s

    def board_view(self, s: Grid, role: Role | None) -> JSON:
        return {"squares": list(s.squares)}


RULESET = TicTacToe()


@hookimpl
def gameshelf_games() -> list[TicTacToe]:
    return [RULESET]
