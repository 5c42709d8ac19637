"""Finding plugins and assembling the registry of games, scenarios and agents.

``make_plugin_manager`` loads every entry point of the group ``gameshelf`` (or those named
by ``load`` / ``GAMESHELF_PLUGINS``); a plugin that fails to import is recorded with its
cause and the others keep working. ``Registry`` asks the hooks once and holds the answers.

Environment:

- ``GAMESHELF_PLUGINS=a,b``: load only these entry points (empty: none at all);
- ``GAMESHELF_TRACE_PLUGINS=1``: print every hook call, its implementations and results.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

import pluggy

from gameshelf.core.bots.agents import AgentSpec
from gameshelf.core.engine.ruleset import GameInfo, Ruleset, Scenario
from gameshelf.core.registry import hookspecs

ENTRY_POINT_GROUP = hookspecs.PROJECT


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that could not be loaded, and why."""

    name: str
    error: str


class UnknownGame(LookupError):
    def __init__(self, game_id: str, known: Iterable[str]) -> None:
        names = ", ".join(sorted(known)) or "none installed"
        super().__init__(f"unknown game {game_id!r} (known: {names})")
        self.game_id = game_id


class UnknownAgent(LookupError):
    def __init__(self, agent_id: str, known: Iterable[str]) -> None:
        super().__init__(f"unknown agent {agent_id!r} (known: {', '.join(sorted(known))})")


class PluginConflict(ValueError):
    """Two plugins offer the same game, scenario or agent id."""


def _wanted_from_env() -> list[str] | None:
    raw = os.environ.get("GAMESHELF_PLUGINS")
    if raw is None:
        return None
    return [name.strip() for name in raw.split(",") if name.strip()]


def make_plugin_manager(
    load: Iterable[str] | None = None, *, extra: Iterable[tuple[str, object]] = ()
) -> pluggy.PluginManager:
    """A plugin manager with the installed plugins loaded.

    :param load: entry-point names to load; ``None`` reads ``GAMESHELF_PLUGINS``, and when
        that is unset loads them all.
    :param extra: ``(name, module_or_object)`` pairs registered directly (tests use this
        for a throwaway plugin).

    Failures are kept in ``pm.gameshelf_failures`` (a list of :class:`PluginFailure`).
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    wanted = list(load) if load is not None else _wanted_from_env()
    failures: list[PluginFailure] = []
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        if wanted is not None and ep.name not in wanted:
            continue
        try:
            pm.register(ep.load(), name=ep.name)
        except Exception as exc:  # a broken plugin must not take the others down
            failures.append(PluginFailure(ep.name, f"{type(exc).__name__}: {exc}"))
    for name, plugin in extra:
        pm.register(plugin, name=name)
    # the plugins that failed to load, kept on the manager that tried (pluggy has no such slot)
    pm.gameshelf_failures = failures  # type: ignore[attr-defined]
    if os.environ.get("GAMESHELF_TRACE_PLUGINS"):
        _trace(pm)
    return pm


def _trace(pm: pluggy.PluginManager) -> None:
    def before(hook_name: str, impls: Sequence[Any], kwargs: Mapping[str, Any]) -> None:
        names = ", ".join(pm.get_name(i.plugin) or "?" for i in impls)
        print(f"[gameshelf] {hook_name}({dict(kwargs)}) -> {names}", file=sys.stderr)

    def after(outcome: Any, hook_name: str, impls: Sequence[Any], kwargs: Any) -> None:
        print(f"[gameshelf] {hook_name} returned {outcome.get_result()!r:.200}", file=sys.stderr)

    pm.add_hookcall_monitoring(before, after)


@dataclass
class Game:
    """A ruleset with the scenarios other plugins added to it."""

    ruleset: Ruleset[Any]
    owner: str = "?"
    extra_scenarios: list[Scenario] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.ruleset.info.id

    @property
    def info(self) -> GameInfo:
        if not self.extra_scenarios:
            return self.ruleset.info
        scenarios = self.ruleset.info.scenarios + tuple(self.extra_scenarios)
        return self.ruleset.info.model_copy(update={"scenarios": scenarios})

    def resolve(
        self, scenario: str | None, options: Mapping[str, object] | None
    ) -> tuple[str, dict[str, Any]]:
        """The game's own scenario to set up and the full options, for a (variant) scenario."""
        chosen = self.info.scenario(scenario)
        merged = {**chosen.options, **(options or {})}
        base = chosen.base or chosen.id
        self.ruleset.info.scenario(base)  # a variant must start from a real scenario
        return base, self.ruleset.info.resolve_options(merged)


class Registry:
    """Games, scenarios and agents offered by the loaded plugins."""

    def __init__(self, pm: pluggy.PluginManager | None = None) -> None:
        self.pm = pm if pm is not None else make_plugin_manager()
        self.failures: list[PluginFailure] = list(getattr(self.pm, "gameshelf_failures", []))
        self.games: dict[str, Game] = {}
        self.agents: dict[str, AgentSpec] = {}
        self._collect_games()
        self._collect_scenarios()
        self._collect_agents()

    def _answers(self, hook: Any, **kwargs: Any) -> list[tuple[str, Any]]:
        """Each implementation's answer with the name of its plugin."""
        answers = []
        tracing = bool(os.environ.get("GAMESHELF_TRACE_PLUGINS"))
        for impl in reversed(hook.get_hookimpls()):
            owner = self.pm.get_name(impl.plugin) or "?"
            result = impl.function(**{k: kwargs[k] for k in impl.argnames})
            if tracing:
                print(
                    f"[gameshelf] {hook.name}({kwargs}) from {owner} -> {result!r:.200}",
                    file=sys.stderr,
                )
            for item in result or ():
                answers.append((owner, item))
        return answers

    def _collect_games(self) -> None:
        for owner, ruleset in self._answers(self.pm.hook.gameshelf_games):
            gid = ruleset.info.id
            if gid in self.games:
                raise PluginConflict(
                    f"game {gid!r} is offered by both {self.games[gid].owner} and {owner}"
                )
            self.games[gid] = Game(ruleset, owner)

    def _collect_scenarios(self) -> None:
        for game in self.games.values():
            taken = {sc.id: game.owner for sc in game.ruleset.info.scenarios}
            hook = self.pm.hook.gameshelf_scenarios
            for owner, scenario in self._answers(hook, game_id=game.id):
                if scenario.id in taken:
                    raise PluginConflict(
                        f"scenario {scenario.id!r} of {game.id} is offered "
                        f"by both {taken[scenario.id]} and {owner}"
                    )
                taken[scenario.id] = owner
                game.extra_scenarios.append(scenario)

    def _collect_agents(self) -> None:
        owners: dict[str, str] = {}
        for owner, spec in self._answers(self.pm.hook.gameshelf_agents):
            if spec.id in self.agents:
                raise PluginConflict(
                    f"agent {spec.id!r} is offered by both {owners[spec.id]} and {owner}"
                )
            self.agents[spec.id] = spec
            owners[spec.id] = owner

    # --- lookups ----------------------------------------------------------------------

    def game(self, game_id: str) -> Game:
        try:
            return self.games[game_id]
        except KeyError:
            raise UnknownGame(game_id, self.games) from None

    def agent(self, agent_id: str, game_id: str | None = None) -> AgentSpec:
        """The agent ``agent_id``; with ``game_id``, only if it plays that game."""
        spec = self.agents.get(agent_id)
        if spec is None or (game_id is not None and not spec.plays(game_id)):
            known = self.agents if game_id is None else self.agents_for(game_id)
            raise UnknownAgent(agent_id, known)
        return spec

    def agents_for(self, game_id: str) -> dict[str, AgentSpec]:
        """The agents that play ``game_id``, by id."""
        return {i: spec for i, spec in self.agents.items() if spec.plays(game_id)}

    def notify(self, match: Any, event: Any) -> None:
        self.pm.hook.gameshelf_match_event(match=match, event=event)
