"""Stopping on a land that is nobody's or one's own (seed §2.2 A–B, DESIGN §7.7–§7.8).

- An unowned land may be occupied by playing one card from hand face up on it (free, needs a
  card); the player takes the land card. Or nothing happens.
- On its own land the player must do one thing: deploy (take every talent back, then play
  1–3 cards from hand onto it), tax (the land talents' politics × 100 from the bank) or train
  (one more sword, at most 4: a city). 孫權's skill may follow a train (``lords``).
"""

from __future__ import annotations

from collections.abc import Iterable

from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option, all_legal
from gameshelf.core.i18n.messages import Msg, compose
from gameshelf.plugins.three_kingdoms.lords import sun_quan_may_add_sword
from gameshelf.plugins.three_kingdoms.model import CARDS, POLITICS, N
from gameshelf.plugins.three_kingdoms.money import collect
from gameshelf.plugins.three_kingdoms.state import (
    SWORDS,
    AtLand,
    TKState,
    TurnStep,
    action_table,
    card_list,
    done,
    machine,
)


def arrive_unowned(s: TKState, land: str) -> None:
    """DESIGN §7.7: occupying is optional and needs a card in hand."""
    if not s.hand[s.turn]:
        s.announce("three_kingdoms.no_card_to_occupy", lord=s.lord[s.turn], land=land)
        return
    machine.call(s, "occupy", AtLand(land=land))


def arrive_own(s: TKState, land: str) -> None:
    machine.call(s, "own_land", AtLand(land=land))


def land_tax(s: TKState, land: str) -> int:
    """Seed §2.2 B: the politics of every talent on the land, × 100."""
    return N.tax_per_politics * sum(map(POLITICS.__getitem__, s.garrison[land]))


def owned_land_refusal(s: TKState, land: str, action: Action) -> Msg | None:
    """Why ``land``, which already has an owner, cannot be occupied."""
    holder = s.owner.get(land)
    if action.type == "occupy" and holder is not None:
        if holder == s.turn:
            return Msg("three_kingdoms.refuse_occupy_yours", land=land)
        return Msg("three_kingdoms.refuse_occupy_held", land=land, lord=s.lord[holder])
    return None


def not_in_hand(s: TKState, role: Role, action: Action) -> Msg:
    card = action.arg
    if isinstance(card, str) and card in CARDS:
        return Msg("three_kingdoms.refuse_not_in_hand", card=card)
    return Msg("three_kingdoms.refuse_no_such_card", given=repr(card))


OCCUPY, TALENT = action_table("occupy"), action_table("talent")
PASS, DONE = Action("pass"), Action("done")
DEPLOY, TAX, TRAIN = Action("deploy"), Action("tax"), Action("train")
DEPLOY_EMPTY = Msg("three_kingdoms.refuse_deploy_empty")


@machine.step
class Occupy(TurnStep):
    """Seed §2.2 A: occupy the land with one card from hand, or leave it."""

    name, waiting, frame_type = "occupy", Msg("three_kingdoms.waiting_occupy"), AtLand

    def prompt(self, s: TKState, role: Role) -> Msg:
        return Msg("three_kingdoms.prompt_occupy", land=self.frame(s).land)

    def options(self, s: TKState, role: Role) -> Iterable[Option]:
        return all_legal([*map(OCCUPY.__getitem__, s.hand[role]), PASS])

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:  # the options', made fast
        return [*map(OCCUPY.__getitem__, s.hand[role]), PASS]

    def why_not(self, s: TKState, role: Role, action: Action) -> Msg | None:
        if action.type == "occupy":
            return not_in_hand(s, role, action)
        return None

    def on_occupy(self, s: TKState, role: Role, card: str) -> None:
        land = self.frame(s).land
        s.hand[role].remove(card)
        s.garrison[land] += (card,)
        s.owner[land] = role
        s.say(
            compose("three_kingdoms.occupied", {"lord": s.lord[role], "land": land, "card": card})
        )
        done(s)

    def on_pass(self, s: TKState, role: Role, arg: None) -> None:
        s.announce("three_kingdoms.left_unoccupied", lord=s.lord[role], land=self.frame(s).land)
        done(s)


@machine.step
class OwnLand(TurnStep):
    """Seed §2.2 B, DESIGN §7.8: deploy, tax or train; one of them is mandatory."""

    name, waiting, frame_type = "own_land", Msg("three_kingdoms.waiting_own_land"), AtLand

    def prompt(self, s: TKState, role: Role) -> Msg:
        land = self.frame(s).land
        tax = land_tax(s, land)
        if s.swords[land] < N.max_swords:
            return Msg(
                "three_kingdoms.prompt_own_land",
                land=land,
                amount=tax,
                n=s.swords[land] + 1,
                most=N.max_swords,
            )
        return Msg("three_kingdoms.prompt_own_city", land=land, amount=tax)

    def options(self, s: TKState, role: Role) -> list[Option]:
        land = self.frame(s).land
        if s.swords[land] < N.max_swords:
            train: Option = TRAIN, None
        else:
            most = N.max_swords
            train = TRAIN, Msg("three_kingdoms.refuse_train_city", land=land, most=most)
        return [(DEPLOY, None), (TAX, None), train]  # a list: no generator to run

    def why_not(self, s: TKState, role: Role, action: Action) -> str | Msg | None:
        return owned_land_refusal(s, self.frame(s).land, action)

    def on_deploy(self, s: TKState, role: Role, arg: None) -> None:
        f = self.frame(s)
        land = f.land
        taken = s.garrison[land]
        s.hand[role].extend(taken)
        s.garrison[land] = ()
        s.say(
            compose(
                "three_kingdoms.deploy_taken",
                {"lord": s.lord[role], "cards": card_list(taken), "land": land},
            )
        )
        machine.enter(s, "deploy", f)

    def on_tax(self, s: TKState, role: Role, arg: None) -> None:
        land = self.frame(s).land
        amount = land_tax(s, land)
        s.say(
            compose(
                "three_kingdoms.land_taxed", {"lord": s.lord[role], "land": land, "amount": amount}
            )
        )
        collect(s, role, amount)
        done(s)

    def on_train(self, s: TKState, role: Role, arg: None) -> None:
        f = self.frame(s)
        land = f.land
        s.swords[land] += 1
        lord, n = s.lord[role], s.swords[land]
        if n == N.max_swords:
            s.say(compose("three_kingdoms.trained_city", {"lord": lord, "land": land, "n": n}))
        else:
            s.say(
                compose("three_kingdoms.trained", {"lord": lord, "land": land, "swords": SWORDS[n]})
            )
        if sun_quan_may_add_sword(s, role, land):
            machine.enter(s, "sun_quan_sword", f)
        else:
            done(s)


@machine.step
class Deploy(TurnStep):
    """Seed §2.2 B: play 1–3 cards from hand face up on the land (never left empty)."""

    name, waiting, frame_type = "deploy", Msg("three_kingdoms.waiting_deploy"), AtLand

    def prompt(self, s: TKState, role: Role) -> Msg:
        land = self.frame(s).land
        placed = s.garrison[land]
        most = N.max_talents_per_land
        if not placed:
            return Msg("three_kingdoms.prompt_deploy_first", land=land, most=most)
        if len(placed) == most:
            return Msg("three_kingdoms.prompt_deploy_full", land=land, cards=card_list(placed))
        return Msg("three_kingdoms.prompt_deploy_more", land=land, cards=card_list(placed))

    def options(self, s: TKState, role: Role) -> list[Option]:
        land = self.frame(s).land
        placed = s.garrison[land]
        most = N.max_talents_per_land
        full = (
            Msg("three_kingdoms.refuse_deploy_full", land=land, most=most)
            if len(placed) >= most
            else None
        )
        options: list[Option] = []  # a list built in a loop: no generator, no comprehension
        for card in s.hand[role]:
            options.append((TALENT[card], full))
        options.append((DONE, None if placed else DEPLOY_EMPTY))
        return options

    def why_not(self, s: TKState, role: Role, action: Action) -> str | Msg | None:
        return not_in_hand(s, role, action) if action.type == "talent" else None

    def on_talent(self, s: TKState, role: Role, card: str) -> None:
        s.hand[role].remove(card)
        land = self.frame(s).land
        s.garrison[land] += (card,)

    def on_done(self, s: TKState, role: Role, arg: None) -> None:
        land = self.frame(s).land
        placed = card_list(s.garrison[land])
        s.say(
            compose(
                "three_kingdoms.deployed", {"lord": s.lord[role], "cards": placed, "land": land}
            )
        )
        done(s)
