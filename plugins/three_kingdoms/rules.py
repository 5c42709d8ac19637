"""三國戰記 Three Kingdoms War Chronicle: the ruleset, assembled from the rules modules.

The rules follow the seed (the real game's rules) with every gap resolved as the design
notes say (DESIGN §7); modules, in the order of play:

- ``setup``: dealing lords, placing the first talents, turn order (seed §1, §7.4–§7.5);
- ``turn``: the four stages of a turn and the rounds (seed §2);
- ``movement``: one die or two, clockwise (seed §2.1);
- ``lands``: occupy, deploy, tax, train (seed §2.2 A–B);
- ``battle``: battle plan, siege, tolls (seed §2.2 C);
- ``fate`` and ``strategy``: 天機 spaces, advising and the 8 strategy cards (seed §2.2 D, §6);
- ``field_battle``: meeting rival pawns (seed §2.3);
- ``recall``: face-down cards back to hand (seed §2.4);
- ``lords``: the five lords' skills (DESIGN §1);
- ``money`` and ``victory``: payments and the ways the game ends (seed §3, §7.15–§7.17, §7.24);
- ``view``: what each seat sees.
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

# The rules modules register their steps on the machine when imported.
from gameshelf.plugins.three_kingdoms import (  # noqa: F401
    battle,
    fate,
    field_battle,
    lands,
    lords,
    movement,
    strategy,
    turn,
    victory,
    view,
)
from gameshelf.plugins.three_kingdoms.encoding import ThreeKingdomsEncoding, encoding
from gameshelf.plugins.three_kingdoms.evaluate import evaluate
from gameshelf.plugins.three_kingdoms.setup import new_game
from gameshelf.plugins.three_kingdoms.state import ROLES, TKState, machine
from gameshelf.plugins.three_kingdoms.text import TEXT

# A bound on one game's length with the default round limit: 10 setup choices, then at
# most 14 decisions a turn (1 roll; at most 5 to resolve the space: deploy + 3 cards +
# done, or 2 plan cards + 2 generals, or advise + 4 for 草船借箭; 2 per field battle against
# at most 4 rivals), for 5 seats over 250 rounds: 10 + 250 × 5 × 14 = 17,510.
MAX_ACTIONS = 18_000
WEB = Path(__file__).parent / "web"


class ThreeKingdoms(StepRuleset[TKState]):
    info = GameInfo(
        id="three_kingdoms",
        title="三國戰記 Three Kingdoms",
        description=(
            "A Taiwanese roll-and-move paper game: two to five lords of the Three Kingdoms "
            "occupy lands, raise swords, besiege their rivals' cities and fight in the "
            "field, racing to 30,000 or to ruin a rival."
        ),
        roles=ROLES,
        min_players=2,
        max_players=5,
        scenarios=(
            Scenario(
                id="standard",
                title="Standard",
                description="The paper game's rules, lords dealt at random.",
            ),
        ),
        options=(
            SetupOption(
                id="lord_skills",
                title="Lord skills",
                default=True,
                description="The five lords' special skills (the rosters assume them).",
            ),
            SetupOption(
                id="round_limit",
                title="Round limit",
                default=250,
                description="After this many rounds the richest player wins (0: none).",
            ),
        ),
        max_actions=MAX_ACTIONS,
        outcome_reasons=tuple(victory.REASONS),
        # ISMCTS rates a position where its tree ends: random moves here are mostly dice and
        # bad plans, noise that drowns the evaluate hook (docs/architecture.md §6.1).
        playout_depth=0,
    )
    state_type = TKState
    machine = machine
    # What each seat may not see (view.py, core.engine.hidden): the core derives shuffle_hidden.
    hidden = view.HIDDEN
    # Its messages' catalogs (three_kingdoms.po in en and zh_TW); names.py names its things.
    locale = Path(__file__).parent / "locale"
    # The board the web app draws from ``view.board_view`` (its template and static files).
    board = BoardAssets(templates=WEB / "templates", static=WEB / "static")
    # The board as text for `gameshelf play` (core.play.text): drawn from a seat's view only.
    text = TEXT

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> TKState:
        self.info.scenario(scenario)
        opts = self.info.resolve_options(options)
        count = self.info.min_players if players is None else players
        self.roles(count)  # refuses a count outside 2–5
        limit = int(opts["round_limit"])
        if limit < 0:
            raise ValueError("option 'round_limit' is a number of rounds, 0 for none")
        return new_game(seed, count, bool(opts["lord_skills"]), limit)

    def evaluate(self, state: TKState) -> dict[Role, float]:
        """Each role's chance to win, the bots' heuristic (evaluate.py)."""
        return evaluate(state)

    def public_board(self, state: TKState) -> JSON:
        return view.public_board(state)

    def board_view(self, state: TKState, role: Role | None) -> JSON:
        return view.board_view(state, role)

    def encoding(
        self,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> ThreeKingdomsEncoding:
        return encoding(self, scenario, options, players)


RULESET = ThreeKingdoms()
