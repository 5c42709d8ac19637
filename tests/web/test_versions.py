"""The match's version: it only grows, actions and undos name it, staleness is per seat.

A decision is refused as stale only if what its seat sees changed since the version it
was made on: another seat choosing at the same time in secret does not count.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import TestClient, auth, new_duel, tokens, toy_registry
from tests.web.games import games_registry


@pytest.fixture
def hammer(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(db=tmp_path / "h.sqlite3"), registry=games_registry("hammer_scots"))
    with TestClient(app) as client:
        yield client


def view(client: TestClient, mid: str, token: str | None) -> dict[str, Any]:
    reply = client.get(f"/api/matches/{mid}/view", headers=auth(token))
    assert reply.status_code == 200, reply.text
    return reply.json()


def act(client: TestClient, mid: str, token: str, kind: str, arg: Any, version: int) -> Any:
    return client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(token),
        json={"type": kind, "arg": arg, "version": version},
    )


@pytest.mark.parametrize("first", ["England", "Scotland"])
def test_both_seats_of_a_hammer_card_phase_choose_from_the_same_version(
    hammer: TestClient, first: str
) -> None:
    created = hammer.post(
        "/api/matches",
        json={"game": "hammer_scots", "seats": [{"name": "Edward"}, {"name": "Robert"}]},
    ).json()
    mid, tok = created["id"], tokens(created)
    second = "Scotland" if first == "England" else "England"
    seen = {role: view(hammer, mid, tok[role]) for role in (first, second)}
    assert {p["view"]["step"] for p in seen.values()} == {"card_phase"}
    assert seen[first]["version"] == seen[second]["version"]
    cards = {role: seen[role]["view"]["actions"]["card"][0] for role in seen}
    for role in (first, second):  # each from the version it saw, whoever comes first
        reply = act(hammer, mid, tok[role], "card", cards[role], seen[role]["version"])
        assert reply.status_code == 200, reply.text
    after = view(hammer, mid, None)
    assert after["seq"] == 2
    assert after["view"]["step"] != "card_phase"  # both cards revealed at once
    assert after["version"] > seen[first]["version"]


def test_an_undo_cannot_take_back_an_acknowledged_action(client: TestClient, app: Any) -> None:
    created = new_duel(client)
    mid, north = created["id"], tokens(created)["north"]
    start = view(client, mid, north)
    card = start["view"]["actions"]["card"][0]
    played = act(client, mid, north, "card", card, start["version"]).json()
    undo = {"version": played["version"]}
    first = client.post(f"/api/matches/{mid}/undo", headers=auth(north), json=undo)
    assert first.status_code == 200
    again = act(client, mid, north, "card", card, start["version"] + 2).json()
    assert again["seq"] == played["seq"]  # the same action, back at the same seq...
    assert again["version"] > played["version"]  # ...at a later version
    # the same undo sent again (a retry, or a replay of the request) removes nothing
    repeated = client.post(f"/api/matches/{mid}/undo", headers=auth(north), json=undo)
    assert repeated.status_code == 409
    assert repeated.json()["detail"]["code"] == "stale"
    assert len(app.state.storage.actions(mid)) == 1
    assert view(client, mid, north)["view"]["my_choice"] == {"type": "card", "arg": card}


def test_the_version_only_grows_and_survives_a_restart(settings: Settings) -> None:
    versions = []
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        created = client.post(
            "/api/matches", json={"game": "toy_duel", "seats": [{"name": "Ann"}, {"open": True}]}
        ).json()
        mid, north = created["id"], tokens(created)["north"]
        versions.append(view(client, mid, None)["version"])
        south = client.post(f"/api/matches/{mid}/join", json={"name": "Bob"}).json()["token"]
        versions.append(view(client, mid, None)["version"])
        card = view(client, mid, north)["view"]["actions"]["card"][0]
        versions.append(act(client, mid, north, "card", card, versions[-1]).json()["version"])
        undone = client.post(
            f"/api/matches/{mid}/undo", headers=auth(north), json={"version": versions[-1]}
        )
        versions.append(undone.json()["version"])
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        versions.append(client.get(f"/api/matches/{mid}").json()["version"])
        card = view(client, mid, south)["view"]["actions"]["card"][0]
        versions.append(act(client, mid, south, "card", card, versions[-1]).json()["version"])
    assert versions == [*sorted(set(versions[:4])), versions[3], versions[3] + 1]


def test_a_version_the_match_never_had_is_refused(client: TestClient) -> None:
    created = new_duel(client)
    mid, north = created["id"], tokens(created)["north"]
    card = view(client, mid, north)["view"]["actions"]["card"][0]
    reply = act(client, mid, north, "card", card, 99)
    assert reply.status_code == 409
    assert reply.json()["detail"]["version"] == 0
