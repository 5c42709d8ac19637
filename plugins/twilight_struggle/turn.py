"""RULES §3-5, §9, §13: the game, the turn and the headline as declared procedures.

- "game": the free placements of the setup (§3: USSR 6 in Eastern Europe, then US 7 in
  Western Europe, then the US bonus Influence if the option gives it), ten turns, final
  scoring (§11).
- "turn" (§4): improve DEFCON, the Mid or Late War cards shuffled into the draw pile at the
  start of turn 4 and 8 (discards wait, §13), deal to 8 or 9 one card at a time (USSR
  first; The China Card not counted), the headline, the action rounds (USSR first; 6 or 7
  each, 8 for the Space Station holder, its extra round after the other side's last), the
  military operations check (§9), the Eagle/Bear Has Landed discard, a held scoring card
  (§12.6: its holder loses), the end of the turn's effects and the China Card's flip.
- "headline" (§5): "headline_choice" is the core's secret simultaneous choice (no China
  Card, no UN Intervention); with the Man in Earth Orbit ability the opponent first
  chooses and shows its card ("headline_open"). The events then happen in order: higher
  Ops first, ties to the US, scoring cards last (both: the US one first); the headliner is
  the phasing player for DEFCON.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, If, Loop, Procedure, While
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.secret import SecretChoice
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.effects import expire, in_effect
from gameshelf.plugins.twilight_struggle.events import (
    Changes,
    EventPlay,
    discard_from_hand,
    envy_played,
    flower_power,
)
from gameshelf.plugins.twilight_struggle.model import (
    CARDS,
    CHINA,
    CIX,
    DEFCON_MAX,
    OPS,
    OTHER,
    SETUP,
    SIDES,
    TURNS,
    US,
    USSR,
    N,
    era_deck,
    era_of_turn,
)
from gameshelf.plugins.twilight_struggle.operations import (
    DISCARD_HELD,
    HEADLINE_FIRST,
    holds_ability,
)
from gameshelf.plugins.twilight_struggle.rounds import Round, rounds_total
from gameshelf.plugins.twilight_struggle.scoring import final_scoring
from gameshelf.plugins.twilight_struggle.setup import Placement
from gameshelf.plugins.twilight_struggle.state import (
    PICK_CARD,
    State,
    check_vp,
    controls,
    declare_winner,
    gain_vp,
    machine,
    numbers,
    set_defcon,
)

UN_INTERVENTION = 32
DEFECTORS = 103
NORAD, CANADA = 106, CIX["canada"]
ERA_CARDS_AT = {4: "mid_war", 8: "late_war"}  # RULES §13: the turn the era's cards join
PASS = Action("pass")
SCORING_HELD = "scoring_withheld"  # victory.OUTCOME_REASONS
ERA_NAMES = {
    "mid_war": Msg("twilight_struggle.mid_war"),
    "late_war": Msg("twilight_struggle.late_war"),
}


# --- the game --------------------------------------------------------------------------


def free_points(side: str) -> Placement:
    """RULES §3: the USSR's 6 in Eastern Europe, the US's 7 in Western Europe."""
    spec = next(x for x in SETUP.free if x.side == side)
    return Placement(side=side, left=spec.amount, region=spec.region)


def has_bonus(s: State) -> bool:
    return s.us_bonus > 0


def last_turn(s: State) -> bool:
    return s.turn >= TURNS


def next_turn(s: State) -> None:
    s.turn += 1


@machine.step
class Game(Procedure[State]):
    """RULES §3-4: the free placements, ten turns, final scoring."""

    name = "game"
    body = (
        Call(
            "free_placement",
            args=lambda s, f: Placement(side=USSR, left=6, region="eastern_europe"),
        ),
        Call(
            "free_placement", args=lambda s, f: Placement(side=US, left=7, region="western_europe")
        ),
        If(
            has_bonus, Call("free_placement", args=lambda s, f: Placement(side=US, left=s.us_bonus))
        ),
        Loop("turn", If(last_turn, final_scoring, otherwise=[next_turn])),
    )


# --- the turn (RULES §4) --------------------------------------------------------------------


def start_turn(s: State) -> None:
    """Phase A, and the era's cards (RULES §13); the turn's counters start again."""
    s.announce("twilight_struggle.turn_starts", turn=s.turn)
    era = ERA_CARDS_AT.get(s.turn)
    if era is not None:
        s.deck.draw_pile.extend(era_deck(era, s.optional_cards))
        s.rng.shuffle(s.deck.draw_pile)
        s.announce("twilight_struggle.era_cards", era=ERA_NAMES[era])
    if s.defcon < DEFCON_MAX:
        set_defcon(s, s.defcon + 1)
    s.rounds_done = {USSR: 0, US: 0}
    s.space_tries = {USSR: 0, US: 0}
    s.headlines = {}


def deal(s: State) -> None:
    """Phase B: fill each hand to the era's size, one card at a time, USSR first; the
    discards are reshuffled when the draw pile runs out (RULES §13)."""
    size = era_of_turn(s.turn).hand_size
    while True:
        needy = [side for side in SIDES if len(s.hands[side]) < size]
        if not needy:
            return
        for side in needy:
            drawn = s.deck.draw(s.rng, 1)
            if not drawn:
                return  # no card left anywhere: the hands stay short
            s.hands[side].append(numbers(drawn)[0])


def next_side(s: State) -> str | None:
    """Who has the next action round: the USSR first in each, extra rounds at the end."""
    done = s.rounds_done
    ussr_more = done[USSR] < rounds_total(s, USSR)
    us_more = done[US] < rounds_total(s, US)
    if ussr_more and (done[USSR] <= done[US] or not us_more):
        return USSR
    return US if us_more else None


def more_rounds(s: State) -> bool:
    return next_side(s) is not None


def next_round(s: State) -> None:
    side = next_side(s)
    assert side is not None
    s.rounds_done[side] += 1
    s.shown = {}  # what an event showed was shown only at that moment (hidden.py)
    s.defcon_to_2 = False
    machine.call(s, "action_round", Round(side=side))


def norad_due(s: State) -> bool:
    """NORAD (#106): at the end of an action round in which DEFCON was moved to 2, if the US
    controls Canada."""
    return in_effect(s, NORAD) and s.defcon_to_2 and s.defcon == 2 and controls(s, US, CANADA)


def norad_point(s: State, f: object) -> Changes:
    """NORAD: the US adds 1 Influence to a country already holding US Influence."""
    s.defcon_to_2 = False
    s.announce("twilight_struggle.norad", card=NORAD)
    mine = [c for c in range(N) if s.influence[US][c]]
    return Changes(chooser=US, owner=US, add=True, left=1, eligible=mine)


def military_operations_check(s: State) -> None:
    """Phase E (RULES §9): each side short of the DEFCON level gives its opponent 1 VP a
    missing point, both at once; then both markers go back to 0."""
    s.phasing = ""
    short = {side: max(0, s.defcon - s.milops[side]) for side in SIDES}
    for side in SIDES:
        if short[side]:
            gain_vp(s, OTHER[side], short[side])
            s.announce("twilight_struggle.milops_short", role=side, short=short[side])
    s.milops = {USSR: 0, US: 0}
    check_vp(s)


def eagle_discard_due(s: State) -> bool:
    return any(holds_ability(s, side, DISCARD_HELD) and s.hands[side] for side in SIDES)


def scoring_held(s: State) -> None:
    """Phase F (RULES §4, §12.6): a side holding a scoring card when the turn ends loses the
    game (both: a draw). Only events can bring it about (Ask Not What Your Country Can Do
    For You drawing more scoring cards than there are rounds left): the action rounds never
    let a side keep one it could still play. After the Eagle/Bear Has Landed discard, which
    may throw one away first (a card discarded is held no more)."""
    held = {side: [c for c in s.hands[side] if CARDS[c].scoring] for side in SIDES}
    holders = [side for side in SIDES if held[side]]
    if not holders:
        return
    if len(holders) == len(SIDES):
        text = Msg("twilight_struggle.draw_scoring_held", card=held[USSR][0], card2=held[US][0])
        declare_winner(s, "", SCORING_HELD, text)
        return
    loser = holders[0]
    winner = OTHER[loser]
    text = Msg("twilight_struggle.won_scoring_held", role=winner, role2=loser, card=held[loser][0])
    declare_winner(s, winner, SCORING_HELD, text)


def end_turn(s: State) -> None:
    """Phases G-H: the turn's effects end, The China Card turns face up."""
    expire(s)
    if not s.china_up:
        s.china_up = True
        s.announce("twilight_struggle.china_up", role=s.china, card=CHINA)
    s.headlines = {}
    s.phasing = ""


@machine.step
class Turn(Procedure[State]):
    """RULES §4: one turn."""

    name = "turn"
    body = (
        start_turn,
        deal,
        "headline",
        While(more_rounds, next_round, If(norad_due, Call("event_influence", args=norad_point))),
        military_operations_check,
        If(eagle_discard_due, "held_discard"),
        scoring_held,
        end_turn,
    )


@machine.step
class HeldDiscard(Step[State]):
    """Eagle/Bear Has Landed (RULES §7.4): the holder may discard one held card."""

    name = "held_discard"
    waiting = Msg("twilight_struggle.waiting_discard")

    def begin(self, s: State) -> None:
        s.active = [side for side in SIDES if holds_ability(s, side, DISCARD_HELD)]

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.discard_prompt")

    def options(self, s: State, role: str) -> list[Option]:
        return [*((PICK_CARD[c], None) for c in s.hands[role]), (PASS, None)]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        return Msg("twilight_struggle.not_in_hand") if action.type == "card" else None

    def on_card(self, s: State, role: str, card: int) -> None:
        discard_from_hand(s, role, card)
        s.announce("twilight_struggle.held_discarded", role=role, card=card)
        machine.finish(s)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)


# --- the headline (RULES §5) ----------------------------------------------------------------


@frame_model
class Headline:
    """The headline phase: the order in which the revealed cards' events happen."""

    order: list[str] = Field(default_factory=list)


def may_headline(card: int) -> bool:
    """RULES §5.1: no China Card (never in a hand) and no UN Intervention."""
    return card != UN_INTERVENTION


def headline_cards(s: State, side: str) -> list[int]:
    return [c for c in s.hands[side] if may_headline(c)]


def orbit_holder(s: State) -> str | None:
    """The side with the Man in Earth Orbit ability, if any (RULES §5.2)."""
    for side in SIDES:
        if holds_ability(s, side, HEADLINE_FIRST):
            return side
    return None


def shows_first(s: State) -> bool:
    holder = orbit_holder(s)
    return holder is not None and bool(headline_cards(s, OTHER[holder]))


def headline_order(s: State, f: Headline) -> None:
    """RULES §5.3: higher Ops first, ties to the US; scoring cards last (US first)."""

    def key(side: str) -> tuple[bool, int, int]:
        card = s.headlines[side]
        return (CARDS[card].scoring, -OPS[card], 0 if side == US else 1)

    f.order = sorted(s.headlines, key=key)
    if s.headlines.get(US) == DEFECTORS and USSR in s.headlines:
        # RULES §5.6: a US Defectors headline cancels the USSR's, a scoring card too
        cancelled = s.headlines.pop(USSR)
        f.order.remove(USSR)
        s.deck.discard(cancelled)
        s.announce(
            "twilight_struggle.headline_cancelled", role=USSR, card=cancelled, card2=DEFECTORS
        )


def headline_event(s: State, f: Headline) -> None:
    """The next headline's event; its headliner is the phasing player (RULES §5.5)."""
    side = f.order.pop(0)
    card = s.headlines[side]
    s.phasing = side
    owner = CARDS[card].side
    doer = owner if owner is not None else side
    flower_power(s, side, card)  # 20 VP: the game ends, and the call with it
    machine.call(s, "event", EventPlay(card=card, side=doer, origin="headline"))


def headlines_left(s: State, f: Headline) -> bool:
    return bool(f.order)


def end_headline(s: State) -> None:
    s.phasing = ""


@machine.step
class HeadlinePhase(Procedure[State]):
    """RULES §5: choose (one side first and openly under Man in Earth Orbit), reveal,
    resolve in order."""

    name, frame_type = "headline", Headline
    body = (
        If(shows_first, "headline_open"),
        "headline_choice",
        headline_order,
        While(headlines_left, headline_event),
        end_headline,
    )


def take_headline(s: State, side: str, card: int) -> None:
    s.hands[side].remove(card)
    envy_played(s, side, card)  # a Missile Envy owed, headlined: played, the duty ends
    s.headlines[side] = card


@machine.step
class HeadlineOpen(Step[State]):
    """Man in Earth Orbit (RULES §5.2): the opponent of the holder chooses and shows first."""

    name = "headline_open"
    waiting = Msg("twilight_struggle.waiting_headline")

    def begin(self, s: State) -> None:
        holder = orbit_holder(s)
        assert holder is not None
        s.active = [OTHER[holder]]

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.headline_open_prompt")

    def options(self, s: State, role: str) -> list[Option]:
        return [(PICK_CARD[c], None) for c in headline_cards(s, role)]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        return _headline_refusal(action)

    def on_card(self, s: State, role: str, card: int) -> None:
        take_headline(s, role, card)
        s.announce("twilight_struggle.headline_shown", role=role, card=card)
        machine.finish(s)


def _headline_refusal(action: Action) -> Msg | None:
    if action.type != "card":
        return None
    if action.arg == UN_INTERVENTION:
        return Msg("twilight_struggle.no_headline_un", card=UN_INTERVENTION)
    if action.arg == CHINA:
        return Msg("twilight_struggle.no_headline_china", card=CHINA)
    return Msg("twilight_struggle.not_in_hand")


@machine.step
class HeadlineChoice(SecretChoice[State]):
    """RULES §5.1: both sides choose a headline in secret and reveal together."""

    name = "headline_choice"
    waiting = Msg("twilight_struggle.waiting_headline")

    def choosers(self, s: State) -> Sequence[str]:
        return [side for side in SIDES if side not in s.headlines and headline_cards(s, side)]

    def prompt(self, s: State, role: str) -> Msg:
        mine = self.choice_of(s, role)
        if mine is not None:
            return Msg("twilight_struggle.headline_chosen", card=int(mine.arg or 0))
        return Msg("twilight_struggle.headline_prompt")

    def options(self, s: State, role: str) -> list[Option]:
        return [(PICK_CARD[c], None) for c in headline_cards(s, role)]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        return _headline_refusal(action)

    def reveal(self, s: State, choices: dict[str, Action]) -> None:
        for side, action in choices.items():
            take_headline(s, side, int(action.arg or 0))
        for side in SIDES:
            if side in s.headlines:
                s.announce("twilight_struggle.headlined", role=side, card=s.headlines[side])
        machine.finish(s)
