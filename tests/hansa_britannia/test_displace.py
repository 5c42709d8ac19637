"""displace.py: action C, the victim's placement in the middle of the displacer's turn
(RULES §6 C, §12.4–12.5, §13.3, §13.4, §13.7)."""

from __future__ import annotations

from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import (
    RINGS,
    ROUTE_ID,
    ROUTE_SPACES,
    ROUTES,
    SHIP,
    SPACE_COUNTRY,
    build,
    legal,
    play,
    rid,
    space,
)

LO = "london--oxford"
RING1 = ["london--cambridge", "london--canterbury", "salisbury--oxford", "oxford--cardiff"]


def ring1_spaces(route: str = LO) -> set[int]:
    return {sp for r in RINGS[rid(route)][0] for sp in ROUTE_SPACES[r]}


def test_displacing_a_trader_costs_one_extra_piece_and_the_victim_places_it():  # RULES §6 C
    s = build(pieces={LO: ["yellow"]}, supply={"red": (3, 0)}, stock={"red": (0, 0)})
    play(s, "red", ("displace_trader", space(LO, 0)))
    assert s.spaces[space(LO, 0)] == 0  # red's trader
    assert s.supply[0] == [1, 0]
    assert s.stock[0] == [1, 0]
    assert s.step == "relocate"
    assert RULESET.active(s) == ["yellow"]
    assert {arg for t, arg in legal(s, "yellow")} == ring1_spaces()
    assert {t for t, _ in legal(s, "yellow")} == {"place_trader"}  # the displaced piece first


def test_the_victim_adds_one_free_extra_from_its_stock_or_declines():  # RULES §6 C
    s = build(pieces={LO: ["yellow"]}, supply={"red": (3, 0)}, stock={"yellow": (4, 1)})
    play(s, "red", ("displace_trader", space(LO, 0)))
    play(s, "yellow", ("place_trader", space("london--cambridge", 0)))
    assert ("place_merchant", space("salisbury--oxford", 0)) in legal(s, "yellow")
    assert ("done", None) in legal(s, "yellow")
    play(s, "yellow", ("place_merchant", space("salisbury--oxford", 0)))
    assert s.stock[1] == [4, 0]
    assert s.step == "turn"
    assert RULESET.active(s) == ["red"]
    assert s.actions_left == 1


def test_a_displaced_merchant_costs_two_and_gives_two_extras():
    s = build(
        pieces={LO: ["yellow:m"]}, supply={"red": (2, 1)}, stock={"red": (0, 0), "yellow": (4, 0)}
    )
    play(s, "red", ("displace_merchant", space(LO, 0)))
    assert s.supply[0] == [0, 0]
    assert s.stock[0] == [2, 0]
    play(s, "yellow", ("place_merchant", space("london--cambridge", 0)))
    play(s, "yellow", ("place_trader", space("london--cambridge", 1)))
    play(s, "yellow", ("place_trader", space("london--cambridge", 2)))
    assert s.step == "turn"


def test_the_displacer_chooses_what_it_pays_when_it_has_both_shapes():
    s = build(pieces={LO: ["yellow:m"]}, supply={"red": (3, 2)})
    play(s, "red", ("displace_trader", space(LO, 0)))
    assert s.step == "pay"
    assert legal(s, "red") == {("pay_trader", None), ("pay_merchant", None)}
    play(s, "red", "pay_merchant", "pay_trader")
    assert s.supply[0] == [1, 1]
    assert s.step == "relocate"


def test_displacing_needs_the_replacement_and_the_whole_extra():
    s = build(pieces={LO: ["yellow:m"]}, supply={"red": (2, 0)})
    assert_refused(RULESET, s, "red", ("displace_trader", space(LO, 0)), "2 more")
    s = build(pieces={LO: ["red"]}, supply={"red": (3, 0)})
    assert_refused(RULESET, s, "red", ("displace_trader", space(LO, 0)), "your own")
    assert_refused(RULESET, s, "red", ("displace_trader", space(LO, 1)), "no piece there")


def test_a_ship_space_is_displaced_by_a_merchant_only():  # RULES §12.5
    ship = "calais--southampton"
    s = build(pieces={ship: [None, "yellow:m"]}, supply={"red": (5, 1)})
    assert_refused(RULESET, s, "red", ("displace_trader", space(ship, 1)), "ship space")
    play(s, "red", ("displace_merchant", space(ship, 1)))
    assert s.step == "relocate"


def test_displacing_in_wales_needs_a_permission():  # RULES §12.3
    s = build(pieces={"conway--chester": ["yellow"]}, supply={"red": (5, 1)})
    assert_refused(
        RULESET, s, "red", ("displace_trader", space("conway--chester", 0)), "permission"
    )


def test_pieces_go_further_out_only_when_the_nearer_ring_is_full():  # RULES §6 C
    full = {r: ["green"] * len(ROUTE_SPACES[rid(r)]) for r in RING1}
    s = build(pieces={LO: ["yellow"], **full}, supply={"red": (3, 0)})
    play(s, "red", ("displace_trader", space(LO, 0)))
    ring2 = {sp for r in RINGS[rid(LO)][1] for sp in ROUTE_SPACES[r] if not SHIP[sp]}
    assert {arg for _, arg in legal(s, "yellow")} == ring2
    assert_refused(RULESET, s, "yellow", ("place_trader", space("durham--york", 0)), "nearest")


def test_a_trader_passes_a_ring_whose_free_spaces_are_ship_spaces():  # RULES §13.4
    # Around Canterbury–Calais only Calais–Southampton's two ship spaces are left free.
    route = "canterbury--calais"
    ring1 = RINGS[rid(route)][0]
    pieces = {ROUTE_ID[r]: [None if SHIP[sp] else "green" for sp in ROUTE_SPACES[r]] for r in ring1}
    s = build(pieces={route: ["yellow", None, None], **pieces}, supply={"red": (3, 0)})
    play(s, "red", ("displace_trader", space(route, 0)))
    offered = {arg for _, arg in legal(s, "yellow")}
    ring2 = {sp for r in RINGS[rid(route)][1] for sp in ROUTE_SPACES[r] if not SHIP[sp]}
    assert offered == ring2


def test_a_merchant_takes_the_ship_spaces_of_the_nearer_ring():  # RULES §13.4
    route = "canterbury--calais"
    ring1 = RINGS[rid(route)][0]
    pieces = {ROUTE_ID[r]: [None if SHIP[sp] else "green" for sp in ROUTE_SPACES[r]] for r in ring1}
    s = build(pieces={route: ["yellow:m", None, None], **pieces}, supply={"red": (3, 0)})
    play(s, "red", ("displace_trader", space(route, 0)))
    ships = {space("calais--southampton", 1), space("calais--southampton", 2)}
    assert {arg for _, arg in legal(s, "yellow")} == ships


def test_a_piece_displaced_in_england_stays_in_england():  # RULES §12.4
    s = build(pieces={"hereford--chester": ["yellow"]}, supply={"red": (3, 0)})
    play(s, "red", ("displace_trader", space("hereford--chester", 0)))
    welsh = {sp for sp, country in enumerate(SPACE_COUNTRY) if country != "England"}
    assert {arg for _, arg in legal(s, "yellow")}.isdisjoint(welsh)


def test_extras_come_from_the_supply_when_the_stock_is_empty_then_from_the_board():
    s = build(
        pieces={LO: ["yellow"], "durham--york": ["yellow"]},
        supply={"red": (3, 0), "yellow": (0, 0)},
        stock={"yellow": (0, 0)},
    )
    play(s, "red", ("displace_trader", space(LO, 0)))
    play(s, "yellow", ("place_trader", space("london--cambridge", 0)))
    assert ("lift", space("durham--york", 0)) in legal(s, "yellow")
    play(s, "yellow", ("lift", space("durham--york", 0)))
    play(s, "yellow", ("place_trader", space("london--cambridge", 1)))
    assert s.spaces[space("durham--york", 0)] == -1
    assert s.step == "turn"


def test_a_displaced_piece_with_nowhere_to_go_goes_to_the_general_stock():  # RULES §13.7
    everything = {
        r.id: ["green"] * len(r.spaces) for r in ROUTES if r.country == "England" and r.id != LO
    }
    s = build(
        pieces={LO: ["yellow"], **everything}, supply={"red": (3, 0)}, stock={"yellow": (0, 0)}
    )
    play(s, "red", ("displace_trader", space(LO, 0)))
    assert s.step == "turn"
    assert s.stock[1] == [1, 0]
    assert any(m.id == "hansa_britannia.no_space_to_stock" for m in s.log)
