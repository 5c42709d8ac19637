"""gameshelf play --lang: the log, prompts and refusals at the terminal in the chosen
language (default: the locale's LANG)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from gameshelf.core import cli
from gameshelf.core.plugins import Registry, make_plugin_manager
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
