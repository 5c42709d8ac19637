"""The bots' reckoning of a position (``Ruleset.evaluate``): each side's chance to win.

Nobles decide the game (RULES §9, §12): the side holding more nobles on the map when the last
winter ends wins, and a side holding none loses at once. So the reckoning is the nobles each
side holds, then the strength of its blocks on the map (the steps they have left: what the
next battles and the winter's defections will be fought with), with the nobles weighing more
as the last year comes near. The Scottish King and Edward II lost in battle end the game
(RULES §12): their steps count three times.
"""

from __future__ import annotations

from gameshelf.core.ruleset import Role, win_chances
from gameshelf.plugins.hammer_scots.model import ENGLISH, SCOTTISH, SIDE_RANGE, bix
from gameshelf.plugins.hammer_scots.state import State, nobles_on_map
from gameshelf.plugins.hammer_scots.victory import last_year, outcome

NOBLE = 1.0  # a noble held, in the reckoning's points
STEP = 0.12  # a step of a block on the map
LEADERS = (bix("king"), bix("edward"))  # their loss ends the game (RULES §12)
SPREAD_FIRST, SPREAD_LAST = 3.0, 1.2  # how far a lead is from a sure win: first, last year


def strength(s: State, side: str) -> int:
    """The steps of ``side``'s blocks on the map, its leaders' three times."""
    start, stop = SIDE_RANGE[side]  # type: ignore[index]  # a role is a str; keys are Side
    location, steps = s.location, s.steps
    total = 0
    for b in range(start, stop):
        if location[b] >= 0:
            total += steps[b] * (3 if b in LEADERS else 1)
    return total


def points(s: State, side: str) -> float:
    return NOBLE * len(nobles_on_map(s, side)) + STEP * strength(s, side)


def evaluate(s: State) -> dict[Role, float]:
    """Each side's chance to win (see the module); the outcome once the game is over."""
    ended = outcome(s)
    if ended is not None:
        return {side: float(side in ended.winners) for side in (ENGLISH, SCOTTISH)}
    years = max(1, last_year(s) - s.first_year)
    progress = min(1.0, max(0.0, (s.year - s.first_year) / years))
    spread = SPREAD_FIRST + (SPREAD_LAST - SPREAD_FIRST) * progress
    return win_chances({side: points(s, side) for side in (ENGLISH, SCOTTISH)}, spread)
