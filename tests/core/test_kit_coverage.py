"""Coverage of bot games: ``gameshelf simulate --coverage`` counts steps and action types."""

import json

import pytest
from typer.testing import CliRunner

from gameshelf import cli
from gameshelf.core.bots.agents import RandomAgent
from gameshelf.core.registry.plugins import Game, Registry, make_plugin_manager
from gameshelf.core.testing.simulate import simulate
from tests.core.conftest import toy_plugin
from tests.core.toygame import RULESET

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy_only(monkeypatch):
    monkeypatch.setattr(
        cli,
        "Registry",
        lambda: Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())])),
    )


def test_simulate_coverage_prints_steps_action_types_and_what_no_game_reached():
    result = runner.invoke(cli.app, ["simulate", "toy_duel", "--games", "5", "--coverage"])
    assert result.exit_code == 0, result.output
    assert "decisions per step:" in result.output
    assert "choose" in result.output
    assert "roll" in result.output
    assert "steps with no decision (1): game_over" in result.output


def test_simulate_coverage_in_json_counts_every_decision_whatever_the_jobs():
    args = ["simulate", "toy_duel", "--games", "6", "--coverage", "--json"]
    one = json.loads(runner.invoke(cli.app, args).output)
    two = json.loads(runner.invoke(cli.app, [*args, "--jobs", "2"]).output)
    assert one["coverage"] == two["coverage"]
    assert sum(one["coverage"]["steps"].values()) == 6 * one["mean_actions"]
    assert set(one["coverage"]["types"]) <= {"card", "roll", "pass"}


def test_without_coverage_nothing_is_counted():
    result = simulate(Game(RULESET), games=2, factories=[RandomAgent])
    assert result.coverage is None
    assert "coverage" not in result.to_json()
