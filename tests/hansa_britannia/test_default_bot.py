"""The default bot (``"random"``) uses its actions: it ends a turn only when nothing else is
legal and creates a route whenever it may (issue 28 item 6)."""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.bots.agents import Observation, PlayerAgent, RandomAgent
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.play.match import Match
from gameshelf.plugins.hansa_britannia.rules import RULESET


class Watched(PlayerAgent):
    """The default bot, noting what it had to choose from when it ended a turn or created."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.ended: list[list[str]] = []
        self.could_create: list[str] = []

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        choice = super().choose(observation, actions)
        if choice.type == "end_turn":
            self.ended.append(sorted({a.type for a in actions}))
        if any(a.type == "create" for a in actions):
            self.could_create.append(choice.type)
        return choice


def test_the_default_bot_ends_a_turn_only_when_nothing_else_is_legal() -> None:
    match = Match(RULESET, seed=5, players=3)
    bots = {role: Watched(i) for i, role in enumerate(match.roles)}
    match.play_bots(bots, limit=1500)
    ended = [types for bot in bots.values() for types in bot.ended]
    assert all(types == ["end_turn"] for types in ended)  # nothing else was legal
    turns = sum("turn_begins" in repr(line) for line in match.state.log)
    assert turns > 30  # turns went by, ending as their actions ran out
    uniform = Match(RULESET, seed=5, players=3)
    uniform.play_bots({role: RandomAgent(i) for i, role in enumerate(match.roles)}, limit=1500)
    assert sum(e.type == "end_turn" for e in uniform.history) > 30  # the uniform bot's waste
    created = [t for bot in bots.values() for t in bot.could_create]
    assert created
    assert created.count("create") / len(created) > 0.9
