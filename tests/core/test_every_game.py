"""Every installed game, bundled or third-party, loads and passes the conformance kit."""

import pytest

from gameshelf.core.registry.plugins import Registry

REGISTRY = Registry()


def test_every_installed_plugin_loads():
    assert REGISTRY.failures == []


@pytest.mark.parametrize("game_id", sorted(REGISTRY.games))
def test_every_game_passes_the_kit(game_id, conformance):
    # One seed per scenario with deep checks thinned to every 16th step, random games
    # followed for their first 1,500 actions (Hansa's run to 15,000): each game's own suite
    # runs the kit at every step; this proves every installed game, third-party too.
    report = conformance(REGISTRY.game(game_id), seeds=range(1), deep_every=16, follow=1500)
    assert report.games >= len(REGISTRY.game(game_id).info.scenarios)
