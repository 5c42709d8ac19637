"""CPU instructions an action, counted by callgrind: a speed figure the machine's load cannot
disturb (these machines are shared and their wall-clock figures vary by half).

Plays ``games`` random-bot games through ``Match.play_bots`` under
``valgrind --tool=callgrind``, once with the games and once with none (the imports and the
start-up), and prints the difference divided by the actions played.

``--path`` measures the other lines of the per-game benchmark scripts: ``play`` (the rules
alone: the games' actions replayed from a fresh state through ``Ruleset.play``, unchecked)
and ``apply`` (the checked path: replayed through ``Ruleset.apply``). Both runs then play
the games; only the first replays them, so the difference is the replay's alone.

    python benchmarks/instructions.py three_kingdoms --players 4 --games 20 --seed 100
    python benchmarks/instructions.py hammer_scots --scenario braveheart --games 6
    python benchmarks/instructions.py hammer_scots --scenario braveheart --path play

Needs Debian's ``valgrind``. Figures only; no assertion.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def play(
    game_id: str,
    scenario: str | None,
    players: int | None,
    games: int,
    seed: int,
    path: str,
    replays: bool,
) -> int:
    """The actions measured: played through ``Match`` (``path`` "match"), or replayed
    through ``Ruleset.play`` or ``Ruleset.apply`` (counted whether ``replays`` or not)."""
    sys.path.insert(0, str(ROOT))
    from gameshelf.core.bots.agents import RandomAgent
    from gameshelf.core.engine.ruleset import Action
    from gameshelf.core.play.match import Match
    from gameshelf.core.registry.plugins import Registry

    game = Registry().game(game_id)
    actions, played = 0, []
    for i in range(games):
        match = Match(game, scenario=scenario, seed=seed + i, players=players)
        agents = {role: RandomAgent(seed + i + k) for k, role in enumerate(match.roles)}
        actions += match.play_bots(agents)
        played.append(match)
    if path == "match":
        return actions
    # fresh states and the games' actions, made before the replay (in both runs)
    fresh = [Match(game, scenario=scenario, seed=m.seed, players=players).state for m in played]
    moves = [[(e.role, Action(e.type, e.arg)) for e in m.history] for m in played]
    if not replays or not played:
        return sum(map(len, moves))
    ruleset = played[0].ruleset
    carry_out = ruleset.play if path == "play" else ruleset.apply
    for state, history in zip(fresh, moves, strict=True):
        for role, action in history:
            carry_out(state, role, action)
    return sum(map(len, moves))


# Cycles estimated from callgrind's cache and branch simulation: an L1 miss about 10 cycles,
# a last-level miss up to 200, a mispredicted branch 10 to 30 (cachegrind's manual); taken
# here as 10, 100 and 15 a miss, one cycle an instruction.
MISS_CYCLES = {
    **dict.fromkeys(("I1mr", "D1mr", "D1mw"), 10),  # L1 misses: instructions, reads, writes
    **dict.fromkeys(("ILmr", "DLmr", "DLmw"), 100),  # last-level misses
    **dict.fromkeys(("Bcm", "Bim"), 15),  # mispredicted branches: conditional, indirect
}


def callgrind(
    script: str, args: list[str], only: str | None = None, cycles: bool = False
) -> tuple[int, str]:
    """The instructions of ``script --inner *args`` run under callgrind, and what it printed.
    With ``only``, the name of a C function of the interpreter, only what runs inside it is
    counted (``--toggle-collect``: the script runs what it measures inside that function).
    With ``cycles``, the caches and branches are simulated too and the count is the cycles
    they estimate (``MISS_CYCLES``): as steady as the instructions, nearer the seconds
    where code misses the caches more (docs/performance.md, eighth pass).
    Strings hash alike in every run (``PYTHONHASHSEED``): a random seed moves the count of
    the same run by a few per cent (sets' and dicts' collisions, their order)."""
    counting = ["--collect-atstart=no", f"--toggle-collect={only}"] if only else []
    simulating = ["--cache-sim=yes", "--branch-sim=yes"] if cycles else []
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            *counting,
            *simulating,
            sys.executable,
            script,
            "--inner",
            *args,
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    events = re.search(r"Events +: ([\w ]+)\n", run.stderr)
    found = re.search(r"Collected : ([\d ]+)\n", run.stderr)
    if events is None or found is None:
        raise RuntimeError(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    counts = dict(zip(events.group(1).split(), map(int, found.group(1).split()), strict=True))
    if not cycles:
        return counts["Ir"], run.stdout
    missed = sum(counts[event] * weight for event, weight in MISS_CYCLES.items())
    return counts["Ir"] + missed, run.stdout


def counted(args: list[str]) -> tuple[int, int]:
    """Instructions and actions of this script run under callgrind with ``args``."""
    instructions, printed = callgrind(__file__, args)
    return instructions, int(printed.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--scenario")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--path", choices=("match", "play", "apply"), default="match")
    parser.add_argument("--replays", choices=("yes", "no"), default="yes", help=argparse.SUPPRESS)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        replays = args.replays == "yes"
        print(
            play(args.game, args.scenario, args.players, args.games, args.seed, args.path, replays)
        )
        return
    common = [args.game, "--seed", str(args.seed), "--path", args.path]
    if args.scenario:
        common += ["--scenario", args.scenario]
    if args.players:
        common += ["--players", str(args.players)]
    full, actions = counted([*common, "--games", str(args.games)])
    if args.path == "match":
        empty, _ = counted([*common, "--games", "0"])
    else:  # the same games played, none replayed
        empty, _ = counted([*common, "--games", str(args.games), "--replays", "no"])
    print(
        f"{args.game} {args.scenario or ''} {args.players or ''} ({args.path}): {actions} "
        f"actions, {(full - empty) / actions / 1000:.1f}k instructions an action"
    )


if __name__ == "__main__":
    main()
