"""The plugin surface of Gameshelf: every hook a plugin may implement.

A plugin is a module (or package) with functions marked ``@hookimpl`` and named after the
hooks below, announced in its distribution's metadata under the entry-point group
``gameshelf``::

    [project.entry-points.gameshelf]
    my_game = "my_package.my_game"

The bundled games and core's own agents arrive through these same hooks. Hook names all
start with ``gameshelf_``; the plugin manager ignores other names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from gameshelf.core.bots.agents import AgentSpec
    from gameshelf.core.engine.ruleset import Ruleset, Scenario
    from gameshelf.core.play.match import Match, MatchEvent

PROJECT = "gameshelf"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --- Contributions: asked once, when the registry is built ---------------------------


@hookspec
def gameshelf_games() -> list[Ruleset[Any]] | None:
    """Offer the games (rulesets) this plugin provides.

    Called once per registry, when it is built. Every plugin's answer is collected.

    :returns: a list of ruleset instances (see ``core.engine.ruleset.Ruleset``), or ``None``.
        Two plugins offering the same ``info.id`` is an error naming both plugins.

    Example::

        @hookimpl
        def gameshelf_games():
            return [rules.RULESET]
    """


@hookspec
def gameshelf_scenarios(game_id: str) -> list[Scenario] | None:
    """Offer extra scenarios for the game ``game_id``, whichever plugin owns that game.

    Called once per game when the registry is built, so a variant plugin can add a scenario
    without touching the game. A variant usually names the game's scenario it starts from in
    ``Scenario.base`` and the option values it sets in ``Scenario.options``.

    :param game_id: ``info.id`` of the game being assembled.
    :returns: scenarios to add, or ``None``. An id that clashes with one the game already
        has, or with another plugin's, is an error naming both plugins.

    Example::

        @hookimpl
        def gameshelf_scenarios(game_id):
            if game_id == "my_wargame":
                return [Scenario(id="quick", title="Quick start", base="standard",
                                 options={"last_turn": 3})]
    """


@hookspec
def gameshelf_agents() -> list[AgentSpec] | None:
    """Offer bots (agents) that can take a seat.

    Called once per registry. Every plugin's answer is collected; core offers ``random``
    and ``first`` through this hook like any other plugin.

    :returns: a list of ``core.bots.agents.AgentSpec`` (id, title, factory), or ``None``.
        Two plugins offering the same agent id is an error naming both plugins.

    Example::

        @hookimpl
        def gameshelf_agents():
            return [AgentSpec(id="greedy", title="Greedy", factory=GreedyAgent)]
    """


# --- Notifications: called while matches run ------------------------------------------


@hookspec
def gameshelf_match_event(match: Match, event: MatchEvent) -> None:
    """Observe a match: called after each accepted action, each undo and at the game's end.

    For logging, statistics and notifications. Called for every implementation; the return
    value is ignored. An observer must not change the match. Not historic: a plugin
    registered later does not receive past events.

    :param match: the ``core.play.match.Match`` that changed (read its state, history, outcome).
    :param event: what happened: ``kind`` (``"action"``, ``"undo"``, ``"end"``; the web
        site adds ``"resign"``, a seat giving up), the role, the action and the sequence
        number after the change.

    Example::

        @hookimpl
        def gameshelf_match_event(match, event):
            if event.kind == "end":
                print(match.game_id, match.outcome().reason)
    """
