"""How fast Hammer of the Scots plays: random bot games per second.

Run: ``.venv/bin/python benchmarks/hammer_scots.py [games] [scenario]`` (default 200
Braveheart games). Prints games/s, actions/s and µs/action for bare ruleset play and for
play through ``core.play.match.Match`` (what ``gameshelf simulate`` does), and the outcomes.
Target (issue 4): 40 random games/s of Braveheart on one process. Times are the
process's CPU time, which a busy shared machine disturbs less than the wall clock.
Figures only; no assertion (shared machines are noisy).

Reference figures, and what each piece of speed work saved: docs/performance.md.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots import run
from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.plugins.hammer_scots.rules import RULESET


def checked_games(ruleset: Any, games: int, scenario: str) -> tuple[int, float, Counter[str]]:
    """Bare games through ``apply`` (every action checked against the legal ones), as this
    script has always measured them."""
    actions = 0
    outcomes: Counter[str] = Counter()
    start = time.process_time()
    for seed in range(games):
        s = ruleset.setup(seed, scenario)
        agent = RandomAgent(seed)
        seen = {role: Observation(ruleset, s, role) for role in ruleset.info.roles}  # as Match
        while (result := ruleset.outcome(s)) is None:
            role = ruleset.active(s)[0]
            ruleset.apply(s, role, agent.choose(seen[role], ruleset.actions(s, role)))
            actions += 1
        outcomes[result.reason] += 1
    return actions, time.process_time() - start, outcomes


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    scenario = sys.argv[2] if len(sys.argv) > 2 else "braveheart"
    run(RULESET, f"hammer_scots/{scenario}", games, bare=checked_games, scenario=scenario)


if __name__ == "__main__":
    main()
