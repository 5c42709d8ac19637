"""RULES §2-3: the sequence of play — years, game turns, the card phase, initiative.

The sequence of play is declared as three procedures (core.engine.procedure), as RULES §2 says it:

- "game": year after year, until a victory ends the game (victory.py).
- "year": the deal (§2.1: all 25 cards shuffled, five to each side, the rest out for the
  year; cards never carry over), game turns while both sides hold cards, at most five, and
  none after a game turn in which both sides revealed events (§2.3); then the winter (§10,
  winter.py).
- "game_turn": the card phase, Player 1's action, Player 2's action (an event replaces
  movement), the battle phase (§6, battle.py), the border raids and the sudden-death check
  (§8-9, raids.py).

"card_phase" is the core's secret simultaneous choice (§3): both sides choose a card at the
same time and in secret, each may change its mind until the other has chosen too, then both
cards are revealed. Initiative (§3): an event beats a move card; otherwise the higher move
value; ties go to England. Both events: England is Player 1 and the year ends after this
game turn.

A player's action is a step called by the game turn ("move_who" or the card's event step);
it ends with ``end_action(s)``, which returns to the game turn.
"""

from __future__ import annotations

from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, Loop, Procedure, While
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.secret import SecretChoice
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.model import CARD_IDS, CARDS, ENGLISH, SCOTTISH, SIDES
from gameshelf.plugins.hammer_scots.state import (
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
CARD_ORDER: dict[str, int] = {c: i for i, c in enumerate(CARD_IDS)}  # a hand is kept in it


# --- the frames -----------------------------------------------------------------------------


@frame_model
class Year:
    """The year's frame: whether a game turn of two events has ended it (RULES §2.3)."""

    both_events: bool = False


@frame_model
class Turn:
    """The game turn's frame: the card each side revealed (RULES §3; empty before)."""

    cards: dict[str, str] = Field(default_factory=dict)


# --- the year (RULES §2) ----------------------------------------------------------------------


def deal(s: State) -> None:
    """RULES §2.1: shuffle all the cards and deal five to each side; the rest stay face
    down, out for the year (the deck marks the deal as new information)."""
    s.deck = Deck.shuffled(CARD_IDS, s.rng)
    s.hands = {
        side: sorted(map(str, s.deck.draw(s.rng, CARDS_A_YEAR)), key=CARD_ORDER.__getitem__)
        for side in SIDES
    }
    s.played = {ENGLISH: [], SCOTTISH: []}
    s.turn = 0
    s.announce("hammer_scots.year_begins", year=s.year)


def game_turns_left(s: State, year: Year) -> bool:
    """RULES §2.2-3: five game turns, one per card, unless two events ended the year."""
    hands = s.hands
    return (
        not year.both_events and s.turn < TURNS_A_YEAR and bool(hands[ENGLISH] and hands[SCOTTISH])
    )


def end_of_year(s: State) -> None:
    """RULES §2.3: the cards not played are out; then the winter."""
    if any(s.hands[r] for r in SIDES):
        s.announce("hammer_scots.both_events_end_the_year")
    s.hands = {ENGLISH: [], SCOTTISH: []}
    s.p1 = s.p2 = s.acting = ""
    s.announce("hammer_scots.winter_of", year=s.year)


def next_year(s: State) -> None:
    s.year += 1


@machine.step
class Game(Procedure[State]):
    """RULES §2: the game runs year by year; a victory (victory.py) ends it."""

    name = "game"
    body = (Loop("year", next_year),)


@machine.step
class YearOfPlay(Procedure[State]):
    """RULES §2: the deal, the game turns, the winter."""

    name, frame_type = "year", Year
    body = (
        deal,
        While(game_turns_left, Call("game_turn", into="both_events")),
        end_of_year,
        "winter",
    )


# --- the game turn (RULES §2.2) -------------------------------------------------------------


def new_game_turn(s: State) -> None:
    """A new game turn: clear the per-turn marks (RULES §2 [impl])."""
    s.turn += 1
    clear_turn(s)
    s.p1 = s.p2 = s.acting = ""


def player_1_action(s: State, turn: Turn) -> None:
    start_action(s, s.p1, turn.cards[s.p1])


def player_2_action(s: State, turn: Turn) -> None:
    start_action(s, s.p2, turn.cards[s.p2])


@machine.step
class GameTurn(Procedure[State]):
    """RULES §2.2: a game turn; it returns whether both sides revealed events (§2.3)."""

    name, frame_type = "game_turn", Turn
    body = (
        new_game_turn,
        Call("card_phase", into="cards"),
        player_1_action,
        player_2_action,
        "battle_phase",  # RULES §6 (battle.py)
        "border_raids",  # RULES §8, then the sudden-death check (§9, raids.py)
    )

    def result(self, s: State, turn: Turn) -> bool:
        cards = turn.cards.values()
        return bool(cards) and all(CARDS[card].event for card in cards)


# --- the card phase (RULES §3) ----------------------------------------------------------------


@machine.step
class CardPhase(SecretChoice[State]):
    """Both sides choose a card in secret; a side may change its mind until both chose."""

    name, waiting = "card_phase", Msg("hammer_scots.choosing_a_card")

    def choosers(self, s: State) -> tuple[str, ...]:
        return SIDES

    def prompt(self, s: State, role: str) -> Msg:
        mine = self.choice_of(s, role)
        if mine is not None:
            return Msg("hammer_scots.card_chosen", role=role, card=str(mine.arg))
        return Msg("hammer_scots.choose_a_card", role=role)

    def options(self, s: State, role: str) -> list[Option]:
        return [(PLAY_CARD[card], None) for card in s.hands[role]]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type != "card":
            return None
        return Msg("hammer_scots.card_not_in_hand")

    def reveal(self, s: State, choices: dict[str, Action]) -> None:
        """RULES §3: both cards are shown; initiative decides Player 1."""
        cards = {side: str(choices[side].arg) for side in SIDES}
        for side, card in cards.items():
            s.hands[side].remove(card)
            s.played[side].append(card)
        eng, sco = CARDS[cards[ENGLISH]], CARDS[cards[SCOTTISH]]
        s.announce(
            "hammer_scots.cards_revealed",
            turn=s.turn,
            card_england=eng.id,
            card_scotland=sco.id,
        )
        s.p1 = initiative(eng.event is not None, sco.event is not None, eng.value, sco.value)
        s.p2 = enemy(s.p1)
        s.announce("hammer_scots.player_1", role=s.p1)
        machine.finish(s, cards)


def initiative(eng_event: bool, sco_event: bool, eng_value: int, sco_value: int) -> str:
    """RULES §3: Player 1 — an event beats a move card (England first if both are events);
    else the higher move value, ties to England."""
    if eng_event or sco_event:
        return ENGLISH if eng_event else SCOTTISH
    return SCOTTISH if sco_value > eng_value else ENGLISH


def chosen_card(s: State, side: str) -> str | None:
    """The card ``side`` has chosen in the card phase under way (``None``: none yet)."""
    if s.step != "card_phase":
        return None
    mine = machine["card_phase"].choice_of(s, side)  # type: ignore[attr-defined]
    return None if mine is None else str(mine.arg)


def turn_cards(s: State) -> dict[str, str]:
    """The cards revealed this game turn (none before the reveal, nor out of a game turn)."""
    for frame in reversed(s.stack):
        if frame.step == "game_turn":
            return frame.args.cards
    return {}


# --- the players' actions ------------------------------------------------------------------


def start_action(s: State, role: str, card: str) -> None:
    """A player's action: the event of his card, or movement with its move points."""
    s.acting = role
    reset_border_counts(s)  # RULES §5.2 [impl]: a fresh allowance for each player
    s.activated = []
    event = CARDS[card].event
    if event is not None:
        s.move_points = 0
        machine.call(s, event)
    else:
        s.move_points = CARDS[card].value
        machine.call(s, "move_who")


def end_action(s: State) -> None:
    """The player's action is over: back to the game turn (Player 2, or the battles)."""
    s.who = NO_BLOCK
    s.move_points = 0
    s.activated = []
    s.acting = ""
    machine.finish(s)
