"""RULES §2-3: the year's deal, the card phase, initiative, and the order of the actions.

- "new_year": one year more, then the deal (§2.1): all 25 cards shuffled, five to each
  side, the rest out for the year; cards never carry over.
- "card_phase": both sides choose a card at the same time and in secret (§3); when both
  have chosen, both cards are revealed. A side changes its mind by taking its choice back
  (``core.match`` undo), which it may do until the other side has chosen: the other's
  action, and the reveal, are new information.
- Initiative (§3): an event beats a move card; otherwise the higher move value; ties go
  to England. Both events: England is Player 1 and the year ends after this game turn.
- Player 1's action, then Player 2's (an event replaces movement), then "battle_phase".
- "next_turn": the next game turn, or "winter" after the fifth (or a both-events turn).
"""

from __future__ import annotations

from core.ruleset import Action
from core.steps import Step
from plugins.hammer_scots.model import CARD_IDS, CARDS, ENGLISH, SCOTTISH, SIDES
from plugins.hammer_scots.state import (
    NO_BLOCK,
    State,
    clear_turn,
    enemy,
    machine,
    reset_border_counts,
)

CARDS_A_YEAR = 5
TURNS_A_YEAR = 5
PLAY_CARD: dict[str, Action] = {c: Action("card", c) for c in CARD_IDS}  # made once


def card_name(card: str) -> str:
    return CARDS[card].name


# --- the year ------------------------------------------------------------------------------


def start_year(s: State) -> None:
    """RULES §2.1: shuffle all the cards and deal five to each side."""
    deck = list(CARD_IDS)
    s.rng.shuffle(deck)
    order = {c: i for i, c in enumerate(CARD_IDS)}
    s.hands = {
        ENGLISH: sorted(deck[:CARDS_A_YEAR], key=order.__getitem__),
        SCOTTISH: sorted(deck[CARDS_A_YEAR : 2 * CARDS_A_YEAR], key=order.__getitem__),
    }
    s.rng.reveal()
    s.played = {ENGLISH: [], SCOTTISH: []}
    s.year_ends = False
    s.turn = 0
    s.say(f"The year {s.year} begins: each side is dealt five cards.")
    start_turn(s)


def start_turn(s: State) -> None:
    """A new game turn: clear the per-turn marks (§2 [impl]) and play cards."""
    s.turn += 1
    clear_turn(s)
    s.chosen = {}
    s.revealed = False
    s.p1 = s.p2 = s.acting = ""
    machine.enter(s, "card_phase")


@machine.step
class NewYear(Step[State]):
    """After winter: the next year and its deal (RULES §2)."""

    name, waiting = "new_year", "starting a new year"

    def begin(self, s: State) -> None:
        s.year += 1
        start_year(s)


@machine.step
class NextTurn(Step[State]):
    """After the border raids: the next game turn, or winter (RULES §2.3)."""

    name, waiting = "next_turn", "ending the game turn"

    def begin(self, s: State) -> None:
        if s.year_ends or s.turn >= TURNS_A_YEAR or not all(s.hands[r] for r in SIDES):
            if any(s.hands[r] for r in SIDES):
                s.say("Both sides played events: the year ends and the other cards are out.")
            s.hands = {ENGLISH: [], SCOTTISH: []}
            s.chosen = {}
            s.p1 = s.p2 = s.acting = ""
            s.say(f"Winter of {s.year}.")
            machine.enter(s, "winter")
        else:
            start_turn(s)


# --- the card phase -------------------------------------------------------------------------


@machine.step
class CardPhase(Step[State]):
    """Both sides choose a card in secret; a side may change its mind until both chose."""

    name, waiting = "card_phase", "choosing a card"

    def begin(self, s: State) -> None:
        s.active = [r for r in SIDES if s.hands[r]]

    def active(self, s: State) -> list[str]:
        return [r for r in SIDES if r not in s.chosen]

    def prompt(self, s: State, role: str) -> str:
        return f"{role}: choose a card to play this game turn."

    def actions(self, s: State, role: str) -> list[Action]:
        return [PLAY_CARD[card] for card in s.hands[role]]

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type != "card":
            return None
        return "That card is not in your hand."

    def on_card(self, s: State, role: str, card: str) -> None:
        chosen = s.chosen
        chosen[role] = card
        if ENGLISH in chosen and SCOTTISH in chosen:
            reveal(s)


def reveal(s: State) -> None:
    """RULES §3: both cards are shown; initiative decides Player 1."""
    for role in SIDES:
        card = s.chosen[role]
        s.hands[role].remove(card)
        s.played[role].append(card)
    s.revealed = True
    s.rng.reveal()
    eng, sco = CARDS[s.chosen[ENGLISH]], CARDS[s.chosen[SCOTTISH]]
    s.say(f"Game turn {s.turn}: England plays {eng.name}, Scotland plays {sco.name}.")
    if eng.event and sco.event:
        s.p1 = ENGLISH
        s.year_ends = True
    elif eng.event or sco.event:
        s.p1 = ENGLISH if eng.event else SCOTTISH
    else:
        s.p1 = SCOTTISH if sco.value > eng.value else ENGLISH  # RULES §3: ties to England
    s.p2 = enemy(s.p1)
    s.say(f"{s.p1} is Player 1.")
    start_action(s, s.p1)


# --- the players' actions ------------------------------------------------------------------


def start_action(s: State, role: str) -> None:
    """A player's action: the event of his card, or movement with its move points."""
    s.acting = role
    reset_border_counts(s)  # RULES §5.2 [impl]: a fresh allowance for each player
    s.activated = []
    card = CARDS[s.chosen[role]]
    if card.event is not None:
        s.move_points = 0
        machine.enter(s, card.event)
    else:
        s.move_points = card.value
        machine.enter(s, "move_who")


def end_action(s: State) -> None:
    """Player 1's action is followed by Player 2's, and that one by the battles."""
    s.who = NO_BLOCK
    if s.acting == s.p1:
        start_action(s, s.p2)  # with its own move points and no area activated yet
        return
    s.move_points = 0
    s.activated = []
    s.acting = ""
    machine.enter(s, "battle_phase")
