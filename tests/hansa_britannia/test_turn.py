"""turn.py: the sequence of play (RULES §5), and the listed actions being exactly the
unrefused options (legality is written once, in each action's options)."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import legal_of
from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.state import State, machine
from tests.hansa_britannia.builders import (
    ROUTE_SPACES,
    SPACE_COUNTRY,
    build,
    legal,
    play,
    rid,
    space,
)


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
    assert listed_and_derived(s, "red") == ([Action("end_turn")], [Action("end_turn")])


def listed_and_derived(s: State, role: str) -> tuple[list[Action], list[Action]]:
    """The step's own ``actions`` and the unrefused ``options`` the core would derive."""
    step = machine.current(s)
    return list(step.actions(s, role)), legal_of(step.options(s, role))


def test_the_listed_actions_are_the_unrefused_options_in_random_games():
    # Every decision of a few random games, 2 to 5 players: the listed actions (the turn's
    # and the Move step's own ``actions``, measured copies) are exactly the options without
    # a refusal, in their order (a bot picks by position: the same games either way).
    for seed, players in enumerate((2, 3, 4, 5)):
        s = RULESET.setup(seed, players=players)
        rng = Rng(seed=seed)
        for _ in range(1500):
            if RULESET.outcome(s) is not None:
                break
            role = RULESET.active(s)[0]
            listed, derived = listed_and_derived(s, role)
            assert listed == derived, s.step
            RULESET.apply(s, role, rng.choice(RULESET.actions(s, role)))


LO, SHIP_ROUTE, WALES = "london--oxford", "calais--southampton", "conway--chester"
TURNS = {  # a built turn of red's, and the kinds of action it may take
    "nothing in the supply": (
        {"supply": {"red": (0, 0)}, "stock": {"red": (2, 0)}, "pieces": {LO: ["red"]}},
        {"income", "move", "end_turn"},
    ),
    "merchants only, Wales without a permission": (
        {"supply": {"red": (0, 2)}, "stock": {"red": (0, 0)}, "pieces": {WALES: ["yellow"]}},
        {"place_merchant", "end_turn"},
    ),
    "rivals to displace, a merchant too dear, a ship space": (
        {
            "supply": {"red": (2, 0)},
            "pieces": {LO: ["yellow", "yellow:m", "red"], SHIP_ROUTE: [None, "green:m"]},
        },
        {"place_trader", "displace_trader", "income", "move", "end_turn"},
    ),
    "a route full of red's pieces": (
        {"pieces": {LO: ["red"] * len(ROUTE_SPACES[rid(LO)])}, "supply": {"red": (1, 1)}},
        {"create", "place_trader", "place_merchant", "income", "move", "end_turn"},
    ),
    "borders ignored": (
        {"supply": {"red": (3, 1)}, "pieces": {WALES: ["yellow"]}, "borderless": True},
        {"place_trader", "place_merchant", "displace_trader", "displace_merchant", "income"}
        | {"end_turn"},
    ),
}


@pytest.mark.parametrize("name", TURNS)
def test_the_turns_listed_actions_are_its_unrefused_options(name):
    fields, kinds = TURNS[name]
    s = build(**fields)
    listed, derived = listed_and_derived(s, "red")
    assert listed == derived
    assert {a.type for a in listed} == kinds
    assert len(listed) < len(list(machine.current(s).options(s, "red")))  # some are refused


def test_the_move_steps_listed_actions_are_its_unrefused_options():
    # Picking up (own pieces, at least one), putting down under each rule: the Move action
    # (borders, RULES §12.4), with borders ignored (§14.8), the Move-3 marker (rivals' pieces,
    # each in its country, none required).
    pieces = {LO: ["red", "yellow:m"], WALES: ["red:m", "yellow"], SHIP_ROUTE: [None, "red:m"]}
    s = build(pieces=pieces, hand={"red": ["move_3_tradesmen"]}, actions_left=2)
    play(s, "red", "move")
    seen = [listed_and_derived(s, "red")]
    play(s, "red", ("lift", space(WALES, 0)), "done")  # a Welsh merchant: Wales or England
    seen.append(listed_and_derived(s, "red"))
    play(s, "red", ("place_merchant", space(WALES, 2)))
    play(s, "red", ("marker", "move_3_tradesmen"))
    seen.append(listed_and_derived(s, "red"))
    play(s, "red", ("lift", space(LO, 1)), "done")  # a rival's English merchant: England
    seen.append(listed_and_derived(s, "red"))
    for listed, derived in seen:
        assert listed == derived
    picks, puts, rivals, english = (listed for listed, _ in seen)
    assert {a.arg for a in picks if a.type == "lift"} == {
        space(LO, 0),
        space(WALES, 0),
        space(SHIP_ROUTE, 1),
    }
    assert {a.type for a in puts} == {"place_merchant"}
    assert {a.arg for a in rivals if a.type == "lift"} == {space(LO, 1), space(WALES, 1)}
    assert Action("done") in rivals  # the marker moves "up to" 3
    assert {SPACE_COUNTRY[a.arg] for a in english} == {"England"}


def test_the_move_step_with_borders_ignored_lists_its_unrefused_options():
    s = build(pieces={LO: ["red"]}, borderless=True)
    play(s, "red", "move", ("lift", space(LO, 0)), "done")
    listed, derived = listed_and_derived(s, "red")
    assert listed == derived
    assert {SPACE_COUNTRY[a.arg] for a in listed} == {"England", "Wales", "Scotland"}


def test_same_seed_same_game():
    a, b = RULESET.setup(7, players=5), RULESET.setup(7, players=5)
    assert a.to_json() == b.to_json()
    assert legal(a, "red") == legal(b, "red")
