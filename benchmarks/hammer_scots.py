"""How fast Hammer of the Scots plays: random bot games per second.

Run: ``.venv/bin/python benchmarks/hammer_scots.py [games] [scenario]`` (default 200
Braveheart games). Prints games/s, actions/s and µs/action for bare ruleset play and for
play through ``core.match.Match`` (what ``gameshelf simulate`` does), and the outcomes.
Target (issue 4): 40 random games/s of Braveheart on one process. Times are the
process's CPU time, which a busy shared machine disturbs less than the wall clock.
Figures only; no assertion (shared machines are noisy).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.agents import RandomAgent
from core.match import Match
from plugins.hammer_scots.rules import RULESET


def bare_games(games: int, scenario: str) -> tuple[int, float, Counter[str]]:
    actions = 0
    outcomes: Counter[str] = Counter()
    start = time.process_time()
    for seed in range(games):
        s = RULESET.setup(seed, scenario)
        agent = RandomAgent(seed)
        while (result := RULESET.outcome(s)) is None:
            role = RULESET.active(s)[0]
            RULESET.apply(s, role, agent.choose(RULESET, s, role, RULESET.actions(s, role)))
            actions += 1
        outcomes[result.reason] += 1
    return actions, time.process_time() - start, outcomes


def match_games(games: int, scenario: str) -> tuple[int, float]:
    actions = 0
    start = time.process_time()
    for seed in range(games):
        m = Match(RULESET, scenario=scenario, seed=seed)
        m.play_bots({r: RandomAgent(seed) for r in m.roles})
        actions += m.seq
    return actions, time.process_time() - start


def report(label: str, games: int, actions: int, seconds: float) -> None:
    print(
        f"{label}: {games / seconds:.1f} games/s, {actions / seconds:,.0f} actions/s "
        f"({1e6 * seconds / actions:.1f} µs/action, {actions / games:.0f} actions/game)"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    scenario = sys.argv[2] if len(sys.argv) > 2 else "braveheart"
    n, t, outcomes = bare_games(games, scenario)
    report(f"hammer_scots/{scenario}, bare ruleset", games, n, t)
    n, t = match_games(games, scenario)
    report(f"hammer_scots/{scenario}, through Match", games, n, t)
    print("outcomes:", dict(outcomes.most_common()))


if __name__ == "__main__":
    main()
