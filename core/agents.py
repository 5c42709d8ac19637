"""Bots: the agent interface and the two agents every game gets for free.

An agent is asked to choose one of a role's legal actions. It may look at the ruleset and at
``view`` (what its role may see); an honest agent does not read the state's secrets. Agents
are offered by plugins through ``gameshelf_agents`` as :class:`AgentSpec` factories.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from core.rng import seed_from
from core.ruleset import Action, Role, Ruleset


class Agent(Protocol):
    def choose(
        self, ruleset: Ruleset[Any], state: Any, role: Role, actions: Sequence[Action]
    ) -> Action:
        """Pick one of ``actions`` (never empty) for ``role``."""
        ...


@dataclass(frozen=True)
class AgentSpec:
    """A kind of bot a plugin offers: ``factory(seed)`` makes one."""

    id: str
    title: str
    factory: Callable[[int], Agent]
    description: str = ""


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator.

    A bot's draws are not the game's (what it picks is recorded as an action), so it uses
    Python's Mersenne Twister seeded from ``seed``: reproducible on any machine, and about a
    quarter of the cost per pick of the game's counter-based ``core.rng`` (bots pick once
    an action, so this shows in every simulation).
    """

    def __init__(self, seed: int = 0) -> None:
        self._bits = random.Random(seed_from("random-agent", seed)).getrandbits

    def choose(
        self, ruleset: Ruleset[Any], state: Any, role: Role, actions: Sequence[Action]
    ) -> Action:
        n = len(actions)
        if n == 0:
            raise ValueError(f"{role} has no legal action to choose from")
        width = (n - 1).bit_length()
        pick = self._bits(width)
        while pick >= n:  # rejection keeps every action equally likely
            pick = self._bits(width)
        return actions[pick]


class FirstLegalAgent:
    """Always picks the first legal action: a deterministic opponent for tests."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(
        self, ruleset: Ruleset[Any], state: Any, role: Role, actions: Sequence[Action]
    ) -> Action:
        return actions[0]


BUILTIN_AGENTS = [
    AgentSpec("random", "Random moves", RandomAgent, "Picks any legal action at random."),
    AgentSpec("first", "First legal move", FirstLegalAgent, "Always picks the first legal action."),
]
