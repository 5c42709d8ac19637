"""create_route.py: action E (RULES §6 E, §7.2, §12.2, §12.6)."""

from __future__ import annotations

from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.desk import KEYS
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import CITY_IX, build, legal, play, space

LO = "london--oxford"


def test_city_control_scores_before_the_new_kontor():  # RULES §6 E 1
    s = build(pieces={LO: ["red", "red:m", "red", "red"]}, offices={"london": ["yellow"]})
    play(s, "red", ("create", LO))
    assert s.prestige[:2] == [0, 1]  # yellow controls London; nobody Oxford
    play(s, "red", ("office", "oxford"))
    assert s.offices[CITY_IX["oxford"]] == [1]  # red's merchant in the circle office
    assert s.stock[0][0] == 6 + 3
    assert s.spaces[space(LO, 0)] == -1
    assert s.prestige[0] == 0
    assert s.actions_left == 1


def test_the_office_needs_the_right_shape_and_privilege():  # RULES §6 E 3a
    s = build(pieces={LO: ["red"] * 4}, offices={"london": ["yellow"]})
    play(s, "red", ("create", LO))
    assert_refused(RULESET, s, "red", ("office", "oxford"), "merchant")
    assert_refused(RULESET, s, "red", ("office", "london"), "Privilegium")


def test_a_coin_office_gives_its_prestige_at_once():  # RULES §6 E 3a, §12.2
    s = build(pieces={"salisbury--bristol": ["red"] * 4}, levels={"red": {"privilegium": 1}})
    play(s, "red", ("create", "salisbury--bristol"), ("office", "bristol"))
    assert s.prestige[0] == 2


def test_the_last_office_completes_the_city():  # RULES §6 E 3a
    s = build(pieces={"richmond--lancaster": ["red", "red"]})
    play(s, "red", ("create", "richmond--lancaster"), ("office", "richmond"))
    assert s.completed == 1
    s2 = build(pieces={"richmond--lancaster": ["red", "red"]}, offices={"richmond": ["yellow"]})
    play(s2, "red", ("create", "richmond--lancaster"))
    assert_refused(RULESET, s2, "red", ("office", "richmond"), "Every office")


def test_an_ability_city_develops_its_ability():  # RULES §6 E 3b
    s = build(pieces={"durham--york": ["red"] * 3}, supply={"red": (0, 0)})
    play(s, "red", ("create", "durham--york"), ("ability", "clavis_urbis"))
    assert s.level[0][KEYS] == 1
    assert s.supply[0] == [1, 0]
    assert s.stock[0][0] == 6 + 3


def test_plymouths_special_prestige_takes_a_merchant_of_the_route():  # RULES §6 E 3c, §12.2
    s = build(pieces={"salisbury--plymouth": ["red:m", "red", "red", "red"]})
    play(s, "red", ("create", "salisbury--plymouth"))
    assert_refused(RULESET, s, "red", ("prestige", 1), "Privilegium")
    play(s, "red", ("prestige", 0))
    assert s.special[0] == 0
    assert s.stock[0] == [9, 0]
    s = build(pieces={"salisbury--plymouth": ["red"] * 4})
    play(s, "red", ("create", "salisbury--plymouth"))
    assert_refused(RULESET, s, "red", ("prestige", 0), "merchant")


def test_a_route_not_full_of_ones_own_pieces_cannot_be_created():
    s = build(pieces={LO: ["red", "red", "yellow", "red"]})
    assert_refused(RULESET, s, "red", ("create", LO), "Every space")


CHAIN = {c: ["red", "yellow"] for c in ("oxford", "london", "cambridge", "coventry", "nottingham")}


def test_the_east_west_connection_scores_7_for_the_first():  # RULES §6 E 3a, §12.2
    s = build(pieces={"nottingham--york": ["red"] * 3}, offices=CHAIN)
    play(s, "red", ("create", "nottingham--york"), ("office", "york"))
    assert s.east_west == [0]
    assert s.prestige[0] == 7


def test_the_second_connection_scores_4_and_nobody_scores_twice():
    s = build(pieces={"nottingham--york": ["red"] * 3}, offices=CHAIN, east_west=[1])
    play(s, "red", ("create", "nottingham--york"), ("office", "york"))
    assert s.east_west == [1, 0]
    assert s.prestige[0] == 4
    s = build(pieces={"nottingham--york": ["red"] * 3}, offices=CHAIN, east_west=[0])
    play(s, "red", ("create", "nottingham--york"), ("office", "york"))
    assert s.east_west == [0]
    assert s.prestige[0] == 0


def test_a_broken_chain_does_not_connect():
    chain = {c: k for c, k in CHAIN.items() if c != "cambridge"}
    s = build(pieces={"nottingham--york": ["red"] * 3}, offices=chain)
    play(s, "red", ("create", "nottingham--york"), ("office", "york"))
    assert s.east_west == []
    assert s.prestige[0] == 0


def test_an_additional_trading_post_goes_left_of_the_offices():  # RULES §7.2
    s = build(
        pieces={"richmond--lancaster": ["red", "red:m"]},
        offices={"richmond": ["yellow"]},
        hand={"red": ["additional_trading_post"]},
    )
    play(s, "red", ("create", "richmond--lancaster"))
    assert_refused(RULESET, s, "red", ("annex_trader", "lancaster"), "leftmost office")
    play(s, "red", ("annex_trader", "richmond"))
    assert s.annexes[CITY_IX["richmond"]] == [0]  # the trader; the merchant to stock
    assert s.used[0] == ["additional_trading_post"]
    assert s.hand[0] == []
    assert s.completed == 0
    assert s.stock[0][1] == 1


def test_a_marker_taken_in_this_action_cannot_be_used_in_it():  # RULES §7.1
    s = build(
        pieces={"richmond--lancaster": ["red", "red"]},
        offices={"richmond": ["yellow"]},
        markers={"richmond--lancaster": "additional_trading_post"},
    )
    play(s, "red", ("create", "richmond--lancaster"))
    assert s.hand[0] == ["additional_trading_post"]
    assert s.owed[0] == 1
    assert_refused(RULESET, s, "red", ("annex_trader", "richmond"), "no Additional")


def test_the_player_chooses_which_piece_becomes_the_annex():  # RULES §7.2, issue 26 item 7
    s = build(
        pieces={"richmond--lancaster": ["red", "red:m"]},
        offices={"richmond": ["yellow"]},
        hand={"red": ["additional_trading_post"]},
        stock={"red": (2, 0)},
    )
    play(s, "red", ("create", "richmond--lancaster"))
    assert {("annex_trader", "richmond"), ("annex_merchant", "richmond")} <= set(legal(s, "red"))
    play(s, "red", ("annex_merchant", "richmond"))
    assert s.annexes[CITY_IX["richmond"]] == [1]  # red's merchant; the trader to stock
    assert s.stock[0] == [3, 0]
    assert s.used[0] == ["additional_trading_post"]


def test_an_annex_of_a_shape_the_route_lacks_is_refused():  # RULES §7.2
    s = build(
        pieces={"richmond--lancaster": ["red", "red"]},
        offices={"richmond": ["yellow"]},
        hand={"red": ["additional_trading_post"]},
    )
    play(s, "red", ("create", "richmond--lancaster"))
    assert ("annex_merchant", "richmond") not in legal(s, "red")
    assert_refused(RULESET, s, "red", ("annex_merchant", "richmond"), "no merchant")
    play(s, "red", ("annex_trader", "richmond"))
    assert s.annexes[CITY_IX["richmond"]] == [0]


def test_the_printed_move_any_2_marker_is_used_at_the_end_of_the_action():  # RULES §12.6
    s = build(pieces={"canterbury--calais": ["red", "red:m", "red"], "london--oxford": ["yellow"]})
    play(s, "red", ("create", "canterbury--calais"), "nothing")
    assert s.step == "move"
    play(s, "red", ("lift", space("london--oxford", 0)), "done")
    play(s, "red", ("place_trader", space("durham--york", 0)))
    assert s.spaces[space("durham--york", 0)] == 2
    assert s.step == "turn"
    assert s.hand[0] == []
    assert s.used[0] == []


def test_the_printed_place_2_marker_puts_stock_pieces_in_wales_or_scotland():  # RULES §12.6
    s = build(pieces={"calais--southampton": ["red", "red:m", "red:m"]}, stock={"red": (0, 0)})
    play(s, "red", ("create", "calais--southampton"), "nothing")
    assert s.step == "relocate"
    assert s.stock[0] == [1, 2]
    welsh = space("conway--chester", 0)
    assert_refused(RULESET, s, "red", ("place_trader", space("london--oxford", 0)), "nearest")
    play(s, "red", ("place_trader", welsh), ("place_merchant", space("conway--isle_of_man", 0)))
    assert s.stock[0] == [0, 1]
    assert s.step == "turn"
    assert s.permits_used == []


def test_the_printed_marker_may_be_declined():  # RULES §13.12
    s = build(pieces={"calais--southampton": ["red", "red:m", "red:m"]})
    play(s, "red", ("create", "calais--southampton"), "nothing", "done")
    assert s.step == "turn"
    assert ("create", "calais--southampton") not in legal(s, "red")
