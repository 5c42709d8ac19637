"""The agents every game gets: the random bot is uniform and reproducible."""

from collections import Counter

import pytest

from core.agents import FirstLegalAgent, RandomAgent
from core.ruleset import Action

CHOICES = [Action("card", n) for n in range(5)]


def picks(agent, count, actions=CHOICES):
    return [agent.choose(None, None, "north", actions) for _ in range(count)]


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
        RandomAgent(1).choose(None, None, "north", [])


def test_the_first_legal_agent_takes_the_first():
    assert picks(FirstLegalAgent(), 3) == [CHOICES[0]] * 3
