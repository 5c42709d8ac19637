"""How fast the learning environments step (``gameshelf.rl``) beside the raw engine, in one run.

Run: ``.venv/bin/python benchmarks/rl.py [--steps N] [--only GAME] [--profile FRAMEWORK]``.
For each game, random play over the same seeds (0, 1, ...) until ``--steps`` decisions
(default 3000; a game cut short at that count) through:

- **raw**: the engine as the bots drive it, ``Ruleset.to_act`` then ``Ruleset.play`` of a
  random listed action (no view, no vector);
- **pettingzoo**: the AEC environment as a learner drives it: ``env.last()`` (the seat's
  observation vector and action mask), a random index among the mask's ones, ``env.step``
  (the default environment: no view in the info, the vector from the seat's observation);
- **pettingzoo_view**: the same with ``info_view=True`` (the seat's JSON view in the info
  at every observation);
- **openspiel**: the deal (the chance node), then ``state.legal_actions()``,
  ``state.observation_tensor(player)``, a random legal index, ``state.apply_action`` (the
  loop of OpenSpiel's own examples, with the tensor a learner reads).

Prints steps per second (CPU time of this process) and each environment's rate over the raw
engine's; with ``--repeat K``, every framework runs K times in turn and its best rate is
kept (a shared machine's load comes and goes within a run). Figures only; no assertion
(shared machines are noisy: compare within one run). ``--profile pettingzoo`` prints
cProfile's top functions of that framework's run instead; ``--split`` the microseconds of
each part of an environment step (see ``split``; with ``--repeat``, the least of each);
``--engine`` the microseconds of the engine's own ``Ruleset.play`` a step inside each
framework's loop (see ``engine``). ``--instructions`` counts CPU instructions a step of each
framework under callgrind (Debian's ``valgrind``; only the steps counted, not the start-up
or the warm-up, with strings hashed alike in every run: the same figure to 0.5% from run to
run), a figure the machine's load does not move, and their ratios; ``--cycles`` the cycles
callgrind's cache and branch simulation estimate a step (``benchmarks.instructions``), as
steady, and nearer the seconds where the environment's code misses the caches.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.instructions import callgrind
from gameshelf.rl.session import registry

GAMES = (  # game, scenario, players: the games of tests/rl
    ("hammer_scots", "braveheart", 2),
    ("three_kingdoms", None, 3),
    ("twilight_struggle", "standard", 2),
    ("hansa_britannia", None, 3),
)


def raw(game_id: str, scenario: str | None, players: int, steps: int) -> int:
    ruleset = registry().game(game_id).ruleset
    roles = ruleset.roles(players)
    done, seed = 0, 0
    while done < steps:
        state = ruleset.setup(seed, scenario, None, players)
        pick = random.Random(seed)
        while done < steps:
            turn = ruleset.to_act(state, roles)
            if turn is None:
                break
            role, actions = turn
            ruleset.play(state, role, pick.choice(actions))
            done += 1
        seed += 1
    return done


def pettingzoo(
    game_id: str, scenario: str | None, players: int, steps: int, info_view: bool = False
) -> int:
    from gameshelf.rl import pettingzoo as pz

    env = pz.env(game_id, scenario=scenario, players=players, max_cycles=10**9, info_view=info_view)
    done, seed = 0, 0
    while done < steps:
        env.reset(seed=seed)
        pick = random.Random(seed)
        while done < steps:
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                break
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(pick.choice(legal)))
            done += 1
        seed += 1
    return done


def openspiel(game_id: str, scenario: str | None, players: int, steps: int) -> int:
    import pyspiel

    from gameshelf.rl import openspiel as os_

    os_.register()
    params: dict[str, object] = {"players": players}
    if scenario is not None:
        params["scenario"] = scenario
    game = pyspiel.load_game(f"gameshelf_{game_id}", params)
    done, seed = 0, 0
    while done < steps:
        state = game.new_initial_state()
        state.apply_action(seed)  # the chance node's deal: the game of seed ``seed``
        pick = random.Random(seed)
        while done < steps and not state.is_terminal():
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(pick.choice(legal))
            done += 1
        seed += 1
    return done


def split(game_id: str, scenario: str | None, players: int, steps: int) -> dict[str, float]:
    """Where the microseconds of a PettingZoo step go: the raw engine's step (``raw``) and
    the environment's (``pettingzoo``), each timed on its own; the environment's with an
    all-zero vector (``zero vector``: the floor); then, timed one by one on the same random
    play, the action mask beyond the raw engine's ``to_act`` (``mask``), reading the seat's
    observation from the state (``read``: ``Encoding.parts``) and writing its vector from
    it (``write``: ``Encoding.observe_state`` with the seat's memory, less the read).
    ``main`` adds what is left of the floor (zero vector, less raw and mask), the
    environment's ``bookkeeping`` (the agent asked, the dicts of PettingZoo's API, the
    learner's masked pick), and ``other``: the environment's step less the floor, read and
    write (the vector's copy, and what timing the parts apart does not see)."""
    import numpy as np

    from gameshelf.rl.session import Session

    session = Session(game_id, scenario, None, players)
    ruleset, encoding, clock = session.ruleset, session.encoding, time.process_time
    spent = dict.fromkeys(("to_act", "mask", "read", "observe"), 0.0)
    done, seed = 0, 0
    while done < steps:
        session.new(seed)
        memories = {role: encoding.seat_memory() for role in session.roles}
        pick = random.Random(seed)
        while done < steps:
            state, active = session.state, session.awaited()  # the vector's header reads it
            t0 = clock()
            turn = ruleset.to_act(state, session.roles)
            t1 = clock()
            if turn is None:
                break
            role, actions = turn
            session.mask(role)
            t2 = clock()
            encoding.parts(state, role)
            t3 = clock()
            encoding.observe_state(state, role, active, memories[role])
            t4 = clock()
            session.play_action(role, pick.choice(actions))
            for name, took in zip(spent, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
                spent[name] += took
            done += 1
        seed += 1
    us = {name: 1e6 * took / done for name, took in spent.items()}

    def zero_vector(*args: object) -> int:
        from gameshelf.rl import pettingzoo as pz

        real = pz.Session.observe
        zero = np.zeros(session.n_obs, np.float32)
        pz.Session.observe = lambda self, role, whole=True: zero.copy()  # type: ignore[method-assign]
        try:
            return pettingzoo(*args)  # type: ignore[arg-type]
        finally:
            pz.Session.observe = real  # type: ignore[method-assign]

    args = (game_id, scenario, players, steps)
    runs = (("raw", raw), ("pettingzoo", pettingzoo), ("zero", zero_vector))
    step = {name: 1e6 / rate(run, *args) for name, run in runs}
    return {
        "raw": step["raw"],
        "pettingzoo": step["pettingzoo"],
        "zero vector": step["zero"],
        "mask": us["mask"] - us["to_act"],
        "read": us["read"],
        "write": us["observe"] - us["read"],
    }


def engine(
    frameworks: list[str], game: tuple[str, str | None, int], steps: int
) -> dict[str, float]:
    """The microseconds a step of the engine's own ``Ruleset.play`` inside each framework's
    loop: the same rules on games of the same kind (random play), so what differs is what
    runs between two plays, the environment's code, which leaves the caches and branch
    predictors colder for the engine (docs/performance.md, issue 34 on a second machine)."""
    ruleset = registry().game(game[0]).ruleset
    real = ruleset.play
    spent = [0, 0]  # nanoseconds in play, plays

    def timed(*args: object) -> None:
        start = time.perf_counter_ns()
        real(*args)  # type: ignore[arg-type]
        spent[0] += time.perf_counter_ns() - start
        spent[1] += 1

    each = {}
    ruleset.play = timed  # type: ignore[method-assign]  # the instance's, over the class's
    try:
        for name in frameworks:
            RUNS[name](*game, 50)  # the warm-up
            spent[:] = [0, 0]
            RUNS[name](*game, steps)
            each[name] = spent[0] / 1000 / max(spent[1], 1)
    finally:
        del ruleset.play
    return each


def pettingzoo_view(game_id: str, scenario: str | None, players: int, steps: int) -> int:
    return pettingzoo(game_id, scenario, players, steps, info_view=True)


RUNS: dict[str, Callable[[str, str | None, int, int], int]] = {
    "raw": raw,
    "pettingzoo": pettingzoo,
    "pettingzoo_view": pettingzoo_view,
    "openspiel": openspiel,
}


def rate(run: Callable[[str, str | None, int, int], int], *args: object) -> float:
    run(*args[:3], 50)  # type: ignore[arg-type]  # loads the games, registers, warms up
    start = time.process_time()
    done = run(*args)  # type: ignore[arg-type]
    return done / (time.process_time() - start)


def instructions(framework: str, game_id: str, steps: int, cycles: bool = False) -> int:
    """Instructions of ``steps`` steps of ``framework`` under callgrind (with ``cycles``,
    the cycles its cache and branch simulation estimate): this script run with ``--inner``,
    counting only inside ``functools.reduce``, which runs the steps after the warm-up (the
    start-up, the imports and the warm-up are not counted)."""
    args = [framework, "--only", game_id, "--steps", str(steps)]
    count, _ = callgrind(__file__, args, only="functools_reduce", cycles=cycles)
    return count


def counts(
    frameworks: list[str], game: tuple[str, str | None, int], steps: int, cycles: bool = False
) -> str:
    """Instructions (or estimated cycles) a step of each framework, and their ratios to
    the raw engine's (the raw count over the environment's: a rate's ratio)."""
    each = {f: instructions(f, game[0], steps, cycles) / steps for f in frameworks}
    shown = "  ".join(f"{name} {n / 1000:.1f}k" for name, n in each.items())
    what = "estimated cycles" if cycles else "instructions"
    if "raw" not in each:
        return f"{what} a step: {shown}"
    ratios = "  ".join(
        f"{name}/raw {each['raw'] / n:.3f}" for name, n in each.items() if name != "raw"
    )
    return f"{what} a step: {shown}  {ratios}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--only", default="", help="a game id")
    parser.add_argument("--profile", default="", choices=["", *RUNS], help="profile one run")
    parser.add_argument("--frameworks", default="raw,pettingzoo,pettingzoo_view,openspiel")
    parser.add_argument("--split", action="store_true", help="time an env step's parts")
    parser.add_argument("--engine", action="store_true", help="time the engine's play a step")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, the best kept")
    parser.add_argument("--instructions", action="store_true", help="count under callgrind")
    parser.add_argument("--cycles", action="store_true", help="estimate cycles under callgrind")
    parser.add_argument("--inner", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    chosen = [f for f in args.frameworks.split(",") if f]
    if args.inner:  # under callgrind (``instructions``): the warm-up, then the steps
        game = next(g for g in GAMES if g[0] == args.only)
        RUNS[args.inner](*game, 50)
        # the steps counted: run inside a C function callgrind toggles on (``instructions``)
        functools.reduce(lambda done, _: RUNS[args.inner](*game, args.steps), [None], 0)
        return
    for game_id, scenario, players in GAMES:
        if args.only and game_id != args.only:
            continue
        label = f"{game_id} {scenario or ''} {players}p".replace("  ", " ")
        if args.instructions or args.cycles:
            counted = counts(chosen, (game_id, scenario, players), args.steps, args.cycles)
            print(f"{label:<32} {counted}")
            continue
        if args.split:
            tries = [split(game_id, scenario, players, args.steps) for _ in range(args.repeat)]
            parts = {name: min(t[name] for t in tries) for name in tries[0]}  # the best
            parts["bookkeeping"] = parts["zero vector"] - parts["raw"] - parts["mask"]
            parts["other"] = parts["pettingzoo"] - parts["zero vector"] - parts["read"]
            parts["other"] -= parts["write"]
            shown = "  ".join(f"{name} {us:.1f}" for name, us in parts.items())
            print(f"{label:<32} µs a step: {shown}", flush=True)
            continue
        if args.engine:
            runs = [
                engine(chosen, (game_id, scenario, players), args.steps) for _ in range(args.repeat)
            ]
            least = {name: min(r[name] for r in runs) for name in chosen}
            shown = "  ".join(f"{name} {us:.2f}" for name, us in least.items())
            print(f"{label:<32} µs of Ruleset.play a step: {shown}", flush=True)
            continue
        if args.profile:
            RUNS[args.profile](game_id, scenario, players, 50)  # the loading, unprofiled
            profile = cProfile.Profile()
            profile.runcall(RUNS[args.profile], game_id, scenario, players, args.steps)
            print(f"== {label}: {args.profile}")
            stats = pstats.Stats(profile)
            stats.sort_stats("tottime").print_stats(18)
            stats.sort_stats("cumulative").print_stats(30)
            continue
        rates = dict.fromkeys(chosen, 0.0)
        for _ in range(args.repeat):  # in turn, the best of each: load comes and goes
            for name in chosen:
                got = rate(RUNS[name], game_id, scenario, players, args.steps)
                rates[name] = max(rates[name], got)
        shown = "  ".join(f"{name} {r:>9,.0f}/s" for name, r in rates.items())
        ratios = "  ".join(
            f"{name}/raw {r / rates['raw']:.2f}" for name, r in rates.items() if name != "raw"
        )
        print(f"{label:<32} {shown}  {ratios if 'raw' in rates else ''}", flush=True)


if __name__ == "__main__":
    main()
