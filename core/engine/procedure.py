"""Procedures: steps declared as a sequence of play, the way a rulebook writes one.

A :class:`Procedure` is a step whose ``body`` lists what happens in order: the name of a
step to call (it runs until it finishes, then the procedure goes on), a plain function
(``f(state)``, or ``f(state, frame)`` to use the procedure's frame), and the loops and
branches ``While``, ``Loop`` and ``If``::

    @machine.step
    class GameTurn(Procedure[State]):
        '''A game turn, as the rulebook's sequence of play gives it.'''

        name, frame_type = "game_turn", TurnFrame
        body = (
            "card_phase",                           # both sides choose a card, in secret
            Call("action", args=lambda s, f: Act(side=f.first)),
            Call("action", args=lambda s, f: Act(side=f.second)),
            While(battles_remain, Call("battle", into="last_battle")),
            border_raids,
        )

The position in the body is kept in the procedure's frame (``Frame.pc``), with the
procedure's working values in its frame model, so a saved game stops and goes on exactly
where it was. A function may make a transition of its own (enter a step, call one, finish
the procedure early); the procedure then waits for it as for a call. At the end of its body
a procedure finishes, returning ``result(state, frame)`` (default ``None``) to its caller.

The body is compiled once, when the machine registers the step, into a flat list of
instructions; its *signature* (a digest of that list) is saved in the frame, and a state
saved under another declaration of the body is refused when loaded
(``StepMachine.check``), never misread.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from gameshelf.core.engine.ruleset import Role
from gameshelf.core.engine.state import GameState
from gameshelf.core.engine.steps import RUNAWAY, Step
from gameshelf.core.i18n.messages import Msg

if TYPE_CHECKING:
    from gameshelf.core.engine.steps import StepMachine

S = TypeVar("S", bound=GameState)
Fn = Callable[..., Any]  # f(state) or f(state, frame)


@dataclass(frozen=True)
class Call:
    """Call the step ``step`` with ``args(state, frame)``; keep its result in ``into``."""

    step: str
    args: Fn | None = None
    into: str | None = None


class While:
    """Repeat ``body`` as long as ``test(state[, frame])`` holds, testing before each turn."""

    def __init__(self, test: Fn, *body: Any) -> None:
        self.test, self.body = test, body


class Loop(While):
    """Repeat ``body`` for ever: a function or a step leaves it with a transition."""

    def __init__(self, *body: Any) -> None:
        super().__init__(_always, *body)


class If:
    """Do ``body`` if ``test(state[, frame])`` holds, else ``otherwise``."""

    def __init__(self, test: Fn, *body: Any, otherwise: Sequence[Any] = ()) -> None:
        self.test, self.body, self.otherwise = test, body, tuple(otherwise)


def _always(s: Any) -> bool:
    return True


# --- the compiled form --------------------------------------------------------------------

_DO, _CALL, _JUMP, _UNLESS, _END = "do", "call", "jump", "unless", "end"


class _Op(NamedTuple):
    kind: str
    fn: Fn | None = None  # do: the function; unless: the test
    step: str = ""  # call
    args: Fn | None = None  # call
    into: str | None = None  # call
    target: int = 0  # jump, unless
    with_frame: bool = False  # fn takes (state, frame)


def _takes_frame(fn: Fn) -> bool:
    params = [
        p
        for p in inspect.signature(fn).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return len(params) >= 2


def _compile(body: Sequence[Any], code: list[_Op]) -> None:
    for item in body:
        if isinstance(item, str):
            code.append(_Op(_CALL, step=item))
        elif isinstance(item, Call):
            code.append(_Op(_CALL, step=item.step, args=item.args, into=item.into))
        elif isinstance(item, While):
            top = len(code)
            if item.test is _always:  # a Loop: no test to make
                _compile(item.body, code)
                code.append(_Op(_JUMP, target=top))
                continue
            code.append(_Op(_UNLESS, fn=item.test, with_frame=_takes_frame(item.test)))
            _compile(item.body, code)
            code.append(_Op(_JUMP, target=top))
            code[top] = _Op(
                _UNLESS, fn=item.test, target=len(code), with_frame=code[top].with_frame
            )
        elif isinstance(item, If):
            test = len(code)
            code.append(_Op(_UNLESS))
            _compile(item.body, code)
            if item.otherwise:
                skip = len(code)
                code.append(_Op(_JUMP))
                _compile(item.otherwise, code)
                code[skip] = _Op(_JUMP, target=len(code))
                at = skip + 1
            else:
                at = len(code)
            code[test] = _Op(_UNLESS, fn=item.test, target=at, with_frame=_takes_frame(item.test))
        elif callable(item):
            code.append(_Op(_DO, fn=item, with_frame=_takes_frame(item)))
        else:
            raise TypeError(f"a procedure's body holds steps and functions, not {item!r}")


def _describe(op: _Op) -> str:
    fn = "" if op.fn is None else f"{op.fn.__module__}.{op.fn.__qualname__}"
    return f"{op.kind}:{fn}:{op.step}:{op.into or ''}:{op.target}"


def signature(code: Sequence[_Op]) -> str:
    """A short digest of a compiled body: what a saved position in it means."""
    text = "\n".join(_describe(op) for op in code)
    return hashlib.blake2s(text.encode(), digest_size=6).hexdigest()


class Procedure(Step[S]):
    """A step that is a declared sequence of steps and functions (see the module)."""

    body: ClassVar[Sequence[Any]] = ()
    waiting: ClassVar[str | Msg] = "playing"
    code: list[_Op]
    program: list[tuple[str, Any, Any, int]]  # the code as the interpreter reads it
    into: dict[int, str]  # where a call's result is kept (bind)
    machine: StepMachine[S]

    def bind(self, machine: StepMachine[S]) -> None:
        self.machine = machine
        self.code = []
        _compile(self.body, self.code)
        self.signature = signature(self.code)  # type: ignore[misc]
        # Where a call's result is kept: the position after the call -> the frame's field
        # (no other position is ever resumed at with a result: only a call's).
        self.into = {pc + 1: op.into for pc, op in enumerate(self.code) if op.into}
        self.program = _program(self.code)

    def active(self, s: S) -> Sequence[Role]:
        return ()  # a procedure never waits: the steps it calls do

    def result(self, s: S, frame: Any) -> Any:
        """What the procedure returns to its caller when its body is done."""
        return None

    def begin(self, s: S) -> None:
        self.resume(s, None)  # from the first instruction (a subclass's resume runs too)

    def resume(self, s: S, result: Any) -> None:
        # The interpreter of the compiled body: from the position kept in the frame
        # (``result``: what the step it called returned), it runs functions until one moves
        # the machine, or the body calls a step or ends (``machine.call``, ``finish``), and
        # returns; the machine comes back here when the step called ends.
        program, into = self.program, self.into
        frame = s.stack[-1]
        f = frame.args
        pc = frame.pc
        if into and pc in into:  # back from a call whose result the body keeps
            setattr(f, into[pc], result)
        queue = s._queue  # where a function's transitions wait (the machine is at work)
        budget = RUNAWAY
        while True:
            kind, fn, x, target = program[pc]
            if kind is _DO:  # fn: the functions from here to the end of the row
                for fn_, x in fn:  # x: whether it takes the frame
                    pc += 1
                    fn_(s, f) if x else fn_(s)
                    if queue:
                        frame.pc = pc
                        return  # the function moved the machine: go on when it comes back
            elif kind is _CALL:  # fn: the step's name, x: its arguments
                frame.pc = pc + 1
                self.machine.call(s, fn, None if x is None else x(s, f))
                return
            elif kind is _UNLESS:
                pc = pc + 1 if (fn(s, f) if x else fn(s)) else target
            elif kind is _JUMP:
                budget -= 1
                if budget < 0:
                    raise RuntimeError(
                        f"procedure {self.name!r} went round {RUNAWAY} times without waiting"
                    )
                pc = target
            else:  # the end of the body
                frame.pc = pc
                self.machine.finish(s, self.result(s, f))
                return


def _program(code: Sequence[_Op]) -> list[tuple[str, Any, Any, int]]:
    """The compiled body as the interpreter reads it: (kind, fn or step, with_frame or
    args, target) an instruction, and an end. A function's instruction holds the row of
    functions that starts with it, ``((fn, with_frame), ...)``, run one after the other."""
    program: list[tuple[str, Any, Any, int]] = []
    for pc, op in enumerate(code):
        if op.kind is _CALL:
            program.append((_CALL, op.step, op.args, 0))
        elif op.kind is _DO:
            row = []
            for later in code[pc:]:
                if later.kind is not _DO:
                    break
                row.append((later.fn, later.with_frame))
            program.append((_DO, tuple(row), None, 0))
        else:
            program.append((op.kind, op.fn, op.with_frame, op.target))
    program.append((_END, None, None, 0))
    return program


__all__ = ["Call", "If", "Loop", "Procedure", "While", "signature"]
