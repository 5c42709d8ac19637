"""The optional Mid and Late War events still to write elsewhere: Our Man in Tehran (108),
Yuri and Samantha (109) and AWACS Sale to Saudis (110) (RULES §2, §13: in the decks only
with the optional-cards option; §6, §14, §16.7). Che (107) is in mid_war.py, the optional
Early War cards 104-106 in early_war.py. Each is a step or procedure with the ``EventPlay``
frame (events.py), registered with ``event``.

Rules these effects change live where the rule does: Yuri and Samantha in
operations.coup (``yuri_and_samantha``), AWACS Sale to Saudis through Muslim Revolution's
``prevented_by`` in the data (events.event_refusal).
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, If, Procedure
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.early_war import Instant, lasting_event
from gameshelf.plugins.twilight_struggle.effects import GAME, TURN, add_effect
from gameshelf.plugins.twilight_struggle.events import DONE, EventPlay, china_kept, event
from gameshelf.plugins.twilight_struggle.model import CID, CIX, MEMBERS, US, USSR
from gameshelf.plugins.twilight_struggle.state import (
    PICK_CARD,
    State,
    add_influence,
    controls,
    machine,
)

TEHRAN, YURI, AWACS = 108, 109, 110
TEHRAN_LOOKS = 5  # the cards Our Man in Tehran turns over
MIDDLE_EAST = MEMBERS["middle_east"]
SAUDI_ARABIA = CIX["saudi_arabia"]


# --- #108 Our Man in Tehran ------------------------------------------------------------------


def _tehran_condition(s: State, side: str) -> Msg | None:
    """Only while the US controls a country of the Middle East (else it cannot happen: a
    starred card played so goes to the discard pile, RULES §6, §16.6)."""
    if not any(controls(s, US, c) for c in MIDDLE_EAST):
        return Msg("twilight_struggle.tehran_needs", card=TEHRAN)
    return None


def _tehran_look(s: State, f: EventPlay) -> None:
    """The US takes the top 5 cards of the draw pile into its look (``State.set_aside``).
    Ruling for this project: a draw pile of fewer than 5 takes the reshuffled discards
    after its last card, as dealing does (RULES §13), so 5 are looked at while the two
    piles hold them (``Deck.draw`` marks the new information)."""
    looked = [int(c) for c in s.deck.draw(s.rng, TEHRAN_LOOKS)]  # the deck holds numbers
    s.set_aside[US] = looked
    s.announce("twilight_struggle.tehran_looked", role=US, count=len(looked), card=TEHRAN)


def _tehran_back(s: State, f: EventPlay) -> None:
    """The cards not discarded go back, and the whole draw pile is reshuffled."""
    back = s.set_aside.pop(US, [])
    s.deck.draw_pile.extend(back)
    s.deck.shuffle(s.rng)
    s.announce("twilight_struggle.tehran_back", role=US, count=len(back))


@frame_model
class Look:
    """``chooser`` discards any of the cards it looks at (``State.set_aside``) for ``card``."""

    chooser: str
    card: int


@machine.step
class DiscardLooked(Step[State]):
    """Discard the looked-at cards one a decision, until done; each is shown as it goes to
    the discard pile, and its event does not happen (RULES §6: a discarded card's event
    never happens). The cards kept are not shown (the card shows the discards only)."""

    name, frame_type = "discard_looked", Look
    waiting = Msg("twilight_struggle.waiting_event")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.chooser]
        if not s.set_aside.get(f.chooser):
            machine.finish(s)

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.discard_looked_prompt", card=f.card)

    def options(self, s: State, role: str) -> Iterator[Option]:
        f = self.frame(s)
        looked = s.set_aside.get(role, [])
        for c in looked:
            yield PICK_CARD[c], None
        for c in s.hands[role]:
            yield PICK_CARD[c], Msg("twilight_struggle.not_looked_at", card=c, card2=f.card)
        yield from china_kept(s, role)
        yield DONE, None

    def on_card(self, s: State, role: str, card: int) -> None:
        looked = s.set_aside[role]
        looked.remove(card)
        s.deck.discard(card)
        s.announce("twilight_struggle.looked_discarded", role=role, card=card)
        if not looked:
            machine.finish(s)

    def on_done(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)


@event(TEHRAN, condition=_tehran_condition)
class OurManInTehran(Procedure[State]):
    """#108: only while the US controls a Middle East country: the US looks at the top 5
    cards of the draw pile, discards any of them (shown; no event happens), puts the others
    back, and the draw pile is reshuffled. Whoever played it, the US does all of it."""

    name, frame_type = "our_man_in_tehran", EventPlay
    body = (
        _tehran_look,
        If(
            lambda s, f: bool(s.set_aside.get(US)),
            Call("discard_looked", args=lambda s, f: Look(chooser=US, card=TEHRAN)),
        ),
        _tehran_back,
    )


# --- #109 Yuri and Samantha ------------------------------------------------------------------


YuriAndSamantha = lasting_event(
    YURI,
    "yuri_and_samantha",
    """#109: for the rest of the turn (RULES §16.7: it ends with the turn; one engine keeps
    it all game) the USSR gains 1 VP each time the US attempts a coup, free coups included
    (operations.yuri_and_samantha).""",
    USSR,
    TURN,
)


# --- #110 AWACS Sale to Saudis ---------------------------------------------------------------


@event(AWACS)
class AwacsSaleToSaudis(Instant):
    """#110: +2 US Influence in Saudi Arabia; for the rest of the game Muslim Revolution
    can no longer be an event (its ``prevented_by`` in the data: played for Ops by the US,
    its event is blocked and the card simply discarded, RULES §6)."""

    name = "awacs_sale_to_saudis"

    def happen(self, s: State, f: EventPlay) -> None:
        add_influence(s, US, SAUDI_ARABIA, 2)
        s.announce("twilight_struggle.added", role=US, country=CID[SAUDI_ARABIA], n=2)
        add_effect(s, AWACS, US, GAME)
