"""Retries are safe: a creation retried with its Idempotency-Key makes one match, and the
reply to an action shows the state that action produced, whatever comes right after."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from gameshelf.web.tables import Tables
from tests.web.conftest import TestClient
from tests.web.test_one_copy import PEOPLE, first_card, with_tables

BODY = {"game": "toy_duel", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
KEY = {"Idempotency-Key": "6f1c9a52-3b7e-4d0e-9a41-0c2b8e5d7f13"}


def test_a_creation_retried_with_its_key_makes_one_match(client: TestClient, app: FastAPI) -> None:
    first = client.post("/api/matches", json=BODY, headers=KEY)
    again = client.post("/api/matches", json=BODY, headers=KEY)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()  # the same match, its tokens shown again
    assert all(s["token"] for s in again.json()["seats"])
    assert len(app.state.storage.matches()) == 1
    other = client.post("/api/matches", json=BODY)  # without a key: a new match each time
    assert other.json()["id"] != first.json()["id"]
    assert len(app.state.storage.matches()) == 2


def test_a_key_used_for_another_body_is_refused(client: TestClient, app: FastAPI) -> None:
    assert client.post("/api/matches", json=BODY, headers=KEY).status_code == 201
    changed = {**BODY, "scenario": "short"}
    refused = client.post("/api/matches", json=changed, headers=KEY)
    assert refused.status_code == 422
    assert refused.json()["detail"]["code"] == "idempotency_key_reused"
    assert len(app.state.storage.matches()) == 1
    short = client.post("/api/matches", json=changed, headers={"Idempotency-Key": "k" * 16})
    assert short.status_code == 201
    assert (
        client.post("/api/matches", json=BODY, headers={"Idempotency-Key": "k"}).status_code == 422
    )


def test_a_refused_creation_may_be_retried_with_its_key(client: TestClient) -> None:
    refused = client.post("/api/matches", json={**BODY, "game": "chess"}, headers=KEY)
    assert refused.status_code == 422
    assert client.post("/api/matches", json=BODY, headers=KEY).status_code == 201


def test_two_creations_at_once_with_one_key_make_one_match(tmp_path: Path) -> None:
    made: list[Any] = []

    async def run(tables: Tables) -> list[Any]:
        async def create() -> str:
            table, _ = await tables.create("toy_duel", None, None, None, PEOPLE)
            made.append(table.id)
            return table.id

        key, body = ("127.0.0.1", "k" * 16), json.dumps(BODY).encode()
        return await asyncio.gather(*(tables.once(key, body, create) for _ in range(5)))

    ids = with_tables(tmp_path / "g.sqlite3", run, cached=8)
    assert len(made) == 1
    assert ids == made * 5


def test_the_reply_to_an_action_shows_the_state_it_produced(tmp_path: Path) -> None:
    async def run(tables: Tables) -> tuple[dict[str, Any], dict[str, Any]]:
        table, _ = await tables.create("toy_duel", None, None, None, PEOPLE)
        north = tables.act(table, "north", first_card(tables, table, "north"), table.version)
        south = tables.act(table, "south", first_card(tables, table, "south"), table.version)
        (_, north_reply), (_, south_reply) = await asyncio.gather(north, south)
        return json.loads(north_reply), json.loads(south_reply)

    north, south = with_tables(tmp_path / "g.sqlite3", run, cached=8)
    assert north["seq"] == 1  # North's card chosen, South's not yet: what North's action made
    assert north["view"]["chosen"] == ["north"]
    assert south["seq"] >= 2  # both cards shown
