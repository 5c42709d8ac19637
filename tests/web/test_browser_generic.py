"""The generic board (a game that ships no board of its own) in the reader's language: the
keys of the view and its words come from the web catalog (``js.key.*``, ``js.generic.*``),
the seats from the game's names. Played in Debian's Chromium; skipped without it."""

from __future__ import annotations

from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.games import games_registry
from tests.web.live_server import serving

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def headings(browser: Any, site: str, lang: str) -> tuple[list[str], list[str]]:
    context = browser.new_context(extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.goto(site + "/")
    reply = page.request.post(
        site + "/api/matches",
        data={"game": "toy_duel", "seats": [{"name": "Ann"}, {"bot": "random"}]},
    )
    created = reply.json()
    token = next(s["token"] for s in created["seats"] if s["token"])
    page.goto(f"{site}/m/{created['id']}#seat={token}")
    page.wait_for_selector("#connection.live")
    page.wait_for_selector(".generic-part h3")
    parts = page.locator(".generic-part h3").all_inner_texts()
    rows = page.locator(".generic-table th").all_inner_texts()
    context.close()
    return parts, rows


def test_the_generic_board_names_the_views_keys_in_the_readers_language(
    browser: Any, tmp_path: Any
) -> None:
    app = create_app(Settings(db=tmp_path / "generic.sqlite3"), registry=games_registry())
    with serving(app) as site:
        parts, rows = headings(browser, site, "zh-TW")
        english, _ = headings(browser, site, "en")
    assert {"分數", "牌堆", "手牌", "手牌張數"} <= set(parts)
    assert "北家" in rows  # a seat by the game's name for it
    assert {"Score", "Deck", "Hand", "Hand sizes"} <= set(english)
