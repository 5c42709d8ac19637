"""Hansa Teutonica: Britannia (Argentum, 2014) for Gameshelf: 4–5 players on the 4–5 side."""

from gameshelf.core.hookspecs import hookimpl
from gameshelf.plugins.hansa_britannia.rules import RULESET


@hookimpl
def gameshelf_games():
    return [RULESET]
