"""三國戰記 Three Kingdoms: the plugin's hook."""

from core.hookspecs import hookimpl
from plugins.three_kingdoms.rules import RULESET


@hookimpl
def gameshelf_games():
    return [RULESET]
