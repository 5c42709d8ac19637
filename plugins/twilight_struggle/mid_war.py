"""The Mid War events, 36-81 and the optional Che (107) (RULES §5-6, §14; Our Man in
Tehran, 108, is in optional.py), each a step or procedure with the
``EventPlay`` frame (events.py), registered with ``event`` as the Early War ones are
(early_war.py). The side in the frame carries the event out and makes its choices;
prerequisites and cancellations come from the data (``requires_any``, ``prevented_by``) and
the conditions given here; lasting effects go through effects.py.

Rules a Mid War effect changes are hooks where the rule lives: Nuclear Subs, SALT, Latin
American Death Squads and Cuban Missile Crisis in operations.coup, Brezhnev Doctrine in
ops.py, Willy Brandt in operations.protected, U2 Incident's second VP in
early_war.UnIntervention, We Will Bury You, Flower Power and Missile Envy in events.py
(asked by rounds.py and turn.headline_event), the traps' action round in rounds.py (which
trap: effects.trap_of), Missile Envy's card in events.dispose, Shuttle Diplomacy in
events.Event and scoring.standing.
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.engine.procedure import Call, If, Procedure, While
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import EVERY_STEP, Ambient, Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.early_war import Instant, lasting_event, strip, war
from gameshelf.plugins.twilight_struggle.effects import (
    CRISIS,
    CRISIS_COUNTRIES,
    GAME,
    QUAGMIRE,
    TURN,
    add_effect,
    effect,
    end_effect,
)
from gameshelf.plugins.twilight_struggle.events import (
    MISSILE_ENVY,
    WE_WILL_BURY_YOU,
    Changes,
    Choice,
    Discard,
    EventOps,
    EventPlay,
    FreeOps,
    Many,
    Pick,
    Take,
    choice_option,
    envy_played,
    event,
    free_targets,
    give,
    influence_event,
    score,
)
from gameshelf.plugins.twilight_struggle.model import (
    BATTLEGROUND,
    CARDS,
    CHINA,
    CID,
    CIX,
    COLONIAL,
    DEFCON_MAX,
    IN_REGION,
    LAST_BOX,
    MAIN_REGIONS,
    MEMBERS,
    NEIGHBOURS,
    OTHER,
    SIDES,
    STABILITY,
    US,
    USSR,
    N,
)
from gameshelf.plugins.twilight_struggle.operations import (
    advance_space,
    protected,
)
from gameshelf.plugins.twilight_struggle.ops import ops_value
from gameshelf.plugins.twilight_struggle.scoring import standing
from gameshelf.plugins.twilight_struggle.state import (
    State,
    add_milops,
    check_vp,
    controls,
    lower_defcon,
    machine,
    numbers,
    remove_influence,
    set_defcon,
)

# --- the events, in number order ----------------------------------------------------------


SALT, JUNTA, GRAIN = 43, 47, 67
AMERICAS = [*MEMBERS["central_america"], *MEMBERS["south_america"]]


def _brush_targets(s: State, side: str) -> list[int]:
    """RULES §14: a country of stability 1 or 2, not a NATO-protected one (for the USSR)."""
    return [c for c in range(N) if STABILITY[c] <= 2 and protected(s, side, c) is None]


def _brush(s: State, f: EventPlay) -> None:
    war(s, f.side, f.pick, vp=1, milops=3, needs=3)


@event(36)
class BrushWar(Procedure[State]):
    """#36: a war on any country of stability 1 or 2 (not a NATO-protected US-controlled
    European one): 3-6 wins after the war modifiers (RULES §14), 1 VP; 3 military
    operations to its player, win or lose (RULES §16.4)."""

    name, frame_type = "brush_war", EventPlay
    body = (
        Call(
            "event_country",
            args=lambda s, f: Pick(chooser=f.side, eligible=_brush_targets(s, f.side)),
            into="pick",
        ),
        _brush,
    )


@event(39)
class ArmsRace(Instant):
    """#39: the phasing player with more military operations this turn than the opponent
    gains 1 VP, or 3 if it has also met the turn's requirement (the DEFCON level)."""

    name = "arms_race"

    def happen(self, s: State, f: EventPlay) -> None:
        side = f.side
        if s.milops[side] <= s.milops[OTHER[side]]:
            s.announce("twilight_struggle.arms_race_none", role=side)
            return
        score(s, side, 3 if s.milops[side] >= s.defcon else 1)


CANCEL_CRISIS = {c: Action("cancel_crisis", c) for cs in CRISIS_COUNTRIES.values() for c in cs}


@event(40)
class CubanMissileCrisis(Instant):
    """#40: DEFCON goes to 2; until the end of the turn the opponent of its player loses at
    once if it attempts a coup (operations.coup; RULES §16.3), unless it has cancelled the
    crisis first by removing 2 of its Influence (``CancelCrisis``)."""

    name = "cuban_missile_crisis"

    def happen(self, s: State, f: EventPlay) -> None:
        set_defcon(s, 2)
        add_effect(s, CRISIS, f.side, TURN)


@machine.ambient
class CancelCrisis(Ambient[State]):
    """RULES §14 [FAQ]: the victim of Cuban Missile Crisis may cancel it at any time, by
    removing 2 Influence: the USSR from Cuba, the US from West Germany or Turkey. An
    interrupt (``core.engine.steps.Ambient.interrupt``): offered to the victim in every step, also
    while the game waits for the opponent (at the start of the opponent's action round,
    before the opponent can remove the Influence it needs). DEFCON need not stay at 2."""

    name, tag, interrupt = "cancel_crisis", EVERY_STEP, True

    def options(self, s: State, role: str) -> Iterator[Option]:
        crisis = effect(s, CRISIS)
        if crisis is None or crisis.side == role:
            return
        for country in CRISIS_COUNTRIES[role]:
            if s.influence[role][CIX[country]] >= 2:
                yield CANCEL_CRISIS[country], None
            else:
                yield (
                    CANCEL_CRISIS[country],
                    Msg("twilight_struggle.crisis_needs", country=country, card=CRISIS),
                )

    def on_cancel_crisis(self, s: State, role: str, country: str) -> None:
        remove_influence(s, role, CIX[country], 2)
        s.announce("twilight_struggle.crisis_cancelled", role=role, country=country, card=CRISIS)
        end_effect(s, CRISIS)


NuclearSubs = lasting_event(
    41,
    "nuclear_subs",
    """#41: for the rest of the turn US coups in battlegrounds do not lower DEFCON
    (operations.coup); events that move DEFCON still do (RULES §14).""",
    US,
    TURN,
)


def regions_led(s: State, side: str) -> int:
    """The regions ``side`` Dominates or Controls (Summit)."""
    return sum(1 for r in MAIN_REGIONS if standing(s, r)[side][0] in ("domination", "control"))


for _option, _text in (
    ("defcon_up", Msg("twilight_struggle.choice_defcon_up")),
    ("defcon_down", Msg("twilight_struggle.choice_defcon_down")),
    ("defcon_keep", Msg("twilight_struggle.choice_defcon_keep")),
    *((f"defcon_{n}", Msg("twilight_struggle.choice_defcon", level=n)) for n in range(1, 6)),
):
    choice_option(_option, _text)


def _summit(s: State, f: EventPlay) -> None:
    """Both roll, +1 a region Dominated or Controlled; the higher gains 2 VP (a tie: no
    effect); ``f.choice`` is then its DEFCON choice."""
    rolls = {side: s.rng.d6() for side in SIDES}
    totals = {side: rolls[side] + regions_led(s, side) for side in SIDES}
    if totals[USSR] == totals[US]:
        s.announce("twilight_struggle.summit_tie", total=totals[US])
        f.choice = "tie"
        return
    winner = US if totals[US] > totals[USSR] else USSR
    s.announce(
        "twilight_struggle.summit",
        role=winner,
        roll=rolls[winner],
        total=totals[winner],
        roll2=rolls[OTHER[winner]],
        total2=totals[OTHER[winner]],
    )
    f.choice = winner
    score(s, winner, 2)


def _summit_options(s: State) -> list[str]:
    options = ["defcon_keep"]
    if s.defcon < DEFCON_MAX:
        options.append("defcon_up")
    return [*options, "defcon_down"]


def _summit_defcon(s: State, f: EventPlay) -> None:
    if f.choice == "defcon_up":
        set_defcon(s, s.defcon + 1)
    elif f.choice == "defcon_down":
        set_defcon(s, s.defcon - 1)  # to 1: the phasing player loses (RULES §16.3)


def _salt(s: State, f: EventPlay) -> None:
    set_defcon(s, s.defcon + 2)
    add_effect(s, SALT, f.side, TURN)


def _salt_take(s: State, f: EventPlay) -> Take:
    cards = sorted({c for c in numbers(s.deck.discard_pile) if not CARDS[c].scoring})
    return Take(chooser=f.side, card=SALT, cards=cards)


NORAD = 106


@event(42)
class Quagmire(Instant):
    """#42: from its next action round the US is trapped (``TrappedRound``), across turns,
    until a roll frees it; cancels NORAD."""

    name = "quagmire"

    def happen(self, s: State, f: EventPlay) -> None:
        end_effect(s, NORAD)
        add_effect(s, QUAGMIRE, USSR, GAME)


@event(43)
class SaltNegotiations(Procedure[State]):
    """#43: DEFCON improves by 2; for the rest of the turn every coup roll is -1
    (operations.coup_roll_modifier); its player may take a non-scoring card from the
    discard pile, shown (RULES §14)."""

    name, frame_type = "salt_negotiations", EventPlay
    body = (
        _salt,
        If(
            lambda s, f: bool(_salt_take(s, f).cards),
            Call("event_take", args=_salt_take),
        ),
    )


BearTrap = lasting_event(
    44,
    "bear_trap",
    """#44: from its next action round the USSR is trapped (``TrappedRound``), across turns,
    until a roll frees it.""",
    US,
    GAME,
)


@event(45)
class Summit(Procedure[State]):
    """#45: both roll, +1 for each region they Dominate or Control; the higher gains 2 VP and
    may move DEFCON one step either way (or leave it); a tie has no effect."""

    name, frame_type = "summit", EventPlay
    body = (
        _summit,
        If(
            lambda s, f: f.choice in SIDES,
            Call(
                "event_choice",
                args=lambda s, f: Choice(chooser=f.choice, card=45, options=_summit_options(s)),
                into="choice",
            ),
            _summit_defcon,
        ),
    )


def _dr_strangelove(s: State, f: EventPlay) -> None:
    add_milops(s, f.side, 5)
    s.announce("twilight_struggle.milops_added", role=f.side, n=5)
    set_defcon(s, int(f.choice.removeprefix("defcon_")))  # 1: the phasing player loses


@event(46)
class HowILearned(Procedure[State]):
    """#46: its player sets DEFCON at any level, 1 to 5 (1: the phasing player loses, RULES
    §16.3), and adds 5 to its military operations."""

    name, frame_type = "how_i_learned", EventPlay
    body = (
        Call(
            "event_choice",
            args=lambda s, f: Choice(
                chooser=f.side, card=46, options=[f"defcon_{n}" for n in range(1, 6)]
            ),
            into="choice",
        ),
        _dr_strangelove,
    )


def controlled_battlegrounds(s: State, side: str) -> int:
    return sum(1 for c in range(N) if BATTLEGROUND[c] and controls(s, side, c))


for _option in ("free_coup", "free_realign", "no_ops"):
    choice_option(_option, Msg(f"twilight_struggle.choice_{_option}"))


def _junta_ops(s: State, f: EventPlay) -> FreeOps:
    ops = ops_value(s, f.side, JUNTA)
    return FreeOps(side=f.side, card=JUNTA, ops=ops, left=ops, eligible=list(AMERICAS))


def _junta_options(s: State, f: EventPlay) -> Choice:
    options = ["free_coup", "free_realign"] if free_targets(s, _junta_ops(s, f)) else []
    return Choice(chooser=f.side, card=JUNTA, options=[*options, "no_ops"])


def _junta_add(s: State, f: EventPlay) -> None:
    give(s, f.side, CID[f.pick], 2)


@event(47)
class Junta(Procedure[State]):
    """#47: its player adds 2 Influence in one country of Central or South America, then may
    use this card's Ops (modified) for a free coup or free realignment rolls there."""

    name, frame_type = "junta", EventPlay
    body = (
        Call(
            "event_country",
            args=lambda s, f: Pick(chooser=f.side, eligible=list(AMERICAS)),
            into="pick",
        ),
        _junta_add,
        Call("event_choice", args=_junta_options, into="choice"),
        If(lambda s, f: f.choice == "free_coup", Call("free_coup", args=_junta_ops)),
        If(lambda s, f: f.choice == "free_realign", Call("free_realign", args=_junta_ops)),
    )


@event(48)
class KitchenDebates(Instant):
    """#48: the US gains 2 VP if it controls more battlegrounds than the USSR (else: played,
    no effect)."""

    name = "kitchen_debates"

    def happen(self, s: State, f: EventPlay) -> None:
        if controlled_battlegrounds(s, US) > controlled_battlegrounds(s, USSR):
            score(s, US, 2)
        else:
            s.announce("twilight_struggle.no_effect", card=48)


def _envy_demand(s: State, f: EventPlay) -> Discard:
    """The victim's cards of the highest Ops it has (its own modifiers; its choice among
    them; never The China Card)."""
    victim = OTHER[f.side]
    best = max(ops_value(s, victim, c) for c in s.hands[victim])
    cards = [c for c in s.hands[victim] if ops_value(s, victim, c) == best]
    return Discard(chooser=victim, card=MISSILE_ENVY, min_ops=0, only=cards, may_pass=False)


def _envy_use(s: State, f: EventPlay) -> None:
    """The taken card is used at once: its event for the player if it is the player's or
    neutral, else its Ops (the taker's modifiers; the event does not happen)."""
    card = f.pick
    s.deck.discard_pile.remove(card)  # event_discard put it there: it is used instead
    s.announce("twilight_struggle.envy_took", role=f.side, card=card)
    add_effect(s, MISSILE_ENVY, OTHER[f.side], GAME)
    if CARDS[card].side != OTHER[f.side]:
        machine.call(s, "event", EventPlay(card=card, side=f.side, origin="envy"))
        return
    s.deck.discard(card)
    machine.call(s, "event_ops", EventOps(side=f.side, card=card, ops=ops_value(s, f.side, card)))


@event(49)
class MissileEnvy(Procedure[State]):
    """#49: the opponent gives its highest-Ops card, which its player uses at once; the
    opponent takes Missile Envy and must play it for Ops in its next action round (held
    over while scoring cards come first; the next discard of a trap) (RULES §14)."""

    name, frame_type = "missile_envy", EventPlay
    body = (
        If(
            lambda s, f: bool(s.hands[OTHER[f.side]]),
            Call("event_discard", args=_envy_demand, into="pick"),
            _envy_use,
        ),
    )


@event(50)
class WeWillBuryYou(Instant):
    """#50: DEFCON drops one; the USSR gains 3 VP at the US's next action round unless the
    US plays UN Intervention as an event in it (``we_will_bury_you``)."""

    name = "we_will_bury_you"

    def happen(self, s: State, f: EventPlay) -> None:
        if lower_defcon(s):
            return  # DEFCON 1: the phasing player has lost (RULES §16.3)
        add_effect(s, WE_WILL_BURY_YOU, USSR, GAME)


BrezhnevDoctrine = lasting_event(
    51,
    "brezhnev_doctrine",
    """#51: for the rest of the turn the USSR's cards are worth 1 more Op, at most 4 (ops.py).""",
    USSR,
    TURN,
)


@event(52)
class PortugueseEmpireCrumbles(Instant):
    """#52: +2 USSR Influence in Angola and in the SE African States."""

    name = "portuguese_empire_crumbles"

    def happen(self, s: State, f: EventPlay) -> None:
        give(s, USSR, "angola", 2)
        give(s, USSR, "se_african_states", 2)


SOUTH_AFRICA = CIX["south_africa"]
choice_option("south_africa_2", Msg("twilight_struggle.choice_south_africa_2"))
choice_option("south_africa_1", Msg("twilight_struggle.choice_south_africa_1"))


def _unrest_first(s: State, f: EventPlay) -> None:
    give(s, USSR, "south_africa", 2 if f.choice == "south_africa_2" else 1)


def _unrest_second(s: State, f: EventPlay) -> None:
    give(s, USSR, CID[f.pick], 2)


@event(53)
class SouthAfricanUnrest(Procedure[State]):
    """#53: the USSR adds 2 Influence in South Africa, or 1 there and 2 in one country next
    to it (the data's reading of the Deluxe text: one single country)."""

    name, frame_type = "south_african_unrest", EventPlay
    body = (
        Call(
            "event_choice",
            args=lambda s, f: Choice(
                chooser=USSR, card=53, options=["south_africa_2", "south_africa_1"]
            ),
            into="choice",
        ),
        _unrest_first,
        If(
            lambda s, f: f.choice == "south_africa_1",
            Call(
                "event_country",
                args=lambda s, f: Pick(chooser=USSR, eligible=list(NEIGHBOURS[SOUTH_AFRICA])),
                into="pick",
            ),
            _unrest_second,
        ),
    )


@event(54)
class Allende(Instant):
    """#54: +2 USSR Influence in Chile."""

    name = "allende"

    def happen(self, s: State, f: EventPlay) -> None:
        give(s, USSR, "chile", 2)


@event(55)
class WillyBrandt(Instant):
    """#55: the USSR gains 1 VP and 1 Influence in West Germany, which NATO no longer
    protects (operations.protected); not once Tear Down This Wall is in effect (data)."""

    name = "willy_brandt"

    def happen(self, s: State, f: EventPlay) -> None:
        give(s, USSR, "west_germany", 1)
        add_effect(s, 55, USSR, GAME)
        score(s, USSR, 1)


MUSLIM = [
    CIX[c]
    for c in (
        "sudan",
        "iran",
        "iraq",
        "egypt",
        "libya",
        "saudi_arabia",
        "syria",
        "jordan",
    )
]


def _muslim_targets(s: State, f: EventPlay) -> list[int]:
    return [c for c in MUSLIM if s.influence[US][c] and c not in f.chosen]


def _muslim_left(s: State, f: EventPlay) -> bool:
    return len(f.chosen) < 2 and bool(_muslim_targets(s, f))


def _muslim(s: State, f: EventPlay) -> None:
    f.chosen.append(f.pick)
    strip(s, US, f.pick)


@event(56)
class MuslimRevolution(Procedure[State]):
    """#56: all US Influence out of 2 of Sudan, Iran, Iraq, Egypt, Libya, Saudi Arabia, Syria
    and Jordan (as many as hold some); not after AWACS Sale to Saudis (data)."""

    name, frame_type = "muslim_revolution", EventPlay
    body = (
        While(
            _muslim_left,
            Call(
                "event_country",
                args=lambda s, f: Pick(chooser=USSR, eligible=_muslim_targets(s, f)),
                into="pick",
            ),
            _muslim,
        ),
    )


@event(57)
class AbmTreaty(Instant):
    """#57: DEFCON improves one level; then its player conducts Operations with this card's
    4 Ops, modified (RULES §6)."""

    name = "abm_treaty"

    def happen(self, s: State, f: EventPlay) -> None:
        set_defcon(s, s.defcon + 1)
        machine.call(s, "event_ops", EventOps(side=f.side, card=57, ops=ops_value(s, f.side, 57)))


def china_to(s: State, side: str, face_up: bool) -> None:
    """The China Card moves to ``side`` (RULES §10: face up when an event moves it, but Nixon
    Plays the China Card gives it face down)."""
    s.china, s.china_up = side, face_up
    key = "twilight_struggle.china_given_up" if face_up else "twilight_struggle.china_given_down"
    s.announce(key, role=side, card=CHINA)


@event(58)
class CulturalRevolution(Instant):
    """#58: a China Card the US holds goes to the USSR face up; one the USSR holds already
    gives it 1 VP."""

    name = "cultural_revolution"

    def happen(self, s: State, f: EventPlay) -> None:
        if s.china == US:
            china_to(s, USSR, True)
        else:
            score(s, USSR, 1)


FlowerPower = lasting_event(
    59,
    "flower_power",
    """#59: from now on every war card the US plays as an event or for Ops gives the USSR 2
    VP (``flower_power``); not once An Evil Empire is in effect (data).""",
    USSR,
    GAME,
)


@event(60)
class U2Incident(Instant):
    """#60: the USSR gains 1 VP, and 1 more if UN Intervention is played as an event later
    this turn, by either side (early_war.UnIntervention)."""

    name = "u2_incident"

    def happen(self, s: State, f: EventPlay) -> None:
        add_effect(s, 60, USSR, TURN)
        score(s, USSR, 1)


OPEC_COUNTRIES = tuple(
    CIX[c] for c in ("egypt", "iran", "libya", "saudi_arabia", "iraq", "gulf_states", "venezuela")
)


@event(61)
class Opec(Instant):
    """#61: the USSR gains 1 VP for each of Egypt, Iran, Libya, Saudi Arabia, Iraq, the Gulf
    States and Venezuela it controls; not after North Sea Oil (data)."""

    name = "opec"

    def happen(self, s: State, f: EventPlay) -> None:
        score(s, USSR, sum(1 for c in OPEC_COUNTRIES if controls(s, USSR, c)))


@event(62)
class LoneGunman(Instant):
    """#62: the US shows its hand to the USSR, at that moment only (hidden.py, as CIA
    Created); then the USSR conducts Operations with this card's 1 Op, modified."""

    name = "lone_gunman"

    def happen(self, s: State, f: EventPlay) -> None:
        s.shown = {USSR: sorted(s.hands[US])}
        s.rng.reveal()  # hidden.py: shown only at this moment, which may end with this action
        s.announce("twilight_struggle.hand_shown", role=US, role2=USSR, n=len(s.hands[US]))
        machine.call(s, "event_ops", EventOps(side=USSR, card=62, ops=ops_value(s, USSR, 62)))


ColonialRearGuards = influence_event(
    63,
    "colonial_rear_guards",
    """#63: +1 US Influence in each of 4 countries of Africa and Southeast Asia.""",
    chooser=US,
    owner=US,
    add=True,
    left=4,
    eligible=COLONIAL,
    per_country=1,
)


@event(64)
class PanamaCanalReturned(Instant):
    """#64: +1 US Influence in Panama, Costa Rica and Venezuela."""

    name = "panama_canal_returned"

    def happen(self, s: State, f: EventPlay) -> None:
        for country in ("panama", "costa_rica", "venezuela"):
            give(s, US, country, 1)


@event(65)
class CampDavidAccords(Instant):
    """#65: the US gains 1 VP and 1 Influence in Israel, Jordan and Egypt; Arab-Israeli War
    can no longer be an event (its ``prevented_by`` in the data)."""

    name = "camp_david_accords"

    def happen(self, s: State, f: EventPlay) -> None:
        for country in ("israel", "jordan", "egypt"):
            give(s, US, country, 1)
        add_effect(s, 65, US, GAME)
        score(s, US, 1)


def _empty(s: State) -> list[int]:
    return [c for c in range(N) if not s.influence[US][c] and not s.influence[USSR][c]]


PuppetGovernments = influence_event(
    66,
    "puppet_governments",
    """#66: the US may add 1 Influence in each of 3 countries with no Influence at all.""",
    chooser=US,
    owner=US,
    add=True,
    left=3,
    eligible=_empty,
    per_country=1,
    optional=True,
)


POLAND = CIX["poland"]


choice_option("play_card", Msg("twilight_struggle.choice_play_card"))
choice_option("return_card", Msg("twilight_struggle.choice_return_card"))


def _grain_take(s: State, f: EventPlay) -> None:
    """A random card of the USSR's hand (never The China Card, which is not in it), seen by
    both players: named in a line to the two sides only; a spectator learns it only if the
    US plays it (rounds.CardPlay then shows it, issue 26)."""
    hand = s.hands[USSR]
    if not hand:
        s.announce("twilight_struggle.grain_empty", role=USSR)
        return
    f.pick = s.rng.choice(hand)
    hand.remove(f.pick)
    s.announce("twilight_struggle.grain_taken", role=US, role2=USSR)
    s.say(Msg("twilight_struggle.grain_card", card=f.pick), to=SIDES)


def _grain_play(s: State, f: EventPlay) -> None:
    """The US plays the card as its own card play (an event, Ops or the Space Race); a
    Missile Envy the USSR owed is gone from its hand for good, and the duty with it."""
    envy_played(s, USSR, f.pick)
    s.hands[US].append(f.pick)
    play = machine["card_play"].frame_type
    # rounds.CardPlay declares its frame (not imported: rounds imports this module)
    assert play is not None
    machine.call(s, "card_play", play(side=US, card=f.pick))


def _grain_ops(s: State, f: EventPlay) -> None:
    if f.pick:
        s.hands[USSR].append(f.pick)
        s.announce("twilight_struggle.grain_returned", role=US, role2=USSR)  # not named
    machine.call(s, "event_ops", EventOps(side=US, card=GRAIN, ops=ops_value(s, US, GRAIN)))


@event(67)
class GrainSalesToSoviets(Procedure[State]):
    """#67: the US takes a random card from the USSR's hand and plays it as its own, or
    gives it back and conducts Operations with this card's 2 Ops (modified); whoever played
    Grain Sales, the US chooses, and the phasing player stays who it was (RULES §14)."""

    name, frame_type = "grain_sales", EventPlay
    body = (
        _grain_take,
        If(
            lambda s, f: bool(f.pick),
            Call(
                "event_choice",
                args=lambda s, f: Choice(
                    chooser=US, card=GRAIN, options=["play_card", "return_card"]
                ),
                into="choice",
            ),
        ),
        If(lambda s, f: f.choice == "play_card", _grain_play, otherwise=[_grain_ops]),
    )


@event(68)
class JohnPaulII(Instant):
    """#68: Poland loses 2 USSR Influence and gains 1 US; Solidarity becomes playable (its
    ``requires_any`` in the data)."""

    name = "john_paul_ii"

    def happen(self, s: State, f: EventPlay) -> None:
        gone = remove_influence(s, USSR, POLAND, 2)
        s.announce("twilight_struggle.lost", role=USSR, country="poland", n=gone)
        give(s, US, "poland", 1)
        add_effect(s, 68, US, GAME)


LatinAmericanDeathSquads = lasting_event(
    69,
    "latin_american_death_squads",
    """#69: for the rest of the turn its player's coups in Central and South America roll
    +1, the opponent's -1 (operations.coup_roll_modifier).""",
    "",
    TURN,
)


OasFounded = influence_event(
    70,
    "oas_founded",
    """#70: +2 US Influence in Central and South America, anywhere there.""",
    chooser=US,
    owner=US,
    add=True,
    left=2,
    eligible=AMERICAS,
)


@event(71)
class NixonPlaysTheChinaCard(Instant):
    """#71: a China Card the USSR holds goes to the US face down (RULES §10: the one event
    that moves it face down); one the US holds already gives it 2 VP."""

    name = "nixon_plays_the_china_card"

    def happen(self, s: State, f: EventPlay) -> None:
        if s.china == USSR:
            china_to(s, US, False)
        else:
            score(s, US, 2)


EGYPT = CIX["egypt"]


@event(72)
class SadatExpelsSoviets(Instant):
    """#72: all USSR Influence out of Egypt; +1 US Influence there."""

    name = "sadat_expels_soviets"

    def happen(self, s: State, f: EventPlay) -> None:
        strip(s, USSR, EGYPT)
        give(s, US, "egypt", 1)


OUTSIDE_EUROPE = [c for c in range(N) if not IN_REGION["europe"][c]]


ShuttleDiplomacy = lasting_event(
    73,
    "shuttle_diplomacy",
    """#73: kept beside the board until the next Asia or Middle East scoring card (not
    Southeast Asia's, never final scoring), which leaves out one USSR-controlled
    battleground of the US's choice entirely (events.shuttle_choice); then discarded.""",
    US,
    GAME,
)


VoiceOfAmerica = influence_event(
    74,
    "voice_of_america",
    """#74: remove 4 USSR Influence from countries outside Europe, at most 2 from each.""",
    chooser=US,
    owner=USSR,
    add=False,
    left=4,
    eligible=OUTSIDE_EUROPE,
    per_country=2,
)
LiberationTheology = influence_event(
    75,
    "liberation_theology",
    """#75: +3 USSR Influence in Central America, at most 2 a country.""",
    chooser=USSR,
    owner=USSR,
    add=True,
    left=3,
    eligible=MEMBERS["central_america"],
    per_country=2,
)


def _ussuri_takes(s: State, f: EventPlay) -> bool:
    if s.china == USSR:
        china_to(s, US, True)
        return False
    return True


@event(76)
class UssuriRiverSkirmish(Procedure[State]):
    """#76: a China Card the USSR holds goes to the US face up; if the US holds it already,
    the US adds 4 Influence in Asia, at most 2 a country."""

    name, frame_type = "ussuri_river_skirmish", EventPlay
    body = (
        If(
            _ussuri_takes,
            Call(
                "event_influence",
                args=lambda s, f: Changes(
                    chooser=US,
                    owner=US,
                    add=True,
                    left=4,
                    eligible=list(MEMBERS["asia"]),
                    per_country=2,
                ),
            ),
        ),
    )


AMERICAN_BATTLEGROUNDS = [c for c in AMERICAS if BATTLEGROUND[c]]


def _ask_not_draw(s: State, f: EventPlay) -> None:
    """As many cards drawn as were discarded (the number fixed before drawing)."""
    if not f.count:
        return
    drawn = numbers(s.deck.draw(s.rng, f.count))
    s.hands[US].extend(drawn)
    s.announce("twilight_struggle.drew_replacements", role=US, n=f.count)


@event(77)
class AskNot(Procedure[State]):
    """#77: the US discards any number of cards (scoring cards too, without scoring) and
    draws as many (RULES §14, §16.8)."""

    name, frame_type = "ask_not", EventPlay
    body = (
        Call("event_discard_many", args=lambda s, f: Many(chooser=US, card=77), into="count"),
        _ask_not_draw,
    )


@event(78)
class AllianceForProgress(Instant):
    """#78: the US gains 1 VP per battleground of Central and South America it controls."""

    name = "alliance_for_progress"

    def happen(self, s: State, f: EventPlay) -> None:
        score(s, US, sum(1 for c in AMERICAN_BATTLEGROUNDS if controls(s, US, c)))


def _small_step_condition(s: State, side: str) -> Msg | None:
    if s.space[side] >= s.space[OTHER[side]]:
        return Msg("twilight_struggle.not_behind_in_space", card=80)
    return None


@event(80, condition=_small_step_condition)
class OneSmallStep(Instant):
    """#80: only for a player behind on the Space Race: its marker moves two boxes, VP only
    for the box where it stops (the one passed is already the opponent's first)."""

    name = "one_small_step"

    def happen(self, s: State, f: EventPlay) -> None:
        side = f.side
        if s.space[side] + 2 <= LAST_BOX:
            s.space[side] += 1
            s.announce("twilight_struggle.space_box", role=side, box=s.space[side], vp=0)
        advance_space(s, side)
        check_vp(s)


# --- the optional Mid War cards (107-108) ----------------------------------------------------

CHE = 107
CHE_COUNTRIES = [
    c
    for c in (*MEMBERS["africa"], *MEMBERS["central_america"], *MEMBERS["south_america"])
    if not BATTLEGROUND[c]
]


def _che_ops(s: State, f: EventPlay) -> FreeOps:
    eligible = [c for c in CHE_COUNTRIES if c not in f.chosen]
    return FreeOps(side=USSR, card=CHE, ops=ops_value(s, USSR, CHE), eligible=eligible)


def _che_offer(s: State, f: EventPlay) -> bool:
    return bool(free_targets(s, _che_ops(s, f)))


def _che_choice(s: State, f: EventPlay) -> Choice:
    return Choice(chooser=USSR, card=CHE, options=["free_coup", "no_ops"])


def _che_first(s: State, f: EventPlay) -> None:
    if f.pick >= 0:
        f.chosen.append(f.pick)


def _che_again(s: State, f: EventPlay) -> bool:
    return f.choice == "free_coup" and f.pick >= 0 and _che_offer(s, f)


@event(CHE)
class Che(Procedure[State]):
    """#107: the USSR may make a free coup with this card's Ops (modified) in a
    non-battleground of Africa, Central or South America; if it took US Influence away, a
    second one in another such country. Free coups: no military operations (RULES §16.4)."""

    name, frame_type = "che", EventPlay
    body = (
        If(
            _che_offer,
            Call("event_choice", args=_che_choice, into="choice"),
            If(
                lambda s, f: f.choice == "free_coup",
                Call("free_coup", args=_che_ops, into="pick"),
                _che_first,
            ),
            If(
                _che_again,
                Call("event_choice", args=_che_choice, into="choice"),
                If(
                    lambda s, f: f.choice == "free_coup",
                    Call("free_coup", args=_che_ops),
                ),
            ),
        ),
    )
