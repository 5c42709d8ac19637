"""In a real browser: hot-seat play passes the device between seats, and a finished
match's replay jumps to a year and turn, shows everything and downloads its game file.
Skipped when Debian's chromium is absent (see test_browser)."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.web import test_browser
from tests.web.browser import MARKS
from tests.web.test_browser import settle, shot, until

pytestmark = MARKS
# A page and the site of test_browser, shared as fixtures (the browser is conftest's).
page, site = test_browser.page, test_browser.site


def test_hot_seat_asks_to_pass_the_device_before_the_next_seat_appears(
    page: Any, site: str
) -> None:
    page.goto(site + "/")
    page.click("button.open-form[data-game=toy_duel]")
    form = page.locator("form.new-match[data-game=toy_duel]")
    for index, name in ((0, "Ann"), (1, "Bob")):
        form.locator(f".seat-row[data-index='{index}'] select").select_option("me")
        form.locator(f".seat-row[data-index='{index}'] input").fill(name)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/m/[0-9a-f]+$"))
    page.wait_for_selector("#connection.live")
    first = page.locator("#seats li.me").get_attribute("data-role")
    page.locator("#actions button").first.click()  # the first seat chooses its card
    page.wait_for_selector(".pass-device")
    other = "South" if first == "north" else "North"
    assert page.locator(".pass-device h2").inner_text() == f"Pass the device to {other}"
    shot(page, "hot_seat_pass_the_device")
    page.locator(".pass-device button").click()
    until(page, f"() => document.querySelector('#seats li.me').dataset.role === '{other.lower()}'")
    assert page.locator(".pass-device").count() == 0


def test_a_finished_replay_jumps_to_a_turn_shows_everything_and_downloads(
    page: Any, site: str
) -> None:
    reply = page.request.post(
        site + "/api/matches",
        # a fixed seed, whose 1297 has a second turn: the server's own seed may end the
        # year after its first turn (both sides' events, hammer_scots RULES §2.3), and then
        # no "turn 2"
        data=json.dumps(
            {"game": "hammer_scots", "seed": 2, "seats": [{"bot": "random"}, {"bot": "random"}]}
        ),
        headers={"Content-Type": "application/json"},
    )
    match_id = reply.json()["id"]
    for _ in range(600):  # bots alone may play on in the background: wait for the end
        view = page.request.get(f"{site}/api/matches/{match_id}/view").json()
        if view["status"] == "finished":
            break
        page.wait_for_timeout(50)
    page.goto(f"{site}/m/{match_id}/replay")
    page.wait_for_selector("#chapter-box:not([hidden])")
    options = page.locator("#chapter option").all_inner_texts()
    assert options[:2] == ["1297, turn 1", "1297, turn 2"]
    page.select_option("#chapter", label="1297, turn 2")
    until(
        page, "() => document.getElementById('position-label').textContent.endsWith('1297, turn 2')"
    )
    page.select_option("#perspective", "*")
    settle(page)
    shot(page, "hammer_scots_replay_everything")
    page.click("[data-step=last]")
    page.wait_for_selector("#outcome:not([hidden])")
    banner = page.locator("#outcome").inner_text()
    assert re.search(r"^(England|Scotland) \(bot: random moves\) wins: ", banner), banner
    assert banner.endswith(".")
    assert not banner.endswith("..")
    assert page.locator("#log li").first.get_attribute("data-n") != "1"  # its last page
    for _ in range(200):  # scrolled back, the earlier lines come a page at a time
        page.locator("#log").evaluate(
            "(ol) => { ol.scrollTop = 0; ol.dispatchEvent(new Event('scroll')); }"
        )
        if page.locator("#log li").first.get_attribute("data-n") == "1":
            break
        page.wait_for_timeout(50)
    until(page, "() => document.querySelectorAll('#log li.log-start').length > 2")
    headings = page.locator("#log li.log-start").evaluate_all(
        "(items) => items.map((li) => li.dataset.section)"
    )
    assert headings[:2] == ["1297, turn 1", "1297, turn 2"]
    sides = page.locator("#log li.by-side").evaluate_all(
        "(items) => [...new Set(items.map((li) => li.dataset.side))].sort()"
    )
    assert sides == ["England", "Scotland"]  # lines by a side carry its colour
    page.locator("#log li.log-start").nth(1).scroll_into_view_if_needed()
    shot(page, "hammer_scots_replay_log_headings")
    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename == f"hammer_scots-{match_id}.json"
    page.goto(site + "/")
    row = page.locator(f".match-row[data-match='{match_id}']").inner_text()
    assert "wins" in row
    assert "England: bot: random moves" in row


def test_the_lines_between_two_of_your_moves_fold_under_their_first_line(
    page: Any, site: str
) -> None:
    body = {"game": "toy_duel", "seed": 3, "seats": [{"name": "Ann"}, {"bot": "random"}]}
    reply = page.request.post(
        site + "/api/matches", data=json.dumps(body), headers={"Content-Type": "application/json"}
    ).json()
    page.goto(f"{site}/m/{reply['id']}#seat={reply['seats'][0]['token']}")  # a seeded game
    page.wait_for_selector("#connection.live")
    heads = page.locator("#log li.fold-head")
    for _ in range(12):  # a fold needs two lines or more between two moves
        test_browser.wait_for_my_turn(page)
        if heads.count() or not page.locator("#outcome").is_hidden():
            break
        page.locator("#actions button").first.click()
        settle(page)
    assert heads.count() >= 1
    assert page.locator("#log li[hidden]").count() > 0
    assert heads.first.get_attribute("data-fold").startswith("▸ ")
    total = page.locator("#log li").count()
    heads.first.click()
    until(page, "() => document.querySelector('#log li.fold-head').classList.contains('open')")
    assert page.locator("#log li").count() == total  # folding hides lines, it drops none
    shot(page, "toy_duel_log_folds")


def test_bots_alone_made_in_the_lobby_play_at_a_watchable_pace(page: Any, site: str) -> None:
    """Issue 28 item 7: about one action a second while the page watches, not the whole
    game in three seconds."""
    page.goto(site + "/")
    page.click("button.open-form[data-game=hammer_scots]")
    form = page.locator("form.new-match[data-game=hammer_scots]")
    for index in (0, 1):
        form.locator(f".seat-row[data-index='{index}'] select").select_option("bot:random")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/m/[0-9a-f]+$"))
    page.wait_for_selector("#connection.live")
    match_id = page.url.rsplit("/", 1)[1]
    page.wait_for_timeout(2500)
    view = page.request.get(f"{site}/api/matches/{match_id}/view").json()
    assert view["status"] == "running"
    assert 1 <= view["seq"] <= 6, view["seq"]  # some 2.5 actions so far, at 1 a second
    shot(page, "hammer_scots_bots_watched")
