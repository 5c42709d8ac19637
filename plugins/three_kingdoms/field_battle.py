"""Field battles (野戰): meeting rival pawns (seed §2.3, DESIGN §7.13).

After resolving its space, the player who moved fights every other pawn on that space (天機
spaces too), one at a time, in turn order starting with the next player. Each fight is
forced: both sides choose one card from hand at the same time, in secret (an empty hand
plays none; the core's secret choice, so a side may change its mind until both have chosen),
and roll a die. Power = die + the card's intelligence + martial. The loser pays
the winner 1,500 (all it has, if less); a tie pays nothing. Played cards go face down.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from operator import countOf

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.secret import Choices, SecretChoice
from gameshelf.core.engine.steps import Option, all_legal
from gameshelf.core.i18n.messages import Msg, Param, compose
from gameshelf.plugins.three_kingdoms.lands import not_in_hand
from gameshelf.plugins.three_kingdoms.model import INTELLIGENCE, MARTIAL, LordId, N
from gameshelf.plugins.three_kingdoms.money import pay
from gameshelf.plugins.three_kingdoms.state import (
    Seat,
    TKState,
    action_table,
    done,
    lay_face_down,
    machine,
    rivals,
)


@frame_model
class Fight(Choices):
    """A field battle's frame: the rival fought now, those fought after it, and the cards
    chosen in secret."""

    foe: Seat
    later: list[Seat] = Field(default_factory=list)


def start(s: TKState) -> None:
    """Stage 3: the rivals sharing the mover's space, in turn order after it."""
    pos, mover = s.pos, s.turn
    here = pos[mover]
    if countOf(pos.values(), here) == 1:  # speed: the usual case, nobody else here (no list)
        return
    foes: list[Seat] = []  # a loop, as in the steps below: a list comprehension is a Python call
    for rival in rivals(s, mover):
        if pos[rival] == here:
            foes.append(rival)
    machine.call(s, "field_battle", Fight(foe=foes[0], later=foes[1:]))


def power(card: str | None, die: int) -> int:
    return die + (INTELLIGENCE[card] + MARTIAL[card] if card else 0)


# The field battle's log line, by (the mover played a card, the foe played a card).
FOUGHT = {
    (True, True): "three_kingdoms.field_fought",
    (True, False): "three_kingdoms.field_fought_foe_no_card",
    (False, True): "three_kingdoms.field_fought_mover_no_card",
    (False, False): "three_kingdoms.field_fought_no_cards",
}
TIE = Msg("three_kingdoms.field_tie")


@cache
def field_won(lord: LordId, lord2: LordId, paid: int) -> Msg:
    """Who won a field battle and what it was paid, made once for each winner, loser and sum."""
    return Msg("three_kingdoms.field_won", lord=lord, lord2=lord2, paid=paid)


def fight(s: TKState, foe: Seat, mover_card: str | None, foe_card: str | None) -> None:
    """Both dice, both cards face down, and the loser pays the winner."""
    mover = s.turn
    mover_die, foe_die = s.rng.d6(), s.rng.d6()
    for seat, card in ((mover, mover_card), (foe, foe_card)):
        if card is not None:
            s.hand[seat].remove(card)
            lay_face_down(s, [card])
    attack, defence = power(mover_card, mover_die), power(foe_card, foe_die)
    said: dict[str, Param | Msg] = {
        "lord": s.lord[mover],
        "die": mover_die,
        "power": attack,
        "lord2": s.lord[foe],
        "die2": foe_die,
        "power2": defence,
    }
    # the cards played, each named only when there is one (FOUGHT's sentence says which)
    if mover_card is not None:
        said["card"] = mover_card
    if foe_card is not None:
        said["card2"] = foe_card
    s.say(compose(FOUGHT[mover_card is not None, foe_card is not None], said))
    if attack == defence:
        s.say(TIE)
        return
    winner, loser = (mover, foe) if attack > defence else (foe, mover)
    paid = min(N.field_battle_stake, s.money[loser])
    s.say(field_won(s.lord[winner], s.lord[loser], paid))
    pay(s, loser, winner, N.field_battle_stake)


CARD = action_table("card")


def card_of(choice: Action | None) -> str | None:
    return None if choice is None else str(choice.arg)


@machine.step
class FieldBattle(SecretChoice[TKState]):
    """Both fighters choose their card at once; neither sees the other's until both have.
    A side with an empty hand plays no card; then the next rival on the space is fought."""

    name, waiting = "field_battle", Msg("three_kingdoms.waiting_field_battle")
    frame_type = Fight

    def choosers(self, s: TKState) -> list[Seat]:
        f: Fight = self.frame(s)
        sides: list[Seat] = []
        for seat in (s.turn, f.foe):
            if s.hand[seat]:
                sides.append(seat)
        return sides

    def prompt(self, s: TKState, role: Role) -> Msg:
        mine = self.choice_of(s, role)
        if mine is not None:
            return Msg("three_kingdoms.prompt_field_chosen", card=str(mine.arg))
        rival = self.frame(s).foe if role == s.turn else s.turn
        return Msg(
            "three_kingdoms.prompt_field_battle",
            lord=s.lord[rival],
            amount=N.field_battle_stake,
        )

    def options(self, s: TKState, role: Role) -> Iterable[Option]:
        return all_legal(map(CARD.__getitem__, s.hand[role]))

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:  # the options', made fast
        return map(CARD.__getitem__, s.hand[role])

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        if action.type == "card":
            return not_in_hand(s, role, action)
        return None

    def reveal(self, s: TKState, choices: dict[Role, Action]) -> None:
        f: Fight = self.frame(s)
        fight(s, f.foe, card_of(choices.get(s.turn)), card_of(choices.get(f.foe)))
        if f.later:
            machine.enter(s, "field_battle", Fight(foe=f.later[0], later=f.later[1:]))
        else:
            done(s)
