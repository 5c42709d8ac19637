"""Bots that look ahead: a greedy bot (one ply) and information-set Monte Carlo tree search.

Both see only their seat's :class:`~core.bots.agents.Observation`: they search on *determinized*
worlds, copies of the game in which everything the seat cannot see has been dealt again
(``Observation.determinized``, the game's declared hidden parts), and rate positions with
the game's ``evaluate`` hook (``Ruleset.evaluate``: each role's chance to win).

:class:`GreedyAgent` plays each legal action on one determinized world and takes the one
whose resulting position ``evaluate`` rates best for its role; ties are broken by its seed.

:class:`IsmctsAgent` is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one
tree, from the bot's point of view, whose nodes are sequences of decisions; every iteration
draws a new determinized world, walks the tree choosing by UCT among the actions *available
in that world* (each edge counts how often it was available, and its bonus uses that count,
not the parent's visits), adds one node, plays on at random for ``depth`` decisions, and
scores the position reached with ``evaluate`` (or the outcome, if the game ended).

- **Several players: max^n.** Each edge keeps the value of the role that chose it, and every
  role picks what is best for itself (not "paranoid": the others are not assumed to play
  against the bot alone). A neutral player that is no role (one the rules move themselves)
  is part of the rules, not of the search: only seated roles are rated and played.
- **Shunned actions**: an action of a type the game's ``bot_weights`` weigh 0 (say, ending
  a turn early) is searched, and taken, only when nothing else is legal, as by the default
  bot (docs/architecture.md §6.1: a search that ended nearly every turn at once).
- **Chance** is the game's own: the world's generator is seeded anew for every world, so
  dice and draws differ from iteration to iteration, never the real game's to come.
- **Simultaneous secret choices** (several roles awaited at once): each awaited role picks
  from its own statistics at that node, none of them knowing the others' picks (decoupled
  UCT); the node after it is that of the whole set of choices.
- **Interrupts**: the search plays only the roles a world awaits (``Observation.turn``);
  an action a role may take while not awaited is never explored, nor taken.
- **Forced moves** (a single legal action) are played without a node and do not count in
  the playout's depth.
- **Budget**: ``iterations`` and/or ``ms`` (milliseconds of thinking): the search stops at
  whichever comes first. With ``iterations`` alone it is deterministic for a given seed.
- **Playout depth**: the game's own (``GameInfo.playout_depth``), else ``DEPTH``, unless the
  agent is given one (``"ismcts:1000/d4"``).
- **Progressive widening** (``GameInfo.search_widening``, or ``"ismcts:1000/w1"``; ``w0``
  turns it off): where a role has chosen ``n`` times at a node, only ``ceil(w * sqrt(n + 1))``
  of its actions are tried there, new ones added as ``n`` grows, so a budget far smaller than
  the options (say 177 placements) still searches the best few deeply instead of each
  once. The bot's own choice at the root adds its actions in the order of a prior, the
  game's ``evaluate`` one ply ahead (greedy's ratings, on one world); elsewhere a new action
  is picked by the seed among those not yet tried.

Agents are made per seat by ``AgentSpec.factory(seed)``; ``"ismcts:2000"`` in the command
line names a budget of 2000 iterations (``"ismcts:500ms"``: half a second), see
:func:`ismcts_factory`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from gameshelf.core.bots.agents import Agent, AgentSpec, Observation
from gameshelf.core.engine.rng import seed_from
from gameshelf.core.engine.ruleset import Action, GameInfo, Role

UCT_C = 0.7  # the exploration constant, for values in [0, 1]
DEPTH = 8  # decisions (of two or more options) played at random after leaving the tree,
# for a game that does not name its own (GameInfo.playout_depth)
WIDEN_POWER = 0.5  # progressive widening: ceil(w * (n + 1) ** WIDEN_POWER) actions at a node
MAX_ACTIONS = 2000  # a bound on the actions of one iteration, whatever the game
TIE = 1e-9  # values closer than this are a tie


class GreedyAgent:
    """One ply: the legal action whose resulting position the game's ``evaluate`` rates
    best for the bot's role, on one determinized world a decision; ties broken by the seed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.decisions = 0
        self._rng = random.Random(seed_from("greedy", seed))

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        if not actions:
            raise ValueError(f"{observation.role} has no legal action to choose from")
        self.decisions += 1
        if len(actions) == 1:
            return actions[0]
        world = observation.determinized(seed_from("greedy", self.seed, self.decisions))
        best: list[Action] = []
        top = -1.0
        for action, value in zip(actions, one_ply(observation, world, actions), strict=True):
            if value > top + TIE:
                best, top = [action], value
            elif value >= top - TIE:
                best.append(action)
        return best[self._rng.randrange(len(best))]


def one_ply(observation: Observation, world: Any, actions: Sequence[Action]) -> list[float]:
    """How the game's ``evaluate`` rates, for the observer's role, the position after each
    of its ``actions`` on ``world`` (left unchanged)."""
    me = observation.roles.index(observation.role)
    ratings = []
    for action in actions:
        after = observation.copy(world)
        observation.play(after, observation.role, action)
        ratings.append(observation.values(after)[me])
    return ratings


class _Edge:
    """An action of a role at a node: how often it was tried, how often it was available,
    the sum of its role's values, and the node after it (sequential decisions)."""

    __slots__ = ("avail", "child", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.child: _Node | None = None


class _Node:
    """A sequence of decisions: each role's edges here, how often it chose here
    (``chosen``, for the widening), and the nodes after a set of simultaneous choices
    (``joint``)."""

    __slots__ = ("chosen", "edges", "joint")

    def __init__(self) -> None:
        self.edges: dict[Role, dict[Action, _Edge]] = {}
        self.chosen: dict[Role, int] = {}
        self.joint: dict[tuple[Action, ...], _Node] = {}


class IsmctsAgent:
    """Single-observer ISMCTS (see the module): ``iterations`` and/or ``ms`` bound each
    decision's search, ``depth`` the random playout after the tree (``None``: the game's),
    ``c`` the exploration, ``widen`` the progressive widening (``None``: the game's, 0:
    none)."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 1000,
        ms: float | None = None,
        depth: int | None = None,
        c: float = UCT_C,
        widen: float | None = None,
    ) -> None:
        if iterations is None and ms is None:
            raise ValueError("an ISMCTS budget needs iterations or milliseconds")
        self.seed, self.iterations, self.ms, self.depth, self.c = seed, iterations, ms, depth, c
        self.widen = widen
        self.decisions = 0
        self.last_iterations = 0  # how many the last decision ran (for figures and tests)
        self.last_tried: list[Action] = []  # its actions the last decision tried, in order
        self._rng = random.Random(0)
        self._allowed: frozenset[Action] = frozenset()
        self._depth = DEPTH  # this decision's playout depth
        self._widen = 0.0  # this decision's widening (0: none)
        self._order: dict[Action, int] = {}  # the root's actions, by the prior (widening)
        self._shunned: frozenset[str] = frozenset()  # action types the game weighs 0

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        if not actions:
            raise ValueError(f"{observation.role} has no legal action to choose from")
        self.decisions += 1
        self.last_iterations = 0
        self.last_tried = []
        self._shunned = shunned(observation.info)
        actions = self._open(list(actions))
        if len(actions) == 1:
            return actions[0]
        self._rng.seed(seed_from("ismcts", self.seed, self.decisions))
        root = _Node()
        self._allowed = frozenset(actions)
        self._depth = playout_depth(observation.info) if self.depth is None else self.depth
        self._widen = search_widening(observation.info) if self.widen is None else self.widen
        self._order = self._prior(observation, actions) if self._widen else {}
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        limit = self.iterations if self.iterations is not None else math.inf
        done = 0
        while done < limit and (deadline is None or time.perf_counter() < deadline):
            self._iterate(observation, root)
            done += 1
        self.last_iterations = done
        self.last_tried = list(root.edges.get(observation.role, {}))
        return self._best(root, observation.role, actions)

    def _prior(self, observation: Observation, actions: Sequence[Action]) -> dict[Action, int]:
        """Each of the bot's actions ranked by the game's ``evaluate`` one ply ahead, on
        one world (best first, ties in the order listed)."""
        world = observation.determinized(seed_from("ismcts prior", self.seed, self.decisions))
        ratings = one_ply(observation, world, actions)
        ranked = sorted(range(len(actions)), key=lambda i: -ratings[i])
        return {actions[i]: rank for rank, i in enumerate(ranked)}

    def _best(self, root: _Node, role: Role, actions: Sequence[Action]) -> Action:
        """The most visited of the role's actions at the root (then the best valued, then
        the first listed)."""
        edges = root.edges.get(role, {})

        def rank(action: Action) -> tuple[int, float]:
            edge = edges.get(action)
            return (0, 0.0) if edge is None else (edge.visits, edge.total / max(1, edge.visits))

        return max(actions, key=rank)

    # --- one iteration -------------------------------------------------------------------

    def _iterate(self, seen: Observation, root: _Node) -> None:
        world = seen.determinized(self._rng.getrandbits(64))
        path: list[tuple[_Edge, int]] = []  # the edges walked, with their role's place
        node: _Node | None = root
        index = {role: i for i, role in enumerate(seen.roles)}
        steps = 0
        while node is not None and steps < MAX_ACTIONS:
            turn = seen.turn(world)
            if turn is None:
                break
            role, actions = turn
            actions = self._open(actions)
            if len(actions) == 1:  # forced: no node of its own
                seen.play(world, role, actions[0])
                steps += 1
                continue
            waiting = seen.waiting(world)
            if len(waiting) > 1:
                node = self._together(seen, world, node, root, waiting, path, index)
            else:
                mine = node is root and role == seen.role  # the choice asked of the bot
                if mine:
                    actions = [a for a in actions if a in self._allowed] or actions
                action, edge, fresh = self._select(node, role, actions, mine)
                path.append((edge, index[role]))
                seen.play(world, role, action)
                if fresh:
                    node = None  # a new edge: leave the tree, play on at random
                else:
                    if edge.child is None:
                        edge.child = _Node()
                    node = edge.child
            steps += 1
        values = self._playout(seen, world, steps)
        for edge, who in path:
            edge.visits += 1
            edge.total += values[who]

    def _together(
        self,
        seen: Observation,
        world: Any,
        node: _Node,
        root: _Node,
        waiting: list[Role],
        path: list[tuple[_Edge, int]],
        index: dict[Role, int],
    ) -> _Node | None:
        """Simultaneous choices: each waiting role picks from its own edges at ``node``,
        blind to the others' picks; the next node is that of all the picks together."""
        picks: list[Action] = []
        fresh_any = False
        for role in waiting:
            actions = self._open(seen.actions(world, role))
            mine = node is root and role == seen.role
            if mine:
                actions = [a for a in actions if a in self._allowed] or actions
            action, edge, fresh = self._select(node, role, actions, mine)
            fresh_any = fresh_any or fresh
            path.append((edge, index[role]))
            picks.append(action)
            seen.play(world, role, action)
        if fresh_any:
            return None
        key = tuple(picks)
        child = node.joint.get(key)
        if child is None:
            child = node.joint[key] = _Node()
        return child

    def _select(
        self, node: _Node, role: Role, actions: Sequence[Action], mine: bool = False
    ) -> tuple[Action, _Edge, bool]:
        """UCT over the actions available now: an untried one first (picked by the seed,
        or the prior's best for the bot's own choice), while the widening allows one more,
        else the best tried one by value plus the bonus of how rarely it was tried when
        available."""
        edges = node.edges.get(role)
        if edges is None:
            edges = node.edges[role] = {}
        chosen = node.chosen.get(role, 0)
        node.chosen[role] = chosen + 1
        untried = []
        tried = []
        for action in actions:
            edge = edges.get(action)
            if edge is None:
                untried.append(action)
            else:
                edge.avail += 1
                tried.append(action)
        if untried and (not tried or not self._widen or len(edges) < self.widened(chosen)):
            if mine and self._order:
                action = min(untried, key=self._order.__getitem__)
            else:
                action = untried[self._rng.randrange(len(untried))]
            edge = edges[action] = _Edge()
            return action, edge, True
        c = self.c
        best, top = tried[0], -math.inf
        for action in tried:
            edge = edges[action]
            score = edge.total / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)
            if score > top:
                best, top = action, score
        return best, edges[best], False

    def _open(self, actions: list[Action]) -> list[Action]:
        """The actions worth searching: those of a type the game weighs 0 only when nothing
        else is legal."""
        if not self._shunned:
            return actions
        return [a for a in actions if a.type not in self._shunned] or actions

    def widened(self, chosen: int) -> int:
        """How many actions a role may have tried at a node where it chose ``chosen``
        times before (progressive widening)."""
        return math.ceil(self._widen * math.pow(chosen + 1, WIDEN_POWER))

    def _playout(self, seen: Observation, world: Any, steps: int) -> tuple[float, ...]:
        """Random decisions, at most ``depth`` of two or more options, then the values."""
        decisions = 0
        randrange = self._rng.randrange
        while decisions < self._depth and steps < MAX_ACTIONS:
            turn = seen.turn(world)
            if turn is None:
                break
            role, actions = turn
            actions = self._open(actions)
            if len(actions) > 1:
                decisions += 1
                seen.play(world, role, actions[randrange(len(actions))])
            else:
                seen.play(world, role, actions[0])
            steps += 1
        return seen.values(world)


def playout_depth(info: GameInfo) -> int:
    """The playout depth of a game: its own, else the search's default."""
    return DEPTH if info.playout_depth is None else info.playout_depth


def shunned(info: GameInfo) -> frozenset[str]:
    """The action types a game's bots take only when nothing else is legal: those its
    ``bot_weights`` weigh 0 (e.g. ending a turn early)."""
    return frozenset(kind for kind, weight in info.bot_weights.items() if weight == 0)


def search_widening(info: GameInfo) -> float:
    """The progressive widening of a game's search: its own, else none (0)."""
    return info.search_widening or 0.0


def ismcts_factory(budget: str) -> Callable[[int], Agent]:
    """The agents of a budget written ``"2000"`` (iterations), ``"500ms"`` (milliseconds)
    or ``"2000/500ms"`` (whichever comes first); a ``"d4"`` part sets the playout depth
    (``"1000/d4"``), a ``"c0.3"`` part the exploration constant, a ``"w1"`` part the
    progressive widening (``"w0"``: none). Raises ``ValueError`` on anything else."""
    iterations: int | None = None
    ms: float | None = None
    depth: int | None = None
    c = UCT_C
    widen: float | None = None
    for part in budget.split("/"):
        part = part.strip()
        if part.endswith("ms") and part[:-2].isdigit():
            ms = float(part[:-2])
        elif part.startswith("d") and part[1:].isdigit():
            depth = int(part[1:])
        elif part.startswith("c") and part[1:].replace(".", "", 1).isdigit():
            c = float(part[1:])
        elif part.startswith("w") and part[1:].replace(".", "", 1).isdigit():
            widen = float(part[1:])
        elif part.isdigit():
            iterations = int(part)
        else:
            raise ValueError(
                f"an ISMCTS budget is iterations (1000), milliseconds (500ms) or both "
                f"(1000/500ms), with an optional playout depth (d8), exploration (c0.7) and "
                f"widening (w1); "
                f"not {budget!r}"
            )
    if iterations is None and ms is None:
        raise ValueError(f"an ISMCTS budget needs iterations or milliseconds: {budget!r}")
    if iterations == 0 or ms == 0:
        raise ValueError(f"an ISMCTS budget of nothing: {budget!r}")

    def make(seed: int) -> Agent:
        return IsmctsAgent(seed, iterations=iterations, ms=ms, depth=depth, c=c, widen=widen)

    return make


# The site's levels (web): iterations, with a time cap so that no decision keeps a person
# waiting; figures in benchmarks/search.py.
LEVELS = {"easy": "100/1000ms", "normal": "300/1000ms", "hard": "1000/1000ms"}

SEARCH_AGENTS = [
    AgentSpec(
        "greedy",
        "Greedy",
        GreedyAgent,
        "Takes the move the game's evaluation rates best, one move ahead.",
        thinks=True,
    ),
    AgentSpec(
        "ismcts",
        "ISMCTS",
        ismcts_factory("1000"),
        "Information-set Monte Carlo tree search, 1000 iterations a decision "
        "(ismcts:N for N iterations, ismcts:Nms for N milliseconds).",
        configure=ismcts_factory,
        thinks=True,
    ),
    *(
        AgentSpec(
            f"ismcts_{level}",
            f"ISMCTS ({level})",
            ismcts_factory(budget),
            f"Information-set Monte Carlo tree search, {budget} a decision.",
            thinks=True,
        )
        for level, budget in LEVELS.items()
    ),
]
