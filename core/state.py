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

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from core.rng import Rng


class GameState(BaseModel):
    """Base class of every game's state."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    # Mutable defaults through factories: pydantic would deep-copy a literal ``[]`` for
    # every new state.
    step: str = ""
    stack: list[str] = Field(default_factory=list)
    active: list[str] = Field(default_factory=list)
    rng: Rng
    log: list[str] = Field(default_factory=list)

    _field_names: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls._field_names = frozenset(cls.model_fields)

    def __setattr__(self, name: str, value: Any) -> None:
        """Assigning a field stores it directly.

        Rules assign fields thousands of times a game and a state never validates
        assignments, so pydantic's generic ``__setattr__`` (about twice the cost) is skipped
        for fields; any other name still goes through it and is refused
        (``extra="forbid"``), so a misspelt field is an error, not a silent new attribute.
        """
        if name in self._field_names:
            self.__dict__[name] = value
        else:
            super().__setattr__(name, value)

    def say(self, line: str) -> None:
        """Add a line to the public log."""
        self.log.append(line)


GameState._field_names = frozenset(GameState.model_fields)
