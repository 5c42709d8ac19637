"""The state of a game of Twilight Struggle, the step machine, and game-word helpers.

Influence is kept per side as a list indexed by country index (``model.CIX``); actions and
log lines use the data's country ids and card numbers. VP are one signed number, positive
for the US (RULES conventions). Roles are the sides, "USSR" and "US".

Who owns which step:

- ``turn.py``: the procedures "game" (setup placements, ten turns, final scoring), "turn"
  (RULES §4) and "headline" (§5), the action rounds' order, the end of a turn.
- ``setup.py``: the free placements of §3 ("free_placement"), one Influence point a decision.
- ``rounds.py``: an action round (§6): "action_round" (pick a card), "card_play" (how to
  use it).
- ``operations.py``: §7: "influence", "realign", "coup", the Space Race; ``ops.py`` the
  value of a card's Ops for a side (§6 modifiers).
- ``scoring.py``: §11; ``victory.py``: §12 and ``outcome``.
- ``effects.py``: lasting effects, one mechanism (an effect with an expiry).
- ``hidden.py``: what a seat may not see (hands, the draw pile); ``view.py`` the rest.

A game ends through ``declare_winner(s, winner, reason, text)``, which hands its outcome
to the core's ``machine.end_game``: the transitions made after it are dropped and the
machine rests on the built-in step "game_over". A rule that goes on after another that may
have ended the game checks ``s.over`` only where it would otherwise change the board or
the log (the game ends at once, RULES §12); a transition needs no check.
"""

from __future__ import annotations

from typing import cast

from pydantic import Field

from gameshelf.core.engine.deck import CardId, Deck
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, Outcome
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.model import (
    CID,
    CIX,
    DEFCON_MAX,
    LAST_BOX,
    MILOPS_MAX,
    OTHER,
    STABILITY,
    US,
    USSR,
    VICTORY_VP,
    N,
)

machine: StepMachine[State] = StepMachine()

# The actions naming each country and each card, made once (the hot path lists them).
PICK_COUNTRY: tuple[Action, ...] = tuple(Action("country", c) for c in CID)
PICK_CARD: dict[int, Action] = {n: Action("card", n) for n in range(1, 111)}


def country_of(action: Action) -> int | None:
    """The country an action of type "country" names (its index); ``None`` for another type
    or an unknown country (a refusal then gives the generic reason)."""
    if action.type != "country" or not isinstance(action.arg, str):
        return None
    return CIX.get(action.arg)


def _zeros() -> dict[str, int]:
    return {USSR: 0, US: 0}


def _no_cards() -> dict[str, list[int]]:
    return {USSR: [], US: []}


def _no_influence() -> dict[str, list[int]]:
    return {USSR: [0] * N, US: [0] * N}


def numbers(cards: list[CardId]) -> list[int]:
    """A pile of the core's ``Deck`` (typed for any game's card ids) as this game's card
    numbers: the same list, only typed (every card here is a number)."""
    return cast("list[int]", cards)


@state_model
class Effect:
    """A lasting effect of an event (RULES §6, §16.7): the card that made it, the side it
    belongs to, and when it ends: "turn" (at the end of this turn), "game" (until cancelled
    or the game ends)."""

    card: int
    side: str
    until: str = "turn"
    region: str = ""  # the region the effect names (Chernobyl), else ""
    turn: int = 0  # the turn it began, where the effect needs it (North Sea Oil), else 0


@state_model
class State(GameState):
    """A game of Twilight Struggle in progress (see the module docstring)."""

    # --- options (RULES §3.5, §13) -------------------------------------------------
    optional_cards: bool = False
    us_bonus: int = 0

    # --- the board ---------------------------------------------------------------
    influence: dict[str, list[int]] = Field(default_factory=_no_influence)
    defcon: int = DEFCON_MAX
    vp: int = 0  # positive: the US is ahead
    turn: int = 1
    milops: dict[str, int] = Field(default_factory=_zeros)
    space: dict[str, int] = Field(default_factory=_zeros)
    space_first: list[str] = Field(default_factory=lambda: [""] * (LAST_BOX + 1))
    space_tries: dict[str, int] = Field(default_factory=_zeros)

    # --- cards -------------------------------------------------------------------
    hands: dict[str, list[int]] = Field(default_factory=_no_cards)
    deck: Deck = Field(default_factory=Deck)
    china: str = USSR  # who holds The China Card (RULES §10)
    china_up: bool = True  # face up: playable
    headlines: dict[str, int] = Field(default_factory=dict)  # this turn's, once revealed
    # cards of the other side a role is shown by an event, only until the next action
    # round begins (CIA Created, The Cambridge Five); hidden.py shows them to that role only
    shown: dict[str, list[int]] = Field(default_factory=dict)
    # cards an event has a side look at apart from its hand (Our Man in Tehran's top five,
    # optional.py): that side sees them, the other only how many (hidden.py)
    set_aside: dict[str, list[int]] = Field(default_factory=dict)
    defcon_to_2: bool = False  # DEFCON was moved to 2 in this action round (NORAD)
    effects: list[Effect] = Field(default_factory=list)

    # --- the turn ----------------------------------------------------------------
    rounds_done: dict[str, int] = Field(default_factory=_zeros)
    phasing: str = ""  # whose action round or headline card is being carried out
    final_scoring: bool = False  # RULES §12.1: 20 VP does not end the game during it


def new_state(seed: int) -> State:
    return State(rng=Rng(seed=seed))


def check_fits_data(s: State) -> None:
    """Refuse (``ValueError``) a loaded state whose per-country or per-box lists do not fit
    the data: a list kept per country must have one entry per country of the map."""
    for side in (USSR, US):
        got = len(s.influence.get(side, []))
        if got != N:
            raise ValueError(f"the {side} Influence list has {got} entries, the map {N} countries")
    if len(s.space_first) != LAST_BOX + 1:
        raise ValueError(
            f"the Space Race list has {len(s.space_first)} boxes, the track {LAST_BOX + 1}"
        )


# --- Influence and Control (RULES §1) -------------------------------------------------------


def controls(s: State, side: str, c: int) -> bool:
    """RULES §1: Influence at least the stability and ahead of the other side by as much."""
    mine = s.influence[side][c]
    stab = STABILITY[c]
    return mine >= stab and mine - s.influence[OTHER[side]][c] >= stab


def controller(s: State, c: int) -> str:
    """The side that controls country ``c``, or ""."""
    return control(s.influence[USSR][c], s.influence[US][c], STABILITY[c])


def control(ussr: int, us: int, stability: int) -> str:
    """``controller`` of a country of this Influence and stability (``controls``, RULES §1)."""
    if us >= stability and us - ussr >= stability:
        return US
    if ussr >= stability and ussr - us >= stability:
        return USSR
    return ""


def add_influence(s: State, side: str, c: int, n: int = 1) -> None:
    s.influence[side][c] += n


def remove_influence(s: State, side: str, c: int, n: int) -> int:
    """Take up to ``n`` of ``side``'s Influence from ``c``; returns how much was taken."""
    taken = min(n, s.influence[side][c])
    s.influence[side][c] -= taken
    return taken


# --- VP, DEFCON, military operations --------------------------------------------------------


def gain_vp(s: State, side: str, n: int) -> None:
    """``side`` gains ``n`` VP (the marker moves towards it)."""
    s.vp += n if side == US else -n


def check_vp(s: State) -> bool:
    """RULES §12.1: 20 VP wins at once, once the card being resolved has given all its VP;
    not during final scoring. Returns whether the game ended."""
    if s.over or s.final_scoring or abs(s.vp) < VICTORY_VP:
        return s.over
    winner = US if s.vp > 0 else USSR
    declare_winner(s, winner, "vp_20", Msg("twilight_struggle.won_vp", role=winner, vp=abs(s.vp)))
    return True


def lower_defcon(s: State, n: int = 1) -> bool:
    """RULES §8: DEFCON drops; at 1 the phasing player loses (§16.3). Returns whether the
    game ended."""
    set_defcon(s, s.defcon - n)
    return s.over


def set_defcon(s: State, level: int) -> None:
    level = min(DEFCON_MAX, level)
    if level == s.defcon:
        return
    s.defcon = max(1, level)
    s.defcon_to_2 = s.defcon_to_2 or s.defcon == 2
    s.announce("twilight_struggle.defcon", level=s.defcon)
    if s.defcon == 1:
        loser = s.phasing or USSR
        winner = OTHER[loser]
        declare_winner(
            s, winner, "defcon_1", Msg("twilight_struggle.won_defcon", role=winner, role2=loser)
        )


def add_milops(s: State, side: str, n: int) -> None:
    """RULES §9: the military operations marker (0-5)."""
    s.milops[side] = min(MILOPS_MAX, s.milops[side] + n)


# --- the end of the game --------------------------------------------------------------------


def declare_winner(s: State, winner: str, reason: str, text: Msg) -> None:
    """The game is over (``StepMachine.end_game``): ``winner`` ("" for a draw) for
    ``reason`` (victory.OUTCOME_REASONS), ``text`` said in the log and in the outcome; the
    VP as they stand. The first end of the game stands."""
    if s.over:
        return
    ended = Outcome(
        winners=[winner] if winner else [], reason=reason, text=text, scores={"vp": float(s.vp)}
    )
    machine.end_game(s, ended, line=text)
