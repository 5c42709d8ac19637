"""place.py and countries.py: action B, ship spaces and the permissions of RULES §12.3."""

from __future__ import annotations

from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import CITY_IX, build, legal, play, space


def test_place_puts_a_supply_piece_on_a_free_space_and_costs_an_action():  # RULES §6 B
    s = build(supply={"red": (2, 1)}, actions_left=2)
    play(s, "red", ("place_trader", space("london--oxford", 1)))
    assert s.spaces[space("london--oxford", 1)] == 0
    assert s.supply[0] == [1, 1]
    assert s.actions_left == 1
    assert s.log[-1].id == "hansa_britannia.placed"


def test_a_taken_space_is_refused():
    s = build(pieces={"london--oxford": ["yellow"]}, supply={"red": (2, 1)})
    assert_refused(RULESET, s, "red", ("place_trader", space("london--oxford", 0)), "taken")


def test_a_ship_space_takes_a_merchant_only():  # RULES §12.5
    s = build(supply={"red": (2, 1)})
    ship = space("calais--southampton", 1)
    assert_refused(RULESET, s, "red", ("place_trader", ship), "ship space")
    play(s, "red", ("place_merchant", ship))
    assert s.spaces[ship] == 1


def test_no_piece_of_that_shape_in_the_supply_is_refused():
    s = build(supply={"red": (2, 0)})
    assert_refused(RULESET, s, "red", ("place_merchant", space("london--oxford", 0)), "no merchant")


def test_wales_and_scotland_need_a_permission():  # RULES §12.3
    s = build(supply={"red": (5, 1)})
    assert_refused(RULESET, s, "red", ("place_trader", space("conway--chester", 0)), "permission")
    assert_refused(RULESET, s, "red", ("place_trader", space("glasgow--falkirk", 0)), "permission")


def test_cardiffs_rightmost_office_allows_one_welsh_placement_a_turn():  # RULES §12.3, §13.1
    s = build(supply={"red": (5, 1)}, offices={"cardiff": ["yellow", "red"]}, actions_left=3)
    play(s, "red", ("place_trader", space("conway--chester", 0)))
    assert s.permits_used == [CITY_IX["cardiff"]]
    assert_refused(RULESET, s, "red", ("place_trader", space("conway--chester", 1)), "permission")
    assert_refused(RULESET, s, "red", ("place_trader", space("glasgow--falkirk", 0)), "permission")
    play(s, "red", ("place_trader", space("london--oxford", 0)))  # England needs none


def test_the_holder_is_the_rightmost_office_not_the_controller():  # RULES §13.1
    s = build(supply={"red": (5, 1)}, offices={"cardiff": ["red", "red", "yellow"]})
    assert ("place_trader", space("conway--chester", 0)) not in legal(s, "red")
    s = build(
        current="yellow", supply={"yellow": (5, 1)}, offices={"cardiff": ["red", "red", "yellow"]}
    )
    assert ("place_trader", space("conway--chester", 0)) in legal(s, "yellow")


def test_londons_one_use_covers_wales_or_scotland_and_stacks_with_cardiff():  # RULES §12.3
    s = build(
        supply={"red": (5, 1)}, offices={"london": ["red"], "cardiff": ["red"]}, actions_left=4
    )
    play(s, "red", ("place_trader", space("conway--chester", 0)))  # uses Cardiff first
    play(s, "red", ("place_trader", space("glasgow--falkirk", 0)))  # London for Scotland
    assert_refused(RULESET, s, "red", ("place_trader", space("conway--chester", 1)), "permission")


def test_a_permission_won_during_the_turn_is_usable_at_once():  # RULES §13.2
    s = build(
        supply={"red": (5, 1)},
        pieces={"oxford--cardiff": ["red", "red", "red", "red"]},
        actions_left=3,
    )
    assert ("place_trader", space("conway--chester", 0)) not in legal(s, "red")
    play(s, "red", ("create", "oxford--cardiff"), ("office", "cardiff"))
    play(s, "red", ("place_trader", space("conway--chester", 0)))
    assert s.spaces[space("conway--chester", 0)] == 0
