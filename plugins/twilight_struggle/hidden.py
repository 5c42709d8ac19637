"""Hidden information, all in one module (issue 11 item 1 will make it declarative).

- Each side sees its own hand and only the size of the other's; a spectator sees sizes.
- Nobody sees the draw pile's cards or order; its size is public.
- Cards an event has a side look at apart from its hand (Our Man in Tehran's top five,
  ``State.set_aside``) are seen by that side; the other sees how many.
- A headline stays secret until both have chosen (the core's secret choice keeps it in its
  frame and re-picks it in ``hide``; the headline shown first under Man in Earth Orbit is
  public once shown).
- The discard pile, the removed cards, The China Card and the effects are public.
- Cards an event shows a side (CIA Created: the USSR's hand to the US; The Cambridge Five:
  the US's scoring cards to the USSR) are in that side's view only, until the next action
  round begins (``State.shown``); nothing of them stays afterwards. Under Aldrich Ames
  Remix the whole US hand is face up for everyone until the end of the turn.

``shuffle_hidden`` re-deals what ``role`` cannot see: the other hand (both, for a spectator)
and the draw pile are pooled, shuffled and dealt back in the same sizes; cards the role has
been shown, and a card chosen in an action round and not yet used (face up, though still in
its side's hand), stay where they are.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.rng import Rng
from gameshelf.plugins.twilight_struggle.cards_view import card_view
from gameshelf.plugins.twilight_struggle.effects import in_effect
from gameshelf.plugins.twilight_struggle.model import SIDES, US
from gameshelf.plugins.twilight_struggle.state import State


def hands_view(s: State, role: str | None) -> dict[str, Any]:
    """The seat's own hand (``None`` for a spectator) and every hand's size."""
    return {
        "hand": None if role not in SIDES else [card_view(c) for c in s.hands[role]],
        "hand_sizes": {side: len(s.hands[side]) for side in SIDES},
        "draw_pile": len(s.deck.draw_pile),
        "shown": [card_view(c) for c in face_up(s, role)],
        # the cards an event has this seat look at (Our Man in Tehran), and how many each
        # side looks at
        "set_aside": [card_view(c) for c in s.set_aside.get(role or "", [])],
        "set_aside_sizes": {side: len(cards) for side, cards in s.set_aside.items()},
    }


def in_play(s: State) -> set[int]:
    """The cards chosen in an action round and not yet used: still in their side's hand, but
    face up for everyone (the view shows them as ``playing``)."""
    from gameshelf.plugins.twilight_struggle.rounds import Play  # rounds builds on the state

    return {frame.args.card for frame in s.stack if isinstance(frame.args, Play)}


ALDRICH_AMES = 98


def face_up(s: State, role: str | None) -> list[int]:
    """The other side's cards ``role`` sees: those an event showed it this round, and the
    whole US hand while Aldrich Ames Remix is in effect (face up for everyone, RULES §14)."""
    shown = s.shown.get(role or "", [])
    if role != US and in_effect(s, ALDRICH_AMES):
        return [*shown, *(c for c in s.hands[US] if c not in shown)]
    return shown


def shuffle_hidden(s: State, role: str | None, rng: Rng) -> None:
    """Re-deal, in place, every card ``role`` may not see (see the module)."""
    hidden = [side for side in SIDES if side != role]
    seen = set(face_up(s, role)) | in_play(s)
    pool = [c for side in hidden for c in s.hands[side] if c not in seen]
    pool += [c for side in hidden for c in s.set_aside.get(side, [])]
    pool += s.deck.draw_pile
    rng.shuffle(pool)
    for side in hidden:
        kept = [c for c in s.hands[side] if c in seen]
        n = len(s.hands[side]) - len(kept)
        s.hands[side], pool = kept + pool[:n], pool[n:]
        if side in s.set_aside:
            n = len(s.set_aside[side])
            s.set_aside[side], pool = pool[:n], pool[n:]
    s.deck.draw_pile = pool
