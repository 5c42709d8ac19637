"""How fast Twilight Struggle plays: random bot games per second, with one decision per
Influence point (issue 15's granularity).

Run: ``.venv/bin/python benchmarks/twilight_struggle.py [games] [scenario]`` (default 200
games of the printed game, "standard"; "competitive" has the US bonus and the optional
cards). Prints games/s, actions/s, µs/action and actions/game for bare ruleset play (the
bots' path, ``to_act``/``play``) and for play through ``core.play.match.Match`` (what
``gameshelf simulate`` does), and the outcomes. Times are the process's CPU time, which a
busy shared machine disturbs less than the wall clock. Figures only; no assertion.

Target (issue 15): 90 random games/s on one process (the best open Python engine of this
game does about 45 here with the same granularity).

Reference figures, and what each piece of speed work saved: docs/performance.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots import run
from gameshelf.plugins.twilight_struggle.rules import RULESET


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    scenario = sys.argv[2] if len(sys.argv) > 2 else "standard"
    run(RULESET, f"twilight_struggle/{scenario}", games, scenario=scenario)


if __name__ == "__main__":
    main()
