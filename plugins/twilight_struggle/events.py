"""RULES §5-6: a card's event, wherever it comes from (a headline, an action round).

``EVENTS`` maps a card whose event is written to the step that carries it out; the step is
called with the card's ``EventPlay`` frame and finishes when the event is over. The seven
scoring cards are events of their own (scoring.py). A card whose event is not written yet
plays for Ops and on the Space Race only: its event never happens (issue 15's interim for
the cards still to come), and when it is headlined it is simply discarded.

After the event the card goes where RULES §6 sends it: a starred card whose event happened
is out of the game, an underlined one that is not starred waits beside the board while its
effect lasts (effects.py), every other card to the discard pile.
"""

from __future__ import annotations

from gameshelf.core.frames import frame_model
from gameshelf.core.messages import Msg
from gameshelf.core.steps import Step
from gameshelf.plugins.twilight_struggle.effects import in_effect, kept_out
from gameshelf.plugins.twilight_struggle.model import CARDS
from gameshelf.plugins.twilight_struggle.scoring import play_scoring_card
from gameshelf.plugins.twilight_struggle.state import State, finish, machine

# card number -> the step of its event (filled by the modules that write events)
EVENTS: dict[int, str] = {}


def has_event(card: int) -> bool:
    """Whether ``card`` has an event that can happen in this version."""
    return card in EVENTS or CARDS[card].scoring


@frame_model
class EventPlay:
    """An event being carried out: the card, the side carrying it out, and where it was
    played from ("headline" or "round")."""

    card: int
    side: str
    origin: str = "round"
    happened: bool = True


def dispose(s: State, card: int, happened: bool) -> None:
    """RULES §6: where a card goes after its event (or after an event that did not happen)."""
    if happened and CARDS[card].starred:
        s.deck.remove(card)
    elif happened and kept_out(card) and in_effect(s, card):
        return  # beside the board until its effect ends (effects.end_effect discards it)
    else:
        s.deck.discard(card)


@machine.step
class Event(Step[State]):
    """Carry out the event of the frame's card, then put the card where it goes."""

    name, frame_type = "event", EventPlay

    def active(self, s: State) -> list[str]:
        return []

    def begin(self, s: State) -> None:
        f = self.frame(s)
        card = CARDS[f.card]
        if card.scoring:
            s.say(Msg("twilight_struggle.scoring_played", role=f.side, card=f.card))
            play_scoring_card(s, f.card)
            if not s.over:
                dispose(s, f.card, True)
                finish(s)
        elif f.card in EVENTS:
            s.say(Msg("twilight_struggle.event_played", role=f.side, card=f.card))
            machine.call(s, EVENTS[f.card], f)
        else:
            s.say(Msg("twilight_struggle.event_not_written", card=f.card))
            dispose(s, f.card, False)
            finish(s)

    def resume(self, s: State, result: object) -> None:
        f = self.frame(s)
        if s.over:
            return
        dispose(s, f.card, f.happened if result is None else bool(result))
        finish(s)
