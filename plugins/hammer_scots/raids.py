"""Border raids and the end of a game turn (RULES §8, §9).

"border_raids" is called by the game turn (cards.py) after the battle phase (battle.py),
once every battle of the game turn is fought. If Scottish blocks hold England with no
English block there, England must eliminate one of its non-noble blocks on the map (its
choice; Edward and black-cross blocks too; it goes to the English pool, RULES §7). Then
the sudden-death check (victory.py, RULES §9) and, unless the game ended, the end of the
game turn: back to the year (cards.py), which plays the next game turn or the winter.
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.losses import eliminate
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    BLOCK_IX,
    ENGLAND,
    ENGLISH,
    IS_NOBLE,
    SCOTTISH,
    SIDE_BLOCKS,
)
from gameshelf.plugins.hammer_scots.state import PICK_BLOCK, State, has_side, machine
from gameshelf.plugins.hammer_scots.victory import check_sudden_death


def is_raided(s: State) -> bool:
    """RULES §8: Scottish blocks hold England and no English block stands there."""
    return has_side(s, ENGLAND, SCOTTISH) and not has_side(s, ENGLAND, ENGLISH)


def raid_losses(s: State) -> list[int]:
    """The blocks England may lose to a raid: any non-noble English block on the map."""
    loc = s.location
    return [b for b in SIDE_BLOCKS[ENGLISH] if loc[b] >= 0 and not IS_NOBLE[b]]


def lose_to_raid(s: State, b: int) -> None:
    s.announce("hammer_scots.raid_loss", area=AREA_ID[s.location[b]])
    eliminate(s, b)


def end_of_game_turn(s: State) -> None:
    """RULES §9: the sudden-death check, then the game turn is over."""
    check_sudden_death(s)
    machine.finish(s)


@machine.step
class BorderRaids(Step[State]):
    """RULES §8: England pays for Scottish raiders left in England."""

    name, waiting = "border_raids", Msg("hammer_scots.choosing_a_raid_loss")

    def begin(self, s: State) -> None:
        if not is_raided(s):
            end_of_game_turn(s)
            return
        losses = raid_losses(s)
        if not losses:
            s.announce("hammer_scots.raiders_nothing_to_lose")
            end_of_game_turn(s)
        elif len(losses) == 1:
            s.announce("hammer_scots.raiders_hold_england")
            lose_to_raid(s, losses[0])
            end_of_game_turn(s)
        else:
            s.announce("hammer_scots.raiders_england_chooses")
            s.active = [ENGLISH]

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.choose_a_raid_loss")

    def options(self, s: State, role: str) -> Iterator[Option]:
        for b in raid_losses(s):
            yield PICK_BLOCK[b], None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            b = BLOCK_IX.get(action.arg, -1) if isinstance(action.arg, str) else -1
            if b >= 0 and IS_NOBLE[b]:
                return Msg("hammer_scots.raid_spares_nobles")
            return Msg("hammer_scots.choose_a_non_noble")
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        lose_to_raid(s, BLOCK_IX[arg])
        end_of_game_turn(s)
