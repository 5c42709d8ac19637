"""Hidden information, declared with the core's parts (core/engine/hidden.py; issue 11 item 1).

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

``HIDDEN`` declares it: the hands, the looks and the draw pile are one core ``Exchange``
(what a role cannot see in them is dealt again among them, each keeping its size), wrapped
by ``CardsSeen``, which keeps in place the cards of a hidden hand the role knows (shown to
it, face up under Aldrich Ames, or chosen for the action round under way: face up, though
still in the hand), a knowledge that depends on the viewer, which the core's ``fixed``
(per owner) cannot say. Its ``shown`` is what the hands show others for a while (the
headlines once shown, the face-up US hand), so the core marks new information when an
action shows more; the events that show cards only at that moment mark it themselves (see
``CardsSeen.shown``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from gameshelf.core.engine.hidden import DrawPile, Exchange, Hands, Hidden
from gameshelf.core.engine.rng import Rng
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


def known(s: State, role: str | None) -> set[int]:
    """The cards of the other side's hand ``role`` knows: shown to it, face up, in play."""
    return set(face_up(s, role)) | in_play(s)


class CardsSeen(Hidden[State]):
    """The hands, the looks and the draw pile as one core exchange, keeping in place the
    cards of a hidden hand the role knows (see the module)."""

    watched = True  # an event showing cards is new information (``shown``)

    def __init__(self) -> None:
        self.cards: Exchange[State] = Exchange(Hands("hands"), Hands("set_aside"), DrawPile("deck"))

    def hide(self, s: State, role: str | None, rng: Rng) -> None:
        seen = known(s, role)
        lifted: dict[str, list[tuple[int, int]]] = {}
        for side in SIDES:
            hand = s.hands[side]
            if side != role and seen.intersection(hand):
                lifted[side] = [(i, c) for i, c in enumerate(hand) if c in seen]
                s.hands[side] = [c for c in hand if c not in seen]
        self.cards.hide(s, role, rng)
        for owner, cards in lifted.items():
            for i, c in cards:
                s.hands[owner].insert(i, c)

    def shown(self, s: State) -> frozenset[Hashable]:
        """What the hands show others now and for a while: the headlines once shown (Man
        in Earth Orbit's first one), the US hand under Aldrich Ames. Not the cards an event
        shows a side only at that moment (CIA Created, Lone Gunman, The Cambridge Five):
        the round, and the showing with it, may be over before the action that made it is,
        which a look before and after the action cannot see, so those events mark the new
        information themselves. Not a card chosen for the round either: its player's own
        move, which it may still take back. The core asks this twice an action."""
        heads = s.headlines
        for e in s.effects:
            if e.card == ALDRICH_AMES:
                return frozenset((*heads.values(), *(("face_up", c) for c in s.hands[US])))
        return frozenset(heads.values()) if heads else NOTHING

    def check(self, s: State) -> str | None:
        return self.cards.check(s)


NOTHING: frozenset[Hashable] = frozenset()
HIDDEN: tuple[Hidden[State], ...] = (CardsSeen(),)
