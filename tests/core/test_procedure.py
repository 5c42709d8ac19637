"""Procedures: declared sequences of steps and functions, with loops, calls and branches."""

from __future__ import annotations

import pytest
from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, If, Loop, Procedure, While
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Step, StepMachine
from gameshelf.core.testing.machines import trail


@state_model
class Year(GameState):
    log_: list[str] = Field(default_factory=list)
    rounds: int = 3


@frame_model
class Rounds:
    round: int = 0
    last: str = ""


def more_rounds(s: Year, f: Rounds) -> bool:
    return f.round < s.rounds


def next_round(s: Year, f: Rounds) -> None:
    f.round += 1
    s.log_.append(f"round {f.round}")


def even(s: Year, f: Rounds) -> bool:
    return f.round % 2 == 0


def make(body: tuple[object, ...]) -> StepMachine[Year]:
    machine: StepMachine[Year] = StepMachine()

    machine.step(
        type("YearProcedure", (Procedure,), {"name": "year", "frame_type": Rounds, "body": body})
    )

    @machine.step
    class Act(Step[Year]):
        name = "act"

        def begin(self, s):
            s.active = ["a"]

        def actions(self, s, role):
            yield Action("play", "x")
            yield Action("play", "y")

        def on_play(self, s, role, arg):
            s.log_.append(f"played {arg}")
            machine.finish(s, arg)

    @machine.step
    class End(Step[Year]):
        name = "end"

        def begin(self, s):
            s.active = []
            s.log_.append("end")

    return machine


STANDARD = (
    While(
        more_rounds,
        next_round,
        Call("act", into="last"),
        If(even, lambda s, f: s.log_.append(f"even, last {f.last}"), otherwise=[lambda s: None]),
    ),
    lambda s: s.log_.append("after the loop"),
    lambda s: MACHINES[-1].enter(s, "end"),
)
MACHINES: list[StepMachine[Year]] = []


def start(body=STANDARD) -> tuple[StepMachine[Year], Year]:
    machine = make(body)
    MACHINES.append(machine)
    s = Year(rng=Rng(seed=1))
    machine.reset(s, "year")
    return machine, s


def test_a_procedure_runs_its_body_in_order_and_waits_on_the_steps_it_calls():
    machine, s = start()
    assert s.log_ == ["round 1"]
    assert trail(s) == ["year", "act"]
    machine.apply(s, "a", Action("play", "x"))
    assert s.log_ == ["round 1", "played x", "round 2"]


def test_a_loop_repeats_until_its_test_fails_and_results_land_in_the_frame():
    machine, s = start()
    for arg in ("x", "y", "x"):
        machine.apply(s, "a", Action("play", arg))
    assert s.log_ == [
        "round 1",
        "played x",
        "round 2",
        "played y",
        "even, last y",
        "round 3",
        "played x",
        "after the loop",
        "end",
    ]
    assert trail(s) == ["end"]


def test_a_procedures_position_survives_a_json_round_trip():
    machine, s = start()
    machine.apply(s, "a", Action("play", "x"))
    again = Year.from_json(s.to_json())
    machine.check(again)
    assert again.stack[0].pc == s.stack[0].pc > 0
    machine.apply(again, "a", Action("play", "y"))
    assert again.log_[-2:] == ["even, last y", "round 3"]


def test_a_state_saved_under_another_declaration_is_refused():
    machine, s = start()
    machine.apply(s, "a", Action("play", "x"))
    reordered = make((next_round, *STANDARD))
    with pytest.raises(ValueError, match="another declaration"):
        reordered.check(Year.from_json(s.to_json()))


def test_a_procedure_called_from_a_step_returns_its_result():
    machine: StepMachine[Year] = StepMachine()

    @machine.step
    class Two(Procedure[Year]):
        name, frame_type = "two", Rounds
        body = (
            Loop(
                next_round, If(lambda s, f: f.round == 2, lambda s, f: machine.finish(s, f.round))
            ),
        )

    @machine.step
    class Caller(Step[Year]):
        name = "caller"

        def begin(self, s):
            machine.call(s, "two")

        def resume(self, s, result):
            s.log_.append(f"two says {result}")
            s.active = ["a"]

    s = Year(rng=Rng(seed=1))
    machine.reset(s, "caller")
    assert s.log_ == ["round 1", "round 2", "two says 2"]
    assert trail(s) == ["caller"]


def test_a_procedure_that_loops_without_waiting_is_stopped():
    machine: StepMachine[Year] = StepMachine()

    @machine.step
    class Forever(Procedure[Year]):
        name = "forever"
        body = (Loop(lambda s: None),)

    # A loop of plain functions never rests: one transition, but an endless begin. The
    # runaway guard counts transitions, so such a body is caught by the procedure itself.
    with pytest.raises(RuntimeError, match="without waiting"):
        machine.reset(Year(rng=Rng(seed=1)), "forever")
