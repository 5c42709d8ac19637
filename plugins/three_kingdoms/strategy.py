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

from gameshelf.core.frames import frame_model
from gameshelf.core.procedure import Call, If, Procedure, While
from gameshelf.core.ruleset import Action, Role
from gameshelf.plugins.three_kingdoms.model import (
    INTELLIGENCE,
    LAND_IDS,
    STRATEGIES,
    LandId,
    N,
    Strategy,
)
from gameshelf.plugins.three_kingdoms.money import pay, pay_bank
from gameshelf.plugins.three_kingdoms.recall import recall
from gameshelf.plugins.three_kingdoms.state import (
    Seat,
    TKState,
    TurnStep,
    build_frame,
    done,
    label,
    labels,
    lay_face_down,
    machine,
    owner_of_card,
    rivals,
    who,
)


def advise(s: TKState, seat: Seat) -> None:
    """Draw, show the hand, test its intelligence, put the card under the deck."""
    card = str(s.deck.draw(s.rng)[0])  # new information: the deck marks it (no undo past it)
    s.deck.put_bottom(card)  # DESIGN §6: to the bottom either way
    strat = STRATEGIES[card]
    hand = s.hand[seat]
    total = sum(INTELLIGENCE[c] for c in hand)
    shown = f"shows {labels(hand)}: intelligence {total}" if hand else "has no card to show"
    s.say(
        f"{who(s, seat)} advises and draws {label(card)} (needs intelligence "
        f"{strat.requirement}), and {shown}."
    )
    if total < strat.requirement:
        s.say(f"{label(card)} fails and goes under the deck.")
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


def no_effect(s: TKState, card: str, why: str) -> None:
    s.say(f"{label(card)} has no effect: {why}.")
    done(s)


# --- the targets a card may choose ----------------------------------------------------------


def rival_lands(s: TKState, seat: Seat) -> list[str]:
    return [land for land in LAND_IDS if s.owner[land] not in (None, seat)]


def armed_rival_lands(s: TKState, seat: Seat) -> list[str]:
    return [land for land in rival_lands(s, seat) if s.swords[land]]


def own_lands_below_city(s: TKState, seat: Seat) -> list[str]:
    return [land for land in LAND_IDS if s.owner[land] == seat and s.swords[land] < N.max_swords]


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
        no_effect(s, card, f"{who(s, seat)} does not hold more than {STRATEGIES[card].fee:,}")
        return
    machine.enter(s, "kurou_ji", build_frame(Stratagem, card=card))


def opponent_pays(s: TKState, seat: Seat, card: str) -> None:
    machine.enter(s, "meiren_ji", build_frame(Stratagem, card=card))


def add_swords(s: TKState, seat: Seat, card: str) -> None:
    # DESIGN §6 [impl] ruling: only a land below 4 swords is offered, since a city cannot
    # take a sword; with none, the card does nothing.
    if not own_lands_below_city(s, seat):
        no_effect(s, card, "no land of yours can take another sword")
        return
    machine.enter(s, "kongcheng_ji", build_frame(Stratagem, card=card))


def discard_random_hand(s: TKState, seat: Seat, card: str) -> None:
    # DESIGN §6 [impl] ruling: only a rival holding a card is offered (an empty hand is no
    # legal target of a harmful effect); with none, the card does nothing.
    if not rivals_holding_a_card(s, seat):
        no_effect(s, card, "no rival holds a card")
        return
    machine.enter(s, "lijian_ji", build_frame(Stratagem, card=card))


def steal_swords(s: TKState, seat: Seat, card: str) -> None:
    count = STRATEGIES[card].count
    machine.enter(s, "caochuan_jiejian", build_frame(Borrowing, card=card, left=count))


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
    return build_frame(Stratagem, card=f.card)


def the_sword_taken(s: TKState, f: Borrowing) -> Moving:
    return build_frame(Moving, card=f.card, taken=f.taken)


def nothing_to_borrow(s: TKState, f: Borrowing) -> None:
    s.say(f"{label(f.card)}: no sword can be borrowed.")


@machine.step
class CaochuanJiejian(Procedure[TKState]):
    """草船借箭: twice, a sword from a rival land (the take's result) to an own land."""

    name, waiting, frame_type = "caochuan_jiejian", "playing a strategy card", Borrowing
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
        no_effect(s, card, "no rival land holds a sword")
        return
    machine.enter(s, "huo_ji", build_frame(Stratagem, card=card))


def remove_talent(s: TKState, seat: Seat, card: str) -> None:
    if not exposed_talents(s, seat):
        no_effect(s, card, "no rival land holds 2 talents")
        return
    machine.enter(s, "fanjian_ji", build_frame(Stratagem, card=card))


def all_rival_lands_lose_sword(s: TKState, seat: Seat, card: str) -> None:
    hit = armed_rival_lands(s, seat)
    for land in hit:
        s.swords[land] -= STRATEGIES[card].amount
    s.say(
        f"{label(card)}: {labels(hit)} each lose a sword."
        if hit
        else f"{label(card)}: no rival land has a sword to lose."
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

    waiting = "playing a strategy card"
    frame_type = Stratagem

    def card(self, s: TKState) -> Strategy:
        """The strategy card being resolved."""
        return STRATEGIES[self.frame(s).card]


OWN_LAND_BELOW_CITY = "Choose one of your lands with fewer than 4 swords."
ARMED_RIVAL_LAND = "Choose a rival land that holds a sword."


class TargetChoice(StrategyChoice):
    """The drawer picks one target of the card: actions ``kind`` over ``targets``."""

    kind: ClassVar[str]  # "land", "rival" or "talent"
    refusal: ClassVar[str]  # why another target of that kind is not legal
    targets: ClassVar[Callable[[TKState, Seat], list[str]]]  # (state, drawer) -> targets

    def actions(self, s: TKState, role: Role) -> list[Action]:
        kind = self.kind
        return [Action(kind, target) for target in self.targets(s, role)]

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        return self.refusal if action.type == self.kind else None


@machine.step
class KurouJi(StrategyChoice):
    """苦肉計: pay 1,000 to the bank to recall now, or not."""

    name = "kurou_ji"

    def prompt(self, s: TKState, role: Role) -> str:
        return (
            f"苦肉計: pay {self.card(s).fee:,} to the bank to recall your "
            f"{len(s.down[role])} face-down cards now, or pass."
        )

    def actions(self, s: TKState, role: Role) -> Iterator[Action]:
        yield Action("pay")
        yield Action("pass")

    def on_pay(self, s: TKState, role: Role, arg: None) -> None:
        fee = self.card(s).fee
        pay_bank(s, role, fee)
        s.say(f"{who(s, role)} pays {fee:,} to the bank.")
        recall(s, role)
        done(s)

    def on_pass(self, s: TKState, role: Role, arg: None) -> None:
        s.say(f"{who(s, role)} keeps its money.")
        done(s)


@machine.step
class MeirenJi(TargetChoice):
    """美人計: a chosen rival pays 1,500 (all it has, if less: losing all money)."""

    name, kind, refusal = "meiren_ji", "rival", "Choose another seated player."

    def prompt(self, s: TKState, role: Role) -> str:
        return f"美人計: choose the rival who pays you {self.card(s).amount:,}."

    targets = staticmethod(rivals)

    def on_rival(self, s: TKState, role: Role, rival: Seat) -> None:
        amount = self.card(s).amount
        paid = pay(s, rival, role, amount)
        s.say(f"美人計: {who(s, rival)} pays {who(s, role)} {paid:,}.")
        done(s)


@machine.step
class KongchengJi(TargetChoice):
    """空城計: 2 swords on one own land, never above 4."""

    name, kind, refusal = "kongcheng_ji", "land", OWN_LAND_BELOW_CITY

    def prompt(self, s: TKState, role: Role) -> str:
        return "空城計: choose one of your lands to receive 2 swords (at most 4)."

    targets = staticmethod(own_lands_below_city)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        s.swords[land] = min(N.max_swords, s.swords[land] + self.card(s).amount)
        s.say(f"空城計: {label(land)} now has {s.swords[land]} swords.")
        done(s)


@machine.step
class LijianJi(TargetChoice):
    """離間計: 2 random cards of a rival's hand go face down in front of it."""

    name, kind, refusal = "lijian_ji", "rival", "Choose a rival that holds a card."

    def prompt(self, s: TKState, role: Role) -> str:
        return "離間計: choose a rival; 2 cards of its hand, at random, go face down."

    targets = staticmethod(rivals_holding_a_card)

    def on_rival(self, s: TKState, role: Role, rival: Seat) -> None:
        hand = s.hand[rival]
        taken = [
            hand.pop(s.rng.randint(0, len(hand) - 1))
            for _ in range(min(self.card(s).count, len(hand)))
        ]
        s.down[rival].extend(taken)
        s.say(f"離間計: {len(taken)} cards of {who(s, rival)}'s hand go face down.")
        done(s)


@machine.step
class CaochuanTake(TargetChoice):
    """草船借箭, first half of a move: the rival land that loses a sword."""

    name, kind, refusal = "caochuan_take", "land", ARMED_RIVAL_LAND

    def prompt(self, s: TKState, role: Role) -> str:
        return "草船借箭: choose a rival land to take a sword from."

    targets = staticmethod(armed_rival_lands)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        s.swords[land] -= 1
        machine.finish(s, land)


@machine.step
class CaochuanPlace(TargetChoice):
    """草船借箭, second half of a move: the own land that gains the sword."""

    name, kind, refusal = "caochuan_place", "land", OWN_LAND_BELOW_CITY
    frame_type = Moving

    def prompt(self, s: TKState, role: Role) -> str:
        taken = label(self.frame(s).taken)
        return f"草船借箭: a sword is taken from {taken}; choose your land to put it on."

    targets = staticmethod(own_lands_below_city)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        f = self.frame(s)
        s.swords[land] += 1
        s.say(f"草船借箭: a sword moves from {label(f.taken)} to {label(land)}.")
        machine.finish(s)


@machine.step
class HuoJi(TargetChoice):
    """火計: every sword off one rival land."""

    name, kind, refusal = "huo_ji", "land", ARMED_RIVAL_LAND

    def prompt(self, s: TKState, role: Role) -> str:
        return "火計: choose a rival land to lose all its swords."

    targets = staticmethod(armed_rival_lands)

    def on_land(self, s: TKState, role: Role, land: str) -> None:
        s.say(f"火計: {label(land)} loses its {s.swords[land]} swords.")
        s.swords[land] = 0
        done(s)


@machine.step
class FanjianJi(TargetChoice):
    """反間計: a talent off a rival land holding 2 or more goes face down to its owner."""

    name, kind = "fanjian_ji", "talent"
    refusal = "Choose a talent on a rival land that holds at least 2."

    def prompt(self, s: TKState, role: Role) -> str:
        return "反間計: choose a talent on a rival land that holds 2 or more; it goes face down."

    targets = staticmethod(exposed_talents)

    def on_talent(self, s: TKState, role: Role, card: str) -> None:
        land = next(ld for ld in LAND_IDS if card in s.garrison[ld])
        s.garrison[land].remove(card)
        lay_face_down(s, [card])
        s.say(
            f"反間計: {label(card)} leaves {label(land)} and goes face down in front of "
            f"{who(s, owner_of_card(s, card))}."
        )
        done(s)
