"""How fast Hansa Teutonica: Britannia plays: uniform random bot games.

Run: ``.venv/bin/python benchmarks/hansa_britannia.py [games] [players]`` (default 20 games
of 4 players). Prints actions/s, games/s and actions/game for the bots' path of the bare
ruleset (``to_act``/``play``, what ``Match.play_bots`` uses) and through ``core.match.Match``
(what ``gameshelf simulate`` does), and the outcomes. Target (issue 16): 10,000 actions/s,
four times the best open Python engine (Hansa-Development, uniform random bot, about 2,500
actions/s on this machine), one decision per placement as here. Times are CPU time.
Figures only; no assertion (shared machines are noisy).
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
from gameshelf.plugins.hansa_britannia.rules import RULESET


def bare_games(games: int, players: int) -> tuple[int, float, Counter[str]]:
    actions = 0
    outcomes: Counter[str] = Counter()
    roles = RULESET.info.roles
    start = time.process_time()
    for seed in range(games):
        s = RULESET.setup(seed, players=players)
        rng = Rng(seed=seed)
        while (result := RULESET.outcome(s)) is None:
            role, legal = RULESET.to_act(s, roles)
            RULESET.play(s, role, rng.choice(legal))
            actions += 1
        outcomes[result.reason] += 1
    return actions, time.process_time() - start, outcomes


def match_games(games: int, players: int) -> tuple[int, float]:
    actions = 0
    start = time.process_time()
    for seed in range(games):
        m = Match(RULESET, seed=seed, players=players)
        m.play_bots({r: RandomAgent(seed) for r in m.roles})
        actions += m.seq
    return actions, time.process_time() - start


def report(label: str, games: int, actions: int, seconds: float) -> None:
    print(
        f"{label}: {actions / seconds:,.0f} actions/s, {games / seconds:.2f} games/s, "
        f"{actions / games:,.0f} actions/game ({1e6 * seconds / actions:.1f} µs/action)"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    n, t, outcomes = bare_games(games, players)
    report(f"hansa_britannia/{players}p, bare ruleset", games, n, t)
    n, t = match_games(games, players)
    report(f"hansa_britannia/{players}p, through Match", games, n, t)
    print("outcomes:", dict(outcomes.most_common()))


if __name__ == "__main__":
    main()
