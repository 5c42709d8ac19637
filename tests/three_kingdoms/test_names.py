"""names.py: lords, talents, lands and strategy cards named in both languages from the data."""

from __future__ import annotations

import re

import pytest

from gameshelf.plugins.three_kingdoms.names import NAMES
from gameshelf.plugins.three_kingdoms.rules import RULESET


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_every_thing_has_an_english_and_a_chinese_name(kind: str) -> None:
    for thing, (en, zh) in NAMES[kind].items():
        assert re.search("[A-Za-z]", en), (kind, thing)
        assert not re.search("[\u4e00-\u9fff]", en), (kind, thing)
        assert re.search("[\u4e00-\u9fff]", zh), (kind, thing)


def test_the_ruleset_names_things_in_each_language() -> None:
    assert RULESET.name("lord", "cao_cao", "zh_TW") == "曹操"
    assert RULESET.name("lord", "cao_cao", "en") == "Cao Cao"
    assert RULESET.name("land", "ye", "zh_TW") == "鄴城"
