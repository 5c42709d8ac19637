"""RULES §5-6: a card's event, wherever it comes from — a headline, an action round, or an
opponent's card played for Ops (then the phasing player chooses before or after its
Operations, "ops_and_event", and the opponent makes every choice inside it).

``EVENTS`` maps a card whose event is written to the step that carries it out (early_war.py
registers them with ``event``); the step is called with an ``EventPlay`` frame and finishes
with whether the event happened (``None`` counts as yes). The seven scoring cards are events
of their own (scoring.py). A card whose event is not written yet plays for Ops and on the
Space Race only: its event never happens, also not when the opponent plays it for Ops, and
headlined it is simply discarded (issue 15's interim for the cards still to come).

An event that cannot happen — a prerequisite missing (NATO before Marshall Plan or Warsaw
Pact Formed), an event in effect that forbids it (Camp David Accords, The Iron Lady), or a
condition on the card not met — does nothing, and a starred card then goes to the discard
pile, not out of the game (RULES §6, §16.6); an event that happens with no effect counts as
played. After the event the card goes where RULES §6 sends it (``dispose``).

The generic steps events call (RULES §7.1: event Influence ignores adjacency and cost):

- "event_influence" (``Changes``): add or remove Influence one point a decision, in a list
  of countries, with a limit per country;
- "event_country" (``Pick``): choose one country of a list; the result is its index;
- "event_choice" (``Choice``): choose one of a few named options; the result is its name;
- "event_discard" (``Discard``): discard a card of at least some Ops (modified), or pass;
  the result is the card, or 0;
- "event_ops" (``EventOps``): conduct Operations with a given number of Ops (Influence,
  realignment or a coup, as with a card);
- "event_take" (``Take``, a ``DiscardPick``): take a card from the discard pile, or pass;
  the result is the card, or 0;
- "free_coup", "free_realign" (``FreeOps``): a coup or realignment rolls an event grants,
  in its countries only; the result is the country a coup took Influence from, or -1;
- "event_discard_many" (``Many``): discard any number of cards; the result is how many.

What events share beside their steps: ``give`` (Influence, logged) and ``score`` (VP, which
may end the game). The rules a lasting effect changes where a card is played are hooks
here, asked by the action round (rounds.py) and the headline (turn.py): Missile Envy owed
(``envy_owed``, ``envy_refusal``, ``envy_played``), We Will Bury You
(``we_will_bury_you``) and Flower Power (``flower_power``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, If, Procedure
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step, all_legal
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.effects import effect, end_effect, in_effect, kept_out
from gameshelf.plugins.twilight_struggle.model import (
    CARDS,
    CHINA,
    CID,
    CIX,
    MEMBERS,
    OTHER,
    US,
    USSR,
)
from gameshelf.plugins.twilight_struggle.operations import (
    REFORMER,
    Ops,
    can_coup,
    can_target,
    coup,
    realign,
    reformer,
    start_ops,
    target_refusal,
)
from gameshelf.plugins.twilight_struggle.ops import ops_value, region_bonuses
from gameshelf.plugins.twilight_struggle.scoring import is_battleground, play_scoring_card
from gameshelf.plugins.twilight_struggle.state import (
    PICK_CARD,
    PICK_COUNTRY,
    State,
    add_influence,
    check_vp,
    controls,
    country_of,
    gain_vp,
    machine,
    numbers,
    remove_influence,
)

MISSILE_ENVY = 49  # it goes to the victim's hand, not the discard pile (``envy_played``)

# card number -> the step of its event (filled by ``event``)
EVENTS: dict[int, str] = {}
# card number -> why its event cannot happen now for a side (a condition printed on it)
CONDITIONS: dict[int, Callable[[State, str], Msg | None]] = {}


def event_card(s: State) -> int:
    """The card whose event is being carried out now (the nearest event frame on the stack),
    or 0 (a question asked outside any event, NORAD's)."""
    for frame in reversed(s.stack):
        if isinstance(frame.args, EventPlay):
            return frame.args.card
    return 0


# (step, card) -> the question that step asks for that card's event, worded for the card
# (questions.py); a step without one asks its own prompt, naming the card
QUESTIONS: dict[tuple[str, int], Callable[[State, Any], Msg]] = {}


def asked(s: State, step: str, frame: Any) -> Msg | None:
    """The question ``step`` asks for the event under way, if the card words its own."""
    ask = QUESTIONS.get((step, event_card(s)))
    return ask(s, frame) if ask is not None else None


def has_event(card: int) -> bool:
    """Whether ``card`` has an event that can happen in this version."""
    return card in EVENTS or CARDS[card].scoring


StepT = TypeVar("StepT", bound=type[Step[Any]])


def event(
    card: int, condition: Callable[[State, str], Msg | None] | None = None
) -> Callable[[StepT], StepT]:
    """Class decorator: the step (or procedure) of ``card``'s event, registered on the machine."""

    def register(cls: StepT) -> StepT:
        machine.step(cls)
        EVENTS[card] = cls.name
        if condition is not None:
            CONDITIONS[card] = condition
        return cls

    return register


@frame_model
class EventPlay:
    """An event being carried out: the card, the side carrying it out, and where it was
    played from ("headline", "round", "ops": an opponent's card played for Ops; "discard":
    Five Year Plan's)."""

    card: int
    side: str
    origin: str = "round"
    pick: int = 0  # a working value of an event: a card or country chosen (index)
    choice: str = ""  # a working value of an event: the option chosen
    count: int = 0  # a working value of an event: how many times it has done something
    chosen: list[int] = Field(default_factory=list)  # a working value: countries chosen


def event_refusal(s: State, side: str, card: int) -> Msg | None:
    """Why ``card``'s event cannot happen for ``side`` now (``None``: it can)."""
    info = CARDS[card]
    if info.requires_any and not any(in_effect(s, r) for r in info.requires_any):
        return Msg("twilight_struggle.event_needs", card=card, card2=info.requires_any[-1])
    for other in info.prevented_by:
        if in_effect(s, other):
            return Msg("twilight_struggle.event_prevented", card=card, card2=other)
    condition = CONDITIONS.get(card)
    return condition(s, side) if condition is not None else None


def envy_played(s: State, side: str, card: int) -> None:
    """``card`` has left ``side``'s hand: if it is the Missile Envy ``side`` owed, the duty
    ends with it (RULES §14: the duty is to play that card, and a card no longer held is
    owed no more; played for Ops, discarded by an event or at random alike)."""
    if card != MISSILE_ENVY:  # every card played or discarded comes here: most are not it
        return
    envy = effect(s, MISSILE_ENVY)
    if envy is not None and envy.side == side:
        s.effects.remove(envy)


def china_kept(s: State, side: str) -> Iterator[Option]:
    """The China Card offered but refused where ``side`` holds it: an event never discards
    it (RULES §10)."""
    if s.china == side:
        yield PICK_CARD[CHINA], Msg("twilight_struggle.china_kept", card=CHINA)


def discard_from_hand(s: State, side: str, card: int) -> None:
    """``card`` goes from ``side``'s hand to the discard pile without its event (RULES §6),
    ending a Missile Envy owed with it (``envy_played``). Every forced discard comes here."""
    s.hands[side].remove(card)
    s.deck.discard(card)
    envy_played(s, side, card)


def dispose(s: State, card: int, happened: bool) -> None:
    """RULES §6: where a card goes after its event (or after an event that did not happen)."""
    if card == MISSILE_ENVY and happened and in_effect(s, MISSILE_ENVY):
        envy = effect(s, MISSILE_ENVY)
        assert envy is not None
        s.hands[envy.side].append(card)  # RULES §14: Missile Envy goes to its victim
    elif happened and CARDS[card].starred:
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
            s.announce("twilight_struggle.scoring_played", role=f.side, card=f.card)
            shuttle = shuttle_choice(s, f.card)
            if shuttle:  # Shuttle Diplomacy: the US leaves a country out (mid_war.py)
                machine.call(s, "event_country", Pick(chooser=US, eligible=shuttle))
                return
            self._score(s, f.card, -1)
            return
        if f.card not in EVENTS:
            s.announce("twilight_struggle.event_not_written", card=f.card)
            dispose(s, f.card, False)
            machine.finish(s)
            return
        reason = event_refusal(s, f.side, f.card)
        if reason is not None:
            s.announce("twilight_struggle.event_blocked", card=f.card, reason=reason)
            dispose(s, f.card, False)
            machine.finish(s)
            return
        s.announce("twilight_struggle.event_played", role=f.side, card=f.card)
        machine.call(s, EVENTS[f.card], EventPlay(card=f.card, side=f.side, origin=f.origin))

    def _score(self, s: State, card: int, left_out: int) -> None:
        play_scoring_card(s, card, left_out)
        if not s.over:  # Europe Controlled ends the game at once: the card stays played
            shuttle_used(s, card)
            dispose(s, card, True)
            machine.finish(s)

    def resume(self, s: State, result: object) -> None:
        f = self.frame(s)
        if CARDS[f.card].scoring:  # back from Shuttle Diplomacy's choice
            assert isinstance(result, int)
            s.announce("twilight_struggle.shuttle_left_out", country=CID[result], card=SHUTTLE)
            self._score(s, f.card, result)
            return
        dispose(s, f.card, result is not False)
        machine.finish(s)


SHUTTLE = 73
SHUTTLE_REGIONS = ("asia", "middle_east")


def shuttle_choice(s: State, card: int) -> list[int]:
    """RULES §11, §16.8: with Shuttle Diplomacy in effect, an Asia or Middle East scoring
    card (not Southeast Asia's, never final scoring) leaves out one USSR-controlled
    battleground of the US's choice: the countries it may choose (none: nothing asked)."""
    region = CARDS[card].scoring_region
    if region not in SHUTTLE_REGIONS or not in_effect(s, SHUTTLE):
        return []
    return [c for c in MEMBERS[region] if is_battleground(s, c) and controls(s, USSR, c)]


def shuttle_used(s: State, card: int) -> None:
    """Shuttle Diplomacy ends at the first Asia or Middle East scoring card, used or not."""
    if CARDS[card].scoring_region in SHUTTLE_REGIONS and in_effect(s, SHUTTLE):
        end_effect(s, SHUTTLE)


# --- what events share: Influence given, VP scored -------------------------------------------


def give(s: State, side: str, country: str, n: int) -> None:
    """``side`` adds ``n`` Influence in ``country`` (an id), logged."""
    add_influence(s, side, CIX[country], n)
    s.announce("twilight_struggle.added", role=side, country=country, n=n)


def score(s: State, side: str, vp: int) -> None:
    """``side`` gains ``vp`` VP (none: nothing is said), and 20 VP may end the game."""
    if vp:
        gain_vp(s, side, vp)
        s.announce("twilight_struggle.gains_vp", role=side, vp=vp)
    check_vp(s)


# --- the rules a lasting effect changes where a card is played (RULES §14) --------------------

WE_WILL_BURY_YOU, UN_INTERVENTION = 50, 32


def we_will_bury_you(s: State, side: str, card: int, use: str) -> bool:
    """RULES §14: We Will Bury You resolves at the US's next action round, whatever it holds:
    the USSR gains 3 VP when the US plays that round's card, unless it is UN Intervention
    played as an event (a headline is no action round), or as the round begins when it is a
    trap's (Quagmire) or is sat out, or when the US passes it keeping The China Card
    (``card`` 0). Called by rounds.ActionRound and rounds.CardPlay; returns whether the game
    ended."""
    if side != US or s.phasing != US or not in_effect(s, WE_WILL_BURY_YOU):
        return False  # (a card the US plays in the USSR's round, Grain Sales', is not it)
    end_effect(s, WE_WILL_BURY_YOU)
    if card == UN_INTERVENTION and use == "event":
        s.announce("twilight_struggle.bury_cancelled", card=WE_WILL_BURY_YOU, card2=card)
        return False
    score(s, USSR, 3)
    return s.over


def envy_owed(s: State, side: str) -> bool:
    """Whether ``side`` holds Missile Envy it must play for Ops now."""
    envy = effect(s, MISSILE_ENVY)
    return envy is not None and envy.side == side and MISSILE_ENVY in s.hands[side]


def envy_refusal(s: State, side: str, card: int, use: str) -> Msg | None:
    """Missile Envy owed: only for Ops (rounds.use_refusal)."""
    if card == MISSILE_ENVY and use in ("event", "space") and envy_owed(s, side):
        return Msg("twilight_struggle.envy_for_ops", card=MISSILE_ENVY)
    return None


FLOWER_POWER = 59


def flower_power(s: State, side: str, card: int) -> bool:
    """Flower Power in effect: the US playing a war card as an event (a headline too) or
    for Ops gives the USSR 2 VP; on the Space Race it does not (RULES §14). Called where a
    card is played (rounds.CardPlay, turn.headline_event); returns whether the game ended."""
    if side != US or not CARDS[card].war or not in_effect(s, FLOWER_POWER):
        return False
    s.announce("twilight_struggle.flower_power", card=card, card2=FLOWER_POWER)
    gain_vp(s, USSR, 2)
    return check_vp(s)


# --- an opponent's event played for Ops (RULES §6) --------------------------------------------


@frame_model
class OpsEvent:
    """A card of the opponent's played for Ops: the operation, and when its event happens."""

    side: str
    card: int
    use: str
    first: str = ""  # "before" or "after" the Operations, chosen by the phasing player
    reach: list[int] = Field(default_factory=list)  # placement reach at the round's start


@frame_model
class Timing:
    side: str
    card: int


WHEN: dict[str, Action] = {w: Action("when", w) for w in ("before", "after")}


@machine.step
class EventTiming(Step[State]):
    """The phasing player chooses whether the opponent's event comes before or after its
    Operations (RULES §6)."""

    name, frame_type = "event_timing", Timing
    waiting = Msg("twilight_struggle.waiting_timing")

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).side]

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.timing_prompt", card=self.frame(s).card)

    def options(self, s: State, role: str) -> Iterable[Option]:
        return all_legal(WHEN.values())

    def on_when(self, s: State, role: str, when: str) -> None:
        machine.finish(s, when)


def _event_before(s: State, f: OpsEvent) -> bool:
    return f.first == "before"


def _event_after(s: State, f: OpsEvent) -> bool:
    return f.first == "after"


def _opponent_event(s: State, f: OpsEvent) -> None:
    machine.call(s, "event", EventPlay(card=f.card, side=OTHER[f.side], origin="ops"))


def _operations(s: State, f: OpsEvent) -> None:
    ops = start_ops(s, f.side, f.card)
    ops.reach = list(f.reach)  # RULES §7.1: taken before the event, at the round's start
    machine.call(s, f.use, ops)


@machine.step
class OpsAndEvent(Procedure[State]):
    """RULES §6: Operations with an opponent's card; its event before or after them."""

    name, frame_type = "ops_and_event", OpsEvent
    body = (
        Call("event_timing", args=lambda s, f: Timing(side=f.side, card=f.card), into="first"),
        If(_event_before, _opponent_event),
        _operations,
        If(_event_after, _opponent_event),
    )


def triggers_opponent_event(s: State, side: str, card: int) -> bool:
    """Whether playing ``card`` for Ops makes the opponent's event happen (it is theirs, is
    written, and nothing stops it); a stopped event is logged and the card discarded later."""
    return card != CHINA and CARDS[card].side == OTHER[side] and card in EVENTS


# --- the generic steps of events --------------------------------------------------------------


@frame_model
class Changes:
    """Event Influence: ``chooser`` adds (``add``) or removes ``owner``'s Influence, one point
    a decision, ``left`` points in ``eligible`` countries, at most ``per_country`` in each
    (0: no limit); ``done`` lists the countries already changed, once per point."""

    chooser: str
    owner: str
    add: bool
    left: int
    eligible: list[int] = Field(default_factory=list)
    per_country: int = 0
    optional: bool = False  # "up to": the chooser may stop (``done``)
    done: list[int] = Field(default_factory=list)


DONE = Action("done")


def influence_event(
    card: int,
    name: str,
    doc: str,
    *,
    chooser: str,
    owner: str,
    add: bool,
    left: int,
    eligible: Sequence[int] | Callable[[State], list[int]],
    per_country: int = 0,
    optional: bool = False,
    first: Callable[[State, EventPlay], None] | None = None,
) -> type[Procedure[State]]:
    """Declare and register the event of ``card`` that is one event Influence change (the
    shape of Decolonization, Colonial Rear Guards, Suez Crisis...), after ``first`` where
    given (Marine Barracks Bombing, Pershing II Deployed): ``chooser`` and ``owner`` a side,
    or "" for the event's side; ``eligible`` the countries, or a function of the state
    giving them when the event happens."""

    def changes(s: State, f: EventPlay) -> Changes:
        where = eligible(s) if callable(eligible) else list(eligible)
        return Changes(
            chooser=chooser or f.side,
            owner=owner or f.side,
            add=add,
            left=left,
            eligible=where,
            per_country=per_country,
            optional=optional,
        )

    title = "".join(word.title() for word in name.split("_"))
    body = (*([first] if first else []), Call("event_influence", args=changes))
    namespace = {"__doc__": doc, "name": name, "frame_type": EventPlay, "body": body}
    return event(card)(type(title, (Procedure,), namespace))


def _may_change(s: State, f: Changes, c: int) -> bool:
    if f.per_country and f.done.count(c) >= f.per_country:
        return False
    return f.add or s.influence[f.owner][c] > 0


@machine.step
class EventInfluence(Step[State]):
    """Add or remove Influence for an event, one point a decision."""

    name, frame_type = "event_influence", Changes
    waiting = Msg("twilight_struggle.waiting_event")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.chooser]
        if not self._open(s, f):
            machine.finish(s, len(f.done))

    def _open(self, s: State, f: Changes) -> list[int]:
        """The eligible countries a point may still go to or come from (``_may_change``
        of each, worked out with the lists at hand: the hot path of the events)."""
        if f.left <= 0:
            return []
        done, cap = f.done, f.per_country
        if f.add:
            return [c for c in f.eligible if done.count(c) < cap] if cap else list(f.eligible)
        have = s.influence[f.owner]
        if not cap:
            return [c for c in f.eligible if have[c] > 0]
        return [c for c in f.eligible if have[c] > 0 and done.count(c) < cap]

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        card = event_card(s)
        if card and f.add:
            return Msg("twilight_struggle.event_add_for", card=card, role=f.owner, left=f.left)
        if card:
            return Msg("twilight_struggle.event_remove_for", card=card, role=f.owner, left=f.left)
        if f.add:
            return Msg("twilight_struggle.event_add_prompt", role=f.owner, left=f.left)
        return Msg("twilight_struggle.event_remove_prompt", role=f.owner, left=f.left)

    def options(self, s: State, role: str) -> list[Option]:
        f = self.frame(s)
        picks: list[Option] = [(PICK_COUNTRY[c], None) for c in self._open(s, f)]
        return [*picks, (DONE, None)] if f.optional else picks

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        f = self.frame(s)
        picks = [PICK_COUNTRY[c] for c in self._open(s, f)]
        return [*picks, DONE] if f.optional else picks

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        c = country_of(action)
        if c is None:
            return None
        if c not in self.frame(s).eligible:
            return Msg("twilight_struggle.event_not_there", country=CID[c])
        return Msg("twilight_struggle.event_country_done", country=CID[c])

    def on_done(self, s: State, role: str, arg: None) -> None:
        machine.finish(s, len(self.frame(s).done))

    def on_country(self, s: State, role: str, country: str) -> None:
        f = self.frame(s)
        c = CIX[country]
        if f.add:
            add_influence(s, f.owner, c)
            s.announce("twilight_struggle.placed", role=f.owner, country=country)
        else:
            remove_influence(s, f.owner, c, 1)
            s.announce("twilight_struggle.removed", role=f.owner, country=country)
        f.left -= 1
        f.done.append(c)
        if not self._open(s, f):
            machine.finish(s, len(f.done))


@frame_model
class Pick:
    """Choose one of ``eligible`` countries for an event."""

    chooser: str
    eligible: list[int] = Field(default_factory=list)


@machine.step
class EventCountry(Step[State]):
    """Choose a country for an event; the result is its index."""

    name, frame_type = "event_country", Pick
    waiting = Msg("twilight_struggle.waiting_event")

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).chooser]

    def prompt(self, s: State, role: str) -> Msg:
        card = event_card(s)
        if not card:
            return Msg("twilight_struggle.event_country_prompt")
        return asked(s, self.name, self.frame(s)) or Msg(
            "twilight_struggle.event_country_for", card=card
        )

    def options(self, s: State, role: str) -> Iterable[Option]:
        return all_legal(map(PICK_COUNTRY.__getitem__, self.frame(s).eligible))

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        return [PICK_COUNTRY[c] for c in self.frame(s).eligible]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        c = country_of(action)
        return None if c is None else Msg("twilight_struggle.event_not_there", country=CID[c])

    def on_country(self, s: State, role: str, country: str) -> None:
        machine.finish(s, CIX[country])


CHOICE_TEXT = {
    "remove": Msg("twilight_struggle.choice_remove"),
    "add": Msg("twilight_struggle.choice_add"),
    "attend": Msg("twilight_struggle.choice_attend"),
    "boycott": Msg("twilight_struggle.choice_boycott"),
}
CHOOSE: dict[str, Action] = {c: Action("choose", c) for c in CHOICE_TEXT}


def choice_option(option: str, text: Msg) -> None:
    """Another event's option for "event_choice" (mid_war.py's DEFCON choices)."""
    CHOICE_TEXT[option] = text
    CHOOSE[option] = Action("choose", option)


@frame_model
class Choice:
    """Choose one of ``options`` (names in ``CHOICE_TEXT``) for an event."""

    chooser: str
    card: int
    options: list[str] = Field(default_factory=list)


@machine.step
class EventChoice(Step[State]):
    """Choose one of an event's options; the result is its name."""

    name, frame_type = "event_choice", Choice
    waiting = Msg("twilight_struggle.waiting_event")

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).chooser]

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return asked(s, self.name, f) or Msg("twilight_struggle.event_choice_prompt", card=f.card)

    def options(self, s: State, role: str) -> list[Option]:
        return [(CHOOSE[o], None) for o in self.frame(s).options]

    def on_choose(self, s: State, role: str, option: str) -> None:
        s.announce("twilight_struggle.chose", role=role, choice=CHOICE_TEXT[option])
        machine.finish(s, option)


PASS = Action("pass")


@frame_model
class Discard:
    """Discard a card of at least ``min_ops`` Ops (modified for ``chooser``), among ``only``
    if given, or pass if ``may_pass``."""

    chooser: str
    card: int
    min_ops: int
    only: list[int] = Field(default_factory=list)
    may_pass: bool = True


def discardable(s: State, side: str, min_ops: int) -> list[int]:
    """Cards ``side`` may discard to meet an "N Ops or more" demand (RULES §6: a higher card
    does, with the side's modifiers; The China Card never does, §10)."""
    return [c for c in s.hands[side] if ops_value(s, side, c) >= min_ops]


@machine.step
class EventDiscard(Step[State]):
    """Discard a card of enough Ops for an event, or pass; the result is the card, or 0."""

    name, frame_type = "event_discard", Discard
    waiting = Msg("twilight_struggle.waiting_event")

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).chooser]

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return asked(s, self.name, f) or Msg(
            "twilight_struggle.event_discard_prompt", card=f.card, ops=f.min_ops
        )

    def options(self, s: State, role: str) -> Iterator[Option]:
        f = self.frame(s)
        fits = set(discardable(s, role, f.min_ops))
        for c in s.hands[role]:
            if f.only and c not in f.only:
                yield PICK_CARD[c], Msg("twilight_struggle.not_for_event", card=c, card2=f.card)
            elif c in fits:
                yield PICK_CARD[c], None
            else:
                yield PICK_CARD[c], Msg("twilight_struggle.too_few_ops", card=c, ops=f.min_ops)
        yield from china_kept(s, role)
        if f.may_pass:
            yield PASS, None

    def on_card(self, s: State, role: str, card: int) -> None:
        discard_from_hand(s, role, card)
        s.announce("twilight_struggle.discarded", role=role, card=card)
        machine.finish(s, card)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        machine.finish(s, 0)


OPS_USES = ("influence", "realign", "coup")


@frame_model
class EventOps:
    """Operations an event grants ``side``: ``ops`` Ops, as if with ``card``."""

    side: str
    card: int
    ops: int


@machine.step
class EventOperations(Step[State]):
    """Conduct Operations for an event (RULES §7.1: the normal rules of operations)."""

    name, frame_type = "event_ops", EventOps
    waiting = Msg("twilight_struggle.waiting_card")

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).side]

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.event_ops_prompt", card=f.card, ops=f.ops)

    def options(self, s: State, role: str) -> Iterator[Option]:
        aim = can_target(s, role)
        no_coup = reformer(s, role) and not can_coup(s, role)  # The Reformer: Europe closed
        for use in OPS_USES:
            if use != "influence" and not aim:
                yield Action("use", use), Msg("twilight_struggle.no_target")
            elif use == "coup" and no_coup:
                yield Action("use", use), Msg("twilight_struggle.reformer_no_target", card=REFORMER)
            else:
                yield Action("use", use), None

    def on_use(self, s: State, role: str, use: str) -> None:
        f = self.frame(s)
        bonuses = region_bonuses(s, role, f.card)
        machine.enter(s, use, Ops(side=role, card=f.card, base=f.ops, bonuses=bonuses))


# --- more steps events share: a card from the discard pile, free coups and realignments,
# any number of discards (the Mid and Late War events) -----------------------------------------


@frame_model
class Take:
    """Take one of ``cards`` from the discard pile into ``chooser``'s hand, or pass."""

    chooser: str
    card: int
    cards: list[int] = Field(default_factory=list)


class DiscardPick(Step[State], ABC):
    """Choose one of the frame's ``cards`` in the discard pile for the event of its ``card``
    (or pass, for 0, where ``passable``); the card leaves the pile for :meth:`picked`, and is
    the result. A subclass names the step and its frame type, and writes the prompt."""

    waiting = Msg("twilight_struggle.waiting_event")
    passable = False

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).chooser]

    def options(self, s: State, role: str) -> Iterator[Option]:
        f = self.frame(s)
        for c in numbers(s.deck.discard_pile):
            if c in f.cards:
                yield PICK_CARD[c], None
            else:
                yield PICK_CARD[c], Msg("twilight_struggle.not_for_event", card=c, card2=f.card)
        if self.passable:
            yield PASS, None

    def on_card(self, s: State, role: str, card: int) -> None:
        s.deck.discard_pile.remove(card)
        self.picked(s, role, card)
        machine.finish(s, card)

    @abstractmethod
    def picked(self, s: State, role: str, card: int) -> None:
        """Where the card goes, and the line that says so."""


@machine.step
class EventTake(DiscardPick):
    """Take a card from the discard pile for an event (SALT Negotiations), showing it, or
    pass; the result is the card, or 0."""

    name, frame_type = "event_take", Take
    passable = True

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.event_take_prompt", card=self.frame(s).card)

    def picked(self, s: State, role: str, card: int) -> None:
        s.hands[role].append(card)
        s.announce("twilight_struggle.took_from_discard", role=role, card=card)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        machine.finish(s, 0)


@frame_model
class FreeOps:
    """Free coup or realignment attempts an event grants (Junta): ``side`` with ``ops`` Ops
    (``left`` for the realignment rolls still to make), only in ``eligible``."""

    side: str
    card: int
    ops: int
    left: int = 0
    eligible: list[int] = Field(default_factory=list)


def free_targets(s: State, f: FreeOps) -> list[int]:
    """Where a free coup or roll may go: the event's countries, with the opponent's
    Influence, not protected (DEFCON geography ignored: RULES §7.3, §16.4)."""
    return [c for c in f.eligible if target_refusal(s, f.side, c, free=True) is None]


class FreeStep(Step[State]):
    """The target of a free coup or realignment roll, in the frame's countries."""

    frame_type = FreeOps

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.side]
        if not free_targets(s, f):
            machine.finish(s, -1)

    def options(self, s: State, role: str) -> Iterator[Option]:
        f = self.frame(s)
        eligible = set(f.eligible)
        for c, action in enumerate(PICK_COUNTRY):
            if c not in eligible:
                yield action, Msg("twilight_struggle.event_not_there", country=CID[c])
            else:
                yield action, target_refusal(s, f.side, c, free=True)


@machine.step
class FreeCoup(FreeStep):
    """A free coup: the card's Ops, no military operations; a battleground still lowers
    DEFCON (RULES §7.3, §16.4)."""

    name = "free_coup"
    waiting = Msg("twilight_struggle.waiting_coup")

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.free_coup_prompt", card=f.card, ops=f.ops)

    def on_country(self, s: State, role: str, country: str) -> None:
        """The result: the country if the coup took opponent Influence away, else -1 (Che)."""
        f = self.frame(s)
        c = CIX[country]
        before = s.influence[OTHER[f.side]][c]
        coup(s, f.side, c, f.ops, free=True)
        machine.finish(s, c if s.influence[OTHER[f.side]][c] < before else -1)


@machine.step
class FreeRealign(FreeStep):
    """Free realignment rolls, one Op each, until the Ops are spent or no target is left."""

    name = "free_realign"
    waiting = Msg("twilight_struggle.waiting_realign")

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.free_realign_prompt", card=f.card, ops=f.left)

    def on_country(self, s: State, role: str, country: str) -> None:
        f = self.frame(s)
        realign(s, f.side, CIX[country])
        f.left -= 1
        if f.left <= 0 or not free_targets(s, f):
            machine.finish(s, -1)


@frame_model
class Many:
    """Discard any number of cards from ``chooser``'s hand for an event; ``count`` so far."""

    chooser: str
    card: int
    count: int = 0


@machine.step
class EventDiscardMany(Step[State]):
    """Discard cards one a decision (scoring cards too: their events never happen, RULES
    §6, §16.8) until done; the result is how many."""

    name, frame_type = "event_discard_many", Many
    waiting = Msg("twilight_struggle.waiting_event")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.chooser]
        if not s.hands[f.chooser]:
            machine.finish(s, 0)

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.event_discard_many_prompt", card=self.frame(s).card)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for c in s.hands[role]:
            yield PICK_CARD[c], None
        yield from china_kept(s, role)
        yield DONE, None

    def on_card(self, s: State, role: str, card: int) -> None:
        f = self.frame(s)
        discard_from_hand(s, role, card)
        s.announce("twilight_struggle.discarded", role=role, card=card)
        f.count += 1
        if not s.hands[role]:
            machine.finish(s, f.count)

    def on_done(self, s: State, role: str, arg: None) -> None:
        machine.finish(s, self.frame(s).count)
