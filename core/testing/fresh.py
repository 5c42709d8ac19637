"""The fresh process of ``check_across_processes`` (``python -m gameshelf.core.testing.fresh
MODULE:CLASS SCENARIO OPTIONS SEED PLAYERS STEPS``): plays one seeded random game and prints
the digest of each state, one a line. The package does not import it, so ``-m`` runs it
once."""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from typing import Any

from gameshelf.core.engine.rng import Rng, seed_from
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Game


def digests(
    name: str, scenario: str, options: dict[str, Any], seed: int, players: int, steps: int
) -> list[str]:
    """The state digests of a random game of the ruleset class ``module:qualname``."""
    module, _, qualname = name.partition(":")
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    match = Match(Game(obj()), scenario=scenario, options=options, seed=seed, players=players)
    picks = Rng(seed=seed_from("kit-process", seed))

    def digest() -> str:
        text = match.ruleset.dump_state(match.state)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    out = [digest()]
    while match.outcome() is None and match.seq < steps:
        role = match.active()[0]
        actions = match.actions(role)
        match.apply(role, actions[picks._below(len(actions))])
        out.append(digest())
    return out


if __name__ == "__main__":  # the fresh process of check_across_processes
    name, scenario, options, seed, players, steps = sys.argv[1:7]
    found = digests(name, scenario, json.loads(options), int(seed), int(players), int(steps))
    print("\n".join(found))
