"""Core's own plugin: the built-in agents, offered through the same hooks as any plugin."""

from __future__ import annotations

from gameshelf.core.agents import BUILTIN_AGENTS, AgentSpec
from gameshelf.core.hookspecs import hookimpl


@hookimpl
def gameshelf_agents() -> list[AgentSpec]:
    return list(BUILTIN_AGENTS)
