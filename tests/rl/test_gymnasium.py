"""The games as single-agent Gymnasium environments: Gymnasium's own check_env for every
game, and a learner's seat played against Gameshelf agents."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from gameshelf.core.agents import FirstLegalAgent
from gameshelf.core.plugins import UnknownAgent
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
