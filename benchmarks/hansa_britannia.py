"""How fast Hansa Teutonica: Britannia plays: uniform random bot games.

Run: ``.venv/bin/python benchmarks/hansa_britannia.py [games] [--players N] [--borders]``
(default 20 games of 4 players; 2 and 3 players play the 2–3 side, two of them with the
neutral player; ``--borders`` turns on the optional border rule). Prints actions/s, games/s
and actions/game for the bots' path of the bare ruleset (``to_act``/``play``, what
``Match.play_bots`` uses) and through ``core.play.match.Match`` (what ``gameshelf simulate``
does), and the outcomes. Target (issue 16): 10,000 actions/s, four times the best open Python
engine (Hansa-Development, uniform random bot, about 2,500 actions/s on this machine), one
decision per placement as here. Times are CPU time. Figures only; no assertion (shared
machines are noisy).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots import run
from gameshelf.plugins.hansa_britannia.rules import RULESET


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20)
    parser.add_argument("players_at", type=int, nargs="?", help="(old form) the players")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--borders", action="store_true", help="the optional border rule")
    args = parser.parse_args()
    players = args.players or args.players_at or 4
    label = f"hansa_britannia/{players}p" + (" borders" if args.borders else "")
    run(RULESET, label, args.games, players=players, options={"borders": args.borders})


if __name__ == "__main__":
    main()
