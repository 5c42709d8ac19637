"""Where a block may leave a battle: retreat (RULES §6.6) and regroup (§6.7).

A block leaving the battle area ``here`` goes to an adjacent area holding no enemy block,
within the border limits, Scots not into England, English not out of England (§6.7,
``regroup_refusal``); a retreat may not cross a border the enemy used to enter the battle
(§6.6 border control, ``retreat_refusal``); the Norse go by sea to a coastal area Scotland
holds (§5.6, ``sea_options``). These refusals are the one statement of where a block may go:
the areas offered (``ways_out``), the blocks that may retreat or regroup
(``with_a_way_out``) and the reasons given for a refusal (``why_no_way_out``) all come from
them. The battle (battle.py) asks them with the area it is fought in.
"""

from __future__ import annotations

from collections.abc import Callable, Container

from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    BORDER_AT,
    BORDER_LIMIT,
    BORDERS,
    COASTAL,
    ENGLAND,
    ENGLISH,
    N_AREAS,
    NEIGHBOURS,
    NEXT_TO,
    SCOTTISH,
    SIDE,
    SIDE_RANGE,
    bix,
)
from gameshelf.plugins.hammer_scots.state import FOE, State, enemy, friendly_areas, has_side

NORSE = bix("norse")

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

    Plain functions, not generators: most questions stop at the first area, and a generator
    left unfinished costs more than the test.
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


def ways_out(s: State, here: int, b: int, refusal: Refusal) -> list[tuple[int, Msg | None]]:
    """Every area ``b`` might leave the battle area ``here`` to, with ``None`` if it may now,
    or the reason it may not (``refusal``; the Norse by sea)."""
    if b == NORSE:
        return sea_options(s, here)
    side = SIDE[b]
    foe_at = foes_near(s, side, here)
    return [
        (there, refusal(s, here, side, foe_at, there, border)) for there, border in NEIGHBOURS[here]
    ]


def regroup_options(s: State, here: int, b: int) -> list[tuple[int, Msg | None]]:
    """Where ``b`` may regroup to (``regroup_refusal``)."""
    return ways_out(s, here, b, regroup_refusal)


def retreat_options(s: State, here: int, b: int) -> list[tuple[int, Msg | None]]:
    """Where ``b`` may retreat to (``retreat_refusal``)."""
    return ways_out(s, here, b, retreat_refusal)


Ways = Callable[[State, int, int], list[tuple[int, Msg | None]]]  # retreat_/regroup_options


def has_a_way_out(s: State, here: int, b: int, refusal: Refusal) -> bool:
    """Whether ``ways_out`` offers ``b`` an area it may go to now."""
    if b == NORSE:
        return None in [why for _, why in sea_options(s, here)]  # rare: every area asked
    side = SIDE[b]
    foe_at = foes_at(s, side)  # not foes_near: most questions stop at the first area
    for there, border in NEIGHBOURS[here]:
        if refusal(s, here, side, foe_at, there, border) is None:
            return True
    return False


def with_a_way_out(s: State, here: int, blocks: list[int], refusal: Refusal) -> list[int]:
    """The blocks among ``blocks`` that have somewhere to go (``has_a_way_out``).

    Every land block of a side has the same ways out, so they are worked out once; the
    Norse go by sea.
    """
    by_land: bool | None = None
    found = []
    for b in blocks:
        if b == NORSE:
            ok = has_a_way_out(s, here, b, refusal)
        else:
            if by_land is None:
                by_land = has_a_way_out(s, here, b, refusal)
            ok = by_land
        if ok:
            found.append(b)
    return found


def why_no_way_out(s: State, here: int, b: int, ways: Ways) -> Msg | None:
    """Every reason ``b`` has nowhere to go by ``ways``, each once, as one message (``None``:
    no reason)."""
    reasons = list(dict.fromkeys(r for _, r in ways(s, here, b) if r))
    if not reasons:
        return None
    joined = reasons[-1]
    for reason in reversed(reasons[:-1]):
        joined = Msg("hammer_scots.sentences", first=reason, rest=joined)
    return joined


def leave(s: State, here: int, b: int, to: int) -> None:
    """Move ``b`` out of the battle area ``here``, counting the border (the Norse sail)."""
    if b != NORSE:
        s.border_count[BORDER_AT[here][to]] += 1
    s.location[b] = to
    if b in s.reserves:
        s.reserves.remove(b)


__all__ = [
    "leave",
    "regroup_options",
    "regroup_refusal",
    "retreat_options",
    "retreat_refusal",
    "why_no_way_out",
    "with_a_way_out",
]
