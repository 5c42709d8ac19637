"""No missing glyph (□) on a computer without a CJK font, and no Chinese font for English
readers who show no Chinese (issue 28, items 1 and 2).

Chromium runs with the system's fonts minus every CJK one (``tests.web.browser``), opens
the lobby and each game's board in English and in Chinese, and asks, for every element
whose text goes beyond ASCII, which fonts drew it (``CSS.getPlatformFontsForNode``): every
character must be in one of them (``tests.web.fonts.notdef_characters``). The same pages
tell which slices of the site's font the browser fetched.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS, system_fonts_without_cjk
from tests.web.fonts import notdef_characters
from tests.web.games import games_registry
from tests.web.live_server import serving
from tests.web.test_browser_zh import settle

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import httpx

pytestmark = MARKS
pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

GAMES = ("hammer_scots", "three_kingdoms", "twilight_struggle", "hansa_britannia")
LANGS = {"en": "en", "zh_TW": "zh-TW"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The site, and a match of each game (a person and a bot) by game."""
    db = tmp_path_factory.mktemp("glyphs") / "site.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry(*GAMES))
    with serving(app) as base:
        pages = {"lobby": base + "/"}
        for game in GAMES:
            body = {"game": game, "seed": 4, "seats": [{"name": "Ann"}, {"bot": "random"}]}
            reply = httpx.post(base + "/api/matches", json=body)
            assert reply.status_code == 201, reply.text
            data = reply.json()
            token = next(s["token"] for s in data["seats"] if s["token"])
            pages[game] = f"{base}/m/{data['id']}#seat={token}"
        yield pages


def open_page(browser: Any, url: str, lang: str) -> tuple[Any, list[str]]:
    """The page at ``url`` in ``lang``, settled, and the font slices it fetched."""
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, extra_http_headers={"Accept-Language": lang}
    )
    page = context.new_page()
    fetched: list[str] = []
    page.on(
        "request",
        lambda r: (
            fetched.append(r.url.rsplit("/", 1)[1].split(".")[0])
            if r.url.endswith(".woff2")
            else None
        ),
    )
    page.goto(url)
    if "/m/" in url:
        settle(page)
    page.evaluate("() => document.fonts.ready")
    page.wait_for_timeout(200)
    return page, fetched


@pytest.mark.parametrize("lang", list(LANGS))
@pytest.mark.parametrize("where", ["lobby", *GAMES])
def test_no_missing_glyph_without_a_system_cjk_font(
    browser: Any, site: dict[str, str], where: str, lang: str
) -> None:
    page, fetched = open_page(browser, site[where], LANGS[lang])
    try:
        assert notdef_characters(page, system_fonts_without_cjk()) == {}
    finally:
        page.context.close()
    if lang == "en":
        # an English page fetches the slice of the switch's 中文, and Three Kingdoms (and
        # the lobby, which names its seats by their lords: "曹操 Cao Cao") the Chinese names
        # it shows beside the English ones: never the site's Chinese
        named = ("three_kingdoms", "lobby")
        allowed = {"tc-switch", "tc-names"} if where in named else {"tc-switch"}
        assert set(fetched) <= allowed
        assert "tc-switch" in fetched
    else:
        assert "tc-site" in fetched


def test_the_check_finds_a_missing_glyph(browser: Any, site: dict[str, str]) -> None:
    """A stack without the site's font, or a character no slice has, is reported."""
    page, _ = open_page(browser, site["lobby"], "en")
    page.evaluate(
        """() => {
          const a = document.createElement('span'); a.textContent = '冀州 Ji';
          a.style.fontFamily = '"DejaVu Sans", sans-serif';
          const b = document.createElement('span'); b.textContent = '齉';
          document.querySelector('main').append(a, b);
        }"""
    )
    page.evaluate("() => document.fonts.ready")
    try:
        assert notdef_characters(page, system_fonts_without_cjk()) == {
            "冀州 Ji": "冀州",
            "齉": "齉",
        }
    finally:
        page.context.close()
