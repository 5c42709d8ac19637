"""names.py: cities, routes, countries, abilities, markers, pieces and colours in both
languages, and the game's messages rendered with them."""

from __future__ import annotations

import re

import pytest

from gameshelf.core.i18n.messages import Msg, render
from gameshelf.plugins.hansa_britannia.names import NAMES
from gameshelf.plugins.hansa_britannia.rules import RULESET

HAN = re.compile(r"^[\u4e00-\u9fff+0-9 —：（）–]+$")


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_every_thing_has_an_english_and_a_chinese_name(kind: str) -> None:
    for thing, (en, zh) in NAMES[kind].items():
        assert en.replace("–", "-").isascii(), (kind, thing)
        assert HAN.match(zh), (kind, thing, zh)


def test_a_log_line_in_both_languages() -> None:
    line = Msg("hansa_britannia.placed", role="red", piece="merchant", route="london--oxford")
    namer = RULESET.namer()
    assert render(line, "en", namer) == "Red placed a merchant on London–Oxford."
    assert render(line, "zh_TW", namer) == "紅色玩家在倫敦—牛津放置了一個大商人。"


def test_a_refusal_names_the_country() -> None:
    msg = Msg("hansa_britannia.no_permission", country="Wales")
    assert "威爾斯" in render(msg, "zh_TW", RULESET.namer())
    assert RULESET.name("city", "isle_of_man", "zh_TW") == "曼島"
    assert RULESET.name("ability", "liber_sophiae", "en") == "Liber Sophiae"
    assert RULESET.name("marker", "move_3_tradesmen", "zh_TW") == "移動三個資源"
