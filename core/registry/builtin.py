"""Core's own plugin: the built-in agents (random, first, greedy, ISMCTS and its levels),
offered through the same hooks as any plugin."""

from __future__ import annotations

from gameshelf.core.bots.agents import BUILTIN_AGENTS, AgentSpec
from gameshelf.core.bots.search import SEARCH_AGENTS
from gameshelf.core.registry.hookspecs import hookimpl


@hookimpl
def gameshelf_agents() -> list[AgentSpec]:
    return [*BUILTIN_AGENTS, *SEARCH_AGENTS]
