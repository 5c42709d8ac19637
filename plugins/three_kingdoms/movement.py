"""Moving the pawn (seed §2.1, DESIGN §7.5).

The player chooses one die or two before rolling and moves its pawn clockwise (up the
space indices) by the total. Passing a space does nothing; only the space it stops on counts.
"""

from __future__ import annotations

from collections.abc import Iterable

from gameshelf.core.ruleset import Action, Role
from gameshelf.plugins.three_kingdoms.model import BOARD_SIZE, SPACE_LABEL, SPACE_LAND
from gameshelf.plugins.three_kingdoms.state import TKState, TurnStep, done, label, machine, who


def where(s: TKState, space: int) -> str:
    """A space in words, with who holds it: "許昌 Xuchang, held by 曹操 Cao Cao"."""
    land = SPACE_LAND[space]
    if land is None:
        return SPACE_LABEL[space]
    holder = s.owner[land]
    if holder is None:
        return f"{label(land)}, which nobody holds"
    if holder == s.turn:
        return f"{label(land)}, its own land"
    return f"{label(land)}, held by {who(s, holder)}"


DICE = (Action("dice", 1), Action("dice", 2))


@machine.step
class ChooseDice(TurnStep):
    """Seed §2.1: roll one die or two."""

    name, waiting = "choose_dice", "rolling"

    def prompt(self, s: TKState, role: Role) -> str:
        return f"Your turn (round {s.round}). Roll one die or two and move clockwise."

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:
        return DICE

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        if action.type == "dice":
            return "Roll one die or two."
        return None

    def on_dice(self, s: TKState, role: Role, count: int) -> None:
        d6 = s.rng.d6
        if count == 1:
            total = d6()
            s.dice = [total]
            rolled = str(total)
        else:
            first, second = d6(), d6()
            total = first + second
            s.dice = [first, second]
            rolled = f"{first}+{second}={total}"
        pos = s.pos
        space = pos[role] = (pos[role] + total) % BOARD_SIZE
        s.say(f"{who(s, role)} rolls {rolled} and stops on {where(s, space)}.")
        done(s)
