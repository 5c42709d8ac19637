"""Goofspiel: both players hold cards 1 to N and bid one at once, in secret (a core secret
choice), for each prize of a shuffled pile of 1 to N turned up in turn. The higher bid takes
the prize's value, equal bids nothing; bids are spent. When the prizes run out, more points win.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.hidden import DrawPile
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import (
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
from gameshelf.core.engine.steps import Option, StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.hookspecs import hookimpl

ROLES = ("red", "blue")


@state_model
class Auction(GameState):
    prizes: Deck = Field(default_factory=Deck)  # face down: order and cards hidden
    prize: int = 0  # the prize turned up
    hands: dict[Role, list[int]] = Field(default_factory=dict)  # public: bids are shown
    points: dict[Role, int] = Field(default_factory=dict)


def turn_up_a_prize(s: Auction) -> None:
    s.prize = int(s.prizes.turn_up(s.rng))
    s.announce("goofspiel.prize", n=s.prize)


def final_count(s: Auction) -> Outcome:
    red, blue = s.points["red"], s.points["blue"]
    scores = {role: float(points) for role, points in s.points.items()}
    if red == blue:
        return Outcome(winners=[], reason="draw", text=Msg("goofspiel.drawn"), scores=scores)
    winner = "red" if red > blue else "blue"
    won = Msg("goofspiel.won", role=winner)
    return Outcome(winners=[winner], reason="more_points", text=won, scores=scores)


machine: StepMachine[Auction] = StepMachine()


@machine.step
class Bid(SecretChoice[Auction]):
    """Both bid at once; each sees only that the other has bid, until both have."""

    name, waiting = "bid", Msg("goofspiel.bidding")

    def choosers(self, s: Auction) -> list[Role]:
        return list(ROLES)

    def prompt(self, s: Auction, role: Role) -> Msg:
        return Msg("goofspiel.bid_for", n=s.prize)

    def options(self, s: Auction, role: Role) -> Iterator[Option]:
        for card in s.hands[role]:
            yield Action("card", card), None

    def reveal(self, s: Auction, choices: dict[Role, Action]) -> None:
        red, blue = (int(choices[role].arg or 0) for role in ROLES)
        s.hands["red"].remove(red)
        s.hands["blue"].remove(blue)
        s.announce("goofspiel.bids", card_red=red, card_blue=blue)
        if red != blue:
            taker = "red" if red > blue else "blue"
            s.points[taker] += s.prize
            s.announce("goofspiel.took", role=taker, n=s.prize)
        if s.prizes:
            turn_up_a_prize(s)
            machine.enter(s, "bid")
        else:
            machine.end_game(s, final_count(s))


class Goofspiel(StepRuleset[Auction]):
    info = GameInfo(
        id="goofspiel",
        title="Goofspiel",
        description="Bid in secret for prizes turned up one at a time.",
        roles=ROLES,
        min_players=2,
        max_players=2,
        scenarios=(Scenario(id="standard", title="Standard"),),
        options=(SetupOption(id="cards", title="Cards", default=8, choices=(5, 8, 13)),),
        max_actions=100,
        outcome_reasons=("more_points", "draw"),
    )
    state_type = Auction
    machine = machine
    locale = Path(__file__).parent / "locale"
    hidden = (DrawPile("prizes"),)  # the bids hide themselves (a secret choice)

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> Auction:
        cards = range(1, int(self.info.resolve_options(options)["cards"]) + 1)
        s = Auction(rng=Rng(seed=seed), points=dict.fromkeys(ROLES, 0))
        s.prizes = Deck.shuffled(cards, s.rng)
        s.hands = {role: list(cards) for role in ROLES}
        turn_up_a_prize(s)
        machine.reset(s, "bid")
        return s

    def board_view(self, s: Auction, role: Role | None) -> dict[str, object]:
        hands = {r: list(cards) for r, cards in s.hands.items()}
        return {"prize": s.prize, "prizes": len(s.prizes), "hands": hands, "points": dict(s.points)}


RULESET = Goofspiel()


@hookimpl
def gameshelf_games() -> list[Goofspiel]:
    return [RULESET]
