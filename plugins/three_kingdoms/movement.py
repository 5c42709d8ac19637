"""Moving the pawn (seed §2.1, DESIGN §7.5).

The player chooses one die or two before rolling and moves its pawn clockwise (up the
space indices) by the total. Passing a space does nothing; only the space it stops on counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import Action, Role
from gameshelf.plugins.three_kingdoms.model import BOARD_SIZE, SPACE_LAND, LordId
from gameshelf.plugins.three_kingdoms.state import TKState, TurnStep, machine


@cache
def rolled_fate(lord: LordId, die: int) -> Msg:
    """One die to a 天機 space: the line made once for each lord and number."""
    return Msg("three_kingdoms.rolled_fate", lord=lord, die=die)


def landing(s: TKState, space: int, lord: str, dice: list[int], total: int) -> Msg:
    """The roll and the space it leads to, with who holds it: "Liu Bei rolls 5+6=11 and
    stops on Jianye, which nobody holds." (one whole sentence for each case); ``total`` is
    the dice's sum, which the roll already made."""
    land = SPACE_LAND[space]
    if land is None:  # a 天機 space
        if len(dice) == 1:
            return rolled_fate(lord, total)
        first, second = dice
        return Msg("three_kingdoms.rolled2_fate", lord=lord, die=first, die2=second, total=total)
    holder = s.owner[land]
    if len(dice) == 1:
        if holder is None:
            return Msg("three_kingdoms.rolled_free", lord=lord, die=total, land=land)
        if holder == s.turn:
            return Msg("three_kingdoms.rolled_own", lord=lord, die=total, land=land)
        return Msg(
            "three_kingdoms.rolled_rival", lord=lord, die=total, land=land, lord2=s.lord[holder]
        )
    first, second = dice
    if holder is None:
        return Msg(
            "three_kingdoms.rolled2_free", lord=lord, die=first, die2=second, total=total, land=land
        )
    if holder == s.turn:
        return Msg(
            "three_kingdoms.rolled2_own", lord=lord, die=first, die2=second, total=total, land=land
        )
    return Msg(
        "three_kingdoms.rolled2_rival",
        lord=lord,
        die=first,
        die2=second,
        total=total,
        land=land,
        lord2=s.lord[holder],
    )


DICE = (Action("dice", 1), Action("dice", 2))


@machine.step
class ChooseDice(TurnStep):
    """Seed §2.1: roll one die or two."""

    name, waiting = "choose_dice", Msg("three_kingdoms.waiting_rolling")

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg("three_kingdoms.choose_dice", round=s.round)

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:
        return DICE

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        if action.type == "dice":
            return Msg("three_kingdoms.refuse_dice")
        return None

    def on_dice(self, s: TKState, role: Role, count: int) -> None:
        d6 = s.rng.d6
        if count == 1:
            total = d6()
            s.dice = [total]
        else:
            first, second = d6(), d6()
            total = first + second
            s.dice = [first, second]
        pos = s.pos
        space = pos[role] = (pos[role] + total) % BOARD_SIZE
        s.say(landing(s, space, s.lord[role], s.dice, total))
        machine.finish(s)  # a roll never ends the game (``done`` would ask): on to stage 2
