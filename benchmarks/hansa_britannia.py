"""How fast Hansa Teutonica: Britannia plays: uniform random bot games.

Run: ``.venv/bin/python benchmarks/hansa_britannia.py [games] [players]`` (default 20 games
of 4 players). Prints actions/s, games/s and actions/game for the bots' path of the bare
ruleset (``to_act``/``play``, what ``Match.play_bots`` uses) and through ``core.match.Match``
(what ``gameshelf simulate`` does), and the outcomes. Target (issue 16): 10,000 actions/s,
four times the best open Python engine (Hansa-Development, uniform random bot, about 2,500
actions/s on this machine), one decision per placement as here. Times are CPU time.
Figures only; no assertion (shared machines are noisy).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots import run
from gameshelf.plugins.hansa_britannia.rules import RULESET


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    run(RULESET, f"hansa_britannia/{players}p", games, players=players)


if __name__ == "__main__":
    main()
