"""Battles (RULES §6; eliminations in losses.py, §7; where a block may leave a battle in
ways_out.py, §6.6-§6.7).

One battle is a procedure with a frame: ``start_battle(s, area, attacker)`` calls the step
**"battle"** with a :class:`Battle` frame holding the battle's arguments (the area, the
attacking side) and every working value of the fight (the round, the attacker now, the
blocks that had their combat turn, the hits still to take and who takes them, the blocks
that must retreat, the block retreating or regrouping). Its body is the battle's sequence::

    the battle begins
    up to three rounds while both sides are there:      next_round (§6.2)
        the round's combat turns, one after the other:   "battle_round" (§6.3-§6.4)
    both sides still there: the attacker retreats all:  "retreat" block by block (§6.7)
        the blocks that cannot are eliminated
    the battle is decided; the winner may regroup:      "regroup" block by block (§6.7)
    the battle is over: reserves that never joined turn face up

The steps it calls read and write its frame (``BattleStep.frame``, the caller's) and
finish back to it. A battle's callers: "battle_phase" (below), Herald and Pillage
(``events.immediate_battle``) and the coronation battles (``kings.CoronationBattles``).
Readers outside this module (the view, the text board, tests) ask ``battle_of(s)`` for the
battle being fought, or ``None``. A battle that ends the game (the King or Edward II
killed) ends it (``state.end_game``) and never returns.

Steps this module registers:

- **"battle_phase"** (§6.1), called by the game turn after both actions: Player 1 picks each
  contested area in turn (a lone one is fought at once) and fights it; when none is left the
  phase finishes, and the game turn goes on to the border raids (§8, raids.py).
- **"battle"** (§6.2-§6.7): ONE battle, the procedure above. The steps it calls: "battle_round"
  (the combat turns of a round, each to fire, retreat or pass; the owner picks which of his
  equally strong blocks takes a hit in "battle_hits", a retreating block's area in
  "retreat_to", and either goes back to "battle_round" for the next turn), "retreat" (after
  round 3: which of the attacker's blocks retreats next, then "retreat_to"), "regroup"
  (which of the winner's blocks regroups next, or done; then "regroup_to").

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
from collections.abc import Iterator, Sequence
from typing import ClassVar

from pydantic import Field

from gameshelf.core.engine.dice import count_at_most, roll
from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.procedure import Call, If, Procedure, While
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.losses import eliminate, eliminate_in_battle
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREA_IX,
    BLOCK_ID,
    BLOCK_IX,
    BLOCKS,
    ENGLISH,
    HOMES,
    IS_NOBLE,
    SCOTTISH,
    SIDE,
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
    has_side,
    is_contested,
    machine,
    reset_border_counts,
)
from gameshelf.plugins.hammer_scots.ways_out import (
    leave,
    regroup_options,
    regroup_refusal,
    retreat_options,
    retreat_refusal,
    why_no_way_out,
    with_a_way_out,
)

LETTER: tuple[str, ...] = tuple(b.letter for b in BLOCKS)
FIRE: tuple[int, ...] = tuple(b.fire for b in BLOCKS)
KIND: tuple[str, ...] = tuple(b.kind for b in BLOCKS)
CELTIC: tuple[bool, ...] = tuple(b.celtic for b in BLOCKS)
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


# The steps the battle procedure calls: where a battle waits for a decision.
BATTLE_STEPS = frozenset(
    {"battle_round", "battle_hits", "retreat_to", "retreat", "regroup", "regroup_to"}
)


def battle_of(s: State) -> Battle | None:
    """The battle being fought, or ``None`` (for the view, the text board and tests): the
    frame of the procedure "battle", which called the step waiting."""
    if s.step in BATTLE_STEPS:
        frame = s.stack[-2].args
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
    taking = []
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
    steps = s.strength
    top = max([steps[b] for b in blocks])
    return [b for b in blocks if steps[b] == top]


def fire(s: State, bt: Battle, b: int) -> None:
    """Roll one die per step; each die at or under the fire rating is a hit."""
    bt.acted.append(b)
    rating = fire_rating(s, bt, b)
    rolls = roll(s.rng, s.strength[b])
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
            machine.enter(s, "battle_hits")
            return
        take_hit(s, bt, targets[0])
        if s.over:
            return
    bt.hits_to = ""
    combat_turn_over(s, bt)


def take_hit(s: State, bt: Battle, b: int) -> None:
    bt.hits -= 1
    if s.strength[b] > 1:
        s.strength[b] -= 1
        s.announce("hammer_scots.took_a_hit", block=block_ref(s, b))
    else:
        eliminate_in_battle(s, b)


# --- the course of a battle: the functions of its procedure (RULES §6.2, §6.7) --------------


def battle_begins(s: State, bt: Battle) -> None:
    s.announce("hammer_scots.battle_begins", area=AREA_ID[bt.area], role=bt.attacker)


def another_round(s: State, bt: Battle) -> bool:
    """RULES §6.2: up to three rounds, while both sides are there (reserves included)."""
    return bt.round < 3 and is_contested(s, bt.area)


def next_round(s: State, bt: Battle) -> None:
    """RULES §6.2: what happens at the start of each round, before its first combat turn."""
    n = bt.round = bt.round + 1
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
    """RULES §6.3: hand the round's next combat turn to its side, kept in the frame as found
    (``Battle.turn``); with none left (every fighting block has acted, or one side has none)
    the round is over: "battle_round" finishes back to the battle."""
    bt.turn = turn = whose_turn(s, bt)
    if turn is None:
        machine.finish(s)
    else:
        s.active = [turn[0]]


def combat_turn_over(s: State, bt: Battle) -> None:
    """A combat turn is over: the round goes on at "battle_round", its next combat turn
    (handed over at once where the turn ended in "battle_round" itself)."""
    if s.step == "battle_round":
        next_combat_turn(s, bt)
    else:
        machine.enter(s, "battle_round")


def still_contested(s: State, bt: Battle) -> bool:
    """RULES §6.7: both sides still there after round 3."""
    return is_contested(s, bt.area)


def forced_retreat(s: State, bt: Battle) -> None:
    """RULES §6.7: the attacker retreats every block of his there."""
    reset_border_counts(s)
    bt.retreating = in_battle(s, bt, bt.attacker)
    s.announce("hammer_scots.forced_retreat", role=bt.attacker, area=AREA_ID[bt.area])


def a_block_may_retreat(s: State, bt: Battle) -> bool:
    """Whether a block still to retreat (``Battle.retreating``, kept to those still there)
    has somewhere to go."""
    bt.retreating = [b for b in bt.retreating if s.location[b] == bt.area]
    return bool(with_a_way_out(s, bt.area, bt.retreating, retreat_refusal))


def cut_off(s: State, bt: Battle) -> None:
    """RULES §6.7: the blocks that could not retreat are eliminated."""
    for b in list(bt.retreating):
        s.announce("hammer_scots.could_not_retreat", block=block_ref(s, b))
        bt.retreating.remove(b)
        eliminate_in_battle(s, b)
        if s.over:
            return


def holder(s: State, area: int) -> str:
    """The side left in ``area`` once the battle is decided, the English asked first."""
    return (
        ENGLISH if has_side(s, area, ENGLISH) else SCOTTISH if has_side(s, area, SCOTTISH) else ""
    )


def battle_decided(s: State, bt: Battle) -> None:
    """The battle is decided: its marks are cleared and the side left there has won.

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
    winner = holder(s, where)
    if winner:
        s.announce("hammer_scots.battle_won", role=winner, area=AREA_ID[where])


def a_block_may_regroup(s: State, bt: Battle) -> bool:
    """RULES §6.7: whether the winner has a block there with somewhere to regroup to."""
    side = holder(s, bt.area)
    return bool(side) and bool(with_a_way_out(s, bt.area, in_battle(s, bt, side), regroup_refusal))


def battle_over(s: State, bt: Battle) -> None:
    """The battle is over (regroup included): its reserves that never joined turn face up
    as ordinary blocks."""
    for b in battle_reserves(s, bt):
        s.reserves.remove(b)


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

    def options(self, s: State, role: str) -> Iterator[Option]:
        for a in contested_areas(s):
            yield PICK_AREA[a], None

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


@machine.step
class FightBattle(Procedure[State]):
    """RULES §6.2-§6.7: one battle, called with its frame (see the module docstring)."""

    name, frame_type, waiting = "battle", Battle, Msg("hammer_scots.fighting")
    body = (
        battle_begins,
        While(another_round, next_round, Call("battle_round")),
        If(still_contested, forced_retreat, While(a_block_may_retreat, Call("retreat")), cut_off),
        battle_decided,
        If(a_block_may_regroup, Call("regroup")),  # block by block, until it is done
        battle_over,
    )


class BattleStep(Step[State]):
    """A step of a battle, called by its procedure: the battle is the caller's frame."""

    def frame(self, s: State) -> Battle:
        return s.stack[-2].args  # "battle"'s: a Battle


@machine.step
class BattleRound(BattleStep):
    """RULES §6.3: the combat turns of a round, one at a time: a block fires, retreats or
    passes, until none is left (``next_combat_turn``)."""

    name, waiting = "battle_round", Msg("hammer_scots.fighting")

    def begin(self, s: State) -> None:
        next_combat_turn(s, self.frame(s))

    def prompt(self, s: State, role: str) -> Msg:
        bt = self.frame(s)
        turn = whose_turn(s, bt)
        letter = turn[1] if turn else "?"
        area = AREA_ID[bt.area]
        return Msg("hammer_scots.combat_turn_prompt", area=area, round=bt.round, letter=letter)

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        blocks = turn_blocks(s, bt)
        may_retreat = with_a_way_out(s, bt.area, blocks, retreat_refusal)
        options: list[Option] = []
        for b in blocks:
            fire, retreat, hold = COMBAT_TURN[b]
            options.append((fire, None))
            options.append((retreat, None if b in may_retreat else NOWHERE_TO_RETREAT))
            options.append((hold, None))
        return options

    def refusal(self, s: State, role: str, action: Action) -> str | Msg | None:
        """The options' refusal, and for a turn's block with nowhere to go, why (worked out
        only when a retreat is refused)."""
        reason = super().refusal(s, role, action)
        if reason is not NOWHERE_TO_RETREAT:
            return reason
        bt, b = self.frame(s), block_arg(action.arg)
        detail = why_no_way_out(s, bt.area, b, retreat_options)
        if detail is None:
            return Msg("hammer_scots.nowhere_to_retreat", block=block_ref(s, b))
        return Msg("hammer_scots.nowhere_to_retreat_because", block=block_ref(s, b), why=detail)

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type not in ("fire", "retreat", "pass"):
            return None
        bt = self.frame(s)
        b = block_arg(action.arg)
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
        machine.enter(s, "retreat_to")

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

    def options(self, s: State, role: str) -> Iterator[Option]:
        for b in hit_targets(s, self.frame(s)):
            yield Action("hit", BLOCK_ID[b]), None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "hit":
            blocks = block_list(s, hit_targets(s, self.frame(s)))
            return Msg("hammer_scots.hit_the_strongest", blocks=blocks)
        return None

    def on_hit(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        take_hit(s, bt, BLOCK_IX[arg])
        if not s.over:
            assign_hits(s, bt)


class LeaveTo(BattleStep):
    """Where the block leaving the battle goes: an area its ``ways`` out offer (RULES §6.6
    retreat, §6.7 regroup); ``left`` says what follows."""

    asking: ClassVar[str]  # the prompt's message id

    @abstractmethod
    def ways(self, s: State, here: int, b: int) -> list[tuple[int, Msg | None]]:
        """Where ``b`` may go from the battle area ``here``, with why not (ways_out.py's
        ``retreat_options`` or ``regroup_options``)."""

    def prompt(self, s: State, role: str) -> Msg:
        bt = self.frame(s)
        return Msg(self.asking, block=block_ref(s, bt.block), area=AREA_ID[bt.area])

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        return [(PICK_AREA[there], refusal) for there, refusal in self.ways(s, bt.area, bt.block)]

    def why_not(self, s: State, role: str, action: Action) -> str | Msg | None:
        return not_next_to(self.frame(s), action)

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

    def ways(self, s: State, here: int, b: int) -> list[tuple[int, Msg | None]]:
        return retreat_options(s, here, b)

    def left(self, s: State, bt: Battle, b: int, to: int) -> None:
        forced = b in bt.retreating
        block, area = block_ref(s, b), AREA_ID[bt.area]
        s.announce("hammer_scots.retreated", block=block, area_from=area, area_to=AREA_ID[to])
        leave(s, bt.area, b, to)
        if forced:
            bt.retreating.remove(b)
            machine.finish(s)  # back to the forced retreat's next block
        else:
            bt.acted.append(b)
            combat_turn_over(s, bt)


@machine.step
class ForcedRetreat(BattleStep):
    """RULES §6.7: after round 3 the attacker retreats every block, one at a time."""

    name, waiting = "retreat", Msg("hammer_scots.retreating")

    def begin(self, s: State) -> None:
        s.active = [self.frame(s).attacker]

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.forced_retreat_prompt", area=AREA_ID[self.frame(s).area])

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        may_retreat = with_a_way_out(s, bt.area, bt.retreating, retreat_refusal)
        options: list[Option] = []
        for b in bt.retreating:
            options.append((PICK_BLOCK[b], None if b in may_retreat else NOWHERE_TO_RETREAT))
        return options

    def refusal(self, s: State, role: str, action: Action) -> str | Msg | None:
        """The options' refusal, naming the block that has nowhere to retreat."""
        reason = super().refusal(s, role, action)
        if reason is NOWHERE_TO_RETREAT:
            return Msg("hammer_scots.nowhere_to_retreat", block=block_ref(s, block_arg(action.arg)))
        return reason

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type != "block":
            return None
        return Msg("hammer_scots.choose_a_retreating_block")

    def on_block(self, s: State, role: str, arg: str) -> None:
        bt = self.frame(s)
        bt.block = BLOCK_IX[arg]
        machine.enter(s, "retreat_to")


@machine.step
class Regroup(BattleStep):
    """RULES §6.7: the winner may move any of its blocks there to adjacent safe areas."""

    name, waiting = "regroup", Msg("hammer_scots.regrouping")

    def begin(self, s: State) -> None:
        s.active = [holder(s, self.frame(s).area)]

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.regroup_prompt", area=AREA_ID[self.frame(s).area])

    def options(self, s: State, role: str) -> list[Option]:
        bt = self.frame(s)
        blocks = in_battle(s, bt, role)
        may_regroup = with_a_way_out(s, bt.area, blocks, regroup_refusal)
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
        machine.enter(s, "regroup_to")

    def on_done(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)


@machine.step
class RegroupTo(LeaveTo):
    """RULES §6.7: where the regrouping block goes (border control does not apply)."""

    name, waiting = "regroup_to", Msg("hammer_scots.regrouping")
    asking = "hammer_scots.regroup_where"

    def ways(self, s: State, here: int, b: int) -> list[tuple[int, Msg | None]]:
        return regroup_options(s, here, b)

    def left(self, s: State, bt: Battle, b: int, to: int) -> None:
        side = SIDE[b]
        # Regrouped blocks are face down again: the log does not name them.
        area = AREA_ID[bt.area]
        s.announce("hammer_scots.regrouped", role=side, area_from=area, area_to=AREA_ID[to])
        leave(s, bt.area, b, to)
        if with_a_way_out(s, bt.area, in_battle(s, bt, side), regroup_refusal):
            machine.enter(s, "regroup")
        else:
            machine.finish(s)


__all__ = ["Battle", "battle_of", "is_revealed", "start_battle"]
