"""Seeded, counter-based randomness that lives inside the game state.

The generator is SplitMix64 used as a counter-based function: draw number ``n`` is
``mix(seed + n * GOLDEN)``. Its whole state is three integers, so it serialises with the
game state and the same seed plus the same actions gives the same game on any machine.

``Rng`` also counts *reveals*: hidden information that came out without a die roll (a card
drawn from a shuffled pile). Together with the draw counter this is the state's
"information epoch", which ``core.play.match`` uses to decide how far a role may undo.

Tests script the dice: values put in ``script`` are returned by the next ``randint``/``d6``/
``choice`` draws instead of random ones (shuffles never consume the script).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import Field

from gameshelf.core.engine.state_model import state_model

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_GOLDEN2 = 0xD1B54A32D192ED03  # another odd constant for the high half of a long seed


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_from(*parts: int | str) -> int:
    """A 64-bit seed derived from numbers and strings, stable across processes.

    Unlike ``hash()``, the result does not depend on ``PYTHONHASHSEED``.
    """
    z = 0x5EED
    for part in parts:
        data = part.encode() if isinstance(part, str) else str(part).encode()
        for byte in data:
            z = _mix(((z ^ byte) + _GOLDEN) & _MASK)
        z = _mix(z ^ 0xFF)
    return z


_LIMITS: dict[int, int] = {}


def _limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: draws at or past it are rejected."""
    limit = (1 << 64) - ((1 << 64) % n)
    if n <= 4096:
        _LIMITS[n] = limit
    return limit


_SIX = _limit(6)


@state_model
class Rng:
    """A counter-based random generator whose whole state is JSON."""

    seed: int
    counter: int = 0
    reveals: int = 0
    script: list[int] = Field(default_factory=list)

    # --- raw draws -----------------------------------------------------------------

    def next_u64(self) -> int:
        self.counter = n = self.counter + 1
        seed = self.seed
        # _mix((seed + n * _GOLDEN) & _MASK) written out: every die and draw comes here
        z = (seed + n * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if seed > _MASK:
            # A seed of more than 64 bits (the server's are 128): its high half drives a
            # second stream mixed in, so finding the seed from what a seat saw means
            # searching both halves together, not 64 bits of it. Seeds below 2**64 draw
            # exactly as they always have.
            z = _mix(z ^ _mix(((seed >> 64) + n * _GOLDEN2) & _MASK))
        return z

    def _below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, unbiased (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = _LIMITS.get(n) or _limit(n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    # --- draws a game uses -----------------------------------------------------------

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]``, both ends included."""
        if self.script:
            value = self.script.pop(0)
            self.counter += 1  # a scripted draw is still new information
            if not low <= value <= high:
                raise ValueError(f"scripted value {value} is outside {low}..{high}")
            return value
        return low + self._below(high - low + 1)

    def d6(self) -> int:
        if self.script:
            return self.randint(1, 6)
        while True:  # _below(6) without its checks: the die of most games' hot paths
            x = self.next_u64()
            if x < _SIX:
                return 1 + x % 6

    def roll(self, dice: int, sides: int = 6) -> list[int]:
        if self.script:
            return [self.randint(1, sides) for _ in range(dice)]
        if sides <= 0:
            raise ValueError(f"cannot draw below {sides}")
        # ``1 + _below(sides)`` a die, written out: a battle rolls several dice an action
        limit = _LIMITS.get(sides) or _limit(sides)
        rolls: list[int] = []
        while len(rolls) < dice:
            x = self.next_u64()
            if x < limit:
                rolls.append(1 + x % sides)
        return rolls

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.randint(0, len(items) - 1)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    # --- information -----------------------------------------------------------------

    def reveal(self) -> None:
        """Record that hidden information came out without a draw (a face-down card seen)."""
        self.reveals += 1

    @property
    def epoch(self) -> int:
        """Changes whenever anything random happened or anything hidden was revealed.

        Both counters only ever grow, so their sum moves exactly when either does.
        """
        return self.counter + self.reveals
