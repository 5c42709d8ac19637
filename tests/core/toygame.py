"""High Card Duel: the tiny test-only game that proves the core.

Two players, North and South, hold three cards each from a shuffled deck of 1–12. Each
round both choose a card secretly and at once; the higher card wins the round (a point)
and its owner may then roll a die for a bonus, a sub-procedure called on the step stack:
a 6 scores two more points, a 1 loses the point just won. Both draw back up while the deck
lasts. When the hands run out, the higher score wins.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from pydantic import Field

from core.deck import Deck
from core.rng import Rng
from core.ruleset import (
    JSON,
    Action,
    GameInfo,
    Option,
    Outcome,
    Role,
    Scenario,
    StepRuleset,
)
from core.state import GameState, state_model
from core.steps import Step, StepMachine

ROLES = ("north", "south")

machine: StepMachine[DuelState] = StepMachine()


@state_model
class DuelState(GameState):
    deck: Deck = Field(default_factory=Deck)
    hands: dict[Role, list[int]] = Field(default_factory=dict)
    chosen: dict[Role, int] = Field(default_factory=dict)
    score: dict[Role, int] = Field(default_factory=dict)
    round: int = 0
    bonus_for: Role | None = None


def other(role: Role) -> Role:
    return ROLES[1 - ROLES.index(role)]


@machine.step
class Choose(Step[DuelState]):
    """Both players choose a card at once; neither sees the other's until both have."""

    name, waiting = "choose", "choosing a card"

    def begin(self, s: DuelState) -> None:
        s.chosen = {}
        s.active = [r for r in ROLES if s.hands[r]]

    def prompt(self, s: DuelState, role: Role) -> str:
        return "Choose a card to play."

    def actions(self, s: DuelState, role: Role) -> Iterator[Action]:
        for card in s.hands[role]:
            yield Action("card", card)

    def why_not(self, s: DuelState, role: Role, action: Action) -> str | None:
        if action.type == "card":
            return f"Card {action.arg} is not in your hand."
        return None

    def on_card(self, s: DuelState, role: Role, card: int) -> None:
        s.hands[role].remove(card)
        s.chosen[role] = card
        s.active = [r for r in s.active if r != role]
        if not s.active:
            reveal(s)

    def resume(self, s: DuelState) -> None:
        next_round(s)


def reveal(s: DuelState) -> None:
    north, south = s.chosen["north"], s.chosen["south"]
    s.rng.reveal()  # each side now sees the other's card: undo may not cross this
    s.say(f"Round {s.round}: North shows {north}, South shows {south}.")
    if north == south:
        next_round(s)
        return
    winner = "north" if north > south else "south"
    s.score[winner] += 1
    s.bonus_for = winner
    machine.call(s, "bonus")


def next_round(s: DuelState) -> None:
    for role in ROLES:
        s.hands[role].extend(s.deck.draw(s.rng, 1, reshuffle=False) if s.deck else [])
    s.round += 1
    if any(s.hands[r] for r in ROLES) and all(s.hands[r] for r in ROLES):
        machine.enter(s, "choose")
    else:
        machine.enter(s, "over")


@machine.step
class Bonus(Step[DuelState]):
    """The round's winner may roll for a bonus (a sub-procedure of the round)."""

    name, waiting = "bonus", "deciding on a bonus roll"

    def begin(self, s: DuelState) -> None:
        s.active = [s.bonus_for] if s.bonus_for else []

    def prompt(self, s: DuelState, role: Role) -> str:
        return "Roll for a bonus (6: +2, 1: lose the point) or pass."

    def actions(self, s: DuelState, role: Role) -> Iterator[Action]:
        yield Action("roll")
        yield Action("pass")

    def on_roll(self, s: DuelState, role: Role, arg: None) -> None:
        die = s.rng.d6()
        s.say(f"{role.title()} rolls {die}.")
        if die == 6:
            s.score[role] += 2
        elif die == 1:
            s.score[role] -= 1
        self.on_pass(s, role, None)

    def on_pass(self, s: DuelState, role: Role, arg: None) -> None:
        s.bonus_for = None
        machine.finish(s)


@machine.step
class Over(Step[DuelState]):
    name, waiting = "over", "nothing"

    def begin(self, s: DuelState) -> None:
        s.active = []


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
        options=(Option(id="hand_size", title="Hand size", default=3, choices=(2, 3, 4)),),
        max_actions=200,
    )
    state_type = DuelState
    machine = machine

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
        machine.enter(s, "choose")
        return s

    def outcome(self, s: DuelState) -> Outcome | None:
        if s.step != "over":
            return None
        north, south = s.score["north"], s.score["south"]
        winners = [] if north == south else ["north" if north > south else "south"]
        return Outcome(
            winners=winners,
            reason="draw" if not winners else "high_score",
            scores={r: float(v) for r, v in s.score.items()},
        )

    def board_view(self, s: DuelState, role: Role | None) -> JSON:
        return {
            "score": dict(s.score),
            "deck": len(s.deck),
            "hand": list(s.hands[role]) if role else None,
            "hand_sizes": {r: len(s.hands[r]) for r in ROLES},
            "chosen": {r: (s.chosen[r] if r == role else True) for r in s.chosen},
        }

    def shuffle_hidden(self, s: DuelState, role: Role | None, rng: Rng) -> None:
        """Deal again every card ``role`` cannot see: the deck, the rival's hand and pick."""
        hidden_roles = [r for r in ROLES if r != role]
        pool = list(s.deck.draw_pile)
        for r in hidden_roles:
            pool += s.hands[r] + ([s.chosen[r]] if r in s.chosen else [])
        rng.shuffle(pool)
        for r in hidden_roles:
            n = len(s.hands[r])
            s.hands[r], pool = [int(c) for c in pool[:n]], pool[n:]
            if r in s.chosen:
                s.chosen[r], pool = int(pool[0]), pool[1:]
        s.deck.draw_pile = pool


RULESET = HighCardDuel()
