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

from array import array
from collections.abc import Mapping
from functools import partial
from typing import Any

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    Field,
    Filler,
    Layout,
    Runs,
    SeatHeader,
    Table,
    hot_rows,
    one_hot_rows,
    scaled,
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
        self.office_at = [sum(b.n_offices[:c]) for c in range(b.n_cities + 1)]
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
        self.space_runs = range(0, b.n_spaces, CHUNK)
        self.city_runs = range(0, b.n_cities, CHUNK)
        self.make_runs()
        self.fillers = (
            self.fill_game_part,
            *(partial(self.fill_desk_part, self.desk_places(p)) for p in range(n)),
            *(partial(self.fill_spaces_part, self.space_places(i)) for i in self.space_runs),
            self.fill_markers_part,
            *(
                partial(self.fill_cities_part, i, self.office_places(i), self.city_places(i))
                for i in self.city_runs
            ),
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
            city = (offices[first : first + CHUNK], annexes[first : first + CHUNK])
            parts.append((*city, s.permits_used))
        parts.append((s.special, s.east_west, self.neutral_part(s), self.doing_part(s)))
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

    # Every filler writes its places whole at each call (``Filler.raw``, from the runs made
    # in ``make_runs``): nothing is noted, so nothing needs clearing at the next change.

    def make_runs(self) -> None:
        """The rows and runs of places the fast fillers write, made once or once met."""
        m, n = len(self.owners), len(self.roles)
        self.game_runs = Runs(self.game_run)
        self.seat_rows = {**one_hot_rows(range(n)), EMPTY: bytes(4 * n)}
        self.piece_rows = {EMPTY: bytes(4 * (m + 2))}
        self.piece_rows.update((code, self.piece_row(code)) for code in range(2 * m))
        self.pieces_runs, self.level_runs = Runs(self.pieces_run), Runs(self.level_run)
        self.prestige_runs, self.owed_runs = scaled(20), scaled(5)
        self.marker_counts = Runs(self.marker_count)
        self.marker_rows = {**one_hot_rows(TYPES), "": bytes(4 * len(TYPES))}
        self.kontors_runs, self.city_rows = Runs(self.kontors_run), Runs(self.city_row)
        self.owner_hots = hot_rows(range(m))
        self.neutral_runs, self.doing_runs = Runs(self.neutral_run), Runs(self.doing_run)
        self.game_and_current = self.game.through(self.current)
        self.others = self.special.through(self.doing)

    def desk_places(self, p: int) -> slice:
        return self.desk.places(p * PER_DESK, (p + 1) * PER_DESK)

    def space_places(self, first: int) -> slice:
        width, stop = len(self.owners) + 2, min(first + CHUNK, self.board.n_spaces)
        return self.space.places(first * width, stop * width)

    def office_places(self, first: int) -> slice:
        width, stop = len(self.owners) + 2, min(first + CHUNK, self.board.n_cities)
        return self.office.places(self.office_at[first] * width, self.office_at[stop] * width)

    def city_places(self, first: int) -> slice:
        width, stop = 2 * len(self.owners) + 1, min(first + CHUNK, self.board.n_cities)
        return self.city.places(first * width, stop * width)

    def game_run(self, part: tuple[Any, ...]) -> bytes:
        left, completed, rule, borderless, supply, over, current = part
        game = (left / 5, completed / 10, rule, borderless, supply / 12, over)
        return array("f", game).tobytes() + self.seat_rows[current]

    def piece_row(self, code: int) -> bytes:
        """A piece's places: its owner, then its shape (trader, merchant)."""
        m = len(self.owners)
        row = array("f", bytes(4 * (m + 2)))
        row[code >> 1] = row[m + (code & 1)] = 1.0
        return row.tobytes()

    def pieces_run(self, counts: tuple[int, ...]) -> bytes:
        return array("f", [count / PIECES for count in counts]).tobytes()

    def level_run(self, levels: tuple[int, ...]) -> bytes:
        return array("f", [level / 5 for level in levels]).tobytes()

    def marker_count(self, kinds: tuple[str, ...]) -> bytes:
        """A count per marker kind over 3, added one by one as the view's fill does."""
        row = array("f", bytes(4 * len(TYPES)))
        for kind in kinds:
            row[self.markers.at[kind]] += 1 / 3
        return row.tobytes()

    def kontors_run(self, city: tuple[int, tuple[int, ...]]) -> bytes:
        """The printed offices of city ``c``, filled left to right."""
        c, offices = city
        vacant = bytes(4 * (len(self.owners) + 2) * (self.board.n_offices[c] - len(offices)))
        return b"".join(map(self.piece_rows.__getitem__, offices)) + vacant

    def city_row(self, city: tuple[tuple[int, ...], tuple[int, ...], bool]) -> bytes:
        """Annexes per owner over 4, the controller, used for a permission this turn."""
        offices, annexes, permit = city
        m = len(self.owners)
        row = array("f", bytes(4 * (2 * m + 1)))
        for code in annexes:
            row[code >> 1] += 0.25
        held = holder(offices, annexes)
        if held != EMPTY:
            row[m + held] = 1.0
        row[2 * m] = permit
        return row.tobytes()

    def neutral_run(self, neutral: tuple[int, int, int] | None) -> bytes:
        if neutral is None:
            return bytes(4 * self.neutral.size)
        prestige, kontors, owed = neutral
        return array("f", (prestige / 20, kontors / 10, owed / 5)).tobytes()

    def doing_run(self, doing: tuple[int, int, float] | None) -> bytes:
        row = array("f", bytes(4 * self.doing.size))
        if doing is not None:
            seat, route, count = doing
            n = len(self.seats)
            row[seat] = 1.0
            if route >= 0:
                row[n + route] = 1.0
            if count >= 0:
                row[n + len(self.routes)] = count / 10
        return row.tobytes()

    def fill_game_part(self, part: tuple[Any, ...], out: Filler) -> None:
        out.raw[self.game_and_current] = self.game_runs[part]

    def fill_desk_part(self, desk: slice, part: tuple[Any, ...], out: Filler) -> None:
        supply, stock, prestige, levels, held, used, owed = part
        markers = self.marker_counts
        runs = (
            self.pieces_runs[(*supply, *stock)],
            self.prestige_runs[prestige],
            self.level_runs[tuple(levels)],
            markers[tuple(held)],
            markers[tuple(used)],
            self.owed_runs[owed],
        )
        out.raw[desk] = b"".join(runs)

    def fill_spaces_part(self, spaces: slice, codes: list[int], out: Filler) -> None:
        out.raw[spaces] = b"".join(map(self.piece_rows.__getitem__, codes))

    def fill_markers_part(self, markers: list[str], out: Filler) -> None:
        out.raw[self.marker.raw] = b"".join(map(self.marker_rows.__getitem__, markers))

    def fill_cities_part(
        self, first: int, kontors_at: slice, cities_at: slice, part: tuple[Any, ...], out: Filler
    ) -> None:
        offices, annexes, permits = part
        cities = range(first, first + len(offices))
        filled = list(map(tuple, offices))
        kontors = map(self.kontors_runs.__getitem__, zip(cities, filled, strict=True))
        out.raw[kontors_at] = b"".join(kontors)
        used = map(permits.__contains__, cities)
        rows = zip(filled, map(tuple, annexes), used, strict=True)
        out.raw[cities_at] = b"".join(map(self.city_rows.__getitem__, rows))

    def fill_others_part(self, part: tuple[Any, ...], out: Filler) -> None:
        special, east_west, neutral, doing = part
        runs = (
            *map(self.seat_rows.__getitem__, special),
            self.owner_hots[tuple(east_west)],
            self.neutral_runs[neutral],
            self.doing_runs[doing],
        )
        out.raw[self.others] = b"".join(runs)


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> HansaEncoding:
    """The board side, and so the encoding, follows the player count (RULES §4)."""
    roles = tuple(ruleset.roles(players))
    return HansaEncoding(ruleset, roles, board_for(len(roles)))
