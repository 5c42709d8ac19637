"""``check_ruleset``: the kit's seeded games of every scenario and player count."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gameshelf.core.bots.agents import FirstLegalAgent, RandomAgent
from gameshelf.core.engine.ruleset import (
    Ruleset,
)
from gameshelf.core.registry.plugins import Game
from gameshelf.core.testing.game import CheckedGame
from gameshelf.core.testing.processes import PROCESS_STEPS, check_across_processes
from gameshelf.core.testing.report import KitReport


def check_ruleset(
    ruleset: Ruleset[Any] | Game,
    *,
    scenarios: Iterable[str] | None = None,
    seeds: Iterable[int] = range(3),
    players: Sequence[int] | None = None,
    max_steps: int | None = None,
    deep_every: int = 1,
    failure_dir: str | Path | None = None,
    first_legal: bool = True,
    processes: bool = True,
    follow: int | None = None,
) -> KitReport:
    """Play seeded random games of ``ruleset`` and check the contract at every step.

    :param scenarios: scenario ids to play (default: all of them).
    :param seeds: one game per seed, per scenario and player count.
    :param players: player counts to try (default: the fewest and the most).
    :param max_steps: actions after which a game counts as runaway (default
        ``info.max_actions``).
    :param deep_every: JSON round trips, view and leak checks run at every step by default;
        ``n`` runs them at power-of-two steps and every ``n`` steps (for long slow runs).
    :param failure_dir: where a failing match is saved (default ``$GAMESHELF_FAILURES`` or
        ``.gameshelf-failures``).
    :param first_legal: also play one game per scenario with first-legal bots (the fewest
        players, the first seed).
    :param processes: also play one short game (the first scenario, count and seed, at
        most ``PROCESS_STEPS`` actions) in two fresh processes with different
        ``PYTHONHASHSEED`` and compare them (needs the ruleset's class importable by name
        and made without arguments; a ruleset that is not is not checked so).
    :param follow: check each random game for its first ``follow`` actions only, and play
        it no further (``None``: to its end). For games whose random play runs to many
        thousands of actions, where a game's later steps are checked like its earlier
        ones: the first-legal games (which end soonest) are still played to their end,
        for the end-of-game checks. A random game stopped so counts in ``followed``, not
        in ``outcomes``.
    :raises ConformanceFailure: at the first broken rule of the contract.
    """
    game = ruleset if isinstance(ruleset, Game) else Game(ruleset)
    info = game.info
    chosen = list(scenarios) if scenarios is not None else [sc.id for sc in info.scenarios]
    counts = list(players) if players else sorted({info.min_players, info.max_players})
    where = Path(failure_dir or os.environ.get("GAMESHELF_FAILURES", ".gameshelf-failures"))
    seeds = list(seeds)
    report = KitReport()
    limit, every = max_steps or info.max_actions, max(1, deep_every)
    games: list[tuple[str, int, int, type[RandomAgent | FirstLegalAgent]]] = [
        (scenario, count, seed, RandomAgent)
        for scenario in chosen
        for count in counts
        for seed in seeds
    ]
    if first_legal and seeds:
        games += [(scenario, counts[0], seeds[0], FirstLegalAgent) for scenario in chosen]
    for scenario, count, seed, agent in games:
        cut = None if agent is FirstLegalAgent else follow
        run = CheckedGame(game, scenario, seed, count, limit, where, every, agent, cut)
        report.actions += run.play()
        report.coverage.update(run.coverage)
        outcome = run.match.outcome()
        if agent is FirstLegalAgent:
            assert outcome is not None
            report.first_legal[scenario] = outcome.reason
            continue
        report.games += 1
        if outcome is None:
            report.followed += 1
        else:
            report.outcomes[outcome.reason] = report.outcomes.get(outcome.reason, 0) + 1
    if processes and games:
        scenario, count, seed, _ = games[0]
        check_across_processes(game, scenario, seed, count, min(limit, PROCESS_STEPS), where)
    return report
