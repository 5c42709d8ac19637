"""The kit over the game (which checks that no view shows a hidden card), and its rules."""

from __future__ import annotations

from collections.abc import Callable

from card_duel import RULESET, Duel

from gameshelf.core.testing import assert_refused


def test_conformance(conformance: Callable[..., object]) -> None:
    conformance(RULESET)


def play(s: Duel, north: int, south: int) -> None:
    RULESET.apply(s, "north", {"type": "card", "arg": north})
    RULESET.apply(s, "south", {"type": "card", "arg": south})


def test_the_higher_card_scores_and_both_draw_again() -> None:
    s = RULESET.setup(seed=2)
    north, south = max(s.hands["north"]), min(s.hands["south"])
    play(s, north, south)
    assert s.score == {"north": int(north > south), "south": int(south > north)}
    assert [len(s.hands[r]) for r in ("north", "south")] == [3, 3]


def test_a_card_not_in_hand_is_refused() -> None:
    s = RULESET.setup(seed=2)
    stranger = next(c for c in range(1, 13) if c not in s.hands["north"])
    assert_refused(RULESET, s, "north", {"type": "card", "arg": stranger}, "")


def test_a_player_sees_its_own_hand_and_only_the_size_of_the_other() -> None:
    s = RULESET.setup(seed=2)
    seen = RULESET.view(s, "north")
    assert seen["hand"] == s.hands["north"]
    assert seen["hand_sizes"] == {"north": 3, "south": 3}
    assert str(s.hands["south"]) not in str(seen)


def test_the_game_ends_when_the_hands_run_out() -> None:
    s = RULESET.setup(seed=2)
    while RULESET.outcome(s) is None:
        play(s, s.hands["north"][0], s.hands["south"][0])
    assert s.hands == {"north": [], "south": []}
    assert len(s.deck) == 0
