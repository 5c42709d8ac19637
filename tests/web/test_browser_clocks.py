"""Clocks in a real browser (issue 30): a match made from the lobby's form at a live pace
shows each side's clock on its page, and the clocks of the sides awaited count down.
Screenshot under ``test-artifacts/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.games import games_registry
from tests.web.live_server import serving
from tests.web.test_browser import shot, until

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("clocks") / "site.sqlite3"
    with serving(create_app(Settings(db=db), registry=games_registry())) as base:
        yield base


def seconds(text: str) -> int:
    """``m:ss`` or ``h:mm:ss`` in seconds."""
    assert re.fullmatch(r"(\d+:)?\d+:\d\d", text), text
    total = 0
    for part in text.split(":"):
        total = total * 60 + int(part)
    return total


def test_the_clock_is_shown_and_counts_down_on_the_page(browser: Any, site: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site + "/")
    page.click("button.open-form[data-game=toy_duel]")
    form = page.locator("form.new-match[data-game=toy_duel]")
    form.locator("select[name=pace]").select_option("live")
    form.locator("input[name=pace-minutes]").fill("5")
    form.locator(".seat-row[data-index='0'] input").fill("Ann")
    form.locator(".seat-row[data-index='1'] select").select_option("link")
    form.locator(".seat-row[data-index='1'] input").fill("Bob")
    form.locator("button[type=submit]").click()
    page.click("#go-to-match")
    page.wait_for_selector("#connection.live")
    north = page.locator("#seats li[data-role=north] .clock")
    south = page.locator("#seats li[data-role=south] .clock")
    until(page, "() => document.querySelectorAll('#seats .clock.running').length === 2")
    first = seconds(north.inner_text())
    assert 290 <= first <= 300  # five minutes, a few seconds gone at most
    until(
        page,
        f"() => {{ const t = document.querySelector('#seats li[data-role=north] .clock')"
        f".textContent.split(':').map(Number); return t[0] * 60 + t[1] <= {first - 2}; }}",
        timeout=10,
    )  # it counts down, second by second
    assert seconds(south.inner_text()) < 300  # a secret choice: both sides are awaited
    assert north.get_attribute("title")
    shot(page, "clocks-live")
    context.close()
    assert errors == [], errors
