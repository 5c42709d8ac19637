"""Battles (RULES §6; eliminations in losses.py, §7).

One battle is a sub-procedure with a frame: ``start_battle(s, area, attacker)`` calls the
step **"battle"** with a :class:`Battle` frame holding the battle's arguments (the area,
the attacking side) and every working value of the fight (the round, the attacker now,
the blocks that had their combat turn, the hits still to take and who takes them, the
blocks that must retreat, the block retreating or regrouping). The steps inside a battle
pass that one frame on from step to step; the last of them finishes back to the caller
(its ``resume``). A battle's callers: "battle_phase" (below), Herald and Pillage
(``events.immediate_battle``) and the coronation battles (``kings.CoronationBattles``).
Readers outside this module (the view, the text board, tests) ask ``battle_of(s)`` for the
battle being fought, or ``None``. A battle that ends the game (the King or Edward II
killed) enters "game_over" and never returns.

Steps this module registers:

- **"battle_phase"** (§6.1), called by the game turn after both actions: Player 1 picks each
  contested area in turn (a lone one is fought at once) and fights it; when none is left the
  phase finishes, and the game turn goes on to the border raids (§8, raids.py).
- **"battle"** (§6.2) starts ONE battle: the fog of war lifts on the fighting blocks, round
  1 begins. Inside it, with the same frame: "battle_round" (a combat turn: fire, retreat or
  pass), "battle_hits" (the owner picks which of his equally strong blocks takes a hit),
  "retreat_to" (where a retreating block goes), "retreat" (after round 3: the attacker's
  blocks, one by one), "regroup"/"regroup_to" (the winner's blocks, one by one).

Round by round (§6.2): round 1 starts with Celtic unity for the Welsh and Ulster blocks of
the main forces; round 2 with the change of battlefield control (if the defender has only
reserves left), then Celtic unity for Welsh and Ulster reserves, then every reserve joins;
round 3 with any reserve still waiting (nobles captured in round 2). Combat turns (§6.3)
go defending A, attacking A, defending B, attacking B, defending C, attacking C, the next
actor recomputed from the top after every action; a block's turn is to fire, to retreat,
or to pass (neither firing nor retreating).

The reserves (RULES §5.4) are marked during movement, before any battle, and stay on the
state (``s.reserves``); so do the per-area battle marks of movement (``s.attacker``,
``s.main_origin``, ``s.main_border``), which a battle clears when it ends.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Container, Iterator, Sequence
from typing import ClassVar

from pydantic import Field

from gameshelf.core.dice import count_at_most, roll
from gameshelf.core.frames import frame_model
from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import Action
from gameshelf.core.steps import Option, Step, legal_of
from gameshelf.plugins.hammer_scots.losses import eliminate, eliminate_in_battle
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREA_IX,
    BLOCK_ID,
    BLOCK_IX,
    BLOCKS,
    BORDER_AT,
    BORDER_LIMIT,
    BORDERS,
    COASTAL,
    ENGLAND,
    ENGLISH,
    HOMES,
    IS_NOBLE,
    N_AREAS,
    NEIGHBOURS,
    NEXT_TO,
    SCOTTISH,
    SIDE,
    SIDE_RANGE,
    bix,
)
from gameshelf.plugins.hammer_scots.state import (
    DONE,
    FOE,
    NO_AREA,
    NO_BLOCK,
    PICK_AREA,
    PICK_BLOCK,
    State,
    block_list,
    block_ref,
    blocks_at,
    contested_areas,
    enemy,
    everyone_at,
    friendly_areas,
    has_side,
    is_contested,
    machine,
    reset_border_counts,
)

LETTER: tuple[str, ...] = tuple(b.letter for b in BLOCKS)
FIRE: tuple[int, ...] = tuple(b.fire for b in BLOCKS)
KIND: tuple[str, ...] = tuple(b.kind for b in BLOCKS)
CELTIC: tuple[bool, ...] = tuple(b.celtic for b in BLOCKS)
NORSE = bix("norse")
ORDER = ("A", "B", "C")
RANK: tuple[int, ...] = tuple(2 * ORDER.index(b.letter) for b in BLOCKS)  # +1: attacker
NO_TURN = 99
# Each block's combat-turn actions, made once (the battle round's list is a hot path).
COMBAT_TURN: tuple[tuple[Action, Action, Action], ...] = tuple(
    (Action("fire", bid), Action("retreat", bid), Action("pass", bid)) for bid in BLOCK_ID
)
NOWHERE_TO_RETREAT = Msg("hammer_scots.that_block_cannot_retreat")
NOWHERE_TO_REGROUP = Msg("hammer_scots.nowhere_to_regroup")


# --- the frame ---------------------------------------------------------------------------


@frame_model
class Battle:
    """One battle being fought (RULES §6): its arguments and its working values.

    ``area`` and ``attacker`` are the caller's arguments; ``attacker`` is the attacking
    side *now*, since battlefield control may pass at round 2 (§6.2).
    """

    area: int
    attacker: str
    round: int = 0  # 1..3
    acted: list[int] = Field(default_factory=list)  # blocks that had their combat turn
    hits: int = 0  # hits still to take
    hits_to: str = ""  # the side that must take them
    retreating: list[int] = Field(default_factory=list)  # must still retreat (§6.7)
    block: int = NO_BLOCK  # the block retreating or regrouping
    # whose combat turn it is (side, letter), as next_combat_turn found it; None: ask
    turn: tuple[str, str] | None = None

    @property
    def defender(self) -> str:
        return enemy(self.attacker)


BATTLE_STEPS = frozenset(
    {"battle", "battle_round", "battle_hits", "retreat_to", "retreat", "regroup", "regroup_to"}
)


def battle_of(s: State) -> Battle | None:
    """The battle being fought, or ``None`` (for the view, the text board and tests)."""
    if s.step in BATTLE_STEPS:
        frame = s.stack[-1].args
        if isinstance(frame, Battle):
            return frame
    return None


def start_battle(s: State, area: int, attacker: str) -> None:
    """Fight the battle in ``area`` now, ``attacker`` attacking: call "battle" with its frame;
    the caller's ``resume`` runs when the battle is over."""
    machine.call(s, "battle", Battle(area=area, attacker=attacker))


# --- who is in the battle -------------------------------------------------------------


def in_battle(s: State, bt: Battle, side: str | None = None) -> list[int]:
    """Every block in the battle area (reserves included)."""
    return blocks_at(s, bt.area, side)


def fighters(s: State, bt: Battle, side: str) -> list[int]:
    """RULES §5.4: the blocks of ``side`` that fight now (not in reserve)."""
    reserves, blocks = s.reserves, blocks_at(s, bt.area, side)
    return [b for b in blocks if b not in reserves] if reserves else blocks


def fighting(s: State, bt: Battle) -> Sequence[int]:
    """RULES §5.4: every block that fights now, both sides (not in reserve), in data order."""
    reserves, blocks = s.reserves, everyone_at(s.location, bt.area)  # blocks_at, no list
    return [b for b in blocks if b not in reserves] if reserves else blocks


def battle_reserves(s: State, bt: Battle) -> list[int]:
    where, loc = bt.area, s.location
    return [b for b in s.reserves if loc[b] == where]


def is_revealed(s: State, b: int) -> bool:
    """RULES §1, §14.12: a non-reserve block in the battle being fought is seen by both."""
    bt = battle_of(s)
    return bt is not None and s.location[b] == bt.area and b not in s.reserves


# --- combat turns (RULES §6.3) ------------------------------------------------------------


def whose_turn(s: State, bt: Battle) -> tuple[str, str] | None:
    """The side and letter whose combat turn it is, or ``None`` at the end of the round.

    The round is over when every fighting block has acted, or as soon as one side has no
    fighting block left (RULES §6.3).
    """
    return combat_turn(bt, fighting(s, bt))


def combat_turn(bt: Battle, fighting: Sequence[int]) -> tuple[str, str] | None:
    """``whose_turn`` among the ``fighting`` blocks: each that has not acted ranks by letter,
    the defender first within a letter."""
    acted, att = bt.acted, bt.attacker
    has_att = has_def = False
    best = NO_TURN
    for b in fighting:
        attacking = SIDE[b] == att
        if attacking:
            has_att = True
        else:
            has_def = True
        if b not in acted:
            rank = RANK[b] + attacking
            if rank < best:
                best = rank
    if not (has_att and has_def) or best == NO_TURN:
        return None
    return (att if best & 1 else FOE[att]), ORDER[best >> 1]


def turn_blocks(s: State, bt: Battle) -> list[int]:
    """The blocks that may take the current combat turn."""
    blocks = fighting(s, bt)
    turn = bt.turn or combat_turn(bt, blocks)  # found as the turn began (next_combat_turn)
    if turn is None:
        return []
    side, letter = turn
    acted = bt.acted
    taking = []  # a loop, not a comprehension: a call less for a few blocks (3.11)
    for b in blocks:
        if SIDE[b] == side and LETTER[b] == letter and b not in acted:
            taking.append(b)
    return taking


# --- fire and hits (RULES §6.4) ---------------------------------------------------------


def english_archers_in_battle(s: State, bt: Battle) -> bool:
    return any(KIND[b] == "archers" for b in in_battle(s, bt, ENGLISH))


def fire_rating(s: State, bt: Battle, b: int) -> int:
    """RULES §6.4: the printed fire number, plus the home bonus when defending.

    A noble defending one of its homes fires one higher (Moray in Moray likewise), even if
    it arrived this turn or changed sides in this battle; the bonus follows the roles after
    a change of battlefield control. With the optional Schiltroms rule (RULES §13 [opt]),
    Scottish infantry fire one higher in a battle where England has no archers.
    """
    rating = FIRE[b]
    if IS_NOBLE[b] and SIDE[b] != bt.attacker and bt.area in HOMES[b]:
        rating += 1
    if (
        s.schiltroms
        and SIDE[b] == SCOTTISH
        and KIND[b] == "infantry"
        and not english_archers_in_battle(s, bt)
    ):
        rating += 1
    return rating


def hit_targets(s: State, bt: Battle) -> list[int]:
    """RULES §6.4: hits go to the strongest fighting block; the owner breaks ties."""
    blocks = fighters(s, bt, bt.hits_to)
    if not blocks:
        return []
    steps = s.steps
    top = max([steps[b] for b in blocks])
    return [b for b in blocks if steps[b] == top]


def fire(s: State, bt: Battle, b: int) -> None:
    """Roll one die per step; each die at or under the fire rating is a hit."""
    bt.acted.append(b)
    rating = fire_rating(s, bt, b)
    rolls = roll(s.rng, s.steps[b])
    hits = count_at_most(rolls, rating)
    dice = " ".join(map(str, rolls))
    block = block_ref(s, b)
    s.announce(
        "hammer_scots.fired",
        block=block,
        letter=LETTER[b],
        rating=rating,
        dice=dice,
        count=hits,
    )
    bt.hits = hits
    bt.hits_to = enemy(SIDE[b])
    assign_hits(s, bt)


def assign_hits(s: State, bt: Battle) -> None:
    """Apply the hits one by one; ask the owner only when equally strong blocks tie."""
    while bt.hits > 0:
        targets = hit_targets(s, bt)
        if not targets:
            bt.hits = 0  # RULES §6.4: hits beyond the last block are lost
            break
        if len(targets) > 1:
            s.active = [bt.hits_to]
            machine.enter(s, "battle_hits", bt)
            return
        take_hit(s, bt, targets[0])
        if s.winner:
            return
    bt.hits_to = ""
    next_combat_turn(s, bt)


def take_hit(s: State, bt: Battle, b: int) -> None:
    bt.hits -= 1
    if s.steps[b] > 1:
        s.steps[b] -= 1
        s.announce("hammer_scots.took_a_hit", block=block_ref(s, b))
    else:
        eliminate_in_battle(s, b)


# --- retreat and regroup: where a block may leave the battle area (RULES §6.6, §6.7) --------

# The refusals, made once (the ways out of a battle are a hot path).
SEA_ONLY = Msg("hammer_scots.norse_by_sea_only")
NOT_ALONE = tuple(Msg("hammer_scots.norse_not_there", area=a) for a in AREA_ID)
INTO_ENGLAND = Msg("hammer_scots.scots_not_into_england")
OUT_OF_ENGLAND = Msg("hammer_scots.english_not_out_of_england")
ENEMY_HOLDS = tuple(Msg("hammer_scots.enemy_holds_it", area=a) for a in AREA_ID)
BATTLE_PENDING = tuple(Msg("hammer_scots.battle_pending_there", area=a) for a in AREA_ID)


def border_full(there: int, border: int) -> Msg:
    if BORDERS[border].type == "red":
        return Msg("hammer_scots.red_border_full", area=AREA_ID[there], count=BORDER_LIMIT[border])
    return Msg("hammer_scots.black_border_full", area=AREA_ID[there], count=BORDER_LIMIT[border])


# ``border_full`` into each area over each of its borders, made once: FULL_INTO[there][border].
FULL_INTO: tuple[dict[int, Msg], ...] = tuple(
    {border: border_full(there, border) for _, border in NEIGHBOURS[there]}
    for there in range(N_AREAS)
)


def sea_options(s: State, here: int) -> list[tuple[int, Msg | None]]:
    """RULES §5.6: the Norse go by sea from ``here``, only to a coastal area Scotland holds
    (not England)."""
    held = friendly_areas(s, SCOTTISH)
    options: list[tuple[int, Msg | None]] = []
    for there in range(N_AREAS):
        if there in (ENGLAND, here) or not COASTAL[there]:
            options.append((there, SEA_ONLY))
        elif there not in held:
            options.append((there, NOT_ALONE[there]))
        else:
            options.append((there, None))
    return options


def regroup_refusal(
    s: State, here: int, side: str, foe_at: Container[int], there: int, border: int
) -> Msg | None:
    """``None`` if a land block of ``side`` may regroup from the battle area ``here`` to
    ``there`` over ``border``, or the reason it may not (RULES §6.7): an adjacent area
    holding no enemy block (``foe_at``: where the enemy's blocks stand, ``foes_at``, or the
    areas next to ``here`` among them, ``foes_near``), within the border limits, Scots not
    into England, English not out of England.

    With ``retreat_refusal`` (and the Norse's ``sea_options``) the one statement of where a
    block may leave a battle: the areas offered (``ways_out``), the blocks that may retreat
    or regroup (``with_a_way_out``) and the refusals come from them. Plain functions, not
    generators: most questions stop at the first area, and a generator left unfinished
    costs more than the test.
    """
    if side == SCOTTISH and there == ENGLAND:
        return INTO_ENGLAND
    if side == ENGLISH and here == ENGLAND:
        return OUT_OF_ENGLAND
    if there in foe_at:
        return (BATTLE_PENDING if has_side(s, there, side) else ENEMY_HOLDS)[there]
    if s.border_count[border] >= BORDER_LIMIT[border]:
        return FULL_INTO[there][border]
    return None


# RULES §6.6: the border control refusal, BORDER_CONTROL[side][there] (side: the retreating).
BORDER_CONTROL: dict[str, tuple[Msg, ...]] = {
    side: tuple(Msg("hammer_scots.border_control", area=a, role=enemy(side)) for a in AREA_ID)
    for side in (ENGLISH, SCOTTISH)
}


def retreat_refusal(
    s: State, here: int, side: str, foe_at: Container[int], there: int, border: int
) -> Msg | None:
    """``regroup_refusal``, and a retreat may not cross a border the enemy used to enter this
    battle (RULES §6.6 border control; a regroup may, RULES §14.8 [impl])."""
    refusal = regroup_refusal(s, here, side, foe_at, there, border)
    if refusal is None and s.last_used[border] == FOE[side]:
        return BORDER_CONTROL[side][there]
    return refusal


Refusal = Callable[[State, int, str, Container[int], int, int], Msg | None]  # retreat_/regroup_


def foes_at(s: State, side: str) -> list[int]:
    """Where the enemy of ``side`` has its blocks (one location each)."""
    start, stop = SIDE_RANGE[FOE[side]]
    return s.location[start:stop]


def foes_near(s: State, side: str, here: int) -> frozenset[int]:
    """The areas next to ``here`` where the enemy of ``side`` has blocks, for a question
    about every neighbour: each ``in`` the enemy's locations compares them all (in C, but a
    compare each), their locations met once with the neighbours cost about three of those."""
    return NEXT_TO[here].intersection(foes_at(s, side))


def ways_out(s: State, bt: Battle, b: int, refusal: Refusal) -> list[tuple[int, Msg | None]]:
    """Every area ``b`` might leave the battle to, with ``None`` if it may now, or the
    reason it may not (``refusal``; the Norse by sea)."""
    here = bt.area
    if b == NORSE:
        return sea_options(s, here)
    side = SIDE[b]
    foe_at = foes_near(s, side, here)
    return [
        (there, refusal(s, here, side, foe_at, there, border)) for there, border in NEIGHBOURS[here]
    ]


def regroup_options(s: State, bt: Battle, b: int) -> list[tuple[int, Msg | None]]:
    """Where ``b`` may regroup to (``regroup_refusal``)."""
    return ways_out(s, bt, b, regroup_refusal)


def retreat_options(s: State, bt: Battle, b: int) -> list[tuple[int, Msg | None]]:
    """Where ``b`` may retreat to (``retreat_refusal``)."""
    return ways_out(s, bt, b, retreat_refusal)


Ways = Callable[[State, Battle, int], list[tuple[int, Msg | None]]]  # retreat_/regroup_


def has_a_way_out(s: State, bt: Battle, b: int, refusal: Refusal) -> bool:
    """Whether ``ways_out`` offers ``b`` an area it may go to now."""
    here = bt.area
    if b == NORSE:
        return None in [why for _, why in sea_options(s, here)]  # rare: every area asked
    side = SIDE[b]
    foe_at = foes_at(s, side)  # not foes_near: most questions stop at the first area
    for there, border in NEIGHBOURS[here]:
        if refusal(s, here, side, foe_at, there, border) is None:
            return True
    return False


def with_a_way_out(s: State, bt: Battle, blocks: list[int], refusal: Refusal) -> list[int]:
    """The blocks among ``blocks`` that have somewhere to go (``has_a_way_out``).

    Every land block of a side has the same ways out, so they are worked out once; the
    Norse go by sea.
    """
    by_land: bool | None = None
    found = []
    for b in blocks:
        if b == NORSE:
            ok = has_a_way_out(s, bt, b, refusal)
        else:
            if by_land is None:
                by_land = has_a_way_out(s, bt, b, refusal)
            ok = by_land
        if ok:
            found.append(b)
    return found


def why_no_way_out(s: State, bt: Battle, b: int, ways: Ways) -> Msg | None:
    """Every reason ``b`` has nowhere to go by ``ways``, each once, as one message (``None``:
    no reason)."""
    reasons = list(dict.fromkeys(r for _, r in ways(s, bt, b) if r))
    if not reasons:
        return None
    joined = reasons[-1]
    for reason in reversed(reasons[:-1]):
        joined = Msg("hammer_scots.sentences", first=reason, rest=joined)
    return joined


def leave_battle(s: State, bt: Battle, b: int, to: int) -> None:
    """Move ``b`` out of the battle area, counting the border (the Norse sail)."""
    if b != NORSE:
        s.border_count[BORDER_AT[bt.area][to]] += 1
    s.location[b] = to
    if b in s.reserves:
        s.reserves.remove(b)


# --- the course of a battle ----------------------------------------------------------------


def start_round(s: State, bt: Battle, n: int) -> None:
    """RULES §6.2: what happens at the start of each round, then the first combat turn."""
    bt.round = n
    bt.acted = []
    reset_border_counts(s)  # RULES §5.2 [impl]: border limits reset every combat round
    if n == 1:
        celtic_unity(s, fighters(s, bt, ENGLISH))
    else:
        if n == 2 and not fighters(s, bt, bt.defender) and is_contested(s, bt.area):
            swap_control(s, bt)
        if n == 2:
            celtic_unity(s, [b for b in battle_reserves(s, bt) if SIDE[b] == ENGLISH])
        release_reserves(s, bt)
    next_combat_turn(s, bt)


def celtic_unity(s: State, blocks: list[int]) -> None:
    """RULES §6.2: each Welsh or Ulster block rolls; on 5-6 it goes home to the pool."""
    for b in blocks:
        if not CELTIC[b]:
            continue
        die = s.rng.d6()
        if die >= 5:
            s.announce("hammer_scots.celtic_unity_home", block=BLOCK_ID[b], die=die)
            eliminate(s, b)
        else:
            s.announce("hammer_scots.celtic_unity_stays", block=BLOCK_ID[b], die=die)


def swap_control(s: State, bt: Battle) -> None:
    """RULES §6.2: the defender has only reserves left, so the roles change for rounds 2-3."""
    old = bt.attacker
    bt.attacker = enemy(old)
    area = AREA_ID[bt.area]
    s.announce("hammer_scots.control_passes", role=old, area=area, role_attacker=bt.attacker)


def release_reserves(s: State, bt: Battle) -> None:
    joining = battle_reserves(s, bt)
    if not joining:
        return
    for b in joining:
        s.reserves.remove(b)
    s.announce("hammer_scots.reserves_join", blocks=block_list(s, joining))


def next_combat_turn(s: State, bt: Battle) -> None:
    """Hand the next combat turn to its side, or end the round or the battle."""
    if s.winner:
        return
    bt.turn = turn = whose_turn(s, bt)
    if turn is not None:  # both sides have fighting blocks there: the battle goes on
        s.active = [turn[0]]
        machine.enter(s, "battle_round", bt)
    elif is_contested(s, bt.area):  # reserves may still face the enemy
        end_round(s, bt)
    else:
        end_battle(s, bt)


def end_round(s: State, bt: Battle) -> None:
    if bt.round < 3:
        start_round(s, bt, bt.round + 1)
    else:
        start_forced_retreat(s, bt)


def start_forced_retreat(s: State, bt: Battle) -> None:
    """RULES §6.7: both sides still there after round 3: the attacker retreats it all."""
    reset_border_counts(s)
    bt.retreating = in_battle(s, bt, bt.attacker)
    s.announce("hammer_scots.forced_retreat", role=bt.attacker, area=AREA_ID[bt.area])
    continue_forced_retreat(s, bt)


def continue_forced_retreat(s: State, bt: Battle) -> None:
    """Retreat while any block can; the blocks that cannot are eliminated (RULES §6.7)."""
    bt.retreating = [b for b in bt.retreating if s.location[b] == bt.area]
    if with_a_way_out(s, bt, bt.retreating, retreat_refusal):
        s.active = [bt.attacker]
        machine.enter(s, "retreat", bt)
        return
    for b in list(bt.retreating):
        s.announce("hammer_scots.could_not_retreat", block=block_ref(s, b))
        bt.retreating.remove(b)
        eliminate_in_battle(s, b)
        if s.winner:
            return
    end_battle(s, bt)


def end_battle(s: State, bt: Battle) -> None:
    """The battle is decided: the side holding the area regroups.

    Reserves that never joined stay face down (in ``s.reserves``) until the battle is over.
    """
    where = bt.area
    s.attacker[where] = ""  # the battle is over: a later attack there is a new battle
    s.main_origin[where] = NO_AREA
    s.main_border[where] = NO_AREA
    bt.acted = []
    bt.hits = 0
    bt.hits_to = ""
    bt.retreating = []
    reset_border_counts(s)  # RULES §6.7: the regroup has fresh border limits
    winner = (  # the side left there, the English asked first
        ENGLISH if has_side(s, where, ENGLISH) else SCOTTISH if has_side(s, where, SCOTTISH) else ""
    )
    if winner:
        s.announce("hammer_scots.battle_won", role=winner, area=AREA_ID[where])
    if winner and with_a_way_out(s, bt, in_battle(s, bt, winner), regroup_refusal):
        s.active = [winner]
        machine.enter(s, "regroup", bt)
        return
    finish_battle(s, bt)


def finish_battle(s: State, bt: Battle) -> None:
    """The battle is over (regroup included): its reserves that never joined turn face up
    as ordinary blocks, and the caller resumes."""
    for b in battle_reserves(s, bt):
        s.reserves.remove(b)
    machine.finish(s)


# --- the steps ----------------------------------------------------------------------------


def not_next_to(bt: Battle, action: Action) -> Msg | None:
    """The refusal of an area that is not even next to the battle."""
    if action.type != "area" or action.arg not in AREA_IX:
        return None
    area_to = str(action.arg)
    return Msg("hammer_scots.not_next_to_the_battle", area_to=area_to, area=AREA_ID[bt.area])


def block_arg(arg: object) -> int:
    """The block an action names, or ``NO_BLOCK`` for anything else."""
    return BLOCK_IX.get(arg, NO_BLOCK) if isinstance(arg, str) else NO_BLOCK


def battle_attacker(s: State, area: int) -> str:
    """RULES §5.4: the side that attacked there; a battle nobody marked is Player 1's."""
    return s.attacker[area] or s.p1 or ENGLISH


@machine.step
class BattlePhase(Step[State]):
    """RULES §6.1: Player 1 picks the battles one by one until none is left."""

    name, waiting = "battle_phase", Msg("hammer_scots.choosing_a_battle")

    def begin(self, s: State) -> None:
        next_battle(s)

    def resume(self, s: State, result: object) -> None:
        next_battle(s)

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.choose_the_next_battle")

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for a in contested_areas(s):
            yield PICK_AREA[a]

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "area":
            return Msg("hammer_scots.choose_a_contested_area")
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        area = AREA_IX[arg]
        start_battle(s, area, battle_attacker(s, area))


def next_battle(s: State) -> None:
    """The next battle: fought at once if it is the only one, else Player 1 picks; with no
    battle left the phase is over (the game turn goes on to the border raids, RULES §8)."""
    areas = contested_areas(s)
    if not areas:
        machine.finish(s)
    elif len(areas) == 1:
        start_battle(s, areas[0], battle_attacker(s, areas[0]))
    else:
        s.active = [s.p1]


class BattleStep(Step[State]):
    """A step inside a battle: its frame is the battle's (one :class:`Battle` passed on)."""

    frame_type = Battle

    def frame(self, s: State) -> Battle:
        return s.stack[-1].args  # a Battle: frame_type (the machine checks it)


@machine.step
class FightBattle(BattleStep):
    """One battle, called as a sub-procedure with its frame (see the module docstring)."""

    name, waiting = "battle", Msg("hammer_scots.fighting")

    def begin(self, s: State) -> None:
        bt = self.frame(s)
        s.announce("hammer_scots.battle_begins", area=AREA_ID[bt.area], role=bt.attacker)
        if not is_contested(s, bt.area):
            end_battle(s, bt)
            return
        start_round(s, bt, 1)

    def active(self, s: State) -> list[str]:
        return []


@machine.step
class BattleRound(BattleStep):
    """RULES §6.3: a combat turn: one block fires, retreats or passes."""

    name, waiting = "battle_round", Msg("hammer_scots.fighting")

    def prompt(self, s: State, role: str) -> Msg:
        bt = self.frame(s)
        turn = whose_turn(s, bt)
        letter = turn[1] if turn else "?"
        area = AREA_ID[bt.area]
        return Msg("hammer_scots.combat_turn_prompt", area=area, round=bt.round, letter=letter)

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        blocks = turn_blocks(s, bt)
        may_retreat = with_a_way_out(s, bt, blocks, retreat_refusal)
        options: list[Option] = []
        for b in blocks:
            fire, retreat, hold = COMBAT_TURN[b]
            options.append((fire, None))
            options.append((retreat, None if b in may_retreat else NOWHERE_TO_RETREAT))
            options.append((hold, None))
        return options

    def actions(self, s: State, role: str) -> list[Action]:
        return legal_of(self.options(s, role))  # a call less than the derived actions()

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type not in ("fire", "retreat", "pass"):
            return None
        bt = self.frame(s)
        b = block_arg(action.arg)
        if self._why_not_from_options(s, role, action):  # a turn's block, nowhere to go
            detail = why_no_way_out(s, bt, b, retreat_options)
            if detail is None:
                return Msg("hammer_scots.nowhere_to_retreat", block=block_ref(s, b))
            return Msg("hammer_scots.nowhere_to_retreat_because", block=block_ref(s, b), why=detail)
        if b < 0 or SIDE[b] != role or s.location[b] != bt.area:
            return Msg("hammer_scots.choose_a_block_in_the_battle")
        if b in s.reserves:
            return Msg("hammer_scots.in_reserve", block=block_ref(s, b))
        if b in bt.acted:
            return Msg("hammer_scots.already_acted", block=block_ref(s, b))
        return Msg("hammer_scots.not_its_turn", block=block_ref(s, b))

    def on_fire(self, s: State, role: str, arg: str) -> None:
        fire(s, self.frame(s), BLOCK_IX[arg])

    def on_retreat(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        bt.block = BLOCK_IX[arg]
        machine.enter(s, "retreat_to", bt)

    def on_pass(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        b = BLOCK_IX[arg]
        bt.acted.append(b)
        s.announce("hammer_scots.passed", block=block_ref(s, b))  # RULES §6.3
        next_combat_turn(s, bt)


@machine.step
class BattleHits(BattleStep):
    """RULES §6.4: the owner chooses which of his equally strong blocks takes the hit."""

    name, waiting = "battle_hits", Msg("hammer_scots.taking_hits")

    def prompt(self, s: State, role: str) -> Msg:
        bt = self.frame(s)
        return Msg("hammer_scots.hits_prompt", area=AREA_ID[bt.area], count=bt.hits)

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for b in hit_targets(s, self.frame(s)):
            yield Action("hit", BLOCK_ID[b])

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "hit":
            blocks = block_list(s, hit_targets(s, self.frame(s)))
            return Msg("hammer_scots.hit_the_strongest", blocks=blocks)
        return None

    def on_hit(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        take_hit(s, bt, BLOCK_IX[arg])
        if not s.winner:
            assign_hits(s, bt)


class LeaveTo(BattleStep):
    """Where the block leaving the battle goes: an area its ``ways`` out offer (RULES §6.6
    retreat, §6.7 regroup); ``left`` says what follows."""

    asking: ClassVar[str]  # the prompt's message id

    @abstractmethod
    def ways(self, s: State, bt: Battle, b: int) -> list[tuple[int, Msg | None]]:
        """Where ``b`` may go, with why not (``retreat_options`` or ``regroup_options``)."""

    def prompt(self, s: State, role: str) -> Msg:
        bt = self.frame(s)
        return Msg(self.asking, block=block_ref(s, bt.block), area=AREA_ID[bt.area])

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        return [(PICK_AREA[there], refusal) for there, refusal in self.ways(s, bt, bt.block)]

    def why_not(self, s: State, role: str, action: Action) -> str | Msg | None:
        return self._why_not_from_options(s, role, action) or not_next_to(self.frame(s), action)

    def on_area(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        b = bt.block
        bt.block = NO_BLOCK
        self.left(s, bt, b, AREA_IX[arg])

    @abstractmethod
    def left(self, s: State, bt: Battle, b: int, to: int) -> None:
        """Log the move of ``b`` to ``to``, make it, and go on with the battle."""


@machine.step
class RetreatTo(LeaveTo):
    """RULES §6.6: where the retreating block goes."""

    name, waiting = "retreat_to", Msg("hammer_scots.retreating")
    asking = "hammer_scots.retreat_where"

    def ways(self, s: State, bt: Battle, b: int) -> list[tuple[int, Msg | None]]:
        return retreat_options(s, bt, b)

    def left(self, s: State, bt: Battle, b: int, to: int) -> None:
        forced = b in bt.retreating
        block, area = block_ref(s, b), AREA_ID[bt.area]
        s.announce("hammer_scots.retreated", block=block, area_from=area, area_to=AREA_ID[to])
        leave_battle(s, bt, b, to)
        if forced:
            bt.retreating.remove(b)
            continue_forced_retreat(s, bt)
        else:
            bt.acted.append(b)
            next_combat_turn(s, bt)


@machine.step
class ForcedRetreat(BattleStep):
    """RULES §6.7: after round 3 the attacker retreats every block, one at a time."""

    name, waiting = "retreat", Msg("hammer_scots.retreating")

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.forced_retreat_prompt", area=AREA_ID[self.frame(s).area])

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        may_retreat = with_a_way_out(s, bt, bt.retreating, retreat_refusal)
        options: list[Option] = []
        for b in bt.retreating:
            options.append((PICK_BLOCK[b], None if b in may_retreat else NOWHERE_TO_RETREAT))
        return options

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type != "block":
            return None
        if self._why_not_from_options(s, role, action):
            return Msg("hammer_scots.nowhere_to_retreat", block=block_ref(s, block_arg(action.arg)))
        return Msg("hammer_scots.choose_a_retreating_block")

    def on_block(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        bt.block = BLOCK_IX[arg]
        machine.enter(s, "retreat_to", bt)


@machine.step
class Regroup(BattleStep):
    """RULES §6.7: the winner may move any of its blocks there to adjacent safe areas."""

    name, waiting = "regroup", Msg("hammer_scots.regrouping")

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.regroup_prompt", area=AREA_ID[self.frame(s).area])

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        blocks = in_battle(s, bt, role)
        may_regroup = with_a_way_out(s, bt, blocks, regroup_refusal)
        options: list[Option] = []
        for b in blocks:
            options.append((PICK_BLOCK[b], None if b in may_regroup else NOWHERE_TO_REGROUP))
        options.append((DONE, None))
        return options

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            return NOWHERE_TO_REGROUP
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        bt.block = BLOCK_IX[arg]
        machine.enter(s, "regroup_to", bt)

    def on_done(self, s: State, role: str, arg: None) -> None:
        finish_battle(s, self.frame(s))


@machine.step
class RegroupTo(LeaveTo):
    """RULES §6.7: where the regrouping block goes (border control does not apply)."""

    name, waiting = "regroup_to", Msg("hammer_scots.regrouping")
    asking = "hammer_scots.regroup_where"

    def ways(self, s: State, bt: Battle, b: int) -> list[tuple[int, Msg | None]]:
        return regroup_options(s, bt, b)

    def left(self, s: State, bt: Battle, b: int, to: int) -> None:
        side = SIDE[b]
        # Regrouped blocks are face down again: the log does not name them.
        area = AREA_ID[bt.area]
        s.announce("hammer_scots.regrouped", role=side, area_from=area, area_to=AREA_ID[to])
        leave_battle(s, bt, b, to)
        if with_a_way_out(s, bt, in_battle(s, bt, side), regroup_refusal):
            machine.enter(s, "regroup", bt)
        else:
            finish_battle(s, bt)


__all__ = ["Battle", "battle_of", "is_revealed", "start_battle"]
