"""An interrupt on the match page, in a real browser (Debian's Chromium through Playwright;
issue 26 items 3 and 8): while the USSR begins an action round, the US, victim of Cuban
Missile Crisis, sees a button to cancel it, apart from the prompt, only while it is
feasible; the USSR never sees it. A click cancels the crisis and both pages follow.
Screenshot: ``test-artifacts/boards/twilight_struggle_interrupt.png``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.games import games_registry
from tests.web.live_server import serving
from tests.web.test_browser import settle, until
from tests.web.test_browser_boards import ShotsFolder, close, open_page, shot, visit
from tests.web.test_twilight_interrupt_http import crisis_position

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

USSR, US = "USSR", "US"


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[tuple[FastAPI, str]]:
    db = tmp_path_factory.mktemp("interrupt") / "site.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry("twilight_struggle"))
    plugins = request.config.pluginmanager
    if not plugins.has_plugin(ShotsFolder.name):
        plugins.register(ShotsFolder(), ShotsFolder.name)
    with serving(app) as base:
        yield app, base


def crisis_match(app: FastAPI, site: str, turkey: int) -> tuple[str, dict[str, str]]:
    """Two people; the position made with the game's builders: the USSR played Cuban
    Missile Crisis and begins an action round; the US holds ``turkey`` Influence in Turkey
    and 1 in West Germany."""
    body = {"game": "twilight_struggle", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    reply = httpx.post(site + "/api/matches", json=body)
    assert reply.status_code == 201, reply.text
    data = reply.json()
    crisis_position(app.state.tables.cached(data["id"]), turkey)
    return data["id"], {s["role"]: s["token"] for s in data["seats"]}


def buttons(page: Any, box: str) -> list[tuple[str, str]]:
    return page.evaluate(
        "(box) => [...document.querySelectorAll(box + ' button')]"
        ".map((b) => [b.dataset.actType, b.dataset.actArg])",
        box,
    )


def shown(page: Any) -> bool:
    return page.evaluate("() => !document.querySelector('#interrupts').hidden")


def test_the_cancel_button_is_the_victims_only_while_feasible(
    browser: Any, served: tuple[FastAPI, str]
) -> None:
    app, site = served
    # not feasible: 1 Influence in Turkey and in West Germany, no button
    match, tokens = crisis_match(app, site, turkey=1)
    us = open_page(browser, "desktop")
    visit(us, site, match, tokens[US])
    settle(us)
    assert not shown(us)
    assert buttons(us, "#actions") == []
    close(us)

    match, tokens = crisis_match(app, site, turkey=2)
    us, ussr = open_page(browser, "desktop"), open_page(browser, "desktop")
    visit(us, site, match, tokens[US])
    visit(ussr, site, match, tokens[USSR])
    settle(us)
    settle(ussr)
    assert shown(us)
    assert buttons(us, "#interrupts") == [["cancel_crisis", "turkey"]]
    assert buttons(us, "#actions") == []  # apart from the prompt, which is the USSR's
    assert "your-turn" not in us.get_attribute("#prompt", "class")
    label = us.inner_text("#interrupts button")
    assert "Turkey" in label
    assert not shown(ussr)
    assert ["cancel_crisis", "turkey"] not in buttons(ussr, "#actions, #interrupts")
    assert buttons(ussr, "#actions")  # the USSR's round: its own choices
    shot(us, "twilight_struggle_interrupt")

    us.click("#interrupts button")
    settle(us)
    until(us, "() => document.querySelector('#interrupts').hidden")
    until(
        ussr,
        "() => [...document.querySelectorAll('#log li')].some((li) =>"
        " li.textContent.includes('Turkey'))",
    )  # the change pushed to the seat to act
    assert buttons(ussr, "#actions")
    view = httpx.get(
        f"{site}/api/matches/{match}/view", headers={"Authorization": "Bearer " + tokens[US]}
    ).json()["view"]
    assert all(e["card"]["id"] != 40 for e in view["effects"])
    close(us)
    close(ussr)
