"""`gameshelf play` of Twilight Struggle and Hansa prints a text board and names every
choice as the web does; a long list of choices is grouped and a choice may be typed by
(the start of) its name (issue 28 item 5)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from gameshelf import cli
from gameshelf.core.bots.agents import RandomAgent
from gameshelf.core.play.match import Match
from gameshelf.core.play.text import generic_label, label
from gameshelf.core.registry.plugins import Registry

runner = CliRunner()


def play(game: str, answers: str, *args: str) -> str:
    result = runner.invoke(cli.app, ["play", game, "--seed", "3", *args], input=answers)
    assert result.exit_code in (0, 130), result.output  # 130: the input ran out, as planned
    return result.output


def test_twilight_struggle_at_the_terminal_shows_its_board_and_names_its_cards() -> None:
    out = play("twilight_struggle", "1\n" * 12)  # the opening Influence, then a headline
    for said in ("DEFCON", "Victory points", "Action rounds played", "Military operations"):
        assert said in out
    assert "Space Race" in out
    assert "The China Card: held by the USSR, face up" in out
    assert "Western Europe" in out or "Europe" in out
    assert "West Germany *" in out  # a battleground
    assert "Your hand:" in out
    assert re.search(r"\d+\. [A-Z][\w' .-]+ \((\d|S)\)", out)  # "3. Korean War (2)"
    assert not re.search(r"\d\. card \d", out)  # no raw id
    assert "turn 1, headline" in out


def test_twilight_struggle_in_chinese() -> None:
    out = play("twilight_struggle", "1\n" * 2, "--lang", "zh-TW")
    assert "勝利分數" in out
    assert "你的手牌" in out or "手牌" in out


def test_every_choice_of_both_games_has_a_name_of_its_own() -> None:
    """Seeded random games: no choice falls back on the generic "type arg" label."""
    registry = Registry()
    for game_id in ("twilight_struggle", "hansa_britannia"):
        match = Match(registry.game(game_id), seed=4)
        bots = {r: RandomAgent(i) for i, r in enumerate(match.roles)}
        unnamed = set()
        for _ in range(300):
            if match.outcome() is not None:
                break
            role = match.active()[0]
            view = match.view(role)
            for action in match.actions(role):
                for lang in ("en", "zh_TW"):
                    said = label(match.ruleset, action, view, lang)
                    if said == generic_label(action):
                        unnamed.add((game_id, action.type))
            match.play_bots(bots, limit=1)
        assert not unnamed, unnamed


def test_hansa_at_the_terminal_groups_placements_and_takes_a_name() -> None:
    out = play("hansa_britannia", "Place a trader on Calais\n" + "1\n" * 3)
    assert "Completed cities" in out
    assert "Supply" in out
    assert "Red · 0 prestige · its turn: 2 actions left" in out
    assert "Keys 1 · Actiones 2 · Privilegium 1" in out  # the tracks' printed values
    assert "Calais–Southampton ○○○" in out  # a route and its spaces
    lines = [ln for ln in out.splitlines() if "Place a trader on" in ln]
    assert lines, out
    assert any(re.search(r"\d+-\d+\. Place a trader on .+ \(\d+ places\)", ln) for ln in lines)
    assert not re.search(r"place_trader \d+", out)
    assert "You placed a trader on Calais–Southampton." in out  # typed by its start
    assert "Calais–Southampton ●○○" in out


def test_hansas_abilities_read_as_their_tracks_print_them() -> None:
    from gameshelf.plugins.hansa_britannia.text import level

    assert [level("bursa", step) for step in range(4)] == ["3", "5", "7", "C"]
    assert level("actiones", 5) == "5"
