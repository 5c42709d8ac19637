"""How fast 三國戰記 Three Kingdoms plays: random bot games and actions per second.

Run: ``.venv/bin/python benchmarks/three_kingdoms.py [games] [players]`` (default 1000 games
of 4 players). Prints games/s, actions/s and µs/action for bare ruleset play, for play
through ``core.play.match.Match`` (what ``gameshelf simulate`` does) and for the rules alone (the
Match games replayed straight through ``Ruleset.play``), by wall clock and by this
process's CPU time (the machine is shared: CPU time is the steadier figure), and the
outcomes. Target (issue 3): 1,000 random games/s, or 50,000 actions/s as games are long.
Figures only; no assertion.

Reference figures, and what each piece of speed work saved: docs/performance.md.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.play.match import Match
from gameshelf.plugins.three_kingdoms.rules import RULESET


class Clock:
    def __enter__(self) -> Clock:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu


def bare_games(games: int, players: int) -> tuple[int, Clock, Counter[str], list[int]]:
    actions = 0
    outcomes: Counter[str] = Counter()
    rounds: list[int] = []
    with Clock() as clock:
        for seed in range(games):
            s = RULESET.setup(seed, players=players)
            agent = RandomAgent(seed)
            # an observation a seat, made once a game (as Match makes them)
            seen = {role: Observation(RULESET, s, role) for role in RULESET.roles(players)}
            while (result := RULESET.outcome(s)) is None:
                role = RULESET.active(s)[0]
                RULESET.apply(s, role, agent.choose(seen[role], RULESET.actions(s, role)))
                actions += 1
            outcomes[result.reason] += 1
            rounds.append(s.round)
    return actions, clock, outcomes, rounds


Record = tuple[int, list[tuple[str, Action]]]  # a game's seed and its actions


def match_games(games: int, players: int) -> tuple[int, Clock, list[Record]]:
    actions = 0
    matches = []
    with Clock() as clock:
        for seed in range(games):
            m = Match(RULESET, seed=seed, players=players)
            m.play_bots({r: RandomAgent(seed * 31 + i) for i, r in enumerate(m.roles)})
            actions += m.seq
            matches.append(m)
    records = [(m.seed, [(e.role, e.action) for e in m.history]) for m in matches]
    return actions, clock, records


def replayed_games(records: list[Record], players: int) -> tuple[int, Clock]:
    """The rules alone: the same games again, each action straight to ``Ruleset.play``
    (no listing of actions, no bot choosing), so the figure is what the rules cost."""
    actions = sum(len(history) for _, history in records)
    with Clock() as clock:
        for seed, history in records:
            s = RULESET.setup(seed, players=players)
            for role, action in history:
                RULESET.play(s, role, action)
    return actions, clock


def report(label: str, games: int, actions: int, clock: Clock) -> None:
    for how, seconds in (("wall", clock.wall), ("cpu", clock.cpu)):
        print(
            f"{label} [{how}]: {games / seconds:,.1f} games/s, {actions / seconds:,.0f} "
            f"actions/s ({1e6 * seconds / actions:.1f} µs/action, "
            f"{actions / games:.0f} actions/game)"
        )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    n, clock, outcomes, rounds = bare_games(games, players)
    report(f"three_kingdoms/{players}p, bare ruleset", games, n, clock)
    n, clock, records = match_games(games, players)
    report(f"three_kingdoms/{players}p, through Match", games, n, clock)
    n, clock = replayed_games(records, players)
    report(f"three_kingdoms/{players}p, rules only (replayed)", games, n, clock)
    print("outcomes:", dict(outcomes.most_common()))
    print(f"rounds: mean {statistics.fmean(rounds):.1f}, max {max(rounds)}")


if __name__ == "__main__":
    main()
