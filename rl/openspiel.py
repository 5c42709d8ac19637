"""Every Gameshelf game as an OpenSpiel Python game.

    from gameshelf.rl import openspiel
    import pyspiel
    openspiel.register()
    game = pyspiel.load_game("gameshelf_hammer_scots", {"scenario": "braveheart"})

- **type**: sequential, imperfect information, explicit stochastic chance, 2-5 players,
  terminal rewards, zero-sum (``Session.returns``: +1/-1/0, or the ranking);
- **chance**: one chance node, the first, deals the game: it picks one of ``DEALS`` seeds,
  evenly (the game's seed is ``seed * DEALS + outcome``), and every die and card after it
  comes from the game's own generator so seeded. So a game is its action history, chance
  outcome first, and OpenSpiel's serialisation (the history) gives it back whole. (A
  sampled-stochastic Python game cannot be serialised: OpenSpiel asks the game for its
  random generator's state, which a Python game cannot give.)
- **parameters**: ``players`` (default the game's fewest), ``scenario`` (default its
  first), ``seed`` (which ``DEALS`` games the chance node picks among; default 0),
  ``max_length`` (the players' moves after which the game stops, every return 0, as
  PettingZoo's truncation; default 0: the game's own bound, ``info.max_actions``);
- **actions** are the game's fixed indices (``core.engine.encoding``); the player to move is the
  seat the game awaits (a secret simultaneous choice asks its seats one after the other,
  none seeing another's choice);
- **observation string/tensor**: the seat's view without its log (JSON) and the game's
  observation vector; **information state string**: the same view, then ``recall`` and a
  digest of every log line the seat may read (what it has seen happen, ``Session.recall``:
  a key for the information state that costs the same late in a game as early, where the
  lines themselves would grow with the game). There is no information-state tensor. Before
  the deal the string is empty and the tensor all zeros.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from gameshelf.core.engine.ruleset import dump_view
from gameshelf.rl.session import Session, registry

PREFIX = "gameshelf_"
DEALS = 1000  # the chance node's outcomes: the seeds a loaded game is dealt from


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
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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
            "max_length": 0,
        },
    )


def _game_class(game_id: str) -> type:
    class Game(GameshelfGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_id, params or {})

    Game.__name__ = Game.__qualname__ = f"Gameshelf_{game_id}"
    globals()[Game.__name__] = Game  # found by its name, as pickle asks
    return Game


class GameshelfGame(pyspiel.Game):
    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        game_type = _game_type(game_id)
        chosen = {**game_type.parameter_specification, **params}
        self.game_id, self.seed = game_id, int(chosen["seed"])
        self.scenario, self.players = str(chosen["scenario"]), int(chosen["players"])
        self.probe = Session(game_id, self.scenario, None, self.players)
        most = self.probe.ruleset.info.max_actions
        self.max_length = int(chosen["max_length"]) or most
        if not 0 < self.max_length <= most:
            raise ValueError(f"max_length is 1..{most} (0: the game's own bound)")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.probe.n_actions,
            max_chance_outcomes=DEALS,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length + 1,  # the deal, then the players' moves
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
        self.deals, self.max_length = game.seed * DEALS, game.max_length
        # not dealt yet (the chance node) while the session has no state
        self.session = session or Session(game.game_id, game.scenario, None, game.players)
        self.moves = 0  # the players' moves so far

    def dealt(self) -> bool:
        return self.session.state is not None

    def current_player(self) -> int:
        if not self.dealt():
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.session.roles.index(self.session.awaited()[0])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(k, 1.0 / DEALS) for k in range(DEALS)] if not self.dealt() else []

    def _legal_actions(self, player: int) -> list[int]:
        if not self.dealt() or self.is_terminal():
            return []
        role = self.session.roles[player]
        if role not in self.session.awaited():
            return []
        return [int(i) for i in np.flatnonzero(self.session.mask(role))]

    def _apply_action(self, action: int) -> None:
        if not self.dealt():
            if not 0 <= action < DEALS:
                raise ValueError(f"the deal is one of 0..{DEALS - 1}, not {action}")
            self.session.new(self.deals + int(action))
            return
        role = self.session.roles[self.current_player()]
        if not self.session.play(role, int(action)):
            raise ValueError(f"action {action} is not legal for {role} now")
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        found = self.session.encoding.actions.decode(int(action))
        return found.type if found.arg is None else f"{found.type} {found.arg}"

    def is_terminal(self) -> bool:
        if not self.dealt():
            return False
        return self.session.outcome() is not None or self.moves >= self.max_length

    def returns(self) -> list[float]:
        if not self.dealt():
            return [0.0] * len(self.session.roles)
        got = self.session.returns()  # 0 each while the game runs (a stop at max_length)
        return [got[role] for role in self.session.roles]

    def __str__(self) -> str:
        session = self.session
        if not self.dealt():
            return ""
        return dump_view(session.ruleset.view(session.state, None, len(session.state.log)))

    def __deepcopy__(self, memo: dict[int, Any]) -> GameshelfState:
        session = self.session.fork() if self.dealt() else None
        copied = GameshelfState(self.get_game(), session)
        copied.moves = self.moves
        return copied


class Observer:
    """The PyObserver of a game: the seat's vector, its view as a string (with the log it
    may read for an information state)."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: GameshelfState, player: int) -> None:
        session = state.session
        if not state.dealt():
            self.tensor[:] = 0.0
            return
        self.tensor[:] = session.observe(session.roles[player])

    def string_from(self, state: GameshelfState, player: int) -> str:
        session = state.session
        if not state.dealt():
            return ""
        role = session.roles[player]
        seen = dump_view(session.view(role))
        return f"{seen}\nrecall {session.recall(role)}" if self.perfect_recall else seen
