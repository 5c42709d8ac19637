"""CPU time of this checkout against issue 10's base (5ceac0d), in one process.

Wall-clock and CPU figures on these shared machines move by a third from one run to the
next, so two scripts run one after the other cannot tell a 10% difference. Here both
versions are loaded side by side in one interpreter (the base still named its packages
``core`` and ``plugins``, this checkout ``gameshelf.*``, so they do not collide) and the
same games are played by each in turn, game by game, the order swapped every round: a
slow spell of the machine falls on both.

Prepare the base once (Hammer's games then match action for action, see hammer_scots.py)::

    git worktree add /tmp/base 5ceac0d
    (cd /tmp/base && git apply "$OLDPWD/benchmarks/hammer_base_movement_fix.patch")

Then::

    .venv/bin/python benchmarks/against_base.py hammer_scots --scenario braveheart
    .venv/bin/python benchmarks/against_base.py three_kingdoms --players 4 --path apply

``--path``: ``play`` (the rules alone: the games' actions replayed through
``Ruleset.play``), ``apply`` (the checked path: replayed through ``Ruleset.apply``), or
``match`` (random bots through ``Match.play_bots``, as ``gameshelf simulate``). The games
are played once by this checkout's bots, and every run checks that both versions end each
game alike (the same step, winners and reason). ``--no-gc`` turns the cyclic collector off
during the timed runs. Figures only; no assertion.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any


def versions(base: Path, game: str) -> tuple[SimpleNamespace, SimpleNamespace]:
    """The base's and this checkout's ruleset, Match, Action and RandomAgent."""
    sys.path.insert(0, str(base))  # its core and plugins (this checkout is gameshelf.*)
    if Path(importlib.import_module("core").__file__ or "").parent.parent != base.resolve():
        raise SystemExit(f"{base} holds no base checkout (its core/ was not found)")
    sides = []
    # The base's core is flat (core.match); this checkout's is by layer (docs/architecture.md).
    for core, plugins, (match, ruleset, agents) in (
        ("core", "plugins", ("match", "ruleset", "agents")),
        ("gameshelf.core", "gameshelf.plugins", ("play.match", "engine.ruleset", "bots.agents")),
    ):
        sides.append(
            SimpleNamespace(
                rules=importlib.import_module(f"{plugins}.{game}.rules").RULESET,
                Match=importlib.import_module(f"{core}.{match}").Match,
                Action=importlib.import_module(f"{core}.{ruleset}").Action,
                RandomAgent=importlib.import_module(f"{core}.{agents}").RandomAgent,
            )
        )
    return sides[0], sides[1]


def timed_game(
    v: SimpleNamespace, seed: int, setup: dict[str, Any], moves: list[Any], path: str
) -> tuple[float, tuple[Any, ...]]:
    """CPU seconds of one game played by version ``v``, and how it ended."""
    if path == "match":
        match = v.Match(v.rules, seed=seed, **setup)
        agents = {role: v.RandomAgent(seed + k) for k, role in enumerate(match.roles)}
        start = time.process_time()
        match.play_bots(agents)
        return time.process_time() - start, ended(v, match.state)
    state = v.Match(v.rules, seed=seed, **setup).state
    actions = [(role, v.Action(kind, arg)) for role, kind, arg in moves]
    carry_out: Callable[..., None] = v.rules.play if path == "play" else v.rules.apply
    start = time.process_time()
    for role, action in actions:
        carry_out(state, role, action)
    return time.process_time() - start, ended(v, state)


def ended(v: SimpleNamespace, state: Any) -> tuple[Any, ...]:
    """How a game ended, in terms both versions share: its winners and reason, or the step
    of a game not over. Not the log lines, nor the step a finished game rests on, which
    differ (Three Kingdoms' "over" in the base, the core's "game_over" since)."""
    outcome = v.rules.outcome(state)
    return (outcome.winners, outcome.reason) if outcome else (state.step,)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--scenario")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--path", choices=("play", "apply", "match"), default="play")
    parser.add_argument("--base", type=Path, default=Path("/tmp/base"))
    parser.add_argument("--no-gc", action="store_true")
    args = parser.parse_args()
    base, head = versions(args.base, args.game)
    setup: dict[str, Any] = {"scenario": args.scenario} if args.scenario else {}
    if args.players:
        setup["players"] = args.players
    seeds = range(args.seed, args.seed + args.games)
    games = []
    for seed in seeds:
        match = head.Match(head.rules, seed=seed, **setup)
        match.play_bots({r: head.RandomAgent(seed + k) for k, r in enumerate(match.roles)})
        games.append((seed, [(e.role, e.type, e.arg) for e in match.history]))
    actions = sum(len(moves) for _, moves in games)
    if args.no_gc:
        gc.disable()
    spent = {"base": 0.0, "head": 0.0}
    for turn in range(args.rounds):
        order = (
            (("base", base), ("head", head)) if turn % 2 == 0 else (("head", head), ("base", base))
        )
        for seed, moves in games:
            endings = []
            for name, v in order:
                seconds, ending = timed_game(v, seed, setup, moves, args.path)
                spent[name] += seconds
                endings.append(ending)
            if endings[0] != endings[1]:
                raise SystemExit(f"seed {seed}: the two versions played different games")
    per = {name: 1e6 * seconds / (actions * args.rounds) for name, seconds in spent.items()}
    print(
        f"{args.game} {args.scenario or ''}{args.players or ''} ({args.path}, {args.games} games, "
        f"{actions} actions, {args.rounds} rounds{', collector off' if args.no_gc else ''}): "
        f"base {per['base']:.2f} µs an action, this checkout {per['head']:.2f} µs "
        f"({100 * (per['head'] / per['base'] - 1):+.0f}%)"
    )


if __name__ == "__main__":
    main()
