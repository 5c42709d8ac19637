"""The games as OpenSpiel Python games: registered and loadable by name with the right game
type, OpenSpiel's own random simulation test, and its MCTS bot playing games to the end.

Whole games through OpenSpiel's checks are long (its random simulation test asks every
observation and clone at every step: 30 s to 6 min a game here), so those runs are slow;
the quick suite checks the type, strings, tensors, returns and clones on short walks."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from gameshelf.rl import openspiel  # noqa: E402

GAMES = [
    ("hammer_scots", {}),
    ("three_kingdoms", {"players": 3}),
    ("twilight_struggle", {}),
    ("hansa_britannia", {"players": 2}),
]
openspiel.register()


class NoRollout(mcts.Evaluator):
    """Values every leaf at 0 with uniform priors: MCTS's tree search without rollouts
    (a rollout is a whole game here)."""

    def evaluate(self, state):
        return np.zeros(state.num_players())

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize(("game", "params"), GAMES)
def test_each_game_loads_by_name_with_the_right_type(game, params):
    loaded = pyspiel.load_game(f"gameshelf_{game}", params)
    kind = loaded.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.min_num_players >= 2
    assert kind.max_num_players <= 5
    assert loaded.num_players() == params.get("players", 2)


@pytest.mark.parametrize(("game", "params"), GAMES)
def test_a_walk_gives_strings_tensors_clones_and_histories(game, params):
    loaded = pyspiel.load_game(f"gameshelf_{game}", params)
    state = loaded.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(25):
        player = state.current_player()
        tensor = state.observation_tensor(player)
        assert len(tensor) == loaded.observation_tensor_size()
        assert state.observation_string(player) != state.information_state_string(player)
        clone = state.clone()
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state)
    again = loaded.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)
    assert state.returns() == [0.0] * loaded.num_players()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "params"), GAMES)
def test_openspiels_random_simulation_test_passes(game, params):
    loaded = pyspiel.load_game(f"gameshelf_{game}", params)
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


def play_with_mcts(name, params, seed):
    loaded = pyspiel.load_game(name, params)
    bot = mcts.MCTSBot(
        loaded,
        uct_c=2.0,
        max_simulations=2,
        evaluator=NoRollout(),
        random_state=np.random.RandomState(seed),
    )
    state = loaded.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    return state


def test_openspiels_mcts_bot_plays_three_kingdoms_to_the_end():
    state = play_with_mcts("gameshelf_three_kingdoms", {"players": 2}, 1)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "params"), GAMES)
def test_openspiels_mcts_bot_plays_each_game_to_the_end(game, params):
    state = play_with_mcts(f"gameshelf_{game}", params, 2)
    assert abs(sum(state.returns())) < 1e-9
