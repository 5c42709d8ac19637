"""Hansa Teutonica: Britannia (Argentum, 2014) for Gameshelf: 2–5 players, both board sides."""

from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.plugins.hansa_britannia.rules import RULESET


@hookimpl
def gameshelf_games():
    return [RULESET]
