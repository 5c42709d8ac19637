"""What a seat sees (RULES §2, §7): everything on the board and the desks is public; the
face-down markers of the supply show only as a count (``hidden.py``).

``doing`` says what the step being decided is about, from its frame (public like the rest),
for the board to show: whose decision it is and, by step, the route being created, the
pieces a displaced victim still places and where the displacement was, the pieces picked up
by a move, the extra pieces a displacer still pays, the pieces an income may still take.
"""

from __future__ import annotations

from gameshelf.core.engine.frames import current_frame
from gameshelf.core.engine.parts import Kept
from gameshelf.core.engine.ruleset import JSON
from gameshelf.plugins.hansa_britannia.board import ABILITY_ID
from gameshelf.plugins.hansa_britannia.hidden import supply_view
from gameshelf.plugins.hansa_britannia.state import (
    EMPTY,
    NEUTRAL,
    SHAPE_WORD,
    State,
    controller,
    owner_role,
)


def _piece(s: State, code: int) -> JSON | None:
    if code == EMPTY:
        return None
    return {"role": owner_role(s, code >> 1), "piece": SHAPE_WORD[code & 1]}


# The routes kept while no piece or marker on them changed (core.engine.parts; do not change them).
ROUTES_KEPT: Kept[JSON] = Kept()


def routes_view(s: State) -> JSON:
    key = (s.side, tuple(s.seats), tuple(s.spaces), tuple(s.route_marker))
    return ROUTES_KEPT.get(key, lambda: _routes_view(s))


def _routes_view(s: State) -> JSON:
    b = s.board
    return {
        b.route_id[r]: {
            "spaces": [_piece(s, s.spaces[sp]) for sp in b.route_spaces[r]],
            "first_space": b.route_spaces[r][0],
            "marker": s.route_marker[r] or None,
        }
        for r in range(b.n_routes)
    }


# The cities kept while no Kontor in them changed (core.engine.parts; do not change them):
# most actions place or move pieces on routes, and a city changes only when a route is
# established there.
CITIES_KEPT: Kept[JSON] = Kept()


def cities_view(s: State) -> JSON:
    key = (s.side, tuple(s.seats), tuple(map(tuple, s.offices)), tuple(map(tuple, s.annexes)))
    return CITIES_KEPT.get(key, lambda: _cities_view(s))


def _cities_view(s: State) -> JSON:
    out: JSON = {}
    for c, city in enumerate(s.board.city_id):
        held = controller(s, c)
        out[city] = {
            "offices": [_piece(s, k) for k in s.offices[c]],
            "annexes": [_piece(s, k) for k in s.annexes[c]],
            "controller": None if held == EMPTY else owner_role(s, held),
        }
    return out


def neutral_view(s: State) -> JSON | None:
    """RULES §14: the neutral of a two-player game, a player of its own colour without a
    desk: its prestige, its Kontors (and annexes never), the replacement markers owed for it;
    None when there is none. Its pieces on the board and in the cities carry its role,
    "neutral"."""
    if s.neutral == EMPTY:
        return None
    p = s.neutral
    return {
        "role": NEUTRAL,
        "prestige": s.prestige[p],
        "kontors": sum(1 for offices in s.offices for k in offices if k >> 1 == p),
        "owed": s.neutral_owed,
        "final": s.neutral_final or None,
    }


def desks_view(s: State) -> list[JSON]:
    return [
        {
            "role": role,
            "supply": {"trader": s.supply[p][0], "merchant": s.supply[p][1]},
            "stock": {"trader": s.stock[p][0], "merchant": s.stock[p][1]},
            "prestige": s.prestige[p],
            "abilities": {a: s.level[p][i] for i, a in enumerate(ABILITY_ID)},
            "markers": list(s.hand[p]),
            "used": list(s.used[p]),
            "owed": s.owed[p],
        }
        for p, role in enumerate(s.seats)
    ]


def _picked(s: State, code: int, origin: int) -> JSON:
    return {**(_piece(s, code) or {}), "route": s.board.route_id[origin]}


def doing_view(s: State) -> JSON | None:
    """What the step on top of the stack is about (see the module); None in a turn."""
    f = current_frame(s)
    if f is None:
        return None
    step = s.step
    route_id = s.board.route_id
    if step == "relocate":
        return {
            "step": step,
            "role": s.seats[f.seat],
            "victim": owner_role(s, f.victim),
            "route": route_id[f.route],
            "pieces": [SHAPE_WORD[sh] for sh in f.hand],
            "extras": f.extras,
            "countries": list(f.countries),  # the printed Place 2 marker: no displacement
        }
    if step == "move":
        return {
            "step": step,
            "role": s.seats[f.mover],
            "whose": f.whose,
            "limit": f.limit,
            "picked": [_picked(s, c, o) for c, o in zip(f.hand, f.origins, strict=True)],
            "dropping": f.dropping,
        }
    out: JSON = {"step": step, "role": s.seats[f.seat]}
    if step in ("create_route", "neutral_route"):
        out["route"] = route_id[f.route]
    elif step == "pay":
        out["count"] = f.count
    elif step == "income":
        out["count"] = f.limit - f.taken
    return out


def public_board(s: State) -> JSON:
    """The board as every reader sees it: all of it (the supply's hidden markers as counts)."""
    b = s.board
    return {
        "side": s.side,
        "neutral": neutral_view(s),
        "borders_rule": s.borders_rule,
        "borderless": s.borderless,
        "doing": doing_view(s),
        "current": s.seats[s.current],
        "actions_left": s.actions_left,
        "permits_used": [b.city_id[c] for c in s.permits_used],
        "desks": desks_view(s),
        "routes": routes_view(s),
        "cities": cities_view(s),
        "special_prestige": [
            {"points": sp.points, "role": None if q == EMPTY else s.seats[q]}
            for sp, q in zip(b.special_spaces, s.special, strict=True)
        ],
        "completed": s.completed,
        "east_west": [owner_role(s, p) for p in s.east_west],
        "end_reason": s.end_reason or None,
        "final": s.final or None,
        **supply_view(s),
    }
