"""Twilight Struggle's world map in a real browser (Debian's Chromium through Playwright).

A person (the USSR) plays against the random bot by clicking: the setup Influence on the
map's highlighted countries, a headline and cards from the hand, a coup on a highlighted
country, an event whose Influence goes where the map is clicked. The map fits the window
at load, a phone never scrolls sideways and its countries are large enough to tap; the
board speaks Chinese with no English word in its buttons or cards. Screenshots under
``test-artifacts/boards/`` (twilight_struggle_*.png).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.games import games_registry
from tests.web.live_server import serving
from tests.web.test_browser import settle
from tests.web.test_browser_boards import (
    SIZES,
    ShotsFolder,
    box,
    close,
    fitted_frame,
    my_turn,
    new_match,
    open_page,
    shot,
    visit,
    within,
)

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

USSR = "USSR"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[str]:
    db = tmp_path_factory.mktemp("twilight") / "site.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry("twilight_struggle"))
    plugins = request.config.pluginmanager
    if not plugins.has_plugin(ShotsFolder.name):
        plugins.register(ShotsFolder(), ShotsFolder.name)
    with serving(app) as base:
        yield base


def mine(site: str, match: str, token: str) -> dict[str, Any]:
    """The USSR's view once it has something to do (the bot plays in between)."""
    deadline = time.monotonic() + 30
    while True:
        payload = my_turn(site, match, token)
        if payload["view"]["actions"]:
            return payload["view"]
        assert payload.get("outcome") is None, "the game ended first"
        assert time.monotonic() < deadline, "the bot never gave the turn back"
        time.sleep(0.05)


def ready(page: Any, view: dict[str, Any]) -> None:
    """The page shows what the server's view offers (its buttons are drawn)."""
    types = sorted(view["actions"])
    deadline = time.monotonic() + 15
    while True:
        settle(page)
        drawn = page.evaluate(
            "() => [...new Set([...document.querySelectorAll('#actions button')]"
            ".map((b) => b.dataset.actType))].sort()"
        )
        if drawn == types:
            return
        assert time.monotonic() < deadline, (drawn, types)
        page.wait_for_timeout(50)


def click(page: Any, selector: str) -> None:
    page.click(selector)
    settle(page)


def influence(view: dict[str, Any], country: str) -> int:
    return next(c["influence"][USSR] for c in view["countries"] if c["id"] == country)


def answer_until_free(page: Any, site: str, match: str, token: str, card: int) -> dict[str, Any]:
    """Play the choices inside the USSR's round (an event's countries on the map, else the
    first button) until a new card is asked for; returns the view then."""
    for _ in range(40):
        view = mine(site, match, token)
        ready(page, view)
        if "card" in view["actions"] and view.get("playing") is None:
            return view
        if "country" in view["actions"]:
            target = view["actions"]["country"][0]
            before = influence(view, target)
            click(page, f".ts-country.legal[data-country='{target}']")
            after = my_turn(site, match, token)["view"]
            if view["step"] == "event_influence":  # the map click placed the event's point
                assert influence(after, target) == before + 1
        else:
            click(page, "#actions button")
    raise AssertionError(f"the round of card {card} never ended")


def test_a_game_against_the_bot_by_clicking_the_map(browser: Any, site: str) -> None:
    match, token = new_match(site, "twilight_struggle", seed=5)
    page = open_page(browser, "desktop")
    visit(page, site, match, token)

    # the setup: six Influence points in Eastern Europe, one click on the map each
    for left in range(6, 0, -1):
        view = mine(site, match, token)
        assert view["placement"] == {"side": USSR, "left": left, "region": "eastern_europe"}
        ready(page, view)
        legal = page.evaluate(
            "() => [...document.querySelectorAll('.ts-country.legal')]"
            ".map((g) => g.dataset.country)"
        )
        assert sorted(legal) == sorted(view["actions"]["country"])  # the map shows the choices
        target = "poland" if "poland" in legal else legal[0]
        before = influence(view, target)
        click(page, f".ts-country.legal[data-country='{target}']")
        assert influence(my_turn(site, match, token)["view"], target) == before + 1

    # the headline: a USSR event from the hand, clicked
    view = mine(site, match, token)
    assert view["step"] == "headline_choice"
    ready(page, view)
    hand = {c["id"]: c for c in view["hand"]}
    ours = [c for c in view["hand"] if c["side"] == USSR and c["event"] and not c["scoring"]]
    assert len(ours) >= 3, "the seed deals the USSR three of its events"
    headline, coup_card, event_card = ours[0]["id"], ours[1]["id"], ours[2]["id"]
    click(page, f".ts-hand .ts-card.legal[data-card='{headline}']")
    after = my_turn(site, match, token)["view"]
    chosen = after.get("my_choice") or {}
    told = [line for line in after["log"] if hand[headline]["name"] in line and "headline" in line]
    assert chosen.get("arg") == headline or told, after["log"][-8:]  # chosen, or already shown

    # the first action round: a coup, the target clicked on the map
    view = answer_until_free(page, site, match, token, headline)
    assert coup_card in {c["id"] for c in view["hand"]}
    milops = view["milops"][USSR]
    click(page, f".ts-hand .ts-card.legal[data-card='{coup_card}']")
    view = mine(site, match, token)
    ready(page, view)
    click(page, "#actions button[data-act-type='use'][data-act-arg='coup']")
    view = mine(site, match, token)
    assert view["operation"]["kind"] == "coup"
    ready(page, view)
    targets = page.evaluate(
        "() => [...document.querySelectorAll('.ts.doing-coup .ts-country.legal')]"
        ".map((g) => g.dataset.country)"
    )
    assert targets
    assert sorted(targets) == sorted(view["actions"]["country"])
    click(page, f".ts-country.legal[data-country='{targets[0]}']")
    after = my_turn(site, match, token)["view"]
    assert after["milops"][USSR] >= milops + hand[coup_card]["ops"]  # the coup was made
    assert any("coup" in line.lower() for line in after["log"][-6:]), after["log"][-6:]

    # the second: an event, its Influence placed by clicking the map
    view = answer_until_free(page, site, match, token, coup_card)
    assert event_card in {c["id"] for c in view["hand"]}
    click(page, f".ts-hand .ts-card.legal[data-card='{event_card}']")
    view = mine(site, match, token)
    ready(page, view)
    click(page, "#actions button[data-act-type='use'][data-act-arg='event']")
    view = answer_until_free(page, site, match, token, event_card)
    assert event_card not in {c["id"] for c in view["hand"]}
    gone = {c["id"] for c in view["discard"] + view["removed"]} | {
        e["card"]["id"] for e in view["effects"]
    }
    assert event_card in gone  # the event happened: its card left the hand for the piles
    texts = page.evaluate(
        "() => [...document.querySelectorAll('.ts-hand .ts-card .ts-card-text')]"
        ".map((e) => e.textContent)"
    )
    assert texts
    assert all(texts)  # every card says what it does
    drawn = page.evaluate(
        "() => ({defcon: document.querySelector('.ts-track.defcon .ts-cell.on').textContent,"
        " effects: [...document.querySelectorAll('.ts-effect b')].map((e) => e.textContent),"
        " hand: document.querySelectorAll('.ts-hand .ts-card').length,"
        " influence: Object.fromEntries([...document.querySelectorAll('.ts-country')]"
        ".map((g) => [g.dataset.country, [...g.querySelectorAll('.ts-inf-mark')]"
        ".map((m) => m.textContent)])) })"
    )
    assert drawn["defcon"] == str(view["defcon"])  # the tracks and the map say what the view does
    assert drawn["effects"] == [e["card"]["name"] for e in view["effects"]]
    china = view["china"]["holder"] == USSR and view["china"]["face_up"]
    assert drawn["hand"] == len(view["hand"]) + china
    for c in view["countries"]:
        us, ussr = c["influence"]["US"], c["influence"]["USSR"]
        assert drawn["influence"][c["id"]] == [str(us) if us else "", str(ussr) if ussr else ""]
    shot(page, "twilight_struggle_desktop_en")
    close(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_map_fits_the_screen_and_a_phone_never_scrolls_sideways(
    browser: Any,
    site: str,
    size: str,
) -> None:
    match, token = new_match(site, "twilight_struggle", seed=6)
    page = open_page(browser, size)
    visit(page, site, match, token)
    frame = fitted_frame(page)
    if size == "phone":  # opens large enough to tap a country, panned inside the frame
        boxes = page.evaluate(
            "() => [...document.querySelectorAll('.ts-country .ts-box')]"
            ".map((r) => r.getBoundingClientRect().height)"
        )
        assert min(boxes) >= 44 - 0.01, min(boxes)
        hand = page.evaluate(
            "() => { const h = document.querySelector('.ts-hand-cards');"
            " return [getComputedStyle(h).flexWrap, getComputedStyle(h).overflowX]; }"
        )
        assert hand == ["nowrap", "auto"]  # the hand is a strip
        page.click(".gs-zoom-btn.fit")
        page.wait_for_timeout(100)
    assert within(box(page, ".ts-map"), frame)  # the whole map in its frame
    shot(page, f"twilight_struggle_{size}")
    close(page)


ENGLISH = (" the ", "Influence", "Place", "Coup", "Event", "Early War", "hand")


def test_the_board_in_chinese(browser: Any, site: str) -> None:
    match, token = new_match(site, "twilight_struggle", seed=5)
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, extra_http_headers={"Accept-Language": "zh-TW"}
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    visit(page, site, match, token)
    assert page.evaluate("document.documentElement.lang") == "zh-Hant-TW"
    view = mine(site, match, token)
    ready(page, view)
    words = page.evaluate(
        "() => [...document.querySelectorAll('#actions button, .ts-hand .ts-card, .ts-tracks,"
        " .ts-doing, .ts-country .ts-name, .ts-region-name, .ts-legend')]"
        ".map((e) => e.textContent)"
    )
    assert words
    for text in words:
        assert not any(w in text for w in ENGLISH), text
    names = page.evaluate(
        "() => [...document.querySelectorAll('.ts-country .ts-name')].map((e) => e.textContent)"
    )
    assert "波蘭" in names
    cards = page.evaluate(
        "() => [...document.querySelectorAll('.ts-hand .ts-card .ts-card-text')]"
        ".map((e) => e.textContent)"
    )
    assert cards == [c["text_zh"] for c in view["hand"]] + [view["china"]["card"]["text_zh"]]
    buttons = page.evaluate(
        "() => [...document.querySelectorAll('#actions button')].map((b) => b.textContent)"
    )
    assert "波蘭" in buttons
    shot(page, "twilight_struggle_desktop_zh_TW")
    close(page)


def test_the_rivals_headline_stays_face_down_until_both_chose_and_effects_show_their_card(
    browser: Any, site: str
) -> None:
    """Mid-headline the bot (the US) has chosen at once: the USSR's page shows its slot face
    down, with no card in it, until the USSR chooses too; then both cards. Every effect in
    force is listed with its card's name, and a question inside an event says whose it is."""
    match, token = new_match(site, "twilight_struggle", seed=5)
    page = open_page(browser, "desktop")
    visit(page, site, match, token)
    for _ in range(6):  # the setup, clicked on the map
        view = mine(site, match, token)
        ready(page, view)
        click(page, f".ts-country.legal[data-country='{view['actions']['country'][0]}']")
    view = mine(site, match, token)
    assert view["step"] == "headline_choice"
    assert view["chosen"] == ["US"]  # the bot has chosen; its card is in no view of ours
    assert view["headlines"] == {}
    ready(page, view)
    slot = page.evaluate(
        "() => { const s = document.querySelector('.ts-head-slot.us');"
        " return {back: !!s.querySelector('.ts-card.back'),"
        " cards: [...s.querySelectorAll('[data-card]')].map((c) => c.dataset.card)}; }"
    )
    assert slot == {"back": True, "cards": []}
    mine_ids = {str(c["id"]) for c in view["hand"]} | {str(view["china"]["card"]["id"])}
    on_page = page.evaluate(
        "() => [...document.querySelectorAll('.ts [data-card]')].map((c) => c.dataset.card)"
    )
    assert set(on_page) <= mine_ids  # nothing of the US's hand is drawn anywhere
    headline = next(c["id"] for c in view["hand"] if c["id"] != 32)
    click(page, f".ts-hand .ts-card.legal[data-card='{headline}']")
    view = my_turn(site, match, token)["view"]
    assert "US" in view["headlines"]  # revealed (the USSR's is gone only if Defectors took it)
    assert set(view["headlines"]) == {"USSR", "US"} or view["headlines"]["US"]["id"] == 103
    page.wait_for_function(
        "(id) => { const s = document.querySelector('.ts-head-slot.us [data-card]');"
        " return s && s.dataset.card === String(id); }",
        arg=view["headlines"]["US"]["id"],
    )
    effects = questions = 0
    for _ in range(60):  # the rounds of the turn: every question says whose it is
        payload = my_turn(site, match, token)
        if payload.get("outcome") is not None or payload["view"]["turn"] > 1:
            break
        view = mine(site, match, token)
        ready(page, view)
        drawn = page.evaluate(
            "() => ({doing: document.querySelector('.ts-doing').textContent,"
            " effects: [...document.querySelectorAll('.ts-effect b')].map((e) => e.textContent),"
            " texts: [...document.querySelectorAll('.ts-effect .ts-effect-text')]"
            ".map((e) => e.textContent)})"
        )
        assert drawn["effects"] == [e["card"]["name"] for e in view["effects"]]
        assert drawn["texts"] == [e["card"]["text"] for e in view["effects"]]
        effects += len(view["effects"])
        question = view.get("question")
        if question and question["chooser"] == USSR and not view.get("operation"):
            assert drawn["doing"] == f"Your decision: {question['card']['name']}."
            questions += 1
        if "country" in view["actions"]:
            target = view["actions"]["country"][0]
            click(page, f".ts-country.legal[data-country='{target}']")
        else:
            click(page, "#actions button")
    assert effects  # the seed's first turn puts effects in force (8 checks)
    assert questions  # and asks the USSR questions inside events (12 checks)
    assert not page.errors, page.errors
    close(page)
