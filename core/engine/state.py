"""The part of a game state that the core relies on.

A game's state is a pydantic model it owns: a subclass of :class:`GameState` declared with
:func:`~core.engine.state_model.state_model`, mutated in place by the rules and serialisable to
JSON and back exactly (``to_json``/``from_json``). The core reads:

- ``step``: the name of the current step of the game's state machine (``core.engine.steps``);
- ``stack``: the frames of the steps the machine is in, the current one on top
  (``core.engine.frames``): a called step's arguments and working values, a procedure's position;
- ``active``: the roles that must act now (kept by the steps);
- ``rng``: the seeded generator (``core.engine.rng``), whose epoch tells undo what is new;
- ``log``: the log: messages (``core.i18n.messages.Msg``), rendered in each reader's
  language, or plain strings from games not yet converted; a message said ``to`` some
  roles is theirs alone (a private line: ``say``);
- ``outcome``: ``None`` while the game runs, then how it ended (:class:`Outcome`), written
  once by ``StepMachine.end_game`` and read by ``Ruleset.outcome``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from pydantic import BaseModel, Field

from gameshelf.core.engine.actions import Role
from gameshelf.core.engine.frames import Frame
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.state_model import dump_json, load_json, state_model
from gameshelf.core.i18n.messages import Msg, Param

__all__ = ["GameState", "Outcome", "state_model"]


class Outcome(BaseModel):
    """How a game ended. ``winners`` is empty for a draw."""

    winners: list[Role]
    reason: str  # a short code that ``gameshelf simulate`` counts, e.g. "high_score"
    text: str | Msg = ""  # the same in words for players (a message, or English)
    scores: dict[Role, float] = Field(default_factory=dict)

    @property
    def draw(self) -> bool:
        return not self.winners


class _AtWork:
    """The step machine's queue of transitions while it is at work on a state
    (``core.engine.steps``): a slot beside the model's fields, never saved nor compared;
    ``None`` at rest (set so by ``GameState.__post_init__``)."""

    __slots__ = ("_queue",)
    _queue: list[tuple[Any, ...]] | None


@state_model
class GameState(_AtWork):
    """Base class of every game's state."""

    step: str = ""
    stack: list[Frame] = Field(default_factory=list)
    active: list[str] = Field(default_factory=list)
    rng: Rng
    log: list[str | Msg] = Field(default_factory=list)
    outcome: Outcome | None = None  # set once, when the game ends (StepMachine.end_game)

    def __post_init__(self) -> None:
        # Made, loaded or copied: the machine is at rest on a new state. A game's state
        # that writes a ``__post_init__`` of its own calls this one.
        self._queue = None

    @property
    def over(self) -> bool:
        """Whether the game has ended (``StepMachine.end_game``)."""
        return self.outcome is not None

    def say(self, line: str | Msg, to: str | Iterable[str] | None = None) -> None:
        """Add a line to the log: a message (``Msg("game.id", area="x")``; a new one for
        every reader is ``announce("game.id", area="x")``), or a plain English string (kept
        until every game logs messages).

        ``to``: a private line, a message only that role (or those roles) reads: the views
        of the others and of spectators leave it out (``Ruleset.view``). What an event shows
        one side ("north's hand holds ...") is such a line: nothing of it stays in the
        state but the line.

        A line once said is never changed: copies of a state share their log's lines
        (``Ruleset.copy_state``)."""
        if to is None:
            self.log.append(line)
            return
        if not isinstance(line, Msg):
            raise TypeError("a private log line is a message (Msg), not a string")
        readers = (to,) if isinstance(to, str) else tuple(to)
        if not readers:
            raise ValueError("a private log line needs at least one reader")
        self.log.append(line.addressed(readers))

    def announce(self, id: str, /, **args: Param | Msg) -> None:
        """``say(Msg(id, **args))``: a message for every reader, in one call. Rules log
        most of their lines so, around every action, and this way is cheaper
        (``messages.compose``, written out: a Python call less on every line;
        docs/performance.md)."""
        line = _new_msg(Msg)
        line.id, line.args = id, args
        self.log.append(line)

    def to_json(self) -> str:
        return dump_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        return load_json(cls, text)


_new_msg = object.__new__  # a message made without calling its class (see compose)
