"""The kit over the game, its rules, and what each player sees of the other's bid."""

from __future__ import annotations

from collections.abc import Callable

from goofspiel import RULESET, Auction

from gameshelf.core.testing import assert_refused


def test_conformance(conformance: Callable[..., object]) -> None:
    conformance(RULESET)


def bid(s: Auction, red: int, blue: int) -> None:
    RULESET.apply(s, "red", {"type": "card", "arg": red})
    RULESET.apply(s, "blue", {"type": "card", "arg": blue})


def test_the_higher_bid_takes_the_prize_and_bids_are_spent() -> None:
    s = RULESET.setup(seed=3)
    prize = s.prize
    bid(s, 5, 2)
    assert s.points == {"red": prize, "blue": 0}
    assert 5 not in s.hands["red"]
    assert 2 not in s.hands["blue"]
    assert_refused(RULESET, s, "red", {"type": "card", "arg": 5}, "")


def test_equal_bids_take_nothing() -> None:
    s = RULESET.setup(seed=3)
    bid(s, 4, 4)
    assert s.points == {"red": 0, "blue": 0}


def test_a_bid_stays_secret_and_may_change_until_both_have_bid() -> None:
    high, low = RULESET.setup(seed=3), RULESET.setup(seed=3)
    RULESET.apply(high, "red", {"type": "card", "arg": 8})
    RULESET.apply(low, "red", {"type": "card", "arg": 1})
    assert RULESET.view(high, "blue") == RULESET.view(low, "blue")  # blue cannot tell
    assert RULESET.view(high, "blue")["chosen"] == ["red"]
    RULESET.apply(high, "red", {"type": "card", "arg": 1})  # red changes its mind
    RULESET.apply(high, "blue", {"type": "card", "arg": 2})
    assert high.points["blue"] > 0
