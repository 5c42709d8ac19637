"""The bots' reckoning of a position (``Ruleset.evaluate``): each side's chance to win.

In VP, positive for the US (the game's own convention, RULES §12):

- the VP marker itself;
- the regions' standing (RULES §11): what each main region would give if it were scored now,
  counted at half, since each is scored again only when its card comes up, or at the end;
- the cards: the Ops in each hand (a tenth of a VP each) and The China Card (one VP to its
  holder, RULES §10);
- DEFCON danger (RULES §8, §9): the VP a side would lose for its military operations short
  of DEFCON at the turn's end, counted at half (it may still make them up), and a VP against
  the side to act at DEFCON 2, where a coup or a war card ends the game against it.

A lead of 5 VP makes a side e times as likely to win as the other (``win_chances``).
"""

from __future__ import annotations

from gameshelf.core.engine.ruleset import Role, win_chances
from gameshelf.plugins.twilight_struggle.model import MAIN_REGIONS, OPS, US, USSR
from gameshelf.plugins.twilight_struggle.scoring import standing
from gameshelf.plugins.twilight_struggle.state import State

REGION_WEIGHT = 0.5
OPS_WEIGHT = 0.1
CHINA_VP = 1.0
SHORT_WEIGHT = 0.5
DEFCON_2_DANGER = 1.0
SPREAD = 5.0


def regions(s: State) -> float:
    """The regions' standing, US minus USSR, in VP."""
    total = 0
    for region in MAIN_REGIONS:
        result = standing(s, region)
        total += result[US][1] - result[USSR][1]
    return total


def cards(s: State) -> float:
    ops = sum(OPS[c] for c in s.hands[US]) - sum(OPS[c] for c in s.hands[USSR])
    china = CHINA_VP if s.china == US else -CHINA_VP
    return OPS_WEIGHT * ops + china


def danger(s: State) -> float:
    """DEFCON danger, in VP for the US (see the module)."""
    short = {side: max(0, s.defcon - s.milops[side]) for side in (US, USSR)}
    total = SHORT_WEIGHT * (short[USSR] - short[US])
    if s.defcon == 2 and s.phasing:
        total += DEFCON_2_DANGER if s.phasing == USSR else -DEFCON_2_DANGER
    return total


def us_lead(s: State) -> float:
    return s.vp + REGION_WEIGHT * regions(s) + cards(s) + danger(s)


def evaluate(s: State) -> dict[Role, float]:
    """Each side's chance to win (see the module); the outcome once the game is over."""
    ended = s.outcome
    if ended is not None:
        if not ended.winners:
            return {US: 0.5, USSR: 0.5}
        return {side: float(side in ended.winners) for side in (US, USSR)}
    return win_chances({US: us_lead(s), USSR: 0.0}, SPREAD)
