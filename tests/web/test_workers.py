"""Several server processes on one PostgreSQL database (architecture §4.5), here as two apps
in one process over one schema: a match kept in memory is checked against the stored
version before use, a write made on an older version is refused whole, and the writers of
one match take turns on its row lock."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage import ActionRecord, StaleWrite, Summary
from gameshelf.web.storage_pg import PostgresStorage
from tests.web.conftest import FAST_PASSWORDS, auth, new_duel, tokens, toy_registry
from tests.web.pg import pg_schema


@pytest.fixture
def two_sites() -> Iterator[tuple[TestClient, TestClient, str]]:
    with pg_schema() as url:
        settings = Settings(database_url=url, snapshot_every=4, **FAST_PASSWORDS)
        with (
            TestClient(create_app(settings, registry=toy_registry())) as a,
            TestClient(create_app(settings, registry=toy_registry())) as b,
        ):
            yield a, b, url


def view(client: TestClient, mid: str, token: str) -> dict[str, Any]:
    reply = client.get(f"/api/matches/{mid}/view", headers=auth(token))
    assert reply.status_code == 200, reply.text
    return reply.json()


def play(
    client: TestClient, mid: str, token: str, arg: Any, version: int, kind: str = "card"
) -> Any:
    return client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(token),
        json={"type": kind, "arg": arg, "version": version},
    )


def test_either_site_serves_the_match_as_stored(two_sites: Any) -> None:
    a, b, url = two_sites
    created = new_duel(a)
    mid, seat = created["id"], tokens(created)
    for turn in range(6):  # each action on the other site than the one before
        client = (a, b)[turn % 2]
        role = view(client, mid, seat["north"])["view"]["active"][0]
        seen = view(client, mid, seat[role])
        kind, args = next(iter(seen["view"]["actions"].items()))
        reply = play(client, mid, seat[role], args[0], seen["version"], kind)
        assert reply.status_code == 200, reply.text
    assert view(a, mid, seat["north"])["version"] == view(b, mid, seat["north"])["version"]
    storage = PostgresStorage(url)
    assert [x.seq for x in storage.actions(mid)] == [1, 2, 3, 4, 5, 6]
    storage.close()


def test_one_action_posted_to_both_sites_is_applied_once(two_sites: Any) -> None:
    a, b, url = two_sites
    created = new_duel(a)
    mid, north = created["id"], tokens(created)["north"]
    seen = view(b, mid, north)  # both sites hold the match now
    seen = view(a, mid, north)
    card = seen["view"]["actions"]["card"][0]
    first = play(a, mid, north, card, seen["version"])
    again = play(b, mid, north, card, seen["version"])
    assert first.status_code == 200
    assert again.status_code == 409  # stale: the stored match moved on
    storage = PostgresStorage(url)
    assert [x.seq for x in storage.actions(mid)] == [1]
    storage.close()


def test_writers_of_one_match_take_turns_and_a_stale_one_writes_nothing() -> None:
    with pg_schema() as url:
        first, second = PostgresStorage(url), PostgresStorage(url)
        try:
            from tests.web.test_storage_backends import new_match

            new_match(first)
            outcome: list[BaseException | None] = []

            def late() -> None:
                try:
                    second.append(
                        "m1", [ActionRecord(1, "north", "card", 2)], Summary(1, "running"), None, 0
                    )
                    outcome.append(None)
                except BaseException as exc:
                    outcome.append(exc)

            with first.transaction():
                first.append(
                    "m1",
                    [ActionRecord(1, "north", "card", 1)],
                    Summary(1, "running", version=1),
                    None,
                    0,
                )
                waiting = threading.Thread(target=late)
                waiting.start()
                time.sleep(0.3)
                assert waiting.is_alive()  # held on the match's row lock
            waiting.join(10)
            assert isinstance(outcome[0], StaleWrite)
            assert [(x.seq, x.arg) for x in second.actions("m1")] == [(1, 1)]
        finally:
            first.close()
            second.close()


def test_several_workers_need_postgres(tmp_path: Any) -> None:
    from gameshelf.web import server

    with pytest.raises(SystemExit, match="PostgreSQL"):
        server.run("127.0.0.1", 8124, str(tmp_path / "one.sqlite3"), workers=2)
