"""The Early War events (cards 4-25 so far, in number order; RULES §5-6, §14), each a step
or procedure with the ``EventPlay`` frame (events.py), registered with ``event``. The side
in the frame carries the event out and makes its choices; prerequisites and cancellations
come from the data (``requires_any``, ``prevented_by``) and the conditions given here.

War cards (RULES §14): the roll is modified by -1 for each country adjacent to the target
that the enemy controls, and -1 more if the enemy's superpower box touches it; success
gives the VP and replaces the defender's Influence in the target by as much of the
attacker's; the military operations go to the event's side, win or lose.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from gameshelf.core.engine.procedure import Call, If, Procedure, While
from gameshelf.core.engine.steps import Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.effects import GAME, TURN, add_effect, in_effect
from gameshelf.plugins.twilight_struggle.events import (
    EVENTS,
    Changes,
    Choice,
    Discard,
    EventOps,
    EventPlay,
    Pick,
    discard_from_hand,
    event,
    influence_event,
)
from gameshelf.plugins.twilight_struggle.model import (
    BOX,
    CARDS,
    CID,
    CIX,
    COLONIAL,
    IN_REGION,
    LAST_BOX,
    MEMBERS,
    NEIGHBOURS,
    OTHER,
    STABILITY,
    TOUCHES,
    US,
    USSR,
)
from gameshelf.plugins.twilight_struggle.operations import advance_space
from gameshelf.plugins.twilight_struggle.ops import modified, ops_value
from gameshelf.plugins.twilight_struggle.state import (
    State,
    add_influence,
    add_milops,
    check_vp,
    controls,
    gain_vp,
    lower_defcon,
    machine,
    remove_influence,
    set_defcon,
)

EASTERN, WESTERN, EUROPE = MEMBERS["eastern_europe"], MEMBERS["western_europe"], MEMBERS["europe"]
NATO = 21


class Instant(Step[State], ABC):
    """An event carried out at once; one that calls a step finishes when it comes back."""

    frame_type = EventPlay

    def active(self, s: State) -> list[str]:
        return []

    def begin(self, s: State) -> None:
        self.happen(s, self.frame(s))
        if not machine.pending(s):
            machine.finish(s)

    @abstractmethod
    def happen(self, s: State, f: EventPlay) -> None:
        """What the event does (it may call a step, then it finishes when that comes back)."""

    def resume(self, s: State, result: object) -> None:
        machine.finish(s)


def lasting_event(card: int, name: str, doc: str, side: str, until: str) -> type[Instant]:
    """Declare and register the event of ``card`` whose whole effect is a lasting effect
    (effects.py) for ``side`` ("": the event's side) until ``until`` (Containment, NATO,
    Brezhnev Doctrine...): the rule it changes asks ``in_effect`` where it lives."""

    def happen(self: Instant, s: State, f: EventPlay) -> None:
        add_effect(s, card, side or f.side, until)

    title = "".join(word.title() for word in name.split("_"))
    return event(card)(type(title, (Instant,), {"__doc__": doc, "name": name, "happen": happen}))


# --- helpers ------------------------------------------------------------------------------


def take_control(s: State, side: str, c: int) -> None:
    """Remove all of the other side's Influence from ``c`` and add just enough of ``side``'s
    to control it (Fidel, Romanian Abdication)."""
    other = OTHER[side]
    gone = remove_influence(s, other, c, s.influence[other][c])
    added = max(0, STABILITY[c] - s.influence[side][c])
    add_influence(s, side, c, added)
    s.announce(
        "twilight_struggle.took_control", role=side, country=CID[c], removed=gone, added=added
    )


def control_event(card: int, name: str, doc: str, side: str, country: str) -> type[Instant]:
    """Declare and register the event of ``card`` whose whole effect is ``side`` taking
    control of ``country`` (``take_control``: Fidel, Romanian Abdication)."""
    c = CIX[country]

    def happen(self: Instant, s: State, f: EventPlay) -> None:
        take_control(s, side, c)

    title = "".join(word.title() for word in name.split("_"))
    return event(card)(type(title, (Instant,), {"__doc__": doc, "name": name, "happen": happen}))


def war_modifier(s: State, attacker: str, c: int) -> int:
    """RULES §14: -1 per adjacent country the defender controls, -1 for its adjacent box."""
    defender = OTHER[attacker]
    mod = sum(1 for d in NEIGHBOURS[c] if controls(s, defender, d))
    return mod + (1 if TOUCHES[c] == BOX[defender] else 0)


def war(
    s: State,
    attacker: str,
    c: int,
    *,
    extra: int = 0,
    vp: int = 2,
    milops: int = 2,
    needs: int = 4,
) -> None:
    """A war card's roll against ``c`` (``needs`` or more wins after the modifiers, 4 but
    for Brush War's 3; ``extra`` more off)."""
    defender = OTHER[attacker]
    die = s.rng.d6()
    total = die - war_modifier(s, attacker, c) - extra
    add_milops(s, attacker, milops)
    if total >= needs:
        n = remove_influence(s, defender, c, s.influence[defender][c])
        add_influence(s, attacker, c, n)
        gain_vp(s, attacker, vp)
        s.announce(
            "twilight_struggle.war_won",
            role=attacker,
            country=CID[c],
            roll=die,
            total=total,
            vp=vp,
        )
        check_vp(s)
    else:
        s.announce(
            "twilight_struggle.war_lost", role=attacker, country=CID[c], roll=die, total=total
        )


def strip(s: State, side: str, c: int) -> None:
    """All of ``side``'s Influence in ``c`` goes."""
    gone = remove_influence(s, side, c, s.influence[side][c])
    s.announce("twilight_struggle.lost_all", role=side, country=CID[c], n=gone)


def pick_one(chooser: str, targets: Callable[[State], list[int]], then: Callable[..., None]) -> If:
    """An event's body part: ``chooser`` picks one of ``targets(s)`` into the frame's
    ``pick``, then ``then`` runs; with no target the event has no effect."""
    return If(
        lambda s, f: bool(targets(s)),
        Call(
            "event_country",
            args=lambda s, f: Pick(chooser=chooser, eligible=targets(s)),
            into="pick",
        ),
        then,
    )


def nobody_controls(s: State, c: int) -> bool:
    return not controls(s, US, c) and not controls(s, USSR, c)


# --- the events, in number order ----------------------------------------------------------


@event(4)
class DuckAndCover(Instant):
    """#4: DEFCON drops one; the US gains 5 minus the new DEFCON in VP."""

    name = "duck_and_cover"

    def happen(self, s: State, f: EventPlay) -> None:
        if lower_defcon(s):
            return  # DEFCON 1: the phasing player has lost (RULES §16.3)
        gain_vp(s, US, 5 - s.defcon)
        s.announce("twilight_struggle.gains_vp", role=US, vp=5 - s.defcon)
        check_vp(s)


@event(5)
class FiveYearPlan(Instant):
    """#5: the USSR discards a random card; only a US event on it happens (RULES §16.5)."""

    name = "five_year_plan"

    def happen(self, s: State, f: EventPlay) -> None:
        hand = s.hands[USSR]
        if not hand:
            s.announce("twilight_struggle.no_card_to_discard", role=USSR)
            return
        card = s.rng.choice(hand)
        s.announce("twilight_struggle.discarded", role=USSR, card=card)
        if CARDS[card].side == US and card in EVENTS:
            hand.remove(card)
            machine.call(s, "event", EventPlay(card=card, side=US, origin="discard"))
        else:
            discard_from_hand(s, USSR, card)  # RULES §6: a forced discard has no event


SocialistGovernments = influence_event(
    7,
    "socialist_governments",
    """#7: remove 3 US Influence in Western Europe, at most 2 a country (not after The Iron
    Lady: ``prevented_by`` in the data).""",
    chooser="",
    owner=US,
    add=False,
    left=3,
    eligible=WESTERN,
    per_country=2,
)


CUBA, ROMANIA, VIETNAM, WEST_GERMANY = (
    CIX["cuba"],
    CIX["romania"],
    CIX["vietnam"],
    CIX["west_germany"],
)
SOUTH_KOREA, ISRAEL, EGYPT, FRANCE = CIX["south_korea"], CIX["israel"], CIX["egypt"], CIX["france"]


Fidel = control_event(
    8,
    "fidel",
    """#8: all US Influence out of Cuba; the USSR takes exactly enough to control it.""",
    USSR,
    "cuba",
)


@event(9)
class VietnamRevolts(Instant):
    """#9: +2 USSR Influence in Vietnam; for the rest of the turn a USSR card spent wholly in
    Southeast Asia gets +1 Op (ops.py)."""

    name = "vietnam_revolts"

    def happen(self, s: State, f: EventPlay) -> None:
        add_influence(s, USSR, VIETNAM, 2)
        s.announce("twilight_struggle.added", role=USSR, country=CID[VIETNAM], n=2)
        add_effect(s, 9, USSR, TURN)


def _blockade_result(s: State, f: EventPlay) -> None:
    if not f.pick:
        strip(s, US, WEST_GERMANY)


@event(10)
class Blockade(Procedure[State]):
    """#10: the US discards a card of 3 Ops or more (modified, never The China Card), or loses
    all its Influence in West Germany."""

    name, frame_type = "blockade", EventPlay
    body = (
        Call(
            "event_discard", args=lambda s, f: Discard(chooser=US, card=10, min_ops=3), into="pick"
        ),
        _blockade_result,
    )


@event(11)
class KoreanWar(Instant):
    """#11: North Korea attacks South Korea (a war card, RULES §14)."""

    name = "korean_war"

    def happen(self, s: State, f: EventPlay) -> None:
        war(s, USSR, SOUTH_KOREA)


RomanianAbdication = control_event(
    12,
    "romanian_abdication",
    """#12: all US Influence out of Romania; the USSR takes enough to control it.""",
    USSR,
    "romania",
)


@event(13)
class ArabIsraeliWar(Instant):
    """#13: a war on Israel, -1 more if the US controls Israel itself (not after Camp David
    Accords: ``prevented_by`` in the data)."""

    name = "arab_israeli_war"

    def happen(self, s: State, f: EventPlay) -> None:
        war(s, USSR, ISRAEL, extra=1 if controls(s, US, ISRAEL) else 0)


Comecon = influence_event(
    14,
    "comecon",
    """#14: +1 USSR Influence in each of 4 Eastern European countries the US does not
    control.""",
    chooser=USSR,
    owner=USSR,
    add=True,
    left=4,
    eligible=lambda s: [c for c in EASTERN if not controls(s, US, c)],
    per_country=1,
)


@event(15)
class Nasser(Instant):
    """#15: +2 USSR Influence in Egypt; half the US Influence there (rounded up) goes."""

    name = "nasser"

    def happen(self, s: State, f: EventPlay) -> None:
        add_influence(s, USSR, EGYPT, 2)
        gone = remove_influence(s, US, EGYPT, (s.influence[US][EGYPT] + 1) // 2)
        s.announce("twilight_struggle.nasser", country=CID[EGYPT], removed=gone)


def _strips_left(s: State, f: EventPlay) -> bool:
    return f.choice == "remove" and f.count < 4 and bool(_strippable(s))


def _strippable(s: State) -> list[int]:
    return [c for c in EASTERN if s.influence[US][c]]


def _strip(s: State, f: EventPlay) -> None:
    f.count += 1
    strip(s, US, f.pick)


def _warsaw_lasts(s: State, f: EventPlay) -> None:
    add_effect(s, 16, USSR, GAME)  # NATO may now be played (RULES §6)


@event(16)
class WarsawPactFormed(Procedure[State]):
    """#16: the USSR strips the US from up to 4 Eastern European countries, or adds 5
    Influence there, at most 2 a country; NATO becomes playable."""

    name, frame_type = "warsaw_pact", EventPlay
    body = (
        Call(
            "event_choice",
            args=lambda s, f: Choice(chooser=USSR, card=16, options=["remove", "add"]),
            into="choice",
        ),
        If(
            lambda s, f: f.choice == "remove",
            While(
                _strips_left,
                Call(
                    "event_country",
                    args=lambda s, f: Pick(chooser=USSR, eligible=_strippable(s)),
                    into="pick",
                ),
                _strip,
            ),
            otherwise=[
                Call(
                    "event_influence",
                    args=lambda s, f: Changes(
                        chooser=USSR,
                        owner=USSR,
                        add=True,
                        left=5,
                        eligible=list(EASTERN),
                        per_country=2,
                    ),
                )
            ],
        ),
        _warsaw_lasts,
    )


@event(17)
class DeGaulle(Instant):
    """#17: France loses 2 US Influence and gains 1 USSR; NATO no longer protects France."""

    name = "de_gaulle"

    def happen(self, s: State, f: EventPlay) -> None:
        gone = remove_influence(s, US, FRANCE, 2)
        add_influence(s, USSR, FRANCE)
        s.announce("twilight_struggle.de_gaulle", country=CID[FRANCE], removed=gone)
        add_effect(s, 17, USSR, GAME)


@event(18)
class CapturedNaziScientist(Instant):
    """#18: its player's Space Race marker moves up a box (its VP and ability as if rolled),
    without using the turn's attempt."""

    name = "captured_nazi_scientist"

    def happen(self, s: State, f: EventPlay) -> None:
        if s.space[f.side] < LAST_BOX:
            advance_space(s, f.side)
            check_vp(s)


def _truman_targets(s: State) -> list[int]:
    return [c for c in EUROPE if s.influence[USSR][c] and nobody_controls(s, c)]


def _truman(s: State, f: EventPlay) -> None:
    strip(s, USSR, f.pick)


@event(19)
class TrumanDoctrine(Procedure[State]):
    """#19: all USSR Influence out of one uncontrolled European country (none: no effect)."""

    name, frame_type = "truman_doctrine", EventPlay
    body = (pick_one(US, _truman_targets, _truman),)


def _olympics(s: State, f: EventPlay) -> None:
    """Attend: both roll, the host +2, ties rolled again; the higher gains 2 VP."""
    host, guest = f.side, OTHER[f.side]
    while True:
        mine, theirs = s.rng.d6(), s.rng.d6()
        if mine + 2 != theirs:
            break
    winner = host if mine + 2 > theirs else guest
    s.announce("twilight_struggle.olympics", role=host, roll=mine, roll2=theirs, role2=winner)
    gain_vp(s, winner, 2)
    check_vp(s)


def _boycott(s: State, f: EventPlay) -> None:
    """Boycott: DEFCON drops (the phasing player loses at 1), then the host's Operations as
    with a 4-Ops card."""
    lower_defcon(s)  # at 1 the game ends, and the call with it
    machine.call(s, "event_ops", EventOps(side=f.side, card=20, ops=modified(s, f.side, 4)))


@event(20)
class OlympicGames(Procedure[State]):
    """#20: the opponent of its player attends or boycotts."""

    name, frame_type = "olympic_games", EventPlay
    body = (
        Call(
            "event_choice",
            args=lambda s, f: Choice(chooser=OTHER[f.side], card=20, options=["attend", "boycott"]),
            into="choice",
        ),
        If(lambda s, f: f.choice == "attend", _olympics, otherwise=[_boycott]),
    )


Nato = lasting_event(
    21,
    "nato",
    """#21: from now on no USSR coups or realignments in US-controlled Europe (operations.py);
    only after Marshall Plan or Warsaw Pact Formed (``requires_any`` in the data).""",
    US,
    GAME,
)


REDS = tuple(CIX[c] for c in ("yugoslavia", "romania", "bulgaria", "hungary", "czechoslovakia"))


def _reds_targets(s: State) -> list[int]:
    return [c for c in REDS if s.influence[USSR][c] > s.influence[US][c]]


def _independent_reds(s: State, f: EventPlay) -> None:
    n = s.influence[USSR][f.pick] - s.influence[US][f.pick]
    add_influence(s, US, f.pick, n)
    s.announce("twilight_struggle.added", role=US, country=CID[f.pick], n=n)


@event(22)
class IndependentReds(Procedure[State]):
    """#22: in one of Yugoslavia, Romania, Bulgaria, Hungary or Czechoslovakia the US
    Influence rises to equal the USSR's (where it is already equal: no effect)."""

    name, frame_type = "independent_reds", EventPlay
    body = (pick_one(US, _reds_targets, _independent_reds),)


def _marshall_lasts(s: State, f: EventPlay) -> None:
    add_effect(s, 23, US, GAME)  # NATO may now be played (RULES §6)


@event(23)
class MarshallPlan(Procedure[State]):
    """#23: +1 US Influence in each of 7 Western European countries the USSR does not
    control; NATO becomes playable."""

    name, frame_type = "marshall_plan", EventPlay
    body = (
        Call(
            "event_influence",
            args=lambda s, f: Changes(
                chooser=US,
                owner=US,
                add=True,
                left=7,
                eligible=[c for c in WESTERN if not controls(s, USSR, c)],
                per_country=1,
            ),
        ),
        _marshall_lasts,
    )


def pair_war(card: int, name: str, doc: str, countries: tuple[str, str]) -> type[Procedure[State]]:
    """Declare and register the event of ``card`` that is a war (``war``: its player's VP
    and military operations) against one of two ``countries``, its player's pick (Indo-
    Pakistani War, Iran-Iraq War)."""
    targets = [CIX[c] for c in countries]

    def attack(s: State, f: EventPlay) -> None:
        war(s, f.side, f.pick)

    body = (
        Call(
            "event_country", args=lambda s, f: Pick(chooser=f.side, eligible=targets), into="pick"
        ),
        attack,
    )
    title = "".join(word.title() for word in name.split("_"))
    attrs = {"__doc__": doc, "name": name, "frame_type": EventPlay, "body": body}
    return event(card)(type(title, (Procedure,), attrs))


IndoPakistaniWar = pair_war(
    24,
    "indo_pakistani_war",
    """#24: India attacks Pakistan or the reverse, its player chooses the target (a war
    card: the player's VP and military operations).""",
    ("india", "pakistan"),
)


Containment = lasting_event(
    25,
    "containment",
    """#25: for the rest of the turn the US's cards are worth 1 more Op, at most 4 (ops.py).""",
    US,
    TURN,
)


@event(26)
class CiaCreated(Instant):
    """#26: the USSR shows its hand to the US, at that moment only (hidden.py); then the US
    conducts Operations with this card's Ops (1, modified: 2 after Containment)."""

    name = "cia_created"

    def happen(self, s: State, f: EventPlay) -> None:
        s.shown = {US: sorted(s.hands[USSR])}
        s.rng.reveal()  # hidden.py: shown only at this moment, which may end with this action
        s.announce("twilight_struggle.hand_shown", role=USSR, role2=US, n=len(s.hands[USSR]))
        for card in s.shown[US]:  # what the US saw, a line for the US only (core.engine.state say)
            s.say(Msg("twilight_struggle.seen_in_hand", role=USSR, card=card), to=US)
        machine.call(s, "event_ops", EventOps(side=US, card=26, ops=ops_value(s, US, 26)))


JAPAN = CIX["japan"]


@event(27)
class UsJapanPact(Instant):
    """#27: the US adds enough Influence to control Japan; from now on no USSR coups or
    realignments there (operations.py)."""

    name = "us_japan_pact"

    def happen(self, s: State, f: EventPlay) -> None:
        need = STABILITY[JAPAN] + s.influence[USSR][JAPAN] - s.influence[US][JAPAN]
        add_influence(s, US, JAPAN, max(0, need))
        s.announce("twilight_struggle.added", role=US, country=CID[JAPAN], n=max(0, need))
        add_effect(s, 27, US, GAME)


SUEZ = [CIX[c] for c in ("france", "uk", "israel")]


SuezCrisis = influence_event(
    28,
    "suez_crisis",
    """#28: remove 4 US Influence from France, the UK and Israel, at most 2 from each.""",
    chooser=USSR,
    owner=US,
    add=False,
    left=4,
    eligible=SUEZ,
    per_country=2,
)


LATE_WAR_FROM = 8  # RULES §14: East European Unrest removes 2 a country in turns 8-10


def _unrest_targets(s: State, f: EventPlay) -> list[int]:
    return [c for c in EASTERN if s.influence[USSR][c] and c not in f.chosen]


def _unrest_left(s: State, f: EventPlay) -> bool:
    return len(f.chosen) < 3 and bool(_unrest_targets(s, f))


def _unrest_pick(s: State, f: EventPlay) -> Pick:
    return Pick(chooser=US, eligible=_unrest_targets(s, f))


def _unrest(s: State, f: EventPlay) -> None:
    f.chosen.append(f.pick)
    n = 2 if s.turn >= LATE_WAR_FROM else 1
    gone = remove_influence(s, USSR, f.pick, n)
    s.announce("twilight_struggle.lost", role=USSR, country=CID[f.pick], n=gone)


@event(29)
class EastEuropeanUnrest(Procedure[State]):
    """#29: 1 USSR Influence off each of 3 Eastern European countries (2 each in the Late
    War, turns 8-10)."""

    name, frame_type = "east_european_unrest", EventPlay
    body = (While(_unrest_left, Call("event_country", args=_unrest_pick, into="pick"), _unrest),)


Decolonization = influence_event(
    30,
    "decolonization",
    """#30: +1 USSR Influence in each of 4 countries of Africa and Southeast Asia.""",
    chooser=USSR,
    owner=USSR,
    add=True,
    left=4,
    eligible=COLONIAL,
    per_country=1,
)


RedScarePurge = lasting_event(
    31,
    "red_scare_purge",
    """#31: for the rest of the turn the opponent of its player plays its cards at 1 Op less,
    never below 1 (ops.py).""",
    "",
    TURN,
)


def opponent_event_cards(s: State, side: str) -> list[int]:
    """Cards in ``side``'s hand that carry the opponent's event (UN Intervention's partner)."""
    return [c for c in s.hands[side] if CARDS[c].side == OTHER[side]]


def _un_condition(s: State, side: str) -> Msg | None:
    if not opponent_event_cards(s, side):
        return Msg("twilight_struggle.un_needs_card", card=32)
    return None


def _un_demand(s: State, f: EventPlay) -> Discard:
    cards = opponent_event_cards(s, f.side)
    return Discard(chooser=f.side, card=32, min_ops=1, only=cards, may_pass=False)


U2_INCIDENT = 60


def _un_ops(s: State, f: EventPlay) -> None:
    card = f.pick
    if in_effect(s, U2_INCIDENT):  # U2 Incident's second VP, this turn only (RULES §14)
        gain_vp(s, USSR, 1)
        s.announce("twilight_struggle.gains_vp", role=USSR, vp=1)
        check_vp(s)  # 20 VP: the game ends, and the call with it
    machine.call(s, "event_ops", EventOps(side=f.side, card=card, ops=ops_value(s, f.side, card)))


@event(32, condition=_un_condition)
class UnIntervention(Procedure[State]):
    """#32: played with a card of the opponent's event, which is cancelled (discarded, its
    event never happens); the player uses that card's Ops. Never a headline (turn.py)."""

    name, frame_type = "un_intervention", EventPlay
    body = (Call("event_discard", args=_un_demand, into="pick"), _un_ops)


def _destalinize_takes(s: State, f: EventPlay) -> Changes:
    mine = [c for c in range(len(CID)) if s.influence[USSR][c]]
    return Changes(chooser=USSR, owner=USSR, add=False, left=4, eligible=mine, optional=True)


def _destalinize_puts(s: State, f: EventPlay) -> Changes:
    open_ = [c for c in range(len(CID)) if not controls(s, US, c)]
    return Changes(chooser=USSR, owner=USSR, add=True, left=f.count, eligible=open_, per_country=2)


@event(33)
class DeStalinization(Procedure[State]):
    """#33: the USSR takes up to 4 of its Influence off the map and puts as many back in
    countries the US does not control, at most 2 a country."""

    name, frame_type = "de_stalinization", EventPlay
    body = (
        Call("event_influence", args=_destalinize_takes, into="count"),
        Call("event_influence", args=_destalinize_puts),
    )


@event(34)
class NuclearTestBan(Instant):
    """#34: its player gains DEFCON minus 2 in VP, then DEFCON rises by 2 (at most 5)."""

    name = "nuclear_test_ban"

    def happen(self, s: State, f: EventPlay) -> None:
        vp = max(0, s.defcon - 2)
        if vp:
            gain_vp(s, f.side, vp)
            s.announce("twilight_struggle.gains_vp", role=f.side, vp=vp)
        if check_vp(s):
            return
        set_defcon(s, s.defcon + 2)


FormosanResolution = lasting_event(
    35,
    "formosan_resolution",
    """#35: a US-controlled Taiwan is a battleground for Asia scoring (scoring.py) until the
    US plays The China Card (rounds.py).""",
    US,
    GAME,
)


@event(103)
class Defectors(Instant):
    """#103: headlined by the US it cancels the USSR headline (turn.py); played by the USSR
    in an action round it gives the US 1 VP; otherwise (a USSR headline, a US action
    round) nothing happens. On the Space Race no event happens at all (RULES §16.5)."""

    name = "defectors"

    def happen(self, s: State, f: EventPlay) -> None:
        if f.origin == "ops" and s.phasing == USSR:
            gain_vp(s, US, 1)
            s.announce("twilight_struggle.gains_vp", role=US, vp=1)
            check_vp(s)


# --- the optional Early War cards (104-106) ------------------------------------------------


def _cambridge_condition(s: State, side: str) -> Msg | None:
    if s.turn >= LATE_WAR_FROM:
        return Msg("twilight_struggle.not_late_war", card=104)
    return None


def _cambridge_regions(s: State) -> list[int]:
    """Countries of the regions named on the US's scoring cards (Southeast Asia: its own)."""
    regions = {CARDS[c].scoring_region for c in s.hands[US] if CARDS[c].scoring}
    return [c for c in range(len(CID)) if any(r and IN_REGION[r][c] for r in regions)]


def _cambridge_show(s: State, f: EventPlay) -> None:
    shown = sorted(c for c in s.hands[US] if CARDS[c].scoring)
    s.shown = {USSR: shown}
    s.rng.reveal()  # hidden.py: shown only at this moment, which may end with this action
    s.announce("twilight_struggle.scoring_shown", role=US, n=len(shown))
    for card in shown:  # what the USSR saw, a line for the USSR only (core.engine.state say)
        s.say(Msg("twilight_struggle.seen_in_hand", role=US, card=card), to=USSR)


def _cambridge_any(s: State, f: EventPlay) -> bool:
    return bool(_cambridge_regions(s))


def _cambridge_point(s: State, f: EventPlay) -> Changes:
    return Changes(
        chooser=USSR, owner=USSR, add=True, left=1, eligible=_cambridge_regions(s), optional=True
    )


@event(104, condition=_cambridge_condition)
class CambridgeFive(Procedure[State]):
    """#104: the US shows the USSR its scoring cards; the USSR may add 1 Influence in one
    country of a region they name. Not as an event in the Late War."""

    name, frame_type = "cambridge_five", EventPlay
    body = (
        _cambridge_show,
        If(
            lambda s, f: bool(_cambridge_regions(s)), Call("event_influence", args=_cambridge_point)
        ),
    )


UK = CIX["uk"]


def _special_condition(s: State, side: str) -> Msg | None:
    if not controls(s, US, UK):
        return Msg("twilight_struggle.needs_control", card=105, country=CID[UK])
    return None


def _special_nato(s: State, f: EventPlay) -> bool:
    return in_effect(s, NATO)


def _special_pick(s: State, f: EventPlay) -> Pick:
    return Pick(chooser=US, eligible=list(WESTERN))


def _special_two(s: State, f: EventPlay) -> None:
    add_influence(s, US, f.pick, 2)
    s.announce("twilight_struggle.added", role=US, country=CID[f.pick], n=2)
    gain_vp(s, US, 2)
    s.announce("twilight_struggle.gains_vp", role=US, vp=2)
    check_vp(s)


def _special_one(s: State, f: EventPlay) -> Changes:
    return Changes(chooser=US, owner=US, add=True, left=1, eligible=list(NEIGHBOURS[UK]))


@event(105, condition=_special_condition)
class SpecialRelationship(Procedure[State]):
    """#105: only while the US controls the UK. Without NATO: +1 US Influence next to the UK;
    with NATO: +2 in one Western European country and 2 VP."""

    name, frame_type = "special_relationship", EventPlay
    body = (
        If(
            _special_nato,
            Call("event_country", args=_special_pick, into="pick"),
            _special_two,
            otherwise=[Call("event_influence", args=_special_one)],
        ),
    )


Norad = lasting_event(
    106,
    "norad",
    """#106: from now on, after an action round in which DEFCON was moved to 2, a US that
    controls Canada adds 1 Influence where it already has some (turn.py).""",
    US,
    GAME,
)
