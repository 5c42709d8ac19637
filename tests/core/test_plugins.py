"""Loading plugins, the registry, conflicts and variant scenarios."""

import types

import pytest

from gameshelf.core.engine.ruleset import Scenario
from gameshelf.core.play.match import Match
from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import (
    PluginConflict,
    Registry,
    UnknownAgent,
    UnknownGame,
    make_plugin_manager,
)
from tests.core.conftest import toy_plugin


def test_registry_holds_the_toy_game_and_core_agents(registry):
    assert list(registry.games) == ["toy_duel"]
    assert {"random", "first"} <= set(registry.agents)
    assert registry.games["toy_duel"].owner == "toy"


def test_unknown_game_lists_the_known_ones(registry):
    with pytest.raises(UnknownGame, match="known: toy_duel"):
        registry.game("chess")
    with pytest.raises(UnknownAgent, match="random"):
        registry.agent("deep_blue")


def test_gameshelf_plugins_restricts_what_loads(monkeypatch):
    monkeypatch.setenv("GAMESHELF_PLUGINS", "core")
    pm = make_plugin_manager()
    assert [name for name, _ in pm.list_name_plugin()] == ["core"]
    monkeypatch.setenv("GAMESHELF_PLUGINS", "")
    assert make_plugin_manager().list_name_plugin() == []


def test_a_broken_plugin_is_reported_and_the_others_work(monkeypatch):
    class BrokenEntryPoint:
        name = "broken"

        def load(self):
            raise ImportError("no module named 'missing_dependency'")

    class CoreEntryPoint:
        name = "core"

        def load(self):
            from gameshelf.core.registry import builtin

            return builtin

    monkeypatch.setattr(
        "gameshelf.core.registry.plugins.entry_points",
        lambda group: [BrokenEntryPoint(), CoreEntryPoint()],
    )
    registry = Registry(make_plugin_manager(load=None))
    assert [f.name for f in registry.failures] == ["broken"]
    assert "missing_dependency" in registry.failures[0].error
    assert "random" in registry.agents


def test_the_same_game_from_two_plugins_names_both():
    pm = make_plugin_manager(load=[], extra=[("one", toy_plugin()), ("two", toy_plugin())])
    with pytest.raises(PluginConflict, match=r"(one and two|two and one)"):
        Registry(pm)


def variant_plugin(scenario_id: str = "quick"):
    @hookimpl
    def gameshelf_scenarios(game_id):
        if game_id == "toy_duel":
            return [
                Scenario(id=scenario_id, title="Quick duel", base="short", options={"hand_size": 2})
            ]
        return None

    return types.SimpleNamespace(gameshelf_scenarios=gameshelf_scenarios)


def test_a_variant_plugin_adds_a_scenario_without_touching_the_game():
    pm = make_plugin_manager(load=[], extra=[("toy", toy_plugin()), ("variant", variant_plugin())])
    game = Registry(pm).game("toy_duel")
    assert [sc.id for sc in game.info.scenarios] == ["standard", "short", "quick"]
    match = Match(game, scenario="quick", seed=3)
    assert match.scenario == "quick"
    assert match.options == {"hand_size": 2}
    assert len(match.state.hands["north"]) == 2
    assert sorted(
        match.state.deck.draw_pile + match.state.hands["north"] + match.state.hands["south"]
    ) == [1, 2, 3, 4, 5, 6]


def test_a_variant_clashing_with_a_scenario_names_both_plugins():
    pm = make_plugin_manager(
        load=[], extra=[("toy", toy_plugin()), ("variant", variant_plugin("short"))]
    )
    with pytest.raises(PluginConflict, match="toy and variant"):
        Registry(pm)


def test_match_events_reach_observer_plugins(registry):
    heard = []

    @hookimpl
    def gameshelf_match_event(match, event):
        heard.append((match.game_id, event.kind))

    registry.pm.register(
        types.SimpleNamespace(gameshelf_match_event=gameshelf_match_event), name="listener"
    )
    match = Match(registry.game("toy_duel"), seed=1, observers=[registry.notify])
    match.apply("north", match.actions("north")[0])
    assert heard == [("toy_duel", "action")]


def test_tracing_prints_hook_calls(monkeypatch, capsys):
    monkeypatch.setenv("GAMESHELF_TRACE_PLUGINS", "1")
    Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())]))
    assert "gameshelf_games" in capsys.readouterr().err
