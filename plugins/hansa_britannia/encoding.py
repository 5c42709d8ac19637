"""Hansa Britannia for learning agents: fixed action indices and a seat's view as floats
(``core.engine.encoding``; the fields are listed in docs/rl/hansa_britannia.md, made from this
layout).

The board side (and so the spaces, routes, cities and offices) depends on the player count
(RULES §4), so N and the vector's length do too. Read from the seat's view only
(``view.py``): all is public but the face-down markers of the supply, a count. The fast way
(``parts``) reads the same from the state by the view's rules: ``fill`` of the view stays the
definition, and the walk checks both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    Field,
    Filler,
    Layout,
    SeatHeader,
    Table,
    step_names,
)
from gameshelf.core.engine.frames import current_frame
from gameshelf.core.engine.ruleset import JSON, Role, Ruleset
from gameshelf.plugins.hansa_britannia.board import ABILITY_ID, Board, board_for
from gameshelf.plugins.hansa_britannia.hidden import supply_view
from gameshelf.plugins.hansa_britannia.markers import EXTRA_ACTIONS, TYPES
from gameshelf.plugins.hansa_britannia.state import EMPTY, NEUTRAL, SHAPE_WORD, State, holder

NO_ARG = (
    "done",
    "end_turn",
    "income",
    "move",
    "nothing",
    "trader",
    "merchant",
    "pay_trader",
    "pay_merchant",
)
ON_SPACES = ("place_trader", "place_merchant", "displace_trader", "displace_merchant", "lift")
PER_DESK = 4 + 1 + len(ABILITY_ID) + 2 * len(TYPES) + 1
PIECES = 20.0  # a desk's pieces are counted over this
CHUNK = 16  # the fast way reads the route spaces and the cities in runs of this many


def action_space(b: Board) -> ActionSpace:
    swaps = [f"{city}:{i}" for c, city in enumerate(b.city_id) for i in range(b.n_offices[c] - 1)]
    return ActionSpace(
        [
            *((word, [None]) for word in NO_ARG),
            *((word, range(b.n_spaces)) for word in ON_SPACES),
            ("create", b.route_id),
            ("route", b.route_id),
            ("office", b.city_id),
            ("annex_trader", b.city_id),
            ("annex_merchant", b.city_id),
            ("ability", ABILITY_ID),
            ("prestige", range(len(b.special_spaces))),
            ("marker", TYPES),
            ("ignore_borders", EXTRA_ACTIONS),
            ("swap", swaps),
        ]
    )


class HansaEncoding(Encoding):
    one_memory = True  # fewer writes than a memory a seat (docs/performance.md)

    def __init__(self, ruleset: Ruleset[Any], roles: tuple[Role, ...], b: Board) -> None:
        self.roles, self.board, self.actions = roles, b, action_space(b)
        self.seats, self.owners = Table(roles), Table((*roles, NEUTRAL))
        self.routes, self.cities = Table(b.route_id), Table(b.city_id)
        self.markers, self.shapes = Table(TYPES), Table(SHAPE_WORD)
        self.office_at = [sum(b.n_offices[:c]) for c in range(b.n_cities)]
        m, n = len(self.owners), len(roles)
        lay = self.layout = Layout()
        self.header = SeatHeader(lay, roles, step_names(ruleset))
        self.game = lay.add(
            "game",
            6,
            "actions left over 5; completed cities over 10; the borders rule in play; "
            "borders ignored this action; markers in the supply over 12; the game is over",
        )
        self.current = lay.add("current", n, "the seat whose turn it is")
        self.desk = lay.add(
            "desks",
            n * PER_DESK,
            f"per seat: supply traders and merchants, stock traders and merchants over "
            f"{PIECES:g}; prestige over 20; ability levels over 5 ({', '.join(ABILITY_ID)}); "
            "markers held and markers used (a count per kind over 3); replacement markers "
            "owed over 5",
        )
        self.space = lay.add(
            "spaces",
            b.n_spaces * (m + 2),
            "per route space in board order: its owner (seats, then the neutral), trader, merchant",
        )
        self.marker = lay.add(
            "route_markers", b.n_routes * len(TYPES), "per route: the bonus marker on it"
        )
        offices = sum(b.n_offices)
        self.office = lay.add(
            "offices",
            offices * (m + 2),
            "per printed office, city by city, left to right: its owner, trader, merchant",
        )
        self.city = lay.add(
            "cities",
            b.n_cities * (2 * m + 1),
            "per city: annexes per owner over 4, its controller, used for a permission this turn",
        )
        self.special = lay.add(
            "special_prestige", len(b.special_spaces) * n, "per special prestige space: owner"
        )
        self.east_west = lay.add("east_west", m, "owners who linked east and west")
        self.neutral = lay.add(
            "neutral", 3, "the neutral of two players: prestige over 20, Kontors over 10, owed"
        )
        self.doing = lay.add(
            "doing",
            n + b.n_routes + 1,
            "the decision under way: whose it is, the route it is about, the count left over 10",
        )
        self.seat_list = list(roles)
        self.owner_of = [min(code >> 1, n) for code in range(2 * (n + 2))]  # code -> owner
        self.space_runs = range(0, b.n_spaces, CHUNK)
        self.city_runs = range(0, b.n_cities, CHUNK)
        self.fillers = (
            self.fill_game_part,
            *(partial(self.fill_desk_part, p) for p in range(n)),
            *(partial(self.fill_spaces_part, first) for first in self.space_runs),
            self.fill_markers_part,
            *(partial(self.fill_cities_part, first) for first in self.city_runs),
            self.fill_others_part,
        )

    def fill(self, view: JSON, out: Filler) -> None:
        self.header.fill(view, out)
        for i, value in enumerate(
            (
                view["actions_left"] / 5,
                view["completed"] / 10,
                float(view["borders_rule"]),
                float(view["borderless"]),
                view["markers_supply"] / 12,
                float(view["end_reason"] is not None),
            )
        ):
            out.put(self.game, value, i)
        out.one_hot(self.current, self.seats, view["current"])
        for desk in view["desks"]:
            self.fill_desk(desk, out)
        self.fill_routes(view, out)
        self.fill_cities(view, out)
        self.fill_others(view, out)

    def fill_desk(self, desk: JSON, out: Filler) -> None:
        at = self.seats.at[desk["role"]] * PER_DESK
        for i, where in enumerate(("supply", "stock")):
            for j, shape in enumerate(SHAPE_WORD):
                out.put(self.desk, desk[where][shape] / PIECES, at + 2 * i + j)
        out.put(self.desk, desk["prestige"] / 20, at + 4)
        for i, ability in enumerate(ABILITY_ID):
            out.put(self.desk, desk["abilities"][ability] / 5, at + 5 + i)
        held = at + 5 + len(ABILITY_ID)  # then a count per marker kind, held and used
        for block, key in enumerate(("markers", "used")):
            for kind in desk[key]:
                out.add(self.desk, 1 / 3, held + block * len(TYPES) + self.markers.at[kind])
        out.put(self.desk, desk["owed"] / 5, at + PER_DESK - 1)

    def piece(self, f: Field, piece: JSON | None, at: int, out: Filler) -> None:
        """A piece at place ``at`` (of ``len(owners) + 2`` places) of field ``f``."""
        if piece is not None:
            m = len(self.owners)
            out.put(f, 1.0, at * (m + 2) + self.owners.at[piece["role"]])
            out.put(f, 1.0, at * (m + 2) + m + self.shapes.at[piece["piece"]])

    def fill_routes(self, view: JSON, out: Filler) -> None:
        for route_id, route in view["routes"].items():
            for i, piece in enumerate(route["spaces"]):
                self.piece(self.space, piece, route["first_space"] + i, out)
            if route["marker"]:
                out.one_hot(self.marker, self.markers, route["marker"], self.routes.at[route_id])

    def fill_cities(self, view: JSON, out: Filler) -> None:
        m = len(self.owners)
        for city_id, city in view["cities"].items():
            c = self.cities.at[city_id]
            for i, piece in enumerate(city["offices"]):
                self.piece(self.office, piece, self.office_at[c] + i, out)
            for piece in city["annexes"]:
                out.add(self.city, 0.25, c * (2 * m + 1) + self.owners.at[piece["role"]])
            if city["controller"]:
                out.put(self.city, 1.0, c * (2 * m + 1) + m + self.owners.at[city["controller"]])
        for city_id in view["permits_used"]:
            out.put(self.city, 1.0, self.cities.at[city_id] * (2 * m + 1) + 2 * m)

    def fill_others(self, view: JSON, out: Filler) -> None:
        for i, space in enumerate(view["special_prestige"]):
            out.one_hot(self.special, self.seats, space["role"], i)
        out.hot(self.east_west, self.owners, view["east_west"])
        neutral = view["neutral"]
        if neutral is not None:
            out.put(self.neutral, neutral["prestige"] / 20, 0)
            out.put(self.neutral, neutral["kontors"] / 10, 1)
            out.put(self.neutral, neutral["owed"] / 5, 2)
        doing = view["doing"]
        if doing is not None:
            n = len(self.seats)
            out.one_hot(self.doing, self.seats, doing["role"])
            if "route" in doing:
                out.put(self.doing, 1.0, n + self.routes.at[doing["route"]])
            if "count" in doing:
                out.put(self.doing, doing["count"] / 10, n + len(self.routes))

    # --- the fast way: the seat's observation read from the state (view.py's rules) ----------
    # Pieces are kept as the state's codes (owner << 1 | shape): the seats in seating order,
    # the neutral after them, as the view's owners (view.py: owner_role).

    def parts(self, s: State, role: Role) -> tuple[Any, ...]:
        # the state's lists are read as they are (a seat's memory copies what changed)
        if s.seats != self.seat_list:
            raise ValueError(f"the game seats {s.seats}, the encoding {self.roles}")
        spaces, offices, annexes = s.spaces, s.offices, s.annexes
        parts: list[Any] = [
            (
                s.actions_left,
                s.completed,
                s.borders_rule,
                s.borderless,
                supply_view(s)["markers_supply"],
                bool(s.end_reason),
                s.current,
            )
        ]
        for p in range(len(self.roles)):
            desk = (s.supply[p], s.stock[p], s.prestige[p], s.level[p], s.hand[p], s.used[p])
            parts.append((*desk, s.owed[p]))
        for first in self.space_runs:
            parts.append(spaces[first : first + CHUNK])
        parts.append(s.route_marker)
        for first in self.city_runs:
            parts.append((offices[first : first + CHUNK], annexes[first : first + CHUNK]))
        parts.append(
            (s.permits_used, s.special, s.east_west, self.neutral_part(s), self.doing_part(s))
        )
        return tuple(parts)

    def neutral_part(self, s: State) -> tuple[int, int, int] | None:
        """view.py's ``neutral_view``: prestige, Kontors, replacement markers owed."""
        if s.neutral == EMPTY:
            return None
        p = s.neutral
        kontors = sum(1 for offices in s.offices for k in offices if k >> 1 == p)
        return s.prestige[p], kontors, s.neutral_owed

    def doing_part(self, s: State) -> tuple[int, int, float] | None:
        """view.py's ``doing_view`` as the vector reads it: whose decision, the route it is
        about (-1: none), the count left (-1: none)."""
        f = current_frame(s)
        if f is None:
            return None
        step = s.step
        if step == "move":
            return f.mover, -1, -1
        route = f.route if step in ("relocate", "create_route", "neutral_route") else -1
        count = f.count if step == "pay" else f.limit - f.taken if step == "income" else -1
        return f.seat, route, count

    def owner(self, code: int) -> int:
        """The place of a piece's owner among the owners (the seats, then the neutral)."""
        return min(code >> 1, len(self.roles))

    def fill_game_part(self, part: tuple[Any, ...], out: Filler) -> None:
        left, completed, rule, borderless, supply, over, current = part
        put, at = out.at, self.game.offset
        for i, value in enumerate((left / 5, completed / 10, float(rule), float(borderless))):
            put(at + i, value)
        put(at + 4, supply / 12)
        put(at + 5, float(over))
        put(self.current.offset + current, 1.0)

    def fill_desk_part(self, p: int, part: tuple[Any, ...], out: Filler) -> None:
        supply, stock, prestige, levels, held, used, owed = part
        put, at = out.at, self.desk.offset + p * PER_DESK
        for i, count in enumerate((*supply, *stock)):
            put(at + i, count / PIECES)
        put(at + 4, prestige / 20)
        for i, level in enumerate(levels):
            put(at + 5 + i, level / 5)
        kinds = 5 + len(ABILITY_ID) + p * PER_DESK  # a count per marker kind, held and used
        for block, markers in enumerate((held, used)):
            for kind in markers:  # added one by one, as the view's fill does (float32 sums)
                out.add(self.desk, 1 / 3, kinds + block * len(TYPES) + self.markers.at[kind])
        put(at + PER_DESK - 1, owed / 5)

    def fill_spaces_part(self, first: int, codes: list[int], out: Filler) -> None:
        width, m, owner_of = len(self.owners) + 2, len(self.owners), self.owner_of
        vector, note = out.writes()
        at = self.space.offset + first * width
        for code in codes:
            if code != EMPTY:
                vector[at + owner_of[code]] = vector[at + m + (code & 1)] = 1.0
                note(at + owner_of[code])
                note(at + m + (code & 1))
            at += width

    def fill_markers_part(self, markers: tuple[str, ...], out: Filler) -> None:
        for r, marker in enumerate(markers):
            if marker:
                out.one_hot(self.marker, self.markers, marker, r)

    def fill_cities_part(self, first: int, part: tuple[Any, ...], out: Filler) -> None:
        m = len(self.owners)
        width = 2 * m + 1
        put = out.at
        for c, (offices, annexes) in enumerate(zip(*part, strict=True), start=first):
            at = self.office.offset + self.office_at[c] * (m + 2)
            for i, code in enumerate(offices):
                put(at + i * (m + 2) + self.owner(code), 1.0)
                put(at + i * (m + 2) + m + (code & 1), 1.0)
            city = self.city.offset + c * width
            for owner in {self.owner(code) for code in annexes}:
                count = sum(1 for code in annexes if self.owner(code) == owner)
                put(city + owner, 0.25 * count)
            held = holder(offices, annexes)
            if held != EMPTY:
                put(city + m + self.owner(held << 1), 1.0)

    def fill_others_part(self, part: tuple[Any, ...], out: Filler) -> None:
        permits, special, east_west, neutral, doing = part
        m, n, put = len(self.owners), len(self.seats), out.at
        for c in permits:
            put(self.city.offset + c * (2 * m + 1) + 2 * m, 1.0)
        for i, seat in enumerate(special):
            if seat != EMPTY:
                put(self.special.offset + i * n + seat, 1.0)
        for owner in east_west:
            put(self.east_west.offset + self.owner(owner << 1), 1.0)
        if neutral is not None:
            prestige, kontors, owed = neutral
            at = self.neutral.offset
            put(at, prestige / 20)
            put(at + 1, kontors / 10)
            put(at + 2, owed / 5)
        if doing is not None:
            seat, route, count = doing
            at = self.doing.offset
            put(at + seat, 1.0)
            if route >= 0:
                put(at + n + route, 1.0)
            if count >= 0:
                put(at + n + len(self.routes), count / 10)


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> HansaEncoding:
    """The board side, and so the encoding, follows the player count (RULES §4)."""
    roles = tuple(ruleset.roles(players))
    return HansaEncoding(ruleset, roles, board_for(len(roles)))
