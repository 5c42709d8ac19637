"""The games as PettingZoo environments: PettingZoo's own api_test, seed_test and
max_cycles_test for every game, and what the environment promises beyond them (turns,
secret choices, illegal actions, rewards, truncation, render)."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, seed_test

from gameshelf.core.engine.ruleset import Outcome
from gameshelf.rl import pettingzoo
from gameshelf.rl.session import Session

GAMES = [
    ("hammer_scots", {}),
    ("three_kingdoms", {"players": 3}),
    ("twilight_struggle", {}),
    ("hansa_britannia", {"players": 3}),
]


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_pettingzoos_api_test_passes(game, kwargs):
    api_test(pettingzoo.env(game, **kwargs), num_cycles=40)


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_pettingzoos_seed_test_passes(game, kwargs):
    seed_test(partial(pettingzoo.env, game, **kwargs), num_cycles=15)


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_pettingzoos_max_cycles_test_passes_in_the_cycle_order(game, kwargs):
    # max_cycles_test counts how often each seat is asked, so it holds for the order in
    # which every seat is asked once a cycle (turns="cycle", which parallel_env uses).
    module = SimpleNamespace(
        env=partial(pettingzoo.env, game, turns="cycle", **kwargs),
        parallel_env=partial(pettingzoo.parallel_env, game, **kwargs),
    )
    max_cycles_test(module)


def masked_step(env, rng):
    obs, *_ = env.last()
    legal = np.flatnonzero(obs["action_mask"])
    env.step(int(rng.choice(legal)))


def test_a_secret_choice_asks_each_seat_without_showing_it_the_others_card():
    seen = []
    for pick in (0, -1):  # England picks its first card, then in another game its last
        env = pettingzoo.env("hammer_scots")
        env.reset(seed=3)
        assert env.agent_selection == "England"
        obs, *_ = env.last()
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[pick]))
        assert env.agent_selection == "Scotland"
        obs, *_ = env.last()
        assert env.view("Scotland")["chosen"]["England"] == "hidden"
        seen.append(obs["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_an_illegal_action_is_ignored_and_the_same_seat_is_asked_again():
    env = pettingzoo.env("twilight_struggle")
    env.reset(seed=1)
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.session.state.to_json()
    env.step(illegal)
    assert env.infos[agent]["illegal"] is True
    assert env.agent_selection == agent
    assert env.session.state.to_json() == before


def test_a_seat_not_awaited_has_a_mask_of_zeros_and_in_the_cycle_order_only_wait():
    env = pettingzoo.env("hammer_scots")
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    while env.session.awaited() != ["England"] or env.session.state.step == "card_phase":
        masked_step(env, rng)
    assert not env.observe("Scotland")["action_mask"].any()
    cycle = pettingzoo.env("hammer_scots", turns="cycle")
    cycle.reset(seed=2)
    cycle.step(int(np.flatnonzero(cycle.observe("England")["action_mask"])[0]))
    cycle.step(int(np.flatnonzero(cycle.observe("Scotland")["action_mask"])[0]))
    waiting = [r for r in cycle.possible_agents if r not in cycle.session.awaited()]
    assert waiting
    mask = cycle.observe(waiting[0])["action_mask"]
    assert list(np.flatnonzero(mask)) == [cycle.session.n_actions]


def test_a_game_played_to_its_end_pays_the_winner_and_charges_the_loser():
    env = pettingzoo.env("three_kingdoms", players=2)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        total[agent] += reward
        if termination or truncation:
            env.step(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal)))
    assert not env.agents
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_step_limit_truncates_every_seat_without_reward():
    env = pettingzoo.env("hansa_britannia", players=4, max_cycles=3)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(12):
        masked_step(env, rng)
    assert all(env.truncations.values())
    assert not any(env.terminations.values())
    assert set(env.rewards.values()) == {0.0}


@pytest.mark.parametrize(
    ("winners", "scores", "expected"),
    [
        (["p1"], {}, {"p1": 1.0, "p2": -1.0}),
        ([], {"p1": 3.0, "p2": 5.0}, {"p1": 0.0, "p2": 0.0}),
    ],
)
def test_two_players_get_one_for_a_win_minus_one_for_a_loss_nothing_for_a_draw(
    winners, scores, expected
):
    session = Session("three_kingdoms", players=2)
    session.outcome = lambda: Outcome(winners=winners, reason="x", scores=scores)  # type: ignore[method-assign]
    assert session.returns() == expected


def test_more_players_get_their_ranking_spread_over_minus_one_to_one():
    session = Session("three_kingdoms", players=4)
    scores = {"p1": 10.0, "p2": 30.0, "p3": 20.0, "p4": 20.0}
    session.outcome = lambda: Outcome(winners=["p2"], reason="x", scores=scores)  # type: ignore[method-assign]
    assert session.returns() == {"p1": -1.0, "p2": 1.0, "p3": 0.0, "p4": 0.0}


def test_render_draws_the_text_board_of_the_seat_asked():
    env = pettingzoo.env("hammer_scots", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "Lanark" in text or "lanark" in text


def test_a_wrong_turns_word_or_render_mode_is_refused():
    with pytest.raises(ValueError, match="turns"):
        pettingzoo.env("hammer_scots", turns="sometimes")
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo.env("hammer_scots", render_mode="rgb_array")


def test_the_parallel_api_plays_a_game_to_its_end_told_when_the_cycle_is_over():
    env = pettingzoo.parallel_env("three_kingdoms", players=3)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total = dict.fromkeys(env.possible_agents, 0.0)
    cycles = 0
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, rewards, terminations, _, _ = env.step(actions)
        for agent, reward in rewards.items():
            total[agent] += reward
        cycles += 1
    assert all(terminations.values())
    assert env.aec_env.session.outcome() is not None
    assert (
        sorted(total.values()) in ([-1.0, 0.0, 1.0], [0.0, 0.0, 0.0])
        or abs(sum(total.values())) < 1e-9
    )
    assert cycles > 10


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_with_the_view_in_the_info_the_vectors_and_views_are_the_same(game, kwargs):
    viewed = pettingzoo.env(game, info_view=True, **kwargs)
    lean = pettingzoo.env(game, **kwargs)  # the default: the view made when asked
    viewed.reset(seed=4)
    lean.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(150):
        agent = viewed.agent_selection
        assert lean.agent_selection == agent
        obs, *_, info = viewed.last()
        again, *_, lean_info = lean.last()
        assert "view" not in lean_info
        assert info["view"] == lean.view(agent)
        assert np.array_equal(obs["observation"], again["observation"])
        assert np.array_equal(obs["action_mask"], again["action_mask"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        viewed.step(action)
        lean.step(action)


@pytest.mark.parametrize(("game", "kwargs"), GAMES)
def test_the_vector_is_the_encoding_of_the_seats_view(game, kwargs):
    env = pettingzoo.env(game, **kwargs)
    env.reset(seed=6)
    session, rng = env.session, np.random.default_rng(6)
    for _ in range(200):
        obs, _, termination, truncation, _ = env.last()
        if termination or truncation:
            break
        agent = env.agent_selection
        made = session.encoding.observe(session.ruleset.view(session.state, agent))
        assert np.array_equal(obs["observation"], np.frombuffer(made, dtype=np.float32))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_pettingzoos_api_test_passes_with_the_view_in_the_info():
    api_test(pettingzoo.env("hansa_britannia", players=2, info_view=True), num_cycles=40)
