"""A fingerprint of many seeded bot games: proof that a change of code left the rules alone.

For each game and scenario, plays ``--games`` random-bot games (seeds 0, 1, ...) and digests
what players can observe of them: every action taken (role, type, arg), the log, the outcome
and each role's final view (without the keys named in ``--ignore``, which a change of the
machinery may legitimately add or rename). Run it before and after a refactoring: the same
digests mean the same games, decision for decision.

    python benchmarks/fingerprint.py --games 200
    python benchmarks/fingerprint.py --games 200 --ignore step,chosen,my_choice
    python benchmarks/fingerprint.py --games 200 --parts log      # actions and logs only
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameshelf.core.bots.agents import RandomAgent
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.plugins import Registry
from gameshelf.core.testing.simulate import play_one

# Actions a game may take; one that has no outcome by then is digested as such (the uniform
# random bot can wander for long in Hansa: 2 players, seed 57 past 100,000 once annexes are
# chosen by shape).
LIMIT = 100_000
PLAYS = {  # game -> [(scenario, players)]
    "hammer_scots": [("braveheart", None), ("the_bruce", None), ("campaign", None)],
    "three_kingdoms": [(None, 2), (None, 3), (None, 4), (None, 5)],
    "twilight_struggle": [("standard", None), ("competitive", None)],
    "hansa_britannia": [(None, 2), (None, 3), (None, 4), (None, 5)],
}


def as_json(value: Any) -> Any:
    """A message (``core.i18n.messages.Msg``) in a log, prompt or outcome, as its JSON form."""
    if isinstance(value, Msg):
        return value.to_json()
    raise TypeError(f"{type(value).__name__} is not JSON")


def digest(
    game_id: str,
    scenario: str | None,
    players: int | None,
    games: int,
    ignore: set[str],
    parts: set[str],
) -> str:
    game = Registry().game(game_id)
    h = hashlib.sha256()
    for seed in range(games):
        try:
            match = play_one(game, scenario, seed, players, [RandomAgent], LIMIT)
        except RuntimeError as exc:  # no outcome within LIMIT: the seed and that, digested
            h.update(f"{seed}: {exc}".encode())
            continue
        h.update(json.dumps([e.to_json() for e in match.history]).encode())
        if "log" in parts:
            h.update(
                json.dumps(list(match.state.log), ensure_ascii=False, default=as_json).encode()
            )
        outcome = match.outcome()
        if "outcome" in parts:
            h.update(
                json.dumps(outcome.model_dump() if outcome else None, default=as_json).encode()
            )
        for role in match.roles if "views" in parts else ():
            view = {k: v for k, v in match.view(role).items() if k not in ignore}
            h.update(json.dumps(view, sort_keys=True, ensure_ascii=False, default=as_json).encode())
    return h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--only", default="", help="a game id")
    parser.add_argument("--ignore", default="", help="view keys left out, comma-separated")
    parser.add_argument("--no-views", action="store_true", help="digest no view at all")
    parser.add_argument(
        "--parts", default="log,outcome,views", help="what to digest beside the actions"
    )
    args = parser.parse_args()
    ignore = {k for k in args.ignore.split(",") if k}
    for game_id, plays in PLAYS.items():
        if args.only and game_id != args.only:
            continue
        for scenario, players in plays:
            label = f"{game_id} {scenario or ''} {players or ''}".strip()
            parts = set(args.parts.split(",")) - ({"views"} if args.no_views else set())
            found = digest(game_id, scenario, players, args.games, ignore, parts)
            print(f"{label:<32} {found}")


if __name__ == "__main__":
    main()
