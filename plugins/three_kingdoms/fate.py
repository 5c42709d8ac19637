"""Stopping on a 天機 Fate space (seed §2.2 D, DESIGN §6, §7.12, §7.20).

The player chooses one of two:

- advise (獻策): draw the top strategy card and show the whole hand; if the hand's total
  intelligence reaches the card's requirement, its effect happens now (``strategy``); the
  card goes to the bottom of the deck either way. With an empty hand this always fails.
- tax (徵稅): play one card from hand, take its politics × 100 from the bank (2,000 for
  袁紹 with his skill), and lay the card face down.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option, all_legal
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.three_kingdoms.lands import not_in_hand
from gameshelf.plugins.three_kingdoms.lords import yuan_shao_tax
from gameshelf.plugins.three_kingdoms.model import POLITICS, CardId, LordId, N
from gameshelf.plugins.three_kingdoms.money import collect
from gameshelf.plugins.three_kingdoms.state import (
    TKState,
    TurnStep,
    action_table,
    done,
    lay_face_down,
    machine,
)
from gameshelf.plugins.three_kingdoms.strategy import advise


def arrive(s: TKState) -> None:
    machine.call(s, "fate")


def fate_tax(s: TKState, card: str) -> int:
    special = yuan_shao_tax(s, card)
    return special if special is not None else POLITICS[card] * N.tax_per_politics


@cache
def fate_taxed(lord: LordId, card: CardId, amount: int) -> Msg:
    """The 天機 tax's log line, made once for each lord, card and sum."""
    return Msg("three_kingdoms.fate_taxed", lord=lord, card=card, amount=amount)


ADVISE, TAX = Action("advise"), action_table("tax")


@machine.step
class Fate(TurnStep):
    """Seed §2.2 D: advise (draw a strategy card) or tax with one card."""

    name, waiting = "fate", Msg("three_kingdoms.waiting_fate")

    def prompt(self, s: TKState, role: Role) -> Msg:
        if not s.hand[role]:
            return Msg("three_kingdoms.prompt_fate_empty_hand")
        return Msg("three_kingdoms.prompt_fate", per=N.tax_per_politics)

    def options(self, s: TKState, role: Role) -> Iterable[Option]:
        return all_legal([ADVISE, *map(TAX.__getitem__, s.hand[role])])

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:  # the options', made fast
        return [ADVISE, *map(TAX.__getitem__, s.hand[role])]

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        if action.type == "tax":
            return not_in_hand(s, role, action)
        return None

    def on_advise(self, s: TKState, role: Role, arg: None) -> None:
        advise(s, role)

    def on_tax(self, s: TKState, role: Role, card: str) -> None:
        s.hand[role].remove(card)
        lay_face_down(s, [card])
        amount = fate_tax(s, card)
        s.say(fate_taxed(s.lord[role], card, amount))
        collect(s, role, amount)
        done(s)
