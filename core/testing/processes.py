"""The same game in two fresh processes with different ``PYTHONHASHSEED``: a rule that hangs
on ``hash()`` of a string (or on set order) gives two games. Each process runs
:mod:`gameshelf.core.testing.fresh`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gameshelf.core.registry.plugins import Game
from gameshelf.core.testing.report import ConformanceFailure

# The bound of the game played in two fresh processes.
PROCESS_STEPS = 300


def check_across_processes(
    game: Game,
    scenario: str,
    seed: int,
    players: int,
    steps: int,
    failure_dir: Path | None = None,
) -> None:
    """Play one seeded random game (at most ``steps`` actions) in two fresh Python
    processes with different ``PYTHONHASHSEED`` and compare the digests of their states:
    a rule that hangs on ``hash()`` of a string (or on set order) gives two games."""
    cls = type(game.ruleset)
    name = f"{cls.__module__}:{cls.__qualname__}"
    if "<" in cls.__qualname__ or cls.__module__ == "__main__":
        return  # not importable by name: nothing to start a fresh process with
    base, options = game.resolve(scenario, None)  # a variant scenario: its base and options
    args = [name, base, json.dumps(options), str(seed), str(players), str(steps)]
    digests = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        done = subprocess.run(
            [sys.executable, "-m", "gameshelf.core.testing.fresh", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if done.returncode != 0:
            raise ConformanceFailure(
                f"{game.id} / {scenario} / seed {seed}: the game in a fresh process failed:\n"
                f"{done.stderr[-2000:]}",
                None,
            )
        digests.append(done.stdout.split())
    if digests[0] != digests[1]:
        a, b = digests
        step = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        raise ConformanceFailure(
            f"{game.id} / {scenario} / seed {seed} / {players} players: the same seed and "
            f"picks give another game under another PYTHONHASHSEED (from step {step}, of "
            f"{len(a)} and {len(b)}): the rules hang on hash() or set order",
            None,
        )
