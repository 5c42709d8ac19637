"""Seats and turn order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def next_in_order(order: Sequence[T], current: T, skip: Sequence[T] = ()) -> T:
    """The one after ``current`` in a circular ``order``, passing over ``skip``."""
    if not order:
        raise ValueError("empty turn order")
    i = order.index(current)
    for k in range(1, len(order) + 1):
        candidate = order[(i + k) % len(order)]
        if candidate not in skip:
            return candidate
    raise ValueError("every seat is skipped")


def starting_from(order: Sequence[T], first: T) -> list[T]:
    """``order`` rotated so that ``first`` comes first."""
    i = order.index(first)
    return list(order[i:]) + list(order[:i])
