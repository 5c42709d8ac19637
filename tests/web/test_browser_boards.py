"""Each board in a real browser at desktop (1440×900) and phone (390×844) sizes.

Playwright drives Debian's Chromium (never a downloaded one). The boards fit the screen at
load, zoom and remember it, a battle comes into view as a floating panel, a phone never
scrolls sideways and keeps its prompt pinned at the bottom, and every card says what it
does. Screenshots of each board at both sizes are saved under ``test-artifacts/boards/``
(the run prints the folder). Skipped, with the reason, when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import json
import random
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
from tests.web.test_browser import until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import httpx

SHOTS = ROOT / "test-artifacts" / "boards"
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
EVENTS = {"herald", "pillage", "sea_move", "truce", "victuals"}

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


class ShotsFolder:
    """Says at the end of the run where the screenshots are (CI prints the run's output)."""

    name = "gameshelf-board-screenshots"

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if SHOTS.is_dir():
            terminalreporter.write_line(f"board screenshots: {SHOTS}")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[str]:
    db = tmp_path_factory.mktemp("boards") / "site.sqlite3"
    # Every test of the module opens matches from one address and leaves them unfinished.
    settings = Settings(db=db, max_live_matches_per_client=1000)
    app = create_app(settings, registry=games_registry("hammer_scots", "three_kingdoms"))
    plugins = request.config.pluginmanager
    if not plugins.has_plugin(ShotsFolder.name):
        plugins.register(ShotsFolder(), ShotsFolder.name)
    with serving(app) as base:
        yield base


def open_page(browser: Any, size: str) -> Any:
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def close(page: Any) -> None:
    errors = page.errors
    page.context.close()
    assert errors == [], errors  # no script error on any page


def new_match(site: str, game: str, seed: int = 5) -> tuple[str, str]:
    """A match of one person (the first seat) against the random bot: (id, seat token)."""
    body = {"game": game, "seed": seed, "seats": [{"name": "Ann"}, {"bot": "random"}]}
    reply = httpx.post(site + "/api/matches", json=body)
    assert reply.status_code == 201, reply.text
    data = reply.json()
    token = next(s["token"] for s in data["seats"] if s["token"])
    return data["id"], token


def visit(page: Any, site: str, match: str, token: str) -> None:
    page.goto(f"{site}/m/{match}#seat={token}")
    page.wait_for_selector("#connection.live")
    wait_for_fit(page)
    at_rest(page)


def wait_for_fit(page: Any) -> None:
    """Wait for the board's fit to be final: the frame's ``data-fitted`` (board_frame.js),
    set once it is laid out with every font the page shows (a late one resizes the board,
    which is then fitted again)."""
    page.wait_for_selector(".gs-zoom[data-fitted]")


def at_rest(page: Any) -> None:
    """Wait for the transitions the last drawing started (a legal card rising) to end."""
    page.evaluate(
        "() => Promise.all(document.getAnimations()"
        ".filter((a) => a.effect && a.effect.getComputedTiming().endTime < Infinity)"
        ".map((a) => a.finished.catch(() => null)))"
    )


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def box(page: Any, selector: str) -> dict[str, float]:
    return page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
        " width: r.width, height: r.height}; }",
        selector,
    )


def screen(page: Any) -> dict[str, float]:
    return page.evaluate(
        "() => ({width: innerWidth, height: innerHeight,"
        " scroll: document.documentElement.scrollWidth,"
        " pinned: Gameshelf.pinnedHeight ? Gameshelf.pinnedHeight() : 0})"
    )


def within(inner: dict[str, float], outer: dict[str, float], slack: float = 1.5) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["top"] >= outer["top"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def fitted_frame(page: Any) -> dict[str, float]:
    """The board's frame, checked to be on screen above a pinned prompt, the page never
    scrolling sideways; returns the frame's box."""
    view = screen(page)
    frame = box(page, ".gs-zoom")
    free = {"left": 0, "top": 0, "right": view["width"], "bottom": view["height"] - view["pinned"]}
    assert within(frame, free), (frame, free)
    assert view["scroll"] <= view["width"]  # never a sideways scroll
    return frame


BOARD_CONTENT = {"hammer_scots": ".hs-map", "three_kingdoms": ".tk-ring"}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(BOARD_CONTENT))
def test_the_board_fits_the_screen_at_load(browser: Any, site: str, game: str, size: str) -> None:
    match, token = new_match(site, game)
    page = open_page(browser, size)
    visit(page, site, match, token)
    view = screen(page)
    frame = box(page, ".gs-zoom")
    board = box(page, BOARD_CONTENT[game])
    free = {"left": 0, "top": 0, "right": view["width"], "bottom": view["height"] - view["pinned"]}
    assert within(frame, free), (frame, free)  # the frame is on screen, above a pinned prompt
    if (game, size) == ("hammer_scots", "phone"):  # opens larger: blocks of 24 px at least
        assert board["width"] >= frame["width"] - 1.5  # filling the frame, panned inside it
        page.click(".gs-zoom-btn.fit")  # the fit button shows it whole
        page.wait_for_timeout(100)
        board = box(page, BOARD_CONTENT[game])
    assert within(board, frame), (board, frame)  # the whole board is in the frame
    assert board["width"] > 0.9 * frame["width"] or board["height"] > 0.9 * frame["height"]
    assert view["scroll"] <= view["width"]  # never a sideways scroll
    shot(page, f"{game}_{size}")
    close(page)


def test_a_font_that_arrives_late_fits_the_board_again(browser: Any, site: str) -> None:
    """The Chinese font's slices held back until the ring is drawn in a fallback: when they
    arrive the ring's names take more room, and the board is fitted again by itself (on a
    loaded machine the font came after the fit, and the ring's foot was cut by 5 px)."""
    match, token = new_match(site, "three_kingdoms")
    page = open_page(browser, "phone")
    held: list[Any] = []
    let_through = False

    def hold(route: Any) -> None:
        if let_through:
            route.continue_()
        else:
            held.append(route)

    page.route("**/*.woff2", hold)
    page.goto(f"{site}/m/{match}#seat={token}", wait_until="commit")  # "load" waits for fonts
    page.wait_for_selector("#connection.live")
    page.wait_for_selector(".tk-ring .tk-space")
    drawn = box(page, ".tk-ring")
    assert held  # the ring asked for its slices, which have not come
    assert page.locator(".gs-zoom[data-fitted]").count() == 0  # not final while they load
    let_through = True
    for route in held:
        route.continue_()
    wait_for_fit(page)
    board = box(page, ".tk-ring")
    assert board["height"] != drawn["height"]  # the font did resize the ring
    assert within(board, box(page, ".gs-zoom")), board
    close(page)


def test_a_phone_keeps_the_prompt_pinned_and_its_targets_large(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots")
    page = open_page(browser, "phone")
    visit(page, site, match, token)
    panel = box(page, ".prompt-panel")
    assert panel["bottom"] == pytest.approx(844, abs=1)  # pinned to the bottom of the screen
    page.mouse.wheel(0, 3000)  # the prompt stays when the page scrolls
    page.wait_for_timeout(200)
    assert box(page, ".prompt-panel")["bottom"] == pytest.approx(844, abs=1)
    targets = page.evaluate(
        "() => [...document.querySelectorAll('#actions button, .gs-zoom-btn, .hs-hand .hs-card')]"
        ".map((el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert targets
    assert all(w >= 44 and h >= 44 for w, h in targets), targets
    hand = page.evaluate(
        "() => { const h = document.querySelector('.hs-hand-cards');"
        " return [getComputedStyle(h).flexWrap, getComputedStyle(h).overflowX]; }"
    )
    assert hand == ["nowrap", "auto"]  # the hand is a strip that scrolls sideways
    assert screen(page)["scroll"] <= 390
    page.goto(site + "/")
    assert screen(page)["scroll"] <= 390  # the lobby too
    close(page)


def test_zoom_buttons_and_wheel_zoom_and_the_zoom_is_remembered(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots")
    page = open_page(browser, "desktop")
    visit(page, site, match, token)
    fitted = box(page, ".hs-map")["width"]
    page.click(".gs-zoom-btn.in")
    zoomed = box(page, ".hs-map")["width"]
    assert zoomed == pytest.approx(fitted * 1.3, rel=0.02)
    frame = box(page, ".gs-zoom")
    page.mouse.move(frame["left"] + 200, frame["top"] + 200)
    page.mouse.wheel(0, -200)
    page.wait_for_timeout(100)
    assert box(page, ".hs-map")["width"] > zoomed
    wheeled = box(page, ".hs-map")["width"]
    page.reload()
    page.wait_for_selector("#connection.live")
    wait_for_fit(page)
    assert box(page, ".hs-map")["width"] == pytest.approx(wheeled, rel=0.01)  # per match
    page.click(".gs-zoom-btn.fit")
    assert box(page, ".hs-map")["width"] == pytest.approx(fitted, rel=0.01)
    close(page)


def my_turn(site: str, match: str, token: str) -> dict[str, Any]:
    headers = {"Authorization": "Bearer " + token}
    return httpx.get(f"{site}/api/matches/{match}/view", headers=headers).json()


def fire_in_battle(view: dict[str, Any]) -> bool:
    """A block has fired in the battle being fought, among the last dozen lines of the log:
    those the board's battle panel reads for the fire it draws (board.js, ``lastFire``)."""
    if not view.get("battle"):
        return False
    for line in reversed(view["log"][-12:]):
        if " fired " in line:
            return True
        if line.startswith("Battle "):
            return False
    return False


def play_until(site: str, match: str, token: str, done: Any, prefer: str = "") -> None:
    """Choose at random for the person's seat (the bot answers) until ``done(view)`` while
    the game waits for the person (so that the bot cannot move it on before the page
    looks), taking a ``prefer`` action whenever one is offered."""
    rnd = random.Random(3)
    headers = {"Authorization": "Bearer " + token}
    for _ in range(800):
        payload = my_turn(site, match, token)
        view = payload["view"]
        actions = view.get("actions") or {}
        if done(view) and (actions or payload.get("outcome")):
            return
        assert actions or not payload.get("outcome"), "the game ended first"
        if not actions:
            time.sleep(0.02)  # the bot is thinking
            continue
        if prefer in actions:
            kind, arg = prefer, actions[prefer][0]
        else:
            kind, arg = rnd.choice([(t, a) for t, args in actions.items() for a in args])
        body = {"type": kind, "arg": arg, "version": payload["version"]}
        httpx.post(f"{site}/api/matches/{match}/actions", headers=headers, json=body)
    raise AssertionError("never reached in 800 choices")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_battle_panel_comes_into_view_when_a_battle_starts(
    browser: Any, site: str, size: str
) -> None:
    match, token = new_match(site, "hammer_scots", seed=5)
    page = open_page(browser, size)
    visit(page, site, match, token)
    assert page.locator(".hs-battle").is_hidden()
    play_until(site, match, token, lambda v: bool(v.get("battle")))  # the page follows live
    until(page, "() => !document.querySelector('.hs-battle').hidden")
    view = screen(page)
    panel = box(page, ".hs-battle")
    free = {"left": 0, "top": 0, "right": view["width"], "bottom": view["height"] - view["pinned"]}
    assert within(panel, free), (panel, free)
    page.mouse.wheel(0, 2000)  # it floats: scrolling the page leaves it in view
    page.wait_for_timeout(200)
    assert within(box(page, ".hs-battle"), free)
    assert page.locator(".hs-battle .hs-row-letter").all_inner_texts()[:3] == ["A", "B", "C"]
    assert page.locator(".hs-battle .hs-block").count() >= 2  # both sides' blocks by letter
    shot(page, f"hammer_scots_battle_{size}")
    close(page)


def test_the_dice_of_a_fire_are_drawn_as_faces(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots", seed=5)
    page = open_page(browser, "desktop")
    visit(page, site, match, token)
    play_until(site, match, token, fire_in_battle, prefer="fire")
    page.wait_for_selector(".hs-battle .hs-die")
    dice = page.locator(".hs-battle .hs-die").all()
    assert dice
    for die in dice:
        assert 1 <= die.locator("circle").count() <= 6  # pips, not digits
    shot(page, "hammer_scots_dice_desktop")
    close(page)


def test_every_card_says_what_it_does_on_the_card_and_in_its_tooltip(
    browser: Any, site: str
) -> None:
    seen: set[str] = set()
    page = open_page(browser, "desktop")
    for seed in range(1, 40):
        match, token = new_match(site, "hammer_scots", seed=seed)
        hand = {c["id"] for c in my_turn(site, match, token)["view"]["hand"]}
        if not (hand & EVENTS) - seen and seen:
            continue
        visit(page, site, match, token)
        for card in page.locator(".hs-hand .hs-card").all():
            text = card.locator(".hs-card-text").inner_text().strip()
            assert len(text) > 30, card.get_attribute("data-card")
            assert text in card.get_attribute("title")
            seen.add(card.get_attribute("data-card"))
        if seen >= EVENTS:
            break
    assert seen >= EVENTS, f"events never dealt: {EVENTS - seen}"
    shot(page, "hammer_scots_cards")
    close(page)


def test_blocks_and_the_legend_explain_themselves(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots")
    page = open_page(browser, "desktop")
    visit(page, site, match, token)
    tips = page.locator(".hs-map .hs-block.face-up > title").all_text_contents()
    assert tips
    assert all("Strength" in t and "fires" in t and "moves" in t for t in tips), tips[:3]
    hidden = page.locator(".hs-map .hs-block.face-down > title").all_text_contents()
    assert hidden
    assert all("block" in t and "Strength" not in t for t in hidden)  # nothing leaks
    legend = page.locator(".hs-legend").inner_text()
    for words in ("Black border", "Red border", "Anglo-Scottish", "Castle", "Cathedral", "Home"):
        assert words in legend
    names = page.locator(".hs-area-name").all_inner_texts()
    assert len(names) == 23
    close(page)


def test_three_kingdoms_names_are_never_cut_on_a_phone(browser: Any, site: str) -> None:
    match, token = new_match(site, "three_kingdoms")
    page = open_page(browser, "phone")
    visit(page, site, match, token)
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.tk-land-name span, .tk-owner, .tk-province')]"
        ".filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)"
    )
    assert cut == []
    buttons = page.evaluate(
        "() => [...document.querySelectorAll('#actions button')].map((b) => {"
        " const r = b.getBoundingClientRect(); return [r.left, r.right, b.scrollWidth,"
        " b.clientWidth]; })"
    )
    assert buttons
    assert all(left >= 0 and right <= 390 and sw <= cw + 1 for left, right, sw, cw in buttons)
    close(page)


def test_a_long_press_on_a_phone_tells_what_a_block_is(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots")
    page = open_page(browser, "phone")
    visit(page, site, match, token)
    page.evaluate(
        "() => { const b = document.querySelector('.hs-map .hs-block.face-up');"
        " const r = b.getBoundingClientRect();"
        " b.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerType: 'touch',"
        " pointerId: 7, clientX: r.left + 5, clientY: r.top + 5})); }"
    )
    page.wait_for_selector(".gs-tip")
    assert "Strength" in page.locator(".gs-tip").inner_text()
    close(page)


def test_dragging_the_map_pans_it_and_clicks_nothing(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots")
    page = open_page(browser, "desktop")
    visit(page, site, match, token)
    page.click(".gs-zoom-btn.in")
    page.click(".gs-zoom-btn.in")
    before = box(page, ".hs-map")
    card = box(page, ".hs-hand .hs-card.legal")  # a card is to be chosen: nothing else acts
    frame = box(page, ".gs-zoom")
    x, y = frame["left"] + 150, frame["top"] + 300
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=6)
    page.mouse.up()
    after = box(page, ".hs-map")
    assert after["left"] == pytest.approx(before["left"] + 60, abs=2)
    assert after["top"] == pytest.approx(before["top"] + 40, abs=2)
    assert box(page, ".hs-hand .hs-card.legal") == card
    assert page.locator("#message").is_hidden()
    close(page)


def test_a_pinch_zooms_the_map(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots")
    page = open_page(browser, "phone")
    visit(page, site, match, token)
    before = box(page, ".hs-map")["width"]
    page.evaluate(
        "() => { const f = document.querySelector('.gs-zoom');"
        " const r = f.getBoundingClientRect();"
        " const at = (id, x, y, type) => f.dispatchEvent(new PointerEvent(type, {bubbles: true,"
        " pointerType: 'touch', pointerId: id, clientX: r.left + x, clientY: r.top + y}));"
        " at(1, 150, 200, 'pointerdown'); at(2, 200, 250, 'pointerdown');"
        " at(2, 250, 300, 'pointermove'); at(1, 100, 150, 'pointermove');"
        " at(1, 100, 150, 'pointerup'); at(2, 250, 300, 'pointerup'); }"
    )
    assert box(page, ".hs-map")["width"] == pytest.approx(before * 3, rel=0.05)  # fingers 3x apart
    close(page)


def test_on_a_phone_a_tapped_area_offers_its_blocks_large(browser: Any, site: str) -> None:
    match, token = new_match(site, "hammer_scots", seed=5)
    play_until(site, match, token, lambda v: "block" in (v.get("actions") or {}))
    page = open_page(browser, "phone")
    visit(page, site, match, token)
    frame = box(page, ".gs-zoom")
    areas = page.locator(".hs-area.has-choice").all()
    names = [box(page, f".hs-area-name[data-area={a.get_attribute('data-area')}]") for a in areas]
    in_view = [n for n in names if within(n, frame, slack=0)]
    if not in_view:  # the phone's map opens zoomed in: show it whole to reach the area
        page.click(".gs-zoom-btn.fit")
        page.wait_for_timeout(100)
        area = areas[0].get_attribute("data-area")
        in_view = [box(page, f".hs-area-name[data-area={area}]")]
    name = in_view[0]
    page.mouse.click((name["left"] + name["right"]) / 2, (name["top"] + name["bottom"]) / 2)
    page.wait_for_selector(".hs-picker:not([hidden]) .hs-block.legal")
    block = box(page, ".hs-picker .hs-block.legal")
    assert block["width"] >= 44
    assert block["height"] >= 44
    prompt = page.locator("#prompt").inner_text()
    page.locator(".hs-picker .hs-block.legal").first.click()
    until(page, f"() => document.getElementById('prompt').textContent !== {json.dumps(prompt)}")
    assert page.locator(".hs-picker").is_hidden()
    close(page)
