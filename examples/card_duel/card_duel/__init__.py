"""Card duel: North and South hold three cards of a shuffled deck of 1 to 12; each round both
play one at once, in secret, the higher scores a point, and both draw while the deck lasts.
When a hand is empty, more points win. Hidden hands and deck; the rounds are a procedure.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.hidden import DrawPile, Exchange, Hands
from gameshelf.core.engine.procedure import Procedure, While
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, GameInfo, Outcome, Role, Scenario, StepRuleset
from gameshelf.core.engine.secret import SecretChoice
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Option, StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.hookspecs import hookimpl

ROLES = ("north", "south")


@state_model
class Duel(GameState):
    deck: Deck = Field(default_factory=Deck)
    hands: dict[Role, list[int]] = Field(default_factory=dict)
    score: dict[Role, int] = Field(default_factory=dict)


def hands_left(s: Duel) -> bool:
    return all(s.hands[role] for role in ROLES)


def draw_up(s: Duel) -> None:
    for role in ROLES:
        if s.deck:
            s.hands[role] += s.deck.draw(s.rng, 1)


def final_score(s: Duel) -> Outcome:
    north, south = s.score["north"], s.score["south"]
    if north == south:
        return Outcome(winners=[], reason="draw", text=Msg("card_duel.drawn"))
    won = "north" if north > south else "south"
    return Outcome(winners=[won], reason="more_points", text=Msg("card_duel.won", role=won))


machine: StepMachine[Duel] = StepMachine()


@machine.step
class Rounds(Procedure[Duel]):
    """The sequence of play, as the rules say it: rounds while both hold cards, then the end."""

    name = "rounds"
    body = (While(hands_left, "play", draw_up), lambda s: machine.end_game(s, final_score(s)))


@machine.step
class Play(SecretChoice[Duel]):
    """Both play a card at once; neither sees the other's until both have played."""

    name, waiting = "play", Msg("card_duel.choosing")

    def choosers(self, s: Duel) -> list[Role]:
        return list(ROLES)

    def prompt(self, s: Duel, role: Role) -> Msg:
        return Msg("card_duel.play_a_card")

    def options(self, s: Duel, role: Role) -> Iterator[Option]:
        for card in s.hands[role]:
            yield Action("card", card), None

    def reveal(self, s: Duel, choices: dict[Role, Action]) -> None:
        north, south = (int(choices[role].arg or 0) for role in ROLES)
        s.hands["north"].remove(north)
        s.hands["south"].remove(south)
        s.announce("card_duel.shown", card_north=north, card_south=south)
        if north != south:
            s.score["north" if north > south else "south"] += 1
        machine.finish(s)


class CardDuel(StepRuleset[Duel]):
    info = GameInfo(
        id="card_duel",
        title="Card duel",
        description="The higher card wins the round; the hands are secret.",
        roles=ROLES,
        min_players=2,
        max_players=2,
        scenarios=(Scenario(id="standard", title="Standard"),),
        max_actions=100,
        outcome_reasons=("more_points", "draw"),
    )
    state_type = Duel
    machine = machine
    locale = Path(__file__).parent / "locale"
    # Each sees its own hand; the other's hand and the deck may hold any of the rest.
    hidden = (Exchange(Hands("hands"), DrawPile("deck")),)

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> Duel:
        s = Duel(rng=Rng(seed=seed), score=dict.fromkeys(ROLES, 0))
        s.deck = Deck.shuffled(range(1, 13), s.rng)
        s.hands = {role: [int(card) for card in s.deck.draw(s.rng, 3)] for role in ROLES}
        machine.reset(s, "rounds")
        return s

    def board_view(self, s: Duel, role: Role | None) -> dict[str, object]:
        sizes = {r: len(cards) for r, cards in s.hands.items()}
        mine = list(s.hands[role]) if role else None
        return {"score": dict(s.score), "deck": len(s.deck), "hand": mine, "hand_sizes": sizes}


RULESET = CardDuel()


@hookimpl
def gameshelf_games() -> list[CardDuel]:
    return [RULESET]
