"""Where an eliminated block goes (RULES §6.5, §7, §11.1).

Two ways to lose a block, as the table of RULES §7 has them:

- ``eliminate_in_battle``: by combat hits or because it could not retreat. A two-coloured
  noble is captured (the other colour at 1 step, in reserve); Moray dies; black-cross blocks
  (Wallace, Norse, French Knights, Hobelars) are out for good; Edward I becomes Edward II and
  goes to the English pool; Edward II's death wins for Scotland and the King's for England;
  every other block goes to its pool at full strength.
- ``eliminate``: by Pillage, a border raid, Celtic unity or disbanding. A two-coloured noble
  (Pillage) switches sides at 1 step, not in reserve; every other block, black-cross and
  kings included, goes to its pool at full strength (RULES §14.3 [impl]: no win).

Used by battle.py, events.py, raids.py and winter.py. Log lines name only what both sides
see: a captured noble changes colour in front of both players, and blocks lost in battle
were revealed there.
"""

from __future__ import annotations

from gameshelf.plugins.hammer_scots.model import BLOCK_ID, BLOCKS, OTHER_COLOUR, bix
from gameshelf.plugins.hammer_scots.state import (
    State,
    block_ref,
    kill,
    side_of,
    switch_sides,
    to_pool,
)
from gameshelf.plugins.hammer_scots.victory import edward_ii_killed, king_killed

KING = bix("king")
EDWARD = bix("edward")


def capture(s: State, b: int) -> int:
    """RULES §6.5: the noble changes sides at 1 step and waits in reserve; the new block."""
    new = switch_sides(s, b, steps=1)
    s.reserves.append(new)
    s.announce("hammer_scots.captured", block=BLOCK_ID[b], role=side_of(new))
    return new


def eliminate_in_battle(s: State, b: int) -> None:
    """RULES §7, rows "combat hits" and "cannot retreat"."""
    name = block_ref(s, b)
    if OTHER_COLOUR[b] >= 0:
        capture(s, b)
    elif b == KING:
        kill(s, b)
        king_killed(s)
    elif b == EDWARD and s.edward == 2:
        kill(s, b)
        edward_ii_killed(s)
    elif b == EDWARD:
        # RULES §11.1: a killed Edward I is not removed; his son takes the block to the pool.
        s.edward = 2
        to_pool(s, b)
        s.announce("hammer_scots.edward_i_killed")
    elif BLOCKS[b].black_cross:
        kill(s, b)
        s.announce("hammer_scots.killed", block=name)
    else:
        to_pool(s, b)
        s.announce("hammer_scots.eliminated", block=name)


def eliminate(s: State, b: int) -> None:
    """RULES §7, row "Pillage, border raid, Celtic unity, disbanding"."""
    if OTHER_COLOUR[b] >= 0:
        new = switch_sides(s, b, steps=1)
        s.announce("hammer_scots.changed_sides", block=BLOCK_ID[b], role=side_of(new))
    else:
        to_pool(s, b)


def disband(s: State, b: int) -> None:
    """RULES §10: a disbanded block goes back to its pool at full strength."""
    to_pool(s, b)
