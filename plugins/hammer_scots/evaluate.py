"""The bots' reckoning of a position (``Ruleset.evaluate``): each side's chance to win.

Nobles decide the game (RULES §9, §12): the side holding more nobles on the map when the last
winter ends wins, and a side holding none loses at once. So the reckoning is the nobles each
side holds, then the strength of its blocks on the map (the steps they have left: what the
next battles and the winter's defections will be fought with). The Scottish King and
Edward II lost in battle end the game (RULES §12): their steps count three times.

England's lead melts. Every winter sends English armies home and nobles back to their own
side (RULES §10), and Scotland recruits. In 39 Braveheart games of the greedy bot against
itself (seeds 500-539), England began 11 points ahead (11 nobles to 3) and won 12 (31%);
the lead that made an even game fell from about 13.5 points with 8 years left to 2.5 in the
last year, about ``MELT`` points a year plus ``EVEN`` (the steps England keeps, which count
for nothing at the end). A lead beyond that is read with a spread of ``SPREAD`` points
(``win_chances``), which fitted every year alike. The reckoning used to read the points
lead alone, with a spread of 3 to 1.2: it gave England 97.6% at the start of Braveheart,
and every English move then looked alike to the search (0.983-0.987).
"""

from __future__ import annotations

from gameshelf.core.engine.ruleset import Role, win_chances
from gameshelf.plugins.hammer_scots.model import ENGLISH, SCOTTISH, SIDE_RANGE, bix
from gameshelf.plugins.hammer_scots.state import State, nobles_on_map
from gameshelf.plugins.hammer_scots.victory import last_year

NOBLE = 1.0  # a noble held, in the reckoning's points
STEP = 0.12  # a step of a block on the map
LEADERS = (bix("king"), bix("edward"))  # their loss ends the game (RULES §12)
MELT = 1.35  # England's lead lost a year left, in points (see the module)
EVEN = 2.5  # England's lead that is an even game in the last year
SPREAD = 3.0  # a lead this far beyond even makes a side e times as likely to win


def strength(s: State, side: str) -> int:
    """The steps of ``side``'s blocks on the map, its leaders' three times."""
    start, stop = SIDE_RANGE[side]  # type: ignore[index]  # a role is a str; keys are Side
    location, steps = s.location, s.strength
    total = 0
    for b in range(start, stop):
        if location[b] >= 0:
            total += steps[b] * (3 if b in LEADERS else 1)
    return total


def points(s: State, side: str) -> float:
    return NOBLE * len(nobles_on_map(s, side)) + STEP * strength(s, side)


def evaluate(s: State) -> dict[Role, float]:
    """Each side's chance to win (see the module); the outcome once the game is over."""
    ended = s.outcome
    if ended is not None:
        return {side: float(side in ended.winners) for side in (ENGLISH, SCOTTISH)}
    left = max(0, last_year(s) - s.year)
    lead = points(s, ENGLISH) - points(s, SCOTTISH) - EVEN - MELT * left
    return win_chances({ENGLISH: lead, SCOTTISH: 0.0}, SPREAD)
