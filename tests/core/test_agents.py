"""The agents every game gets: the random bot is uniform and reproducible."""

from collections import Counter

import pytest

from gameshelf.core.bots.agents import (
    AgentSpec,
    FirstLegalAgent,
    Observation,
    PlayerAgent,
    RandomAgent,
)
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.registry.plugins import Registry, UnknownAgent
from tests.core.toygame import RULESET

CHOICES = [Action("card", n) for n in range(5)]


def picks(agent, count, actions=CHOICES):
    seen = Observation(RULESET, RULESET.setup(1), "north")
    return [agent.choose(seen, actions) for _ in range(count)]


def test_the_random_agent_repeats_itself_from_the_same_seed():
    assert picks(RandomAgent(7), 50) == picks(RandomAgent(7), 50)
    assert picks(RandomAgent(7), 50) != picks(RandomAgent(8), 50)


def test_the_random_agent_picks_uniformly_by_chi_square():
    counts = Counter(picks(RandomAgent(1), 50_000))
    expected = 50_000 / len(CHOICES)
    chi2 = sum((counts[a] - expected) ** 2 / expected for a in CHOICES)
    assert chi2 < 18.47  # 4 degrees of freedom, p = 0.001


@pytest.mark.parametrize("size", [1, 2, 3, 4, 7, 8, 9, 64])
def test_the_random_agent_reaches_every_action_of_any_list(size):
    actions = [Action("pick", n) for n in range(size)]
    assert set(picks(RandomAgent(size), 60 * size, actions)) == set(actions)


def test_the_random_agent_refuses_an_empty_list():
    with pytest.raises(ValueError, match="no legal action"):
        RandomAgent(1).choose(Observation(RULESET, RULESET.setup(1), "north"), [])


def test_the_first_legal_agent_takes_the_first():
    assert picks(FirstLegalAgent(), 3) == [CHOICES[0]] * 3


def test_an_observation_is_the_seats_view_and_never_the_state():
    s = RULESET.setup(3)
    seen = Observation(RULESET, s, "south")
    assert seen.view == RULESET.view(s, "south")
    assert seen.info.id == "toy_duel"
    public = {name for name in dir(seen) if not name.startswith("_")}
    assert public == {
        "role",
        "roles",
        "view",
        "info",
        "determinized",
        "forward",
        # the search's forward model, on determinized worlds (core.bots.search)
        "turn",
        "waiting",
        "actions",
        "play",
        "copy",
        "values",
    }


def test_a_determinized_world_agrees_with_the_seat_and_redeals_the_rest():
    s = RULESET.setup(3)
    RULESET.apply(s, "north", Action("card", s.hands["north"][0]))
    seen = Observation(RULESET, s, "south")
    worlds = [seen.determinized(seed) for seed in range(20)]
    assert all(RULESET.view(w, "south") == seen.view for w in worlds)
    assert len({tuple(w.hands["north"]) for w in worlds}) > 1  # north's hand is re-dealt
    world = worlds[0]
    seen.forward(world, "south", Action("card", world.hands["south"][0]))
    assert world.step != s.step or world.round != s.round  # the forward model moved it
    assert s.hands["south"] == RULESET.setup(3).hands["south"]  # the real game did not


def test_an_agent_spec_names_the_games_it_plays():
    registry = Registry()
    spec = AgentSpec("duelist", "Duelist", FirstLegalAgent, games=("toy_duel",))
    registry.agents["duelist"] = spec
    assert registry.agent("duelist", "toy_duel") is spec
    assert "duelist" not in registry.agents_for("hammer_scots")
    assert "random" in registry.agents_for("hammer_scots")  # the built-ins play every game
    with pytest.raises(UnknownAgent):
        registry.agent("duelist", "hammer_scots")


class Weighed:
    """An observation whose game weighs action types (``GameInfo.bot_weights``)."""

    def __init__(self, weights):
        self.info = RULESET.info.model_copy(update={"bot_weights": weights})
        self.role = "north"


def test_the_default_bot_is_the_uniform_one_where_the_game_weighs_nothing():
    seen = Observation(RULESET, RULESET.setup(1), "north")
    assert [PlayerAgent(4).choose(seen, CHOICES) for _ in range(1)] == picks(RandomAgent(4), 1)
    player = PlayerAgent(4)
    assert [player.choose(seen, CHOICES) for _ in range(200)] == picks(RandomAgent(4), 200)


def test_the_default_bot_takes_a_type_of_weight_zero_only_when_nothing_else_is_legal():
    seen = Weighed({"end_turn": 0.0})
    end = Action("end_turn")
    player = PlayerAgent(2)
    assert {player.choose(seen, [*CHOICES, end]) for _ in range(2_000)} == set(CHOICES)
    assert player.choose(seen, [end]) == end
    assert player.choose(seen, [end, Action("end_turn", 1)]) in (end, Action("end_turn", 1))


def test_the_default_bot_prefers_a_heavier_type_by_its_weight():
    seen = Weighed({"create": 9.0})
    player = PlayerAgent(3)
    pair = [Action("create"), Action("card", 1)]
    counts = Counter(player.choose(seen, pair) for _ in range(20_000))
    assert counts[Action("create")] / 20_000 == pytest.approx(0.9, abs=0.01)


def test_the_default_bot_refuses_an_empty_list():
    with pytest.raises(ValueError, match="no legal action"):
        PlayerAgent(1).choose(Weighed({"x": 0.0}), [])


def test_random_names_the_default_bot_and_uniform_the_uniform_one():
    registry = Registry()
    assert registry.agent("random", "toy_duel").factory is PlayerAgent
    assert registry.agent("uniform", "toy_duel").factory is RandomAgent
