"""Core's own plugin: the built-in agents (random, first, greedy, ISMCTS and its levels),
offered through the same hooks as any plugin."""

from __future__ import annotations

from gameshelf.core.agents import BUILTIN_AGENTS, AgentSpec
from gameshelf.core.hookspecs import hookimpl
from gameshelf.core.search import SEARCH_AGENTS


@hookimpl
def gameshelf_agents() -> list[AgentSpec]:
    return [*BUILTIN_AGENTS, *SEARCH_AGENTS]
