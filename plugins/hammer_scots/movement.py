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
activates nothing; with no move point left nothing crosses.
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

from core.ruleset import Action
from core.steps import Step
from plugins.hammer_scots.cards import end_action
from plugins.hammer_scots.model import (
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
    SIDE_BLOCKS,
    SIDE_RANGE,
    bix,
)
from plugins.hammer_scots.state import (
    DONE,
    NO_AREA,
    NO_BLOCK,
    PICK_AREA,
    PICK_BLOCK,
    SEA,
    STOP,
    State,
    area_name,
    count_at,
    enemy,
    has_side,
    machine,
)

NORSE = bix("norse")
# The blocks that move over land: not the Norse (by sea, §5.6), not a block without a rating.
BY_LAND: tuple[bool, ...] = tuple(b != NORSE and MOVE[b] > 0 for b in range(len(MOVE)))


# --- predicates -----------------------------------------------------------------------------


def is_pinned(s: State, b: int) -> bool:
    """RULES §5.5 [impl] ruling: pinning is implicit — Player 2's block may leave an area
    Player 1 attacked only while more of his non-reserve blocks than enemy blocks remain."""
    return is_pinned_in(s, SIDE[b], s.location[b])


def is_pinned_in(s: State, side: str, here: int) -> bool:
    """``is_pinned`` for every block of ``side`` in ``here`` (it is the same for all)."""
    if side != s.p2 or s.attacker[here] != s.p1:
        return False
    loc, reserves = s.location, s.reserves
    mine = sum(1 for x in SIDE_BLOCKS[side] if loc[x] == here and x not in reserves)  # type: ignore[index]
    return mine <= count_at(s, here, s.p1)


def is_barred_by_truce(s: State, side: str, there: int) -> bool:
    """RULES §4 Truce: the Truce player's enemy may not enter his areas (nor England, if
    the enemy is Scotland)."""
    if not s.truce or side == s.truce:
        return False
    if side == SCOTTISH and there == ENGLAND:
        return True
    return has_side(s, there, s.truce)


def crossing_cost(s: State, here: int, border: int, first: bool) -> int:
    """Move points a step costs: 1 over the national border (§5.3); 1 for the first step
    out of an area not yet activated (§5.1); otherwise nothing."""
    if BORDER_NATIONAL[border]:
        return 1
    if first and here not in s.activated:
        return 1
    return 0


def why_not_step(s: State, b: int, here: int, there: int, border: int, first: bool) -> str | None:
    """Why block ``b`` may not step from ``here`` to ``there`` now (``None``: it may).

    ``first``: the step out of the area where the block's move began.
    """
    side = SIDE[b]
    if not first and there == s.move_from:
        return f"A block may not step straight back to {area_name(there)}."
    if s.border_count[border] >= BORDER_LIMIT[border]:
        kind = "red" if BORDER_STOPS[border] else "black"
        return (
            f"{area_name(there)}: the {kind} border from {area_name(here)} is full "
            f"({BORDER_LIMIT[border]} blocks this action)."
        )
    if crossing_cost(s, here, border, first) > s.move_points:
        if BORDER_NATIONAL[border]:
            return "Crossing the border with England takes a move point, and none is left."
        return f"Activating {area_name(here)} takes a move point, and none is left."
    if is_barred_by_truce(s, side, there):
        return f"The Truce forbids entering {area_name(there)} this game turn."
    if first and s.last_used[border] == enemy(side) and has_side(s, here, enemy(side)):
        return (
            f"The enemy entered this battle from {area_name(there)}: blocks may not leave that way."
        )
    return None


def may_step(s: State, b: int, here: int, there: int, border: int, first: bool) -> bool:
    """``why_not_step(...) is None``, without building the reasons (the hot path)."""
    if not first and there == s.move_from:
        return False
    if s.border_count[border] >= BORDER_LIMIT[border]:
        return False
    if (BORDER_NATIONAL[border] or (first and here not in s.activated)) and s.move_points < 1:
        return False
    side = SIDE[b]
    if s.truce and is_barred_by_truce(s, side, there):
        return False
    return not (first and s.last_used[border] == enemy(side) and has_side(s, here, enemy(side)))


def next_steps(s: State, b: int, here: int, came_from: int) -> list[int]:
    """The areas the moving block ``b`` may step to from ``here``, having just left
    ``came_from`` (``NO_AREA`` before its first step): ``may_step`` for each neighbour, its
    tests written out once (the hot path of "move_where")."""
    side = SIDE[b]
    foe = enemy(side)
    first = came_from == NO_AREA
    counts, last_used = s.border_count, s.last_used
    no_point = s.move_points < 1
    activates = first and here not in s.activated
    barred = s.truce and s.truce != side
    areas = []
    for there, border in NEIGHBOURS[here]:
        if there == came_from or counts[border] >= BORDER_LIMIT[border]:
            continue
        if no_point and (BORDER_NATIONAL[border] or activates):
            continue
        if barred and is_barred_by_truce(s, side, there):
            continue
        if first and last_used[border] == foe and has_side(s, here, foe):
            continue
        areas.append(there)
    return areas


def norse_landings(s: State) -> Iterator[int]:
    """RULES §5.6: any other coastal area except England (Truce permitting)."""
    here = s.location[NORSE]
    for there in range(N_AREAS):
        if (
            COASTAL[there]
            and there != here
            and there != ENGLAND
            and not is_barred_by_truce(s, SCOTTISH, there)
        ):
            yield there


def can_move(s: State, b: int) -> bool:
    """May block ``b`` of the acting side start a move now?"""
    here = s.location[b]
    if here < 0 or b in s.moved or is_pinned(s, b):
        return False
    if b == NORSE:
        return s.move_points >= 1 and any(True for _ in norse_landings(s))
    return MOVE[b] > 0 and can_leave(s, b, here)


def can_leave(s: State, b: int, here: int) -> bool:
    """Has a block in ``here`` a legal first step (the same for every block of a side)?"""
    return any(may_step(s, b, here, there, border, True) for there, border in NEIGHBOURS[here])


def movable_blocks(s: State, side: str) -> list[int]:
    """The blocks of ``side`` that may start a move now, in data order (§5.1, §5.5).

    ``can_move`` for every block at once: whether a land block may leave its area depends
    only on the area and the side, so each area is worked out once, with ``is_pinned``'s
    and ``may_step``'s tests written out (this is the hottest loop of a game).
    """
    loc, moved = s.location, s.moved
    mp, activated, counts, last_used = s.move_points, s.activated, s.border_count, s.last_used
    foe = enemy(side)
    barred = s.truce and s.truce != side
    may_be_pinned = side == s.p2
    attacker, p1 = s.attacker, s.p1
    start, stop = SIDE_RANGE[side]  # type: ignore[index]
    leave: list[bool | None] = [None] * N_AREAS  # per area, once worked out
    blocks = []
    for b, here in enumerate(loc[start:stop], start):
        if here < 0 or b in moved:
            continue
        if not BY_LAND[b]:
            if can_move(s, b):
                blocks.append(b)
            continue
        ok = leave[here]
        if ok is None:
            ok = False
            # RULES §5.1, §5.3: with no move point left only activated areas may move on
            if (mp >= 1 or here in activated) and not (
                may_be_pinned and attacker[here] == p1 and is_pinned_in(s, side, here)
            ):
                for there, border in NEIGHBOURS[here]:
                    if counts[border] >= BORDER_LIMIT[border]:
                        continue
                    if mp < 1 and BORDER_NATIONAL[border]:
                        continue
                    if barred and is_barred_by_truce(s, side, there):
                        continue
                    if last_used[border] == foe and has_side(s, here, foe):
                        continue
                    ok = True
                    break
            leave[here] = ok
        if ok:
            blocks.append(b)
    return blocks


def must_stop(s: State, b: int, there: int, border: int, left: int) -> bool:
    """RULES §5.1: red border, enemy blocks, England, or the move rating used up (``left``:
    the areas the block may still enter)."""
    return (
        BORDER_STOPS[border]
        or there == ENGLAND
        or left <= 0
        or has_side(s, there, enemy(SIDE[b]))  # the dearest test last
    )


# --- mutators ---------------------------------------------------------------------------------


def enter_area(s: State, b: int, there: int, border: int) -> bool:
    """Put ``b`` into ``there``; mark the attack if enemy blocks stand there (§5.4-5.5).

    Returns whether the block attacked or reinforced a battle.
    """
    side = SIDE[b]
    s.location[b] = there
    if not has_side(s, there, enemy(side)):
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
    """The moving block stops where it is."""
    b = s.who
    here = s.location[b]
    s.moved.append(b)
    if here != s.move_origin:
        where = area_name(here)
        if s.attacker[here]:
            what = "attacks" if s.attacker[here] == SIDE[b] and b not in s.reserves else "joins"
            where = f"{where} ({'attacking' if what == 'attacks' else 'joining the battle'})"
        s.say(f"{SIDE[b]} moves a block from {area_name(s.move_origin)} to {where}.")
    s.move_origin = s.move_from = NO_AREA  # move_who forgets the block (``s.who``)
    s.move_left = 0
    machine.enter(s, "move_who")


# --- steps -------------------------------------------------------------------------------------


@machine.step
class MoveWho(Step[State]):
    """Pick a block to move, or end the movement (RULES §5.1)."""

    name, waiting = "move_who", "moving"

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        s.who = NO_BLOCK

    def prompt(self, s: State, role: str) -> str:
        points = f"{s.move_points} move point{'s' if s.move_points != 1 else ''} left"
        return f"{role}: choose a block to move ({points}), or end the movement."

    def actions(self, s: State, role: str) -> list[Action]:
        picks = [PICK_BLOCK[b] for b in movable_blocks(s, role)]
        picks.append(DONE)
        return picks

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type != "block":
            return None
        b = BLOCK_IX.get(action.arg) if isinstance(action.arg, str) else None
        if b is None or SIDE[b] != role or s.location[b] < 0:
            return "That is not one of your blocks on the map."
        if b in s.moved:
            return "That block has already moved this game turn."
        if is_pinned(s, b):
            return "That block is pinned: it must stay to face the attack."
        return "That block has nowhere it may move now."

    def on_block(self, s: State, role: str, arg: str) -> None:
        b = BLOCK_IX[arg]
        s.who = b
        s.move_origin = s.move_from = s.location[b]
        s.move_left = MOVE[b]
        machine.enter(s, "norse_move" if b == NORSE else "move_where")

    def on_done(self, s: State, role: str, arg: None) -> None:
        s.say(f"{role} ends the movement.")
        end_action(s)


@machine.step
class MoveWhere(Step[State]):
    """Walk the chosen block one area at a time (RULES §5.1-5.5)."""

    name, waiting = "move_where", "moving"  # entered from move_who: s.active is [s.acting]

    def prompt(self, s: State, role: str) -> str:
        here = area_name(s.location[s.who])
        if s.location[s.who] == s.move_origin:
            return f"{role}: choose where the block in {here} goes."
        return f"{role}: move the block on from {here}, or stop there."

    def actions(self, s: State, role: str) -> list[Action]:
        b = s.who
        here = s.location[b]
        if here == s.move_origin:
            return [PICK_AREA[there] for there in next_steps(s, b, here, NO_AREA)]
        areas = [PICK_AREA[there] for there in next_steps(s, b, here, s.move_from)]
        areas.append(STOP)
        return areas

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "stop":
            return "The block must move at least one area once picked."
        if action.type != "area":
            return None
        there = AREA_IX.get(action.arg) if isinstance(action.arg, str) else None
        here = s.location[s.who]
        if there is None:
            return "That is not an area of the map."
        border = next((bd for a, bd in NEIGHBOURS[here] if a == there), -1)
        if border < 0:
            return f"{area_name(there)} does not border {area_name(here)}."
        return why_not_step(s, s.who, here, there, border, here == s.move_origin)

    def on_area(self, s: State, role: str, arg: str) -> None:
        b = s.who
        here, there = s.location[b], AREA_IX[arg]
        border = BORDER_AT[here][there]
        first = here == s.move_origin
        cost = crossing_cost(s, here, border, first)
        if cost:
            s.move_points -= cost
            if not BORDER_NATIONAL[border]:
                s.activated.append(here)
                s.say(f"{role} activates {area_name(here)}.")
        s.border_count[border] += 1
        left = s.move_left - 1
        attacks = enter_area(s, b, there, border)  # entering enemy blocks stops the move
        if attacks or must_stop(s, b, there, border, left) or not next_steps(s, b, there, here):
            finish_move(s)  # clears the move's fields
        else:
            s.move_from = here
            s.move_left = left

    def on_stop(self, s: State, role: str, arg: None) -> None:
        finish_move(s)


@machine.step
class NorseMove(Step[State]):
    """The Norse sail alone to another coastal area for one move point (RULES §5.6)."""

    name, waiting = "norse_move", "moving"

    def begin(self, s: State) -> None:
        s.active = [s.acting]

    def prompt(self, s: State, role: str) -> str:
        return f"{role}: choose the coastal area the Norse sail to (one move point)."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for there in norse_landings(s):
            yield PICK_AREA[there]

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type != "area":
            return None
        there = AREA_IX.get(action.arg) if isinstance(action.arg, str) else None
        if there == ENGLAND:
            return "The Norse may never enter England."
        if there is not None and not COASTAL[there]:
            return f"{area_name(there)} has no coast: the Norse sail only to coastal areas."
        if there is not None and is_barred_by_truce(s, SCOTTISH, there):
            return f"The Truce forbids entering {area_name(there)} this game turn."
        return "The Norse cannot sail there."

    def on_area(self, s: State, role: str, arg: str) -> None:
        there = AREA_IX[arg]
        s.move_points -= 1
        s.move_from = s.location[NORSE]
        enter_area(s, NORSE, there, SEA)
        finish_move(s)


def is_reserve(s: State, block: str) -> bool:
    """For tests and views: is this block held in reserve?"""
    return BLOCK_IX[block] in s.reserves


__all__ = ["NO_AREA", "can_move", "enter_area", "is_pinned", "is_reserve", "must_stop"]
