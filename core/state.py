"""The part of a game state that the core relies on.

A game's state is a pydantic model it owns, subclassing :class:`GameState`, mutated in
place by the rules and serialisable to JSON and back exactly. The core reads:

- ``step``: the name of the current step of the game's state machine (``core.steps``);
- ``stack``: steps to return to when a called sub-procedure finishes;
- ``active``: the roles that must act now (kept by the steps);
- ``rng``: the seeded generator (``core.rng``), whose epoch tells undo what is new;
- ``log``: the public log, in words a player understands.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from core.rng import Rng


class GameState(BaseModel):
    """Base class of every game's state."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    step: str = ""
    stack: list[str] = []
    active: list[str] = []
    rng: Rng
    log: list[str] = []

    def say(self, line: str) -> None:
        """Add a line to the public log."""
        self.log.append(line)
