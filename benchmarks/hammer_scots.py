"""How fast Hammer of the Scots plays: random bot games per second.

Run: ``.venv/bin/python benchmarks/hammer_scots.py [games] [scenario]`` (default 200
Braveheart games). Prints games/s, actions/s and µs/action for bare ruleset play and for
play through ``core.match.Match`` (what ``gameshelf simulate`` does), and the outcomes.
Target (issue 4): 40 random games/s of Braveheart on one process. Times are the
process's CPU time, which a busy shared machine disturbs less than the wall clock.
Figures only; no assertion (shared machines are noisy).

Reference figures (2 shared cores, 2026-11-30, same games before and after):
- CPU instructions an action under callgrind (6 Braveheart games through play_bots,
  imports subtracted), a count the machine's load cannot disturb: 150.8k before the
  hammer_scots speed work (e9efb93), 113.7k after (-25%); in the rules' own calls
  (legal actions and handlers) 137.1k -> 100.5k (-27%).
- ``gameshelf simulate hammer_scots --scenario braveheart --games 500 --json`` on a busy
  machine (load 3 on 2 cores), runs interleaved: 36.8 and 37.7 games/s before, 48.2 and
  45.0 after; this script's "through Match" line gave 49.6 games/s.
- States as slotted pydantic dataclasses (``core.state_model``, 355d9f3) instead of
  BaseModels: 114.7k -> 88.0k instructions an action (-23%, 6 games from seed 100);
  interleaved chunks of 10 games, median 35.0k actions/s against 29.9k before.
- Issue 10 (call frames, queued transitions, procedures, ambient actions, legality once),
  issue 11's derived reveal marks and issue 13's messages together: 88.6k instructions an
  action at 5ceac0d, 142.8k at d7b12ef (3 Braveheart games from seed 100 through
  ``play_bots``, a warm-up game not counted; the games differ since, 2102 actions against
  1477); after the speed work of 2026-12-01 (df3440b, b6d135b, 17f73a2: the machine's
  queue on the state, the reveal watch asked only in the battle steps, movement's first
  step test) 132.9k, the same games.
- The speed work of 2026-12-01 17:08-20:08 (core c198ee8..3296d3d, plugin ab8b55a, 5382aff),
  20 Braveheart games from seed 100 through ``play_bots`` after a warm-up game,
  PYTHONHASHSEED=0: 83.5k instructions an action at 5ceac0d, 129.9k before, 108.4k after
  (the same 15,353 actions); Python opcodes an action 1,686 -> 1,536 (base 1,155), of which
  the step machine (frames, queued transitions, procedures, the secret choice) is 285.
- The speed work of 2026-12-01 19:46-22:46 (core 3ed98c4..629a5e1, plugin ef870b0, ebc3b89,
  976e82d, 264b001, 24cd10e, 14dd4ce), the same 20 games: 108.4k -> 97.7k through
  ``play_bots``. Item 6's rule fix changed the games, so the base is measured on them with
  that fix backported (the activation paid at the move's end: the same 15,353 actions;
  ``git worktree add /tmp/base 5ceac0d`` and, there, ``git apply`` this folder's
  ``hammer_base_movement_fix.patch``):
  84.3k (+15.9%; 83.5k on the base's own games). The checked path (this script's "bare
  ruleset" loop, 5 games from seed 0): 139.8k -> 127.6k, the fixed base 110.7k (+15.3%).
  CPU time, 100 games, runs interleaved: through Match 17.1-19.4 µs an action against
  12.4-12.7 at the fixed base; the time is further off than the instructions (in
  Three Kingdoms callgrind's branch simulation finds 26% more mispredicted indirect
  branches, the interpreter's dispatch, for 6% more instructions).
- The speed work of 2026-12-01 22:30 - 12-02 01:30 (core 8a49ab7..2e1e46c: enter queues
  its own transition, the hidden parts' watch in the machine's play, the step's own list
  in to_act; plugin 80152ce, d0ddb19, cfed5ee: the combat turn kept in the battle's
  frame, fewer calls in movement and battle; 7325f8b, e121785: loops for comprehensions),
  the same 20 games, run from one folder: 96.8k -> 91.8k through ``play_bots``, the fixed
  base 84.3k (+8.9%; with the collector off during the games 90.9k against 83.9k, +8.3%).
  ``instructions.py --path``, 6 games from seed 100: the rules alone (replayed through
  ``Ruleset.play``) 54.6k -> 51.7k, base 41.0k (+26%; the watch of the battle steps is
  2.8k of it); the checked path (replayed through ``apply``) 89.0k -> 84.6k, base 73.3k
  (+15%). CPU time (at 61f1085, 92.7k), 60 games, 12 runs
  interleaved with the fixed base, lowest and median: through Match 11.7 and 15.2 µs an
  action against 9.5 and 11.6; bare 15.2 and 19.4 against 12.4 and 16.9.
- 2026-12-02, at 1f54f0a: ``against_base.py`` (both versions in one process, the same 20
  Braveheart games from seed 100 game by game, 6 rounds, so that the machine's slow spells
  fall on both): the rules alone 12.2 -> 19.2 µs an action (+57%; +41% with the collector
  off), checked (``apply``) 21.3 -> 28.4 (+33%; +25%), through Match 25.1 -> 28.6 (+14% to
  +21% over runs). Callgrind counts +26% instructions on the rules alone (41.0k -> 51.7k)
  but, with its cache and branch simulation, +55% mispredicted indirect branches (448 ->
  693 an action: the interpreter's dispatch), +34% first-level instruction-cache misses
  and +41% data-cache read misses. Of the rules-alone gap, the log lines as messages
  (``Msg``, tracked by the cyclic collector, where the base logged strings) are about 20
  points (replaced by strings for the experiment: +36%), the hidden parts' watch about 8
  (both removed: +28%), the step machine the rest: a ``move_who`` block choice, whose
  handler is the base's own line for line, costs 3.7 µs against 0.9 (the handler and its
  ``enter`` 1.5, settling the queued transition 1.1, ``play``'s own work around them
  1.0). Neither a newer CPython (the same ratio on the rules alone: 1.48-1.55 on 3.12.1,
  1.47 on 3.13.0) nor mypyc on ``core/steps.py`` and ``core/procedure.py`` (50.3k ->
  50.2k instructions: the step classes must allow interpreted subclasses, so every call
  stays a Python one) closes it.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots import run
from gameshelf.core.agents import Observation, RandomAgent
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
