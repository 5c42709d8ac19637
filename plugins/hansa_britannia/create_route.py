"""Action E: create a trade route (RULES §6 E, §7.2, §12.2, §12.6).

Allowed only when every space of one route holds the player's own pieces; never automatic.
In order:

1. each end city's controller gains 1 prestige (before any new Kontor);
2. the route's bonus marker, if any, goes face up beside the player's desk and a replacement
   is owed (``markers.py``); if none can be drawn, the game ends after this action;
3. at most one of (or nothing at all):
   - ``office``: a Kontor in the leftmost empty printed office of an end city, of the right
     shape (a merchant for a circle) and a colour the Privilegium allows; its coin, if any, is
     prestige at once; the city's last office completes it; the other pieces go to stock;
   - ``annex_trader`` / ``annex_merchant`` (the Additional Trading Post marker, not one
     taken in this same action): a piece of the route, of the shape the player chooses,
     left of every office of an end city whose leftmost office is occupied; it never
     completes a city;
   - ``ability``: develop the ability of an end city one step; all pieces to stock;
   - ``prestige``: Plymouth's special prestige (RULES §12.2): one merchant of the route onto
     an empty special space whose colour the Privilegium allows;
4. a new Kontor or annex that links Oxford and York through cities each holding one of the
   player's Kontors scores the East–West connection: 7, 4, 2 for the first three players,
   once each;
5. the route's printed marker (Move any 2, Place 2) may be used now, and only now; it stays
   on the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import compress

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.board import ABILITY_ID, PRIVILEGE_RANK
from gameshelf.plugins.hansa_britannia.desk import develop, is_full, privilege
from gameshelf.plugins.hansa_britannia.displace import Relocation
from gameshelf.plugins.hansa_britannia.markers import take_marker
from gameshelf.plugins.hansa_britannia.move import Moving
from gameshelf.plugins.hansa_britannia.state import (
    EMPTY,
    MERCHANT,
    TRADER,
    SeatStep,
    State,
    clear_route,
    controller,
    kontors,
    machine,
    owner_role,
)

ANNEX_MARKER = "additional_trading_post"
NOT_FULL = Msg("hansa_britannia.route_not_yours")
CITY_FULL = Msg("hansa_britannia.city_full")
NEEDS_MERCHANT = Msg("hansa_britannia.office_needs_merchant")
NEEDS_TRADER = Msg("hansa_britannia.office_needs_trader")
PRIVILEGE_LOW = Msg("hansa_britannia.privilege_too_low")
NO_ANNEX_MARKER = Msg("hansa_britannia.no_annex_marker")
LEFTMOST_EMPTY = Msg("hansa_britannia.leftmost_office_empty")
TRACK_FULL = Msg("hansa_britannia.track_full")
SPACE_TAKEN = Msg("hansa_britannia.special_space_taken")
NO_MERCHANT = Msg("hansa_britannia.route_has_no_merchant")
ANNEX = ("annex_trader", "annex_merchant")  # by shape: the piece that becomes the annex
NO_ANNEX_PIECE = (
    Msg("hansa_britannia.annex_needs_trader"),
    Msg("hansa_britannia.annex_needs_merchant"),
)
NOTHING = Action("nothing")


def full_routes(s: State, p: int) -> list[bool]:
    """Whether each route (board order) is one seat ``p`` might create: every space holds its
    pieces (an empty space's code, -1, has no owner: ``route_full_of`` inline, every turn)."""
    spaces = s.spaces
    return [
        spaces[route[0]] >> 1 == p and all(spaces[sp] >> 1 == p for sp in route)
        for route in s.board.route_spaces
    ]


def options(s: State, p: int) -> Iterable[Option]:
    """Every Create a trade route of seat ``p``, refused where the route is not full of its
    pieces."""
    refusals = [None if full else NOT_FULL for full in full_routes(s, p)]
    return zip(s.board.create_actions, refusals, strict=False)


def legal(s: State, p: int) -> list[Action]:
    """The unrefused ``options`` (the turn's ``actions``)."""
    return list(compress(s.board.create_actions, full_routes(s, p)))


def on_create(s: State, p: int, route: str) -> None:
    machine.call(s, "create_route", Creation(seat=p, route=s.board.route_ix[route]))


HANDLERS = {"create": on_create}


@frame_model
class Creation:
    seat: int
    route: int
    taken: str = ""  # the bonus marker this action took (not usable inside it, RULES §7.1)
    done: bool = False  # step 3 is over; a printed marker's step may follow


def city_control_points(s: State, r: int) -> None:
    """RULES §6 E 1: each end city's controller gains 1 prestige (one seat may gain 2; the
    neutral too, RULES §14.7)."""
    b = s.board
    for c in b.route_cities[r]:
        ctl = controller(s, c)
        if ctl != EMPTY:
            s.prestige[ctl] += 1
            s.announce("hansa_britannia.control_point", role=owner_role(s, ctl), city=b.city_id[c])


def route_shapes(s: State, r: int) -> set[int]:
    return {s.spaces[sp] & 1 for sp in s.board.route_spaces[r]}


def office_refusal(s: State, p: int, r: int, c: int) -> Msg | None:
    b = s.board
    filled = len(s.offices[c])
    if filled == b.n_offices[c]:
        return CITY_FULL
    merchant = b.office_merchant[c][filled]
    if (MERCHANT if merchant else TRADER) not in route_shapes(s, r):
        return NEEDS_MERCHANT if merchant else NEEDS_TRADER
    if b.office_privilege[c][filled] > privilege(s, p):
        return PRIVILEGE_LOW
    return None


def annex_refusal(s: State, p: int, f: Creation, c: int, sh: int) -> Msg | None:
    """RULES §7.2: a piece of shape ``sh`` from the route becomes an annex of city ``c``."""
    held = s.hand[p].count(ANNEX_MARKER) - (1 if f.taken == ANNEX_MARKER else 0)
    if held <= 0:
        return NO_ANNEX_MARKER
    if not s.offices[c]:
        return LEFTMOST_EMPTY
    if sh not in route_shapes(s, f.route):
        return NO_ANNEX_PIECE[sh]
    return None


def connects_east_west(s: State, p: int) -> bool:
    """RULES §6 E 3a: Oxford and York linked by routes through cities that each hold one of
    seat ``p``'s Kontors (annexes count)."""
    board = s.board
    start, goal = board.east_west
    if not kontors(s, start, p) or not kontors(s, goal, p):
        return False
    graph = board.graph
    linked = graph.connected(
        board.city_id[start], may_cross=lambda a, b, border: kontors(s, graph.index[b], p) > 0
    )
    return board.city_id[goal] in linked


def east_west(s: State, p: int) -> None:
    """The East–West connection's points, once per owner (the neutral's too, RULES §14.7)."""
    if p in s.east_west or not connects_east_west(s, p):
        return
    awards = s.board.east_west_awards
    place = len(s.east_west)
    points = awards[place] if place < len(awards) else 0
    s.east_west.append(p)
    s.prestige[p] += points
    s.announce("hansa_britannia.east_west", role=owner_role(s, p), points=points)


def _keep(s: State, r: int, sh: int) -> int:
    """Take one piece of shape ``sh`` off route ``r`` (it becomes a Kontor); the others go to
    the general stock. Returns its code."""
    for sp in s.board.route_spaces[r]:
        if s.spaces[sp] & 1 == sh:
            code = s.spaces[sp]
            s.spaces[sp] = EMPTY
            clear_route(s, r)
            return code
    raise AssertionError(f"route {s.board.route_id[r]} has no piece of shape {sh}")


def open_office(s: State, p: int, c: int, code: int) -> None:
    """Piece ``code`` becomes owner ``p``'s Kontor in the next printed office of city ``c``:
    its coin is prestige at once, the city's last office completes it (the 8th completed
    city ends the game), and the East–West connection may be made (RULES §6 E 3a)."""
    b = s.board
    i = len(s.offices[c])
    s.offices[c].append(code)
    coin = b.office_coin[c][i]
    s.prestige[p] += coin
    s.announce("hansa_britannia.kontor", role=owner_role(s, p), city=b.city_id[c], points=coin)
    if len(s.offices[c]) == b.n_offices[c]:
        s.completed += 1
        s.announce("hansa_britannia.city_completed", city=b.city_id[c], count=s.completed)
        if s.completed >= b.completed_to_end and not s.end_reason:
            s.end_reason = "cities_8"
    east_west(s, p)


def check_prestige(s: State) -> None:
    """RULES §8, §14.2: anyone, the neutral too, at 20 prestige ends the game."""
    if not s.end_reason and any(p >= 20 for p in s.prestige):
        s.end_reason = "prestige_20"


@machine.step
class CreateRoute(SeatStep):
    """RULES §6 E: the steps above, the choice of step 3 being this step's decision."""

    name, frame_type = "create_route", Creation
    waiting = Msg("hansa_britannia.waiting_creating")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.announce("hansa_britannia.created", role=s.seats[f.seat], route=s.board.route_id[f.route])
        city_control_points(s, f.route)
        f.taken = take_marker(s, f.seat, f.route)

    def prompt(self, s: State, role: Role) -> Msg:
        return Msg("hansa_britannia.create_prompt", route=s.board.route_id[self.frame(s).route])

    def options(self, s: State, role: Role) -> Iterator[Option]:
        f = self.frame(s)
        b = s.board
        p, r = f.seat, f.route
        for c in b.route_cities[r]:
            yield Action("office", b.city_id[c]), office_refusal(s, p, r, c)
        for c in b.route_cities[r]:
            for sh in (TRADER, MERCHANT):
                yield Action(ANNEX[sh], b.city_id[c]), annex_refusal(s, p, f, c, sh)
        for c in b.route_cities[r]:
            a = b.city_ability[c]
            if a >= 0:
                yield Action("ability", ABILITY_ID[a]), TRACK_FULL if is_full(s, p, a) else None
        if b.special_city in b.route_cities[r]:
            merchant = MERCHANT in route_shapes(s, r)
            for i, space in enumerate(b.special_spaces):
                yield (
                    Action("prestige", i),
                    (
                        SPACE_TAKEN
                        if s.special[i] != EMPTY
                        else NO_MERCHANT
                        if not merchant
                        else PRIVILEGE_LOW
                        if PRIVILEGE_RANK[space.privilege] > privilege(s, p)
                        else None
                    ),
                )
        yield NOTHING, None

    def on_office(self, s: State, role: Role, city: str) -> None:
        f = self.frame(s)
        b = s.board
        c = b.city_ix[city]
        code = _keep(s, f.route, MERCHANT if b.office_merchant[c][len(s.offices[c])] else TRADER)
        open_office(s, f.seat, c, code)
        self._printed_marker(s)

    def on_annex_trader(self, s: State, role: Role, city: str) -> None:
        self._annex(s, role, city, TRADER)

    def on_annex_merchant(self, s: State, role: Role, city: str) -> None:
        self._annex(s, role, city, MERCHANT)

    def _annex(self, s: State, role: Role, city: str, sh: int) -> None:
        f = self.frame(s)
        c = s.board.city_ix[city]
        s.hand[f.seat].remove(ANNEX_MARKER)
        s.used[f.seat].append(ANNEX_MARKER)
        s.annexes[c].append(_keep(s, f.route, sh))
        s.announce("hansa_britannia.annex", role=role, city=city)
        east_west(s, f.seat)
        self._printed_marker(s)

    def on_ability(self, s: State, role: Role, ability: str) -> None:
        f = self.frame(s)
        clear_route(s, f.route)
        develop(s, f.seat, ABILITY_ID.index(ability))
        self._printed_marker(s)

    def on_prestige(self, s: State, role: Role, slot: int) -> None:
        f = self.frame(s)
        _keep(s, f.route, MERCHANT)
        s.special[slot] = f.seat
        points = s.board.special_spaces[slot].points
        s.announce("hansa_britannia.special_prestige", role=role, points=points)
        self._printed_marker(s)

    def on_nothing(self, s: State, role: Role, arg: None) -> None:
        clear_route(s, self.frame(s).route)
        self._printed_marker(s)

    def _printed_marker(self, s: State) -> None:
        """RULES §6 E, §12.6: after step 3, the route's printed marker, used now or never."""
        f = self.frame(s)
        check_prestige(s)
        kind = s.board.printed_marker[f.route]
        if kind == "move_any_2":
            s.announce("hansa_britannia.printed_marker", marker=kind)
            machine.call(
                s, "move", Moving(mover=f.seat, whose="any", limit=2, rule="same_country", least=0)
            )
        elif kind == "place_2_wales_scotland":
            s.announce("hansa_britannia.printed_marker", marker=kind)
            relocation = Relocation(
                victim=f.seat, route=f.route, extras=2, countries=["Wales", "Scotland"]
            )
            machine.call(s, "relocate", relocation)
        else:
            machine.finish(s)

    def resume(self, s: State, result: object) -> None:
        machine.finish(s)  # the printed marker's step is over: so is the action
