"""How fast 三國戰記 Three Kingdoms plays: random bot games and actions per second.

Run: ``.venv/bin/python benchmarks/three_kingdoms.py [games] [players]`` (default 1000 games
of 4 players). Prints games/s, actions/s and µs/action for bare ruleset play, for play
through ``core.match.Match`` (what ``gameshelf simulate`` does) and for the rules alone (the
Match games replayed straight through ``Ruleset.play``), by wall clock and by this
process's CPU time (the machine is shared: CPU time is the steadier figure), and the
outcomes. Target (issue 3): 1,000 random games/s, or 50,000 actions/s as games are long.
Figures only; no assertion.

Reference figures (2 shared cores, 2026-11-30):
- CPU instructions an action under callgrind (20 four-player games from seed 100 through
  ``play_bots``, imports subtracted), a count the machine's load cannot disturb: 82.2k
  with states as pydantic BaseModels (2bdedb1), 54.4k as slotted pydantic dataclasses
  (``core.state_model``, 355d9f3), -34%.
- ``gameshelf simulate three_kingdoms --players 4 --games 1000 --json``, 10 runs after that
  change: 54.2k-72.7k actions/s, median 60k (141-189 games/s); 12 runs before it gave
  41.9k-66.5k, median about 47k. Interleaved chunks of 40 games: median 56.7k against 39.6k.
- Issue 10 (call frames, queued transitions, procedures, the core's secret choice) and issue
  13 (messages) together: 57.4k instructions an action at 5ceac0d, 86.5k at d7b12ef (10
  four-player games from seed 100 through ``play_bots``, a warm-up game not counted); the
  step machine's speed work of 2026-12-01 (df3440b: the queue on the state, one loop an
  instruction row in procedures) 83.7k, the same games.
- The speed work of 2026-12-01 17:08-20:08 (core c198ee8..3296d3d, plugin 7308acb..d66e83d),
  the same 10 games with PYTHONHASHSEED=0: 57.5k at 5ceac0d, 84.3k before, 68.4k after
  (3,501 actions); Python opcodes an action 1,041 -> 891 (base 696), of which the step
  machine is 335 (the base's hand-made turn sequencer was 48 of its 696).
- The speed work of 2026-12-01 19:46-22:46 (core 3ed98c4..629a5e1: one Entry a step for
  the machine's hot reads, messages made without a class call, the checked path; plugin
  f6c9afb..104b4b8, 3e206cc), the same 10 games: 68.4k -> 61.2k through ``play_bots``
  (base 57.5k: +6.5%); the checked path (this script's "bare ruleset" loop, ``apply``
  after ``actions``, 6 games from seed 0): 72.2k -> 63.8k, base 59.4k (+7.4%). CPU time,
  400 games, runs interleaved: through Match 11.3-13.0 µs an action against 8.9-9.9 at
  the base (about +25%: the time is further off than the instructions, see
  hammer_scots.py).
- The speed work of 2026-12-01 22:30 - 12-02 01:30 (core 8a49ab7..e121785), the same 10
  games, run from one folder: 61.7k-62.3k -> 61.6k-62.0k through ``play_bots`` (two runs
  of one code differ by their environment's addresses), base 57.4k (+7% to +8%; with the
  collector off during the games 60.6k against 57.7k, +5.0%). ``instructions.py --path``,
  6 games from seed 100: the rules alone 41.7k -> 43.2k (42.9k both with the collector
  off: where its thresholds fall moves), base 39.0k (+11%); the checked path 50.6k ->
  49.8k, base 46.5k (+7.1%). CPU time (at 61f1085), 200 games, 12 runs
  interleaved, lowest and median: through Match 8.2 and 9.9 µs an action against 6.6 and
  8.6 at the base; bare 8.4 and 11.1 against 6.5 and 8.7; rules only 5.4 and 6.6 against
  4.3 and 5.3.
- 2026-12-02, at 1f54f0a, both versions in one process (``against_base.py``: the same 20
  four-player games from seed 100, game by game, 6 rounds): rules alone 12.3 -> 16.4 µs an
  action (+33%; +26% with the collector off), checked 15.1 -> 19.1 (+27%; +21%), through
  Match 18.2 -> 22.1 (+21%; +15%). The base's games retain almost no object the cyclic
  collector tracks (a game of 485 actions: 577, its history's entries) and set off one
  collection in 160 games; this checkout's log lines are messages (``Msg``, 575 a game,
  and 262 dicts of parameters), 1,515 tracked objects a game, and 69 collections of the
  youngest generation, 7 of the middle one and one full collection in the same games:
  1.4 µs an action, which callgrind's count (no cache misses) barely sees.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameshelf.core.agents import Observation, RandomAgent
from gameshelf.core.match import Match
from gameshelf.core.ruleset import Action
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
