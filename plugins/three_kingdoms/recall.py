"""Recalling face-down cards (seed §2.4, DESIGN §7.14, §7.22).

At the end of its own turn, a player with an empty hand takes every card face down in front
of it back into its hand, including talents pushed off lost lands. 苦肉計 is the only other
recall (``strategy``). 劉備 coming back this way brings 500 from the bank (``lords``).
"""

from __future__ import annotations

from functools import cache

from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.three_kingdoms.lords import LIU_BEI, liu_bei_bonus
from gameshelf.plugins.three_kingdoms.model import LordId
from gameshelf.plugins.three_kingdoms.money import collect
from gameshelf.plugins.three_kingdoms.state import Seat, TKState


@cache
def recalled(lord: LordId, count: int) -> Msg:
    """The recall's log line, made once for each lord and number of cards."""
    return Msg("three_kingdoms.recalled", lord=lord, count=count)


@cache
def liu_bei_came_back(lord: LordId, amount: int) -> Msg:
    """劉備's bonus at a recall: one line, made once."""
    return Msg("three_kingdoms.liu_bei_bonus", card=LIU_BEI, lord=lord, amount=amount)


def recall(s: TKState, seat: Seat) -> None:
    """Every face-down card of ``seat`` goes back into its hand."""
    cards = s.down[seat]
    s.down[seat] = []
    s.hand[seat].extend(cards)
    s.say(recalled(s.lord[seat], len(cards)))
    bonus = liu_bei_bonus(s, cards)
    if bonus:
        s.say(liu_bei_came_back(s.lord[seat], bonus))
        collect(s, seat, bonus)


def at_end_of_turn(s: TKState) -> None:
    """Seed §2.4: only with an empty hand, and only if something lies face down.

    The seed says the player "may" recall; DESIGN §7.14 has it take the cards, and holding
    no card can only hurt (forced tolls, no plan, no tax), so the recall is automatic.
    """
    seat = s.turn
    if not s.hand[seat] and s.down[seat]:
        recall(s, seat)
