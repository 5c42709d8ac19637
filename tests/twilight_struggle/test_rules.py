"""Every card has its event and the lobby describes the game (saying nothing is missing); the
game is registered and its texts are bilingual."""

from __future__ import annotations

from gameshelf.core.i18n.messages import text
from gameshelf.core.registry.plugins import Registry
from gameshelf.plugins.twilight_struggle.events import EVENTS, has_event
from gameshelf.plugins.twilight_struggle.model import CARDS
from gameshelf.plugins.twilight_struggle.names import name
from gameshelf.plugins.twilight_struggle.rules import RULESET


def test_every_card_has_its_event_and_the_lobby_says_nothing_is_missing():
    assert all(has_event(n) for n in EVENTS)
    assert {n for n in CARDS if not has_event(n)} == {6}  # only The China Card has none
    english = text("twilight_struggle.about.twilight_struggle", "en")
    chinese = text("twilight_struggle.about.twilight_struggle", "zh_TW")
    assert english == RULESET.info.description
    for words in ("Not every", "missing", "not written", "Operations and on the Space Race only"):
        assert words not in english
    assert "Every event is in" in english
    assert "尚未" not in chinese
    assert "還沒" not in chinese
    assert "所有事件都已收錄" in chinese
    assert not has_event(6)  # The China Card never has an event
    written = {n for n in CARDS if has_event(n)}
    assert written == set(EVENTS) | {1, 2, 3, 37, 38, 79, 81}


def test_the_game_is_installed_through_its_entry_point():
    assert "twilight_struggle" in Registry().games


def test_names_in_both_languages():
    assert name("role", "USSR", "zh_TW") == "蘇聯"
    assert name("role", "US", "zh_TW") == "美國"
    assert name("country", "west_germany", "zh_TW") == "西德"
    assert name("card", 6, "zh_TW") == "中國牌"
    assert name("region", "southeast_asia", "zh_TW") == "東南亞"
    assert name("card", 103, "en") == "Defectors"
    assert name("country", "atlantis", "en") is None
