"""三國戰記 Three Kingdoms: the plugin's hook."""

from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.plugins.three_kingdoms.rules import RULESET


@hookimpl
def gameshelf_games():
    return [RULESET]
