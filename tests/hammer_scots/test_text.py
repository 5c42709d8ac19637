"""The board at the terminal (``gameshelf play``): what a seat sees, its choices in words."""

from __future__ import annotations

from rich.console import Console

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.play.text import label, role_name
from gameshelf.plugins.hammer_scots.battle import battle_of
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.text import board

E, S = "England", "Scotland"


def drawn(s, role):
    console = Console(record=True, width=200, color_system=None)
    console.print(board(RULESET.view(s, role)))
    return console.export_text()


def row(text, area):
    return next(line for line in text.splitlines() if line.startswith(f"│ {area} "))


def test_a_seat_sees_its_blocks_by_name_and_strength_and_the_enemys_as_a_count():
    s = RULESET.setup(1, "braveheart")
    scots = drawn(s, S)
    assert "Wallace 4/4" in row(scots, "Fife")
    english = drawn(s, E)
    assert "3 blocks" in row(english, "Fife")
    assert "Wallace" not in english
    assert "Nobles on the map: England 11, Scotland 3" in english  # Moray counts


def test_pools_and_the_hand_are_shown_as_the_seat_may_see_them():
    s = RULESET.setup(1, "braveheart")
    text = drawn(s, S)
    assert "Scotland's pool: 7 blocks: Campbell 4/4" in text
    assert "England's pool: 9 blocks\n" in text
    hand = RULESET.view(s, S)["hand"]
    cards = (c["name"] + (" (event)" if c["event"] else "") for c in hand)
    assert "Your hand: " + ", ".join(cards) in text


def test_the_text_shows_nothing_the_seat_may_not_see():
    """Rearranging what a seat may not see leaves its text board as it was."""
    s = RULESET.setup(3, "braveheart")
    agent = RandomAgent(3)
    battles = 0
    for step in range(1500):
        if RULESET.outcome(s) is not None:
            break
        # every 50th step, and every 4th step of a battle (a rich board is drawn four times)
        if step % 50 == 0 or (battle_of(s) is not None and step % 4 == 0):
            battles += battle_of(s) is not None
            for role in (E, S):
                other = RULESET.copy_state(s)
                RULESET.shuffle_hidden(other, role, Rng(seed=step))
                assert drawn(other, role) == drawn(s, role)
        role = RULESET.active(s)[0]
        RULESET.apply(
            s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
        )
    assert battles  # a battle was drawn too


def test_a_battle_is_drawn_row_by_row():
    s = RULESET.setup(3, "braveheart")
    agent = RandomAgent(3)
    while battle_of(s) is None:
        role = RULESET.active(s)[0]
        RULESET.apply(
            s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
        )
    text = drawn(s, S)
    assert "Battle of " in text
    assert "attacks" in text
    assert "defends" in text
    assert "│ reserve" in text


def test_choices_are_named_as_players_name_them():
    view = RULESET.view(RULESET.setup(1, "braveheart"), S)
    assert label(RULESET, Action("block", "wallace"), view) == "Wallace"
    assert label(RULESET, Action("area", "lanark"), view) == "Lanark"
    assert label(RULESET, Action("fire", "wallace"), view) == "Fire with Wallace"
    assert label(RULESET, Action("hit", "moray"), view) == "Hit on Moray"
    assert label(RULESET, Action("card", "herald"), view) == "Herald (event)"
    assert label(RULESET, Action("card", "move2_4"), view) == "Move 2"
    assert label(RULESET, Action("done"), view) == "Done"
    assert label(RULESET, Action("stop"), view) == "Stop here"
    assert label(RULESET, Action("crown", "bruce"), view) == "Crown Bruce"
    assert role_name(RULESET, S, view) == S


def test_every_choice_of_a_game_has_a_players_name():
    """No choice falls back to its id ("block york_knights") in a whole game."""
    for seed, scenario in ((5, "braveheart"), (6, "the_bruce"), (7, "braveheart")):
        s = RULESET.setup(seed, scenario)
        agent = RandomAgent(seed)
        while RULESET.outcome(s) is None:
            role = RULESET.active(s)[0]
            actions = RULESET.actions(s, role)
            view = RULESET.view(s, role)
            for action in actions:
                said = label(RULESET, action, view)
                assert "_" not in said, (action, said)
                assert action.arg is None or str(action.arg) not in said, (action, said)
            RULESET.apply(s, role, agent.choose(Observation(RULESET, s, role), actions))


def test_gameshelf_play_draws_the_board_and_heads_the_log_by_year_and_turn(tmp_path):
    from typer.testing import CliRunner

    from gameshelf import cli

    result = CliRunner().invoke(
        cli.app,
        [
            "play",
            "hammer_scots",
            "--seat",
            "Scotland",
            "--seed",
            "3",
            "--save",
            str(tmp_path / "g"),
        ],
        input="1\n" * 40,
    )
    assert result.exit_code == 130  # the input ran out: the game is saved, to go on later
    out = result.output
    assert "── 1297, turn 1 ──" in out
    assert "── 1297, turn 2 ──" in out
    assert "Scotland: the board as you see it" in out
    assert "Wallace 4/4" in out
    assert "Scotland · 1297, turn 1" in out
    assert "block wallace" not in out
    assert (tmp_path / "g").is_file()


def drawn_in(s, role, lang):
    console = Console(record=True, width=200, color_system=None)
    console.print(board(RULESET.view(s, role), lang))
    return console.export_text()


def test_the_board_in_chinese_names_areas_blocks_sides_and_cards_in_chinese():
    s = RULESET.setup(1, "braveheart")
    text = drawn_in(s, S, "zh_TW")
    fife = next(line for line in text.splitlines() if line.startswith("│ 法夫 "))
    assert "華萊士 4/4" in fife
    assert "英雄本色 · 1297 年（最後一年 1305），第 1 回合（共 5 回合）" in text
    assert "蘇格蘭的預備區：7 支部隊" in text
    assert "地圖上的貴族：英格蘭 11、蘇格蘭 3" in text
    assert "你的手牌：" in text
    assert "Wallace" not in text
    assert "block" not in text
    assert "England" not in text
    english = drawn_in(RULESET.setup(1, "braveheart"), E, "zh_TW")
    assert "3 支部隊" in next(line for line in english.splitlines() if line.startswith("│ 法夫 "))


def test_choices_are_named_in_chinese():
    view = RULESET.view(RULESET.setup(1, "braveheart"), S)
    assert label(RULESET, Action("block", "wallace"), view, "zh_TW") == "華萊士"
    assert label(RULESET, Action("area", "selkirk"), view, "zh_TW") == "塞爾扣克森林"
    assert label(RULESET, Action("fire", "wallace"), view, "zh_TW") == "以華萊士開火"
    assert label(RULESET, Action("card", "herald"), view, "zh_TW") == "傳令官（事件）"
    assert label(RULESET, Action("done"), view, "zh_TW") == "完成"
    assert label(RULESET, Action("crown", "bruce"), view, "zh_TW") == "為布魯斯加冕"


def test_every_choice_of_a_game_has_a_chinese_name():
    """No choice falls back to an id or an English word in Chinese, in a whole game."""
    s = RULESET.setup(8, "braveheart")
    agent = RandomAgent(8)
    while RULESET.outcome(s) is None:
        role = RULESET.active(s)[0]
        actions = RULESET.actions(s, role)
        view = RULESET.view(s, role)
        for action in actions:
            said = label(RULESET, action, view, "zh_TW")
            assert not any("a" <= c.lower() <= "z" for c in said), (action, said)
        RULESET.apply(s, role, agent.choose(Observation(RULESET, s, role), actions))


def test_gameshelf_play_in_chinese_draws_the_board_and_heads_the_log_in_chinese(tmp_path):
    from typer.testing import CliRunner

    from gameshelf import cli

    args = ["play", "hammer_scots", "--seat", "Scotland", "--seed", "3", "--lang", "zh-TW"]
    try:
        result = CliRunner().invoke(
            cli.app, [*args, "--save", str(tmp_path / "g")], input="1\n" * 40
        )
    finally:
        cli.READING[0] = "en"
    out = result.output
    assert "── 1297 年第 1 回合 ──" in out
    assert "── 1297 年第 2 回合 ──" in out
    assert "蘇格蘭 (Scotland)：你眼中的遊戲盤面" in out
    assert "華萊士 4/4" in out
    assert "the board as you see it" not in out
    assert "Wallace" not in out
