"""RULES §6: an action round — the phasing player plays one card (or The China Card).

"action_round" asks for the card, "card_play" how to use it: as its event (own or neutral
events that are written, and the scoring cards, which are only events), for Ops on one kind
of operation (Influence, realignment rolls, one coup), or on the Space Race. A scoring card
may never be held: when a side's remaining action rounds are no more than the scoring cards
in its hand, only those are offered (RULES §12.6). A side with no card to play sits the
round out (§4); one whose only playable card is The China Card may play it or pass, as it
is never forced into play (§4, §10), and may pass at no other time.

The China Card (§10, §16.10): playable face up by its holder, for Ops or on the Space Race
(never as an event), it then passes face down to the opponent; if the US plays it, Formosan
Resolution ends.

A side trapped by Quagmire or Bear Trap plays its action rounds as "trapped_round" (RULES
§14): a discard and a roll to get free.
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.effects import (
    NORTH_SEA_OIL_ROUNDS,
    end_effect,
    in_effect,
    north_sea_oil,
    trap_of,
)
from gameshelf.plugins.twilight_struggle.events import (
    MISSILE_ENVY,
    OPS_USES,
    PASS,
    EventPlay,
    OpsEvent,
    discard_from_hand,
    envy_owed,
    envy_played,
    envy_refusal,
    event_refusal,
    flower_power,
    has_event,
    triggers_opponent_event,
    we_will_bury_you,
)
from gameshelf.plugins.twilight_struggle.model import (
    CARDS,
    CHINA,
    OTHER,
    SPACE_STATION_ROUNDS,
    US,
    era_of_turn,
)
from gameshelf.plugins.twilight_struggle.operations import (
    EIGHT_ROUNDS,
    REFORMER,
    can_coup,
    can_target,
    holds_ability,
    reach_of,
    reformer,
    space_attempt,
    space_refusal,
    start_ops,
)
from gameshelf.plugins.twilight_struggle.ops import ops_value
from gameshelf.plugins.twilight_struggle.state import PICK_CARD, State, machine

FORMOSAN = 35
USES = ("event", "influence", "realign", "coup", "space")
USE: dict[str, Action] = {u: Action("use", u) for u in USES}
USE_NAMES = {
    "influence": Msg("twilight_struggle.use_influence"),
    "realign": Msg("twilight_struggle.use_realign"),
    "coup": Msg("twilight_struggle.use_coup"),
}


@frame_model
class Round:
    """An action round of ``side``."""

    side: str


@frame_model
class Play:
    """A card chosen in an action round, waiting to be used."""

    side: str
    card: int


def rounds_total(s: State, side: str) -> int:
    """6 or 7 action rounds, 8 for the holder of the Space Station ability and for the US in
    the turn of North Sea Oil (RULES §4)."""
    if holds_ability(s, side, EIGHT_ROUNDS):
        return SPACE_STATION_ROUNDS
    if north_sea_oil(s, side):
        return NORTH_SEA_OIL_ROUNDS
    return era_of_turn(s.turn).action_rounds


def rounds_left(s: State, side: str) -> int:
    """``side``'s action rounds still to play, the one under way included."""
    return rounds_total(s, side) - s.rounds_done[side] + 1


def scoring_in_hand(s: State, side: str) -> int:
    return sum(1 for c in s.hands[side] if CARDS[c].scoring)


def must_play_scoring(s: State, side: str) -> bool:
    """RULES §12.6: the rounds left (this one included) are no more than the scoring cards
    held, so only scoring cards may be played."""
    held = scoring_in_hand(s, side)
    return held > 0 and held >= rounds_left(s, side)


def may_play_china(s: State, side: str) -> bool:
    return s.china == side and s.china_up


def china_only(s: State, side: str) -> bool:
    """RULES §4, §10: The China Card is the one card ``side`` could play this round, so it
    may pass instead (The China Card is never forced out by a shortage)."""
    return not s.hands[side] and may_play_china(s, side)


def playable(s: State, side: str) -> list[int]:
    """The cards ``side`` may play this round (Missile Envy owed: only it, RULES §14)."""
    if must_play_scoring(s, side):
        return [c for c in s.hands[side] if CARDS[c].scoring]
    if envy_owed(s, side):
        return [MISSILE_ENVY]
    cards = list(s.hands[side])
    if may_play_china(s, side):
        cards.append(CHINA)
    return cards


@machine.step
class ActionRound(Step[State]):
    """Choose the card to play this action round."""

    name, frame_type = "action_round", Round
    waiting = Msg("twilight_struggle.waiting_card")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.phasing = f.side  # turn.next_round has counted the round
        s.active = [f.side]
        trap = trap_of(s, f.side)
        if trap:  # Quagmire or Bear Trap: a round of its own (``TrappedRound``, below)
            we_will_bury_you(s, f.side, 0, "")  # RULES §14: the US's next round all the same
            machine.enter(s, "trapped_round", Trapped(side=f.side, card=trap))
            return
        if not playable(s, f.side):
            if we_will_bury_you(s, f.side, 0, ""):  # a round sat out is the next round too
                return
            s.announce("twilight_struggle.sits_out", role=f.side)
            machine.finish(s)

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.round_prompt", round=s.rounds_done[role])

    def options(self, s: State, role: str) -> Iterator[Option]:
        allowed = playable(s, role)
        owed = allowed == [MISSILE_ENVY] and envy_owed(s, role)
        for c in s.hands[role]:
            if c in allowed:
                yield PICK_CARD[c], None
            elif owed:
                yield PICK_CARD[c], Msg("twilight_struggle.envy_owed", card=MISSILE_ENVY)
            else:
                yield PICK_CARD[c], Msg("twilight_struggle.scoring_must", card=c)
        if s.china == role:
            if CHINA in allowed:
                yield PICK_CARD[CHINA], None
            elif not s.china_up:
                yield PICK_CARD[CHINA], Msg("twilight_struggle.china_down", card=CHINA)
            else:
                yield PICK_CARD[CHINA], Msg("twilight_struggle.scoring_must", card=CHINA)
        if china_only(s, role):
            yield PASS, None
        else:
            yield PASS, Msg("twilight_struggle.no_pass", card=CHINA)

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        cards = [PICK_CARD[c] for c in playable(s, role)]
        return [*cards, PASS] if china_only(s, role) else cards

    def why_not(self, s: State, role: str, action: Action) -> str | Msg | None:
        return Msg("twilight_struggle.not_in_hand") if action.type == "card" else None

    def on_card(self, s: State, role: str, card: int) -> None:
        machine.enter(s, "card_play", Play(side=role, card=card))

    def on_pass(self, s: State, role: str, arg: None) -> None:
        """RULES §4, §10: The China Card kept, the round passed."""
        if we_will_bury_you(s, role, 0, ""):  # a round passed is the US's next round too
            return
        s.announce("twilight_struggle.china_passed", role=role, card=CHINA)
        machine.finish(s)


def use_refusal(s: State, side: str, card: int, use: str, aim: bool) -> Msg | None:
    """Why ``card`` may not be used so by ``side`` (``None``: it may); ``aim``: whether a
    country may be couped or realigned in now."""
    info = CARDS[card]
    envy = envy_refusal(s, side, card, use)
    if envy is not None:
        return envy
    if use == "space":
        return space_refusal(s, side, card)
    if info.scoring:
        return None if use == "event" else Msg("twilight_struggle.scoring_event", card=card)
    if use == "event":
        if card == CHINA:
            return Msg("twilight_struggle.china_no_event", card=card)
        if info.side == OTHER[side]:
            return Msg("twilight_struggle.enemy_event", card=card)
        if not has_event(card):
            return Msg("twilight_struggle.event_later", card=card)
        return event_refusal(s, side, card)
    if use in ("realign", "coup") and not aim:
        return Msg("twilight_struggle.no_target")
    if use == "coup" and reformer(s, side) and not can_coup(s, side):
        return Msg("twilight_struggle.reformer_no_target", card=REFORMER)
    return None


@machine.step
class CardPlay(Step[State]):
    """Choose how to use the card: its event, Influence, realignments, a coup, the Space
    Race."""

    name, frame_type = "card_play", Play
    waiting = Msg("twilight_struggle.waiting_card")

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.use_prompt", card=self.frame(s).card)

    def options(self, s: State, role: str) -> Iterator[Option]:
        f = self.frame(s)
        aim = can_target(s, f.side)
        for use in USES:
            yield USE[use], use_refusal(s, f.side, f.card, use, aim)

    def on_use(self, s: State, role: str, use: str) -> None:
        f = self.frame(s)
        card = f.card
        if card == CHINA:
            pass_china(s, role)
        else:
            s.hands[role].remove(card)
        envy_played(s, role, card)
        if we_will_bury_you(s, role, card, use):
            return
        if use != "space" and flower_power(s, role, card):
            return
        if use == "event":
            machine.enter(s, "event", EventPlay(card=card, side=role))
            return
        if use == "space":
            space_attempt(s, role, card)
            if card != CHINA:
                s.deck.discard(card)
            machine.finish(s)
            return
        s.announce("twilight_struggle.plays_ops", role=role, card=card, use=USE_NAMES[use])
        if use in OPS_USES and triggers_opponent_event(s, role, card):
            reason = event_refusal(s, OTHER[role], card)
            if reason is None:  # RULES §6: it happens, before or after, as the player says
                reach = reach_of(s, role) if use == "influence" else []
                play = OpsEvent(side=role, card=card, use=use, reach=reach)
                machine.enter(s, "ops_and_event", play)
                return
            s.announce("twilight_struggle.event_blocked", card=card, reason=reason)
        if card != CHINA:
            s.deck.discard(card)
        machine.enter(s, use, start_ops(s, role, card))


def pass_china(s: State, side: str) -> None:
    """RULES §10: played, The China Card passes face down to the opponent; the US playing it
    ends Formosan Resolution."""
    s.china, s.china_up = OTHER[side], False
    if side == US and in_effect(s, FORMOSAN):
        end_effect(s, FORMOSAN)


# --- a trapped side's action round (RULES §14: Quagmire, Bear Trap) ---------------------------

FREED_ON = 4  # RULES §14: a roll of 1-4 frees the trapped side


@frame_model
class Trapped:
    """An action round of ``side`` under ``card`` (Quagmire or Bear Trap)."""

    side: str
    card: int


def trap_discards(s: State, side: str) -> list[int]:
    """The cards that may go to the trap: 2 Ops or more with ``side``'s modifiers (RULES
    §14); The China Card never (§10)."""
    return [c for c in s.hands[side] if ops_value(s, side, c) >= 2]


def trap_plays(s: State, side: str) -> tuple[list[int], list[int]]:
    """(cards to discard, scoring cards to play) this round: scoring cards only when no card
    qualifies, or when the rounds left must go to them (a scoring card is never held)."""
    scoring = [c for c in s.hands[side] if CARDS[c].scoring]
    held = len(scoring)
    from_now = rounds_left(s, side)
    if held and held >= from_now:
        return [], scoring
    discards = trap_discards(s, side)
    if MISSILE_ENVY in discards and envy_owed(s, side):
        discards = [MISSILE_ENVY]  # RULES §14 [FAQ]: received while trapped, it goes first
    return (discards, []) if discards else ([], scoring)


@machine.step
class TrappedRound(Step[State]):
    """RULES §14: a trapped side's action round is only a discard of a 2-Ops card and a
    roll, 1-4 freeing it (normal play from the next round); with no such card it plays a
    scoring card, or sits the round out. Never in the headline."""

    name, frame_type = "trapped_round", Trapped
    waiting = Msg("twilight_struggle.waiting_card")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.side]
        discards, scoring = trap_plays(s, f.side)
        if not discards and not scoring:
            s.announce("twilight_struggle.trap_sits_out", role=f.side, card=f.card)
            machine.finish(s)

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.trap_prompt", card=self.frame(s).card)

    def options(self, s: State, role: str) -> Iterator[Option]:
        f = self.frame(s)
        discards, scoring = trap_plays(s, role)
        for c in s.hands[role]:
            if c in discards or c in scoring:
                yield PICK_CARD[c], None
            elif CARDS[c].scoring:
                yield PICK_CARD[c], Msg("twilight_struggle.trap_discard_first", card=c)
            else:
                yield PICK_CARD[c], Msg("twilight_struggle.too_few_ops", card=c, ops=2)
        if s.china == role:
            yield PICK_CARD[CHINA], Msg("twilight_struggle.trap_no_china", card=CHINA, card2=f.card)

    def on_card(self, s: State, role: str, card: int) -> None:
        f = self.frame(s)
        if CARDS[card].scoring:
            s.hands[role].remove(card)
            machine.enter(s, "event", EventPlay(card=card, side=role))
            return
        discard_from_hand(s, role, card)
        die = s.rng.d6()
        if die <= FREED_ON:
            s.announce("twilight_struggle.trap_freed", role=role, card=card, card2=f.card, roll=die)
            end_effect(s, f.card)
        else:
            s.announce("twilight_struggle.trap_holds", role=role, card=card, card2=f.card, roll=die)
        machine.finish(s)
