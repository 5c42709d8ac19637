"""What the per-game benchmark scripts share: random bot games timed in CPU time (which a
busy shared machine disturbs less than the wall clock), bare and through ``Match``, and the
figures printed the same way for every game. Figures only; no assertion."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from gameshelf.core.bots.agents import RandomAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Ruleset
from gameshelf.core.play.match import Match


def bare_games(ruleset: Ruleset[Any], games: int, **setup: Any) -> tuple[int, float, Counter[str]]:
    """Games on the ruleset alone, the bots' path (``to_act``/``play``), a seeded uniform
    pick an action: actions played, CPU seconds, outcomes by reason."""
    actions = 0
    outcomes: Counter[str] = Counter()
    roles = ruleset.info.roles
    start = time.process_time()
    for seed in range(games):
        s = ruleset.setup(seed, **setup)
        pick = Rng(seed=seed + 1_000_000)
        while (result := ruleset.outcome(s)) is None:
            turn = ruleset.to_act(s, roles)
            assert turn is not None, "a game that is not over waits for someone"
            role, legal = turn
            ruleset.play(s, role, legal[pick.randint(0, len(legal) - 1)])
            actions += 1
        outcomes[result.reason] += 1
    return actions, time.process_time() - start, outcomes


def match_games(ruleset: Ruleset[Any], games: int, **setup: Any) -> tuple[int, float]:
    """Games through ``core.play.match.Match`` with random bots (what ``gameshelf simulate``
    does): actions played, CPU seconds."""
    actions = 0
    start = time.process_time()
    for seed in range(games):
        m = Match(ruleset, seed=seed, **setup)
        m.play_bots({r: RandomAgent(seed) for r in m.roles})
        actions += m.seq
    return actions, time.process_time() - start


def report(label: str, games: int, actions: int, seconds: float) -> None:
    print(
        f"{label}: {games / seconds:.2f} games/s, {actions / seconds:,.0f} actions/s "
        f"({1e6 * seconds / actions:.1f} µs/action, {actions / games:,.0f} actions/game)"
    )


def run(
    ruleset: Ruleset[Any],
    label: str,
    games: int,
    bare: Callable[..., tuple[int, float, Counter[str]]] = bare_games,
    **setup: Any,
) -> None:
    """Both runs of ``games`` games, reported, and the bare run's outcomes."""
    n, t, outcomes = bare(ruleset, games, **setup)
    report(f"{label}, bare ruleset", games, n, t)
    n, t = match_games(ruleset, games, **setup)
    report(f"{label}, through Match", games, n, t)
    print("outcomes:", dict(outcomes.most_common()))
