"""income.py: action A (RULES §6 A, §13.11)."""

from __future__ import annotations

from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import build, legal, play


def test_income_hires_up_to_the_bursa_value_one_piece_at_a_time():  # RULES §6 A
    s = build(stock={"red": (6, 1)}, supply={"red": (0, 0)})
    play(s, "red", "income", "trader", "merchant", "trader")
    assert s.step == "turn"  # Bursa 3: the third piece ends it
    assert s.supply[0] == [2, 1]
    assert s.stock[0] == [4, 0]
    assert s.actions_left == 1


def test_income_may_stop_early_but_takes_at_least_one():
    s = build(stock={"red": (6, 0)}, supply={"red": (0, 0)})
    play(s, "red", "income")
    assert_refused(RULESET, s, "red", ("done",), "at least one")
    assert_refused(RULESET, s, "red", ("merchant",), "no merchant")
    play(s, "red", "trader", "done")
    assert s.supply[0] == [1, 0]
    assert s.step == "turn"


def test_a_higher_bursa_hires_more_and_c_hires_everything():
    s = build(stock={"red": (6, 0)}, supply={"red": (0, 0)}, levels={"red": {"bursa": 1}})
    play(s, "red", "income", *["trader"] * 5)
    assert s.supply[0] == [5, 0]
    assert s.step == "turn"
    s = build(stock={"red": (9, 2)}, supply={"red": (0, 0)}, levels={"red": {"bursa": 3}})
    play(s, "red", "income", *["trader"] * 9, "merchant", "merchant")
    assert s.supply[0] == [9, 2]
    assert s.stock[0] == [0, 0]
    assert s.step == "turn"  # the stock is empty: nothing left to take


def test_income_at_bursa_c_is_up_to_all_of_them():  # RULES §6 A, issue 26 item 7 (b)
    s = build(stock={"red": (9, 2)}, supply={"red": (0, 0)}, levels={"red": {"bursa": 3}})
    play(s, "red", "income")
    assert s.step == "income"  # a choice, as at 3, 5 and 7
    assert s.stock[0] == [9, 2]
    assert legal(s, "red") == {("trader", None), ("merchant", None)}  # "done" after one
    assert_refused(RULESET, s, "red", ("done",), "at least one")
    play(s, "red", "merchant", "trader", "done")
    assert s.supply[0] == [1, 1]
    assert s.stock[0] == [8, 1]
    assert (s.step, s.actions_left) == ("turn", 1)


def test_income_with_an_empty_stock_is_not_offered():  # RULES §13.11
    s = build(stock={"red": (0, 0)})
    assert_refused(RULESET, s, "red", ("income",), "general stock is empty")
