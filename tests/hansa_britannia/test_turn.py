"""turn.py: the sequence of play (RULES §5), and the listed actions being exactly the
unrefused options (legality is written once, in each action's options)."""

from __future__ import annotations

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.steps import legal_of
from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.state import machine
from tests.hansa_britannia.builders import build, legal, play, space


def test_a_turn_has_the_actiones_value_and_ends_by_itself_when_spent():  # RULES §5
    s = build(supply={"red": (5, 1)})
    s.log.clear()
    play(s, "red", ("place_trader", space("london--oxford", 0)))
    play(s, "red", ("place_trader", space("london--oxford", 1)))
    assert RULESET.active(s) == ["yellow"]
    assert s.actions_left == 2


def test_the_turn_may_end_early():
    s = build(supply={"red": (5, 1)})
    play(s, "red", "end_turn")
    assert RULESET.active(s) == ["yellow"]


def test_no_action_is_taken_out_of_turn():
    s = build(supply={"yellow": (5, 1)})
    assert_refused(RULESET, s, "yellow", ("place_trader", space("london--oxford", 0)), "turn")


def test_an_action_with_none_left_is_refused():
    s = build(hand={"red": ["plus_3_actions"]}, actions_left=0, supply={"red": (5, 1)})
    assert_refused(RULESET, s, "red", ("place_trader", space("london--oxford", 0)), "no actions")


def test_the_listed_actions_are_the_unrefused_options_in_random_games():
    # Every decision of a few random games, 2 to 5 players: the listed actions (the turn's
    # and the Move step's own ``actions``) are exactly the options without a refusal.
    for seed, players in enumerate((2, 3, 4, 5)):
        s = RULESET.setup(seed, players=players)
        rng = Rng(seed=seed)
        for _ in range(1500):
            if RULESET.outcome(s) is not None:
                break
            role = RULESET.active(s)[0]
            step = machine.current(s)
            listed = list(step.actions(s, role))
            assert len(listed) == len(set(listed)), s.step
            assert set(listed) == set(legal_of(step.options(s, role))), s.step
            RULESET.apply(s, role, rng.choice(RULESET.actions(s, role)))


def test_same_seed_same_game():
    a, b = RULESET.setup(7, players=5), RULESET.setup(7, players=5)
    assert a.to_json() == b.to_json()
    assert legal(a, "red") == legal(b, "red")
