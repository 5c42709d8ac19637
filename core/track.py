"""Tracks: a bounded numeric scale (victory points, a threat level, a round counter)."""

from __future__ import annotations

from pydantic import model_validator

from gameshelf.core.state_model import state_model


@state_model
class Track:
    """A marker on a scale from ``low`` to ``high``; moves are clamped to the ends."""

    value: int
    low: int
    high: int

    @model_validator(mode="after")
    def _in_range(self) -> Track:
        if not self.low <= self.value <= self.high:
            raise ValueError(f"track value {self.value} is outside {self.low}..{self.high}")
        return self

    def move(self, delta: int) -> int:
        """Move by ``delta``, stopping at an end; returns how far it actually moved."""
        new = min(self.high, max(self.low, self.value + delta))
        moved = new - self.value
        self.value = new
        return moved

    def set(self, value: int) -> None:
        self.value = min(self.high, max(self.low, value))

    @property
    def at_low(self) -> bool:
        return self.value == self.low

    @property
    def at_high(self) -> bool:
        return self.value == self.high
