"""How fast the search bots think: ISMCTS iterations per second per game, at the game's
playout depth (``GameInfo.playout_depth``, else the search's default), and where an
iteration's time goes.

Run: ``.venv/bin/python benchmarks/search.py [decisions] [--iterations N] [--depth D]``
(default 12 decisions of 200 iterations a game). The decisions are taken from a random game of
each game (seed 1, every 7th decision with two or more options of its first 600 actions), so
every run asks the same questions. Prints, per game, iterations per second (CPU time), the
milliseconds a decision of the site's levels would take at that speed, and the cost of an
iteration's parts measured apart: a determinized world (copy and re-deal), ``evaluate``.
Figures only; no assertion (shared machines are noisy: compare within one run).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.bots.search import LEVELS, IsmctsAgent, playout_depth
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Registry

GAMES = (
    ("hammer_scots", 2),
    ("twilight_struggle", 2),
    ("three_kingdoms", 2),
    ("hansa_britannia", 3),
)


def positions(registry: Registry, game_id: str, players: int, count: int) -> list[Any]:
    """``count`` decisions (observation, actions) of a seeded random game."""
    m = Match(registry.game(game_id), seed=1, players=players)
    bot = RandomAgent(1)
    found: list[Any] = []
    seen = 0
    for _ in range(600):
        turn = m.ruleset.to_act(m.state, m.roles)
        if turn is None:
            break
        role, actions = turn
        if len(actions) > 1:
            seen += 1
            if seen % 7 == 0:
                state = m.ruleset.copy_state(m.state)
                found.append((Observation(m.ruleset, state, role, m.roles), list(actions)))
                if len(found) == count:
                    break
        m.apply(role, bot.choose(Observation(m.ruleset, m.state, role, m.roles), actions))
    return found


def per_call(fn: Any, arg: Any, times: int = 50) -> float:
    start = time.process_time()
    for _ in range(times):
        fn(arg)
    return (time.process_time() - start) / times * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decisions", type=int, nargs="?", default=12)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--depth", type=int, default=None, help="default: the game's")
    args = parser.parse_args()
    registry = Registry()
    for game_id, players in GAMES:
        asked = positions(registry, game_id, players, args.decisions)
        bot = IsmctsAgent(1, iterations=args.iterations, depth=args.depth)
        depth = args.depth if args.depth is not None else playout_depth(registry.game(game_id).info)
        start = time.process_time()
        for seen, actions in asked:
            bot.choose(seen, actions)
        seconds = time.process_time() - start
        rate = len(asked) * args.iterations / seconds
        seen = asked[len(asked) // 2][0]
        world = seen.determinized(1)
        ruleset = seen._ruleset
        worlds = per_call(seen.determinized, 1)
        evaluate = per_call(ruleset.evaluate, world)
        levels = ", ".join(
            f"{level} {int(budget.split('/')[0]) / rate * 1000:.0f} ms"
            for level, budget in LEVELS.items()
        )
        print(
            f"{game_id} ({players}p, depth {depth}): {rate:,.0f} iterations/s "
            f"({len(asked)} decisions of {args.iterations}); a world {worlds:.0f} µs, "
            f"evaluate {evaluate:.0f} µs; a decision at {levels}"
        )


if __name__ == "__main__":
    main()
