"""Every Gameshelf game as a PettingZoo AEC environment (and a parallel one).

    from gameshelf.rl import pettingzoo
    env = pettingzoo.env("hammer_scots", scenario="braveheart")
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(
            obs["action_mask"])
        env.step(action)

- **agents** are the seated roles (``"England"``, ``"Scotland"``; ``"p1"``…; colours);
- **observation** ``{"observation": float32 vector, "action_mask": int8 vector}``: what the
  seat may see encoded by its game (``core.engine.encoding``; fields in docs/rl/<game>.md: the
  vector of its view, made from its observation without making the view), and 1 at each
  legal action. The seat's view as JSON (without its log) is ``env.view(agent)``, made when
  asked; with ``info_view=True`` it is also put in ``info["view"]`` at every observation
  (a step then costs several times as much: docs/rl/README.md);
- **actions** are the game's fixed indices ``0..N-1`` (``Discrete(N)``);
- **turns**: ``turns="game"`` (the default) asks the seat the game waits for, as the game
  goes (a seat may act many times in a row). A secret simultaneous choice asks its seats one
  at a time, each seeing only that the other has chosen, never what (the game's view hides
  it). An action a non-awaited seat might take at any moment (an interrupt) is offered only
  when that seat is the one asked. ``turns="cycle"`` asks every seat once per cycle, in seating
  order; a seat the game does not wait for has one legal action then, ``N`` ("wait", so
  ``Discrete(N + 1)``), which does nothing; the end of the game is told at the end of its
  cycle (the seats after the last move wait);
- **an illegal action** (outside the mask) is ignored: nothing happens, ``info["illegal"]``
  is set, and the game asks as it would have (the same seat again, or the next in the
  cycle);
- **rewards** come at the end only: ``Session.returns`` (+1 win, -1 loss, 0 draw for two
  players; with three to five, the ranking spread over -1..+1);
- **truncation** after ``max_cycles`` cycles, a cycle being one step per seat (default: the
  game's ``info.max_actions`` steps in all): every seat is truncated, rewards 0;
- **render**: the game's text board of the asked seat's view (``core.play.text``), as text
  (``render_mode="ansi"``) or printed (``"human"``).

``parallel_env`` is the cycle order seen by PettingZoo's parallel API (every live seat sends
an action each step; only the awaited seats' actions count).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel

from gameshelf.core.engine.ruleset import Role
from gameshelf.rl.session import Session

TURNS = ("game", "cycle")


class GameshelfAEC(AECEnv):
    """A Gameshelf game as a PettingZoo AEC environment (see the module)."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "gameshelf",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game_id: str,
        scenario: str | None = None,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        max_cycles: int | None = None,
        turns: str = "game",
        render_mode: str | None = None,
        lang: str = "en",
        info_view: bool = False,
    ) -> None:
        super().__init__()
        if turns not in TURNS:
            raise ValueError(f"turns is one of {TURNS}, not {turns!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}")
        self.session = Session(game_id, scenario, options, players)
        self.metadata = {**self.metadata, "name": f"gameshelf_{game_id}_v0"}
        self.turns, self.render_mode, self.lang = turns, render_mode, lang
        self.info_view = info_view
        self.possible_agents: list[Role] = list(self.session.roles)
        n = len(self.possible_agents)
        most = self.session.ruleset.info.max_actions  # the game's bound on its length
        self.max_steps = max_cycles * n if max_cycles is not None else most
        self.n_actions = self.session.n_actions + (1 if turns == "cycle" else 0)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.session.n_obs,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.n_actions)
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: Role) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: Role) -> spaces.Discrete:
        return self._action_space

    # --- the AEC API ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._seeds.integers(2**31))
        self.session.new(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[Role, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self._first_asked()

    def observe(self, agent: Role) -> dict[str, np.ndarray]:
        session = self.session
        if self.info_view:
            self.infos[agent]["view"] = session.view(agent)
        mask = session.mask(agent, self.n_actions)
        if self.turns == "cycle" and agent not in session.awaited():
            mask[session.n_actions] = 1  # waiting, all a seat not awaited does
        return {"observation": session.observe(agent, self.info_view), "action_mask": mask}

    def view(self, agent: Role) -> dict[str, Any]:
        """The seat's view now as JSON, without its log (``Ruleset.view``): what the vector
        encodes, for a researcher who wants to read it (see the module)."""
        return self.session.view(agent)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        session = self.session
        if self.turns == "cycle" and agent not in session.awaited():
            played = action == session.n_actions  # waiting is all a seat not awaited does
        else:  # refused for a seat not awaited (its mask is all 0)
            played = action is not None and session.play(agent, int(action))
        self.infos[agent]["illegal"] = not played
        awaited = session.awaited()
        if awaited and self.turns == "game":  # the game goes on (nobody is awaited once over)
            self.agent_selection = awaited[0]
        else:
            self._next_in_cycle(agent, session.outcome() is not None)
        if self.steps >= self.max_steps and session.outcome() is None:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.render_mode == "human":
            self.render()

    def _next_in_cycle(self, agent: Role, over: bool) -> None:
        """The seat asked after ``agent`` in the cycle order or, in the game's, at its end
        (``over``); the end told once the cycle is over (the seats after the last move only
        wait), as the parallel API steps every seat each cycle."""
        self.agent_selection = self._next_asked(agent)
        told = self.turns == "game" or self.agent_selection == self.possible_agents[0]
        if over and told:
            self.rewards = self.session.returns()
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()  # the only rewards: before the end, all are 0

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.session.render(self.agent_selection, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # --- turns ------------------------------------------------------------------------------

    def _first_asked(self) -> Role:
        if self.turns == "cycle":
            return self.possible_agents[0]
        return self.session.awaited()[0]

    def _next_asked(self, agent: Role) -> Role:
        awaited = self.session.awaited()
        if self.turns == "cycle" or not awaited:
            at = self.possible_agents.index(agent)
            return self.possible_agents[(at + 1) % len(self.possible_agents)]
        return awaited[0]


def env(game_id: str, **kwargs: Any) -> GameshelfAEC:
    """The AEC environment of ``game_id`` (``scenario``, ``players``, ``options``,
    ``max_cycles``, ``turns``, ``render_mode``, ``lang``, ``info_view``: see the module)."""
    return GameshelfAEC(game_id, **kwargs)


def parallel_env(game_id: str, **kwargs: Any) -> Any:
    """The parallel environment of ``game_id``: the cycle order (``turns="cycle"``)."""
    return aec_to_parallel(GameshelfAEC(game_id, turns="cycle", **kwargs))
