"""markers.py: bonus markers (RULES §7, §12.2, §13.6)."""

from __future__ import annotations

from gameshelf.core.engine.deck import Deck
from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.desk import ACTIONES
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import CITY_IX, ROUTES, build, legal, play, rid, space


def test_plus_3_and_plus_4_add_actions_even_after_the_last_one():  # RULES §7.1-7.2
    s = build(
        hand={"red": ["plus_3_actions", "plus_4_actions"]}, supply={"red": (5, 1)}, actions_left=1
    )
    play(s, "red", ("place_trader", space("london--oxford", 0)))
    assert s.step == "turn"
    assert s.actions_left == 0
    play(s, "red", ("marker", "plus_3_actions"))
    assert s.actions_left == 3
    assert s.used[0] == ["plus_3_actions"]
    play(s, "red", ("marker", "plus_4_actions"))
    assert s.actions_left == 7
    assert s.hand[0] == []


def test_a_marker_not_held_is_refused():
    s = build(hand={"red": ["plus_3_actions"]})
    assert_refused(RULESET, s, "red", ("marker", "plus_4_actions"), "do not hold")


def test_develop_1_ability_develops_any_track():  # RULES §7.2
    s = build(hand={"red": ["develop_ability"]}, actions_left=1)
    play(s, "red", ("marker", "develop_ability"))
    assert s.step == "develop_marker"
    play(s, "red", ("ability", "actiones"))
    assert s.level[0][ACTIONES] == 1
    assert s.actions_left == 2


def test_exchange_trading_posts_swaps_neighbouring_offices_one_of_them_yours():  # RULES §7.2
    s = build(hand={"red": ["exchange_trading_posts"]}, offices={"cardiff": ["yellow", "red"]})
    play(s, "red", ("marker", "exchange_trading_posts"))
    assert legal(s, "red") == {("swap", "cardiff:0")}
    play(s, "red", ("swap", "cardiff:0"))
    assert s.offices[CITY_IX["cardiff"]] == [0, 2]
    assert s.prestige == [0, 0, 0, 0]
    s = build(hand={"red": ["exchange_trading_posts"]}, offices={"cardiff": ["yellow", "green"]})
    assert_refused(RULESET, s, "red", ("marker", "exchange_trading_posts"), "exchanged")


def test_exchange_can_move_a_permission():  # RULES §12.3
    s = build(
        hand={"red": ["exchange_trading_posts"]},
        offices={"cardiff": ["red", "yellow"]},
        supply={"red": (3, 0)},
    )
    assert ("place_trader", space("conway--chester", 0)) not in legal(s, "red")
    play(s, "red", ("marker", "exchange_trading_posts"), ("swap", "cardiff:0"))
    assert ("place_trader", space("conway--chester", 0)) in legal(s, "red")


def test_move_3_tradesmen_moves_opponents_pieces_within_their_country():  # RULES §7.2, §12.4
    s = build(
        hand={"red": ["move_3_tradesmen"]},
        pieces={"conway--chester": ["yellow"], "london--oxford": ["red"]},
    )
    play(s, "red", ("marker", "move_3_tradesmen"))
    assert_refused(RULESET, s, "red", ("lift", space("london--oxford", 0)), "opponents")
    play(s, "red", ("lift", space("conway--chester", 0)), "done")
    assert_refused(RULESET, s, "red", ("place_trader", space("london--oxford", 1)), "country")
    play(s, "red", ("place_trader", space("montgomery--conway", 0)))
    assert s.spaces[space("montgomery--conway", 0)] == 2
    assert s.step == "turn"
    assert s.actions_left == 2  # no action spent


def test_additional_trading_post_is_only_for_create_a_trade_route():
    s = build(hand={"red": ["additional_trading_post"]})
    assert_refused(RULESET, s, "red", ("marker", "additional_trading_post"), "create a trade route")


def test_a_replacement_is_placed_at_the_end_of_the_turn_on_a_legal_route():  # RULES §7.3
    s = build(
        pieces={"richmond--lancaster": ["red", "red"]},
        markers={"richmond--lancaster": "plus_3_actions"},
        actions_left=1,
    )
    supply = list(s.markers_supply.draw_pile)
    play(s, "red", ("create", "richmond--lancaster"), "nothing")
    assert s.step == "turn"  # the marker just taken is usable after the action
    play(s, "red", "end_turn")
    assert s.step == "replace_markers"
    assert RULESET.active(s) == ["red"]
    offered = {arg for _, arg in legal(s, "red")}
    assert "conway--chester" not in offered  # Wales
    assert "canterbury--calais" not in offered  # a printed marker
    assert "london--oxford" in offered
    assert_refused(RULESET, s, "red", ("route", "glasgow--falkirk"), "English")
    play(s, "red", ("route", "london--oxford"))
    assert s.route_marker[rid("london--oxford")] == supply[0]
    assert s.owed[0] == 0
    assert s.step == "turn"
    assert RULESET.active(s) == ["yellow"]


def test_a_replacement_never_goes_on_a_route_with_a_piece_or_next_to_full_cities():
    s = build(owed={"red": 1}, pieces={"london--oxford": ["yellow"]}, offices={"richmond": ["red"]})
    s.offices[CITY_IX["lancaster"]] = [2]
    play(s, "red", "end_turn")
    offered = {arg for _, arg in legal(s, "red")}
    assert "london--oxford" not in offered
    assert "richmond--lancaster" not in offered


def test_a_replacement_with_no_legal_route_is_kept_for_a_later_turn():  # RULES §7.3
    english = [r for r in ROUTES if r.country == "England"]
    s = build(owed={"red": 1}, pieces={r.id: ["green"] for r in english})
    play(s, "red", "end_turn")
    assert s.owed[0] == 1
    assert RULESET.active(s) == ["yellow"]
    assert s.log[-2].id == "hansa_britannia.marker_kept"


def test_taking_a_marker_the_supply_cannot_replace_ends_the_game():  # RULES §8
    s = build(
        pieces={"richmond--lancaster": ["red", "red"]},
        markers={"richmond--lancaster": "plus_3_actions"},
        markers_supply=Deck(),
    )
    play(s, "red", ("create", "richmond--lancaster"), "nothing")
    assert s.step == "game_over"
    assert RULESET.outcome(s).reason == "markers_out"
