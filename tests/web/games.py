"""The real games for web tests, with their boards, offered by a throwaway plugin.

Until a ruleset names its board itself (``board = BoardAssets(...)`` in its rules), the
tests attach the board the plugin ships under ``plugins/<game>/web/``.
"""

from __future__ import annotations

import importlib
import types
from pathlib import Path
from typing import Any

from gameshelf.core.engine.ruleset import BoardAssets, Ruleset
from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from tests.web.conftest import toy_plugin

ROOT = Path(__file__).resolve().parents[2]


def with_board(ruleset: Ruleset[Any], game: str) -> Ruleset[Any]:
    if ruleset.board is not None:
        return ruleset
    web = ROOT / "plugins" / game / "web"
    cls = type(ruleset)
    boarded = type(
        cls.__name__,
        (cls,),
        {"board": BoardAssets(templates=web / "templates", static=web / "static")},
    )
    return boarded()


def game_ruleset(game: str) -> Ruleset[Any]:
    return with_board(importlib.import_module(f"gameshelf.plugins.{game}.rules").RULESET, game)


def games_registry(*games: str) -> Registry:
    """Core's agents, the toy game and the named games."""
    rulesets = [game_ruleset(g) for g in games]

    @hookimpl
    def gameshelf_games():
        return rulesets

    plugin = types.SimpleNamespace(gameshelf_games=gameshelf_games)
    return Registry(
        make_plugin_manager(load=["core"], extra=[("toy", toy_plugin()), ("games", plugin)])
    )
