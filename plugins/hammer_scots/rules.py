"""Hammer of the Scots as a ruleset: the steps of every chapter, setup, views.

The sequence of play (RULES §2) runs through the steps the modules register on
``state.machine``: the procedures "game", "year" and "game_turn" and the "card_phase"
(cards.py), the actions ("move_who", "move_where", "norse_move" in movement.py; "herald",
"pillage", "sea_move", "truce", "victuals" in events.py; "coronation_battles" in
kings.py), "battle_phase" and the battle steps (battle.py), "border_raids" (raids.py),
and the "winter" procedure and its steps (winter.py). A game ends in the core's
"game_over" (``state.end_game``), whose outcome ``Ruleset.outcome`` reads.
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
from gameshelf.plugins.hammer_scots import (  # noqa: F401 (each module registers its steps)
    battle,
    cards,
    events,
    kings,
    movement,
    raids,
    winter,
)
from gameshelf.plugins.hammer_scots.encoding import HammerEncoding, encoding
from gameshelf.plugins.hammer_scots.evaluate import evaluate
from gameshelf.plugins.hammer_scots.model import DATA_MODEL, SIDES
from gameshelf.plugins.hammer_scots.setup import new_game
from gameshelf.plugins.hammer_scots.state import State, check_fits_data, machine
from gameshelf.plugins.hammer_scots.text import TEXT
from gameshelf.plugins.hammer_scots.victory import OUTCOME_REASONS
from gameshelf.plugins.hammer_scots.view import HIDDEN, board_view, public_board

WEB = Path(__file__).parent / "web"


class HammerOfTheScots(StepRuleset[State]):
    info = GameInfo(
        id="hammer_scots",
        title="Hammer of the Scots",
        description=(
            "Scotland's wars of independence, 1297-1314: England and Scotland fight "
            "for the nobles with hidden blocks and a hand of cards a year."
        ),
        roles=SIDES,
        min_players=2,
        max_players=2,
        scenarios=tuple(
            Scenario(id=sc.id, title=sc.name, description=sc.description)
            for sc in DATA_MODEL.scenarios
        ),
        options=(
            SetupOption(
                id="schiltroms",
                title="Schiltroms (optional rule)",
                default=False,
                description="Scottish infantry fire one higher in a battle where the "
                "English have no archers.",
            ),
            SetupOption(
                id="last_year",
                title="Last year (0: the scenario's)",
                default=0,
                description="End the game after an earlier winter for a shorter game.",
            ),
        ),
        max_actions=60_000,
        outcome_reasons=OUTCOME_REASONS,
    )
    state_type = State
    machine = machine
    # What each side may not see (view.py): the blocks face down, the cards (core.engine.hidden).
    hidden = HIDDEN
    # The catalogs of the game's messages (hammer_scots.po in en and zh_TW, core.i18n.messages).
    locale = Path(__file__).parent / "locale"
    # The SVG board the web app draws from ``view.board_view`` (template and static files).
    board = BoardAssets(templates=WEB / "templates", static=WEB / "static")
    # The board as text for `gameshelf play` (core.play.text): drawn from a seat's view only.
    text = TEXT

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> State:
        sc = self.info.scenario(scenario)
        return new_game(seed, sc.id, self.info.resolve_options(options))

    def evaluate(self, state: State) -> dict[Role, float]:
        """Each role's chance to win, the bots' heuristic (evaluate.py)."""
        return evaluate(state)

    def public_board(self, state: State) -> JSON:
        return public_board(state)

    def board_view(self, state: State, role: Role | None) -> JSON:
        return board_view(state, role)

    def check_state(self, state: State) -> None:
        check_fits_data(state)  # per-block, per-border and per-area lists fit the data

    def encoding(
        self,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> HammerEncoding:
        return encoding(self, scenario, options, players)


RULESET = HammerOfTheScots()
