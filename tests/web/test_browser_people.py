"""Accounts in a real browser (issue 29): two people sign up in two browser contexts, one
invites the other, both play, chat (HTML shown as text), one resigns; the other's page,
the leaderboard and both ratings change. Screenshots under ``test-artifacts/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.conftest import FAST_PASSWORDS
from tests.web.games import games_registry
from tests.web.live_server import serving
from tests.web.test_browser import shot, until

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

PASSWORD = "correct horse battery"
HTML = '<img src=x onerror="window.pwned=1">bold <b>move</b>'


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("people") / "site.sqlite3"
    settings = Settings(db=db, rated_min_moves=2, **FAST_PASSWORDS)
    with serving(create_app(settings, registry=games_registry())) as base:
        yield base


def person(browser: Any, site: str, name: str, lang: str = "en") -> Any:
    """A browser context of its own (its own cookies), signed up as ``name``."""
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.add_cookies([{"name": "lang", "value": lang, "url": site}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    sign_up_on(page, site, name)
    return page


def sign_up_on(page: Any, site: str, name: str) -> None:
    """Sign up as ``name`` through the page's form, which leads back to the lobby."""
    page.goto(site + "/signup")
    page.fill("form[data-form=signup] input[name=name]", name)
    page.fill("form[data-form=signup] input[name=password]", PASSWORD)
    page.click("form[data-form=signup] button[type=submit]")
    page.wait_for_url(site + "/")


def play_a_card(page: Any) -> None:
    until(page, "() => document.querySelectorAll('#actions button').length > 0")
    page.locator("#actions button").first.click()
    until(page, "() => !document.body.classList.contains('busy')")


def test_two_people_invite_play_chat_resign_and_are_rated(browser: Any, site: str) -> None:
    ann = person(browser, site, "Ann")
    bob = person(browser, site, "Bob", lang="zh_TW")

    # Ann invites Bob from the lobby
    ann.click("button.open-form[data-game=toy_duel]")
    form = ann.locator("form.new-match[data-game=toy_duel]")
    form.locator(".seat-row[data-index='0'] select").select_option("me")
    form.locator(".seat-row[data-index='1'] select").select_option("invite")
    form.locator(".seat-row[data-index='1'] input").fill("bob")
    form.locator("button[type=submit]").click()
    ann.wait_for_url(re.compile(r".*/m/[0-9a-f]+$"))
    match_url = ann.url
    mid = match_url.rsplit("/", 1)[1]

    # Bob sees the invitation in his header and on his page, and accepts
    bob.goto(site + "/")
    assert bob.locator(".account-nav .count").inner_text() == "1"
    bob.goto(site + "/my")
    shot(bob, "people-invited-zh")
    bob.click(f".invitation[data-match='{mid}'] .accept")
    bob.wait_for_url(match_url)
    bob.wait_for_selector("#connection.live")

    # both play a move (the duel's first card: a secret choice of both)
    ann.goto(match_url)
    ann.wait_for_selector("#connection.live")
    play_a_card(ann)
    play_a_card(bob)

    # chat: HTML arrives as text, live
    ann.fill("#chat-form input[name=text]", HTML)
    ann.click("#chat-form button[type=submit]")
    until(bob, "() => document.querySelectorAll('#chat .chat-text').length === 1")
    assert bob.locator("#chat .chat-text").inner_text() == HTML
    assert bob.locator("#chat img").count() == 0
    assert bob.evaluate("() => window.pwned === undefined")
    bob.fill("#chat-form input[name=text]", "好棋")
    bob.click("#chat-form button[type=submit]")
    until(ann, "() => document.querySelectorAll('#chat .chat-text').length === 2")
    shot(ann, "people-chat")
    shot(bob, "people-chat-zh")

    # Ann resigns, after confirming
    ann.click("#resign")
    assert ann.locator("#resign-dialog").is_visible()
    ann.click("#resign-dialog .confirm-resign")
    ann.wait_for_selector("#outcome:not([hidden])")  # the page reloads once resigned
    bob.wait_for_selector("#outcome:not([hidden])")  # live
    assert bob.locator("#seats .badge.resigned").count() == 1

    # Bob's page, the leaderboard and both ratings changed
    bob.goto(site + "/my")
    finished = bob.locator("[data-group=finished] .my-row")
    assert finished.count() == 1
    assert "認輸" in finished.inner_text()
    ann.goto(site + "/games/toy_duel/leaderboard")
    rows = ann.locator("table.leaderboard tbody tr").all_inner_texts()
    assert [r.split("\t")[1] for r in rows] == ["Bob", "Ann"]
    ratings = [int(r.split("\t")[2]) for r in rows]
    assert ratings[0] > ratings[1]
    assert all(r != 1000 for r in ratings)
    shot(ann, "people-leaderboard")
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        page.goto(site + f"/players/{name}")
        rating = int(page.locator(".player-rating[data-game=toy_duel]").inner_text())
        assert rating == ratings[0 if name == "Bob" else 1]
        assert page.locator(".rating-history li").count() == 1
    shot(bob, "people-player-zh")

    # a rematch from the finished match: Bob offers, Ann is invited
    bob.goto(match_url)
    bob.wait_for_selector("#rematch:not([hidden])")
    bob.click("#rematch")
    bob.wait_for_url(lambda url: url != match_url)
    bob.wait_for_selector("#connection.live")
    ann.goto(site + "/my")
    assert ann.locator("[data-group=you] .invitation").count() == 1
    for page in (ann, bob):
        assert page.errors == [], page.errors
        page.context.close()


def test_a_guest_who_signs_up_keeps_the_seat_of_the_browser(browser: Any, site: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site + "/")
    page.click("button.open-form[data-game=toy_duel]")
    form = page.locator("form.new-match[data-game=toy_duel]")
    form.locator(".seat-row[data-index='0'] select").select_option("me")
    form.locator(".seat-row[data-index='0'] input").fill("Gus")
    form.locator(".seat-row[data-index='1'] select").select_option("bot:random")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/m/[0-9a-f]+$"))
    mid = page.url.rsplit("/", 1)[1]
    sign_up_on(page, site, "Gustav")
    page.goto(site + "/my")
    assert page.locator(f".my-row[data-match='{mid}']").count() == 1
    shot(page, "people-my-phone")
    context.close()


@pytest.fixture(scope="module")
def talking_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site whose spectators may talk (in their own channel)."""
    db = tmp_path_factory.mktemp("talk") / "site.sqlite3"
    settings = Settings(db=db, spectator_chat=True, **FAST_PASSWORDS)
    with serving(create_app(settings, registry=games_registry())) as base:
        yield base


def test_spectators_read_the_seats_and_talk_among_themselves(
    browser: Any, site: str, talking_site: str
) -> None:
    """A spectator reads the seats' chat but has no box to write in; where the site lets
    spectators talk, a signed-in one writes in a channel the seats do not read."""
    for base, may_talk in ((site, False), (talking_site, True)):
        ann = person(browser, base, "Cleo" if not may_talk else "Ada")
        ann.click("button.open-form[data-game=toy_duel]")
        form = ann.locator("form.new-match[data-game=toy_duel]")
        form.locator(".seat-row[data-index='0'] select").select_option("me")
        form.locator(".seat-row[data-index='1'] select").select_option("bot:random")
        form.locator("button[type=submit]").click()
        ann.wait_for_url(re.compile(r".*/m/[0-9a-f]+$"))
        ann.wait_for_selector("#connection.live")
        ann.wait_for_selector("#chat-form", state="visible")  # the seat is known
        ann.fill("#chat-form input[name=text]", "good luck")
        ann.click("#chat-form button[type=submit]")
        until(ann, "() => document.querySelectorAll('#chat .chat-text').length === 1")

        eve = person(browser, base, "Dora" if not may_talk else "Eva")
        eve.goto(ann.url)
        eve.wait_for_selector("#connection.live")
        until(eve, "() => document.querySelectorAll('#chat .chat-text').length === 1")
        assert eve.locator("#chat .chat-text").inner_text() == "good luck"
        if may_talk:
            eve.wait_for_selector("#chat-form", state="visible")
        assert eve.locator("#chat-form").is_visible() is may_talk
        if may_talk:
            eve.fill("#chat-form input[name=text]", "nice opening")
            eve.click("#chat-form button[type=submit]")
            until(eve, "() => document.querySelectorAll('#chat .chat-text').length === 2")
            shot(eve, "people-spectator-chat")
            ann.wait_for_timeout(500)  # the seats' channel stays as it was
            assert ann.locator("#chat .chat-text").count() == 1
        for page in (ann, eve):
            assert page.errors == [], page.errors
            page.context.close()
