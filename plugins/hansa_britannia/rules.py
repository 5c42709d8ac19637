"""Hansa Teutonica: Britannia as a ruleset: the steps of every module, setup, views.

The modules register their steps on ``state.machine``: the procedure "game" and the step
"turn" (turn.py) with the five actions of RULES §6 (income.py, place.py, displace.py with the
procedure "displacement" and its steps "pay" and "relocate", move.py, create_route.py), the
bonus markers (markers.py: the ambient "use_marker", "exchange", "develop_marker",
"replace_markers") and the neutral player's route ("neutral_route", neutral.py). The game
ends in the core's "game_over" once scored (scoring.py).

Two to five players: the board side by player count (board.py: the 4–5 side for 4 and 5, the
2–3 side for 2 and 3); two players play with a neutral player (RULES §14, setup.py). The
match option ``borders`` is the seed's optional border rule (RULES §14.8), off by default.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gameshelf.core.engine.ruleset import (
    JSON,
    BoardAssets,
    GameInfo,
    Role,
    Scenario,
    SetupOption,
    StepRuleset,
)
from gameshelf.plugins.hansa_britannia import turn  # noqa: F401 (registers every step)
from gameshelf.plugins.hansa_britannia.board import DESK, PLAYERS
from gameshelf.plugins.hansa_britannia.encoding import HansaEncoding, encoding
from gameshelf.plugins.hansa_britannia.evaluate import evaluate
from gameshelf.plugins.hansa_britannia.hidden import HIDDEN
from gameshelf.plugins.hansa_britannia.scoring import OUTCOME_REASONS
from gameshelf.plugins.hansa_britannia.setup import new_game
from gameshelf.plugins.hansa_britannia.state import State, check_fits_data, machine
from gameshelf.plugins.hansa_britannia.text import TEXT
from gameshelf.plugins.hansa_britannia.view import public_board

WEB = Path(__file__).parent / "web"


class HansaBritannia(StepRuleset[State]):
    text = TEXT
    info = GameInfo(
        id="hansa_britannia",
        title="Hansa Teutonica: Britannia",
        description=(
            "Traders and merchants build networks of trade routes across England, Wales "
            "and Scotland, open offices in the cities and develop their abilities."
        ),
        roles=tuple(c.id for c in DESK.colours),
        min_players=PLAYERS[0],
        max_players=PLAYERS[-1],
        scenarios=(
            Scenario(
                id="britannia",
                title="Britannia",
                description=(
                    "The board side for the player count: England, Wales and Scotland for 4–5 "
                    "players; England and Wales for 2–3, two players with a neutral player."
                ),
            ),
        ),
        options=(
            SetupOption(
                id="borders",
                title="Optional border rule",
                default=False,
                description=(
                    "An unused +3 or +4 Actions marker may be discarded to ignore borders "
                    "for the rest of the turn: Place, Displace and Move on any route, no "
                    "permission needed. The discarded marker does not score."
                ),
            ),
        ),
        max_actions=100_000,
        outcome_reasons=OUTCOME_REASONS,
        # The default bot ends its turn only with no action left to take, and creates a
        # route whenever it can: uniform picks gave games of 17,000-37,000 actions.
        bot_weights={"end_turn": 0.0, "create": 100.0},
        # ISMCTS (core.search): a turn's first choice has up to ~177 options, far more than
        # a budget's iterations, so it widens progressively from the best rated one ply
        # ahead; and it rates the position where the tree ends, with no random moves after
        # it (docs/architecture.md §6.1: what was measured).
        search_widening=1.0,
        playout_depth=0,
    )
    state_type = State
    machine = machine
    locale = Path(__file__).parent / "locale"
    # The board the web app draws (web/: template, script, styles, drawing-<side>.json).
    board = BoardAssets(templates=WEB / "templates", static=WEB / "static")
    hidden = HIDDEN  # the face-down marker supply (hidden.py): the core derives shuffle_hidden

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> State:
        self.info.scenario(scenario)
        chosen = self.info.resolve_options(options)
        return new_game(seed, self.roles(players), borders=bool(chosen["borders"]))

    def evaluate(self, state: State) -> dict[Role, float]:
        """Each role's chance to win, the bots' heuristic (evaluate.py)."""
        return evaluate(state)

    def public_board(self, state: State) -> JSON:
        return public_board(state)  # the whole board: nothing in it differs by reader

    def check_state(self, state: State) -> None:
        check_fits_data(state)  # per-space, per-city, per-route and per-seat lists

    def encoding(
        self,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> HansaEncoding:
        return encoding(self, scenario, options, players)


RULESET = HansaBritannia()
