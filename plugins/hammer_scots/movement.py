"""RULES §5: movement — move points, activation, border limits, attacks, pinning, the Norse.

- "move_who": the acting side picks a block to move (or ends its movement).
- "move_where": the block walks one area at a time until it must stop or its owner stops.

§5.1 Activating an area costs a move point; the first block that leaves a not yet activated
area activates it ([impl]); every block of an activated area may then move, each once per
game turn, up to its move rating. A block must stop after a red border, on entering an area
with enemy blocks, on entering England, or when its rating is used. [impl] ruling: it may
not step straight back into the area it just left.
§5.2 Border limits: 6 blocks over a black border, 2 over a red one, per player action,
both directions counted together ([impl]).
§5.3 Anglo-Scottish border: every block crossing it pays a move point of its own and
activates nothing, even after an inner step (Selkirk → Teviot → England); with no move
point left nothing crosses. So the activation of §5.1 is paid when a block's move ends,
and only by a move that did not cross.
§5.4 The first side into an area holding enemy blocks attacks; the first block in and the
blocks from its origin over its border are the main attack, every other attacking block is
a reserve ([impl]); Player 2's blocks entering an area Player 1 attacks are reserves.
§5.5 Pinning ([impl], implicit): Player 2's blocks may leave an area Player 1 attacked only
while more of his non-reserve blocks stay there than there are enemy blocks; none may leave
over a border the enemy used to enter that battle. Only blocks entering a contested area
mark the border they crossed as last used by their side.
§5.6 The Norse: one move point, alone, from its coastal area to any other coastal area but
England, no border crossed; main attack on its own or a reserve. Under a Truce no area
holding the Truce player's blocks may be entered (§4), nor England by the Scots.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter

from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.cards import end_action
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREA_IX,
    BLOCK_IX,
    BORDER_AT,
    BORDER_LIMIT,
    BORDER_NATIONAL,
    BORDER_STOPS,
    COASTAL,
    ENGLAND,
    MOVE,
    N_AREAS,
    NEIGHBOURS,
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
    SEA,
    STOP,
    State,
    count_at,
    has_side,
    machine,
)

NORSE = bix("norse")
# The blocks that move over land: not the Norse (by sea, §5.6), not a block without a rating.
BY_LAND: tuple[bool, ...] = tuple(b != NORSE and MOVE[b] > 0 for b in range(len(MOVE)))
REFUSAL = itemgetter(1)  # of an option: ``None in map(REFUSAL, options)`` asks for a legal one

# Refusals, made once: the options below are the hot path and name a reason for every
# refused choice, so none is formatted while a game is played.
NOT_YOURS = Msg("hammer_scots.not_your_block")
MOVED = Msg("hammer_scots.already_moved")
UNKNOWN = Msg("hammer_scots.none")  # (a sentinel, never shown)
PINNED = Msg("hammer_scots.pinned")
NOWHERE = Msg("hammer_scots.nowhere_to_move")
MUST_MOVE = Msg("hammer_scots.must_move")
STOPPING = {True: (STOP, MUST_MOVE), False: (STOP, None)}  # by: the block is where it began
NO_POINT_TO_CROSS = Msg("hammer_scots.no_point_to_cross")
STRAIGHT_BACK = tuple(Msg("hammer_scots.straight_back", area=a) for a in AREA_ID)
TRUCE_BARS = tuple(Msg("hammer_scots.truce_bars", area=a) for a in AREA_ID)
ENEMY_ENTERED = tuple(Msg("hammer_scots.enemy_entered_from", area=a) for a in AREA_ID)
NORSE_NOT_TO_ENGLAND = Msg("hammer_scots.norse_not_to_england")
NO_COAST = tuple(Msg("hammer_scots.no_coast", area=a) for a in AREA_ID)


def border_full(here: int, there: int, border: int) -> Msg:
    limit, area, area_from = BORDER_LIMIT[border], AREA_ID[there], AREA_ID[here]
    if BORDER_STOPS[border]:
        return Msg("hammer_scots.red_border_used", area=area, area_from=area_from, count=limit)
    return Msg("hammer_scots.black_border_used", area=area, area_from=area_from, count=limit)


# ``border_full`` for each area and each neighbour, made once: BORDER_USED[here][there].
BORDER_USED: tuple[dict[int, Msg], ...] = tuple(
    {there: border_full(here, there, border) for there, border in NEIGHBOURS[here]}
    for here in range(N_AREAS)
)


# --- predicates -----------------------------------------------------------------------------


def is_pinned(s: State, b: int) -> bool:
    """RULES §5.5 [impl] ruling: pinning is implicit — Player 2's block may leave an area
    Player 1 attacked only while more of his non-reserve blocks than enemy blocks remain."""
    return is_pinned_in(s, SIDE[b], s.location[b])


def is_pinned_in(s: State, side: str, here: int) -> bool:
    """``is_pinned`` for every block of ``side`` in ``here`` (it is the same for all)."""
    if side != s.p2 or s.attacker[here] != s.p1:
        return False
    loc = s.location
    held_back = sum(1 for x in s.reserves if loc[x] == here and SIDE[x] == side)
    return count_at(s, here, side) - held_back <= count_at(s, here, s.p1)


def is_barred_by_truce(s: State, side: str, there: int) -> bool:
    """RULES §4 Truce: the Truce player's enemy may not enter his areas (nor England, if
    the enemy is Scotland)."""
    if not s.truce or side == s.truce:
        return False
    if side == SCOTTISH and there == ENGLAND:
        return True
    return has_side(s, there, s.truce)


def crosses_the_border(origin: int, here: int) -> bool:
    """Whether a land move from ``origin`` that ended in ``here`` crossed the Anglo-Scottish
    border (RULES §5.3). Every border of England is a border with Scotland and entering
    England stops a block, so a move crossed it exactly when it began or ended in England."""
    return origin == ENGLAND or here == ENGLAND


def owes_activation(s: State, b: int, origin: int, here: int) -> bool:
    """Whether the land move of ``b`` from ``origin`` to ``here`` activates its origin and
    pays a move point for it, at its end (RULES §5.1, §5.3): the first block to leave an
    area not yet activated activates it, unless its move crossed the border with England,
    which pays a point of its own and activates nothing. The Norse sail alone for their own
    point (§5.6) and activate nothing either."""
    return b != NORSE and origin not in s.activated and not crosses_the_border(origin, here)


# --- the choices: where a block may step, which block may move (legality, once) -------------


def step_refusal(
    s: State, b: int, here: int, came_from: int, there: int, border: int
) -> Msg | None:
    """``None`` if the moving block ``b`` may step from ``here`` to ``there`` over
    ``border`` now, or the reason it may not (RULES §5.1-5.5, §4 Truce).

    ``came_from``: the area the block just left, ``NO_AREA`` before its first step (whether
    the block may start at all, activating its area, is ``start_options``'). This is the one
    statement of where a block may step: the areas offered and refused (``step_options``),
    the blocks that may start a move and whether a moving block may go on (``has_a_step``)
    all come from it. It is the hot path of movement: the tests run cheapest first and the
    reasons are made once (above). A plain function, not a generator: most questions stop
    at the first area, and a generator left unfinished costs more than the test.
    """
    if there == came_from:
        return STRAIGHT_BACK[there]  # RULES §5.1 [impl]
    if s.border_count[border] >= BORDER_LIMIT[border]:
        return BORDER_USED[here][there]
    if s.move_points < 1 and BORDER_NATIONAL[border]:
        return NO_POINT_TO_CROSS  # RULES §5.3: even from an activated area
    if s.truce and is_barred_by_truce(s, SIDE[b], there):
        return TRUCE_BARS[there]
    if (
        came_from == NO_AREA
        and s.last_used[border] == FOE[SIDE[b]]
        and has_side(s, here, FOE[SIDE[b]])
    ):
        return ENEMY_ENTERED[there]  # RULES §5.5: border control
    return None


def step_options(s: State, b: int, here: int, came_from: int) -> Iterator[tuple[int, Msg | None]]:
    """Every area next to ``here``, in map order, with its ``step_refusal``."""
    for there, border in NEIGHBOURS[here]:
        yield there, step_refusal(s, b, here, came_from, there, border)


def has_a_step(s: State, b: int, here: int, came_from: int) -> bool:
    """Whether the moving block ``b`` may step on from ``here`` (``step_refusal``)."""
    for there, border in NEIGHBOURS[here]:
        if step_refusal(s, b, here, came_from, there, border) is None:
            return True
    return False


def norse_options(s: State) -> Iterator[tuple[int, Msg | None]]:
    """RULES §5.6: any other coastal area except England (Truce permitting)."""
    here = s.location[NORSE]
    for there in range(N_AREAS):
        if there == here:
            continue
        if there == ENGLAND:
            yield there, NORSE_NOT_TO_ENGLAND
        elif not COASTAL[there]:
            yield there, NO_COAST[there]
        elif is_barred_by_truce(s, SCOTTISH, there):
            yield there, TRUCE_BARS[there]
        else:
            yield there, None


def start_options(s: State, side: str) -> dict[int, Msg | None]:
    """The blocks of ``side`` on the map, in data order, with ``None`` if the block may
    start a move now, or the reason it may not (RULES §5.1, §5.5, §5.6).

    A land block may start unless pinned, if its area is activated or a move point is left
    to activate it, and if it has a legal first step (``has_a_step``): the same for
    every block of a side in an area, so each area's answer is worked out once.
    """
    loc, moved = s.location, s.moved
    start, stop = SIDE_RANGE[side]  # type: ignore[index]  # a role is a str; keys are Side
    may_be_pinned, attacker, p1 = side == s.p2, s.attacker, s.p1
    no_point, activated = s.move_points < 1, s.activated
    leave: list[Msg | None] = [UNKNOWN] * N_AREAS  # per area, once worked out
    options: dict[int, Msg | None] = {}
    for b, here in enumerate(loc[start:stop], start):
        if here < 0:
            continue
        if b in moved:
            options[b] = MOVED
            continue
        refusal = leave[here]
        if refusal is UNKNOWN:
            if may_be_pinned and attacker[here] == p1 and is_pinned_in(s, side, here):
                refusal = PINNED
            elif no_point and here not in activated:
                refusal = NOWHERE  # RULES §5.1: no move point left to activate the area
            else:  # has_a_step, written out: a call less for each area
                refusal = NOWHERE
                for there, border in NEIGHBOURS[here]:
                    if step_refusal(s, b, here, NO_AREA, there, border) is None:
                        refusal = None  # a first step it may take
                        break
            leave[here] = refusal
        if BY_LAND[b] or refusal is PINNED:
            options[b] = refusal
        elif b == NORSE and not no_point and None in map(REFUSAL, norse_options(s)):
            options[b] = None
        else:
            options[b] = NOWHERE  # the Norse with nowhere to sail, or a block with no rating
    return options


def must_stop(there: int, border: int, left: int, attacks: bool) -> bool:
    """RULES §5.1: red border, enemy blocks (``attacks``: the block entered an area holding
    some, ``enter_area``), England, or the move rating used up (``left``: the areas the
    block may still enter)."""
    return attacks or BORDER_STOPS[border] or there == ENGLAND or left <= 0


# --- mutators ---------------------------------------------------------------------------------


def enter_area(s: State, b: int, there: int, border: int) -> bool:
    """Put ``b`` into ``there``; mark the attack if enemy blocks stand there (§5.4-5.5).

    Returns whether the block attacked or reinforced a battle.
    """
    side = SIDE[b]
    s.location[b] = there
    if not has_side(s, there, FOE[side]):
        return False
    if border >= 0:
        s.last_used[border] = side  # RULES §5.5: only entries into battles mark a border
    if not s.attacker[there]:
        s.attacker[there] = side
        s.main_origin[there] = s.move_origin
        s.main_border[there] = border
    elif (
        s.attacker[there] != side
        or s.main_origin[there] != s.move_origin
        or s.main_border[there] != border
    ):
        s.reserves.append(b)  # RULES §5.4: another origin or border, or the defender's
    return True


def finish_move(s: State) -> None:
    """The moving block stops where it is; the first block out of an area that is not yet
    activated activates it now, unless it crossed into or out of England (RULES §5.1, §5.3).

    Paying for the activation at the end of the move, not at its first step, is what lets a
    block from an area not yet activated reach England after an inner step (Selkirk →
    Teviot → England) for the crossing's move point alone.
    """
    b = s.who
    here, origin = s.location[b], s.move_origin
    if owes_activation(s, b, origin, here):
        s.move_points -= 1
        s.activated.append(origin)
        s.announce("hammer_scots.activates", role=SIDE[b], area=AREA_ID[origin])
    s.moved.append(b)
    if here != s.move_origin:
        side, area_from, area_to = SIDE[b], AREA_ID[s.move_origin], AREA_ID[here]
        if not s.attacker[here]:
            said = "hammer_scots.moves_a_block"
        elif s.attacker[here] == side and b not in s.reserves:
            said = "hammer_scots.moves_a_block_attacking"
        else:
            said = "hammer_scots.moves_a_block_joining"
        s.announce(said, role=side, area_from=area_from, area_to=area_to)
    s.move_origin = s.move_from = NO_AREA  # move_who forgets the block (``s.who``)
    s.move_left = 0
    machine.enter(s, "move_who")


# --- steps -------------------------------------------------------------------------------------


@machine.step
class MoveWho(Step[State]):
    """Pick a block to move, or end the movement (RULES §5.1)."""

    name, waiting = "move_who", Msg("hammer_scots.moving")

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        s.who = NO_BLOCK

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.move_who_prompt", role=role, count=s.move_points)

    def options(self, s: State, role: str) -> list[Option]:
        options: list[Option] = [
            (PICK_BLOCK[b], refusal) for b, refusal in start_options(s, role).items()
        ]
        options.append((DONE, None))
        return options

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        blocks = start_options(s, role).items()
        legal = [PICK_BLOCK[b] for b, refusal in blocks if refusal is None]
        legal.append(DONE)
        return legal

    def why_not(self, s: State, role: str, action: Action) -> str | Msg | None:
        return NOT_YOURS if action.type == "block" else None

    def on_block(self, s: State, role: str, arg: str) -> None:
        b = BLOCK_IX[arg]
        s.who = b
        s.move_origin = s.move_from = s.location[b]
        s.move_left = MOVE[b]
        machine.enter(s, "norse_move" if b == NORSE else "move_where")

    def on_done(self, s: State, role: str, arg: None) -> None:
        s.announce("hammer_scots.movement_ends", role=role)
        end_action(s)


@machine.step
class MoveWhere(Step[State]):
    """Walk the chosen block one area at a time (RULES §5.1-5.5)."""

    name, waiting = (
        "move_where",
        Msg("hammer_scots.moving"),
    )  # entered from move_who: s.active is [s.acting]

    def prompt(self, s: State, role: str) -> Msg:
        here = AREA_ID[s.location[s.who]]
        if s.location[s.who] == s.move_origin:
            return Msg("hammer_scots.move_where_prompt", role=role, area=here)
        return Msg("hammer_scots.move_on_prompt", role=role, area=here)

    def options(self, s: State, role: str) -> list[Option]:
        b = s.who
        here = s.location[b]
        first = here == s.move_origin
        areas = step_options(s, b, here, NO_AREA if first else s.move_from)
        options: list[Option] = [(PICK_AREA[there], refusal) for there, refusal in areas]
        options.append(STOPPING[first])
        return options

    def actions(self, s: State, role: str) -> list[Action]:  # the options', made fast
        b = s.who
        here = s.location[b]
        first = here == s.move_origin
        came_from = NO_AREA if first else s.move_from
        legal = []
        for there, border in NEIGHBOURS[here]:
            if step_refusal(s, b, here, came_from, there, border) is None:
                legal.append(PICK_AREA[there])
        stop, refusal = STOPPING[first]
        if refusal is None:
            legal.append(stop)
        return legal

    def why_not(self, s: State, role: str, action: Action) -> str | Msg | None:
        if action.type != "area":
            return None
        there = AREA_IX.get(action.arg) if isinstance(action.arg, str) else None
        if there is None:
            return Msg("hammer_scots.not_an_area")
        area = AREA_ID[s.location[s.who]]
        return Msg("hammer_scots.does_not_border", area_to=AREA_ID[there], area=area)

    def on_area(self, s: State, role: str, arg: str) -> None:
        b = s.who
        here, there = s.location[b], AREA_IX[arg]
        border = BORDER_AT[here][there]
        if BORDER_NATIONAL[border]:
            s.move_points -= 1  # RULES §5.3: the crossing's own move point
        s.border_count[border] += 1
        left = s.move_left - 1
        attacks = enter_area(s, b, there, border)
        if must_stop(there, border, left, attacks) or not has_a_step(s, b, there, here):
            finish_move(s)  # clears the move's fields
        else:
            s.move_from = here
            s.move_left = left

    def on_stop(self, s: State, role: str, arg: None) -> None:
        finish_move(s)


@machine.step
class NorseMove(Step[State]):
    """The Norse sail alone to another coastal area for one move point (RULES §5.6)."""

    name, waiting = "norse_move", Msg("hammer_scots.moving")

    def begin(self, s: State) -> None:
        s.active = [s.acting]

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.norse_prompt", role=role)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for there, refusal in norse_options(s):
            yield PICK_AREA[there], refusal

    def why_not(self, s: State, role: str, action: Action) -> str | Msg | None:
        return Msg("hammer_scots.norse_cannot_sail_there") if action.type == "area" else None

    def on_area(self, s: State, role: str, arg: str) -> None:
        there = AREA_IX[arg]
        s.move_points -= 1
        s.move_from = s.location[NORSE]
        enter_area(s, NORSE, there, SEA)
        finish_move(s)


def is_reserve(s: State, block: str) -> bool:
    """For tests and views: is this block held in reserve?"""
    return BLOCK_IX[block] in s.reserves


__all__ = ["NO_AREA", "enter_area", "is_pinned", "is_reserve", "must_stop", "start_options"]
