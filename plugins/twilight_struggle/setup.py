"""RULES §3: a new game — the Early War deck (with the optional cards if chosen), eight cards
each, The China Card face up with the USSR, the printed Influence, then the free placements
as decisions of one Influence point each: the USSR's 6 in Eastern Europe, the US's 7 in
Western Europe (Austria and Finland belong to both), and, with the option, the US's bonus
Influence only where it already has some (§3.5)."""

from __future__ import annotations

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.model import (
    CIX,
    IN_REGION,
    MEMBERS,
    SETUP,
    SIDES,
    N,
    era_deck,
)
from gameshelf.plugins.twilight_struggle.state import (
    PICK_COUNTRY,
    State,
    add_influence,
    machine,
    new_state,
    numbers,
)


@frame_model
class Placement:
    """A free placement: ``left`` points for ``side`` in ``region`` ("": only countries
    already holding the side's Influence, the US bonus)."""

    side: str
    left: int
    region: str = ""


def may_place(s: State, f: Placement, c: int) -> bool:
    if f.region:
        return IN_REGION[f.region][c]
    return s.influence[f.side][c] > 0


@machine.step
class FreePlacement(Step[State]):
    """One free Influence point a decision (RULES §3)."""

    name, frame_type = "free_placement", Placement
    waiting = Msg("twilight_struggle.waiting_setup")

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).side]

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        if f.region:
            return Msg("twilight_struggle.setup_prompt", left=f.left, region=f.region)
        return Msg("twilight_struggle.bonus_prompt", left=f.left)

    def options(self, s: State, role: str) -> list[Option]:
        f = self.frame(s)
        if f.region:  # a region's countries, listed once (the same as may_place)
            return [(PICK_COUNTRY[c], None) for c in MEMBERS[f.region]]
        mine = s.influence[f.side]
        return [(PICK_COUNTRY[c], None) for c in range(N) if mine[c] > 0]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type != "country" or action.arg not in CIX:
            return None
        region = self.frame(s).region
        if region:
            return Msg("twilight_struggle.setup_outside", country=action.arg, region=region)
        return Msg("twilight_struggle.bonus_outside", country=action.arg)

    def on_country(self, s: State, role: str, country: str) -> None:
        f = self.frame(s)
        add_influence(s, f.side, CIX[country])
        f.left -= 1
        s.announce("twilight_struggle.placed", role=role, country=country)
        if f.left == 0:
            machine.finish(s)


def new_game(seed: int, options: dict[str, object]) -> State:
    """RULES §3 up to the free placements, which the "game" procedure asks for."""
    s = new_state(seed)
    s.optional_cards = bool(options["optional_cards"])
    # options are typed object here; the ruleset's Option has checked us_bonus is a number
    s.us_bonus = int(options["us_bonus"])  # type: ignore[call-overload]
    for side in SIDES:
        for country, n in SETUP.fixed[side].items():
            add_influence(s, side, CIX[country], n)
    s.deck = Deck.shuffled(era_deck("early_war", s.optional_cards), s.rng)
    for _ in range(SETUP.hand_size):
        for side in SIDES:
            s.hands[side].extend(numbers(s.deck.draw(s.rng, 1)))
    s.announce("twilight_struggle.setup")
    machine.reset(s, "game")
    return s
