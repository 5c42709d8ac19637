"""Pig: roll a die as often as you dare, adding to the turn's total, then hold to bank it; a 1
loses the total and ends the turn. The first to bank the target wins. A die from the state's
generator is new information, so a player may take back a hold, never a roll (core.play.match).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from pydantic import Field

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import (
    Action,
    GameInfo,
    Outcome,
    Role,
    Scenario,
    SetupOption,
    StepRuleset,
)
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Option, Step, StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.hookspecs import hookimpl

ROLES = ("red", "blue", "green", "yellow")


@state_model
class Table(GameState):
    banked: dict[Role, int] = Field(default_factory=dict)
    turn_total: int = 0
    target: int = 50


def pass_the_die(s: Table, role: Role) -> None:
    seats = list(s.banked)  # in seating order
    s.turn_total = 0
    s.active = [seats[(seats.index(role) + 1) % len(seats)]]


machine: StepMachine[Table] = StepMachine()


@machine.step
class Turn(Step[Table]):
    """Roll again, or hold (only once the turn has a total to bank)."""

    name, waiting = "turn", Msg("pig.rolling")

    def prompt(self, s: Table, role: Role) -> Msg:
        return Msg("pig.roll_or_hold", total=s.turn_total)

    def options(self, s: Table, role: Role) -> Iterator[Option]:
        if s.turn_total:  # first, so that a bot taking the first choice ends the game
            yield Action("hold"), None
        yield Action("roll"), None

    def on_roll(self, s: Table, role: Role, arg: None) -> None:
        die = s.rng.d6()
        if die == 1:
            s.announce("pig.busted", role=role, lost=s.turn_total)
            pass_the_die(s, role)
        else:
            s.turn_total += die
            s.announce("pig.rolled", role=role, die=die, total=s.turn_total)

    def on_hold(self, s: Table, role: Role, arg: None) -> None:
        s.banked[role] += s.turn_total
        s.announce("pig.held", role=role, banked=s.banked[role])
        if s.banked[role] >= s.target:
            scores = {seat: float(points) for seat, points in s.banked.items()}
            won = Msg("pig.won", role=role)
            ended = Outcome(winners=[role], reason="target_reached", text=won, scores=scores)
            machine.end_game(s, ended)  # nobody acts from now on; the outcome is kept
        else:
            pass_the_die(s, role)


class Pig(StepRuleset[Table]):
    info = GameInfo(
        id="pig",
        title="Pig",
        description="Roll as long as you dare; a 1 loses the turn's total.",
        roles=ROLES,
        min_players=2,
        max_players=4,
        scenarios=(Scenario(id="standard", title="Standard"),),
        options=(SetupOption(id="target", title="Target", default=50, choices=(20, 50, 100)),),
        max_actions=5_000,
        outcome_reasons=("target_reached",),
    )
    state_type = Table
    machine = machine
    locale = Path(__file__).parent / "locale"

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> Table:
        seats = self.roles(players)
        target = int(self.info.resolve_options(options)["target"])
        s = Table(rng=Rng(seed=seed), banked=dict.fromkeys(seats, 0), target=target)
        s.active = seats[:1]
        machine.reset(s, "turn")
        return s

    def board_view(self, s: Table, role: Role | None) -> dict[str, object]:
        return {"banked": dict(s.banked), "turn_total": s.turn_total, "target": s.target}


RULESET = Pig()


@hookimpl
def gameshelf_games() -> list[Pig]:
    return [RULESET]
