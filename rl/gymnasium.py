"""Every Gameshelf game as a single-agent Gymnasium environment: one seat learns, the others
are Gameshelf agents (``core.bots.agents``: "random", "first", or any a plugin offers, such as a
greedy or search bot).

    from gameshelf.rl import gymnasium
    env = gymnasium.env("twilight_struggle", seat="US", opponents="random")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))

The observation, the action indices, the mask, ``info["view"]``, the rewards (at the end
only) and the handling of an illegal action (ignored, ``info["illegal"]``) are those of the
PettingZoo environment (``gameshelf.rl.pettingzoo``). Between two steps of the learner the
opponents play until the learner's seat is awaited again or the game ends. ``truncated``
comes after ``max_steps`` steps of the learner. ``info_view`` says how ``info["view"]`` comes:
``"dict"`` (the default), ``"text"`` (its JSON text: what Gymnasium's vector environments
can gather, as views differ in shape from game to game) or ``None`` (no view).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np
import orjson
from gymnasium import spaces

from gameshelf.core.bots.agents import Agent, Observation
from gameshelf.core.engine.rng import seed_from
from gameshelf.core.engine.ruleset import JSON, Role, dump_view
from gameshelf.rl.session import Session, registry

INFO_VIEWS = ("dict", "text", None)
Opponent = str | Agent
Opponents = Opponent | Mapping[Role, Opponent]


class GameshelfEnv(gym.Env):
    """One seat of a Gameshelf game against Gameshelf agents (see the module)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game_id: str,
        seat: Role | None = None,
        opponents: Opponents = "random",
        scenario: str | None = None,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        lang: str = "en",
        info_view: str | None = "dict",
    ) -> None:
        self.session = Session(game_id, scenario, options, players)
        roles = self.session.roles
        self.seat = seat if seat is not None else roles[0]
        if self.seat not in roles:
            raise ValueError(f"seat is one of {roles}, not {self.seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}")
        self.others = [r for r in roles if r != self.seat]
        self.chosen = {
            r: opponents[r] if isinstance(opponents, Mapping) else opponents for r in self.others
        }
        for role, spec in self.chosen.items():
            if isinstance(spec, str):
                registry().agent(spec, game_id)  # an unknown agent is refused now
            elif not hasattr(spec, "choose"):
                raise TypeError(f"the opponent of {role} is neither an agent id nor an agent")
        self.max_steps = max_steps or self.session.ruleset.info.max_actions
        if info_view not in INFO_VIEWS:
            raise ValueError(f"info_view is one of {INFO_VIEWS}, not {info_view!r}")
        self.render_mode, self.lang, self.info_view = render_mode, lang, info_view
        n = self.session.n_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.session.n_obs,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self.agents: dict[Role, Agent] = {}
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], JSON]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        self.session.new(game_seed)
        self.agents = {
            role: self._make(spec, seed_from("opponent", game_seed, role))
            for role, spec in self.chosen.items()
        }
        self.steps = 0
        self._opponents_play()
        return self._observe(), self._info(illegal=False)

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, JSON]:
        self.steps += 1
        legal = self.seat in self.session.awaited() and self.session.play(self.seat, int(action))
        if legal:
            self._opponents_play()
        over = self.session.outcome() is not None
        reward = self.session.returns()[self.seat] if over else 0.0
        truncated = not over and self.steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, over, truncated, self._info(illegal=not legal)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.session.render(self.seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # --- the others --------------------------------------------------------------------------

    def _make(self, spec: Opponent, seed: int) -> Agent:
        if isinstance(spec, str):
            return registry().agent(spec, self.session.game.id).factory(seed)
        return spec

    def _opponents_play(self) -> None:
        """The opponents act until the learner is awaited or the game is over."""
        session = self.session
        while session.outcome() is None:
            awaited = session.awaited()
            if self.seat in awaited:
                return
            role = awaited[0]
            actions = session.legal(role)
            seen = Observation(session.ruleset, session.state, role, session.roles)
            session.play_action(role, self.agents[role].choose(seen, actions))

    def _observe(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.session.observe(self.seat),
            "action_mask": self.session.mask(self.seat),
        }

    def _info(self, illegal: bool) -> JSON:
        if self.info_view is None:
            return {"illegal": illegal}
        view = self.session.view(self.seat)
        if self.info_view == "text":
            return {"view": dump_view(view), "illegal": illegal}
        # a copy: a caller keeps what it was given, and the session caches its views
        return {"view": orjson.loads(orjson.dumps(view)), "illegal": illegal}


def env(game_id: str, **kwargs: Any) -> GameshelfEnv:
    """The single-agent environment of ``game_id`` (``seat``, ``opponents``, ``scenario``,
    ``players``, ``options``, ``max_steps``, ``render_mode``, ``lang``, ``info_view``: see the
    module)."""
    return GameshelfEnv(game_id, **kwargs)
