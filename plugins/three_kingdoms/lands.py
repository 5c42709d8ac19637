"""Stopping on a land that is nobody's or one's own (seed §2.2 A–B, DESIGN §7.7–§7.8).

- An unowned land may be occupied by playing one card from hand face up on it (free, needs a
  card); the player takes the land card. Or nothing happens.
- On its own land the player must do one thing: deploy (take every talent back, then play
  1–3 cards from hand onto it), tax (the land talents' politics × 100 from the bank) or train
  (one more sword, at most 4: a city). 孫權's skill may follow a train (``lords``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gameshelf.core.ruleset import Action, Role
from gameshelf.core.steps import Option
from gameshelf.plugins.three_kingdoms.lords import sun_quan_may_add_sword
from gameshelf.plugins.three_kingdoms.model import LABEL, POLITICS, N
from gameshelf.plugins.three_kingdoms.money import collect
from gameshelf.plugins.three_kingdoms.state import (
    AtLand,
    TKState,
    TurnStep,
    action_table,
    build_frame,
    done,
    label,
    labels,
    machine,
    swords,
    who,
)


def arrive_unowned(s: TKState, land: str) -> None:
    """DESIGN §7.7: occupying is optional and needs a card in hand."""
    if not s.hand[s.turn]:
        s.say(f"{who(s, s.turn)} has no card to occupy {label(land)} with.")
        return
    machine.call(s, "occupy", build_frame(AtLand, land=land))


def arrive_own(s: TKState, land: str) -> None:
    machine.call(s, "own_land", build_frame(AtLand, land=land))


def land_tax(s: TKState, land: str) -> int:
    """Seed §2.2 B: the politics of every talent on the land, × 100."""
    return N.tax_per_politics * sum(POLITICS[c] for c in s.garrison[land])


def owned_land_refusal(s: TKState, land: str, action: Action) -> str | None:
    """Why ``land``, which already has an owner, cannot be occupied."""
    holder = s.owner.get(land)
    if action.type == "occupy" and holder is not None:
        whose = "yours" if holder == s.turn else f"held by {who(s, holder)}"
        return f"{label(land)} is already {whose}: only a land nobody holds can be occupied."
    return None


def not_in_hand(s: TKState, role: Role, action: Action) -> str:
    card = action.arg
    name = LABEL[card] if isinstance(card, str) and card in LABEL else repr(card)
    return f"{name} is not in your hand."


OCCUPY, TALENT = action_table("occupy"), action_table("talent")
PASS, DONE = Action("pass"), Action("done")
DEPLOY, TAX, TRAIN = Action("deploy"), Action("tax"), Action("train")


@machine.step
class Occupy(TurnStep):
    """Seed §2.2 A: occupy the land with one card from hand, or leave it."""

    name, waiting, frame_type = "occupy", "deciding whether to occupy", AtLand

    def prompt(self, s: TKState, role: Role) -> str:
        land = label(self.frame(s).land)
        return f"{land} is nobody's. Occupy it with a card from your hand, or pass."

    def actions(self, s: TKState, role: Role) -> Iterable[Action]:
        return [*map(OCCUPY.__getitem__, s.hand[role]), PASS]

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        if action.type == "occupy":
            return not_in_hand(s, role, action)
        return None

    def on_occupy(self, s: TKState, role: Role, card: str) -> None:
        land = self.frame(s).land
        s.hand[role].remove(card)
        s.garrison[land].append(card)
        s.owner[land] = role
        s.say(f"{who(s, role)} occupies {label(land)} with {label(card)}.")
        done(s)

    def on_pass(self, s: TKState, role: Role, arg: None) -> None:
        s.say(f"{who(s, role)} leaves {label(self.frame(s).land)} unoccupied.")
        done(s)


@machine.step
class OwnLand(TurnStep):
    """Seed §2.2 B, DESIGN §7.8: deploy, tax or train; one of them is mandatory."""

    name, waiting, frame_type = "own_land", "deploying, taxing or training", AtLand

    def prompt(self, s: TKState, role: Role) -> str:
        land = self.frame(s).land
        train = (
            f"train (sword {s.swords[land] + 1} of {N.max_swords})"
            if s.swords[land] < N.max_swords
            else "not train (it is a city)"
        )
        return (
            f"On your land {label(land)}: deploy its talents anew, tax "
            f"{land_tax(s, land):,}, or {train}."
        )

    def options(self, s: TKState, role: Role) -> Iterator[Option]:
        land = self.frame(s).land
        yield DEPLOY, None
        yield TAX, None
        if s.swords[land] < N.max_swords:
            yield TRAIN, None
        else:
            most = N.max_swords
            yield TRAIN, f"{label(land)} already holds {most} swords, a city: no more training."

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        land = self.frame(s).land
        return self._why_not_from_options(s, role, action) or owned_land_refusal(s, land, action)

    def on_deploy(self, s: TKState, role: Role, arg: None) -> None:
        land = self.frame(s).land
        taken = s.garrison[land]
        s.hand[role].extend(taken)
        s.garrison[land] = []
        s.say(f"{who(s, role)} takes {labels(taken)} back from {label(land)} to deploy.")
        machine.enter(s, "deploy", self.frame(s))

    def on_tax(self, s: TKState, role: Role, arg: None) -> None:
        land = self.frame(s).land
        amount = land_tax(s, land)
        s.say(f"{who(s, role)} taxes {label(land)} for {amount:,}.")
        collect(s, role, amount)
        done(s)

    def on_train(self, s: TKState, role: Role, arg: None) -> None:
        land = self.frame(s).land
        s.swords[land] += 1
        city = " (a city)" if s.swords[land] == N.max_swords else ""
        s.say(f"{who(s, role)} trains at {label(land)}: {swords(s.swords[land])}{city}.")
        if sun_quan_may_add_sword(s, role, land):
            machine.enter(s, "sun_quan_sword", self.frame(s))
        else:
            done(s)


@machine.step
class Deploy(TurnStep):
    """Seed §2.2 B: play 1–3 cards from hand face up on the land (never left empty)."""

    name, waiting, frame_type = "deploy", "deploying talents", AtLand

    def prompt(self, s: TKState, role: Role) -> str:
        land = self.frame(s).land
        placed = s.garrison[land]
        if not placed:
            return f"Choose a card to deploy on {label(land)} (1 to 3 cards)."
        if len(placed) == N.max_talents_per_land:
            return f"{label(land)} holds {labels(placed)}, the most it can: finish deploying."
        return f"{label(land)} holds {labels(placed)}. Deploy another card, or finish."

    def options(self, s: TKState, role: Role) -> Iterator[Option]:
        land = self.frame(s).land
        placed = s.garrison[land]
        full = (
            f"{label(land)} already holds {N.max_talents_per_land} talents, the most a land can."
            if len(placed) >= N.max_talents_per_land
            else None
        )
        for card in s.hand[role]:
            yield TALENT[card], full
        yield DONE, None if placed else "Deploy at least one card: a land is never left empty."

    def why_not(self, s: TKState, role: Role, action: Action) -> str | None:
        reason = self._why_not_from_options(s, role, action)
        if reason is None and action.type == "talent":
            return not_in_hand(s, role, action)
        return reason

    def on_talent(self, s: TKState, role: Role, card: str) -> None:
        s.hand[role].remove(card)
        s.garrison[self.frame(s).land].append(card)

    def on_done(self, s: TKState, role: Role, arg: None) -> None:
        land = self.frame(s).land
        s.say(f"{who(s, role)} deploys {labels(s.garrison[land])} on {label(land)}.")
        done(s)
