"""The games as OpenSpiel Python games: registered and loadable by name with the right game
type, OpenSpiel's own random simulation test with serialisation, and its MCTS bot playing
games to the end.

Whole games through OpenSpiel's checks are long (its random simulation test asks every
observation, clone and serialisation at every step), so those runs are slow; the quick
suite runs the same test and bot on games cut at ``max_length`` moves (the game's end then,
every return 0), and checks the type, strings, tensors, clones and histories on walks."""

from __future__ import annotations

import pickle

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
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.min_num_players >= 2
    assert kind.max_num_players <= 5
    assert loaded.num_players() == params.get("players", 2)


@pytest.mark.parametrize(("game", "params"), GAMES)
def test_a_walk_gives_strings_tensors_clones_and_histories(game, params):
    loaded = pyspiel.load_game(f"gameshelf_{game}", params)
    state = loaded.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == openspiel.DEALS
    assert state.observation_string(0) == ""
    state.apply_action(7)  # the deal
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


@pytest.mark.parametrize(("game", "params"), GAMES)
def test_openspiels_random_simulation_test_passes_with_serialisation_on_cut_games(game, params):
    loaded = pyspiel.load_game(f"gameshelf_{game}", {**params, "max_length": 30})
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "params"), GAMES)
def test_openspiels_random_simulation_test_passes_with_serialisation(game, params):
    loaded = pyspiel.load_game(f"gameshelf_{game}", params)
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def test_a_state_serialises_pickles_and_comes_back_the_same_game():
    loaded = pyspiel.load_game("gameshelf_hansa_britannia", {"players": 2, "seed": 3})
    state = loaded.new_initial_state()
    state.apply_action(11)
    rng = np.random.default_rng(1)
    for _ in range(15):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(loaded, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert again.history() == state.history()
    unpickled = pickle.loads(pickle.dumps(state))
    assert str(unpickled) == str(state)
    assert unpickled.legal_actions() == state.legal_actions()


def test_the_deal_is_the_games_seed_and_a_wrong_deal_or_length_is_refused():
    loaded = pyspiel.load_game("gameshelf_three_kingdoms", {"players": 2, "seed": 2})
    state = loaded.new_initial_state()
    state.apply_action(5)
    assert (
        state.session.state.to_json()
        == state.session.ruleset.setup(2 * openspiel.DEALS + 5, None, None, 2).to_json()
    )
    with pytest.raises(Exception, match="deal"):
        loaded.new_initial_state().apply_action(openspiel.DEALS)
    with pytest.raises(Exception, match="max_length"):
        pyspiel.load_game("gameshelf_three_kingdoms", {"max_length": 10**9})


def test_a_game_cut_at_max_length_ends_there_with_nothing_won():
    loaded = pyspiel.load_game("gameshelf_twilight_struggle", {"max_length": 12})
    state = loaded.new_initial_state()
    state.apply_action(0)
    moves = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        moves += 1
    assert moves == 12
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


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
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        else:
            state.apply_action(bot.step(state))
    return state


@pytest.mark.parametrize(("game", "params"), GAMES)
def test_openspiels_mcts_bot_plays_each_cut_game_to_the_end(game, params):
    state = play_with_mcts(f"gameshelf_{game}", {**params, "max_length": 25}, 1)
    assert len(state.history()) == 26  # the deal and 25 moves (no game ends sooner)
    assert state.returns() == [0.0] * state.num_players()


def test_openspiels_mcts_bot_plays_three_kingdoms_to_the_end():
    state = play_with_mcts("gameshelf_three_kingdoms", {"players": 2}, 1)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "params"), GAMES)
def test_openspiels_mcts_bot_plays_each_game_to_the_end(game, params):
    state = play_with_mcts(f"gameshelf_{game}", params, 2)
    assert state.session.outcome() is not None
    assert abs(sum(state.returns())) < 1e-9
