"""``gameshelf tournament``: every pairing, seats rotated, win rates, CIs and ratings."""

import json

import pytest
from typer.testing import CliRunner

from gameshelf import cli
from gameshelf.core.play.tournament import parse_agents, schedule, tournament, wilson
from gameshelf.core.registry.plugins import Registry, UnknownAgent, make_plugin_manager
from tests.core.conftest import toy_plugin

runner = CliRunner()


def toy_registry():
    return Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())]))


@pytest.fixture(autouse=True)
def toy_only(monkeypatch):
    monkeypatch.setattr(cli, "Registry", toy_registry)


def test_two_players_play_every_pairing_with_the_seats_in_turn():
    pairings, tables = schedule(["a", "b", "c"], players=2, games=4, seed=10)
    assert pairings == [("a", "b"), ("a", "c"), ("b", "c")]
    first = [t.seats for t in tables if t.pairing == 0]
    assert first == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")]
    assert [t.seed for t in tables if t.pairing == 2] == [10, 11, 12, 13]


def test_more_players_put_one_agent_against_the_other_in_every_other_seat_both_ways():
    pairings, tables = schedule(["x", "y"], players=3, games=3, seed=1)
    assert pairings == [("x", "y"), ("y", "x")]
    assert [t.seats for t in tables if t.pairing == 0] == [
        ("x", "y", "y"),
        ("y", "x", "y"),
        ("y", "y", "x"),
    ]


def test_one_way_seats_only_the_first_agent_alone():
    pairings, tables = schedule(["x", "y", "z"], players=3, games=3, seed=1, one_way=True)
    assert pairings == [("x", "y"), ("x", "z"), ("y", "z")]
    assert [t.seats for t in tables if t.pairing == 1] == [
        ("x", "z", "z"),
        ("z", "x", "z"),
        ("z", "z", "x"),
    ]
    assert schedule(["x", "y"], players=2, games=2, seed=1, one_way=True) == schedule(
        ["x", "y"], players=2, games=2, seed=1
    )


def test_the_wilson_interval_holds_the_rate_and_narrows_with_games():
    low, high = wilson(95, 100)
    assert low < 0.95 < high
    assert high - low < wilson(19, 20)[1] - wilson(19, 20)[0]
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_agent_specs_are_kept_as_written_and_bad_ones_refused():
    registry = toy_registry()
    assert list(parse_agents(registry, "toy_duel", "ismcts:30, greedy,random")) == [
        "ismcts:30",
        "greedy",
        "random",
    ]
    with pytest.raises(UnknownAgent):
        parse_agents(registry, "toy_duel", "random,nobody")
    with pytest.raises(ValueError, match="budget"):
        parse_agents(registry, "toy_duel", "random,ismcts:lots")
    with pytest.raises(ValueError, match="twice"):
        parse_agents(registry, "toy_duel", "random,random")
    with pytest.raises(ValueError, match="two agents"):
        parse_agents(registry, "toy_duel", "random")


def test_results_count_wins_and_rate_the_agents():
    registry = toy_registry()
    agents = parse_agents(registry, "toy_duel", "ismcts:20,random")
    result = tournament(registry.game("toy_duel"), agents, games=8, seed=1)
    data = result.to_json()
    assert data["games"] == 8
    assert data["errors"] == []
    mcts, rand = data["agents"]["ismcts:20"], data["agents"]["random"]
    assert mcts["games"] == rand["games"] == 8
    assert mcts["wins"] + rand["wins"] + mcts["draws"] == 8
    assert mcts["win_rate"] == mcts["wins"] / 8
    assert mcts["ci95"][0] <= mcts["win_rate"] <= mcts["ci95"][1]
    assert mcts["wins"] > rand["wins"]
    assert mcts["rating"] > rand["rating"]


def test_each_agents_thinking_is_clocked_per_decision():
    registry = toy_registry()
    agents = parse_agents(registry, "toy_duel", "ismcts:20,random")
    result = tournament(registry.game("toy_duel"), agents, games=4, seed=1)
    mcts = result.to_json()["agents"]["ismcts:20"]
    per_game = [g.clock["ismcts:20"][0] for g in result.played]
    assert mcts["decisions"] == sum(per_game) > 0
    assert 0 < mcts["seconds_per_decision"] <= mcts["longest_decision"]


def test_the_results_do_not_depend_on_the_jobs():
    registry = toy_registry()
    agents = parse_agents(registry, "toy_duel", "greedy,random")
    one = tournament(registry.game("toy_duel"), agents, games=6, seed=2)
    two = tournament(registry.game("toy_duel"), agents, games=6, seed=2, jobs=2)
    clocked = {"decisions", "seconds_per_decision", "longest_decision"}

    def results(run):  # all but the time each agent took, which varies from run to run
        rows = run.to_json()["agents"].items()
        return {spec: {k: v for k, v in row.items() if k not in clocked} for spec, row in rows}

    assert results(one) == results(two)
    assert one.clock()["greedy"][0] == two.clock()["greedy"][0]


def test_the_command_prints_one_json_object_with_each_agent_as_given():
    result = runner.invoke(
        cli.app,
        ["tournament", "toy_duel", "--agents", "greedy,random", "--games", "4", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["agents"]) == {"greedy", "random"}
    for row in data["agents"].values():
        assert {"games", "wins", "win_rate", "ci95", "rating"} <= set(row)
    assert data["pairings"][0]["agents"] == ["greedy", "random"]


def test_the_command_shows_a_table_in_either_language():
    args = ["tournament", "toy_duel", "--agents", "greedy,random", "--games", "2"]
    english = runner.invoke(cli.app, [*args, "--lang", "en"])
    assert english.exit_code == 0, english.output
    assert "win rate" in english.stdout
    assert "greedy vs random" in english.stdout
    chinese = runner.invoke(cli.app, [*args, "--lang", "zh-TW"])
    assert "勝率" in chinese.stdout
    assert "greedy 對 random" in chinese.stdout


def test_the_command_refuses_an_unknown_agent():
    result = runner.invoke(cli.app, ["tournament", "toy_duel", "--agents", "random,nobody"])
    assert result.exit_code == 2
    assert "nobody" in result.output


def test_a_game_at_the_action_limit_is_a_draw_listed_as_unfinished():
    registry = toy_registry()
    agents = parse_agents(registry, "toy_duel", "greedy,random")
    ended = tournament(registry.game("toy_duel"), agents, games=2, seed=3).to_json()
    assert ended["unfinished"] == []
    stopped = tournament(registry.game("toy_duel"), agents, games=2, seed=3, max_actions=1)
    data = stopped.to_json()
    assert data["errors"] == []
    assert data["unfinished"] == [3, 4]
    assert [g.actions for g in stopped.played] == [1, 1]
    for row in data["agents"].values():
        assert (row["games"], row["wins"], row["draws"]) == (2, 0, 2)
    assert data["pairings"][0]["draws"] == 2


def test_the_command_takes_an_action_limit_and_says_which_games_it_stopped():
    args = ["tournament", "toy_duel", "--agents", "greedy,random", "--games", "2", "--seed", "3"]
    english = runner.invoke(cli.app, [*args, "--max-actions", "1", "--lang", "en"])
    assert english.exit_code == 0, english.output
    assert "2 games stopped at the action limit, counted as draws: seeds 3, 4" in english.stdout
    chinese = runner.invoke(cli.app, [*args, "--max-actions", "1", "--lang", "zh-TW"])
    assert "2 局到了動作上限仍未分出勝負，以和局計：種子 3, 4" in chinese.stdout
    refused = runner.invoke(cli.app, [*args, "--max-actions", "0"])
    assert refused.exit_code == 2
