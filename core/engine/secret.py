"""Secret simultaneous choices: several roles choose privately, then all is shown at once.

A :class:`SecretChoice` is a step kind. On entering, it asks ``choosers`` who chooses. Each of
them picks one of its legal ``options`` privately and may change its mind, by
choosing again, until the last of them has chosen; then the choices are revealed together,
``reveal(state, choices)`` carries them out, and the generator's epoch moves, so that no undo
goes back across the reveal (``core.play.match``). The choices wait in the step's frame, never in
the game state, and a view shows only who has chosen (``Step.public``)::

    @machine.step
    class PlayCards(SecretChoice[State]):
        name, waiting = "play_cards", "choosing a card"

        def choosers(self, s):
            return [role for role in ROLES if s.hands[role]]

        def options(self, s, role):
            return all_legal(Action("card", c) for c in s.hands[role])

        def reveal(self, s, choices):              # {"north": Action("card", 7), ...}
            ...
            machine.finish(s)

The choices are kept in the choosers' order, so the order in which they were made leaves no
trace: both orders give the same state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import JSON, Action, Role
from gameshelf.core.engine.state import GameState
from gameshelf.core.engine.steps import Step
from gameshelf.core.i18n.messages import Msg

S = TypeVar("S", bound=GameState)


@frame_model
class Choices:
    """The frame of a secret choice: who chooses, and what each has chosen so far."""

    roles: list[Role] = Field(default_factory=list)
    chosen: list[Action | None] = Field(default_factory=list)

    def of(self, role: Role) -> Action | None:
        return self.chosen[self.roles.index(role)]


class SecretChoice(Step[S], ABC):
    """A step where ``choosers`` choose at once and in secret (see the module).

    Subclasses list the choices with ``options`` and write ``reveal``; they write
    no ``on_<type>`` handlers, since a choice is only recorded until all have chosen. A
    subclass with working values of its own declares a frame model that extends
    :class:`Choices`.
    """

    frame_type: ClassVar[type[Any] | None] = Choices
    waiting: ClassVar[str | Msg] = "choosing"

    @abstractmethod
    def choosers(self, s: S) -> Sequence[Role]:
        """Who chooses, asked once on entering the step."""

    @abstractmethod
    def reveal(self, s: S, choices: dict[Role, Action]) -> None:
        """Carry out the choices, all known at once, in the choosers' order."""

    def begin(self, s: S) -> None:
        f = self.frame(s)
        f.roles = list(self.choosers(s))
        f.chosen = [None] * len(f.roles)
        if not f.roles:
            self._reveal(s, f)

    def active(self, s: S) -> Sequence[Role]:
        f = s.stack[-1].args
        waiting = []
        for role, choice in zip(f.roles, f.chosen, strict=True):
            if choice is None:
                waiting.append(role)
        return waiting

    def actors(self, s: S) -> Sequence[Role]:
        f: Choices = self.frame(s)
        return f.roles  # a role that has chosen may still change its mind

    def choice_of(self, s: S, role: Role) -> Action | None:
        """What ``role`` has chosen so far (``None``: nothing yet)."""
        f = self.frame(s)
        return f.of(role) if role in f.roles else None

    def handle(self, s: S, role: Role, action: Action) -> None:
        f = s.stack[-1].args  # self.frame(s), without the call
        f.chosen[f.roles.index(role)] = action
        if None not in f.chosen:  # the last to choose
            self._reveal(s, f)

    def _reveal(self, s: S, f: Choices) -> None:
        s.rng.reveal()
        # every role has chosen by now (no None left), which the frame's type cannot say
        self.reveal(s, dict(zip(f.roles, f.chosen, strict=True)))  # type: ignore[arg-type]

    def public(self, s: S, role: Role | None) -> JSON:
        f = self.frame(s)
        chosen = [r for r, choice in zip(f.roles, f.chosen, strict=True) if choice is not None]
        mine = f.of(role) if role in f.roles else None
        return {"chosen": chosen, "my_choice": None if mine is None else mine.to_json()}

    def hide(self, s: S, role: Role | None, rng: Rng) -> None:
        """Replace the choices ``role`` may not see with other legal ones (the kit's check)."""
        f = self.frame(s)
        for i, other in enumerate(f.roles):
            if other != role and f.chosen[i] is not None:
                legal = list(self.actions(s, other))
                f.chosen[i] = legal[rng.randint(0, len(legal) - 1)]


__all__ = ["Choices", "SecretChoice"]
