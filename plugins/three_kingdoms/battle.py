"""Stopping on a rival's land: the forced battle plan, the siege and the tolls.

Seed §2.2 C, DESIGN §7.9–§7.11, §7.21, §7.23.

- Battle plan (作戰計劃, forced): with 2 or more cards in hand the player plays exactly 2 face
  up in front of it; with 1, that card; with none, it pays the full toll.
- Intelligence contest: the plan's intelligence against the total of the land's talents;
  the attacker needs strictly more (ties fail). Swords do not defend a plan. A failed plan
  pays the full toll and its cards go face down.
- Siege (攻城): each side picks a general at the same time, in secret (the attacker from its
  plan, the defender from the land; the core's secret choice: a side may change its mind
  until both have chosen, and a side with one card has it as its general); each rolls a
  die. Siege power = die + martial (+1 with 曹操 in the plan); defence = die + martial +
  swords; ties fail.
  - Won: the attacker's general goes face up on the land, its other plan card face down in
    front of it; the attacker takes the land card, the swords stay, and the land's talents go
    face down in front of their owner. Taking a rival's last land wins (``victory``).
  - Lost: half the toll (a multiple of 50); the plan cards go face down.
- The land attacked, the plan and the generals chosen are the frame of the battle's steps
  (``Battle``, one frame from the plan to the siege), not fields of the game state.
- Tolls are read from the land card for the swords on it when paying; 董卓 in the owner's
  hand doubles a full toll and turns a half toll into a full one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.secret import Choices, SecretChoice
from gameshelf.core.engine.steps import Option, all_legal
from gameshelf.core.i18n.messages import Msg, Param, compose
from gameshelf.plugins.three_kingdoms.lands import not_in_hand, owned_land_refusal
from gameshelf.plugins.three_kingdoms.lords import (
    CAO_CAO,
    DONG_ZHUO,
    cao_cao_bonus,
    dong_zhuo_shown,
)
from gameshelf.plugins.three_kingdoms.model import (
    MARTIAL,
    TOLL,
    CardId,
    LandId,
    LordId,
)
from gameshelf.plugins.three_kingdoms.money import pay
from gameshelf.plugins.three_kingdoms.state import (
    SWORDS,
    Seat,
    TKState,
    TurnStep,
    action_table,
    card_list,
    done,
    holder_of,
    intelligence,
    lay_face_down,
    machine,
)
from gameshelf.plugins.three_kingdoms.victory import check_last_land


def printed_toll(s: TKState, land: str) -> int:
    """DESIGN §7.11: the toll for the swords on the land at payment time."""
    return TOLL[land][s.swords[land]]


def toll_due(full: int, *, failed_siege: bool, dong_zhuo: bool) -> int:
    """The full toll, or half after a failed siege; 董卓 shown changes both (§7.23)."""
    if failed_siege:
        return full if dong_zhuo else full // 2
    return 2 * full if dong_zhuo else full


# The toll's log line, by (failed siege, 董卓 shown, paid short of what was due): one whole
# sentence for each case.
TOLL_PAID = {
    (False, False, False): "three_kingdoms.toll_full",
    (False, False, True): "three_kingdoms.toll_full_short",
    (True, False, False): "three_kingdoms.toll_half",
    (True, False, True): "three_kingdoms.toll_half_short",
    (False, True, False): "three_kingdoms.toll_doubled",
    (False, True, True): "three_kingdoms.toll_doubled_short",
    (True, True, False): "three_kingdoms.toll_full_not_half",
    (True, True, True): "three_kingdoms.toll_full_not_half_short",
}


def pay_toll(s: TKState, land: str, *, failed_siege: bool) -> None:
    payer, holder = s.turn, holder_of(s, land)
    walls = s.swords[land]
    shown = dong_zhuo_shown(s, holder)  # §7.23
    amount = toll_due(TOLL[land][walls], failed_siege=failed_siege, dong_zhuo=shown)
    paid = min(amount, s.money.cash.get(payer, 0))  # s.money[payer], without a Python call
    lord, lord2 = s.lord[payer], s.lord[holder]
    s.say(toll_paid(failed_siege, shown, lord, lord2, land, walls, amount, paid))
    pay(s, payer, holder, amount)


@cache
def toll_paid(
    failed_siege: bool,
    shown: bool,
    payer: LordId,
    holder: LordId,
    land: LandId,
    walls: int,
    due: int,
    paid: int,
) -> Msg:
    """The toll's log line, made once for each case (most tolls are paid in full)."""
    short = paid != due
    said: dict[str, Param | Msg] = {
        "lord": payer,
        "lord2": holder,
        "paid": paid,
        "land": land,
        "swords": SWORDS[walls],
    }
    # what was due, when more than was paid; 董卓, when shown: each case its own sentence
    if short:
        said["due"] = due
    if shown:
        said["card"] = DONG_ZHUO
    return compose(TOLL_PAID[failed_siege, shown, short], said)


@frame_model
class Battle(Choices):
    """The battle's frame, from the plan to the siege (one frame: no new one made for the
    siege): the land attacked, the cards of the plan so far, face up, and the generals
    chosen in secret in the siege (``Choices``, empty until then)."""

    land: LandId
    plan: list[CardId] = Field(default_factory=list)


def arrive_rival(s: TKState, land: str) -> None:
    """DESIGN §7.9: the plan is forced; with no card in hand the full toll is paid."""
    attacker = s.turn
    if not s.hand[attacker]:
        s.announce("three_kingdoms.no_card_for_plan", lord=s.lord[attacker])
        pay_toll(s, land, failed_siege=False)
        return
    machine.call(s, "battle_plan", Battle(land=land))


PLAN_SUCCEEDS, PLAN_FAILS = "three_kingdoms.plan_succeeds", "three_kingdoms.plan_fails"


def contest(s: TKState, f: Battle) -> None:
    """Seed §2.2 C: the plan's intelligence against the land's; the attacker needs more."""
    land, plan = f.land, f.plan
    attack, defence = intelligence(plan), intelligence(s.garrison[land])
    succeeds = attack > defence
    s.say(
        compose(
            PLAN_SUCCEEDS if succeeds else PLAN_FAILS,
            {
                "lord": s.lord[s.turn],
                "land": land,
                "cards": card_list(plan),
                "attack": attack,
                "defence": defence,
            },
        )
    )
    if succeeds:
        machine.enter(s, "generals", f)
        return
    lay_face_down(s, plan)
    pay_toll(s, land, failed_siege=False)
    done(s)


PLAN, GENERAL = action_table("plan"), action_table("general")


@machine.step
class BattlePlan(TurnStep):
    """Seed §2.2 C: play 2 cards from hand (1 if that is all) as the battle plan."""

    name, waiting, frame_type = "battle_plan", Msg("three_kingdoms.waiting_plan"), Battle

    def begin(self, s: TKState) -> None:
        TurnStep.begin(self, s)  # speed: no super() lookup
        hand = s.hand[s.turn]
        if len(hand) == 1:  # DESIGN §7.9: one card in hand is the whole plan
            self.on_plan(s, s.turn, hand[0])

    def prompt(self, s: TKState, role: Role) -> Msg:
        f = self.frame(s)
        land = f.land
        if f.plan:
            return Msg("three_kingdoms.prompt_plan_second", cards=card_list(f.plan))
        return Msg(
            "three_kingdoms.prompt_plan",
            land=land,
            lord=s.lord[holder_of(s, land)],
            defence=intelligence(s.garrison[land]),
            amount=printed_toll(s, land),
        )

    def options(self, s: TKState, role: Role) -> Iterable[Option]:
        return all_legal(map(PLAN.__getitem__, s.hand[role]))

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:  # the options', made fast
        return map(PLAN.__getitem__, s.hand[role])

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        if action.type == "plan":
            return not_in_hand(s, role, action)
        return owned_land_refusal(s, self.frame(s).land, action)

    def on_plan(self, s: TKState, role: Role, card: str) -> None:
        f: Battle = self.frame(s)
        hand, plan = s.hand[role], f.plan
        hand.remove(card)
        plan.append(card)
        if len(plan) == 2 or not hand:
            contest(s, f)


def general_options(s: TKState, f: Battle, seat: Seat) -> Sequence[str]:
    """The attacker picks among its plan cards; the defender among the land's talents."""
    return f.plan if seat == s.turn else s.garrison[f.land]


@machine.step
class Generals(SecretChoice[TKState]):
    """DESIGN §7.10: both generals are chosen in secret and revealed together."""

    name, waiting, frame_type = "generals", Msg("three_kingdoms.waiting_general"), Battle

    def choosers(self, s: TKState) -> list[Seat]:
        # only a side with more than one general to choose from chooses (a loop: a list
        # comprehension would be one more Python call)
        f: Battle = self.frame(s)
        sides: list[Seat] = []
        for seat in (s.turn, holder_of(s, f.land)):
            if len(general_options(s, f, seat)) > 1:
                sides.append(seat)
        return sides

    def prompt(self, s: TKState, role: Role) -> Msg:
        f = self.frame(s)
        mine = self.choice_of(s, role)
        if mine is not None:
            return Msg("three_kingdoms.prompt_general_chosen", card=str(mine.arg))
        if role == s.turn:
            return Msg(
                "three_kingdoms.prompt_general_attack",
                land=f.land,
                swords=SWORDS[s.swords[f.land]],
                cards=card_list(f.plan),
            )
        return Msg(
            "three_kingdoms.prompt_general_defend",
            lord=s.lord[s.turn],
            land=f.land,
            cards=card_list(f.plan),
        )

    def options(self, s: TKState, role: Role) -> Iterable[Option]:
        return all_legal(map(GENERAL.__getitem__, general_options(s, self.frame(s), role)))

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:  # the options', made fast
        return map(GENERAL.__getitem__, general_options(s, self.frame(s), role))

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        if action.type == "general":
            if role == s.turn:
                return Msg("three_kingdoms.refuse_general_attack")
            return Msg("three_kingdoms.refuse_general_defend", land=self.frame(s).land)
        return None

    def reveal(self, s: TKState, choices: dict[Role, Action]) -> None:
        f: Battle = self.frame(s)
        holder = holder_of(s, f.land)
        mine, theirs = choices.get(s.turn), choices.get(holder)
        # a side with a single card to choose from has it as its general (a card id: str)
        siege(
            s,
            f,
            holder,
            f.plan[0] if mine is None else str(mine.arg),
            s.garrison[f.land][0] if theirs is None else str(theirs.arg),
        )


# The siege's log line, by (曹操's +1, the siege succeeds).
SIEGE_ROLLED = {
    (False, True): "three_kingdoms.siege_won",
    (False, False): "three_kingdoms.siege_lost",
    (True, True): "three_kingdoms.siege_won_cao_cao",
    (True, False): "three_kingdoms.siege_lost_cao_cao",
}


def siege(s: TKState, f: Battle, holder: Seat, att_general: str, def_general: str) -> None:
    """Seed §2.2 C 攻城: the dice, martial and swords decide; the attacker needs more."""
    land, attacker = f.land, s.turn
    walls = s.swords[land]
    att_die, def_die = s.rng.d6(), s.rng.d6()
    att_martial, def_martial = MARTIAL[att_general], MARTIAL[def_general]
    bonus = cao_cao_bonus(s, f.plan)
    power = att_die + att_martial + bonus
    guard = def_die + def_martial + walls
    won = power > guard
    s.say(
        compose(
            SIEGE_ROLLED[bool(bonus), won],
            {
                "land": land,
                "card": att_general,
                "die": att_die,
                "martial": att_martial,
                "lord": CAO_CAO,
                "power": power,
                "card2": def_general,
                "die2": def_die,
                "martial2": def_martial,
                "n": walls,
                "guard": guard,
            },
        )
    )
    if won:
        take_land(s, f, att_general, holder)
        check_last_land(s, attacker, holder)
    else:
        lay_face_down(s, f.plan)
        pay_toll(s, land, failed_siege=True)
    done(s)


def take_land(s: TKState, f: Battle, general: str, holder: Seat) -> None:
    """Seed §2.2 C: the land changes hands with its swords; its talents go face down."""
    land, attacker = f.land, s.turn
    defeated = s.garrison[land]
    lay_face_down(s, defeated)
    others = f.plan.copy()  # the plan but its general (a copy: no list comprehension)
    others.remove(general)
    lay_face_down(s, others)
    s.garrison[land] = (general,)
    s.owner[land] = attacker
    s.say(
        compose(
            "three_kingdoms.land_taken",
            {
                "lord": s.lord[attacker],
                "land": land,
                "lord2": s.lord[holder],
                "card": general,
                "swords": SWORDS[s.swords[land]],
                "cards": card_list(defeated),
            },
        )
    )
