"""Hammer of the Scots in both languages (issue 13): log lines, prompts, waiting words,
refusals and outcome texts are messages of the ``hammer_scots`` catalogs, rendered for each
reader in English or Traditional Chinese with the names of things from the data."""

from __future__ import annotations

import re

import pytest

from gameshelf.core.bots.agents import RandomAgent
from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.plugins import Registry
from gameshelf.core.testing.simulate import play_one
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import machine
from tests.hammer_scots.builders import build, play, said, words

E, S = "England", "Scotland"
HAN = re.compile(r"[\u4e00-\u9fff]")
# What a message left unrendered or a thing left unnamed would show.
RAW = re.compile(r"hammer_scots\.|\b[a-z]+_[a-z0-9_]+\b")


def seeded_game(scenario: str, seed: int):
    return play_one(Registry().game("hammer_scots"), scenario, seed, None, [RandomAgent], 100_000)


@pytest.mark.parametrize(("scenario", "seed"), [("braveheart", 3), ("the_bruce", 5)])
def test_a_seeded_games_log_reads_the_same_messages_in_both_languages(scenario, seed):
    match = seeded_game(scenario, seed)
    log = match.state.log
    again = seeded_game(scenario, seed).state.log
    assert [line.id for line in log if isinstance(line, Msg)] == [
        line.id for line in again if isinstance(line, Msg)
    ]
    english, chinese = said(match.state), said(match.state, "zh_TW")
    assert len(english) == len(chinese) == len(log)
    for line, en, zh in zip(log, english, chinese, strict=True):
        if not isinstance(line, Msg):
            continue
        assert not RAW.search(en), (line, en)
        assert not RAW.search(zh), (line, zh)
        assert not HAN.search(en), (line, en)
        assert HAN.search(zh), (line, zh)
    outcome = match.outcome()
    assert outcome is not None
    assert isinstance(outcome.text, Msg)
    assert HAN.search(words(outcome.text, "zh_TW"))
    assert not RAW.search(words(outcome.text))


def test_a_prompt_and_its_refusal_in_chinese():
    s = build(
        step="pillage",
        acting=S,
        p1=S,
        p2=E,
        begin=True,
        chosen={S: "pillage", E: "move1_1"},
        blocks={"york_infantry": "carrick", "durham_infantry": "carrick", "douglas": "lanark"},
        strength={"york_infantry": 3, "durham_infantry": 3},
    )
    play(s, S, ("area", "carrick"))
    assert s.step == "pillage_hits"
    assert words(machine.prompt(s, E)) == (
        "England: choose which of your strongest blocks in Carrick takes a pillage hit (2 left)."
    )
    assert words(machine.prompt(s, E), "zh_TW") == (
        "英格蘭：選擇卡里克中你最強的哪一支部隊承受劫掠傷害（還剩 2 點）。"
    )
    with pytest.raises(IllegalAction) as refused:
        play(s, E, ("block", "douglas"))
    assert words(refused.value.msg, "zh_TW") == "每一點傷害都必須由被劫掠區域中你最強的部隊承受。"


def test_the_waiting_words_and_a_list_of_areas_in_both_languages():
    s = build(
        step="scottish_disbanding",
        blocks={"douglas": "lennox", "fraser": "lennox", "barclay": "lennox", "grant": "fife"},
        active=S,
        year=1297,
    )
    assert isinstance(machine.current(s).waiting, Msg)
    assert words(machine.prompt(s, None)) == "Waiting for Scotland — disbanding."
    assert words(machine.prompt(s, None), "zh_TW") == "等待蘇格蘭——解散部隊。"


def test_a_plural_count_reads_right_in_english_and_chinese():
    one = Msg("hammer_scots.pillage_hits", role=E, count=1, area="carrick")
    two = Msg("hammer_scots.pillage_hits", role=E, count=2, area="carrick")
    assert words(one) == "England takes 1 hit in Carrick."
    assert words(two) == "England takes 2 hits in Carrick."
    assert words(two, "zh_TW") == "英格蘭在卡里克承受 2 點傷害。"


def test_edward_is_named_as_the_king_he_is():
    for edward, en, zh in ((1, "Edward I", "愛德華一世"), (2, "Edward II", "愛德華二世")):
        s = build(step="english_builds", edward=edward, blocks={"edward": "lothian"}, active=E)
        with pytest.raises(IllegalAction) as refused:
            play(s, E, ("block", "edward"))
        assert words(refused.value.msg) == f"{en} is already at full strength."
        assert words(refused.value.msg, "zh_TW") == f"{zh}的戰鬥力已經是滿的。"


def test_the_games_title_and_options_have_chinese_names():
    assert RULESET.name("game", "hammer_scots", "zh_TW") == "蘇格蘭之錘"
    for option in RULESET.info.options:
        assert RULESET.name("option", option.id, "en") == option.title
        assert HAN.search(RULESET.name("option", option.id, "zh_TW") or "")


@pytest.mark.parametrize(
    ("scenario", "seed"), [("braveheart", 1), ("the_bruce", 2), ("campaign", 4)]
)
def test_every_log_line_prompt_and_waiting_word_of_a_seeded_game_is_a_message(scenario, seed):
    match = seeded_game(scenario, seed)
    plain = [line for line in match.state.log if not isinstance(line, Msg)]
    assert not plain, plain[:5]
    s = RULESET.setup(seed, scenario)
    for entry in match.history:
        for role in s.active:
            assert isinstance(machine.prompt(s, role), Msg), (s.step, machine.prompt(s, role))
        assert isinstance(machine.current(s).waiting, Msg), s.step
        RULESET.apply(s, entry.role, entry.action)
    assert s.log == match.state.log
