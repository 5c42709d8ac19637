"""gameshelf play --lang: the log, prompts and refusals at the terminal in the chosen
language (default: the locale's LANG)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from gameshelf import cli
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from tests.core.conftest import toy_plugin

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy_only(monkeypatch):
    monkeypatch.setattr(
        cli,
        "_registry",
        lambda: Registry(make_plugin_manager(load=["core"], extra=[("toy", toy_plugin())])),
    )
    yield
    cli.READING[0] = "en"


def test_play_in_chinese_writes_the_log_and_prompts_in_chinese():
    args = ["play", "toy_duel", "--seat", "south", "--seed", "2", "--lang", "zh-TW"]
    result = runner.invoke(cli.app, args, input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "請選一張牌打出。" in result.output
    assert "北家亮出" in result.output


def test_play_follows_the_locale_without_lang(monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    result = runner.invoke(cli.app, ["play", "toy_duel", "--seed", "2"], input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "Choose a card to play." in result.output


def test_list_in_chinese_names_its_columns_and_the_games_seats():
    result = runner.invoke(cli.app, ["list", "--lang", "zh-TW"])
    assert result.exit_code == 0, result.output
    assert "遊戲" in result.output
    assert "劇本" in result.output
    assert "toy_duel" in result.output  # the id stays what one types
    assert "north（北家）" in result.output  # a seat: the id one types, its name beside it
    assert "南家" in result.output


def test_list_follows_the_locale_without_lang(monkeypatch):
    monkeypatch.setenv("LC_ALL", "zh_TW.UTF-8")
    result = runner.invoke(cli.app, ["list"])
    assert result.exit_code == 0, result.output
    assert "人數" in result.output
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert "players" in runner.invoke(cli.app, ["list"]).output


def test_simulate_in_chinese_writes_its_summary_in_chinese():
    args = ["simulate", "toy_duel", "--games", "3", "--lang", "zh-TW"]
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    assert "：3 局，錯誤：0" in result.output  # the plural message, in its one Chinese form
    assert "每局動作數" in result.output
    assert "勝方" in result.output


def test_simulate_in_english_says_one_game_and_several_games():
    one = runner.invoke(cli.app, ["simulate", "toy_duel", "--games", "1", "--lang", "en"])
    assert ": 1 game, errors: 0" in one.output
    many = runner.invoke(cli.app, ["simulate", "toy_duel", "--games", "2", "--lang", "en"])
    assert ": 2 games, errors: 0" in many.output


def test_simulate_follows_the_locale_without_lang(monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    result = runner.invoke(cli.app, ["simulate", "toy_duel", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "每局動作數" in result.output
