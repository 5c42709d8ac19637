"""High Card Duel: the tiny test-only game that proves the core.

Two players, North and South, hold three cards each from a shuffled deck of 1–12. Each
round both choose a card secretly and at once (a core secret choice); the higher card wins
the round (a point) and its owner may then roll a die for a bonus, a step called with the
roller in its frame: a 6 scores two more points, a 1 loses the point just won. Both draw
back up while the deck lasts. When the hands run out, the higher score wins. The sequence
of play is a procedure: rounds in a loop, each a secret choice and perhaps a bonus.

The jinx variant (``JinxDuel``) gives each player one jinx, an interrupt: while a card is
being chosen or a bonus decided, its holder may play it whether or not the game waits for it,
and the rival loses a point (never below nothing: a rival with no point cannot be jinxed).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.hidden import DrawPile, Exchange, Hands
from gameshelf.core.engine.procedure import Call, If, Procedure, While
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import (
    JSON,
    Action,
    GameInfo,
    Outcome,
    Role,
    Scenario,
    SetupOption,
    StepRuleset,
)
from gameshelf.core.engine.secret import SecretChoice
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Ambient, Option, Step, StepMachine
from gameshelf.core.i18n.messages import Msg

ROLES = ("north", "south")

machine: StepMachine[DuelState] = StepMachine()


@state_model
class DuelState(GameState):
    deck: Deck = Field(default_factory=Deck)
    hands: dict[Role, list[int]] = Field(default_factory=dict)
    score: dict[Role, int] = Field(default_factory=dict)
    round: int = 0
    jinxes: dict[Role, int] = Field(default_factory=dict)  # the jinx variant's, by holder


def other(role: Role) -> Role:
    return ROLES[1 - ROLES.index(role)]


@frame_model
class Round:
    """The duel's frame: who won the round being played."""

    winner: Role | None = None


def hands_left(s: DuelState) -> bool:
    return all(s.hands[r] for r in ROLES)


def has_winner(s: DuelState, f: Round) -> bool:
    return f.winner is not None


def next_round(s: DuelState, f: Round) -> None:
    for role in ROLES:
        s.hands[role].extend(s.deck.draw(s.rng, 1, reshuffle=False) if s.deck else [])
    s.round += 1
    f.winner = None


def final_score(s: DuelState) -> Outcome:
    """The higher score wins; equal scores are a draw."""
    north, south = s.score["north"], s.score["south"]
    winners = [] if north == south else ["north" if north > south else "south"]
    return Outcome(
        winners=winners,
        reason="draw" if not winners else "high_score",
        text=Msg("toy_duel.won", role=winners[0]) if winners else Msg("toy_duel.drawn"),
        scores={r: float(v) for r, v in s.score.items()},
    )


@machine.step
class Duel(Procedure[DuelState]):
    """The sequence of play: rounds while both players hold cards, then the end."""

    name, frame_type = "duel", Round
    body = (
        While(
            hands_left,
            Call("choose", into="winner"),
            If(has_winner, Call("bonus", args=lambda s, f: Bonus(role=f.winner))),
            next_round,
        ),
        lambda s: machine.end_game(s, final_score(s)),
    )


@machine.step
class Choose(SecretChoice[DuelState]):
    """Both players choose a card at once; neither sees the other's until both have."""

    name, waiting = "choose", Msg("toy_duel.choosing")
    tags = frozenset({"jinx"})  # the jinx may be cast here

    def choosers(self, s: DuelState) -> list[Role]:
        return list(ROLES)

    def prompt(self, s: DuelState, role: Role) -> Msg:
        mine = self.choice_of(s, role)
        if mine is not None:
            return Msg("toy_duel.chosen", card=mine.arg)
        return Msg("toy_duel.choose_card")

    def options(self, s: DuelState, role: Role) -> Iterator[Option]:
        for card in s.hands[role]:
            yield Action("card", card), None

    def why_not(self, s: DuelState, role: Role, action: Action) -> Msg | None:
        if action.type == "card":
            return Msg("toy_duel.not_in_hand", card=str(action.arg))
        return None

    def reveal(self, s: DuelState, choices: dict[Role, Action]) -> None:
        north, south = int(choices["north"].arg or 0), int(choices["south"].arg or 0)
        s.hands["north"].remove(north)
        s.hands["south"].remove(south)
        s.say(Msg("toy_duel.shown", n=s.round, card_north=north, card_south=south))
        winner = None if north == south else "north" if north > south else "south"
        if winner is not None:
            s.score[winner] += 1
        machine.finish(s, winner)


@frame_model
class Bonus:
    role: Role


@machine.step
class BonusRoll(Step[DuelState]):
    """The round's winner may roll for a bonus (a sub-procedure of the round)."""

    name, waiting, frame_type = "bonus", Msg("toy_duel.deciding_bonus"), Bonus
    tags = frozenset({"jinx"})

    def begin(self, s: DuelState) -> None:
        s.active = [self.frame(s).role]

    def prompt(self, s: DuelState, role: Role) -> Msg:
        return Msg("toy_duel.bonus_prompt")

    def options(self, s: DuelState, role: Role) -> Iterator[Option]:
        yield Action("roll"), None
        yield Action("pass"), None

    def on_roll(self, s: DuelState, role: Role, arg: None) -> None:
        die = s.rng.d6()
        s.say(Msg("toy_duel.rolled", role=role, die=die))
        if die == 6:
            s.score[role] += 2
        elif die == 1:
            s.score[role] -= 1
        machine.finish(s)

    def on_pass(self, s: DuelState, role: Role, arg: None) -> None:
        machine.finish(s)


@machine.ambient
class Jinx(Ambient[DuelState]):
    """The jinx variant: a jinx is played at any time a card is chosen or a bonus decided,
    by its holder whether awaited or not (an interrupt); the rival loses a point."""

    name, tag, interrupt = "jinx", "jinx", True

    def options(self, s: DuelState, role: Role) -> Iterator[Option]:
        if not s.jinxes.get(role):
            return
        rival = other(role)
        broke = Msg("toy_duel.no_point_to_lose", role=rival)
        yield Action("jinx", rival), None if s.score[rival] > 0 else broke

    def on_jinx(self, s: DuelState, role: Role, rival: Role) -> None:
        s.jinxes[role] -= 1
        s.score[rival] -= 1
        s.say(Msg("toy_duel.jinxed", role=role, role2=rival))


class HighCardDuel(StepRuleset[DuelState]):
    info = GameInfo(
        id="toy_duel",
        title="High Card Duel",
        description="A test-only card duel.",
        roles=ROLES,
        min_players=2,
        max_players=2,
        scenarios=(
            Scenario(id="standard", title="Standard"),
            Scenario(id="short", title="Short", description="A 6-card deck."),
        ),
        options=(SetupOption(id="hand_size", title="Hand size", default=3, choices=(2, 3, 4)),),
        max_actions=200,
        outcome_reasons=("high_score", "draw"),
    )
    state_type = DuelState
    machine = machine
    locale = Path(__file__).parent / "locale"  # the catalogs of the domain toy_duel
    # What a role may not see: the rival's hand and the deck, which swap cards for it (the
    # core derives shuffle_hidden from this; the secret pick hides itself, core.engine.secret).
    hidden = (Exchange(Hands("hands"), DrawPile("deck")),)

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> DuelState:
        opts = self.info.resolve_options(options)
        top = 6 if scenario == "short" else 12
        s = DuelState(rng=Rng(seed=seed))
        s.deck = Deck.shuffled(range(1, top + 1), s.rng)
        size = int(opts["hand_size"])
        s.hands = {r: [int(c) for c in s.deck.draw(s.rng, size)] for r in ROLES}
        s.score = dict.fromkeys(ROLES, 0)
        s.round = 1
        machine.reset(s, "duel")
        return s

    def board_view(self, s: DuelState, role: Role | None) -> JSON:
        return {
            "score": dict(s.score),
            "deck": len(s.deck),
            "hand": list(s.hands[role]) if role else None,
            "hand_sizes": {r: len(s.hands[r]) for r in ROLES},
        }


RULESET = HighCardDuel()


class JinxDuel(HighCardDuel):
    """High Card Duel with a jinx for each player (an interrupt, see the module)."""

    info = HighCardDuel.info.model_copy(
        update={"id": "toy_jinx", "title": "High Card Duel with jinxes"}
    )

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> DuelState:
        s = super().setup(seed, scenario, options, players)
        s.jinxes = dict.fromkeys(ROLES, 1)
        return s
