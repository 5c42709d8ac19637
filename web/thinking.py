"""Bots that think (a search, ``AgentSpec.thinks``) choose in a worker process, so that the
server goes on serving every other request and match meanwhile.

The worker is handed what the bot's seat may be asked about: the game, the seated roles, the
state as JSON (loaded there by the game's own ``load_state``), the role and the agent's id
and seed. It wraps the state in the seat's :class:`~core.bots.agents.Observation`, exactly as
``Match.play_bots`` does in the server, and gives back the action chosen and how long the
bot thought. The workers are started (``spawn``: a fresh interpreter, never a fork of the
server's threads) the first time a bot thinks, and load the installed plugins once each.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from gameshelf.core.bots.agents import Observation
from gameshelf.core.engine.ruleset import Action, Arg, Role
from gameshelf.core.registry.plugins import Registry


@dataclass(frozen=True)
class Question:
    """What a thinking bot is asked: everything its worker needs, as plain values."""

    game: str
    roles: tuple[Role, ...]
    state: str  # the state's JSON (``Ruleset.dump_state``)
    role: Role
    agent: str
    seed: int


_REGISTRY: Registry | None = None  # a worker's plugins, loaded once


def _load(make_registry: Callable[[], Registry]) -> None:
    """A worker's start: its plugins."""
    global _REGISTRY
    _REGISTRY = make_registry()


def answer(question: Question) -> tuple[str, Arg, float | None]:
    """In a worker: the bot's choice (type, arg) and its thinking time in milliseconds
    (``None`` for a decision with one option: nothing to think about, and a page showing
    0.0 s would hide the time of the bot's last real decision)."""
    assert _REGISTRY is not None, "a thinking worker started without its plugins"
    ruleset = _REGISTRY.game(question.game).ruleset
    state = ruleset.load_state(question.state)
    agent = _REGISTRY.agent(question.agent, question.game).factory(question.seed)
    seen = Observation(ruleset, state, question.role, question.roles)
    actions = ruleset.actions(state, question.role)
    started = time.perf_counter()
    choice = agent.choose(seen, actions)
    ms = (time.perf_counter() - started) * 1000 if len(actions) > 1 else None
    return choice.type, choice.arg, ms


class Thinkers:
    """The worker processes bots think in (``workers`` of them, started when first asked).

    ``make_registry``: how a worker loads its plugins, a function it can import (default:
    the installed ones, as the server loads them)."""

    def __init__(self, workers: int, make_registry: Callable[[], Registry] = Registry) -> None:
        self.workers = workers
        self.make_registry = make_registry
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, question: Question) -> tuple[Action, float | None]:
        """The bot's action and its thinking time in ms (as :func:`answer`), worked out in
        a worker."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_load, initargs=(self.make_registry,)
            )
        loop = asyncio.get_running_loop()
        kind, arg, ms = await loop.run_in_executor(self._pool, answer, question)
        return Action(kind, arg), ms

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
