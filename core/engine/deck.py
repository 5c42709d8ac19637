"""Decks of cards: a face-down draw pile, a discard pile, removed cards, hands.

Cards are ids (numbers or words) from the game's data; the deck never knows what they mean.
A pile is listed top first, as one reads it turning the cards over: ``draw_pile[0]`` is the
top card, the last one the bottom card. Drawing from a face-down pile, or turning its top
card face up, reveals information, so the deck marks the generator itself
(``Rng.reveal``): ``core.play.match`` then refuses to undo past it, and no game places that mark.

As a hidden part of a state (``core.engine.hidden``), a deck's draw pile is hidden from every role
(its order and, while it is face down, which cards it holds), its size is public, and its
discard pile and removed cards are face up.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.state_model import state_model

CardId = int | str


class EmptyDeck(Exception):
    """Raised when a draw is asked of an empty deck that may not reshuffle."""


@state_model
class Deck:
    """A draw pile (top first), a discard pile and removed cards."""

    draw_pile: list[CardId] = Field(default_factory=list)
    discard_pile: list[CardId] = Field(default_factory=list)
    removed: list[CardId] = Field(default_factory=list)

    @classmethod
    def shuffled(cls, cards: Iterable[CardId], rng: Rng) -> Deck:
        """A new deck of ``cards``, shuffled (one ``Rng.shuffle`` of them, in that order)."""
        deck = cls(draw_pile=list(cards))
        rng.shuffle(deck.draw_pile)
        return deck

    def __len__(self) -> int:
        return len(self.draw_pile)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.draw_pile)

    def reshuffle_discards(self, rng: Rng) -> None:
        """Shuffle the discard pile into the draw pile (under what is left of it)."""
        pile = self.discard_pile
        self.discard_pile = []
        rng.shuffle(pile)
        self.draw_pile.extend(pile)

    def draw(self, rng: Rng, n: int = 1, *, reshuffle: bool = True) -> list[CardId]:
        """Draw ``n`` cards from the top; an empty pile takes the shuffled discards first.

        Draws fewer than ``n`` only when both piles run out, unless ``reshuffle`` is off and
        the pile is short, which raises :class:`EmptyDeck`.
        """
        drawn: list[CardId] = []
        for _ in range(n):
            if not self.draw_pile:
                if not reshuffle:
                    raise EmptyDeck(f"the deck is empty after {len(drawn)} of {n} cards")
                if not self.discard_pile:
                    break
                self.reshuffle_discards(rng)
            drawn.append(self.draw_pile.pop(0))
        if drawn:
            rng.reveal()
        return drawn

    def turn_up(self, rng: Rng) -> CardId:
        """Turn the top card face up onto the discard pile (an empty pile takes the shuffled
        discards first; :class:`EmptyDeck` if both are empty); it is new information."""
        if not self.draw_pile:
            self.reshuffle_discards(rng)
        if not self.draw_pile:
            raise EmptyDeck("the deck and its discards are empty: no card to turn up")
        card = self.draw_pile.pop(0)
        self.discard_pile.append(card)
        rng.reveal()
        return card

    def put_bottom(self, card: CardId) -> None:
        self.draw_pile.append(card)

    def put_top(self, card: CardId) -> None:
        self.draw_pile.insert(0, card)

    def discard(self, card: CardId) -> None:
        self.discard_pile.append(card)

    def remove(self, card: CardId) -> None:
        """Take a card out of the game for good (it never reshuffles back)."""
        self.removed.append(card)


def take_from_hand(hand: list[CardId], card: CardId) -> CardId:
    """Remove ``card`` from ``hand`` (a ``ValueError`` if it is not there: a rules bug)."""
    hand.remove(card)
    return card
