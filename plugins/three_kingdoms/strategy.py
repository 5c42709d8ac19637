"""The eight strategy cards (計策卡) and advising (seed §2.2 D, DESIGN §6).

Advising draws the top card and shows the whole hand to everyone; if the hand's total
intelligence reaches the card's requirement, the effect happens now, the drawer making every
choice; the card goes to the bottom of the deck either way, so the deck never runs out. A
harmful effect with no legal target does nothing.
The drawer's choices are steps whose frame names the card (``Stratagem``); 草船借箭 is a
procedure of two moves, each a take (its result: the rival land) and a place.

===================  ====  ===========================================================
苦肉計 (paid_recall)     8  may pay 1,000 to the bank (holding more than 1,000) to recall
美人計 (opponent_pays)  12  a chosen rival pays 1,500
空城計 (add_swords)     12  2 swords on an own land (at most 4)
離間計 (discard_…)      14  2 random cards of a chosen rival's hand go face down
草船借箭 (steal_swords) 16  twice: a sword from a rival land to an own land with fewer than 4
火計 (remove_all_…)     18  every sword off one rival land
反間計 (remove_talent)  20  one talent off a rival land holding 2 or more goes face down
連環計 (all_…_lose_…)   24  every rival land loses a sword
===================  ====  ===========================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, If, Procedure, While
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg, Param, compose
from gameshelf.plugins.three_kingdoms.model import (
    LAND_IDS,
    STRATEGIES,
    LandId,
    N,
    Strategy,
)
from gameshelf.plugins.three_kingdoms.money import pay, pay_bank
from gameshelf.plugins.three_kingdoms.recall import recall
from gameshelf.plugins.three_kingdoms.state import (
    SWORDS,
    Seat,
    TKState,
    TurnStep,
    card_list,
    done,
    intelligence,
    land_list,
    lands_of,
    lay_face_down,
    machine,
    owner_of_card,
    rivals,
)

# A strategy card whose requirement the hand did not meet: one line a card, made once.
FAILED = {card: Msg("three_kingdoms.strategy_failed", strategy=card) for card in STRATEGIES}


def advise(s: TKState, seat: Seat) -> None:
    """Draw, show the hand, test its intelligence, put the card under the deck."""
    card = str(s.deck.draw(s.rng)[0])  # new information: the deck marks it (no undo past it)
    s.deck.put_bottom(card)  # DESIGN §6: to the bottom either way
    strat = STRATEGIES[card]
    hand = s.hand[seat]
    total = intelligence(hand)
    if hand:
        said: dict[str, Param | Msg] = {
            "lord": s.lord[seat],
            "strategy": card,
            "need": strat.requirement,
            "cards": card_list(hand),
            "total": total,
        }
        s.say(compose("three_kingdoms.advised", said))
    else:
        said = {"lord": s.lord[seat], "strategy": card, "need": strat.requirement}
        s.say(compose("three_kingdoms.advised_empty_hand", said))
    if total < strat.requirement:
        s.say(FAILED[card])
        done(s)
        return
    EFFECTS[strat.effect](s, seat, card)


@frame_model
class Stratagem:
    """The frame of a choice the drawer makes for a strategy card: the card."""

    card: str


@frame_model
class Borrowing(Stratagem):
    """草船借箭's frame: the moves still to make, and the land a sword was just taken from."""

    left: int
    taken: LandId = ""


@frame_model
class Moving(Stratagem):
    """The frame of 草船借箭's second half: the land the sword was taken from."""

    taken: LandId


def no_effect(s: TKState, why: Msg) -> None:
    """A card whose effect has no legal target does nothing (``why`` names the card)."""
    s.say(why)
    done(s)


# --- the targets a card may choose ----------------------------------------------------------


def rival_lands(s: TKState, seat: Seat) -> list[str]:
    """The lands a rival of ``seat`` holds, in board order (the order of ``s.owner``)."""
    return [land for land, holder in s.owner.items() if holder not in (None, seat)]


def armed_rival_lands(s: TKState, seat: Seat) -> list[str]:
    return [land for land in rival_lands(s, seat) if s.swords[land]]


def own_lands_below_city(s: TKState, seat: Seat) -> list[str]:
    most = N.max_swords
    return [land for land in lands_of(s, seat) if s.swords[land] < most]


def rivals_holding_a_card(s: TKState, seat: Seat) -> list[Seat]:
    """離間計: only a rival with a card in hand is a target."""
    return [rival for rival in rivals(s, seat) if s.hand[rival]]


def exposed_talents(s: TKState, seat: Seat) -> list[str]:
    """反間計: talents on rival lands that hold 2 or more."""
    return [
        c for land in rival_lands(s, seat) if len(s.garrison[land]) >= 2 for c in s.garrison[land]
    ]


# --- the effects ---------------------------------------------------------------------------


def paid_recall(s: TKState, seat: Seat, card: str) -> None:
    # DESIGN §6: offered whenever the drawer holds more than 1,000, even with nothing face
    # down (the card says "may"; paying for nothing is the drawer's choice).
    if s.money[seat] <= STRATEGIES[card].needs_more_than:
        fee = STRATEGIES[card].needs_more_than
        no_effect(
            s, Msg("three_kingdoms.no_effect_poor", strategy=card, lord=s.lord[seat], fee=fee)
        )
        return
    machine.enter(s, "kurou_ji", Stratagem(card=card))


def opponent_pays(s: TKState, seat: Seat, card: str) -> None:
    machine.enter(s, "meiren_ji", Stratagem(card=card))


def add_swords(s: TKState, seat: Seat, card: str) -> None:
    # DESIGN §6 [impl] ruling: only a land below 4 swords is offered, since a city cannot
    # take a sword; with none, the card does nothing.
    if not own_lands_below_city(s, seat):
        no_effect(s, Msg("three_kingdoms.no_effect_no_own_land", strategy=card, lord=s.lord[seat]))
        return
    machine.enter(s, "kongcheng_ji", Stratagem(card=card))


def discard_random_hand(s: TKState, seat: Seat, card: str) -> None:
    # DESIGN §6 [impl] ruling: only a rival holding a card is offered (an empty hand is no
    # legal target of a harmful effect); with none, the card does nothing.
    if not rivals_holding_a_card(s, seat):
        no_effect(s, Msg("three_kingdoms.no_effect_no_hand", strategy=card))
        return
    machine.enter(s, "lijian_ji", Stratagem(card=card))


def steal_swords(s: TKState, seat: Seat, card: str) -> None:
    count = STRATEGIES[card].count
    machine.enter(s, "caochuan_jiejian", Borrowing(card=card, left=count))


# --- 草船借箭, a procedure: twice, a sword from a rival land to one of the drawer's --------


def move_left(s: TKState, f: Borrowing) -> bool:
    return f.left > 0


def start_move(s: TKState, f: Borrowing) -> None:
    f.left -= 1
    f.taken = ""


def can_borrow(s: TKState) -> bool:
    """Each move needs a rival sword and an own land below 4."""
    return bool(armed_rival_lands(s, s.turn) and own_lands_below_city(s, s.turn))


def the_card(s: TKState, f: Borrowing) -> Stratagem:
    return Stratagem(card=f.card)


def the_sword_taken(s: TKState, f: Borrowing) -> Moving:
    return Moving(card=f.card, taken=f.taken)


def nothing_to_borrow(s: TKState, f: Borrowing) -> None:
    s.announce("three_kingdoms.nothing_to_borrow", strategy=f.card)


@machine.step
class CaochuanJiejian(Procedure[TKState]):
    """草船借箭: twice, a sword from a rival land (the take's result) to an own land."""

    name, frame_type = "caochuan_jiejian", Borrowing
    waiting = Msg("three_kingdoms.waiting_strategy")
    body = (
        While(
            move_left,
            start_move,
            If(
                can_borrow,
                Call("caochuan_take", args=the_card, into="taken"),
                Call("caochuan_place", args=the_sword_taken),
                otherwise=[nothing_to_borrow],
            ),
        ),
    )


def remove_all_swords(s: TKState, seat: Seat, card: str) -> None:
    if not armed_rival_lands(s, seat):
        no_effect(s, Msg("three_kingdoms.no_effect_no_sword", strategy=card))
        return
    machine.enter(s, "huo_ji", Stratagem(card=card))


def remove_talent(s: TKState, seat: Seat, card: str) -> None:
    if not exposed_talents(s, seat):
        no_effect(s, Msg("three_kingdoms.no_effect_no_talents", strategy=card))
        return
    machine.enter(s, "fanjian_ji", Stratagem(card=card))


def all_rival_lands_lose_sword(s: TKState, seat: Seat, card: str) -> None:
    hit = armed_rival_lands(s, seat)
    for land in hit:
        s.swords[land] -= STRATEGIES[card].amount
    s.say(
        Msg("three_kingdoms.chained", strategy=card, lands=land_list(hit), count=len(hit))
        if hit
        else Msg("three_kingdoms.chained_nothing", strategy=card)
    )
    done(s)


EFFECTS: dict[str, Callable[[TKState, Seat, str], None]] = {
    "paid_recall": paid_recall,
    "opponent_pays": opponent_pays,
    "add_swords": add_swords,
    "discard_random_hand": discard_random_hand,
    "steal_swords": steal_swords,
    "remove_all_swords": remove_all_swords,
    "remove_talent": remove_talent,
    "all_opponent_lands_lose_sword": all_rival_lands_lose_sword,
}


# --- the choices the drawer makes -------------------------------------------------------


class StrategyChoice(TurnStep):
    """A choice the drawer of a strategy card makes; its frame names the card."""

    waiting = Msg("three_kingdoms.waiting_strategy")
    frame_type: ClassVar[type[Stratagem]] = Stratagem  # or a subclass (Moving)

    def card(self, s: TKState) -> Strategy:
        """The strategy card being resolved."""
        return STRATEGIES[self.frame(s).card]


OWN_LAND_BELOW_CITY = Msg("three_kingdoms.refuse_own_land_below_city", most=N.max_swords)
ARMED_RIVAL_LAND = Msg("three_kingdoms.refuse_armed_rival_land")


class TargetChoice(StrategyChoice):
    """The drawer picks one target of the card: actions ``kind`` over ``targets``."""

    kind: ClassVar[str]  # "land", "rival" or "talent"
    wrong_target: ClassVar[Msg]  # why another target of that kind is not legal
    # (state, drawer) -> targets; a subclass sets it to staticmethod(a function of the rules)
    targets: ClassVar[staticmethod[[TKState, Seat], list[str]]]

    def options(self, s: TKState, role: Role) -> list[Option]:
        kind = self.kind
        return [(Action(kind, target), None) for target in self.targets(s, role)]

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        return self.wrong_target if action.type == self.kind else None


@machine.step
class KurouJi(StrategyChoice):
    """苦肉計: pay 1,000 to the bank to recall now, or not."""

    name = "kurou_ji"

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg(
            "three_kingdoms.prompt_kurou_ji",
            strategy=self.frame(s).card,
            fee=self.card(s).fee,
            count=len(s.down[role]),
        )

    def options(self, s: TKState, role: Role) -> Iterator[Option]:
        yield Action("pay"), None
        yield Action("pass"), None

    def on_pay(self, s: TKState, role: Role, arg: None) -> None:
        fee = self.card(s).fee
        pay_bank(s, role, fee)
        s.announce("three_kingdoms.paid_bank", lord=s.lord[role], fee=fee)
        recall(s, role)
        done(s)

    def on_pass(self, s: TKState, role: Role, arg: None) -> None:
        s.announce("three_kingdoms.kept_money", lord=s.lord[role])
        done(s)


@machine.step
class MeirenJi(TargetChoice):
    """美人計: a chosen rival pays 1,500 (all it has, if less: losing all money)."""

    name, kind = "meiren_ji", "rival"
    wrong_target = Msg("three_kingdoms.refuse_rival")

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg(
            "three_kingdoms.prompt_meiren_ji",
            strategy=self.frame(s).card,
            amount=self.card(s).amount,
        )

    targets = staticmethod(rivals)

    def on_rival(self, s: TKState, role: Role, rival: Seat) -> None:
        amount = self.card(s).amount
        paid = pay(s, rival, role, amount)
        said = Msg(
            "three_kingdoms.meiren_ji",
            strategy=self.frame(s).card,
            lord=s.lord[rival],
            lord2=s.lord[role],
            paid=paid,
        )
        s.say(said)
        done(s)


@machine.step
class KongchengJi(TargetChoice):
    """空城計: 2 swords on one own land, never above 4."""

    name, kind, wrong_target = "kongcheng_ji", "land", OWN_LAND_BELOW_CITY

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg(
            "three_kingdoms.prompt_kongcheng_ji",
            strategy=self.frame(s).card,
            swords=SWORDS[self.card(s).amount],
            most=N.max_swords,
        )

    targets = staticmethod(own_lands_below_city)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        s.swords[land] = min(N.max_swords, s.swords[land] + self.card(s).amount)
        said = Msg(
            "three_kingdoms.kongcheng_ji",
            strategy=self.frame(s).card,
            land=land,
            swords=SWORDS[s.swords[land]],
        )
        s.say(said)
        done(s)


@machine.step
class LijianJi(TargetChoice):
    """離間計: 2 random cards of a rival's hand go face down in front of it."""

    name, kind = "lijian_ji", "rival"
    wrong_target = Msg("three_kingdoms.refuse_rival_with_card")

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg(
            "three_kingdoms.prompt_lijian_ji",
            strategy=self.frame(s).card,
            count=self.card(s).count,
        )

    targets = staticmethod(rivals_holding_a_card)

    def on_rival(self, s: TKState, role: Role, rival: Seat) -> None:
        hand = s.hand[rival]
        taken = [
            hand.pop(s.rng.randint(0, len(hand) - 1))
            for _ in range(min(self.card(s).count, len(hand)))
        ]
        s.down[rival].extend(taken)
        said = Msg(
            "three_kingdoms.lijian_ji",
            strategy=self.frame(s).card,
            lord=s.lord[rival],
            count=len(taken),
        )
        s.say(said)
        done(s)


@machine.step
class CaochuanTake(TargetChoice):
    """草船借箭, first half of a move: the rival land that loses a sword."""

    name, kind, wrong_target = "caochuan_take", "land", ARMED_RIVAL_LAND

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg("three_kingdoms.prompt_caochuan_take", strategy=self.frame(s).card)

    targets = staticmethod(armed_rival_lands)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        s.swords[land] -= 1
        machine.finish(s, land)


@machine.step
class CaochuanPlace(TargetChoice):
    """草船借箭, second half of a move: the own land that gains the sword."""

    name, kind, wrong_target = "caochuan_place", "land", OWN_LAND_BELOW_CITY
    frame_type = Moving

    def prompt(self, s: TKState, role: Role) -> Msg:
        f = self.frame(s)
        return Msg("three_kingdoms.prompt_caochuan_place", strategy=f.card, land=f.taken)

    targets = staticmethod(own_lands_below_city)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        f = self.frame(s)
        s.swords[land] += 1
        s.announce("three_kingdoms.caochuan_moved", strategy=f.card, land=f.taken, land2=land)
        machine.finish(s)


@machine.step
class HuoJi(TargetChoice):
    """火計: every sword off one rival land."""

    name, kind, wrong_target = "huo_ji", "land", ARMED_RIVAL_LAND

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg("three_kingdoms.prompt_huo_ji", strategy=self.frame(s).card)

    targets = staticmethod(armed_rival_lands)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        said = Msg(
            "three_kingdoms.huo_ji",
            strategy=self.frame(s).card,
            land=land,
            swords=SWORDS[s.swords[land]],
        )
        s.say(said)
        s.swords[land] = 0
        done(s)


@machine.step
class FanjianJi(TargetChoice):
    """反間計: a talent off a rival land holding 2 or more goes face down to its owner."""

    name, kind = "fanjian_ji", "talent"
    wrong_target = Msg("three_kingdoms.refuse_exposed_talent")

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg("three_kingdoms.prompt_fanjian_ji", strategy=self.frame(s).card)

    targets = staticmethod(exposed_talents)

    def on_talent(self, s: TKState, role: Role, card: str) -> None:
        land = next(ld for ld in LAND_IDS if card in s.garrison[ld])
        s.garrison[land] = tuple(c for c in s.garrison[land] if c != card)
        lay_face_down(s, [card])
        said = Msg(
            "three_kingdoms.fanjian_ji",
            strategy=self.frame(s).card,
            card=card,
            land=land,
            lord=s.lord[owner_of_card(s, card)],
        )
        s.say(said)
        done(s)
