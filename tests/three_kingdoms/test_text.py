"""The board at the terminal (``gameshelf play``): what a seat sees, its choices in words."""

from __future__ import annotations

from rich.console import Console

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.play.text import label, role_name
from gameshelf.plugins.three_kingdoms.rules import RULESET
from gameshelf.plugins.three_kingdoms.text import board
from tests.three_kingdoms.builders import build


def drawn(s, role):
    console = Console(record=True, width=200, color_system=None)
    console.print(board(RULESET.view(s, role)))
    return console.export_text()


def test_lands_owners_swords_money_and_the_seats_own_hand():
    s = build(
        hands={"p1": ["zhuge_liang", "liu_bei"], "p2": ["cao_ren"]},
        money={"p1": 12000},
        lands={"xuchang": ("p2", ["xun_yu"], 2)},
    )
    text = drawn(s, "p1")
    xuchang = next(line for line in text.splitlines() if "許昌 Xuchang" in line)
    assert "曹操 Cao Cao" in xuchang  # the owner, by lord
    assert "荀彧 Xun Yu" in xuchang  # the talent on the land
    assert " 2 " in xuchang  # swords
    assert "12,000" in text
    assert "Your hand: 諸葛亮 Zhuge Liang 10/10/4, 劉備 Liu Bei" in text
    assert "曹仁" not in text  # a rival's hand is only its size


def test_the_text_shows_nothing_the_seat_may_not_see():
    s = RULESET.setup(4, None, None, 4)
    agent = RandomAgent(4)
    for step in range(400):
        if RULESET.outcome(s) is not None:
            break
        if step % 40 == 0 or (step % 4 == 0 and s.step in ("generals", "field_battle")):
            for role in s.seats:
                other = RULESET.copy_state(s)
                RULESET.shuffle_hidden(other, role, Rng(seed=step))
                assert drawn(other, role) == drawn(s, role)
        role = RULESET.active(s)[0]
        RULESET.apply(
            s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
        )


def test_choices_and_seats_are_named_as_players_name_them():
    s = build(hands={"p1": ["zhuge_liang"]})
    view = RULESET.view(s, "p1")
    assert label(RULESET, Action("talent", "cao_ren"), view) == "曹仁 Cao Ren"
    assert label(RULESET, Action("occupy", "zhuge_liang"), view) == "Occupy with 諸葛亮 Zhuge Liang"
    assert label(RULESET, Action("dice", 2), view) == "Roll two dice"
    assert label(RULESET, Action("land", "xuchang"), view) == "許昌 Xuchang"
    assert label(RULESET, Action("tax"), view) == "Collect tax"
    assert role_name(RULESET, "p1", view) == "劉備 Liu Bei"


def test_every_choice_of_a_game_has_a_players_name():
    """No choice falls back to its id ("talent cao_ren") in a whole game."""
    s = RULESET.setup(6, None, None, 3)
    agent = RandomAgent(6)
    while RULESET.outcome(s) is None:
        role = RULESET.active(s)[0]
        actions = RULESET.actions(s, role)
        view = RULESET.view(s, role)
        for action in actions:
            said = label(RULESET, action, view)
            assert said[0].isupper() or not said.isascii(), (action, said)
            assert "_" not in said, (action, said)
        RULESET.apply(s, role, agent.choose(Observation(RULESET, s, role), actions))


def drawn_in(s, role, lang):
    console = Console(record=True, width=200, color_system=None)
    console.print(board(RULESET.view(s, role), lang))
    return console.export_text()


def test_the_board_in_chinese_writes_names_and_words_in_chinese():
    s = build(
        hands={"p1": ["zhuge_liang", "liu_bei"], "p2": ["cao_ren"]},
        money={"p1": 12000},
        lands={"xuchang": ("p2", ["xun_yu"], 2)},
    )
    text = drawn_in(s, "p1", "zh_TW")
    xuchang = next(line for line in text.splitlines() if "許昌" in line)
    assert "曹操" in xuchang
    assert "荀彧" in xuchang
    assert "Xuchang" not in text
    assert "Cao Cao" not in text
    assert "12,000" in text  # the core formats the sum
    assert "你的手牌：諸葛亮 10/10/4、劉備" in text
    assert "君主（依座位順序）" in text
    assert "（政治／智力／武力）" in text


def test_choices_and_seats_are_named_in_chinese():
    s = build(hands={"p1": ["zhuge_liang"]})
    view = RULESET.view(s, "p1")
    assert label(RULESET, Action("occupy", "zhuge_liang"), view, "zh_TW") == "以諸葛亮佔領"
    assert label(RULESET, Action("dice", 2), view, "zh_TW") == "擲 2 顆骰子"
    assert label(RULESET, Action("land", "xuchang"), view, "zh_TW") == "許昌"
    assert label(RULESET, Action("tax"), view, "zh_TW") == "徵稅"
    assert role_name(RULESET, "p1", view, "zh_TW") == "劉備"


def test_every_choice_of_a_game_has_a_chinese_name():
    s = RULESET.setup(7, None, None, 3)
    agent = RandomAgent(7)
    while RULESET.outcome(s) is None:
        role = RULESET.active(s)[0]
        actions = RULESET.actions(s, role)
        view = RULESET.view(s, role)
        for action in actions:
            said = label(RULESET, action, view, "zh_TW")
            assert not any("a" <= c.lower() <= "z" for c in said), (action, said)
        RULESET.apply(s, role, agent.choose(Observation(RULESET, s, role), actions))
