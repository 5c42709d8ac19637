"""Every Gameshelf game as an OpenSpiel Python game.

    from gameshelf.rl import openspiel
    import pyspiel
    openspiel.register()
    game = pyspiel.load_game("gameshelf_hammer_scots", {"scenario": "braveheart", "seed": 7})

- **type**: sequential, imperfect information, sampled stochastic chance (the dice and draws
  come from the game's own seeded generator inside ``apply_action``: no chance nodes), 2-5
  players, terminal rewards, zero-sum (``Session.returns``: +1/-1/0, or the ranking);
- **parameters**: ``players`` (default the game's fewest), ``scenario`` (default its
  first), ``seed`` (every initial state of a loaded game starts from it, so replaying an
  action history gives the same game: OpenSpiel's serialisation is that history);
- **actions** are the game's fixed indices (``core.encoding``); the player to move is the
  seat the game awaits (a secret simultaneous choice asks its seats one after the other,
  none seeing another's choice);
- **observation string/tensor**: the seat's view without its log (JSON) and the game's
  observation vector; **information state string**: the view with every log line the seat
  may read (what it has seen happen). There is no information-state tensor.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from gameshelf.core.ruleset import dump_view
from gameshelf.rl.session import Session, registry

PREFIX = "gameshelf_"


def register() -> list[str]:
    """Register every installed game that has an encoding; returns their OpenSpiel names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in sorted(registry().games.values(), key=lambda g: g.id):
        if game.ruleset.encoding() is None:
            continue
        name = PREFIX + game.id
        if name not in known:
            pyspiel.register_game(_game_type(game.id), _game_class(game.id))
        names.append(name)
    return names


def _game_type(game_id: str) -> Any:
    info = registry().game(game_id).info
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"Gameshelf {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": info.min_players,
            "scenario": info.scenarios[0].id,
            "seed": 0,
        },
    )


def _game_class(game_id: str) -> type:
    class Game(GameshelfGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_id, params or {})

    Game.__name__ = f"Gameshelf_{game_id}"
    return Game


class GameshelfGame(pyspiel.Game):
    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        game_type = _game_type(game_id)
        chosen = {**game_type.parameter_specification, **params}
        self.game_id, self.seed = game_id, int(chosen["seed"])
        self.scenario, self.players = str(chosen["scenario"]), int(chosen["players"])
        self.probe = Session(game_id, self.scenario, None, self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.probe.n_actions,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.probe.ruleset.info.max_actions,
        )
        super().__init__(game_type, info, chosen)

    def new_initial_state(self) -> GameshelfState:
        return GameshelfState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.probe.n_obs, recall)


class GameshelfState(pyspiel.State):
    def __init__(self, game: GameshelfGame, session: Session | None = None) -> None:
        super().__init__(game)
        if session is None:
            session = Session(game.game_id, game.scenario, None, game.players)
            session.new(game.seed)
        self.session = session

    def current_player(self) -> int:
        if self.session.outcome() is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.session.roles.index(self.session.awaited()[0])

    def _legal_actions(self, player: int) -> list[int]:
        role = self.session.roles[player]
        if role not in self.session.awaited():
            return []
        encode = self.session.encoding.actions.encode
        return sorted(encode(a) for a in self.session.legal(role))

    def _apply_action(self, action: int) -> None:
        role = self.session.roles[self.current_player()]
        if not self.session.play(role, int(action)):
            raise ValueError(f"action {action} is not legal for {role} now")

    def _action_to_string(self, player: int, action: int) -> str:
        found = self.session.encoding.actions.decode(int(action))
        return found.type if found.arg is None else f"{found.type} {found.arg}"

    def is_terminal(self) -> bool:
        return self.session.outcome() is not None

    def returns(self) -> list[float]:
        got = self.session.returns()
        return [got[role] for role in self.session.roles]

    def __str__(self) -> str:
        session = self.session
        return dump_view(session.ruleset.view(session.state, None, len(session.state.log)))

    def __deepcopy__(self, memo: dict[int, Any]) -> GameshelfState:
        return GameshelfState(self.get_game(), self.session.fork())


class Observer:
    """The PyObserver of a game: the seat's vector, its view as a string (with the log it
    may read for an information state)."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: GameshelfState, player: int) -> None:
        session = state.session
        self.tensor[:] = session.observe(session.roles[player])

    def string_from(self, state: GameshelfState, player: int) -> str:
        session = state.session
        role = session.roles[player]
        if self.perfect_recall:
            return dump_view(session.ruleset.view(session.state, role))
        return dump_view(session.view(role))
