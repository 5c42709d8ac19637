"""names.py: every area, block, card, scenario and side has its name in both languages,
from the data, and the game's messages use them."""

from __future__ import annotations

import re

import pytest

from gameshelf.core.i18n.messages import Msg, render
from gameshelf.plugins.hammer_scots.names import NAMES
from gameshelf.plugins.hammer_scots.rules import RULESET

HAN = re.compile(r"^[\u4e00-\u9fff][\u4e00-\u9fff 0-9（）：]*$")


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_every_thing_has_an_english_and_a_chinese_name(kind: str) -> None:
    for thing, (en, zh) in NAMES[kind].items():
        assert en.isascii(), (kind, thing)
        assert HAN.match(zh), (kind, thing, zh)


def test_a_message_names_an_area_and_a_block_in_the_readers_language() -> None:
    line = Msg("core.waiting", who=Msg("core.role", role="Scotland"), doing="moving")
    assert render(line, "zh_TW", RULESET.namer(), "hammer_scots").startswith("等待蘇格蘭")
    assert RULESET.name("area", "selkirk", "zh_TW") == "塞爾扣克森林"
    assert RULESET.name("block", "wallace", "zh_TW") == "華萊士"
    assert RULESET.name("scenario", "braveheart", "zh_TW") == "英雄本色"
    assert RULESET.name("card", "herald", "en") == "Herald"
    assert RULESET.name("area", "atlantis", "en") is None


def test_a_refusal_names_its_area_when_rendered_outside_a_view() -> None:
    from gameshelf.core.engine.ruleset import IllegalAction

    refused = IllegalAction(Msg("hammer_scots.straight_back", area="selkirk"))
    assert refused.reason == "A block may not step straight back to Selkirk."
    assert render(refused.msg, "zh_TW") == "部隊不能直接退回塞爾扣克森林。"
