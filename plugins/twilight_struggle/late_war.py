"""The Late War events, 82-102 (RULES §5-6, §14; the optional 109-110 are in optional.py),
each a step or procedure with the ``EventPlay`` frame (events.py), registered with
``event`` as the Early and Mid War ones are. The side in the frame carries the event out and
makes its choices; prerequisites and cancellations come from the data (``requires_any``,
``prevented_by``) and the conditions given here; lasting effects go through effects.py.

Rules a Late War effect changes are hooks where the rule lives: The Reformer in
operations.coup_refusal (no USSR coups in Europe; realignments stay allowed), Chernobyl in
operations.PlaceInfluence (no USSR Influence placed with Ops in the named region), Iran-Contra
Scandal in operations.realign, North Sea Oil's eighth action round in rounds.rounds_total
(effects.north_sea_oil), Aldrich Ames Remix's face-up US hand in hidden.py; the blocks on
Socialist Governments, OPEC, Willy Brandt and Flower Power are the data's ``prevented_by``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, If, Procedure, While
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.early_war import Instant, pair_war, strip
from gameshelf.plugins.twilight_struggle.effects import (
    GAME,
    NORTH_SEA_OIL,
    NORTH_SEA_OIL_ROUNDS,
    TURN,
    add_effect,
    end_effect,
    in_effect,
)
from gameshelf.plugins.twilight_struggle.events import (
    Changes,
    Choice,
    Discard,
    DiscardPick,
    EventPlay,
    FreeOps,
    Pick,
    china_kept,
    choice_option,
    discard_from_hand,
    event,
    event_refusal,
    free_targets,
    give,
    has_event,
    influence_event,
    score,
)
from gameshelf.plugins.twilight_struggle.model import (
    CARDS,
    CID,
    CIX,
    MAIN_REGIONS,
    MEMBERS,
    NEIGHBOURS,
    OTHER,
    US,
    USSR,
)
from gameshelf.plugins.twilight_struggle.operations import can_target, start_ops
from gameshelf.plugins.twilight_struggle.ops import ops_value
from gameshelf.plugins.twilight_struggle.state import (
    PICK_CARD,
    State,
    controls,
    declare_winner,
    gain_vp,
    lower_defcon,
    machine,
    numbers,
    set_defcon,
)

EUROPE, WESTERN = MEMBERS["europe"], MEMBERS["western_europe"]
IRAN, IRAQ, LIBYA, UK = CIX["iran"], CIX["iraq"], CIX["libya"], CIX["uk"]
LEBANON, NICARAGUA, SOUTH_KOREA = CIX["lebanon"], CIX["nicaragua"], CIX["south_korea"]

IRANIAN_HOSTAGE_CRISIS, STAR_WARS, REFORMER = 82, 85, 87
KAL_007, GLASNOST, ORTEGA, TERRORISM, CHERNOBYL = 89, 90, 91, 92, 94
DEBT_CRISIS, TEAR_DOWN, ALDRICH_AMES, WARGAMES = 95, 96, 98, 100
WILLY_BRANDT, FLOWER_POWER = 55, 59
WARGAMES_VP = 6  # the card: the opponent of its player gains 6 VP


# --- helpers ------------------------------------------------------------------------------


for _option, _text in (
    ("ops_influence", Msg("twilight_struggle.choice_ops_influence")),
    ("ops_realign", Msg("twilight_struggle.choice_ops_realign")),
    ("wargames_end", Msg("twilight_struggle.choice_wargames_end")),
    ("wargames_no", Msg("twilight_struggle.choice_wargames_no")),
    *((f"region_{r}", Msg("twilight_struggle.choice_region", region=r)) for r in MAIN_REGIONS),
):
    choice_option(_option, _text)


def _ops_choice(side: str, card: int) -> Callable[[State, EventPlay], Choice]:
    """KAL-007, Glasnost: the player may use the card's Ops to place Influence or make
    realignment rolls (no coup), or not at all."""

    def ask(s: State, f: EventPlay) -> Choice:
        options = ["ops_influence", "ops_realign"] if can_target(s, side) else ["ops_influence"]
        return Choice(chooser=side, card=card, options=[*options, "no_ops"])

    return ask


def _ops_use(s: State, f: EventPlay) -> None:
    """The operation chosen, with the card's Ops (the player's modifiers, RULES §6) under the
    normal rules of operations (RULES §7.1)."""
    if f.choice == "ops_influence":
        machine.call(s, "influence", start_ops(s, f.side, f.card))
    elif f.choice == "ops_realign":
        machine.call(s, "realign", start_ops(s, f.side, f.card))


@frame_model
class FromDiscard:
    """Choose one of ``cards`` in the discard pile for ``card``'s event (Star Wars)."""

    chooser: str
    card: int
    cards: list[int] = Field(default_factory=list)


@machine.step
class EventFromDiscard(DiscardPick):
    """Choose a card in the discard pile, which leaves it; the result is the card."""

    name, frame_type = "event_from_discard", FromDiscard

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("twilight_struggle.from_discard_prompt", card=self.frame(s).card)

    def picked(self, s: State, role: str, card: int) -> None:
        s.announce("twilight_struggle.picked_from_discard", role=role, card=card)


@frame_model
class DiscardFrom:
    """``chooser`` picks a card of ``owner``'s hand to be discarded (Aldrich Ames Remix)."""

    chooser: str
    owner: str
    card: int


@machine.step
class EventDiscardFrom(Step[State]):
    """Pick a card in the other side's hand to be discarded; its event never happens (RULES
    §6), scoring cards too (§16.8); The China Card never (§10). The result is the card."""

    name, frame_type = "event_discard_from", DiscardFrom
    waiting = Msg("twilight_struggle.waiting_event")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.chooser]
        if not s.hands[f.owner]:
            machine.finish(s, 0)

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.discard_from_prompt", card=f.card, role=f.owner)

    def options(self, s: State, role: str) -> Iterator[Option]:
        f = self.frame(s)
        for c in s.hands[f.owner]:
            yield PICK_CARD[c], None
        yield from china_kept(s, f.owner)

    def on_card(self, s: State, role: str, card: int) -> None:
        f = self.frame(s)
        discard_from_hand(s, f.owner, card)
        s.announce("twilight_struggle.discarded_from", role=f.owner, role2=role, card=card)
        machine.finish(s, card)


# --- the events, in number order ----------------------------------------------------------


@event(82)
class IranianHostageCrisis(Instant):
    """#82: all US Influence out of Iran, +2 USSR there; from now on Terrorism makes the US
    discard two cards (``Terrorism``)."""

    name = "iranian_hostage_crisis"

    def happen(self, s: State, f: EventPlay) -> None:
        strip(s, US, IRAN)
        give(s, USSR, "iran", 2)
        add_effect(s, IRANIAN_HOSTAGE_CRISIS, USSR, GAME)


@event(83)
class TheIronLady(Instant):
    """#83: +1 USSR Influence in Argentina, all USSR Influence out of the UK, 1 VP to the
    US; Socialist Governments can no longer be an event (its ``prevented_by``)."""

    name = "the_iron_lady"

    def happen(self, s: State, f: EventPlay) -> None:
        give(s, USSR, "argentina", 1)
        strip(s, USSR, UK)
        add_effect(s, 83, US, GAME)
        score(s, US, 1)


@event(84)
class ReaganBombsLibya(Instant):
    """#84: the US gains 1 VP for every 2 USSR Influence in Libya (rounded down)."""

    name = "reagan_bombs_libya"

    def happen(self, s: State, f: EventPlay) -> None:
        vp = s.influence[USSR][LIBYA] // 2
        if not vp:
            s.announce("twilight_struggle.no_effect", card=84)
        score(s, US, vp)


def _star_wars_condition(s: State, side: str) -> Msg | None:
    if s.space[US] <= s.space[USSR]:
        return Msg("twilight_struggle.not_ahead_in_space", card=STAR_WARS)
    return None


def _doer(card: int) -> str:
    """Who carries out an event fetched for the US: the card's side, the US for a neutral
    one (RULES §6: the owner of an event makes every choice in it)."""
    return CARDS[card].side or US


def _star_wars_cards(s: State) -> list[int]:
    """RULES §14: non-scoring cards of the discard pile whose events can happen now."""
    return sorted(
        {
            c
            for c in numbers(s.deck.discard_pile)
            if not CARDS[c].scoring and has_event(c) and event_refusal(s, _doer(c), c) is None
        }
    )


def _star_wars_pick(s: State, f: EventPlay) -> FromDiscard:
    return FromDiscard(chooser=US, card=STAR_WARS, cards=_star_wars_cards(s))


def _star_wars_event(s: State, f: EventPlay) -> None:
    machine.call(s, "event", EventPlay(card=f.pick, side=_doer(f.pick), origin="star_wars"))


def _nothing(card: int) -> Callable[[State, EventPlay], None]:
    def say(s: State, f: EventPlay) -> None:
        s.announce("twilight_struggle.no_effect", card=card)

    return say


@event(STAR_WARS, condition=_star_wars_condition)
class StarWars(Procedure[State]):
    """#85: only while the US is ahead on the Space Race: the US picks a non-scoring card in
    the discard pile and its event happens at once (RULES §14); with none, the event has
    happened with no effect (Star Wars is removed, RULES §16.6). The fetched card's event is
    carried out by its side (the US for a neutral one), then goes where its event sends it.
    Ruling: fetching a US war card is no US war card played, so Flower Power does not score
    it (RULES §14 counts the cards played as events or for Ops)."""

    name, frame_type = "star_wars", EventPlay
    body = (
        If(
            lambda s, f: bool(_star_wars_cards(s)),
            Call("event_from_discard", args=_star_wars_pick, into="pick"),
            _star_wars_event,
            otherwise=[_nothing(STAR_WARS)],
        ),
    )


@event(86)
class NorthSeaOil(Instant):
    """#86: the US takes 8 action rounds this turn (rounds.rounds_total); OPEC can no longer
    be an event (its ``prevented_by``), for the rest of the game."""

    name = "north_sea_oil"

    def happen(self, s: State, f: EventPlay) -> None:
        add_effect(s, NORTH_SEA_OIL, US, GAME, turn=s.turn)
        s.announce("twilight_struggle.north_sea_oil", role=US, n=NORTH_SEA_OIL_ROUNDS)


def _reformer_points(s: State, f: EventPlay) -> Changes:
    """4 Influence in Europe, 6 if the USSR leads in VP when the event happens; at most 2 a
    country."""
    left = 6 if s.vp < 0 else 4
    return Changes(
        chooser=USSR, owner=USSR, add=True, left=left, eligible=list(EUROPE), per_country=2
    )


def _reformer_lasts(s: State, f: EventPlay) -> None:
    add_effect(s, REFORMER, USSR, GAME)


@event(87)
class TheReformer(Procedure[State]):
    """#87: the USSR adds 4 Influence in Europe (6 when ahead in VP), at most 2 a country;
    for the rest of the game it may not coup in Europe (operations.coup_refusal: coups only,
    realignments stay allowed, RULES §7.3), and Glasnost may give it Operations."""

    name, frame_type = "the_reformer", EventPlay
    body = (Call("event_influence", args=_reformer_points), _reformer_lasts)


def _marine_barracks(s: State, f: EventPlay) -> None:
    strip(s, US, LEBANON)


MarineBarracksBombing = influence_event(
    88,
    "marine_barracks_bombing",
    """#88: all US Influence out of Lebanon, then 2 more US Influence off any Middle East
    countries (the USSR chooses; both may come from one country).""",
    chooser=USSR,
    owner=US,
    add=False,
    left=2,
    eligible=MEMBERS["middle_east"],
    first=_marine_barracks,
)


def _kal(s: State, f: EventPlay) -> None:
    if lower_defcon(s):
        return  # DEFCON 1: the phasing player has lost (RULES §16.3)
    score(s, US, 2)


@event(89)
class SovietsShootDownKal007(Procedure[State]):
    """#89: DEFCON drops one, the US gains 2 VP; then, if the US controls South Korea, it
    may use this card's Ops (its modifiers) to place Influence or make realignment rolls
    (RULES §7.1: the normal rules of operations; no coup)."""

    name, frame_type = "kal_007", EventPlay
    body = (
        _kal,
        If(
            lambda s, f: controls(s, US, SOUTH_KOREA),
            Call("event_choice", args=_ops_choice(US, KAL_007), into="choice"),
            _ops_use,
        ),
    )


def _glasnost(s: State, f: EventPlay) -> None:
    set_defcon(s, s.defcon + 1)
    score(s, USSR, 2)


@event(90)
class Glasnost(Procedure[State]):
    """#90: DEFCON improves one, the USSR gains 2 VP; then, with The Reformer in effect, it
    may use this card's Ops (its modifiers) to place Influence or make realignment rolls."""

    name, frame_type = "glasnost", EventPlay
    body = (
        _glasnost,
        If(
            lambda s, f: in_effect(s, REFORMER),
            Call("event_choice", args=_ops_choice(USSR, GLASNOST), into="choice"),
            _ops_use,
        ),
    )


def _free_ops_offer(
    chooser: str, card: int, ops: Callable[[State, EventPlay], FreeOps], uses: tuple[str, ...]
) -> If:
    """The end of an event that may use its card's Ops for free (RULES §7.3, §16.4): where
    ``ops`` has a target, ``chooser`` takes one of ``uses`` or "no_ops", and the free step of
    that name runs with ``ops``."""

    def chose(use: str) -> Callable[[State, EventPlay], bool]:
        return lambda s, f: f.choice == use

    return If(
        lambda s, f: bool(free_targets(s, ops(s, f))),
        Call(
            "event_choice",
            args=lambda s, f: Choice(chooser=chooser, card=card, options=[*uses, "no_ops"]),
            into="choice",
        ),
        *(If(chose(use), Call(use, args=ops)) for use in uses),
    )


def _ortega_ops(s: State, f: EventPlay) -> FreeOps:
    return FreeOps(
        side=USSR,
        card=ORTEGA,
        ops=ops_value(s, USSR, ORTEGA),
        eligible=list(NEIGHBOURS[NICARAGUA]),
    )


def _ortega(s: State, f: EventPlay) -> None:
    strip(s, US, NICARAGUA)


@event(91)
class OrtegaElected(Procedure[State]):
    """#91: all US Influence out of Nicaragua; then the USSR may make a free coup with this
    card's Ops (modified) in a country next to Nicaragua: no military operations, DEFCON
    still drops for a battleground (RULES §7.3, §16.4)."""

    name, frame_type = "ortega_elected", EventPlay
    body = (_ortega, _free_ops_offer(USSR, ORTEGA, _ortega_ops, ("free_coup",)))


@event(92)
class Terrorism(Instant):
    """#92: the opponent of its player discards a random card (two for the US while Iranian
    Hostage Crisis is in effect); a discarded card's event never happens (RULES §6), and
    The China Card is never among them (§10)."""

    name = "terrorism"

    def happen(self, s: State, f: EventPlay) -> None:
        victim = OTHER[f.side]
        n = 2 if victim == US and in_effect(s, IRANIAN_HOSTAGE_CRISIS) else 1
        for _ in range(n):
            hand = s.hands[victim]
            if not hand:
                s.announce("twilight_struggle.no_card_to_discard", role=victim)
                return
            card = s.rng.choice(hand)
            discard_from_hand(s, victim, card)
            s.announce("twilight_struggle.discarded_at_random", role=victim, card=card)


@event(93)
class IranContraScandal(Instant):
    """#93: for the rest of the turn every US realignment roll is -1 (operations.realign)."""

    name = "iran_contra_scandal"

    def happen(self, s: State, f: EventPlay) -> None:
        add_effect(s, 93, USSR, TURN)


def _chernobyl(s: State, f: EventPlay) -> None:
    add_effect(s, CHERNOBYL, US, TURN, region=f.choice.removeprefix("region_"))


@event(94)
class Chernobyl(Procedure[State]):
    """#94: the US names a region; for the rest of the turn the USSR may not place Influence
    there with Operations (operations.PlaceInfluence); event placements, coups and
    realignments are unaffected (RULES §7.1 [FAQ])."""

    name, frame_type = "chernobyl", EventPlay
    body = (
        Call(
            "event_choice",
            args=lambda s, f: Choice(
                chooser=US, card=CHERNOBYL, options=[f"region_{r}" for r in MAIN_REGIONS]
            ),
            into="choice",
        ),
        _chernobyl,
    )


SOUTH_AMERICA = MEMBERS["south_america"]


def _debt_targets(s: State, f: EventPlay) -> list[int]:
    return [c for c in SOUTH_AMERICA if s.influence[USSR][c] and c not in f.chosen]


def _debt_left(s: State, f: EventPlay) -> bool:
    return len(f.chosen) < 2 and bool(_debt_targets(s, f))


def _debt_double(s: State, f: EventPlay) -> None:
    c = f.pick
    f.chosen.append(c)
    give(s, USSR, CID[c], s.influence[USSR][c])


@event(95)
class LatinAmericanDebtCrisis(Procedure[State]):
    """#95: the US discards a card of 3 Ops or more (its modifiers; never The China Card),
    or else the USSR doubles its Influence in 2 South American countries of its choice (as
    many as hold some)."""

    name, frame_type = "latin_american_debt_crisis", EventPlay
    body = (
        Call(
            "event_discard",
            args=lambda s, f: Discard(chooser=US, card=DEBT_CRISIS, min_ops=3),
            into="count",
        ),
        If(
            lambda s, f: not f.count,
            While(
                _debt_left,
                Call(
                    "event_country",
                    args=lambda s, f: Pick(chooser=USSR, eligible=_debt_targets(s, f)),
                    into="pick",
                ),
                _debt_double,
            ),
        ),
    )


def _tear_down(s: State, f: EventPlay) -> None:
    give(s, US, "east_germany", 3)
    end_effect(s, WILLY_BRANDT)
    add_effect(s, TEAR_DOWN, US, GAME)


def _tear_down_ops(s: State, f: EventPlay) -> FreeOps:
    ops = ops_value(s, US, TEAR_DOWN)
    return FreeOps(side=US, card=TEAR_DOWN, ops=ops, left=ops, eligible=list(EUROPE))


@event(96)
class TearDownThisWall(Procedure[State]):
    """#96: +3 US Influence in East Germany; Willy Brandt is cancelled and can no longer be
    an event (its ``prevented_by``); then the US may use this card's Ops (modified) for a
    free coup or free realignment rolls in Europe: the DEFCON geography is ignored, no
    military operations, a battleground coup still lowers DEFCON (RULES §7.3, §16.4)."""

    name, frame_type = "tear_down_this_wall", EventPlay
    body = (
        _tear_down,
        _free_ops_offer(US, TEAR_DOWN, _tear_down_ops, ("free_coup", "free_realign")),
    )


@event(97)
class AnEvilEmpire(Instant):
    """#97: the US gains 1 VP; Flower Power is cancelled and can no longer be an event (its
    ``prevented_by``)."""

    name = "an_evil_empire"

    def happen(self, s: State, f: EventPlay) -> None:
        end_effect(s, FLOWER_POWER)
        add_effect(s, 97, US, GAME)
        score(s, US, 1)


def ames_face_up(s: State) -> bool:
    """Aldrich Ames Remix: the US hand is face up for the rest of the turn (hidden.py)."""
    return in_effect(s, ALDRICH_AMES)


def _ames_show(s: State, f: EventPlay) -> None:
    add_effect(s, ALDRICH_AMES, USSR, TURN)
    s.rng.reveal()  # the US hand is new information for everyone
    s.announce("twilight_struggle.hand_face_up", role=US, n=len(s.hands[US]))


@event(98)
class AldrichAmesRemix(Procedure[State]):
    """#98: the US hand is face up for the rest of the turn (RULES §14, hidden.py); the USSR
    picks one card of it to be discarded, whose event does not happen (scoring cards too,
    RULES §16.8)."""

    name, frame_type = "aldrich_ames_remix", EventPlay
    body = (
        _ames_show,
        Call(
            "event_discard_from",
            args=lambda s, f: DiscardFrom(chooser=USSR, owner=US, card=ALDRICH_AMES),
        ),
    )


def _pershing_vp(s: State, f: EventPlay) -> None:
    score(s, USSR, 1)


PershingIIDeployed = influence_event(
    99,
    "pershing_ii_deployed",
    """#99: the USSR gains 1 VP and removes 1 US Influence from each of 3 Western European
    countries.""",
    chooser=USSR,
    owner=US,
    add=False,
    left=3,
    eligible=WESTERN,
    per_country=1,
    first=_pershing_vp,
)


def _wargames_condition(s: State, side: str) -> Msg | None:
    if s.defcon != 2:
        return Msg("twilight_struggle.wargames_defcon", card=WARGAMES)
    return None


def _wargames(s: State, f: EventPlay) -> None:
    """RULES §12.4 [FAQ]: the opponent gains 6 VP, then the game ends: the VP leader wins,
    0 is a draw; no final scoring, and the 20 VP of the gift are no "vp_20" win."""
    if f.choice != "wargames_end":
        return
    opponent = OTHER[f.side]
    gain_vp(s, opponent, WARGAMES_VP)
    s.announce("twilight_struggle.gains_vp", role=opponent, vp=WARGAMES_VP)
    if s.vp == 0:
        declare_winner(s, "", "wargames", Msg("twilight_struggle.drawn_wargames", card=WARGAMES))
        return
    winner = US if s.vp > 0 else USSR
    text = Msg("twilight_struggle.won_wargames", card=WARGAMES, role=winner, vp=abs(s.vp))
    declare_winner(s, winner, "wargames", text)


@event(WARGAMES, condition=_wargames_condition)
class Wargames(Procedure[State]):
    """#100: only at DEFCON 2 (else no effect, and the card is discarded, not removed:
    RULES §14 [FAQ]); its player may give the opponent 6 VP and end the game at once."""

    name, frame_type = "wargames", EventPlay
    body = (
        Call(
            "event_choice",
            args=lambda s, f: Choice(
                chooser=f.side, card=WARGAMES, options=["wargames_end", "wargames_no"]
            ),
            into="choice",
        ),
        _wargames,
    )


@event(101)
class Solidarity(Instant):
    """#101: +3 US Influence in Poland; only after John Paul II Elected Pope (its
    ``requires_any``)."""

    name = "solidarity"

    def happen(self, s: State, f: EventPlay) -> None:
        give(s, US, "poland", 3)


IranIraqWar = pair_war(
    102,
    "iran_iraq_war",
    """#102: Iran attacks Iraq or the reverse, its player picks the target; a war card (RULES
    §14: -1 a neighbour the enemy controls; 4-6 wins, 2 VP and the defender's Influence
    replaced; 2 military operations to its player, win or lose, §9).""",
    ("iran", "iraq"),
)
