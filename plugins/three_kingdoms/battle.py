"""Stopping on a rival's land: the forced battle plan, the siege and the tolls.

Seed §2.2 C, DESIGN §7.9–§7.11, §7.21, §7.23.

- Battle plan (作戰計劃, forced): with 2 or more cards in hand the player plays exactly 2 face
  up in front of it; with 1, that card; with none, it pays the full toll.
- Intelligence contest: the plan's intelligence against the total of the land's talents;
  the attacker needs strictly more (ties fail). Swords do not defend a plan. A failed plan
  pays the full toll and its cards go face down.
- Siege (攻城): each side picks a general at the same time, in secret (the attacker from its
  plan, the defender from the land); each rolls a die. Siege power = die + martial (+1 with
  曹操 in the plan); defence = die + martial + swords; ties fail.
  - Won: the attacker's general goes face up on the land, its other plan card face down in
    front of it; the attacker takes the land card, the swords stay, and the land's talents go
    face down in front of their owner. Taking a rival's last land wins (``victory``).
  - Lost: half the toll (a multiple of 50); the plan cards go face down.
- Tolls are read from the land card for the swords on it when paying; 董卓 in the owner's
  hand doubles a full toll and turns a half toll into a full one.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.ruleset import Action, Role
from core.steps import Step
from plugins.three_kingdoms.lands import not_in_hand, owned_land_refusal
from plugins.three_kingdoms.lords import cao_cao_bonus, dong_zhuo_shown
from plugins.three_kingdoms.model import INTELLIGENCE, LABEL, MARTIAL, TOLL
from plugins.three_kingdoms.money import pay
from plugins.three_kingdoms.state import (
    Seat,
    TKState,
    action_table,
    done,
    go_face_down,
    holder_of,
    label,
    labels,
    lay_face_down,
    machine,
    swords,
    who,
)
from plugins.three_kingdoms.victory import check_last_land


def printed_toll(s: TKState, land: str) -> int:
    """DESIGN §7.11: the toll for the swords on the land at payment time."""
    return TOLL[land][s.swords[land]]


def toll_due(full: int, *, failed_siege: bool, dong_zhuo: bool) -> int:
    """The full toll, or half after a failed siege; 董卓 shown changes both (§7.23)."""
    if failed_siege:
        return full if dong_zhuo else full // 2
    return 2 * full if dong_zhuo else full


def pay_toll(s: TKState, land: str, *, failed_siege: bool) -> None:
    payer, holder = s.turn, holder_of(s, land)
    walls = s.swords[land]
    shown = dong_zhuo_shown(s, holder)
    amount = toll_due(TOLL[land][walls], failed_siege=failed_siege, dong_zhuo=shown)
    if shown:
        kind = ("full toll instead of half" if failed_siege else "double toll") + (
            ", 董卓 Dong Zhuo being shown from hand"
        )
    else:
        kind = "half toll" if failed_siege else "toll"
    paid = min(amount, s.money[payer])
    short = "" if paid == amount else f" (all it has: {amount:,} were due)"
    s.say(
        f"{who(s, payer)} pays {who(s, holder)} {paid:,}{short}, the {kind} of "
        f"{LABEL[land]} with {swords(walls)}."
    )
    pay(s, payer, holder, amount)


def arrive_rival(s: TKState, land: str) -> None:
    """DESIGN §7.9: the plan is forced; with no card in hand the full toll is paid."""
    s.land = land
    attacker = s.turn
    if not s.hand[attacker]:
        s.say(f"{who(s, attacker)} has no card for a battle plan.")
        pay_toll(s, land, failed_siege=False)
        return
    machine.call(s, "battle_plan")


def contest(s: TKState) -> None:
    """Seed §2.2 C: the plan's intelligence against the land's; the attacker needs more."""
    land, attacker, plan = s.land, s.turn, s.plan
    attack = sum([INTELLIGENCE[c] for c in plan])  # a list sums faster than a generator
    defence = sum([INTELLIGENCE[c] for c in s.garrison[land]])
    verdict = "the plan succeeds: siege!" if attack > defence else "the plan fails."
    s.say(
        f"{who(s, attacker)} attacks {LABEL[land]} with a plan of {labels(plan)}: "
        f"intelligence {attack} against {defence}, {verdict}"
    )
    if attack > defence:
        machine.enter(s, "generals")
        return
    lay_face_down(s, plan)
    s.plan = []
    pay_toll(s, land, failed_siege=False)
    done(s)


PLAN, GENERAL = action_table("plan"), action_table("general")


@machine.step
class BattlePlan(Step[TKState]):
    """Seed §2.2 C: play 2 cards from hand (1 if that is all) as the battle plan."""

    name, waiting = "battle_plan", "making a battle plan"

    def begin(self, s: TKState) -> None:
        attacker = s.turn
        s.plan = []
        s.generals = {}
        s.active = [attacker]
        hand = s.hand[attacker]
        if len(hand) == 1:  # DESIGN §7.9: one card in hand is the whole plan
            self.on_plan(s, attacker, hand[0])

    def prompt(self, s: TKState, role: Role) -> str:
        land = s.land
        rival = who(s, holder_of(s, land))
        if s.plan:
            return f"Your plan holds {labels(s.plan)}. Choose the second card of the plan."
        return (
            f"{label(land)} belongs to {rival}: you must attack. Choose 2 cards for the "
            f"battle plan; their intelligence must beat "
            f"{sum(INTELLIGENCE[c] for c in s.garrison[land])}, "
            f"or you pay the toll of {printed_toll(s, land):,}."
        )

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:
        return map(PLAN.__getitem__, s.hand[role])  # the bots list it at once: no copy

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        if action.type == "plan":
            return not_in_hand(s, role, action)
        return owned_land_refusal(s, action)

    def on_plan(self, s: TKState, role: Role, card: str) -> None:
        hand, plan = s.hand[role], s.plan
        hand.remove(card)
        plan.append(card)
        if len(plan) == 2 or not hand:
            contest(s)


def defender(s: TKState) -> Seat:
    return holder_of(s, s.land)


def general_options(s: TKState, seat: Seat) -> list[str]:
    """The attacker picks among its plan cards; the defender among the land's talents."""
    return s.plan if seat == s.turn else s.garrison[s.land]


@machine.step
class Generals(Step[TKState]):
    """DESIGN §7.10: both generals are chosen in secret and revealed together."""

    name, waiting = "generals", "choosing a general"

    def begin(self, s: TKState) -> None:
        s.generals = {}
        # only a side with more than one general to choose from chooses
        s.active = [p for p in (s.turn, defender(s)) if len(general_options(s, p)) > 1]
        if not s.active:
            siege(s)

    def prompt(self, s: TKState, role: Role) -> str:
        if role == s.turn:
            return (
                f"Siege of {label(s.land)} ({s.swords[s.land]} swords): choose your "
                f"general from {labels(s.plan)}."
            )
        return (
            f"{who(s, s.turn)} besieges your {label(s.land)} with {labels(s.plan)}: "
            "choose the general who defends it."
        )

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:
        return map(GENERAL.__getitem__, general_options(s, role))

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        if action.type == "general":
            where = "your battle plan" if role == s.turn else f"{label(s.land)}"
            return f"The general must be one of the cards of {where}."
        return None

    def on_general(self, s: TKState, role: Role, card: str) -> None:
        s.generals[role] = card
        s.active = waiting = [p for p in s.active if p != role]
        if not waiting:
            siege(s)


def siege(s: TKState) -> None:
    """Seed §2.2 C 攻城: the dice, martial and swords decide; the attacker needs more."""
    land, attacker, holder = s.land, s.turn, defender(s)
    walls = s.swords[land]
    att_general = s.generals.get(attacker, s.plan[0])
    def_general = s.generals.get(holder, s.garrison[land][0])
    att_die, def_die = s.rng.d6(), s.rng.d6()
    att_martial, def_martial = MARTIAL[att_general], MARTIAL[def_general]
    bonus = cao_cao_bonus(s)
    power = att_die + att_martial + bonus
    guard = def_die + def_martial + walls
    cao = " + 1 for 曹操 Cao Cao" if bonus else ""
    verdict = "the siege succeeds" if power > guard else "the siege fails"
    s.say(
        f"Siege of {LABEL[land]}: {LABEL[att_general]} rolls {att_die} + martial "
        f"{att_martial}{cao} = {power} against {LABEL[def_general]}'s {def_die} + "
        f"martial {def_martial} + {swords(walls)} = {guard}: {verdict}."
    )
    s.generals = {}
    if power > guard:
        take_land(s, att_general, holder)
        check_last_land(s, attacker, holder)
    else:
        lay_face_down(s, s.plan)
        s.plan = []
        pay_toll(s, land, failed_siege=True)
    done(s)


def take_land(s: TKState, general: str, holder: Seat) -> None:
    """Seed §2.2 C: the land changes hands with its swords; its talents go face down."""
    land, attacker = s.land, s.turn
    defeated = s.garrison[land]
    lay_face_down(s, defeated)
    lay_face_down(s, [c for c in s.plan if c != general])
    s.garrison[land] = [general]
    s.owner[land] = attacker
    s.plan = []
    s.say(
        f"{who(s, attacker)} takes {LABEL[land]} from {who(s, holder)}: {LABEL[general]} "
        f"holds it with {swords(s.swords[land])}; {go_face_down(defeated)}."
    )
