"""Positions of a step machine built by hand, for rule tests (``core.engine.steps``).

A rule test builds the situation it checks: it puts the machine at a step with ``place``
(the step's ``begin`` not run), stacks the frames of the callers it needs below it, then
acts through the ruleset; ``begin`` runs the placed step's ``begin`` when the test wants
what it sets up; ``trail`` reads back which steps are on the stack.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.engine.frames import new_frame
from gameshelf.core.engine.state import GameState
from gameshelf.core.engine.steps import StepMachine, frame_args


def place(machine: StepMachine[Any], s: GameState, name: str, args: Any = None) -> None:
    """Put ``machine`` at step ``name`` alone on the stack, with its frame ``args`` (checked
    as ``enter`` checks them), without running its ``begin``."""
    step = machine[name]
    s.stack[:] = [new_frame(name, frame_args(step, args), step.signature)]
    s.step = name


def begin(machine: StepMachine[Any], s: GameState) -> None:
    """Run the current step's ``begin`` as the machine does on entering it, then carry out
    the transitions it made (a procedure goes on from its frame's position)."""
    machine._work(s, [], lambda s, role, arg: machine.current(s).begin(s))


def trail(s: GameState) -> list[str]:
    """The steps on the stack, the first caller first and the current step last."""
    return [frame.step for frame in s.stack]


__all__ = ["begin", "place", "trail"]
