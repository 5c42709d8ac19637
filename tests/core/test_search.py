"""The search bots (core.bots.search): greedy and ISMCTS, on the toy duel, seeing only
their seat."""

import math

import pytest

from gameshelf.core.bots.agents import Observation
from gameshelf.core.bots.search import (
    DEPTH,
    UCT_C,
    GreedyAgent,
    IsmctsAgent,
    ismcts_factory,
    one_ply,
    playout_depth,
    search_widening,
    shunned,
)
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, Outcome, outcome_values, win_chances
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from tests.core.conftest import toy_plugin
from tests.core.toygame import HighCardDuel


class ScoredDuel(HighCardDuel):
    """The duel with an evaluate hook: the points scored so far."""

    def evaluate(self, s):
        if self.outcome(s) is not None:
            return super().evaluate(s)
        return win_chances({r: float(v) for r, v in s.score.items()}, 1.0)


DUEL = ScoredDuel()


def south_to_choose(hand, north_chose=None, seed=1):
    """South to pick a card holding ``hand``; North has chosen ``north_chose`` (or not)."""
    s = DUEL.setup(seed)
    north = s.hands["north"]
    s.deck.draw_pile = [c for c in s.deck.draw_pile + s.hands["south"] if c not in hand]
    s.hands["south"] = list(hand)
    if north_chose is not None:
        DUEL.apply(s, "north", Action("card", north[0]))
    return s


def test_outcome_values_and_win_chances():
    won = Outcome(winners=["a"], reason="x")
    assert outcome_values(won, ["a", "b"]) == {"a": 1.0, "b": 0.0}
    assert outcome_values(Outcome(winners=[], reason="draw"), ["a", "b"]) == {"a": 0.5, "b": 0.5}
    chances = win_chances({"a": 2.0, "b": 0.0, "c": 0.0}, 1.0)
    assert sum(chances.values()) == pytest.approx(1.0)
    assert chances["a"] > chances["b"] == chances["c"]


def test_the_default_evaluate_has_no_opinion_until_the_end():
    s = HighCardDuel().setup(1)
    assert HighCardDuel().evaluate(s) == {}
    seen = Observation(HighCardDuel(), s, "north", ("north", "south"))
    assert seen.values(s) == (0.5, 0.5)


def test_greedy_plays_the_card_that_surely_wins():
    s = south_to_choose([3, 12, 5], north_chose=True)  # the reveal follows South's choice
    actions = DUEL.actions(s, "south")
    assert GreedyAgent(1).choose(Observation(DUEL, s, "south"), actions) == ("card", 12)


def test_greedy_breaks_ties_by_its_seed():
    s = south_to_choose([3, 12, 5])  # North has not chosen: every card leaves the score as it is
    actions = DUEL.actions(s, "south")
    picks = {GreedyAgent(seed).choose(Observation(DUEL, s, "south"), actions) for seed in range(12)}
    assert len(picks) > 1
    assert GreedyAgent(4).choose(Observation(DUEL, s, "south"), actions) == GreedyAgent(4).choose(
        Observation(DUEL, s, "south"), actions
    )


@pytest.mark.parametrize("north_chose", [None, True])
def test_ismcts_plays_the_card_that_surely_wins(north_chose):
    """Whether North's secret card is known to be chosen or both choose at once (then each
    side picks from its own statistics, blind to the other's pick)."""
    s = south_to_choose([3, 12, 5], north_chose)
    bot = IsmctsAgent(1, iterations=300)
    assert bot.choose(Observation(DUEL, s, "south"), DUEL.actions(s, "south")) == ("card", 12)
    assert bot.last_iterations == 300


def test_ismcts_is_deterministic_for_a_seed_and_an_iteration_budget():
    s = south_to_choose([3, 7, 5], True, seed=4)
    seen = Observation(DUEL, s, "south")
    picks = [IsmctsAgent(9, iterations=150).choose(seen, DUEL.actions(s, "south")) for _ in "ab"]
    assert picks[0] == picks[1]
    before = DUEL.dump_state(s)
    IsmctsAgent(9, iterations=50).choose(seen, DUEL.actions(s, "south"))
    assert DUEL.dump_state(s) == before  # the search never touches the real game


def test_a_single_legal_action_is_taken_without_search():
    bot = IsmctsAgent(1, iterations=10)
    s = DUEL.setup(1)
    assert bot.choose(Observation(DUEL, s, "north"), [Action("pass")]) == Action("pass")
    assert bot.last_iterations == 0


class CountedDuel(ScoredDuel):
    """The duel counting the actions played on it (the search's worlds included)."""

    played = 0

    def play(self, s, role, action):
        CountedDuel.played += 1
        return super().play(s, role, action)


class ShallowDuel(CountedDuel):
    """The duel naming its own playout depth: none, the position rated where the tree ends."""

    info = CountedDuel.info.model_copy(update={"playout_depth": 0})


def actions_played(ruleset, depth):
    s = south_to_choose([3, 7, 5], True, seed=4)
    CountedDuel.played = 0
    IsmctsAgent(2, iterations=60, depth=depth).choose(
        Observation(ruleset, s, "south"), ruleset.actions(s, "south")
    )
    return CountedDuel.played


def test_the_playout_depth_is_the_games_unless_the_bot_is_given_one():
    assert playout_depth(CountedDuel.info) == DEPTH
    assert playout_depth(ShallowDuel.info) == 0
    shallow, counted = ShallowDuel(), CountedDuel()
    assert actions_played(shallow, None) == actions_played(counted, 0)
    assert actions_played(shallow, None) < actions_played(counted, None)
    assert actions_played(shallow, DEPTH) == actions_played(counted, None)


def test_a_time_budget_stops_the_search():
    s = south_to_choose([3, 7, 5], True)
    bot = IsmctsAgent(1, iterations=None, ms=30)
    bot.choose(Observation(DUEL, s, "south"), DUEL.actions(s, "south"))
    assert bot.last_iterations > 0


@pytest.mark.parametrize(
    ("budget", "iterations", "ms", "depth", "c"),
    [
        ("500", 500, None, None, UCT_C),
        ("250ms", None, 250.0, None, UCT_C),
        ("100/300ms/d3", 100, 300.0, 3, UCT_C),
        ("300/d2/c0.25", 300, None, 2, 0.25),
    ],
)
def test_budgets_are_written_in_iterations_milliseconds_and_depth(budget, iterations, ms, depth, c):
    bot = ismcts_factory(budget)(1)
    assert (bot.iterations, bot.ms, bot.depth, bot.c, bot.widen) == (iterations, ms, depth, c, None)


@pytest.mark.parametrize(("budget", "widen"), [("100/w1", 1.0), ("100/w0.5/d0", 0.5), ("9/w0", 0)])
def test_a_budget_may_name_the_widening(budget, widen):
    assert ismcts_factory(budget)(1).widen == widen


@pytest.mark.parametrize("budget", ["", "fast", "0", "d3", "10/x", "10/c", "10/c1.2.3", "10/w"])
def test_a_budget_that_is_none_is_refused(budget):
    with pytest.raises(ValueError, match="budget"):
        ismcts_factory(budget)


def test_the_registry_offers_the_search_agents_and_their_levels():
    registry = Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())]))
    for agent in ("greedy", "ismcts", "ismcts_easy", "ismcts_normal", "ismcts_hard"):
        assert agent in registry.agents_for("toy_duel")
    assert registry.agent("ismcts").factory_for("20")(1).iterations == 20
    with pytest.raises(ValueError, match="takes no parameter"):
        registry.agent("greedy").factory_for("20")


def test_search_bots_finish_games_through_a_match():
    for agents in ({"north": GreedyAgent(1), "south": IsmctsAgent(2, iterations=20)},):
        m = Match(DUEL, seed=5)
        m.play_bots(agents)
        assert m.outcome() is not None


def test_a_world_is_the_same_whatever_the_seat_cannot_see():
    """Two games South cannot tell apart (North's hand, the deck and the generator's seed
    dealt again) give South the same determinized worlds, so the same choices."""
    s = south_to_choose([3, 7, 5], True, seed=6)
    other = DUEL.copy_state(s)
    DUEL.shuffle_hidden(other, "south", Rng(seed=99))
    other.rng.seed = 12345
    assert other.hands["north"] != s.hands["north"] or other.deck.draw_pile != s.deck.draw_pile
    a, b = Observation(DUEL, s, "south"), Observation(DUEL, other, "south")
    for seed in range(5):
        assert DUEL.dump_state(a.determinized(seed)) == DUEL.dump_state(b.determinized(seed))
    actions = DUEL.actions(s, "south")
    assert IsmctsAgent(3, iterations=100).choose(a, actions) == IsmctsAgent(
        3, iterations=100
    ).choose(b, actions)


class ThriftyDuel(ScoredDuel):
    """The duel rated by the cards each side keeps: the lowest card played is the best."""

    info = ScoredDuel.info.model_copy(update={"search_widening": 1.0})

    def evaluate(self, s):
        return win_chances({r: float(sum(s.hands[r])) for r in s.hands}, 10.0)


THRIFTY = ThriftyDuel()
SPREAD_HAND = [9, 3, 11, 5, 7, 1]


@pytest.mark.parametrize(
    ("north_chose", "order"),
    [(True, (1, 3, 5, 7)), (None, (9, 3, 11, 5))],
)
def test_widening_tries_the_bots_actions_in_the_order_of_the_prior(north_chose, order):
    """A budget of 16 iterations, widening 1: at most ceil(sqrt(16)) = 4 of South's six
    cards are tried, in the order of the cards kept one ply ahead (what ThriftyDuel rates):
    the lowest first once North has chosen; while both choose at once a card stays in hand
    until both have, so every card rates alike and they come in the order listed."""
    s = south_to_choose(SPREAD_HAND, north_chose)
    bot = IsmctsAgent(1, iterations=16)
    bot.choose(Observation(THRIFTY, s, "south"), THRIFTY.actions(s, "south"))
    assert search_widening(THRIFTY.info) == 1.0
    assert bot.last_tried == [Action("card", c) for c in order]


@pytest.mark.parametrize(("widen", "iterations"), [(1.0, 1), (1.0, 8), (0.5, 30), (2.0, 5)])
def test_widening_never_tries_more_actions_than_allowed(widen, iterations):
    s = south_to_choose(SPREAD_HAND, True)
    bot = IsmctsAgent(3, iterations=iterations, widen=widen)
    bot.choose(Observation(THRIFTY, s, "south"), THRIFTY.actions(s, "south"))
    allowed = max(1, math.ceil(widen * iterations**0.5))
    assert len(bot.last_tried) == min(allowed, len(SPREAD_HAND))


def test_without_widening_every_action_is_tried_once_before_any_twice():
    s = south_to_choose(SPREAD_HAND, True)
    bot = IsmctsAgent(3, iterations=6, widen=0)
    bot.choose(Observation(THRIFTY, s, "south"), THRIFTY.actions(s, "south"))
    assert sorted(bot.last_tried) == sorted(THRIFTY.actions(s, "south"))
    assert search_widening(DUEL.info) == 0


def test_one_ply_rates_each_action_for_the_observer_and_leaves_the_world_alone():
    s = south_to_choose([3, 12, 5], north_chose=True)
    seen = Observation(DUEL, s, "south")
    world = seen.determinized(7)
    before = DUEL.dump_state(world)
    ratings = one_ply(seen, world, DUEL.actions(s, "south"))
    assert DUEL.dump_state(world) == before
    assert ratings.index(max(ratings)) == 1  # the 12 surely wins the round


class ShunningDuel(ScoredDuel):
    """The duel whose bots take the card 12 only when they hold nothing else."""

    info = ScoredDuel.info.model_copy(update={"bot_weights": {"card": 1.0, "twelve": 0.0}})

    def actions(self, s, role):
        return [Action("twelve", 12) if a.arg == 12 else a for a in super().actions(s, role)]

    def play(self, s, role, action):
        if action.type == "twelve":
            action = Action("card", action.arg)
        return super().play(s, role, action)


def test_an_action_the_game_weighs_0_is_searched_only_when_nothing_else_is_legal():
    """The 12 surely wins the round, yet a game that weighs its type 0 never has it
    searched or taken while another card is legal; alone, it is taken."""
    rules = ShunningDuel()
    assert shunned(rules.info) == {"twelve"}
    assert shunned(DUEL.info) == frozenset()
    s = south_to_choose([3, 12, 5], north_chose=True)
    bot = IsmctsAgent(1, iterations=60)
    pick = bot.choose(Observation(rules, s, "south"), rules.actions(s, "south"))
    assert pick.type == "card"
    assert Action("twelve", 12) not in bot.last_tried
    alone = south_to_choose([12], north_chose=True)
    assert bot.choose(Observation(rules, alone, "south"), rules.actions(alone, "south")) == (
        Action("twelve", 12)
    )
