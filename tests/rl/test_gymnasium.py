"""The games as single-agent Gymnasium environments: Gymnasium's own check_env for every
game, and a learner's seat played against Gameshelf agents."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from gameshelf.core.bots.agents import FirstLegalAgent
from gameshelf.core.bots.search import GreedyAgent, IsmctsAgent
from gameshelf.core.registry.plugins import UnknownAgent
from gameshelf.rl import gymnasium

GAMES = [
    ("hammer_scots", {"seat": "Scotland"}),
    ("three_kingdoms", {"players": 3, "seat": "p2"}),
    ("twilight_struggle", {"seat": "US"}),
    ("hansa_britannia", {"players": 2}),
]


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_gymnasiums_check_env_passes(game, kwargs):
    env = gymnasium.env(game, opponents="random", max_steps=50, **kwargs)
    check_env(env, skip_render_check=True)


def test_the_opponents_play_until_the_learner_is_awaited_and_the_game_ends_rewarded():
    env = gymnasium.env("three_kingdoms", players=2, opponents={"p2": FirstLegalAgent()})
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    done = truncated = False
    while not (done or truncated):
        assert "p1" in env.session.awaited()
        assert obs["action_mask"].any()
        obs, reward, done, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        assert info["illegal"] is False
    assert done
    assert reward in (-1.0, 0.0, 1.0)


def test_an_illegal_action_changes_nothing_and_says_so():
    env = gymnasium.env("hammer_scots")
    obs, _ = env.reset(seed=1)
    before = env.session.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, done, _, info = env.step(illegal)
    assert info["illegal"] is True
    assert (reward, done) == (0.0, False)
    assert env.session.state.to_json() == before
    assert np.array_equal(again["observation"], obs["observation"])


def test_an_unknown_opponent_or_seat_is_refused():
    with pytest.raises(UnknownAgent):
        gymnasium.env("hammer_scots", opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        gymnasium.env("hammer_scots", seat="France")


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_check_env_passes_against_the_greedy_bot(game, kwargs):
    env = gymnasium.env(game, opponents="greedy", max_steps=8, **kwargs)
    check_env(env, skip_render_check=True)


def play_some(env, seed, steps):
    """A random learner's ``steps`` steps (fewer if the game ends): the opponents' moves
    between them, counted by the state's version."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves = 0
    for _ in range(steps):
        before = env.session.version
        obs, _, done, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        assert info["illegal"] is False
        moves += env.session.version - before - 1  # the learner's own move is one
        if done or truncated:
            break
        assert env.seat in env.session.awaited()
    return moves


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_the_learner_plays_against_ismcts_searching_a_bounded_budget(game, kwargs):
    searcher = IsmctsAgent(seed=3, iterations=8, depth=4)
    env = gymnasium.env(game, opponents=searcher, **kwargs)
    moves = play_some(env, seed=2, steps=30)
    assert moves > 0
    assert searcher.decisions > 0


def test_each_seat_has_its_own_opponent_greedy_or_ismcts():
    searcher = IsmctsAgent(seed=1, iterations=8, depth=4)
    env = gymnasium.env(
        "three_kingdoms", players=3, seat="p1", opponents={"p2": "greedy", "p3": searcher}
    )
    play_some(env, seed=5, steps=20)
    assert isinstance(env.agents["p2"], GreedyAgent)
    assert env.agents["p3"] is searcher
    assert searcher.decisions > 0
