"""Bonus markers (RULES §7, §12.2, §12.6, §13.6).

- ``take_marker``: creating a route with a marker takes it face up; a replacement is owed,
  and if the supply cannot give one the game ends after this action (RULES §8).
- Using one (``UseMarker``, an ambient action of the step "turn"): at any moment of one's own
  turn between actions, even after the last one, costing no action, once each; never inside
  the Create a trade route action that gave it (that action is a step of its own, where no
  marker is offered). Exchange Trading Posts swaps two neighbouring printed offices of a city,
  one of them the player's and the other another seat's (no coin, RULES §13.8); Develop 1
  Ability develops any track one step; +3/+4 Actions add actions to this turn; Move 3
  Tradesmen moves up to 3 opponents' pieces, each staying in its country (``move.py``). The
  Additional Trading Post is used inside a later Create a trade route (``create_route.py``).
- ``ReplaceMarkers``, at the very end of the turn: the replacements owed are placed one by one
  (RULES §13.6, the conditions checked again each time) on a route with no marker and no piece,
  an end city with an empty printed office, English, without a printed marker (RULES §7.3,
  §12.2). A replacement with no such route is kept for the end of a later turn.
- The printed markers (Move any 2, Place 2) are used at the end of the action that created
  their route, only then, and never taken (``create_route.py``).

Two players with a neutral (RULES §14.6): a marker on a route the neutral completes is
discarded without effect (``discard_for_neutral``) and a replacement is owed for the neutral
(``s.neutral_owed``); at the end of the turn the current player places its own replacements
and the neutral's, by the normal conditions, and a neutral trader goes on the first space of
every route that received one. If no route qualifies, a route holding exactly one piece, a
neutral trader, qualifies instead (the other conditions still hold); it gets no further
neutral trader.

The optional border rule (RULES §14.8, a match option, ``s.borders_rule``): an unused +3 or
+4 Actions marker may instead be discarded (``ignore_borders``) to ignore borders for the
rest of the turn; it gives no actions and no longer scores.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Ambient, Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.board import ABILITY_ID
from gameshelf.plugins.hansa_britannia.desk import develop, is_full
from gameshelf.plugins.hansa_britannia.hidden import draw, drawable
from gameshelf.plugins.hansa_britannia.move import Moving
from gameshelf.plugins.hansa_britannia.state import (
    EMPTY,
    TRADER,
    SeatStep,
    State,
    machine,
    route_is_empty,
)

TYPES = (
    "additional_trading_post",
    "exchange_trading_posts",
    "develop_ability",
    "plus_3_actions",
    "plus_4_actions",
    "move_3_tradesmen",
)
USE = {t: Action("marker", t) for t in TYPES}
EXTRA_ACTIONS = ("plus_3_actions", "plus_4_actions")  # RULES §14.8: these may pay for it
IGNORE = {t: Action("ignore_borders", t) for t in EXTRA_ACTIONS}
ALREADY_BORDERLESS = Msg("hansa_britannia.borders_already_ignored")
NOT_HELD = Msg("hansa_britannia.marker_not_held")
ONLY_IN_CREATE = Msg("hansa_britannia.annex_only_in_create")
NO_SWAP = Msg("hansa_britannia.no_exchange_possible")
ALL_FULL = Msg("hansa_britannia.all_tracks_full")
NO_RIVAL_PIECE = Msg("hansa_britannia.no_rival_piece")
BAD_ROUTE = Msg("hansa_britannia.marker_route_refused")


def take_marker(s: State, p: int, r: int) -> str:
    """RULES §6 E 2: the route's marker, if any, to seat ``p``; returns it (or "")."""
    kind = s.route_marker[r]
    if not kind:
        return ""
    s.route_marker[r] = ""
    s.hand[p].append(kind)
    s.owed[p] += 1
    s.announce("hansa_britannia.marker_taken", role=s.seats[p], marker=kind)
    _check_supply(s)
    return kind


def discard_for_neutral(s: State, r: int) -> None:
    """RULES §14.6: the neutral completed route ``r``: its marker, if any, is discarded
    without effect, and a replacement is owed for the neutral."""
    kind = s.route_marker[r]
    if not kind:
        return
    s.route_marker[r] = ""
    s.neutral_owed += 1
    s.announce("hansa_britannia.neutral_marker_discarded", marker=kind)
    _check_supply(s)


def _check_supply(s: State) -> None:
    if drawable(s) < 0 and not s.end_reason:
        s.end_reason = "markers_out"  # RULES §8: no replacement can be drawn
        s.announce("hansa_britannia.markers_out")


# --- using a marker ----------------------------------------------------------------------


def swaps(s: State, p: int) -> Iterator[str]:
    """The pairs of neighbouring printed offices seat ``p`` may exchange: "city:i" swaps
    offices i and i+1, one of them ``p``'s and the other another seat's."""
    city_id = s.board.city_id
    for c, offices in enumerate(s.offices):
        for i in range(len(offices) - 1):
            a, b = offices[i] >> 1, offices[i + 1] >> 1
            if a != b and p in (a, b):
                yield f"{city_id[c]}:{i}"


def marker_refusal(s: State, p: int, kind: str) -> Msg | None:
    if kind not in s.hand[p]:
        return NOT_HELD
    if kind == "additional_trading_post":
        return ONLY_IN_CREATE
    if kind == "exchange_trading_posts" and next(swaps(s, p), None) is None:
        return NO_SWAP
    if kind == "develop_ability" and all(is_full(s, p, a) for a in range(len(ABILITY_ID))):
        return ALL_FULL
    if kind == "move_3_tradesmen" and not any(c != EMPTY and c >> 1 != p for c in s.spaces):
        return NO_RIVAL_PIECE
    return None


@machine.ambient
class UseMarker(Ambient[State]):
    """A bonus marker from beside the desk, between the actions of one's own turn."""

    name, tag = "use_marker", "turn"

    def options(self, s: State, role: Role) -> Iterator[Option]:
        p = s.current
        if not s.hand[p]:
            return
        for kind in TYPES:
            yield USE[kind], marker_refusal(s, p, kind)
        if s.borders_rule:
            for kind in EXTRA_ACTIONS:
                why = NOT_HELD if kind not in s.hand[p] else None
                yield IGNORE[kind], why or (ALREADY_BORDERLESS if s.borderless else None)

    def on_ignore_borders(self, s: State, role: Role, kind: str) -> None:
        """RULES §14.8: the marker is discarded (it no longer scores) for a turn without
        borders."""
        s.hand[s.current].remove(kind)
        s.borderless = True
        s.announce("hansa_britannia.borders_ignored", role=role, marker=kind)

    def on_marker(self, s: State, role: Role, kind: str) -> None:
        p = s.current
        s.hand[p].remove(kind)
        s.used[p].append(kind)
        s.announce("hansa_britannia.marker_used", role=role, marker=kind)
        if kind == "plus_3_actions":
            s.actions_left += 3
        elif kind == "plus_4_actions":
            s.actions_left += 4
        elif kind == "exchange_trading_posts":
            machine.call(s, "exchange", MarkerUse(seat=p))
        elif kind == "develop_ability":
            machine.call(s, "develop_marker", MarkerUse(seat=p))
        else:  # move_3_tradesmen
            machine.call(
                s,
                "move",
                Moving(mover=p, whose="rivals", limit=3, rule="same_country", least=0),
            )


@frame_model
class MarkerUse:
    seat: int


@machine.step
class ExchangeOffices(SeatStep):
    """Exchange Trading Posts: the two neighbouring printed offices to swap."""

    name, frame_type = "exchange", MarkerUse
    waiting = Msg("hansa_britannia.waiting_marker")

    def prompt(self, s: State, role: Role) -> Msg:
        return Msg("hansa_britannia.exchange_prompt")

    def options(self, s: State, role: Role) -> Iterator[Option]:
        for pair in swaps(s, self.frame(s).seat):
            yield Action("swap", pair), None

    def on_swap(self, s: State, role: Role, pair: str) -> None:
        city, _, i = pair.partition(":")
        c, k = s.board.city_ix[city], int(i)
        offices = s.offices[c]
        offices[k], offices[k + 1] = offices[k + 1], offices[k]
        s.announce("hansa_britannia.exchanged", role=role, city=city)
        machine.finish(s)


@machine.step
class DevelopMarker(SeatStep):
    """Develop 1 Ability: the track to develop."""

    name, frame_type = "develop_marker", MarkerUse
    waiting = Msg("hansa_britannia.waiting_marker")

    def prompt(self, s: State, role: Role) -> Msg:
        return Msg("hansa_britannia.develop_prompt")

    def options(self, s: State, role: Role) -> Iterator[Option]:
        p = self.frame(s).seat
        for a, ability in enumerate(ABILITY_ID):
            yield Action("ability", ability), TRACK_FULL if is_full(s, p, a) else None

    def on_ability(self, s: State, role: Role, ability: str) -> None:
        develop(s, self.frame(s).seat, ABILITY_ID.index(ability))
        machine.finish(s)


TRACK_FULL = Msg("hansa_britannia.track_full")


# --- replacements at the end of the turn -------------------------------------------------


def may_take_marker(s: State, r: int) -> bool:
    """RULES §7.3, §12.2: where a replacement marker may go."""
    b = s.board
    return (
        not s.route_marker[r]
        and b.printed_marker[r] is None
        and b.route_country[r] == "England"
        and route_is_empty(s, r)
        and any(len(s.offices[c]) < b.n_offices[c] for c in b.route_cities[r])
    )


def may_take_fallback(s: State, r: int) -> bool:
    """RULES §14.6: with no route for a replacement, one whose only piece is a neutral
    trader, meeting the other conditions."""
    b = s.board
    neutral = s.neutral * 2 + TRADER
    pieces = [s.spaces[sp] for sp in b.route_spaces[r] if s.spaces[sp] != EMPTY]
    return (
        pieces == [neutral]
        and not s.route_marker[r]
        and b.printed_marker[r] is None
        and b.route_country[r] == "England"
        and any(len(s.offices[c]) < b.n_offices[c] for c in b.route_cities[r])
    )


def marker_routes(s: State) -> tuple[list[int], bool]:
    """The routes a replacement may go to now, and whether they are the fallback ones."""
    routes = [r for r in range(s.board.n_routes) if may_take_marker(s, r)]
    if routes or s.neutral == EMPTY:
        return routes, False
    return [r for r in range(s.board.n_routes) if may_take_fallback(s, r)], True


@machine.step
class ReplaceMarkers(Step[State]):
    """The end of the turn: the replacements owed, one by one (see the module): the current
    player's own, then those owed for the neutral."""

    name = "replace_markers"
    waiting = Msg("hansa_britannia.waiting_marker")

    def active(self, s: State) -> Sequence[Role]:
        return (s.seats[s.current],)

    def begin(self, s: State) -> None:
        self._next(s)

    def _owed(self, s: State) -> int:
        return s.owed[s.current] + s.neutral_owed

    def _next(self, s: State) -> None:
        p = s.current
        if not self._owed(s):
            machine.finish(s)
        elif not marker_routes(s)[0]:
            if s.owed[p]:
                s.announce("hansa_britannia.marker_kept", role=s.seats[p], count=s.owed[p])
            if s.neutral_owed:
                s.announce("hansa_britannia.neutral_marker_kept", count=s.neutral_owed)
            machine.finish(s)

    def prompt(self, s: State, role: Role) -> Msg:
        if not s.owed[s.current]:
            return Msg("hansa_britannia.replace_neutral_prompt", count=s.neutral_owed)
        return Msg("hansa_britannia.replace_prompt", count=s.owed[s.current])

    def options(self, s: State, role: Role) -> Iterator[Option]:
        routes, _ = marker_routes(s)
        legal = set(routes)
        actions = s.board.route_actions
        for r in range(s.board.n_routes):
            yield actions[r], None if r in legal else BAD_ROUTE

    def on_route(self, s: State, role: Role, route: str) -> None:
        b = s.board
        r = b.route_ix[route]
        fallback = marker_routes(s)[1]
        kind = draw(s)
        if s.owed[s.current]:
            s.owed[s.current] -= 1
            s.announce("hansa_britannia.marker_placed", role=role, marker=kind, route=route)
        else:
            s.neutral_owed -= 1
            s.announce("hansa_britannia.neutral_marker_placed", role=role, marker=kind, route=route)
        s.route_marker[r] = kind
        if s.neutral != EMPTY and not fallback:
            s.spaces[b.route_spaces[r][0]] = s.neutral * 2 + TRADER
            s.announce("hansa_britannia.neutral_joins", route=route)
        self._next(s)
