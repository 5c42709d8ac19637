"""RULES §11: regional scoring (the seven scoring cards) and final scoring.

Each side gets the one award that applies in the region (Control, else Domination, else
Presence, else nothing), +1 VP per battleground it controls there and +1 VP per country it
controls there that touches the enemy superpower; only the difference moves the marker.
Control of Europe when Europe is scored wins the game. Southeast Asia Scoring counts only
its seven countries (Thailand 2 VP). Formosan Resolution makes a US-controlled Taiwan a
battleground for Asia scoring, final scoring included.
"""

from __future__ import annotations

from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.effects import in_effect
from gameshelf.plugins.twilight_struggle.model import (
    BATTLEGROUND,
    BOX,
    CARDS,
    CHINA,
    CIX,
    MAIN_REGIONS,
    MEMBERS,
    OTHER,
    SCORING,
    SEA_SCORING,
    SIDES,
    TOUCHES,
    US,
    USSR,
)
from gameshelf.plugins.twilight_struggle.state import (
    State,
    check_vp,
    controls,
    declare_winner,
    gain_vp,
)

FORMOSAN = 35
TAIWAN = CIX["taiwan"]
SEA_VP = tuple((CIX[c], vp) for c, vp in SEA_SCORING.items())


def is_battleground(s: State, c: int) -> bool:
    """Printed battlegrounds, and Taiwan under Formosan Resolution while the US controls it."""
    if BATTLEGROUND[c]:
        return True
    return c == TAIWAN and in_effect(s, FORMOSAN) and controls(s, US, c)


def standing(s: State, region: str, left_out: int = -1) -> dict[str, tuple[str, int]]:
    """Each side's award in ``region`` ("control", "domination", "presence" or "") and its
    VP (award and bonuses), before the difference is taken; ``left_out``: a country Shuttle
    Diplomacy takes out of this scoring entirely."""
    members = [c for c in MEMBERS[region] if c != left_out]
    bgs = [c for c in members if is_battleground(s, c)]
    counts = {side: sum(1 for c in members if controls(s, side, c)) for side in SIDES}
    bg_counts = {side: sum(1 for c in bgs if controls(s, side, c)) for side in SIDES}
    table = SCORING[region]
    out: dict[str, tuple[str, int]] = {}
    for side in SIDES:
        other = OTHER[side]
        n, b = counts[side], bg_counts[side]
        if n > counts[other] and bgs and b == len(bgs):
            award, vp = "control", table.control or 0
        elif n > counts[other] and b > bg_counts[other] and b >= 1 and n - b >= 1:
            award, vp = "domination", table.domination
        elif n >= 1:
            award, vp = "presence", table.presence
        else:
            award, vp = "", 0
        enemy_box = BOX[other]
        vp += b + sum(1 for c in members if TOUCHES[c] == enemy_box and controls(s, side, c))
        out[side] = (award, vp)
    return out


def score_region(s: State, region: str, left_out: int = -1) -> bool:
    """Score ``region``: VP, or the game for Control of Europe. Returns whether it ended."""
    result = standing(s, region, left_out)
    if region == "europe":
        for side in SIDES:
            if result[side][0] == "control":
                declare_winner(
                    s,
                    side,
                    "europe_control",
                    Msg("twilight_struggle.won_europe", role=side),
                )
                return True
    us_vp, ussr_vp = result[US][1], result[USSR][1]
    s.vp += us_vp - ussr_vp
    s.announce(
        "twilight_struggle.scored",
        region=region,
        vp=ussr_vp,
        vp2=us_vp,
        award=_award(result[USSR][0]),
        award2=_award(result[US][0]),
    )
    return False


AWARDS = {
    "control": Msg("twilight_struggle.award_control"),
    "domination": Msg("twilight_struggle.award_domination"),
    "presence": Msg("twilight_struggle.award_presence"),
    "": Msg("twilight_struggle.award_none"),
}


def _award(award: str) -> Msg:
    return AWARDS[award]


def score_southeast_asia(s: State) -> None:
    """Southeast Asia Scoring: 1 VP per country controlled there, 2 for Thailand."""
    vp = {side: sum(v for c, v in SEA_VP if controls(s, side, c)) for side in SIDES}
    s.vp += vp[US] - vp[USSR]
    s.announce("twilight_struggle.scored_sea", vp=vp[USSR], vp2=vp[US])


def play_scoring_card(s: State, card: int, left_out: int = -1) -> None:
    """A scoring card played as an event (headline or action round); ``left_out``: the
    country Shuttle Diplomacy takes out of it."""
    region = CARDS[card].scoring_region
    if region == "southeast_asia":
        score_southeast_asia(s)
    elif region is not None and score_region(s, region, left_out):
        return
    check_vp(s)


def final_scoring(s: State) -> None:
    """RULES §11, §12.5: every region (Europe Control wins), the China Card's VP, then the
    VP decide; reaching 20 during it does not end the game early."""
    s.final_scoring = True
    s.announce("twilight_struggle.final_scoring")
    for region in MAIN_REGIONS:
        if score_region(s, region):
            return
    gain_vp(s, s.china, 1)
    s.announce("twilight_struggle.china_vp", role=s.china, card=CHINA)
    if s.vp == 0:
        declare_winner(s, "", "final_scoring", Msg("twilight_struggle.drawn"))
        return
    winner = US if s.vp > 0 else USSR
    declare_winner(
        s,
        winner,
        "final_scoring",
        Msg("twilight_struggle.won_final", role=winner, vp=abs(s.vp)),
    )
