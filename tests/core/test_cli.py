"""The gameshelf command line, run against the toy game."""

import json

import pytest
from typer.testing import CliRunner

from core import cli
from core.plugins import Registry, make_plugin_manager
from core.testing import ConformanceFailure, check_ruleset
from tests.core.conftest import toy_plugin
from tests.core.test_kit import GetsStuck

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy_only(monkeypatch):
    monkeypatch.setattr(
        cli,
        "Registry",
        lambda: Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())])),
    )


def test_list_shows_games_roles_and_scenarios():
    result = runner.invoke(cli.app, ["list"])
    assert result.exit_code == 0
    assert "toy_duel" in result.output
    assert "High Card Duel" in result.output
    assert "north, south" in result.output
    assert "standard, short" in result.output


def test_plugins_lists_hooks():
    result = runner.invoke(cli.app, ["plugins"])
    assert result.exit_code == 0
    assert "gameshelf_agents" in result.output
    assert "toy" in result.output


def test_simulate_json_prints_exactly_one_object_with_the_summary_keys():
    result = runner.invoke(
        cli.app, ["simulate", "toy_duel", "--games", "20", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert set(summary) == {
        "game",
        "scenario",
        "games",
        "errors",
        "outcomes",
        "winners",
        "mean_actions",
        "games_per_s",
        "actions_per_s",
    }
    assert summary["games"] == 20
    assert summary["errors"] == []
    assert sum(summary["outcomes"].values()) == 20
    assert set(summary["winners"]) <= {"north", "south", "draw"}
    assert summary["mean_actions"] > 0


def test_simulate_is_reproducible():
    args = ["simulate", "toy_duel", "--games", "10", "--seed", "5", "--json"]
    first = json.loads(runner.invoke(cli.app, args).stdout)
    second = json.loads(runner.invoke(cli.app, args).stdout)
    assert first["outcomes"] == second["outcomes"]
    assert first["winners"] == second["winners"]


def test_simulate_in_several_processes_gives_the_same_figures():
    args = ["simulate", "toy_duel", "--games", "23", "--seed", "2", "--json"]
    alone = json.loads(runner.invoke(cli.app, args).stdout)
    shared = json.loads(runner.invoke(cli.app, [*args, "--jobs", "2"]).stdout)
    for key in ("games", "errors", "outcomes", "winners", "mean_actions"):
        assert shared[key] == alone[key], key


def test_simulate_human_summary():
    result = runner.invoke(
        cli.app, ["simulate", "toy_duel", "--games", "5", "--agents", "random,first"]
    )
    assert result.exit_code == 0
    assert "games/s" in result.output
    assert "actions per game" in result.output


def test_simulate_fails_when_a_game_errors(monkeypatch):
    monkeypatch.setattr(
        cli,
        "Registry",
        lambda: Registry(
            make_plugin_manager(load=["core"], extra=[("toy", _plugin_of(GetsStuck()))])
        ),
    )
    for jobs in ("1", "2"):
        result = runner.invoke(
            cli.app,
            ["simulate", "toy_duel", "--games", "3", "--json", "--max-steps", "60", "--jobs", jobs],
        )
        assert result.exit_code == 1
        errors = json.loads(result.stdout)["errors"]
        assert [e["seed"] for e in errors] == [1, 2, 3]


def _plugin_of(ruleset):
    import types

    from core.hookspecs import hookimpl

    @hookimpl
    def gameshelf_games():
        return [ruleset]

    return types.SimpleNamespace(gameshelf_games=gameshelf_games)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "chess"],
        ["simulate", "toy_duel", "--agents", "oracle"],
        ["simulate", "toy_duel", "--scenario", "epic"],
    ],
)
def test_simulate_refuses_unknown_names(args):
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 2


def test_play_hot_seat_re_asks_on_bad_input_and_finishes():
    answers = "\n".join(["zzz", "99", "card 999"] + ["1"] * 60) + "\n"
    result = runner.invoke(
        cli.app, ["play", "toy_duel", "--seat", "all", "--seed", "2"], input=answers
    )
    assert result.exit_code == 0, result.output
    assert "Choose a card to play." in result.output
    assert "Type a number" in result.output
    assert "Game over" in result.output


def test_play_against_a_bot():
    result = runner.invoke(
        cli.app, ["play", "toy_duel", "--seat", "south", "--seed", "2"], input="1\n" * 40
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_replay_reproduces_a_kit_failure(tmp_path):
    with pytest.raises(ConformanceFailure) as err:
        check_ruleset(GetsStuck(), seeds=[0], failure_dir=tmp_path)
    result = runner.invoke(cli.app, ["replay", str(err.value.path), "--check"])
    assert result.exit_code == 0, result.output
    assert "replayed and checked" in result.output
    assert "still running" in result.output


def test_replay_reports_an_illegal_history(tmp_path):
    bad = {
        "game": "toy_duel",
        "scenario": "standard",
        "seed": 1,
        "players": 2,
        "options": {},
        "history": [{"role": "north", "type": "card", "arg": 99}],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    result = runner.invoke(cli.app, ["replay", str(path), "--check"])
    assert result.exit_code == 1
    assert "illegal" in result.output
