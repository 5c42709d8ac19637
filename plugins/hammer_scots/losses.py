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

from gameshelf.plugins.hammer_scots.model import BLOCKS, OTHER_COLOUR, bix
from gameshelf.plugins.hammer_scots.state import (
    State,
    block_name,
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
    s.say(f"{block_name(s, b)} was captured and now fights for {side_of(new)}.")
    return new


def eliminate_in_battle(s: State, b: int) -> None:
    """RULES §7, rows "combat hits" and "cannot retreat"."""
    name = block_name(s, b)
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
        s.say("Edward I was killed; Edward II now leads England.")
    elif BLOCKS[b].black_cross:
        kill(s, b)
        s.say(f"{name} was killed.")
    else:
        to_pool(s, b)
        s.say(f"{name} was eliminated.")


def eliminate(s: State, b: int) -> None:
    """RULES §7, row "Pillage, border raid, Celtic unity, disbanding"."""
    if OTHER_COLOUR[b] >= 0:
        new = switch_sides(s, b, steps=1)
        s.say(f"{block_name(s, b)} changed sides and now serves {side_of(new)}.")
    else:
        to_pool(s, b)


def disband(s: State, b: int) -> None:
    """RULES §10: a disbanded block goes back to its pool at full strength."""
    to_pool(s, b)
