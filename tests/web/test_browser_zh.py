"""Hammer of the Scots and Three Kingdoms played in a real browser in Traditional Chinese.

Debian's Chromium opens each board with ``Accept-Language: zh-TW``, plays a few moves by
clicking the page's own buttons (the bot answers), switches to English with the header's
switch in the middle of the game and back to Chinese, and checks on every page:

- ``<html lang>`` and the words: no English word of the site's or the board's own is left
  on a Chinese page (the log and the prompt are the games' messages, tested with them);
- the font: every Chinese character the page renders (``document.body.innerText``) is in
  the shipped slices (fontTools reads their cmaps), and Chromium draws it with them (the
  web font, not a system one: ``CSS.getPlatformFontsForNode``);
- one screenshot of each board in each language, under ``test-artifacts/boards/``.

Skipped, with the reason, when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.fonts import shipped_cmap
from tests.web.games import ROOT, games_registry
from tests.web.live_server import serving
from tests.web.test_browser import until
from tests.web.test_browser_boards import fire_in_battle, play_until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import httpx

SHOTS = ROOT / "test-artifacts" / "boards"
CJK = 0x2E80  # the site's font draws the characters from here on
# Latin words a Chinese page may show: the site's name, the other language's name in the
# switch, the API link, the test's player; block ratings and move points are letters+digits.
LATIN_OK = {"Gameshelf", "English", "API", "Ann"}
GAMES = {"hammer_scots": ".hs-map", "three_kingdoms": ".tk-ring"}
# What changes when a move was made: the log, the prompt, the choices, a refusal.
STATE = (
    "() => [document.querySelectorAll('#log li').length, document.getElementById('prompt')"
    ".textContent, document.getElementById('actions').textContent,"
    " document.getElementById('message').hidden].join('|')"
)

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("zh") / "site.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry(*GAMES))
    with serving(app) as base:
        yield base


@pytest.fixture(scope="module")
def cmap() -> set[int]:
    return shipped_cmap()


def new_match(site: str, game: str, seed: int = 7) -> tuple[str, str]:
    body = {"game": game, "seed": seed, "seats": [{"name": "Ann"}, {"bot": "random"}]}
    reply = httpx.post(site + "/api/matches", json=body)
    assert reply.status_code == 201, reply.text
    data = reply.json()
    return data["id"], next(s["token"] for s in data["seats"] if s["token"])


def chinese_page(browser: Any) -> Any:
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, extra_http_headers={"Accept-Language": "zh-TW"}
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def settle(page: Any) -> None:
    page.wait_for_selector("#connection.live")
    page.wait_for_selector(".gs-zoom-content")
    page.evaluate("() => document.fonts.ready")
    page.wait_for_timeout(300)


def play_moves(page: Any, moves: int) -> int:
    """Click the first offered choice ``moves`` times (waiting for the bot when it is its
    turn); returns how many moves were made."""
    made = 0
    for _ in range(moves * 20):
        if made >= moves:
            break
        button = page.locator("#actions button.action").first
        if not button.count():
            page.wait_for_timeout(100)
            continue
        before = page.evaluate(STATE)
        button.click()
        until(page, f"() => ({STATE})() !== {json.dumps(before)}")
        made += 1
    return made


def shown_text(page: Any, without: str = "") -> str:
    return page.evaluate(
        "(without) => { const root = document.body.cloneNode(true);"
        " if (without) for (const el of root.querySelectorAll(without)) el.remove();"
        " document.body.appendChild(root); root.style.position = 'absolute';"
        " const text = root.innerText; root.remove(); return text; }",
        without,
    )


def outside_font(text: str, cmap: set[int]) -> list[str]:
    """The Chinese characters of ``text`` the site's font lacks (letters, digits and
    punctuation are the system's: tests/web/test_browser_glyphs.py)."""
    return sorted({c for c in text if ord(c) >= CJK and ord(c) not in cmap})


def english_words(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z][A-Za-z']+", text)
    return sorted({w for w in words if w not in LATIN_OK})


def drawn_with_the_web_font(page: Any, selector: str) -> bool:
    """Chromium drew the Chinese of ``selector`` with a web font (not a system one)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return any(f.get("isCustomFont") for f in fonts), fonts


def check_chinese(page: Any, game: str, cmap: set[int]) -> None:
    assert page.evaluate("document.documentElement.lang") == "zh-Hant-TW"
    text = shown_text(page)
    assert outside_font(text, cmap) == [], "rendered characters the shipped font lacks"
    # the site's and the board's words; the log and prompt are the games' own messages
    words = english_words(shown_text(page, "#log, #prompt"))
    assert words == [], f"English left on the Chinese {game} page: {words}"
    custom, fonts = drawn_with_the_web_font(page, ".seats-panel h2")
    assert custom, fonts


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_in_chinese_switches_to_english_and_back_in_the_shipped_font(
    browser: Any, site: str, game: str, cmap: set[int]
) -> None:
    match, token = new_match(site, game)
    page = chinese_page(browser)
    page.goto(f"{site}/m/{match}#seat={token}")
    settle(page)
    check_chinese(page, game, cmap)
    assert play_moves(page, 3) == 3
    check_chinese(page, game, cmap)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}_zh_TW.png"))

    page.click(".lang-switch a[data-lang=en]")  # mid-game: the header's switch
    settle(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".seats-panel h2").inner_text() == "Seats"
    assert "lang=en" in page.evaluate("document.cookie")  # remembered
    assert outside_font(shown_text(page), cmap) == []
    assert play_moves(page, 2) == 2
    page.screenshot(path=str(SHOTS / f"{game}_en.png"))

    page.click(".lang-switch a[data-lang=zh_TW]")
    settle(page)
    check_chinese(page, game, cmap)
    errors = page.errors
    page.context.close()
    assert errors == []


def test_the_lobby_and_the_rules_summaries_in_chinese_keep_no_english_word(
    browser: Any, site: str, cmap: set[int]
) -> None:
    new_match(site, "hammer_scots")
    page = chinese_page(browser)
    for path in ("/", "/games/hammer_scots/rules", "/games/three_kingdoms/rules"):
        page.goto(site + path)
        page.evaluate("() => document.fonts.ready")
        # the games' descriptions, and those of their scenarios and options, are the games'
        # own texts (their info); the toy game of the tests has no Chinese
        text = shown_text(page, ".description, .scenarios, dd, #game-toy_duel")
        assert outside_font(shown_text(page), cmap) == [], path
        assert english_words(text) == [], (path, english_words(text))
    page.context.close()


def test_a_battles_dice_are_drawn_from_the_chinese_log(
    browser: Any, site: str, cmap: set[int]
) -> None:
    match, token = new_match(site, "hammer_scots", seed=5)
    play_until(site, match, token, fire_in_battle, prefer="fire")  # the log read in English
    page = chinese_page(browser)
    page.goto(f"{site}/m/{match}#seat={token}")
    settle(page)
    page.wait_for_selector(".hs-battle .hs-die")  # the fire found in the Chinese log
    dice = page.locator(".hs-battle .hs-die").all()
    assert dice
    for die in dice:
        assert 1 <= die.locator("circle").count() <= 6
    assert "命中" in page.locator(".hs-battle .hs-fire-hits").inner_text()
    check_chinese(page, "hammer_scots", cmap)
    page.screenshot(path=str(SHOTS / "hammer_scots_battle_zh_TW.png"))
    errors = page.errors
    page.context.close()
    assert errors == []


def test_a_chinese_link_in_an_english_browser_reads_the_log_in_chinese(
    browser: Any, site: str
) -> None:
    """The language switch's link (``?lang=zh_TW``) opened where no cookie says so, by a
    browser that asks for English (a link shared, opened in a new tab): the page is
    Chinese, and so are the log and the prompt it fetches, not English lines in a Chinese
    page."""
    match, token = new_match(site, "hammer_scots", seed=5)
    play_until(site, match, token, fire_in_battle, prefer="fire")  # a log of some length
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, extra_http_headers={"Accept-Language": "en"}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site}/m/{match}?lang=zh_TW#seat={token}")
    settle(page)
    assert page.evaluate("document.documentElement.lang") == "zh-Hant-TW"
    assert page.locator("#log li").count() > 3
    words = english_words(page.inner_text("#log"))
    assert words == [], f"English lines in the Chinese log: {words}"
    assert english_words(page.inner_text("#prompt")) == []
    context.close()
    assert errors == []
