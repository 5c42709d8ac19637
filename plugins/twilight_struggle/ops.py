"""RULES §6 (Ops modifiers) and §10: what a card is worth in Operations for a side.

Modifiers belong to the player using the card, add up, and count for every purpose (coup,
military operations, Space Race, discard thresholds): Containment +1 for the US, Brezhnev
Doctrine +1 for the USSR (neither above 4), Red Scare/Purge -1 for the opponent of its player
(never below 1). The regional bonuses are separate Ops that exist only while every Op of the
card goes into their region (§7.1, §16.2): The China Card +1 in Asia, Vietnam Revolts +1 for
the USSR in Southeast Asia; they are not bound by the ceiling of 4.
"""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.effects import effect, in_effect
from gameshelf.plugins.twilight_struggle.model import CHINA, IN_REGION, OPS, US, USSR
from gameshelf.plugins.twilight_struggle.state import State

CONTAINMENT, BREZHNEV, RED_SCARE, VIETNAM_REVOLTS = 25, 51, 31, 9
MAX_OPS, MIN_OPS = 4, 1


def ops_value(s: State, side: str, card: int) -> int:
    """The card's Ops for ``side``, modified, without the regional bonuses."""
    return modified(s, side, OPS[card])


def modified(s: State, side: str, ops: int) -> int:
    """``ops`` printed Ops as ``side`` uses them (an event's "as if a 4-Ops card" too)."""
    if ops == 0:
        return 0  # a scoring card has no Ops
    if (side == US and in_effect(s, CONTAINMENT)) or (side == USSR and in_effect(s, BREZHNEV)):
        ops = min(MAX_OPS, ops + 1)
    scare = effect(s, RED_SCARE)
    if scare is not None and scare.side != side:
        ops = max(MIN_OPS, ops - 1)
    return ops


def region_bonuses(s: State, side: str, card: int) -> list[str]:
    """The regions in which one more Op is there if every Op goes into them (one per entry)."""
    bonuses = []
    if card == CHINA:
        bonuses.append("asia")
    if side == USSR and in_effect(s, VIETNAM_REVOLTS):
        bonuses.append("southeast_asia")
    return bonuses


def ops_in(s: State, side: str, card: int, country: int) -> int:
    """All the Ops of the card spent on ``country`` (a coup): its value and the bonuses of
    the regions the country is in."""
    bonus = sum(1 for r in region_bonuses(s, side, card) if IN_REGION[r][country])
    return ops_value(s, side, card) + bonus
