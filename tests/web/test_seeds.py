"""Match seeds: secret, wide, and never shown to a seat before the match is over.

Every hidden thing of a match (hands, the order of a deck, the dice to come) follows from
its seed, so a seat that knows or can guess the seed knows its opponents' secrets.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from fastapi import FastAPI

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import MIGRATIONS, SCHEMA_VERSION, SQLiteStorage
from gameshelf.web.tables import SEED_BITS
from tests.web.conftest import TestClient, auth, new_duel, tokens, toy_registry, watch
from tests.web.test_api import play_out


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    return client.post("/api/matches", json={"game": "toy_duel", "seats": seats, **extra})


@pytest.mark.parametrize(
    "seats",
    [
        [{"name": "Ann"}, {"name": "Bob"}],
        [{"name": "Ann"}, {"open": True}],  # an open seat is for a person
    ],
)
def test_a_chosen_seed_is_refused_when_two_people_play(
    client: TestClient, app: FastAPI, seats: list[dict[str, Any]]
) -> None:
    refused = create(client, seats, seed=5)
    assert refused.status_code == 422
    assert refused.json()["detail"]["code"] == "seed_not_allowed"
    assert app.state.storage.matches() == []  # nothing was made


@pytest.mark.parametrize(
    "seats",
    [
        [{"bot": "random"}, {"bot": "first"}],
        [{"name": "Ann"}, {"bot": True}],
    ],
)
def test_a_chosen_seed_serves_bots_alone_or_one_person(
    client: TestClient, app: FastAPI, seats: list[dict[str, Any]]
) -> None:
    made = create(client, seats, seed=5)
    assert made.status_code == 201, made.text
    assert app.state.tables.cached(made.json()["id"]).match.seed == 5


def test_the_servers_seeds_are_secret_and_128_bits_wide(client: TestClient, app: FastAPI) -> None:
    seeds = [app.state.tables.cached(new_duel(client)["id"]).match.seed for _ in range(8)]
    assert len(set(seeds)) == 8
    assert all(0 <= s < 1 << SEED_BITS for s in seeds)
    # eight draws all below 2**120 would happen once in 2**64 runs
    assert max(s.bit_length() for s in seeds) > 120


def test_a_wide_seed_is_stored_exactly(settings: Settings) -> None:
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        created = new_duel(client)
        seed = client.app.state.tables.cached(created["id"]).match.seed  # type: ignore[attr-defined]
        north = tokens(created)["north"]
        before = client.get(f"/api/matches/{created['id']}/view", headers=auth(north)).json()
    with TestClient(create_app(settings, registry=toy_registry())) as client:  # a restart
        table = client.app.state.tables  # type: ignore[attr-defined]
        assert table.storage.match(created["id"]).seed == seed
        again = client.get(f"/api/matches/{created['id']}/view", headers=auth(north)).json()
        assert again["view"] == before["view"]  # the same hands: dealt from the same seed


def everything_a_seat_can_read(client: TestClient, mid: str, token: str | None) -> str:
    """Every reply a seat (or a spectator) may ask for about one match, as one text."""
    headers = auth(token)
    texts = [
        client.get(f"/api/matches/{mid}", headers=headers).text,
        client.get(f"/api/matches/{mid}/view", headers=headers).text,
        client.get(f"/api/matches/{mid}/history", headers=headers).text,
        client.get(f"/api/matches/{mid}/replay?seq=0", headers=headers).text,
        client.get("/api/matches", headers=headers).text,
        client.get(f"/m/{mid}", headers=headers).text,
        client.get(f"/m/{mid}/replay", headers=headers).text,
        client.get("/", headers=headers).text,
    ]
    with watch(client, mid, token) as ws:
        texts.append(ws.receive_text())
    return "\n".join(texts)


def test_no_seat_is_shown_the_seed_before_the_match_is_over(
    client: TestClient, app: FastAPI
) -> None:
    created = create(client, [{"name": "Ann"}, {"bot": "random"}]).json()
    mid, north = created["id"], tokens(created)["north"]
    seed = app.state.tables.cached(mid).match.seed
    for token in (north, None):
        assert str(seed) not in everything_a_seat_can_read(client, mid, token)
    play_out(client, mid, north)
    assert client.get(f"/api/matches/{mid}/history").json()["seed"] == seed


def test_a_database_of_schema_1_keeps_its_seeds(db_path: Any) -> None:
    old = sqlite3.connect(db_path)
    old.executescript(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
        "INSERT INTO meta VALUES ('schema_version', '1');" + MIGRATIONS[0]
    )
    old.execute(
        "INSERT INTO matches VALUES ('m1', 'toy_duel', 'standard', '{}', 42, 2, 0, 0, 0, "
        "'running', '[]', NULL)"
    )
    old.commit()
    old.close()
    storage = SQLiteStorage(db_path)
    assert storage.schema_version() == SCHEMA_VERSION
    assert storage.match("m1").seed == 42
    storage.close()
