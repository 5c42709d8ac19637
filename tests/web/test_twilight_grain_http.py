"""Twilight Struggle's Grain Sales to Soviets over HTTP and the live updates (issue 26 item
6; section 14 of docs/rules/twilight_struggle.md): the card the US takes from the USSR's
hand reaches both seats, in both languages, and no spectator, unless the US plays it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
import pytest

from gameshelf.core.engine.snapshot import dump_snapshot
from gameshelf.plugins.twilight_struggle.model import CARDS
from gameshelf.plugins.twilight_struggle.rules import RULESET
from gameshelf.web.app import create_app
from gameshelf.web.hub import Listener
from gameshelf.web.settings import Settings
from tests.twilight_struggle.builders import event_round
from tests.web.conftest import TestClient
from tests.web.games import games_registry
from tests.web.test_games_hidden import walk
from tests.web.test_twilight_headline_http import US, USSR, act, received, start

TAKEN = CARDS[34]  # Nuclear Test Ban, the one card in the USSR's hand


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(
        Settings(db=tmp_path / "ts.sqlite3"), registry=games_registry("twilight_struggle")
    )
    with TestClient(app) as c:
        yield c


def at_grain_sales(client: TestClient) -> tuple[str, dict[str, str], Any]:
    """A match whose position the game's builders made: the US's action round with Grain
    Sales to Soviets in hand, the USSR holding Nuclear Test Ban alone."""
    mid, tokens = start(client)
    table = client.app.state.tables.cached(mid)  # type: ignore[attr-defined]
    s = event_round(67, US, hands={US: [67, 19], USSR: [TAKEN.id]})
    table.match = table.match.resumed(dump_snapshot(RULESET, s), [])
    table.forget_texts()  # the same version: the stored match is at it
    return mid, tokens, table


def names_it(text: str) -> bool:
    if TAKEN.name in text or TAKEN.name_zh in text:
        return True
    return any(d.get("id") == TAKEN.id and "ops" in d for d in walk(orjson.loads(text)))


def listeners(mid: str, table: Any) -> dict[Any, list[Listener]]:
    """A live connection per seat and language, each sent the whole board once."""
    found = {
        role: [Listener(mid, role, lang=lang) for lang in ("en", "zh_TW")]
        for role in (US, USSR, None)
    }
    for each in found.values():
        for listener in each:
            live(table, listener)
    return found


def live(table: Any, listener: Listener) -> str:
    message, listener.sent, listener.version, listener.log_have = table.live_message(listener)
    return message


def test_the_card_taken_reaches_both_seats_and_no_spectator(client: TestClient) -> None:
    mid, tokens, table = at_grain_sales(client)
    watching = listeners(mid, table)
    act(client, mid, tokens[US], "card", 67)
    act(client, mid, tokens[US], "use", "event")
    for role, each in watching.items():
        updates = [live(table, listener) for listener in each]
        texts = updates + received(client, mid, tokens[role] if role else None)
        assert any(names_it(t) for t in texts) == (role is not None), role
        if role is not None:  # each language names it in its own words
            assert TAKEN.name in updates[0]
            assert TAKEN.name_zh in updates[1]

    act(client, mid, tokens[US], "choose", "return_card")  # given back: still unnamed
    for listener in watching[None]:
        assert not names_it(live(table, listener))
    assert not any(names_it(t) for t in received(client, mid, None))


def test_played_by_the_us_a_spectator_sees_it(client: TestClient) -> None:
    mid, tokens, table = at_grain_sales(client)
    watching = listeners(mid, table)
    act(client, mid, tokens[US], "card", 67)
    act(client, mid, tokens[US], "use", "event")
    act(client, mid, tokens[US], "choose", "play_card")
    for listener in watching[None]:
        assert names_it(live(table, listener))
