"""Fixtures for the core's tests: the toy game offered by a throwaway plugin."""

from __future__ import annotations

import types

import pytest

from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from tests.core.toygame import RULESET


def toy_plugin() -> types.SimpleNamespace:
    @hookimpl
    def gameshelf_games():
        return [RULESET]

    return types.SimpleNamespace(gameshelf_games=gameshelf_games)


@pytest.fixture
def registry() -> Registry:
    """Core's own plugin and the toy game, nothing else installed."""
    return Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())]))
