"""How fast Twilight Struggle plays: random bot games per second, with one decision per
Influence point (issue 15's granularity).

Run: ``.venv/bin/python benchmarks/twilight_struggle.py [games] [scenario]`` (default 200
games of the printed game, "standard"; "competitive" has the US bonus and the optional
cards). Prints games/s, actions/s, µs/action and actions/game for bare ruleset play (the
bots' path, ``to_act``/``play``) and for play through ``core.match.Match`` (what
``gameshelf simulate`` does), and the outcomes. Times are the process's CPU time, which a
busy shared machine disturbs less than the wall clock. Figures only; no assertion.

Target (issue 15): 90 random games/s on one process (the best open Python engine of this
game does about 45 here with the same granularity).

Reference figures (2 shared cores at load 11-14, 2026-12-01, the Early War events in, the
Mid and Late War cards playing for Ops only): 200 games of "standard" — bare ruleset 178
games/s (38.8k actions/s, 25.8 µs/action, 218 actions/game), through Match 185 games/s, in
CPU time; random games end mostly at DEFCON 1 (169 of 200), then 20 VP (22) and final
scoring (9). ``gameshelf simulate twilight_struggle --games 500 --json`` at that load, in
wall-clock time: 27.3 games/s, 213 actions/game.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameshelf.core.agents import RandomAgent
from gameshelf.core.match import Match
from gameshelf.core.rng import Rng
from gameshelf.plugins.twilight_struggle.rules import RULESET


def bare_games(games: int, scenario: str) -> tuple[int, float, Counter[str]]:
    actions = 0
    outcomes: Counter[str] = Counter()
    roles = RULESET.info.roles
    start = time.process_time()
    for seed in range(games):
        s = RULESET.setup(seed, scenario)
        pick = Rng(seed=seed + 1_000_000)
        while (result := RULESET.outcome(s)) is None:
            role, legal = RULESET.to_act(s, roles)  # type: ignore[misc]
            RULESET.play(s, role, legal[pick.randint(0, len(legal) - 1)])
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
    scenario = sys.argv[2] if len(sys.argv) > 2 else "standard"
    n, t, outcomes = bare_games(games, scenario)
    report(f"twilight_struggle/{scenario}, bare ruleset", games, n, t)
    n, t = match_games(games, scenario)
    report(f"twilight_struggle/{scenario}, through Match", games, n, t)
    print("outcomes:", dict(outcomes.most_common()))


if __name__ == "__main__":
    main()
