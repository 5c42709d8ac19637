"""The lobby's texts of each game (what it is about, its scenarios and options) in both
languages, from the game's catalogs (``<game>.about.<game>``, ``<game>.scenario_about.<id>``,
``<game>.option_about.<id>``), named in the reader's language."""

from __future__ import annotations

import html
import warnings

import pytest

from gameshelf.core.i18n.messages import text
from gameshelf.core.registry.plugins import Registry

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.games import games_registry

GAMES = Registry().games


def texts(gid: str) -> list[tuple[str, str]]:
    """Every description the lobby shows for a game: (message id, the info's English)."""
    info = GAMES[gid].info
    out = [(f"{gid}.about.{gid}", info.description)]
    out += [(f"{gid}.scenario_about.{sc.id}", sc.description) for sc in info.scenarios]
    out += [(f"{gid}.option_about.{o.id}", o.description) for o in info.options]
    return out


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_description_of_a_game_is_in_both_languages(gid: str) -> None:
    for msgid, english in texts(gid):
        if not english:
            continue
        en, zh = text(msgid, "en"), text(msgid, "zh_TW")
        assert en, msgid
        assert zh, msgid
        assert zh != en, msgid
        if not msgid.endswith(f".about.{gid}"):  # the game's own may say less than the API's
            assert en == english, (msgid, "the English catalog and the ruleset differ")
    ruleset = GAMES[gid].ruleset
    for option in GAMES[gid].info.options:  # an option's title too, by names.py or catalog
        zh = ruleset.name("option", option.id, "zh_TW") or text(
            f"{gid}.option.{option.id}", "zh_TW"
        )
        assert zh, (gid, option.id)


def test_the_lobby_describes_each_game_in_the_readers_language(tmp_path) -> None:
    registry = games_registry("hammer_scots", "three_kingdoms")
    with TestClient(create_app(Settings(db=tmp_path / "s.sqlite3"), registry=registry)) as site:
        chinese = html.unescape(site.get("/", headers={"Accept-Language": "zh-TW"}).text)
        english = html.unescape(site.get("/", headers={"Accept-Language": "en"}).text)
    assert text("hammer_scots.about.hammer_scots", "zh_TW") in chinese
    assert "1297–1305 年：華萊士號召蘇格蘭起兵對抗愛德華一世。" in chinese
    assert "在英格蘭沒有弓箭手參戰的戰鬥中" in chinese
    assert "五位君主各自的特殊技能" in chinese
    assert "Wallace raises Scotland" not in chinese
    assert "1297-1305: Wallace raises Scotland against Edward I." in english
    assert "hidden blocks and a hand of cards a year" in english
