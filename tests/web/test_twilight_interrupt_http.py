"""An interrupt over HTTP and the WebSocket (issue 26 items 3 and 8): at the start of a USSR
action round, the US, victim of Cuban Missile Crisis and not awaited, cancels it. The web
app takes the action from that seat at any time, its staleness judged per seat; the
change is pushed to every seat; what the US could not do out of turn is refused and
changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.core.engine.snapshot import dump_snapshot
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.twilight_struggle.builders import at_round, build
from tests.web.conftest import TestClient, auth, watch
from tests.web.games import games_registry
from tests.web.test_twilight_headline_http import start, view

USSR, US = "USSR", "US"
CANCEL = {"cancel_crisis": ["turkey"]}


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(
        Settings(db=tmp_path / "ts.sqlite3"), registry=games_registry("twilight_struggle")
    )
    with TestClient(app) as c:
        yield c


def at_crisis(client: TestClient, mid: str) -> None:
    """The match at a position made with the game's builders (``crisis_position``)."""
    crisis_position(client.app.state.tables.cached(mid))  # type: ignore[attr-defined]


def crisis_position(table: Any, turkey: int = 2) -> None:
    """The USSR played Cuban Missile Crisis this turn and begins an action round; the US
    holds ``turkey`` Influence in Turkey and 1 in West Germany. The table's match resumes
    from that state (``Match.resumed``), as a match resumes from a snapshot."""
    influence = {"turkey": (0, turkey), "west_germany": (0, 1), "iran": (0, 1)}
    hands = {USSR: [39, 4], US: [19]}
    state = at_round(build(hands=hands, effects=[(40, USSR)], influence=influence, defcon=2), USSR)
    played = table.match
    table.match = played.resumed(dump_snapshot(played.ruleset, state), played.history)
    table.match.observers = played.observers
    table.forget_texts()  # the state changed behind the server's back


def post(client: TestClient, mid: str, token: str, kind: str, arg: Any, version: int) -> Any:
    body = {"type": kind, "arg": arg, "version": version}
    return client.post(f"/api/matches/{mid}/actions", headers=auth(token), json=body)


def turkey(payload: dict[str, Any]) -> tuple[int, int]:
    (country,) = (c for c in payload["view"]["countries"] if c["id"] == "turkey")
    return country["influence"][USSR], country["influence"][US]


def test_the_us_cancels_the_crisis_at_the_start_of_a_ussr_round(client: TestClient) -> None:
    mid, tokens = start(client)
    at_crisis(client, mid)
    us, ussr = view(client, mid, tokens[US]), view(client, mid, tokens[USSR])
    assert us["view"]["active"] == [USSR]
    assert us["view"]["interrupts"] == CANCEL
    assert us["view"]["actions"] == CANCEL  # nothing else while the USSR is to act
    assert "interrupts" not in ussr["view"]
    assert "interrupts" not in view(client, mid, None)["view"]
    version = us["version"]
    assert ussr["version"] == version

    # refused: nothing else out of turn, the other country, the USSR cancelling; unchanged
    for token, kind, arg, status in (
        (tokens[US], "card", 19, 403),
        (tokens[US], "cancel_crisis", "west_germany", 422),
        (tokens[USSR], "cancel_crisis", "turkey", 422),
    ):
        reply = post(client, mid, token, kind, arg, version)
        assert reply.status_code == status, (kind, arg, reply.text)
        assert reply.json()["detail"]["reason"]
    assert view(client, mid, tokens[US])["version"] == version

    with watch(client, mid, tokens[USSR]) as ussr_ws, watch(client, mid, None) as public_ws:
        assert ussr_ws.receive_json()["version"] == version  # the page's first payload
        assert public_ws.receive_json()["version"] == version
        reply = post(client, mid, tokens[US], "cancel_crisis", "turkey", version)
        assert reply.status_code == 200, reply.text
        mine = reply.json()
        assert mine["version"] > version
        assert "interrupts" not in mine["view"]
        assert mine["view"]["actions"] == {}
        assert turkey(mine) == (0, 0)
        pushed = ussr_ws.receive_json()  # the change is pushed to the seat to act
        assert pushed["version"] == mine["version"]
        assert public_ws.receive_json()["version"] == mine["version"]  # and to spectators

    ussr = view(client, mid, tokens[USSR])
    assert turkey(ussr) == (0, 0)
    assert all(e["card"]["id"] != 40 for e in ussr["view"]["effects"])
    assert ussr["view"]["active"] == [USSR]  # its round goes on, not begun again
    # the USSR's decision made on the old version: its view changed, so it is stale
    stale = post(client, mid, tokens[USSR], "card", 39, version)
    assert stale.status_code == 409, stale.text
    fresh = post(client, mid, tokens[USSR], "card", 39, ussr["version"])
    assert fresh.status_code == 200, fresh.text
    # the crisis is over: nothing more to cancel
    again = post(client, mid, tokens[US], "cancel_crisis", "turkey", fresh.json()["version"])
    assert again.status_code in (403, 422), again.text
