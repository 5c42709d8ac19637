"""The site in a real browser: Playwright driving Debian's Chromium (never a downloaded one).

From the lobby a person starts a match against a bot, plays a card and a move by clicking
on the board, and sees the bot answer and the log grow. Screenshots of each board are saved
under ``test-artifacts/``. Skipped, with the reason, when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.games import ROOT, games_registry
from tests.web.live_server import free_port, serving

ARTIFACTS = ROOT / "test-artifacts"
pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "site.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry("hammer_scots", "three_kingdoms"))
    with serving(app) as base:
        yield base


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 950})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == [], errors  # no script error on any page


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def until(page: Any, script: str, timeout: float = 15.0) -> None:
    """Wait until ``script`` (a JS function) is true. ``page.wait_for_function`` would need
    the page to allow eval, which its Content-Security-Policy rightly forbids."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(script):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {script}")
        page.wait_for_timeout(50)


def settle(page: Any) -> None:
    """Wait until no action is on its way and the page has drawn the answer."""
    until(page, "() => !document.body.classList.contains('busy')")
    page.wait_for_timeout(150)


def log_lines(page: Any) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def start_from_lobby(
    page: Any, site: str, game: str, name: str, players: int | None = None
) -> None:
    page.goto(site + "/")
    page.click(f"button.open-form[data-game={game}]")
    form = page.locator(f"form.new-match[data-game={game}]")
    if players is not None:
        form.locator("select[name=players]").select_option(str(players))
    form.locator(".seat-row[data-index='0'] select").select_option("me")
    form.locator(".seat-row[data-index='0'] input").fill(name)
    form.locator(".seat-row[data-index='1'] select").select_option("bot:random")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/m/[0-9a-f]+$"))
    page.wait_for_selector("#connection.live")


def click_some_action(page: Any) -> None:
    """Move the game along: the first button offered (ending a phase rather than looping)."""
    for kind in ("done", "pass", "stay"):
        button = page.locator(f"#actions button[data-act-type={kind}]")
        if button.count():
            button.first.click()
            return
    page.locator("#actions button").first.click()


def wait_for_my_turn(page: Any) -> None:
    until(
        page,
        "() => document.querySelectorAll('#actions button').length > 0"
        " || !document.getElementById('outcome').hidden",
        timeout=20,
    )


# --- Hammer of the Scots --------------------------------------------------------------------


def test_hammer_against_a_bot_card_and_move_on_the_map(page: Any, site: str) -> None:
    start_from_lobby(page, site, "hammer_scots", "Edward's player")
    page.wait_for_selector(".hs-map .hs-area")
    assert page.locator(".hs-block.face-down").count() > 0  # Scotland's blocks, face down
    assert page.locator(".hs-border.national").count() >= 3
    card = page.locator(".hs-hand .hs-card.legal:not(.event)").first
    card.click()
    settle(page)
    assert page.locator(".hs-chosen-slot.eng .hs-card.played").count() == 1
    moved = False
    for _ in range(60):
        wait_for_my_turn(page)
        block = page.locator(".hs-map .hs-block.legal[data-act-now=block]")
        if block.count() and not moved:
            block.first.click()
            settle(page)
            area = page.locator(".hs-map .hs-area.legal[data-act-now=area]")
            assert area.count() > 0
            before = len(log_lines(page))
            area.first.click()
            settle(page)
            moved = True
            assert len(log_lines(page)) >= before
            shot(page, "hammer_scots_board")
            continue
        if moved and any(line.startswith("Scotland") for line in log_lines(page)[-12:]):
            break
        click_some_action(page)
        settle(page)
    assert moved, "no block could be moved on the map"
    lines = log_lines(page)
    assert any(line.startswith("England moves") or "England" in line for line in lines)
    assert any(line.startswith("Scotland") for line in lines), lines[-10:]
    shot(page, "hammer_scots_after_bot")


# --- Three Kingdoms -------------------------------------------------------------------------


def test_three_kingdoms_against_a_bot_card_and_move_on_the_board(page: Any, site: str) -> None:
    start_from_lobby(page, site, "three_kingdoms", "Cao Cao's player", players=2)
    page.wait_for_selector(".tk-space")
    assert page.locator(".tk-space").count() == 24
    rival = page.locator("#seats li[data-role=p2] .seat-role").inner_text()
    rival_en = rival.split(" ", 1)[-1]
    played_card = rolled = False
    for _ in range(80):
        wait_for_my_turn(page)
        if page.locator(".tk-card.legal").count() and not played_card:
            page.locator(".tk-card.legal").first.click()
            played_card = True
        elif page.locator(".tk-roll.legal").count():
            before = len(log_lines(page))
            page.locator(".tk-roll.legal").last.click()
            settle(page)
            assert len(log_lines(page)) > before
            if not rolled:
                shot(page, "three_kingdoms_board")
            rolled = True
            continue
        elif page.locator(".tk-space.legal").count():
            page.locator(".tk-space.legal").first.click()
        else:
            click_some_action(page)
        settle(page)
        if rolled and any(rival_en in line and "rolls" in line for line in log_lines(page)):
            break
    assert played_card
    assert rolled
    assert any(rival_en in line and "rolls" in line for line in log_lines(page))
    shot(page, "three_kingdoms_after_bot")


# --- the toy game: links, live updates, refusals, reconnection, replay -----------------------


def test_a_friend_joins_by_link_and_sees_moves_live_across_a_restart(
    browser: Any, page: Any, tmp_path: Path
) -> None:
    db = tmp_path / "restart.sqlite3"
    port = free_port()
    with serving(create_app(Settings(db=db), registry=games_registry()), port) as site:
        page.goto(site + "/")
        page.click("button.open-form[data-game=toy_duel]")
        form = page.locator("form.new-match[data-game=toy_duel]")
        form.locator(".seat-row[data-index='0'] input").fill("<b>Ann</b>")
        form.locator(".seat-row[data-index='1'] select").select_option("link")
        form.locator(".seat-row[data-index='1'] input").fill("Bob")
        form.locator("button[type=submit]").click()
        link = page.locator("#links .link-field").input_value()
        assert "#seat=" in link
        page.click("#go-to-match")
        page.wait_for_selector("#connection.live")
        assert page.locator("#seats li[data-role=north] .seat-player").inner_text() == (
            "<b>Ann</b>"
        )  # a name is text, never markup

        friend_context = browser.new_context(viewport={"width": 1200, "height": 800})
        friend = friend_context.new_page()
        sockets: list[str] = []
        hellos: list[str] = []

        def opened(ws: Any) -> None:
            sockets.append(ws.url)
            ws.on("framesent", lambda frame: hellos.append(str(frame)))

        friend.on("websocket", opened)
        friend.goto(link)
        friend.wait_for_selector("#connection.live")
        assert "#seat=" not in friend.url  # the token leaves the address bar at once
        token = link.rsplit("#seat=", 1)[1]
        assert sockets
        assert not any(token in url or "token" in url for url in sockets)
        assert token in hellos[0]  # the seat's key goes in the socket's first message
        assert friend.locator("#seats li.me").get_attribute("data-role") == "south"

        page.locator("#board .chip.legal").first.click()
        settle(page)
        until(
            friend,
            "() => !document.querySelector('#seats li[data-role=north]')"
            ".classList.contains('to-play')",
        )  # pushed live to the friend
    # the server stops: both pages notice and keep trying, with backoff
    page.wait_for_selector("#connection.reconnecting", timeout=10_000)
    friend.wait_for_selector("#connection.reconnecting", timeout=10_000)
    with serving(create_app(Settings(db=db), registry=games_registry()), port):
        friend.wait_for_selector("#connection.live", timeout=30_000)
        page.wait_for_selector("#connection.live", timeout=30_000)
        friend.locator("#board .chip.legal").first.click()
        settle(friend)
        until(page, "() => document.querySelectorAll('#log li').length >= 1")
        assert "Round 1" in log_lines(page)[0]
        shot(page, "toy_duel_board")
    friend_context.close()


def test_a_refused_action_shows_the_reason(page: Any, site: str) -> None:
    """Refused over the live connection (the page's way) and over HTTP (when the
    connection is down), the reason is shown."""

    def refuse_over_the_socket(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str) -> None:
            request = json.loads(message)
            if "act" not in request:
                server.send(message)
                return
            reason = {"code": "illegal", "reason": "That card is gone."}
            ws.send(json.dumps({"answer": request["id"], "detail": reason}))

        ws.on_message(from_page)

    page.route_web_socket(re.compile(r".*/ws/matches/.*"), refuse_over_the_socket)
    start_from_lobby(page, site, "toy_duel", "Ann")
    page.locator("#actions button").first.click()
    page.wait_for_selector("#message:not([hidden])")
    assert page.locator("#message").inner_text() == "That card is gone."


def test_a_refused_action_over_http_shows_the_reason(page: Any, site: str) -> None:
    def refuse(route: Any) -> None:
        route.fulfill(
            status=422,
            content_type="application/json",
            body='{"detail":{"code":"illegal","reason":"That card is gone, too."}}',
        )

    sockets: list[Any] = []

    def live_until_cut(ws: Any) -> None:
        if sockets:
            ws.close(code=1011)  # the live connection fails again: decisions go over HTTP
            return
        sockets.append(ws)
        ws.connect_to_server()

    page.route_web_socket(re.compile(r".*/ws/matches/.*"), live_until_cut)
    page.route(re.compile(r".*/actions(\?.*)?$"), refuse)
    start_from_lobby(page, site, "toy_duel", "Ann")
    sockets[0].close(code=1011)
    page.wait_for_selector("#connection:not(.live)")
    page.locator("#actions button").first.click()
    page.wait_for_selector("#message:not([hidden])")
    assert page.locator("#message").inner_text() == "That card is gone, too."


def shown(page: Any, position: int) -> None:
    """Wait until the replay has drawn ``position`` (its label moves before the view arrives)."""
    until(page, f"() => document.getElementById('position').dataset.shown === '{position}'")


def test_a_finished_match_can_be_replayed_step_by_step(page: Any, site: str) -> None:
    start_from_lobby(page, site, "toy_duel", "Ann")
    for _ in range(40):
        wait_for_my_turn(page)
        if not page.locator("#outcome").is_hidden():
            break
        page.locator("#actions button").first.click()
        settle(page)
    assert page.locator("#outcome").is_visible()
    page.click(".replay-link")
    page.wait_for_selector("#position")
    total = int(page.locator("#position").get_attribute("max"))
    # it opens at the start, nothing played yet (issue 28 item 7)
    until(page, f"() => document.getElementById('position-label').textContent === '0 / {total}'")
    assert page.locator("#outcome").is_hidden()
    page.click("[data-step=last]")
    shown(page, total)
    assert page.locator("#position-label").inner_text() == f"{total} / {total}"
    full = len(log_lines(page))
    assert full > 0
    page.click("[data-step=first]")
    shown(page, 0)
    assert log_lines(page) == []
    page.click("[data-step=forward]")
    page.click("[data-step=last]")
    shown(page, total)
    assert len(log_lines(page)) == full
    shot(page, "toy_duel_replay")
