"""Dice: rolls through the state's generator, and counting successes."""

from __future__ import annotations

from collections.abc import Iterable

from gameshelf.core.engine.rng import Rng


def roll(rng: Rng, dice: int, sides: int = 6) -> list[int]:
    """Roll ``dice`` dice of ``sides`` sides."""
    return rng.roll(dice, sides)


def count_at_most(rolls: Iterable[int], target: int) -> int:
    """How many rolls are at or below ``target`` (a hit on "≤ fire rating")."""
    hits = 0
    for r in rolls:  # a loop, not sum() over a generator: a battle counts on most actions
        if r <= target:
            hits += 1
    return hits


def count_at_least(rolls: Iterable[int], target: int) -> int:
    hits = 0
    for r in rolls:
        if r >= target:
            hits += 1
    return hits
