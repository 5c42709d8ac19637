"""Bots: the agent interface and the two agents every game gets for free.

An agent is asked to choose one of a role's legal actions from an :class:`Observation`:
what its seat sees (its view) and the game's public info, never the state. A search bot
asks the observation for *determinized* states, copies of the game in which everything the
seat cannot see has been re-dealt consistently with what it can see (the ruleset's
``shuffle_hidden``), and plays forward on them with ``Ruleset.play``. Agents are offered by
plugins through ``gameshelf_agents`` as :class:`AgentSpec` factories, each naming the games
it plays.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gameshelf.core.engine.rng import Rng, seed_from
from gameshelf.core.engine.ruleset import JSON, Action, GameInfo, Role, Ruleset, outcome_values


class Observation:
    """What a bot may know when it chooses: its role, its view, the game's public info.

    The view is built only when asked for (the random bot never looks, and a view costs more
    than the rules of an action). The game state stays private to the core: a bot that
    searches gets :meth:`determinized` copies, consistent with what its seat sees, and plays
    forward on them (:meth:`turn`, :meth:`play`, :meth:`values`, :meth:`copy`).

    ``roles``: the roles seated in this game (``Match`` gives them; default: the roles of
    the fewest players the game takes).
    """

    __slots__ = ("_ruleset", "_state", "_view", "role", "roles")

    def __init__(
        self,
        ruleset: Ruleset[Any],
        state: Any,
        role: Role,
        roles: Sequence[Role] | None = None,
    ) -> None:
        self._ruleset, self._state, self.role = ruleset, state, role
        self.roles: tuple[Role, ...] = tuple(roles if roles is not None else ruleset.roles())
        self._view: JSON | None = None

    @property
    def info(self) -> GameInfo:
        """The game's public facts: id, roles, scenarios, options."""
        return self._ruleset.info

    @property
    def view(self) -> JSON:
        """The role's view, exactly what its seat is shown (prompt, board, log, actions)."""
        if self._view is None:
            self._view = self._ruleset.view(self._state, self.role)
        return self._view

    def determinized(self, seed: int) -> Any:
        """A copy of the game where everything the role cannot see is re-dealt (from
        ``seed``) consistently with what it can: a world the bot cannot tell from the real
        one, to play forward on.

        The re-deal depends only on what the role sees and on ``seed`` (the hidden parts
        deal from a fixed order, ``core.engine.hidden``), and the world's generator is seeded from
        ``seed`` too, so its dice are not the real game's to come: two games that the role
        cannot tell apart give the same worlds."""
        world = self._ruleset.copy_state(self._state)
        self._ruleset.shuffle_hidden(world, self.role, Rng(seed=seed))
        world.rng.seed = seed_from("world", seed)
        world.rng.script = []  # a test's scripted dice are no part of a bot's world
        return world

    def forward(self, world: Any, role: Role, action: Action) -> None:
        """Play ``action`` of ``role`` on a determinized ``world``, checked (``apply``)."""
        self._ruleset.apply(world, role, action)

    # --- the search's forward model, on determinized worlds only -------------------------

    def turn(self, world: Any) -> tuple[Role, list[Action]] | None:
        """The first seated role the ``world`` awaits, with its legal actions (the list is
        the caller's to read, not to change); ``None`` once nobody is awaited. A role that
        may act without being awaited (an interrupt) is not offered here."""
        return self._ruleset.to_act(world, self.roles)

    def waiting(self, world: Any) -> list[Role]:
        """Every role the ``world`` awaits: several while they choose at once in secret."""
        return self._ruleset.active(world)

    def actions(self, world: Any, role: Role) -> list[Action]:
        """The legal actions of ``role`` in ``world``."""
        return self._ruleset.actions(world, role)

    def play(self, world: Any, role: Role, action: Action) -> None:
        """Play an action just listed by :meth:`turn` or :meth:`actions`, unchecked."""
        self._ruleset.play(world, role, action)

    def copy(self, world: Any) -> Any:
        """A copy of a determinized ``world`` to play on without changing it."""
        return self._ruleset.copy_state(world)

    def values(self, world: Any) -> tuple[float, ...]:
        """Each seated role's chance to win in ``world``, in the order of ``roles``: the
        outcome once the game is over, else the game's ``evaluate`` (a role it leaves out,
        or a game without one: an even share), each clamped to ``[0, 1]``."""
        result = self._ruleset.outcome(world)
        if result is not None:
            values = outcome_values(result, self.roles)
        else:
            values = self._ruleset.evaluate(world)
        even = 1.0 / len(self.roles)
        return tuple(min(1.0, max(0.0, values.get(role, even))) for role in self.roles)


class Agent(Protocol):
    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` (never empty) for ``observation.role``."""
        ...


class Interrupter(Protocol):
    """A bot whose policy takes interrupts, the actions open to its role while the game
    waits for another (``Ruleset.interrupts``). A bot without this method is never asked
    then: it takes an interrupt only as one of its legal actions when it is to act."""

    def interrupt(self, observation: Observation, actions: Sequence[Action]) -> Action | None:
        """One of ``actions`` (never empty) to take now, or ``None`` to let the game go on."""
        ...


@dataclass(frozen=True)
class AgentSpec:
    """A kind of bot a plugin offers: ``factory(seed)`` makes one.

    ``games`` names the games it plays (their ``info.id``); empty: every game.
    ``configure(param)``: the factory of the agent written ``"id:param"`` (``"ismcts:500"``).
    """

    id: str
    title: str
    factory: Callable[[int], Agent]
    description: str = ""
    games: tuple[str, ...] = ()
    # ``"id:param"`` (the command line's agent specs): the factory for that parameter,
    # e.g. a search budget; ``None``: the agent takes none.
    configure: Callable[[str], Callable[[int], Agent]] | None = None
    # It searches, taking a noticeable time a decision: a server lets it think apart (in a
    # worker process) and shows how long it thought.
    thinks: bool = False

    def plays(self, game_id: str) -> bool:
        return not self.games or game_id in self.games

    def factory_for(self, param: str | None) -> Callable[[int], Agent]:
        """The factory of ``id`` (``param`` ``None``) or of ``id:param``; ``ValueError``
        for a parameter the agent does not take."""
        if param is None:
            return self.factory
        if self.configure is None:
            raise ValueError(f"the agent {self.id!r} takes no parameter (given {param!r})")
        return self.configure(param)


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator.

    A bot's draws are not the game's (what it picks is recorded as an action), so it uses
    Python's Mersenne Twister seeded from ``seed``: reproducible on any machine, and cheaper
    per pick than the game's counter-based ``core.engine.rng`` (bots pick once an action, so this
    shows in every simulation; docs/performance.md).
    """

    def __init__(self, seed: int = 0) -> None:
        self._bits = random.Random(seed_from("random-agent", seed)).getrandbits

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        n = len(actions)
        if n == 0:
            raise ValueError(f"{observation.role} has no legal action to choose from")
        width = (n - 1).bit_length()
        bits = self._bits  # an attribute read then called: faster than called as a method
        pick = bits(width)
        while pick >= n:  # rejection keeps every action equally likely
            pick = bits(width)
        return actions[pick]


class PlayerAgent(RandomAgent):
    """Random, but like a person who uses their actions: each legal action is drawn with
    the weight its game gives its type (``GameInfo.bot_weights``, 1 for a type not named),
    so that a turn is ended early only when nothing else is legal where the game says so
    (weight 0). A game that names no weights gets exactly :class:`RandomAgent`'s picks.

    The site's bots and ``gameshelf simulate`` play this one by default (``"random"``);
    the uniform one is ``"uniform"``.
    """

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._random = random.Random(seed_from("player-agent", seed)).random

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        weights = observation.info.bot_weights
        if not weights:
            return super().choose(observation, actions)
        if not actions:
            raise ValueError(f"{observation.role} has no legal action to choose from")
        get = weights.get
        cumulative: list[float] = []
        total = 0.0
        for action in actions:
            total += get(action.type, 1.0)
            cumulative.append(total)
        if total <= 0:  # only actions of weight 0: any of them, uniformly
            return super().choose(observation, actions)
        return actions[bisect.bisect_right(cumulative, self._random() * total)]


class FirstLegalAgent:
    """Always picks the first legal action: a deterministic opponent for tests."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        return actions[0]


BUILTIN_AGENTS = [
    AgentSpec(
        "random",
        "Random moves",
        PlayerAgent,
        "Picks a legal action at random, ending a turn early only when the game says so.",
    ),
    AgentSpec("uniform", "Uniform random moves", RandomAgent, "Picks any legal action at random."),
    AgentSpec("first", "First legal move", FirstLegalAgent, "Always picks the first legal action."),
]
