"""How fast the core is: RNG draws per second and the per-step overhead of Match.apply.

Run: ``.venv/bin/python benchmarks/core.py``. Figures only; no assertion (shared machines
are noisy). The overhead is measured on the toy game by comparing whole bot games through
``Match`` with the same games driven through the bare ruleset.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.play.match import Match
from tests.core.toygame import RULESET


def rng_draws(n: int = 300_000) -> float:
    rng = Rng(seed=1)
    start = time.perf_counter()
    for _ in range(n):
        rng.d6()
    return n / (time.perf_counter() - start)


def bare_games(games: int) -> tuple[int, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        s = RULESET.setup(seed)
        agent = RandomAgent(seed)
        seen = {role: Observation(RULESET, s, role) for role in RULESET.info.roles}  # as Match
        while RULESET.outcome(s) is None:
            role = RULESET.active(s)[0]
            RULESET.apply(s, role, agent.choose(seen[role], RULESET.actions(s, role)))
            actions += 1
    return actions, time.perf_counter() - start


def match_games(games: int) -> tuple[int, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        m = Match(RULESET, seed=seed)
        m.play_bots({r: RandomAgent(seed) for r in m.roles})
        actions += m.seq
    return actions, time.perf_counter() - start


def main() -> None:
    print(f"rng: {rng_draws():,.0f} d6 draws/s")
    games = 2000
    bare_n, bare_t = bare_games(games)
    match_n, match_t = match_games(games)
    print(
        f"toy game, bare ruleset: {bare_n / bare_t:,.0f} actions/s "
        f"({1e6 * bare_t / bare_n:.1f} µs/action)"
    )
    print(
        f"toy game, through Match: {match_n / match_t:,.0f} actions/s "
        f"({1e6 * match_t / match_n:.1f} µs/action)"
    )
    overhead = 1e6 * (match_t / match_n - bare_t / bare_n)
    print(f"Match.apply overhead: {overhead:.1f} µs per action")


if __name__ == "__main__":
    main()
