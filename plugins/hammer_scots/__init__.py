"""Hammer of the Scots (Columbia Games, 2002) for Gameshelf: England against Scotland."""

from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.plugins.hammer_scots.rules import RULESET


@hookimpl
def gameshelf_games():
    return [RULESET]
