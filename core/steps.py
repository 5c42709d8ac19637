"""A game's sequence of play as a table of named steps.

Each step is a class with a ``name``, a ``prompt``, the legal ``actions`` of a role, and one
handler per action type, ``on_<type>(state, role, arg)``. A :class:`StepMachine` registers
the steps of one game and dispatches to the step named by ``state.step``::

    machine = StepMachine()

    @machine.step
    class MoveWhere(Step[State]):
        name = "move_where"
        waiting = "moving"

        def prompt(self, s, role): ...
        def actions(self, s, role): yield Action("area", "north_wood")
        def on_area(self, s, role, area): ...

Entering a step resets its fields in one place (``Step.begin``). A step can *call* another
as a sub-procedure (a battle in the middle of a movement phase, an event's sub-choice) and
the callee *finishes* back to its caller, which ``resume``\\ s; the return addresses live in
``state.stack``, so the state stays plain JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from core.ruleset import Action, IllegalAction, Role
from core.state import GameState

S = TypeVar("S", bound=GameState)
Handler = Callable[[Any, Role, Any], None]


class Step(Generic[S]):
    """One named step of a game's sequence of play."""

    name: ClassVar[str]
    waiting: ClassVar[str] = "deciding"  # "Waiting for north — deciding."
    handlers: dict[str, Handler]

    def begin(self, s: S) -> None:
        """Called on entering the step: set up its fields (default: nothing)."""

    def resume(self, s: S) -> None:
        """Called when a sub-step called from here finishes (default: nothing)."""

    def active(self, s: S) -> Sequence[Role]:
        """The roles that must act (default: ``state.active``)."""
        return s.active

    def prompt(self, s: S, role: Role) -> str:
        """What ``role`` is asked to do, imperative ("Choose a card to play.")."""
        return "Choose an action."

    def actions(self, s: S, role: Role) -> Iterable[Action]:
        """Every legal action of an active ``role``; a generator is fine."""
        return ()

    def why_not(self, s: S, role: Role, action: Action) -> str | None:
        """Why ``action`` is illegal, in the rule's words; ``None`` for the generic reason."""
        return None


StepT = TypeVar("StepT", bound=type[Step[Any]])


class StepMachine(Generic[S]):
    """The steps of one game, dispatched by ``state.step``.

    ``role_name(state, role)`` names a role in the words players use, in "waiting for"
    prompts and refusals. The default is the role id, which suits roles named for what they
    play; a game whose roles are numbered seats names them by who sits there.
    """

    def __init__(self, role_name: Callable[[S, Role], str] | None = None) -> None:
        self.steps: dict[str, Step[S]] = {}
        self.role_name: Callable[[S, Role], str] = role_name or _role_id

    # --- registration ----------------------------------------------------------------

    def step(self, cls: StepT) -> StepT:
        """Class decorator: register a step under its ``name``."""
        name = cls.name
        if name in self.steps:
            raise ValueError(f"step {name!r} is registered twice")
        instance = cls()
        instance.handlers = {
            attr[3:]: getattr(instance, attr) for attr in dir(cls) if attr.startswith("on_")
        }
        self.steps[name] = instance
        return cls

    def __getitem__(self, name: str) -> Step[S]:
        return self.steps[name]

    # --- moving between steps -------------------------------------------------------

    def enter(self, s: S, name: str) -> None:
        """Go to step ``name`` and let it set itself up."""
        step = self.steps[name]
        s.step = name
        step.begin(s)

    def call(self, s: S, name: str, then: str | None = None) -> None:
        """Enter ``name`` as a sub-procedure; ``finish`` returns to ``then`` (default: here)."""
        s.stack.append(then if then is not None else s.step)
        self.enter(s, name)

    def finish(self, s: S) -> None:
        """Return from a called sub-procedure to its caller, which resumes."""
        if not s.stack:
            raise RuntimeError(f"step {s.step!r} finished with nothing to return to")
        name = s.stack.pop()
        s.step = name
        self.steps[name].resume(s)

    # --- dispatch ---------------------------------------------------------------------

    def current(self, s: S) -> Step[S]:
        return self.steps[s.step]

    def active(self, s: S) -> Sequence[Role]:
        return self.steps[s.step].active(s)

    def actions(self, s: S, role: Role) -> Iterable[Action]:
        step = self.steps[s.step]
        if role not in step.active(s):
            return ()
        return step.actions(s, role)

    def prompt(self, s: S, role: Role | None) -> str:
        step = self.steps[s.step]
        active = list(step.active(s))
        if role is not None and role in active:
            return step.prompt(s, role)
        if not active:
            return ""
        return f"Waiting for {self._names(s, active)} — {step.waiting}."

    def apply(self, s: S, role: Role, action: Action) -> None:
        """Check ``action`` against the step's legal actions, then run its handler."""
        step = self.steps[s.step]
        active = step.active(s)
        if role not in active:
            if not active:
                raise IllegalAction("The game is over: nobody may act.", code="game_over")
            raise IllegalAction(
                f"It is not {self.role_name(s, role)}'s turn: waiting for "
                f"{self._names(s, active)}.",
                code="not_your_turn",
            )
        legal = False
        known_type = False
        for a in step.actions(s, role):
            if a == action:
                legal = True
                break
            known_type = known_type or a.type == action.type
        if not legal:
            raise IllegalAction(
                self._refusal(step, s, role, action, known_type),
                code="illegal" if known_type else "unknown_action",
            )
        step.handlers[action.type](s, role, action.arg)

    def _names(self, s: S, roles: Iterable[Role]) -> str:
        return " and ".join(self.role_name(s, role) for role in roles)

    @staticmethod
    def _refusal(step: Step[S], s: S, role: Role, action: Action, known_type: bool) -> str:
        reason = step.why_not(s, role, action)
        if reason:
            return reason
        if known_type:
            return f"{action.arg!r} is not a legal choice for {action.type!r} now."
        return f"{action.type!r} is not something {role} can do now."


def _role_id(s: Any, role: Role) -> str:
    return role
