"""Many seeded bot games in a row, with the figures ``gameshelf simulate`` prints.

Game ``i`` of a run with base seed ``K`` uses seed ``K + i``, and its bots are seeded from
the same number, so any game of a run can be played again on its own. With ``jobs > 1`` the
games are shared among worker processes (forked, so they inherit the loaded plugins); every
figure but the time is the same whatever the number of jobs.

With ``save`` (a folder), every game is written there as a game file,
``<game>-<scenario>-<seed>.json`` (the form ``Match.to_json`` gives, which
``gameshelf replay`` reads); a game that failed is saved too, up to its last accepted
action, with ``"error"`` saying what went wrong.

With ``coverage``, the run also counts the steps its games' decisions were taken at and
their action types (``core.testing.Coverage``, the conformance kit's table), so a plugin
author sees which rules the bots never exercised.
"""

from __future__ import annotations

import json
import multiprocessing
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gameshelf.core.bots.agents import Agent
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Game
from gameshelf.core.testing import Coverage


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
    coverage: Coverage | None = None  # with ``simulate(coverage=True)``

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
        data = {
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
        if self.coverage is not None:
            data["coverage"] = {
                "steps": dict(self.coverage.steps.most_common()),
                "types": dict(self.coverage.types.most_common()),
            }
        return data


AgentFactory = Callable[[int], Agent]


def play_one(
    game: Game,
    scenario: str | None,
    seed: int,
    players: int | None,
    factories: Sequence[AgentFactory],
    max_steps: int,
    save: Path | None = None,
) -> Match:
    """One bot game to its end (or ``max_steps``, which raises ``RuntimeError``); with
    ``save``, its game file is written in that folder, failed or not."""
    match = Match(game, scenario=scenario, seed=seed, players=players)
    agents = {
        role: factories[i % len(factories)](seed * 31 + i) for i, role in enumerate(match.roles)
    }
    try:
        match.play_bots(agents, limit=max_steps)
        if match.outcome() is None:
            raise RuntimeError(f"no outcome after {match.seq} actions")
    except Exception as exc:
        if save is not None:
            save_game(match, save, error=_describe(exc))
        raise
    if save is not None:
        save_game(match, save)
    return match


def game_file_name(match: Match) -> str:
    return f"{match.game_id}-{match.scenario}-{match.seed}.json"


def save_game(match: Match, folder: Path, error: str | None = None) -> Path:
    """Write ``match`` as a game file in ``folder`` (made if missing); returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / game_file_name(match)
    data = match.to_json()
    outcome = match.outcome()
    data["outcome"] = outcome.model_dump() if outcome is not None else None
    if error is not None:
        data["error"] = error
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    return path


def simulate(
    game: Game,
    *,
    scenario: str | None = None,
    games: int = 100,
    seed: int = 1,
    players: int | None = None,
    factories: Sequence[AgentFactory],
    max_steps: int | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    save: Path | None = None,
    coverage: bool = False,
) -> SimulationResult:
    scenario_id = game.info.scenario(scenario).id
    limit = max_steps if max_steps is not None else game.info.max_actions
    batch = _Batch(game, scenario_id, players, factories, limit, save, coverage)
    seeds = range(seed, seed + games)
    started = time.perf_counter()
    if jobs <= 1:
        result = batch.play(seeds, progress)
    else:
        result = _play_in_processes(batch, seeds, jobs, progress)
    result.seconds = time.perf_counter() - started
    return result


@dataclass
class _Batch:
    """What every game of a run shares; ``play`` runs some of its seeds."""

    game: Game
    scenario: str
    players: int | None
    factories: Sequence[AgentFactory]
    limit: int
    save: Path | None = None
    coverage: bool = False

    def result(self) -> SimulationResult:
        covered = Coverage() if self.coverage else None
        return SimulationResult(game=self.game.id, scenario=self.scenario, coverage=covered)

    def play(
        self, seeds: Sequence[int], progress: Callable[[int], None] | None = None
    ) -> SimulationResult:
        result = self.result()
        for game_seed in seeds:
            try:
                match = play_one(
                    self.game,
                    self.scenario,
                    game_seed,
                    self.players,
                    self.factories,
                    self.limit,
                    self.save,
                )
            except Exception as exc:
                result.errors.append(GameError(game_seed, _describe(exc), 0))
            else:
                outcome = match.outcome()
                assert outcome is not None
                result.outcomes[outcome.reason] += 1
                for winner in outcome.winners or ["draw"]:
                    result.winners[winner] += 1
                result.lengths.append(match.seq)
                if result.coverage is not None:
                    result.coverage.update(Coverage.of_match(match))
            result.games += 1
            if progress is not None:
                progress(result.games)
        return result

    def merge(self, parts: Sequence[SimulationResult]) -> SimulationResult:
        """The parts of a run, in seed order, as one result."""
        whole = self.result()
        for part in parts:
            if whole.coverage is not None and part.coverage is not None:
                whole.coverage.update(part.coverage)
            whole.games += part.games
            whole.errors.extend(part.errors)
            whole.outcomes.update(part.outcomes)
            whole.winners.update(part.winners)
            whole.lengths.extend(part.lengths)
        return whole


# The run being shared among forked workers: they inherit it instead of unpickling a game.
_SHARED: _Batch | None = None


def _play_part(seeds: range) -> SimulationResult:
    assert _SHARED is not None, "a simulation worker started without its run"
    return _SHARED.play(seeds)


def _play_in_processes(
    batch: _Batch, seeds: range, jobs: int, progress: Callable[[int], None] | None
) -> SimulationResult:
    if "fork" not in multiprocessing.get_all_start_methods():
        raise ValueError("running games in several processes needs fork (Linux, macOS)")
    global _SHARED
    # Parts small enough to keep every worker busy to the end, large enough to be cheap.
    size = max(1, min(50, len(seeds) // (jobs * 4)))
    parts = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    _SHARED = batch
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = []
            for part in pool.imap(_play_part, parts):
                results.append(part)
                if progress is not None:
                    progress(sum(r.games for r in results))
    finally:
        _SHARED = None
    return batch.merge(results)


def _describe(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {last[0].filename.rsplit('/', 1)[-1]}:{last[0].lineno}" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"
