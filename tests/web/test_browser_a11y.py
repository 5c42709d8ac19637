"""The pages as a screen reader, a phone and a reader of small grey text meet them (issue 28,
item 8): axe-core (the ``axe-playwright-python`` package ships it; nothing is fetched at test
time) finds no serious or critical violation on the lobby, on every board in both languages
and on a replay; the replay fits 1440 px and marks no seat "you"; the phone header keeps
中文 on one line; the API reference's logo is served."""

from __future__ import annotations

import re
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.games import ROOT, games_registry
from tests.web.live_server import serving
from tests.web.test_browser_zh import settle

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import httpx

pytestmark = MARKS
pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe is missing")

GAMES = ("hammer_scots", "three_kingdoms", "twilight_struggle", "hansa_britannia")
SERIOUS = {"serious", "critical"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1440, "height": 900}}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The site; a match of each game (a person and a bot); a finished match of bots."""
    db = tmp_path_factory.mktemp("a11y") / "site.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry(*GAMES))
    with serving(app) as base:
        pages = {"base": base, "lobby": base + "/"}
        for game in GAMES:
            body = {"game": game, "seed": 4, "seats": [{"name": "Ann"}, {"bot": "random"}]}
            data = httpx.post(base + "/api/matches", json=body).json()
            token = next(s["token"] for s in data["seats"] if s["token"])
            pages[game] = f"{base}/m/{data['id']}#seat={token}"
        body = {"game": "hammer_scots", "seed": 4, "seats": [{"bot": "random"}, {"bot": "random"}]}
        bots = httpx.post(base + "/api/matches", json=body).json()["id"]
        deadline = time.monotonic() + 120
        while httpx.get(f"{base}/api/matches/{bots}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' match did not end"
            time.sleep(0.3)
        pages["replay"] = f"{base}/m/{bots}/replay"
        yield pages


def open_page(browser: Any, url: str, lang: str = "en", **device: Any) -> Any:
    context = browser.new_context(
        extra_http_headers={"Accept-Language": lang}, **(device or DESKTOP)
    )
    page = context.new_page()
    page.goto(url)
    if "/m/" in url and "/replay" not in url:
        settle(page)
    elif "/replay" in url:
        page.wait_for_selector("#log li")
    page.evaluate("() => document.fonts.ready")
    return page


def serious_violations(page: Any) -> list[str]:
    results = axe_sync.Axe().run(page)
    found = results.response["violations"]
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:5]}"
        for v in found
        if v.get("impact") in SERIOUS
    ]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("where", ["lobby", "replay", *GAMES])
def test_axe_finds_no_serious_violation(
    browser: Any, site: dict[str, str], where: str, lang: str
) -> None:
    page = open_page(browser, site[where], lang)
    try:
        assert serious_violations(page) == []
    finally:
        page.context.close()


def test_axe_sees_a_serious_violation(browser: Any, site: dict[str, str]) -> None:
    """The check is live: grey text on grey and a nameless button are found."""
    page = open_page(browser, site["lobby"])
    page.evaluate(
        """() => {
          const p = document.createElement('p'); p.textContent = 'faint';
          p.style.cssText = 'color: #aaa; background: #bbb';
          const b = document.createElement('button');
          document.querySelector('main').append(p, b);
        }"""
    )
    try:
        found = " ".join(serious_violations(page))
        assert "color-contrast" in found
        assert "button-name" in found
    finally:
        page.context.close()


def test_the_replay_fits_1440_px_and_marks_no_seat_as_you(
    browser: Any, site: dict[str, str]
) -> None:
    page = open_page(browser, site["replay"], "en")
    try:
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 1440
        for panel in (".seats-panel", ".prompt-panel", ".log-panel", ".replay-controls"):
            right = page.evaluate(
                f"() => document.querySelector('{panel}').getBoundingClientRect().right"
            )
            assert right <= 1440, panel
        page.select_option("#perspective", index=1)  # seen as the first seat, a bot
        page.wait_for_timeout(500)
        seats = page.locator("#seats").inner_text()
        assert "YOU" not in seats.upper().split()
        assert page.locator("#seats .badge.you").count() == 0
        assert page.locator("#seats .badge.seen").count() == 1
    finally:
        page.context.close()


def test_the_chinese_replay_names_bots_in_chinese(browser: Any, site: dict[str, str]) -> None:
    page = open_page(browser, site["replay"], "zh-TW")
    try:
        options = page.eval_on_selector_all("#perspective option", "os => os.map(o => o.text)")
        joined = " ".join(options)
        assert "Random" not in joined
        assert re.search(r"英格蘭（隨機走法）", joined), options
    finally:
        page.context.close()


def test_the_phone_header_keeps_the_switch_on_one_line(browser: Any, site: dict[str, str]) -> None:
    finished = site["replay"].removesuffix("/replay")  # a finished match's page: more links
    for lang, url in (("en", site["lobby"]), ("zh-TW", site["lobby"]), ("en", finished)):
        page = open_page(browser, url, lang, **PHONE)
        try:
            # "Sign up" and "Sign out" are hidden on a phone (the sign-in and account pages
            # lead to them); every link that is shown stays on one line.
            for link in page.locator(".lang-switch a, .topbar nav a").all():
                if not link.is_visible():
                    continue
                lines = link.evaluate("a => a.getClientRects().length")
                height = link.evaluate("a => a.getBoundingClientRect().height")
                assert lines == 1, link.inner_text()
                assert height < 40, link.inner_text()
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            tops = page.locator(".lang-switch a").evaluate_all(
                "(links) => links.map((a) => Math.round(a.getBoundingClientRect().top))"
            )
            assert len(set(tops)) == 1, (url, tops)  # English and 中文 side by side
        finally:
            page.context.close()


def test_the_phone_header_of_a_player_signed_in_keeps_both_languages_on_screen(
    browser: Any, site: dict[str, str]
) -> None:
    """Signed in, on a match page with matches waiting (the fullest header: the lobby, "My
    games" and its count, the account's name, English and 中文) on a 390 px phone, in
    either language: every link of the header is on the screen, 中文 included, none
    pushed past its right edge (the page hides what overflows)."""
    base = site["base"]
    for lang in ("en", "zh-TW"):
        context = browser.new_context(extra_http_headers={"Accept-Language": lang}, **PHONE)
        page = context.new_page()
        try:
            name = "Wilhelmina" + lang[:2]
            account = {"name": name, "password": "correct horse battery"}
            reply = page.request.post(base + "/api/account", data=account, headers={"Origin": base})
            assert reply.status == 201, reply.text()
            seats = [{"name": name, "me": True}, {"bot": "random"}]
            body = {"game": "hammer_scots", "seats": seats}
            match = page.request.post(base + "/api/matches", data=body, headers={"Origin": base})
            assert match.status == 201, match.text()
            data = match.json()
            token = next(s["token"] for s in data["seats"] if s["token"])
            page.goto(f"{base}/m/{data['id']}#seat={token}")
            settle(page)
            assert page.locator(".account-nav .count").is_visible()
            width = page.evaluate("() => window.innerWidth")
            for link in page.locator(".topbar a").all():
                if not link.is_visible():
                    continue
                box = link.bounding_box()
                assert box is not None
                where = (lang, link.inner_text(), box)
                assert box["x"] >= 0, where
                assert box["x"] + box["width"] <= width, where
        finally:
            context.close()


def test_the_api_reference_logo_is_served(site: dict[str, str]) -> None:
    reply = httpx.get(site["base"] + "/redoc/logo-mini.svg")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("image/svg+xml")


# --- Muted text, by the numbers ------------------------------------------------------------


def luminance(colour: str) -> float:
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_muted_text_has_at_least_4_5_to_1_on_every_background() -> None:
    css = (ROOT / "web/static/gameshelf.css").read_text(encoding="utf-8")
    colours = dict(re.findall(r"--([\w-]+): (#[0-9a-f]{6});", css))
    for background in ("paper", "paper-deep", "card"):
        assert contrast(colours["muted"], colours[background]) >= 4.5, background
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
