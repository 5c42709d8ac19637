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
   - ``annex`` (the Additional Trading Post marker, not one taken in this same action): a
     piece of either shape left of every office of an end city whose leftmost office is
     occupied; it never completes a city. The piece kept is a trader when the route has one
     (the cheaper piece: our ruling, the rules leave the choice to the player);
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

from collections.abc import Iterator

from gameshelf.core.frames import frame_model
from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import Action, Role
from gameshelf.core.steps import Option
from gameshelf.plugins.hansa_britannia.board import (
    ABILITY_ID,
    CITY_ABILITY,
    CITY_ID,
    COMPLETED_TO_END,
    EAST_WEST,
    EAST_WEST_AWARDS,
    GRAPH,
    N_OFFICES,
    OFFICE_COIN,
    OFFICE_MERCHANT,
    OFFICE_PRIVILEGE,
    PRINTED_MARKER,
    PRIVILEGE_RANK,
    ROUTE_CITIES,
    ROUTE_ID,
    ROUTE_IX,
    ROUTE_SPACES,
    SPECIAL_CITY,
    SPECIAL_SPACES,
)
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
    route_full_of,
)

ANNEX_MARKER = "additional_trading_post"
CREATE = tuple(Action("create", r) for r in ROUTE_ID)
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
NOTHING = Action("nothing")


def options(s: State, p: int) -> Iterator[Option]:
    for r, action in enumerate(CREATE):
        yield action, None if route_full_of(s, r, p) else NOT_FULL


def legal(s: State, p: int) -> list[Action]:
    """``route_full_of`` for every route, inline (the hot path; checked against ``options``):
    an empty space's code (-1) has no owner."""
    spaces = s.spaces
    return [
        CREATE[r]
        for r, route in enumerate(ROUTE_SPACES)
        if spaces[route[0]] >> 1 == p and all(spaces[sp] >> 1 == p for sp in route)
    ]


def on_create(s: State, p: int, route: str) -> None:
    machine.call(s, "create_route", Creation(seat=p, route=ROUTE_IX[route]))


HANDLERS = {"create": on_create}


@frame_model
class Creation:
    seat: int
    route: int
    taken: str = ""  # the bonus marker this action took (not usable inside it, RULES §7.1)
    done: bool = False  # step 3 is over; a printed marker's step may follow


def city_control_points(s: State, r: int) -> None:
    """RULES §6 E 1: each end city's controller gains 1 prestige (one seat may gain 2)."""
    for c in ROUTE_CITIES[r]:
        ctl = controller(s, c)
        if ctl != EMPTY:
            s.prestige[ctl] += 1
            s.say(Msg("hansa_britannia.control_point", role=s.seats[ctl], city=CITY_ID[c]))


def route_shapes(s: State, r: int) -> set[int]:
    return {s.spaces[sp] & 1 for sp in ROUTE_SPACES[r]}


def office_refusal(s: State, p: int, r: int, c: int) -> Msg | None:
    filled = len(s.offices[c])
    if filled == N_OFFICES[c]:
        return CITY_FULL
    merchant = OFFICE_MERCHANT[c][filled]
    if (MERCHANT if merchant else TRADER) not in route_shapes(s, r):
        return NEEDS_MERCHANT if merchant else NEEDS_TRADER
    if OFFICE_PRIVILEGE[c][filled] > privilege(s, p):
        return PRIVILEGE_LOW
    return None


def annex_refusal(s: State, p: int, f: Creation, c: int) -> Msg | None:
    held = s.hand[p].count(ANNEX_MARKER) - (1 if f.taken == ANNEX_MARKER else 0)
    if held <= 0:
        return NO_ANNEX_MARKER
    if not s.offices[c]:
        return LEFTMOST_EMPTY
    return None


def connects_east_west(s: State, p: int) -> bool:
    """RULES §6 E 3a: Oxford and York linked by routes through cities that each hold one of
    seat ``p``'s Kontors (annexes count)."""
    start, goal = EAST_WEST
    if not kontors(s, start, p) or not kontors(s, goal, p):
        return False
    linked = GRAPH.connected(
        CITY_ID[start], may_cross=lambda a, b, border: kontors(s, GRAPH.index[b], p) > 0
    )
    return CITY_ID[goal] in linked


def east_west(s: State, p: int) -> None:
    if p in s.east_west or not connects_east_west(s, p):
        return
    place = len(s.east_west)
    points = EAST_WEST_AWARDS[place] if place < len(EAST_WEST_AWARDS) else 0
    s.east_west.append(p)
    s.prestige[p] += points
    s.say(Msg("hansa_britannia.east_west", role=s.seats[p], points=points))


def _keep(s: State, r: int, sh: int) -> int:
    """Take one piece of shape ``sh`` off route ``r`` (it becomes a Kontor); the others go to
    the general stock. Returns its code."""
    for sp in ROUTE_SPACES[r]:
        if s.spaces[sp] & 1 == sh:
            code = s.spaces[sp]
            s.spaces[sp] = EMPTY
            clear_route(s, r)
            return code
    raise AssertionError(f"route {ROUTE_ID[r]} has no piece of shape {sh}")


@machine.step
class CreateRoute(SeatStep):
    """RULES §6 E: the steps above, the choice of step 3 being this step's decision."""

    name, frame_type = "create_route", Creation
    waiting = Msg("hansa_britannia.waiting_creating")

    def begin(self, s: State) -> None:
        f = self.frame(s)
        s.say(Msg("hansa_britannia.created", role=s.seats[f.seat], route=ROUTE_ID[f.route]))
        city_control_points(s, f.route)
        f.taken = take_marker(s, f.seat, f.route)

    def prompt(self, s: State, role: Role) -> Msg:
        return Msg("hansa_britannia.create_prompt", route=ROUTE_ID[self.frame(s).route])

    def options(self, s: State, role: Role) -> Iterator[Option]:
        f = self.frame(s)
        p, r = f.seat, f.route
        for c in ROUTE_CITIES[r]:
            yield Action("office", CITY_ID[c]), office_refusal(s, p, r, c)
        for c in ROUTE_CITIES[r]:
            yield Action("annex", CITY_ID[c]), annex_refusal(s, p, f, c)
        for c in ROUTE_CITIES[r]:
            a = CITY_ABILITY[c]
            if a >= 0:
                yield Action("ability", ABILITY_ID[a]), TRACK_FULL if is_full(s, p, a) else None
        if SPECIAL_CITY in ROUTE_CITIES[r]:
            merchant = MERCHANT in route_shapes(s, r)
            for i, space in enumerate(SPECIAL_SPACES):
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
        c = GRAPH.index[city]
        i = len(s.offices[c])
        code = _keep(s, f.route, MERCHANT if OFFICE_MERCHANT[c][i] else TRADER)
        s.offices[c].append(code)
        coin = OFFICE_COIN[c][i]
        s.prestige[f.seat] += coin
        s.say(Msg("hansa_britannia.kontor", role=role, city=city, points=coin))
        if len(s.offices[c]) == N_OFFICES[c]:
            s.completed += 1
            s.say(Msg("hansa_britannia.city_completed", city=city, count=s.completed))
            if s.completed >= COMPLETED_TO_END and not s.end_reason:
                s.end_reason = "cities_8"
        east_west(s, f.seat)
        self._printed_marker(s)

    def on_annex(self, s: State, role: Role, city: str) -> None:
        f = self.frame(s)
        c = GRAPH.index[city]
        s.hand[f.seat].remove(ANNEX_MARKER)
        s.used[f.seat].append(ANNEX_MARKER)
        code = _keep(s, f.route, TRADER if TRADER in route_shapes(s, f.route) else MERCHANT)
        s.annexes[c].append(code)
        s.say(Msg("hansa_britannia.annex", role=role, city=city))
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
        s.say(
            Msg("hansa_britannia.special_prestige", role=role, points=SPECIAL_SPACES[slot].points)
        )
        self._printed_marker(s)

    def on_nothing(self, s: State, role: Role, arg: None) -> None:
        clear_route(s, self.frame(s).route)
        self._printed_marker(s)

    def _printed_marker(self, s: State) -> None:
        """RULES §6 E, §12.6: after step 3, the route's printed marker, used now or never."""
        f = self.frame(s)
        if any(p >= 20 for p in s.prestige) and not s.end_reason:
            s.end_reason = "prestige_20"
        kind = PRINTED_MARKER[f.route]
        if kind == "move_any_2":
            s.say(Msg("hansa_britannia.printed_marker", marker=kind))
            machine.call(
                s, "move", Moving(mover=f.seat, whose="any", limit=2, rule="same_country", least=0)
            )
        elif kind == "place_2_wales_scotland":
            s.say(Msg("hansa_britannia.printed_marker", marker=kind))
            relocation = Relocation(
                victim=f.seat, route=f.route, extras=2, countries=["Wales", "Scotland"]
            )
            machine.call(s, "relocate", relocation)
        else:
            machine.finish(s)

    def resume(self, s: State, result: object) -> None:
        machine.finish(s)  # the printed marker's step is over: so is the action
