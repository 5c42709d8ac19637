"""Bots: the agent interface and the two agents every game gets for free.

An agent is asked to choose one of a role's legal actions. It may look at the ruleset and at
``view`` (what its role may see); an honest agent does not read the state's secrets. Agents
are offered by plugins through ``gameshelf_agents`` as :class:`AgentSpec` factories.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from core.rng import Rng, seed_from
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
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed=seed_from("random-agent", seed))

    def choose(
        self, ruleset: Ruleset[Any], state: Any, role: Role, actions: Sequence[Action]
    ) -> Action:
        return actions[self.rng._below(len(actions))]


class FirstLegalAgent:
    """Always picks the first legal action: a deterministic opponent for tests."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(
        self, ruleset: Ruleset[Any], state: Any, role: Role, actions: Sequence[Action]
    ) -> Action:
        return actions[0]


BUILTIN_AGENTS = [
    AgentSpec("random", "Random", RandomAgent, "Picks any legal action at random."),
    AgentSpec("first", "First legal", FirstLegalAgent, "Always picks the first legal action."),
]
