"""Lasting effects, one mechanism (RULES §6, §16.7): an effect is the card whose event made
it, the side it belongs to, and its expiry ("turn": it ends with the turn; "game": until an
event cancels it or the game ends). Rules ask ``in_effect``/``effect``; nothing else keeps
flags of its own.

A card with a lasting effect goes where its event sends it (starred: out of the game) at
once; an underlined card that is not starred stays out beside the board while its effect is
in force and goes to the discard pile when the effect ends (RULES §13).

The effects other rules ask about are named here, with the question they ask: the trap a
side is in (``trap_of``: its action round is rounds.TrappedRound), North Sea Oil's extra
action round (``north_sea_oil``: rounds.rounds_total), Cuban Missile Crisis and the
Influence that cancels it (``CRISIS``: operations.coup, mid_war.CancelCrisis, the view).
"""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import CARDS, US, USSR
from gameshelf.plugins.twilight_struggle.state import Effect, State

TURN, GAME = "turn", "game"


def add_effect(
    s: State, card: int, side: str, until: str = TURN, *, region: str = "", turn: int = 0
) -> None:
    """``card``'s event is in effect for ``side`` until ``until`` (replacing an older one);
    ``region``: the region it names (Chernobyl); ``turn``: the turn it began, kept where the
    effect needs it (North Sea Oil's extra action round)."""
    s.effects = [e for e in s.effects if e.card != card]
    s.effects.append(Effect(card=card, side=side, until=until, region=region, turn=turn))


def effect(s: State, card: int) -> Effect | None:
    for e in s.effects:
        if e.card == card:
            return e
    return None


def in_effect(s: State, card: int) -> bool:
    return effect(s, card) is not None  # a plain loop: no generator on the hot path


def kept_out(card: int) -> bool:
    """Whether a played card waits beside the board while its effect lasts (RULES §13)."""
    c = CARDS[card]
    return c.underlined and not c.starred


def end_effect(s: State, card: int) -> None:
    """The effect of ``card`` ends (cancelled or expired); a card kept out is discarded."""
    found = effect(s, card)
    if found is None:
        return
    s.effects.remove(found)
    s.announce("twilight_struggle.effect_ends", card=card)
    if kept_out(card):
        s.deck.discard(card)


def expire(s: State, until: str = TURN) -> None:
    """RULES §16.7: the effects that end now (at the end of the turn: every "turn" one)."""
    for e in [e for e in s.effects if e.until == until]:
        end_effect(s, e.card)


# --- the effects other rules ask about (RULES §4, §14) ---------------------------------------

CRISIS = 40  # Cuban Missile Crisis: a coup by its victim loses the game (operations.coup)
# the Influence the crisis's victim removes to cancel it (RULES §14)
CRISIS_COUNTRIES: dict[str, tuple[str, ...]] = {USSR: ("cuba",), US: ("west_germany", "turkey")}

QUAGMIRE, BEAR_TRAP = 42, 44
TRAPS = {QUAGMIRE: US, BEAR_TRAP: USSR}  # the card, and the side it traps


def trap_of(s: State, side: str) -> int:
    """The trap (Quagmire or Bear Trap) ``side`` is in, or 0."""
    for card, trapped in TRAPS.items():
        if trapped == side and in_effect(s, card):
            return card
    return 0


NORTH_SEA_OIL = 86
NORTH_SEA_OIL_ROUNDS = 8  # the card: the US takes 8 action rounds in the turn it is played


def north_sea_oil(s: State, side: str) -> bool:
    """North Sea Oil: the US takes 8 action rounds in the turn the event happened (RULES §4:
    "8 ARs in the turn it is played"; its extra round comes after the normal rounds)."""
    found = effect(s, NORTH_SEA_OIL) if side == US else None
    return found is not None and found.turn == s.turn
