"""The gameshelf command line, run against the toy game."""

import json
import re

import pytest
from typer.testing import CliRunner

from gameshelf import cli
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.core.testing import ConformanceFailure, check_ruleset
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

    from gameshelf.core.registry.hookspecs import hookimpl

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


@pytest.mark.parametrize("command", ["simulate", "tournament"])
@pytest.mark.parametrize(
    ("option", "said"),
    [(["--players", "9"], "not 9"), (["--scenario", "epic"], "epic")],
)
def test_a_long_command_refuses_a_player_count_or_scenario_the_game_lacks(command, option, said):
    agents = "random" if command == "simulate" else "greedy,random"
    result = runner.invoke(cli.app, [command, "toy_duel", "--agents", agents, *option])
    assert result.exit_code == 2
    assert said in result.output


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


# --- game files: play --save / --resume, Ctrl-C, simulate --save, replay ------------------


def test_play_save_writes_a_game_file_that_replay_reads(tmp_path):
    path = tmp_path / "duel.json"
    result = runner.invoke(
        cli.app,
        ["play", "toy_duel", "--seat", "south", "--seed", "2", "--save", str(path)],
        input="1\n" * 40,
    )
    assert result.exit_code == 0, result.output
    assert f"saved in {path}" in result.output
    data = json.loads(path.read_text())
    assert (data["game"], data["seed"]) == ("toy_duel", 2)
    assert data["outcome"] is not None
    assert {s["role"]: s["kind"] for s in data["seats"]} == {"north": "bot", "south": "human"}
    replayed = runner.invoke(cli.app, ["replay", str(path), "--check"])
    assert replayed.exit_code == 0, replayed.output
    assert f"{len(data['history'])} actions replayed and checked; outcome" in replayed.output


def answers_then_ctrl_c(monkeypatch, answers):
    """The console reads ``answers``; ``KeyboardInterrupt`` among them is a Ctrl-C."""
    queue = list(answers)
    asked = []

    def read(prompt=""):
        asked.append(prompt)
        item = queue.pop(0)
        if item is KeyboardInterrupt:
            raise KeyboardInterrupt
        return item

    monkeypatch.setattr(cli.console, "input", read)
    return asked


def test_ctrl_c_in_play_offers_to_save_and_resume_goes_on(tmp_path, monkeypatch):
    path = tmp_path / "later.json"
    asked = answers_then_ctrl_c(monkeypatch, ["1", KeyboardInterrupt, str(path)])
    result = runner.invoke(cli.app, ["play", "toy_duel", "--seat", "south", "--seed", "2"])
    assert result.exit_code == 130
    assert "Save the game to continue later?" in asked[-1]
    assert f"Saved to {path}" in result.output
    saved = json.loads(path.read_text())
    assert saved["history"]
    assert saved["outcome"] is None
    monkeypatch.delattr(cli.console, "input")  # the keyboard again
    resumed = runner.invoke(cli.app, ["play", "--resume", str(path)], input="1\n" * 40)
    assert resumed.exit_code == 0, resumed.output
    assert "Game over" in resumed.output
    finished = json.loads(path.read_text())  # --resume keeps writing the same file
    assert finished["history"][: len(saved["history"])] == saved["history"]
    assert finished["outcome"] is not None


def test_ctrl_c_with_save_saves_there_without_asking(tmp_path, monkeypatch):
    path = tmp_path / "kept.json"
    asked = answers_then_ctrl_c(monkeypatch, [KeyboardInterrupt])
    result = runner.invoke(
        cli.app, ["play", "toy_duel", "--seat", "south", "--seed", "2", "--save", str(path)]
    )
    assert result.exit_code == 130
    assert not any("Save the game" in prompt for prompt in asked)
    assert f"Saved to {path}" in result.output
    assert json.loads(path.read_text())["game"] == "toy_duel"


def test_ctrl_c_and_no_saves_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers_then_ctrl_c(monkeypatch, [KeyboardInterrupt, "n"])
    result = runner.invoke(cli.app, ["play", "toy_duel", "--seat", "south"])
    assert result.exit_code == 130
    assert "Not saved." in result.output
    assert list(tmp_path.iterdir()) == []


def test_hot_seat_asks_to_pass_the_device_before_each_change_of_seat():
    result = runner.invoke(
        cli.app, ["play", "toy_duel", "--seat", "all", "--seed", "2"], input="1\n" * 80
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("Pass the device to north") >= 2
    assert result.output.count("Pass the device to south") >= 2


def test_simulate_save_writes_every_game_and_each_replays(tmp_path):
    folder = tmp_path / "games"
    args = ["simulate", "toy_duel", "--games", "4", "--seed", "7", "--json"]
    result = runner.invoke(cli.app, [*args, "--save", str(folder), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in folder.iterdir())
    assert files == sorted(f"toy_duel-standard-{seed}.json" for seed in range(7, 11))
    for name in files:
        saved = json.loads((folder / name).read_text())
        replayed = runner.invoke(cli.app, ["replay", str(folder / name), "--check"])
        assert replayed.exit_code == 0, replayed.output
        assert f"outcome: {saved['outcome']['reason']}" in replayed.output


def test_simulate_save_keeps_a_failed_game_with_its_error(tmp_path, monkeypatch):
    monkeypatch.setattr(
        cli,
        "Registry",
        lambda: Registry(
            make_plugin_manager(load=["core"], extra=[("toy", _plugin_of(GetsStuck()))])
        ),
    )
    args = ["simulate", "toy_duel", "--games", "1", "--max-steps", "60", "--json"]
    result = runner.invoke(cli.app, [*args, "--save", str(tmp_path)])
    assert result.exit_code == 1
    saved = json.loads((tmp_path / "toy_duel-standard-1.json").read_text())
    assert saved["error"]
    assert saved["outcome"] is None
    replayed = runner.invoke(cli.app, ["replay", str(tmp_path / "toy_duel-standard-1.json")])
    assert "saved with an error" in replayed.output


def test_replay_refuses_a_file_that_is_not_a_game(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("[1, 2]")
    result = runner.invoke(cli.app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "not a game file" in result.output


# --- the text board --------------------------------------------------------------------


def test_play_shows_a_games_text_board_and_names_its_choices(monkeypatch):
    from gameshelf.core.play.text import TextBoard

    def board(view, lang):
        return f"BOARD of {view['role']} in {lang}"

    def label(action, view, lang):
        return f"the card {action.arg}" if action.type == "card" else None

    game = Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())])).game(
        "toy_duel"
    )
    monkeypatch.setattr(type(game.ruleset), "text", TextBoard(board, label), raising=False)
    result = runner.invoke(
        cli.app, ["play", "toy_duel", "--seat", "south", "--seed", "2"], input="1\n" * 40
    )
    assert result.exit_code == 0, result.output
    assert "BOARD of south in en" in result.output
    assert "1. the card" in result.output
    assert not re.search(r"\d\. card \d", result.output)  # the generic label is not used


def test_replay_board_ends_with_the_whole_board_of_a_finished_game(tmp_path, monkeypatch):
    from gameshelf.core.play.text import TextBoard

    game = Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())])).game(
        "toy_duel"
    )
    monkeypatch.setattr(
        type(game.ruleset),
        "text",
        TextBoard(lambda view, lang: f"BOARD of {view['role']}", place=lambda view: "round 9"),
        raising=False,
    )
    path = tmp_path / "duel.json"
    runner.invoke(
        cli.app,
        ["play", "toy_duel", "--seat", "south", "--seed", "2", "--save", str(path)],
        input="1\n" * 40,
    )
    result = runner.invoke(cli.app, ["replay", str(path), "--board", "--check"])
    assert result.exit_code == 0, result.output
    assert "everything, nothing hidden" in result.output  # the game is over
    assert "BOARD of None" in result.output  # every seat's view laid over the others
