"""Messages, not sentences (issue 13): every log line, prompt, waiting line, refusal and
outcome text of 三國戰記 is a message of the ``three_kingdoms`` catalogs, rendered in English
and Traditional Chinese with every lord, card, land and strategy card named from the data."""

from __future__ import annotations

import pytest

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.i18n.messages import Msg, catalog, plural_forms, render_view
from gameshelf.plugins.three_kingdoms.battle import SIEGE_ROLLED, TOLL_PAID
from gameshelf.plugins.three_kingdoms.field_battle import FOUGHT
from gameshelf.plugins.three_kingdoms.rules import RULESET
from gameshelf.plugins.three_kingdoms.victory import REASONS
from tests.three_kingdoms.builders import (
    act,
    assert_named,
    build,
    refused,
    roll_onto,
    said,
    text,
)

LANGS = ("en", "zh_TW")


def views(seed: int, players: int, every: int) -> list[dict]:
    """Every seat's view (and a spectator's) at each ``every``-th decision of a seeded random
    game, and at its end."""
    s = RULESET.setup(seed, None, None, players)
    agent = RandomAgent(seed)
    seen = []
    decisions = 0
    while RULESET.outcome(s) is None:
        role = RULESET.active(s)[0]
        decisions += 1
        if decisions % every == 0:
            seen.extend(RULESET.view(s, seat) for seat in [*s.seats, None])
        actions = RULESET.actions(s, role)
        RULESET.apply(s, role, agent.choose(Observation(RULESET, s, role), actions))
    seen.append(RULESET.view(s, None))
    return seen


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_log_line_is_a_message_the_same_in_both_languages(players: int) -> None:
    for seed in (1, 2):
        s = RULESET.setup(seed, None, None, players)
        agent = RandomAgent(seed)
        while RULESET.outcome(s) is None:
            role = RULESET.active(s)[0]
            actions = RULESET.actions(s, role)
            RULESET.apply(s, role, agent.choose(Observation(RULESET, s, role), actions))
        assert all(isinstance(line, Msg) for line in s.log), [
            line for line in s.log if not isinstance(line, Msg)
        ]
        # the same entries, hence the same message ids, whoever reads them
        english, chinese = said(s, "en"), said(s, "zh_TW")
        assert len(english) == len(chinese) == len(s.log)
        for en, zh in zip(english, chinese, strict=True):
            assert_named(en)
            assert_named(zh)
            assert en != zh
        outcome = RULESET.outcome(s)
        assert isinstance(outcome.text, Msg)
        assert_named(text(outcome.text))
        assert_named(text(outcome.text, "zh_TW"))


@pytest.mark.parametrize("players", [2, 5])
def test_every_prompt_and_waiting_line_is_a_message_in_both_languages(players: int) -> None:
    prompts = [view["prompt"] for view in views(3, players, every=8)]
    assert prompts[-1] == ""  # the game is over: nobody is asked anything
    for prompt in prompts[:-1]:
        msg = Msg.from_json(prompt)  # a message's JSON, in the view
        for lang in LANGS:
            assert_named(text(msg, lang))


def test_a_prompt_reads_in_english_and_chinese():
    s = build(hands={"p1": ["zhuge_liang"]}, pos={"p1": 0})
    roll_onto(s, "p1", "xiapi")
    prompt = RULESET.view(s, "p1")["prompt"]
    namer = RULESET.namer()
    assert render_view({"prompt": prompt}, "en", namer)["prompt"] == (
        "Xiapi is nobody's. Occupy it with a card from your hand, or pass."
    )
    assert render_view({"prompt": prompt}, "zh_TW", namer)["prompt"] == (
        "下邳無人佔領。從手牌打出1張牌佔領它，或放棄。"
    )


def test_a_refusal_reads_in_english_and_chinese():
    s = build(hands={"p1": ["zhuge_liang"]}, lands={"xiapi": ("p1", ["guan_yu"], 4)})
    roll_onto(s, "p1", "xiapi")
    refused(s, "p1", ("train",), "^Xiapi already holds 4 swords, a city: no more training.$")
    with pytest.raises(Exception) as refusal:  # noqa: PT011 - the refusal's text is checked
        RULESET.apply(s, "p1", {"type": "train", "arg": None})
    assert text(refusal.value.msg, "zh_TW") == "下邳已有4把大刀，成為城池，不能再練兵。"


def test_log_lines_read_in_english_and_chinese():
    s = build(hands={"p1": ["zhang_fei"]})
    roll_onto(s, "p1", "xiapi", dice=(2, 1))
    act(s, "p1", ("occupy", "zhang_fei"))
    assert said(s)[-2:] == [
        "Liu Bei rolls 2+1=3 and stops on Xiapi, which nobody holds.",
        "Liu Bei occupies Xiapi with Zhang Fei.",
    ]
    assert said(s, "zh_TW")[-2:] == [
        "劉備擲出2+1=3點，停在無人佔領的下邳。",
        "劉備派張飛佔領下邳。",
    ]


def test_counts_take_the_plural_of_each_language():
    s = build(down={"p1": ["guan_yu"]})
    roll_onto(s, "p1", 0)  # Fate, with an empty hand: advise fails, then the recall
    act(s, "p1", ("advise",))
    assert said(s)[-1] == "Liu Bei recalls 1 face-down card into hand."
    assert said(s, "zh_TW")[-1] == "劉備將面前覆蓋的1張牌召回手中。"


def test_the_messages_chosen_from_tables_are_all_in_both_catalogs():
    ids = [
        *TOLL_PAID.values(),
        *SIEGE_ROLLED.values(),
        *FOUGHT.values(),
        *(i for pair in REASONS.values() for i in pair),
    ]
    for lang in LANGS:
        known = set(catalog("three_kingdoms", lang)) | set(plural_forms("three_kingdoms", lang))
        assert not set(ids) - known, lang


MONEY = ("paid", "due", "amount", "fee")  # the parameters that are sums of money


def test_sums_of_money_are_numbers_the_catalogs_write_out():
    """A message holds a sum as a number (its JSON too); the text groups its thousands in
    both languages ("15,000"), as the catalog's ``{amount:,}`` says."""
    for seed in (3, 4):
        s = RULESET.setup(seed, None, None, 3)
        agent = RandomAgent(seed)
        while RULESET.outcome(s) is None:
            role = RULESET.active(s)[0]
            actions = RULESET.actions(s, role)
            RULESET.apply(s, role, agent.choose(Observation(RULESET, s, role), actions))
        sums = [
            line.args[k] for line in s.log if isinstance(line, Msg) for k in MONEY if k in line.args
        ]
        assert sums
        assert all(isinstance(v, int) and not isinstance(v, bool) for v in sums)
    win = Msg("three_kingdoms.won_founding", lord="liu_bei", amount=30000)
    assert text(win, "en") == "Liu Bei holds 30,000 or more and founds a state: Liu Bei wins."
    assert "30,000" in text(win, "zh_TW")
    assert Msg.from_json(win.to_json()).args["amount"] == 30000


def test_a_toll_paid_short_says_what_was_due_in_one_message():
    s = build(hands={"p1": []}, lands={"xuchang": ("p2", ["xiahou_dun"], 2)}, money={"p1": 1500})
    roll_onto(s, "p1", "xuchang")  # no card for a plan: the toll of 2,000, and 1,500 to pay
    toll = next(m for m in s.log if isinstance(m, Msg) and m.id.startswith("three_kingdoms.toll"))
    assert toll.id == "three_kingdoms.toll_full_short"
    assert (toll.args["paid"], toll.args["due"]) == (1500, 2000)
    assert "card" not in toll.args  # 董卓 was not shown
    assert "1,500 of the 2,000 due" in text(toll, "en")
    assert "1,500" in text(toll, "zh_TW")
    assert "2,000" in text(toll, "zh_TW")
