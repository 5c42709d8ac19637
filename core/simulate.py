"""Many seeded bot games in a row, with the figures ``gameshelf simulate`` prints.

Game ``i`` of a run with base seed ``K`` uses seed ``K + i``, and its bots are seeded from
the same number, so any game of a run can be played again on its own.
"""

from __future__ import annotations

import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.agents import Agent
from core.match import Match
from core.plugins import Game


@dataclass
class GameError:
    seed: int
    error: str
    actions: int


@dataclass
class SimulationResult:
    game: str
    scenario: str
    games: int = 0
    errors: list[GameError] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    winners: Counter[str] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def actions(self) -> int:
        return sum(self.lengths)

    @property
    def mean_actions(self) -> float:
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    @property
    def median_actions(self) -> float:
        return float(statistics.median(self.lengths)) if self.lengths else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "scenario": self.scenario,
            "games": self.games,
            "errors": [
                {"seed": e.seed, "error": e.error, "actions": e.actions} for e in self.errors
            ],
            "outcomes": dict(sorted(self.outcomes.items())),
            "winners": dict(sorted(self.winners.items())),
            "mean_actions": round(self.mean_actions, 2),
            "games_per_s": round(self.games_per_s, 2),
            "actions_per_s": round(self.actions_per_s, 1),
        }


AgentFactory = Callable[[int], Agent]


def play_one(
    game: Game,
    scenario: str | None,
    seed: int,
    players: int | None,
    factories: Sequence[AgentFactory],
    max_steps: int,
) -> Match:
    """One bot game to its end (or ``max_steps``, which raises ``RuntimeError``)."""
    match = Match(game, scenario=scenario, seed=seed, players=players)
    agents = {
        role: factories[i % len(factories)](seed * 31 + i) for i, role in enumerate(match.roles)
    }
    match.play_bots(agents, limit=max_steps)
    if match.outcome() is None:
        raise RuntimeError(f"no outcome after {match.seq} actions")
    return match


def simulate(
    game: Game,
    *,
    scenario: str | None = None,
    games: int = 100,
    seed: int = 1,
    players: int | None = None,
    factories: Sequence[AgentFactory],
    max_steps: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    scenario_id = game.info.scenario(scenario).id
    result = SimulationResult(game=game.id, scenario=scenario_id)
    limit = max_steps if max_steps is not None else game.info.max_actions
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        try:
            match = play_one(game, scenario_id, game_seed, players, factories, limit)
        except Exception as exc:
            result.errors.append(GameError(game_seed, _describe(exc), 0))
        else:
            outcome = match.outcome()
            assert outcome is not None
            result.outcomes[outcome.reason] += 1
            for winner in outcome.winners or ["draw"]:
                result.winners[winner] += 1
            result.lengths.append(match.seq)
        result.games += 1
        if progress is not None:
            progress(i + 1)
    result.seconds = time.perf_counter() - started
    return result


def _describe(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {last[0].filename.rsplit('/', 1)[-1]}:{last[0].lineno}" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"
