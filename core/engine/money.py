"""Money: each holder's cash, payments between holders and the bank.

``None`` stands for the bank, which never runs out. A payment never takes a holder below
zero silently: ``pay`` refuses it (:class:`NotEnoughMoney`) unless the caller asks for what
can be paid (``partial=True``) and handles the shortfall by its own rules.
"""

from __future__ import annotations

from pydantic import Field

from gameshelf.core.engine.state_model import state_model


class NotEnoughMoney(Exception):
    def __init__(self, holder: str, need: int, has: int) -> None:
        super().__init__(f"{holder} needs {need} and has {has}")
        self.holder, self.need, self.has = holder, need, has


@state_model
class Purse:
    """Cash by holder (a role or any name the game uses)."""

    cash: dict[str, int] = Field(default_factory=dict)

    def __getitem__(self, holder: str) -> int:
        return self.cash.get(holder, 0)

    def gain(self, holder: str, amount: int) -> None:
        """Take ``amount`` from the bank."""
        if amount < 0:
            raise ValueError("gain takes a non-negative amount")
        cash = self.cash  # read directly: self[...] is a Python call (a hot path of 3K)
        cash[holder] = cash.get(holder, 0) + amount

    def pay(self, payer: str, payee: str | None, amount: int, *, partial: bool = False) -> int:
        """Move money from ``payer`` to ``payee`` (``None``: the bank); returns what was paid."""
        if amount < 0:
            raise ValueError("pay takes a non-negative amount")
        cash = self.cash  # as in gain
        has = cash.get(payer, 0)
        if amount > has and not partial:
            raise NotEnoughMoney(payer, amount, has)
        paid = amount if amount <= has else has
        cash[payer] = has - paid
        if payee is not None:
            cash[payee] = cash.get(payee, 0) + paid
        return paid

    def can_pay(self, holder: str, amount: int) -> bool:
        return self[holder] >= amount
