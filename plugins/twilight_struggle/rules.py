"""Twilight Struggle as a ruleset: the steps of every module, setup, views, outcome.

The sequence of play runs through the procedures "game", "turn" and "headline" (turn.py),
the free placements (setup.py), the action rounds (rounds.py), the operations
(operations.py) and the events (events.py); see state.py for who owns which step.
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
from gameshelf.plugins.twilight_struggle import (  # noqa: F401 (each module registers its steps)
    early_war,
    events,
    late_war,
    mid_war,
    operations,
    optional,
    questions,
    rounds,
    setup,
    turn,
)
from gameshelf.plugins.twilight_struggle.drawing import DRAWING
from gameshelf.plugins.twilight_struggle.encoding import TwilightEncoding, encoding
from gameshelf.plugins.twilight_struggle.evaluate import evaluate
from gameshelf.plugins.twilight_struggle.hidden import HIDDEN
from gameshelf.plugins.twilight_struggle.model import SIDES
from gameshelf.plugins.twilight_struggle.setup import new_game
from gameshelf.plugins.twilight_struggle.state import State, check_fits_data, machine
from gameshelf.plugins.twilight_struggle.text import TEXT
from gameshelf.plugins.twilight_struggle.victory import OUTCOME_REASONS
from gameshelf.plugins.twilight_struggle.view import board_view, public_board

WEB = Path(__file__).parent / "web"


class TwilightStruggle(StepRuleset[State]):
    info = GameInfo(
        id="twilight_struggle",
        title="Twilight Struggle",
        description=(
            "The Cold War, 1945-1989, for two: the USSR and the US fight for influence over the "
            "world. Every card is a moment of history: play it for its event, for its "
            "Operations (placing Influence, realignment rolls, coups) or on the Space Race, and "
            "if the event on it is the opponent's, it happens all the same. Ten turns through "
            "the Early, Mid and Late War, the regions scored for presence, domination and "
            "control while DEFCON edges toward nuclear war. 20 VP, control of Europe when it "
            "scores, or the lead at final scoring wins; whoever sets off nuclear war loses. "
            "Every event is in, and the optional cards 104-110 come with the competitive setup."
        ),
        roles=SIDES,
        min_players=2,
        max_players=2,
        scenarios=(
            Scenario(
                id="standard",
                title="As printed",
                description="The rulebook's setup: no bonus Influence, no optional cards.",
            ),
            Scenario(
                id="competitive",
                title="Competitive",
                description="The US places 2 bonus Influence; the optional cards 104-110 "
                "are in the decks.",
                options={"us_bonus": 2, "optional_cards": True},
            ),
        ),
        options=(
            SetupOption(
                id="us_bonus",
                title="US bonus Influence",
                default=0,
                choices=(0, 2),
                description="0 as printed, 2 for competitive play (placed where the US "
                "already has Influence).",
            ),
            SetupOption(
                id="optional_cards",
                title="Optional cards 104-110",
                default=False,
                description="The seven optional cards join their eras' decks.",
            ),
        ),
        max_actions=20_000,
        outcome_reasons=OUTCOME_REASONS,
    )
    state_type = State
    machine = machine
    # hands, looks and the draw pile (hidden.py); the headline's secret choice hides itself
    hidden = HIDDEN
    locale = Path(__file__).parent / "locale"
    text = TEXT
    # The world map the web app draws from the view (web/: template, script, styles).
    board = BoardAssets(templates=WEB / "templates", static=WEB / "static")

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> State:
        sc = self.info.scenario(scenario)
        return new_game(seed, self.info.resolve_options({**sc.options, **(options or {})}))

    def evaluate(self, state: State) -> dict[Role, float]:
        """Each role's chance to win, the bots' heuristic (evaluate.py)."""
        return evaluate(state)

    def public_board(self, state: State) -> JSON:
        return {**public_board(state), "drawing": DRAWING}  # drawing: the map's layout

    def board_view(self, state: State, role: Role | None) -> JSON:
        return board_view(state, role)

    def check_state(self, state: State) -> None:
        check_fits_data(state)  # per-country and per-box lists fit the data

    def encoding(
        self,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> TwilightEncoding:
        return encoding(self, scenario, options, players)


RULESET = TwilightStruggle()
