"""Action A: income (RULES §6 A, §13.11).

Up to the Bursa value of pieces (traders and merchants, the player's choice, one decision a
piece) from the player's own general stock into its personal supply; with Bursa at C, up to
all of them, chosen the same way (RULES §6 A: "up to" whatever the value). Fewer if fewer are
there. With an empty general stock the action is not offered (RULES
§13.11: it would do nothing).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.desk import ALL, bank
from gameshelf.plugins.hansa_britannia.state import (
    DONE,
    MERCHANT,
    TRADER,
    SeatStep,
    State,
    machine,
    stock_count,
)

INCOME = Action("income")
HIRE = (Action("trader"), Action("merchant"))
EMPTY_STOCK = Msg("hansa_britannia.stock_empty")
NONE_OF_SHAPE = (
    Msg("hansa_britannia.no_trader_in_stock"),
    Msg("hansa_britannia.no_merchant_in_stock"),
)
TAKE_ONE = Msg("hansa_britannia.hire_at_least_one")


def options(s: State, p: int) -> Iterable[Option]:
    return ((INCOME, None if stock_count(s, p) else EMPTY_STOCK),)


def legal(s: State, p: int) -> list[Action]:
    """The unrefused ``options`` (the turn's ``actions``)."""
    return [INCOME] if stock_count(s, p) else []


@frame_model
class Hire:
    seat: int
    limit: int  # pieces this Income may still hire
    taken: int = 0


def on_income(s: State, p: int, arg: None) -> None:
    limit = bank(s, p)
    machine.call(s, "income", Hire(seat=p, limit=stock_count(s, p) if limit == ALL else limit))


HANDLERS = {"income": on_income}


def _hire(s: State, p: int, sh: int, n: int) -> None:
    s.stock[p][sh] -= n
    s.supply[p][sh] += n


@machine.step
class Income(SeatStep):
    """The pieces of one Income action, one at a time, then done."""

    name, frame_type = "income", Hire
    waiting = Msg("hansa_britannia.waiting_income")

    def prompt(self, s: State, role: Role) -> Msg:
        f = self.frame(s)
        return Msg("hansa_britannia.income_prompt", count=f.limit - f.taken)

    def options(self, s: State, role: Role) -> Iterator[Option]:
        f = self.frame(s)
        for sh in (TRADER, MERCHANT):
            yield HIRE[sh], None if s.stock[f.seat][sh] else NONE_OF_SHAPE[sh]
        yield DONE, None if f.taken else TAKE_ONE

    def _take(self, s: State, sh: int) -> None:
        f = self.frame(s)
        _hire(s, f.seat, sh, 1)
        f.taken += 1
        if f.taken >= f.limit or not stock_count(s, f.seat):
            self._end(s)

    def _end(self, s: State) -> None:
        f = self.frame(s)
        s.announce("hansa_britannia.income", role=s.seats[f.seat], count=f.taken)
        machine.finish(s)

    def on_trader(self, s: State, role: Role, arg: None) -> None:
        self._take(s, TRADER)

    def on_merchant(self, s: State, role: Role, arg: None) -> None:
        self._take(s, MERCHANT)

    def on_done(self, s: State, role: Role, arg: None) -> None:
        self._end(s)
