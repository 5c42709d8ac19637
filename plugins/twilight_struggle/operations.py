"""RULES §7: Operations — placing Influence, realignment rolls, coups — and the Space Race.

A card played for Ops is spent on one kind of operation. Placing Influence and realigning
are one decision per point or roll, in the steps "influence" and "realign", whose frame
(``Ops``) keeps the card's Ops, the regional bonuses still alive and what has been spent;
a coup is one decision ("coup"). The steps finish back to the action round.

- Influence (§7.1, §16.2): each point into a country that, at the start of the operation,
  held the player's Influence or was next to such a country or touches the player's own
  superpower box (``Ops.reach``, fixed when the step begins); 2 Ops into a country the
  opponent controls at that moment, else 1 (rechecked after every point).
- Realignment (§7.2, §16.1): a duel; each side rolls a die, +1 per adjacent country it
  controls (its superpower box counts), +1 with more Influence in the target; the higher
  roll removes the difference from the other side's Influence (the defender can win); ties
  do nothing. Ruling for this project (RULES §7.2): a target must hold opponent Influence.
- Coup (§7.3): die + Ops against twice the stability; the excess removes opponent Influence,
  the rest becomes the couper's. Military operations + the Ops, and a battleground coup
  lowers DEFCON (the phasing player loses at DEFCON 1).
- Both obey the DEFCON restrictions (§8) and the events that protect countries (NATO, the
  US/Japan Mutual Defense Pact); The Reformer forbids USSR coups (not realignments) in
  Europe, and Chernobyl USSR Influence placed with Ops in the region the US named.
- The Space Race (§7.4): one card a turn (two with the box-2 ability), Ops enough for the
  next box, a die at or under its number; VP for the first and second side into a box;
  abilities held by the first side there until the other arrives.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import itemgetter

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step, all_legal
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.effects import effect, in_effect
from gameshelf.plugins.twilight_struggle.model import (
    BATTLEGROUND,
    BOX,
    BOX_NEIGHBOURS,
    CARDS,
    CID,
    CIX,
    DEFCON_MAX,
    IN_REGION,
    LAST_BOX,
    NEIGHBOURS,
    NO_COUP_OR_REALIGN,
    OTHER,
    SPACE,
    STABILITY,
    TOUCHES,
    US,
    USSR,
    N,
)
from gameshelf.plugins.twilight_struggle.ops import ops_value, region_bonuses
from gameshelf.plugins.twilight_struggle.state import (
    PICK_COUNTRY,
    State,
    add_influence,
    add_milops,
    check_vp,
    controls,
    country_of,
    declare_winner,
    gain_vp,
    lower_defcon,
    machine,
    remove_influence,
)

NATO, DE_GAULLE, WILLY_BRANDT, US_JAPAN, NUCLEAR_SUBS = 21, 17, 55, 27, 41
FRANCE, WEST_GERMANY, JAPAN = CIX["france"], CIX["west_germany"], CIX["japan"]
EUROPE = IN_REGION["europe"]


@frame_model
class Ops:
    """An operation under way: whose, with which card, the Ops, the regional bonuses still
    alive (one Op each), what is spent, and (placing Influence) the reach fixed at the start."""

    side: str
    card: int
    base: int
    bonuses: list[str] = Field(default_factory=list)
    spent: int = 0
    reach: list[int] = Field(default_factory=list)


def start_ops(s: State, side: str, card: int) -> Ops:
    return Ops(
        side=side, card=card, base=ops_value(s, side, card), bonuses=region_bonuses(s, side, card)
    )


def available(f: Ops, c: int) -> int:
    """The Ops left for a point or roll in ``c``: the bonuses of regions ``c`` is in count
    only while every Op so far went there too (RULES §7.1, §16.2)."""
    if not f.bonuses:
        return f.base - f.spent
    return f.base + sum(1 for r in f.bonuses if IN_REGION[r][c]) - f.spent


def spend(f: Ops, c: int, cost: int) -> None:
    f.spent += cost
    f.bonuses = [r for r in f.bonuses if IN_REGION[r][c]]  # an Op elsewhere loses the bonus


# --- where operations may go ------------------------------------------------------------


# RULES §8: for each DEFCON level, whether each country is closed to coups and realignments
CLOSED: dict[int, tuple[bool, ...]] = {
    level: tuple(any(IN_REGION[r][c] for r in regions) for c in range(N))
    for level, regions in NO_COUP_OR_REALIGN.items()
}
OPEN = (False,) * N
# for each DEFCON level, the countries open to coups and realignments, and a getter of the
# Influence there (one C call: ``targets`` runs for every card a side considers)
OPEN_AT: dict[int, tuple[int, ...]] = {
    level: tuple(c for c in range(N) if not CLOSED.get(level, OPEN)[c])
    for level in range(1, DEFCON_MAX + 1)
}
INFLUENCE_AT = {level: itemgetter(*countries) for level, countries in OPEN_AT.items()}


def defcon_forbids(s: State, c: int) -> bool:
    """RULES §8: no coups or realignments in the regions the DEFCON level closes."""
    return CLOSED.get(s.defcon, OPEN)[c]


def protected(s: State, side: str, c: int) -> Msg | None:
    """Events that forbid ``side`` coups and realignments in ``c`` (RULES §7.2-3)."""
    if side != USSR:
        return None
    if (
        in_effect(s, NATO)
        and EUROPE[c]
        and controls(s, US, c)
        and not (c == FRANCE and in_effect(s, DE_GAULLE))
        and not (c == WEST_GERMANY and in_effect(s, WILLY_BRANDT))
    ):
        return Msg("twilight_struggle.nato_protects", country=CID[c])
    if c == JAPAN and in_effect(s, US_JAPAN):
        return Msg("twilight_struggle.japan_protected", country=CID[c])
    return None


def target_refusal(s: State, side: str, c: int, *, free: bool = False) -> Msg | None:
    """Why ``side`` may not coup or realign in ``c`` (``None``: it may). A free coup from
    an event ignores the DEFCON geography (RULES §7.3, §16.4)."""
    if not s.influence[OTHER[side]][c]:
        return Msg("twilight_struggle.no_enemy_influence", country=CID[c])
    if not free and defcon_forbids(s, c):
        return Msg("twilight_struggle.defcon_forbids", country=CID[c], level=s.defcon)
    return protected(s, side, c)


def targets(s: State, side: str) -> list[int]:
    """The countries ``side`` may coup or realign in now (the hot path of both steps)."""
    level = s.defcon
    found = list(compress(OPEN_AT[level], INFLUENCE_AT[level](s.influence[OTHER[side]])))
    if side == USSR:
        nato, japan = in_effect(s, NATO), in_effect(s, US_JAPAN)
        if nato or japan:
            found = _unprotected(s, found, nato, japan)
    return found


def _unprotected(s: State, found: list[int], nato: bool, japan: bool) -> list[int]:
    """``found`` without the countries ``protected`` closes to the USSR, its event checks
    made once (``targets`` is the hot path)."""
    spared: set[int] = set()  # NATO's exceptions: De Gaulle's France, Willy Brandt's West Germany
    if in_effect(s, DE_GAULLE):
        spared.add(FRANCE)
    if in_effect(s, WILLY_BRANDT):
        spared.add(WEST_GERMANY)
    return [
        c
        for c in found
        if not (nato and EUROPE[c] and c not in spared and controls(s, US, c))
        and not (japan and c == JAPAN)
    ]


def can_target(s: State, side: str) -> bool:
    """Whether any country may be couped or realigned by ``side`` now."""
    return bool(targets(s, side))


REFORMER = 87


def reformer(s: State, side: str) -> bool:
    """The Reformer (#87, late_war.py): the USSR may not coup in Europe for the rest of the
    game (RULES §7.3); realignments there stay allowed."""
    return side == USSR and in_effect(s, REFORMER)


def coup_refusal(s: State, side: str, c: int, *, free: bool = False) -> Msg | None:
    """Why ``side`` may not coup in ``c``: a target's refusal, or The Reformer."""
    reason = target_refusal(s, side, c, free=free)
    if reason is None and EUROPE[c] and reformer(s, side):
        return Msg("twilight_struggle.reformer_no_coup", card=REFORMER, country=CID[c])
    return reason


def coup_targets(s: State, side: str) -> list[int]:
    """The countries ``side`` may coup in now."""
    found = targets(s, side)
    return [c for c in found if not EUROPE[c]] if reformer(s, side) else found


def can_coup(s: State, side: str) -> bool:
    """Whether ``side`` may coup somewhere now."""
    return bool(coup_targets(s, side)) if reformer(s, side) else can_target(s, side)


def reach_of(s: State, side: str) -> list[int]:
    """RULES §7.1: countries with the side's Influence, their neighbours, and the countries
    touching its own superpower box; taken once, at the start of the placement."""
    mine = s.influence[side]
    near = [False] * N
    for c in BOX_NEIGHBOURS[side]:
        near[c] = True
    for c in range(N):
        if mine[c]:
            near[c] = True
            for d in NEIGHBOURS[c]:
                near[d] = True
    return [c for c in range(N) if near[c]]


# --- placing Influence (RULES §7.1) ---------------------------------------------------------


CHERNOBYL = 94


def chernobyl_region(s: State, side: str) -> str:
    """Chernobyl (#94, late_war.py): the region where the USSR may not place Influence with
    Ops for the rest of the turn ("" for none); event placements are not Ops (RULES §7.1)."""
    if side != USSR:
        return ""
    found = effect(s, CHERNOBYL)
    return found.region if found is not None else ""


def placement_cost(s: State, side: str, c: int) -> int:
    return 2 if controls(s, OTHER[side], c) else 1


@machine.step
class PlaceInfluence(Step[State]):
    """One Influence point a decision, until the card's Ops are spent."""

    name, frame_type = "influence", Ops
    waiting = Msg("twilight_struggle.waiting_influence")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        if not f.reach:  # fixed at the start of the round (an opponent's event first: before it)
            f.reach = reach_of(s, f.side)
        closed = chernobyl_region(s, f.side)
        if closed:  # Chernobyl: none of the Ops' Influence in the region this turn
            f.reach = [c for c in f.reach if not IN_REGION[closed][c]]
        s.active = [f.side]
        if not self._open(s, f):
            s.announce("twilight_struggle.nothing_placed", role=f.side, card=f.card)
            machine.finish(s)

    def _fits(self, s: State, f: Ops, c: int) -> bool:
        left = available(f, c)
        return left >= 2 or (left == 1 and not controls(s, OTHER[f.side], c))

    def _open(self, s: State, f: Ops) -> list[int]:
        """The countries of the reach a point may go into now, in reach order (``_fits``
        of each; without a regional bonus the Ops left are the same everywhere, so it is
        worked out once: the hot path of random games)."""
        if f.bonuses:
            return [c for c in f.reach if self._fits(s, f, c)]
        left = f.base - f.spent
        if left >= 2:
            return list(f.reach)
        if left < 1:
            return []
        theirs, mine = s.influence[OTHER[f.side]], s.influence[f.side]
        return [  # 1 Op left: not where the opponent has control (RULES §1, §7.1)
            c for c in f.reach if theirs[c] < STABILITY[c] or theirs[c] - mine[c] < STABILITY[c]
        ]

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.place_prompt", ops=f.base - f.spent, card=f.card)

    def options(self, s: State, role: str) -> Iterable[Option]:
        return all_legal(map(PICK_COUNTRY.__getitem__, self._open(s, self.frame(s))))

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        return [PICK_COUNTRY[c] for c in self._open(s, self.frame(s))]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        c = country_of(action)
        if c is None:
            return None
        f = self.frame(s)
        closed = chernobyl_region(s, f.side)
        if closed and IN_REGION[closed][c]:
            return Msg("twilight_struggle.chernobyl_blocks", card=CHERNOBYL, region=closed)
        if c not in f.reach:
            return Msg("twilight_struggle.out_of_reach", country=CID[c])
        return Msg("twilight_struggle.too_dear", country=CID[c])

    def on_country(self, s: State, role: str, country: str) -> None:
        f = self.frame(s)
        c = CIX[country]
        spend(f, c, placement_cost(s, f.side, c))
        add_influence(s, f.side, c)
        s.announce("twilight_struggle.placed", role=f.side, country=country)
        if not self._open(s, f):
            machine.finish(s)


# --- realignment (RULES §7.2) ---------------------------------------------------------------


def realign_modifier(s: State, side: str, c: int) -> int:
    """+1 per adjacent country ``side`` controls (its own box counts), +1 with more
    Influence in the target (RULES §7.2, §16.1)."""
    mod = sum(1 for d in NEIGHBOURS[c] if controls(s, side, d))
    if TOUCHES[c] == BOX[side]:
        mod += 1
    if s.influence[side][c] > s.influence[OTHER[side]][c]:
        mod += 1
    return mod


IRAN_CONTRA = 93


def iran_contra(s: State, side: str) -> int:
    """Iran-Contra Scandal: the US rolls realignments at -1 for the rest of the turn."""
    return 1 if side == US and in_effect(s, IRAN_CONTRA) else 0


def realign(s: State, side: str, c: int) -> None:
    """One realignment roll in ``c`` by ``side``: a duel (RULES §7.2, §16.1)."""
    other = OTHER[side]
    mine, theirs = s.rng.d6(), s.rng.d6()
    my_total = mine + realign_modifier(s, side, c) - iran_contra(s, side)
    their_total = theirs + realign_modifier(s, other, c) - iran_contra(s, other)
    loser: str
    if my_total > their_total:
        loser, n = other, my_total - their_total
    elif their_total > my_total:
        loser, n = side, their_total - my_total
    else:
        loser, n = "", 0  # a tie changes nothing
    if not loser:
        s.announce(
            "twilight_struggle.realign_tie",
            role=side,
            country=CID[c],
            roll=mine,
            total=my_total,
            total2=their_total,
        )
        return
    taken = remove_influence(s, loser, c, n)
    s.announce(
        "twilight_struggle.realigned",
        role=side,
        country=CID[c],
        roll=mine,
        total=my_total,
        total2=their_total,
        role2=loser,
        removed=taken,
    )


@machine.step
class Realign(Step[State]):
    """One realignment roll a decision, one Op each, until the Ops are spent."""

    name, frame_type = "realign", Ops
    waiting = Msg("twilight_struggle.waiting_realign")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.side]
        if not self._any(s, f):
            s.announce("twilight_struggle.no_realign_left", role=f.side)
            machine.finish(s)

    def _any(self, s: State, f: Ops) -> bool:
        return any(available(f, c) >= 1 for c in targets(s, f.side))

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.realign_prompt", ops=f.base - f.spent, card=f.card)

    def options(self, s: State, role: str) -> list[Option]:
        f = self.frame(s)
        return [(PICK_COUNTRY[c], None) for c in targets(s, f.side) if available(f, c) >= 1]

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        f = self.frame(s)
        return [PICK_COUNTRY[c] for c in targets(s, f.side) if available(f, c) >= 1]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        c = country_of(action)
        if c is None:
            return None
        return target_refusal(s, self.frame(s).side, c) or Msg(
            "twilight_struggle.too_dear", country=CID[c]
        )

    def on_country(self, s: State, role: str, country: str) -> None:
        f = self.frame(s)
        c = CIX[country]
        spend(f, c, 1)
        realign(s, f.side, c)
        if not self._any(s, f):
            machine.finish(s)


# --- coups (RULES §7.3) -------------------------------------------------------------------


DEATH_SQUADS, SALT, CUBAN_MISSILE_CRISIS = 69, 43, 40
AMERICAS = tuple(
    a or b for a, b in zip(IN_REGION["central_america"], IN_REGION["south_america"], strict=True)
)


def coup_roll_modifier(s: State, side: str, c: int) -> int:
    """For the rest of the turn (RULES §7.3): SALT Negotiations -1 to every coup roll;
    Latin American Death Squads +1 to its player's coup rolls in Central and South America,
    -1 to the opponent's."""
    mod = -1 if in_effect(s, SALT) else 0
    squads = effect(s, DEATH_SQUADS)
    if squads is not None and AMERICAS[c]:
        mod += 1 if squads.side == side else -1
    return mod


YURI_AND_SAMANTHA = 109


def yuri_and_samantha(s: State, side: str) -> bool:
    """Yuri and Samantha (#109, optional.py): for the rest of the turn every US coup
    attempt, a free one too, gives the USSR 1 VP as it is made. Returns whether the game
    ended (20 VP, RULES §12.1)."""
    if side != US or not in_effect(s, YURI_AND_SAMANTHA):
        return False
    gain_vp(s, USSR, 1)
    s.announce("twilight_struggle.yuri_vp", role=USSR, card=YURI_AND_SAMANTHA)
    return check_vp(s)


def coup(s: State, side: str, c: int, ops: int, *, free: bool = False) -> None:
    """A coup in ``c`` with ``ops`` Ops: the roll, the Influence, military operations (not
    for a free coup, §16.4), and DEFCON for a battleground."""
    other = OTHER[side]
    crisis = effect(s, CUBAN_MISSILE_CRISIS)
    if crisis is not None and crisis.side != side:  # RULES §14, §16.3: the couper loses
        text = Msg("twilight_struggle.won_crisis", role=crisis.side, role2=side, card=crisis.card)
        declare_winner(s, crisis.side, "cuban_missile_crisis", text)
        return
    if yuri_and_samantha(s, side):
        return
    die = s.rng.d6()
    mod = coup_roll_modifier(s, side, c)
    if mod:
        s.announce("twilight_struggle.coup_roll_modified", n=mod)
    excess = die + mod + ops - 2 * STABILITY[c]
    removed = added = 0
    if excess > 0:
        removed = remove_influence(s, other, c, excess)
        added = excess - removed
        add_influence(s, side, c, added)
    if excess > 0:
        s.announce(
            "twilight_struggle.coup_won",
            role=side,
            country=CID[c],
            roll=die,
            ops=ops,
            removed=removed,
            added=added,
        )
    else:
        s.announce("twilight_struggle.coup_failed", role=side, country=CID[c], roll=die, ops=ops)
    if not free:
        add_milops(s, side, ops)
    if BATTLEGROUND[c] and not (side == US and in_effect(s, NUCLEAR_SUBS)):
        lower_defcon(s)  # Nuclear Subs: US coups only, events still move DEFCON (RULES §14)


@machine.step
class Coup(Step[State]):
    """The target of the card's one coup attempt."""

    name, frame_type = "coup", Ops
    waiting = Msg("twilight_struggle.waiting_coup")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.active = [f.side]
        if not coup_targets(s, f.side):  # an opponent's event before the coup took them away
            s.announce("twilight_struggle.no_coup_left", role=f.side)
            machine.finish(s)

    def prompt(self, s: State, role: str) -> Msg:
        f = self.frame(s)
        return Msg("twilight_struggle.coup_prompt", ops=f.base, card=f.card)

    def options(self, s: State, role: str) -> Iterable[Option]:
        return all_legal(map(PICK_COUNTRY.__getitem__, coup_targets(s, self.frame(s).side)))

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        return [PICK_COUNTRY[c] for c in coup_targets(s, self.frame(s).side)]

    def why_not(self, s: State, role: str, action: Action) -> str | Msg | None:
        c = country_of(action)
        return None if c is None else coup_refusal(s, self.frame(s).side, c)

    def on_country(self, s: State, role: str, country: str) -> None:
        f = self.frame(s)
        c = CIX[country]
        # the Ops of this play, the regional bonuses of ``c`` with them: an event's granted
        # Ops (Olympic boycott: 4, modified) are not its card's printed value (RULES §6, §9)
        coup(s, f.side, c, available(f, c))
        machine.finish(s)


# --- the Space Race (RULES §7.4) ------------------------------------------------------------

ABILITY_BOX = {b.ability: b.box for b in SPACE if b.ability}
TWO_TRIES = ABILITY_BOX["two_space_attempts_per_turn"]
HEADLINE_FIRST = ABILITY_BOX["opponent_reveals_headline_first"]
DISCARD_HELD = ABILITY_BOX["may_discard_one_held_card_at_turn_end"]
EIGHT_ROUNDS = ABILITY_BOX["eight_action_rounds_per_turn"]


def holds_ability(s: State, side: str, box: int) -> bool:
    """A box's ability is the first side's there until the other side arrives (§7.4)."""
    return s.space_first[box] == side and s.space[OTHER[side]] < box


def space_refusal(s: State, side: str, card: int) -> Msg | None:
    """Why ``side`` may not play ``card`` on the Space Race now (``None``: it may)."""
    if CARDS[card].scoring:
        return Msg("twilight_struggle.space_scoring", card=card)
    box = s.space[side]
    if box >= LAST_BOX:
        return Msg("twilight_struggle.space_done")
    tries = 2 if holds_ability(s, side, TWO_TRIES) else 1
    if s.space_tries[side] >= tries:
        return Msg("twilight_struggle.space_tried", tries=tries)
    need = SPACE[box + 1].ops_required or 0
    if ops_value(s, side, card) < need:
        return Msg("twilight_struggle.space_ops", card=card, ops=need)
    return None


def advance_space(s: State, side: str) -> None:
    """The marker enters the next box: VP for the first or second side there (§7.4)."""
    box = s.space[side] + 1
    s.space[side] = box
    first = not s.space_first[box]
    if first:
        s.space_first[box] = side
    vp = SPACE[box].vp_first if first else SPACE[box].vp_second
    s.announce("twilight_struggle.space_box", role=side, box=box, vp=vp)
    if vp:
        gain_vp(s, side, vp)


def space_attempt(s: State, side: str, card: int) -> None:
    """One Space Race attempt with ``card`` (RULES §7.4): its event never happens."""
    s.space_tries[side] += 1
    box = s.space[side] + 1
    die = s.rng.d6()
    if die <= (SPACE[box].roll_max or 0):
        s.announce("twilight_struggle.space_rolled", role=side, roll=die, card=card)
        advance_space(s, side)
        check_vp(s)
    else:
        s.announce("twilight_struggle.space_missed", role=side, roll=die, card=card)


__all__ = [
    "Ops",
    "advance_space",
    "can_coup",
    "can_target",
    "coup",
    "holds_ability",
    "realign",
    "space_attempt",
    "space_refusal",
    "start_ops",
    "target_refusal",
    "targets",
]
