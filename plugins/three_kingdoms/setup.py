"""Setting up a game (seed §1, DESIGN §7.4–§7.5).

Lords are dealt at random; each seat takes that colour's pawn (on its capital), lands and
talents, and 15,000. Each shuffles its 7 talents and draws 3, then, in turn order, chooses
which drawn talent goes face up on which of its lands (capital first). Its hand is the
other 4 talents plus the lord. In a game of fewer than 5, the absent lords and their
talents leave the game; their lands stay on the board, unowned and empty. The strategy deck
is shuffled; the first player is drawn at random (the seed's rock-paper-scissors) and play
goes clockwise in seating order.
"""

from __future__ import annotations

from collections.abc import Iterable

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option, all_legal
from gameshelf.core.engine.turns import starting_from
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.three_kingdoms.model import (
    COURT,
    LAND_IDS,
    LANDS_OF,
    LORD_IDS,
    START,
    STRATEGIES,
    N,
)
from gameshelf.plugins.three_kingdoms.state import (
    ROLES,
    TKState,
    TurnStep,
    action_table,
    machine,
)
from gameshelf.plugins.three_kingdoms.turn import start_turn


def new_game(seed: int, players: int, lord_skills: bool, round_limit: int) -> TKState:
    s = TKState(rng=Rng(seed=seed), lord_skills=lord_skills, round_limit=round_limit)
    rng = s.rng
    s.seats = list(ROLES[:players])
    lords = list(LORD_IDS)
    rng.shuffle(lords)  # DESIGN §7.4: lords dealt at random
    for seat, lord in zip(s.seats, lords, strict=False):
        s.lord[seat] = lord
        s.seat_of[lord] = seat
        s.money.gain(seat, N.start_money)
        s.pos[seat] = START[lord]
        court = list(COURT[lord])
        rng.shuffle(court)
        s.drawn[seat] = court[: N.talents_placed_at_setup]
        s.hand[seat] = [*court[N.talents_placed_at_setup :], lord]
        s.down[seat] = []
    for land in LAND_IDS:
        s.owner[land] = None
        s.swords[land] = 0
        s.garrison[land] = ()
    for seat in s.seats:
        for land in LANDS_OF[s.lord[seat]]:
            s.owner[land] = seat
    s.deck = Deck.shuffled(STRATEGIES, rng)
    first = s.seats[rng.randint(0, players - 1)]  # DESIGN §7.5: rock-paper-scissors
    s.order = starting_from(s.seats, first)
    for p in s.seats:
        s.announce("three_kingdoms.dealt", seat=p, lord=s.lord[p])
    s.announce("three_kingdoms.first_player", lord=s.lord[first])
    s.turn = first
    machine.enter(s, "place_talents")
    return s


def land_to_fill(s: TKState) -> str:
    """The placing seat's next land without a talent, capital first."""
    for land in LANDS_OF[s.lord[s.turn]]:  # a loop: a generator left unfinished is dear
        if not s.garrison[land]:
            return land
    raise RuntimeError(f"every land of {s.turn} has its talent")


TALENT = action_table("talent")


@machine.step
class PlaceTalents(TurnStep):
    """DESIGN §7.4: in turn order, each seat puts its 3 drawn talents on its 3 lands."""

    name, waiting = "place_talents", Msg("three_kingdoms.waiting_place_talents")

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg("three_kingdoms.prompt_place_talent", land=land_to_fill(s))

    def options(self, s: TKState, role: Role) -> Iterable[Option]:
        return all_legal(map(TALENT.__getitem__, s.drawn[role]))

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        if action.type == "talent":
            return Msg("three_kingdoms.refuse_place_talent")
        return None

    def on_talent(self, s: TKState, role: Role, card: str) -> None:
        # DESIGN §7.4 [impl]: the seat picks a talent for each land in turn, capital first;
        # the third has only one land left and goes there without a question.
        s.drawn[role].remove(card)
        s.garrison[land_to_fill(s)] += (card,)
        if len(s.drawn[role]) == 1:  # the last talent has only one land left
            s.garrison[land_to_fill(s)] += (s.drawn[role].pop(),)
            capital, second, third = LANDS_OF[s.lord[role]]
            s.announce(
                "three_kingdoms.talents_placed",
                lord=s.lord[role],
                card=s.garrison[capital][0],
                land=capital,
                card2=s.garrison[second][0],
                land2=second,
                card3=s.garrison[third][0],
                land3=third,
            )
            self.next_seat(s)

    def next_seat(self, s: TKState) -> None:
        i = s.order.index(s.turn) + 1
        if i < len(s.order):
            s.turn = s.order[i]
            machine.enter(s, "place_talents")
        else:
            start_turn(s, s.order[0])
