"""Field battles (野戰): meeting rival pawns (seed §2.3, DESIGN §7.13).

After resolving its space, the player who moved fights every other pawn on that space (天機
spaces too), one at a time, in turn order starting with the next player. Each fight is
forced: both sides choose one card from hand at the same time, in secret (an empty hand
plays none), and roll a die. Power = die + the card's intelligence + martial. The loser pays
the winner 1,500 (all it has, if less); a tie pays nothing. Played cards go face down.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.ruleset import Action, Role
from core.steps import Step
from plugins.three_kingdoms.lands import not_in_hand
from plugins.three_kingdoms.model import INTELLIGENCE, LABEL, MARTIAL, N
from plugins.three_kingdoms.money import pay
from plugins.three_kingdoms.state import (
    TKState,
    action_table,
    done,
    lay_face_down,
    machine,
    rivals,
    who,
)


def start(s: TKState) -> None:
    """Stage 3: the rivals sharing the mover's space, in turn order after it."""
    pos, mover = s.pos, s.turn
    here = pos[mover]
    if list(pos.values()).count(here) == 1:  # speed: the usual case, nobody else here
        return
    s.foes = [r for r in rivals(s, mover) if pos[r] == here]
    machine.call(s, "field_battle")


def power(card: str | None, die: int) -> int:
    return die + (INTELLIGENCE[card] + MARTIAL[card] if card else 0)


def next_fight(s: TKState) -> None:
    while s.foes:
        s.foe = s.foes.pop(0)
        s.fight = {}
        s.active = [p for p in (s.turn, s.foe) if s.hand[p]]
        if s.active:
            return
        fight(s)
        if s.reason is not None:
            return
    s.foe = ""
    done(s)


def fighter(s: TKState, seat: str, card: str | None, die: int, strength: int) -> str:
    """One side of a field battle for the log: "劉備 Liu Bei with 關羽 Guan Yu rolls 4: 17"."""
    played = f"with {LABEL[card]}" if card else "with no card"
    return f"{who(s, seat)} {played} rolls {die}: {strength}"


def fight(s: TKState) -> None:
    mover, foe = s.turn, s.foe
    mover_card, foe_card = s.fight.get(mover), s.fight.get(foe)
    mover_die, foe_die = s.rng.d6(), s.rng.d6()
    for seat, card in ((mover, mover_card), (foe, foe_card)):
        if card is not None:
            s.hand[seat].remove(card)
            lay_face_down(s, [card])
    s.fight = {}
    attack, defence = power(mover_card, mover_die), power(foe_card, foe_die)
    shown = (
        f"{fighter(s, mover, mover_card, mover_die, attack)} against "
        f"{fighter(s, foe, foe_card, foe_die, defence)}"
    )
    if attack == defence:
        s.say(f"Field battle: {shown}; a tie, nobody pays.")
        return
    winner, loser = (mover, foe) if attack > defence else (foe, mover)
    paid = min(N.field_battle_stake, s.money[loser])
    s.say(f"Field battle: {shown}; {who(s, loser)} pays {who(s, winner)} {paid:,}.")
    pay(s, loser, winner, N.field_battle_stake)


CARD = action_table("card")


@machine.step
class FieldBattle(Step[TKState]):
    """Both fighters choose their card at once; neither sees the other's until both have."""

    name, waiting = "field_battle", "choosing a card for the field battle"

    def begin(self, s: TKState) -> None:
        next_fight(s)

    def prompt(self, s: TKState, role: Role) -> str:
        rival = s.foe if role == s.turn else s.turn
        return (
            f"Field battle with {who(s, rival)}: choose a card (die + intelligence + "
            f"martial; the loser pays {N.field_battle_stake:,})."
        )

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:
        return map(CARD.__getitem__, s.hand[role])  # the bots list it at once: no copy

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        if action.type == "card":
            return not_in_hand(s, role, action)
        return None

    def on_card(self, s: TKState, role: Role, card: str) -> None:
        s.fight[role] = card
        s.active = [p for p in s.active if p != role]
        if s.active:
            return
        fight(s)
        if s.reason is None:
            next_fight(s)
