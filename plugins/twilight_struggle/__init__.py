"""Twilight Struggle (GMT Games) for Gameshelf: the USSR against the US, 1945-1989."""

from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.plugins.twilight_struggle.rules import RULESET


@hookimpl
def gameshelf_games():
    return [RULESET]
