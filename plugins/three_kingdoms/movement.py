"""Moving the pawn (seed §2.1, DESIGN §7.5).

The player chooses one die or two before rolling and moves its pawn clockwise (up the
space indices) by the total. Passing a space does nothing; only the space it stops on counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option, all_legal
from gameshelf.core.i18n.messages import Msg, Param, compose
from gameshelf.plugins.three_kingdoms.model import BOARD_SIZE, SPACE_LAND, LordId
from gameshelf.plugins.three_kingdoms.state import TKState, TurnStep, machine

# The roll's log line, by (two dice, where the pawn stops): one whole sentence for each case.
ROLLED = {
    (False, "fate"): "three_kingdoms.rolled_fate",
    (False, "free"): "three_kingdoms.rolled_free",
    (False, "own"): "three_kingdoms.rolled_own",
    (False, "rival"): "three_kingdoms.rolled_rival",
    (True, "fate"): "three_kingdoms.rolled2_fate",
    (True, "free"): "three_kingdoms.rolled2_free",
    (True, "own"): "three_kingdoms.rolled2_own",
    (True, "rival"): "three_kingdoms.rolled2_rival",
}


@cache
def rolled_fate(lord: LordId, die: int) -> Msg:
    """One die to a 天機 space: the line made once for each lord and number."""
    return Msg(ROLLED[False, "fate"], lord=lord, die=die)


def landing(s: TKState, space: int, lord: str, dice: list[int], total: int) -> Msg:
    """The roll and the space it leads to, with who holds it: "Liu Bei rolls 5+6=11 and
    stops on Jianye, which nobody holds."; ``total`` is the dice's sum, which the roll
    already made."""
    land = SPACE_LAND[space]
    two = len(dice) == 2
    if land is None and not two:
        return rolled_fate(lord, total)  # the most repeated of them: made once (above)
    said: dict[str, Param | Msg]
    if two:
        first, second = dice
        said = {"lord": lord, "die": first, "die2": second, "total": total}
    else:
        said = {"lord": lord, "die": total}
    if land is None:  # a 天機 space
        return compose(ROLLED[two, "fate"], said)
    said["land"] = land
    holder = s.owner[land]
    if holder is None:
        return compose(ROLLED[two, "free"], said)
    if holder == s.turn:
        return compose(ROLLED[two, "own"], said)
    said["lord2"] = s.lord[holder]
    return compose(ROLLED[two, "rival"], said)


DICE = (Action("dice", 1), Action("dice", 2))


@machine.step
class ChooseDice(TurnStep):
    """Seed §2.1: roll one die or two."""

    name, waiting = "choose_dice", Msg("three_kingdoms.waiting_rolling")

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg("three_kingdoms.choose_dice", round=s.round)

    def options(self, s: TKState, role: Role) -> Iterable[Option]:
        return all_legal(DICE)

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:  # the options', made fast
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
