"""The state of a game of 三國戰記 and the small mutators every rule uses.

Seats are the roles ``p1``..``p5``; each seat plays the lord it was dealt (DESIGN §7.4) and is
named by that lord in prompts and log (劉備, Liu Bei: messages, in the reader's language).
Everything is plain lists and dicts of strings and ints, mutated in place, but the cash, which
is the core's ``Purse``, and the talents on the lands (tuples, below).

Where a card is (DESIGN §7.3: cards never change owner):

- ``hand[seat]``: secret; rivals see its size (§7.6);
- ``down[seat]``: face down in front of the seat; rivals see its size (§7.6);
- ``garrison[land]``: face up on a land, always the land owner's own cards: a tuple, replaced
  whenever it changes, never changed in place (a land's talents change rarely, so the
  learning encoding tells a change by the tuple's identity: docs/performance.md);
- the battle plan: the attacker's cards face up in front of it during a battle (in the
  frame of the battle's steps, ``battle``);
- ``drawn[seat]``: the three talents drawn at setup, waiting to be placed (secret).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.money import Purse
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Step, StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.three_kingdoms.model import (
    CARDS,
    INTELLIGENCE,
    LABEL,
    LANDS,
    LORD_OF,
    CardId,
    LandId,
    LordId,
    N,
)

Seat = str
ROLES: tuple[Seat, ...] = ("p1", "p2", "p3", "p4", "p5")


@state_model
class TKState(GameState):
    """A game of 三國戰記.

    The matter in hand (the land being resolved, a battle plan, the generals and field-battle
    cards chosen in secret, the strategy card being resolved) is no field here: it lives in
    the frame of the step resolving it (``AtLand`` below; ``battle``, ``field_battle`` and
    ``strategy`` declare theirs).
    """

    # the table
    seats: list[Seat] = Field(default_factory=list)  # seated roles, in seating (clockwise) order
    lord: dict[Seat, LordId] = Field(default_factory=dict)  # the lord each seat was dealt
    seat_of: dict[LordId, Seat] = Field(default_factory=dict)  # the reverse, for the lords in play
    # turn order: seating order from the first player (§7.5)
    order: list[Seat] = Field(default_factory=list)
    lord_skills: bool = True
    round_limit: int = 250
    # the players' things
    money: Purse = Field(default_factory=Purse)  # cash by seat
    pos: dict[Seat, int] = Field(default_factory=dict)
    hand: dict[Seat, list[CardId]] = Field(default_factory=dict)
    down: dict[Seat, list[CardId]] = Field(default_factory=dict)
    drawn: dict[Seat, list[CardId]] = Field(default_factory=dict)
    # the lands (every land of the board, in board order)
    owner: dict[LandId, Seat | None] = Field(default_factory=dict)
    swords: dict[LandId, int] = Field(default_factory=dict)
    # a land's talents: a tuple, replaced when it changes (see the module)
    garrison: dict[LandId, tuple[CardId, ...]] = Field(default_factory=dict)
    # the strategy deck (top first); a drawn card goes to the bottom (DESIGN §6)
    deck: Deck = Field(default_factory=Deck)
    # the turn
    turn: Seat = ""
    round: int = 1
    dice: list[int] = Field(default_factory=list)  # the last roll of a pawn


def action_table(kind: str) -> dict[str, Action]:
    """``Action(kind, x)`` for every card, land and seat, built once (speed: a step lists
    its actions on every decision and again to check one)."""
    return {x: Action(kind, x) for x in (*LABEL, *ROLES)}


# --- names for prompts and log ---------------------------------------------------------------
# Messages (core.i18n.messages.Msg) name a seat by its lord (``lord=...``), cards, lands and
# strategy cards by their ids (``card``, ``land``, ``strategy``): ``names.py`` names them in
# the reader's language. Lists and counts are messages too, so that each language joins and
# counts in its own words; sums of money are written with thousands separators, as both the
# English and the Taiwanese reader write them ("15,000", "15,000元").


def seat_name(s: TKState, seat: Seat) -> Msg | str:
    """A seat by its lord's name in the reader's language, or by its id if nobody sits
    there (in a refusal); the core's "waiting for" and "not your turn" messages use it."""
    lord = s.lord.get(seat)
    if lord is None:
        return Msg("three_kingdoms.empty_seat", seat=seat)
    return Msg("three_kingdoms.seat", lord=lord)


# The messages naming one thing, made once: a message never changes once made, so the log
# lines that name the same card share one (speed: most log lines name cards). So are the
# frequent log lines that vary little (``recall.recalled``...), made once for each variant
# with ``functools.cache``: a message costs thousands of instructions to make.
CARD_NAME = {c: Msg("three_kingdoms.card", card=c) for c in CARDS}
LAND_NAME = {land: Msg("three_kingdoms.land", land=land) for land in LANDS}
NOTHING = Msg("three_kingdoms.nothing")


def card_list(cards: Sequence[CardId]) -> Msg:
    """Cards named in a sentence: "Guan Yu, Zhang Fei and Mi Zhu" / "關羽、張飛、糜竺"."""
    if len(cards) == 1:  # a plan of one card, a land's one talent: the card's name
        return CARD_NAME[cards[0]]
    if len(cards) == 2:
        return _card_pair(*cards)
    return _listed([*map(CARD_NAME.__getitem__, cards)])


@cache
def _card_pair(first: CardId, second: CardId) -> Msg:
    """Two cards, the list most often said (a battle plan): made once for each pair."""
    return _listed([CARD_NAME[first], CARD_NAME[second]])


def land_list(lands: list[LandId]) -> Msg:
    """Lands named in a sentence, like ``card_list``."""
    return _listed([*map(LAND_NAME.__getitem__, lands)])


def _listed(items: list[Msg]) -> Msg:
    if not items:
        return NOTHING
    joined = items[-1]
    if len(items) > 1:
        joined = Msg("three_kingdoms.list_last", first=items[-2], rest=joined)
        for item in reversed(items[:-2]):
            joined = Msg("three_kingdoms.list", first=item, rest=joined)
    return joined


# A number of swords in a sentence, ``SWORDS[n]`` (0 to 4, the most a city holds): "no
# sword", "1 sword", "3 swords" / "沒有大刀", "3把大刀" (a plural entry of the catalogs);
# made once for each number a land can hold, and read without a call.
SWORDS = (
    Msg("three_kingdoms.no_sword"),
    *(Msg("three_kingdoms.swords", count=n) for n in range(1, N.max_swords + 1)),
)


machine: StepMachine[TKState] = StepMachine(role_name=seat_name)


@frame_model
class AtLand:
    """The frame of a step resolving the land the pawn stopped on (occupy, own land, deploy,
    孫權's extra sword)."""

    land: LandId


class TurnStep(Step[TKState]):
    """A decision that the seat whose turn it is makes alone (moving, occupying, deploying,
    consulting 天機, a strategy card's choices...)."""

    def begin(self, s: TKState) -> None:
        s.active = [s.turn]


# --- who holds what ---------------------------------------------------------------------------


def owner_of_card(s: TKState, card: CardId) -> Seat:
    """The seat whose lord the card serves (cards never change owner, DESIGN §7.3)."""
    return s.seat_of[LORD_OF[card]]


def holder_of(s: TKState, land: LandId) -> Seat:
    """The seat holding ``land``; asked only of a land someone holds."""
    seat = s.owner[land]
    if seat is None:
        raise ValueError(f"{land} is nobody's")
    return seat


def intelligence(cards: Iterable[CardId]) -> int:
    """The total intelligence of cards: a battle plan, a land's talents, a hand shown."""
    return sum(map(INTELLIGENCE.__getitem__, cards))


def lands_of(s: TKState, seat: Seat) -> list[LandId]:
    """The lands ``seat`` owns, in board order."""
    return [land for land, who_ in s.owner.items() if who_ == seat]


def rivals(s: TKState, seat: Seat) -> list[Seat]:
    """The other seats in turn order, starting with the next one after ``seat``."""
    order = s.order
    i = order.index(seat)
    return order[i + 1 :] + order[:i]


def lay_face_down(s: TKState, cards: Iterable[CardId]) -> None:
    """Cards played or pushed off a land go face down in front of their owner (§7.3)."""
    down, seat_of = s.down, s.seat_of
    for card in cards:  # the owner as ``owner_of_card`` finds it, without a call a card
        down[seat_of[LORD_OF[card]]].append(card)


def done(s: TKState) -> None:
    """The current procedure is over: return to the turn."""
    machine.finish(s)
