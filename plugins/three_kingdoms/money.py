"""Money changing hands, and the wins it triggers (DESIGN §7.15, §7.17).

Money never goes below zero: a player who owes more than it holds pays all it has, and
reaching exactly 0 is losing all money (失去所有金錢): the player it paid wins as hegemon.
The bank never runs out and never wins: a payment to the bank is always optional and needs
enough cash (only 苦肉計 asks for one).
"""

from __future__ import annotations

from gameshelf.plugins.three_kingdoms.state import Seat, TKState
from gameshelf.plugins.three_kingdoms.victory import check_founding, declare_winner


def pay(s: TKState, payer: Seat, payee: Seat, amount: int) -> int:
    """``payer`` pays ``payee`` (everything it has, if less); returns what was paid.

    DESIGN §7.17: one payment can both ruin the payer and found the payee's state; either
    way the payee wins. We name the ruin (``hegemony_money``) as the reason, since it is what
    the payment did to the table.
    """
    # DESIGN §7.17: only the payee can newly qualify for a win here, so two winners at once
    # cannot arise from a payment.
    paid = s.money.pay(payer, payee, amount, partial=True)
    if paid and s.money.cash.get(payer, 0) == 0:  # s.money[payer], without a Python call
        declare_winner(s, payee, "hegemony_money")
    else:
        check_founding(s, payee)
    return paid


def collect(s: TKState, seat: Seat, amount: int) -> None:
    """``seat`` takes ``amount`` from the bank."""
    s.money.gain(seat, amount)
    check_founding(s, seat)


def pay_bank(s: TKState, seat: Seat, amount: int) -> None:
    """``seat`` pays the bank; callers only offer this when it holds more than ``amount``."""
    if s.money[seat] <= amount:
        raise ValueError(f"{seat} cannot pay the bank {amount} from {s.money[seat]}")
    s.money.pay(seat, None, amount)
