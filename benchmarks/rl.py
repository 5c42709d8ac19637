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
(shared machines are noisy: compare within one run).
``--profile pettingzoo`` prints cProfile's top functions of that framework's run instead;
``--split`` the microseconds of each part of an environment step (see ``split``).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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
    """Microseconds a step of the parts of an environment step, timed one by one on the
    same random play: the move itself (``Ruleset.play``), the board's part of the seat's
    view (``board_view``: its kept parts made), then its whole view (``Ruleset.view``, the
    board's kept parts found again), the vector from the seat's memory (``Memory``), the
    vector afresh (for comparison), the action mask, and the vector the environments make:
    from the seat's observation and its ``SeatMemory`` (``Encoding.observe_state``)."""
    from gameshelf.core.engine.encoding import Memory
    from gameshelf.rl.session import Session

    session = Session(game_id, scenario, None, players)
    ruleset, clock = session.ruleset, time.process_time
    names = ("play", "board view", "whole view after", "vector", "fresh", "mask", "observation")
    spent = dict.fromkeys(names, 0.0)
    done, seed = 0, 0
    while done < steps:
        session.new(seed)
        memories = {role: Memory() for role in session.roles}
        seat_memories = {role: session.encoding.seat_memory() for role in session.roles}
        pick = random.Random(seed)
        while done < steps and session.outcome() is None:
            role = session.awaited()[0]
            state = session.state
            t0 = clock()
            ruleset.board_view(state, role)
            t1 = clock()
            view = ruleset.view(state, role, len(state.log))
            t2 = clock()
            session.encoding.observe(view, memories[role])
            t3 = clock()
            session.encoding.observe(view)
            t4 = clock()
            mask = session.mask(role)
            t5 = clock()
            if session.encoding.fillers:
                awaited = session.awaited()
                session.encoding.observe_state(state, role, awaited, seat_memories[role])
            t8 = clock()
            index = int(pick.choice(mask.nonzero()[0]))
            action = session.encoding.actions.decode(index)
            t6 = clock()
            ruleset.play(state, role, action)
            t7 = clock()
            session._changed()
            for name, took in zip(
                spent,
                (t7 - t6, t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t8 - t5),
                strict=True,
            ):
                spent[name] += took
            done += 1
        seed += 1
    return {name: 1e6 * took / done for name, took in spent.items()}


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--only", default="", help="a game id")
    parser.add_argument("--profile", default="", choices=["", *RUNS], help="profile one run")
    parser.add_argument("--frameworks", default="raw,pettingzoo,pettingzoo_view,openspiel")
    parser.add_argument("--split", action="store_true", help="time an env step's parts")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, the best kept")
    args = parser.parse_args()
    chosen = [f for f in args.frameworks.split(",") if f]
    for game_id, scenario, players in GAMES:
        if args.only and game_id != args.only:
            continue
        label = f"{game_id} {scenario or ''} {players}p".replace("  ", " ")
        if args.split:
            parts = split(game_id, scenario, players, args.steps)
            shown = "  ".join(f"{name} {us:.1f}" for name, us in parts.items())
            print(f"{label:<32} µs a step: {shown}", flush=True)
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
