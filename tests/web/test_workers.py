"""Several server processes on one PostgreSQL database (architecture §4.5 and architecture
§4.6), here as two apps in one process over one schema: a match kept in memory is checked
against the stored version before use, a write made on an older version is refused whole,
the writers of one match take turns on its row lock, a change made on one reaches the
WebSockets held on the other (and after a lost connection, by catching up), and a match of
bots alone is played by one of them, and a clock's timeout is fired by one of them.
tests/web/test_processes.py does the same with real processes."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.clocks import DAY, ManualClock
from gameshelf.web.settings import Settings
from gameshelf.web.storage import ActionRecord, StaleWrite, Summary
from gameshelf.web.storage_pg import PostgresStorage
from gameshelf.web.writer import Writer
from tests.web.conftest import FAST_PASSWORDS, auth, new_duel, tokens, toy_registry, watch
from tests.web.games import games_registry
from tests.web.pg import pg_schema
from tests.web.test_clocks import START, duel_registry
from tests.web.test_resign import whole_log
from tests.web.test_timeouts import south_awaited, tick


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


def next_version(ws: Any, above: int, seconds: float = 30.0) -> int:
    """The version of the first message on ``ws`` past ``above`` (waiting at most
    ``seconds``, in a thread: the test client's receive does not time out)."""
    found: list[int] = []

    def receive() -> None:
        while True:
            version = int(ws.receive_json()["version"])
            if version > above:
                found.append(version)
                return

    reader = threading.Thread(target=receive, daemon=True)
    reader.start()
    reader.join(seconds)
    assert found, f"no message past version {above} within {seconds} s"
    return found[0]


def test_an_action_posted_to_one_site_reaches_a_socket_held_on_the_other(
    two_sites: Any,
) -> None:
    a, b, _ = two_sites
    created = new_duel(a)
    mid, seat = created["id"], tokens(created)
    with watch(b, mid, seat["south"]) as south:
        assert south.receive_json()["version"] == 0
        seen = view(a, mid, seat["north"])
        assert play(a, mid, seat["north"], seen["view"]["actions"]["card"][0], 0).status_code == 200
        assert next_version(south, 0) == 1


def test_a_site_listens_before_it_serves_and_catches_up_on_its_first_connection() -> None:
    """A page may open on a site before its listening connection is made, and a change
    committed elsewhere meanwhile is heard by nobody: the site waits until it listens, and
    checks its watched matches against the store on that first connection too."""
    with pg_schema() as url:
        storage = PostgresStorage(url)
        try:
            caught_up: list[str] = []
            storage.listen(lambda match, version: None, lambda: caught_up.append("store"))
            assert storage.listening_pid is not None  # listen returned once listening
            assert caught_up == ["store"]
        finally:
            storage.close()


def test_a_site_that_lost_its_listening_connection_catches_up(two_sites: Any) -> None:
    a, b, url = two_sites
    deaf = a.app.state.storage
    hearing = b.app.state.storage
    deaf.origin = hearing.origin  # b takes a's news for its own: it hears none of it
    created = new_duel(a)
    mid, seat = created["id"], tokens(created)
    with watch(b, mid, seat["south"]) as south:
        assert south.receive_json()["version"] == 0
        seen = view(a, mid, seat["north"])
        assert play(a, mid, seat["north"], seen["view"]["actions"]["card"][0], 0).status_code == 200
        old = hearing.listening_pid
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (old,))
        assert next_version(south, 0) == 1  # told on reconnecting: it checked the store
        assert hearing.listening_pid != old


def test_a_match_of_bots_alone_is_played_by_one_site_and_taken_over_when_it_stops() -> None:
    with pg_schema() as url:
        settings = Settings(
            database_url=url, bot_actions_per_second=5, bot_sweep_seconds=3600, **FAST_PASSWORDS
        )
        registry = games_registry("hammer_scots")  # long enough to outlast a round
        a = TestClient(create_app(settings, registry=registry))
        b = TestClient(create_app(settings, registry=registry))
        with b:
            with a:
                body = {"game": "hammer_scots", "seats": [{"bot": "random"}, {"bot": "random"}]}
                mid = a.post("/api/matches", json=body).json()["id"]
                played_by = [c for c in (a, b) if mid in c.app.state.tables.bots.playing]
                assert played_by == [a]
                assert b.portal.call(b.app.state.tables.sweep_bots) == 0  # a holds it
                assert mid not in b.app.state.tables.bots.playing
            # a stopped: its claim goes with its connection, once PostgreSQL has ended that
            # backend (not at once on a busy server), and then b takes the match on
            assert taken_on(b) == 1
            assert mid in b.app.state.tables.bots.playing


def taken_on(site: TestClient, within: float = 20.0) -> int:
    """Sweep ``site`` until it takes a match of bots alone (or ``within`` seconds pass)."""
    deadline = time.monotonic() + within
    while (taken := site.portal.call(site.app.state.tables.sweep_bots)) == 0:
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)
    return taken


def test_a_match_loaded_while_another_site_writes_it_is_read_whole(two_sites: Any) -> None:
    a, b, _ = two_sites
    created = new_duel(a)
    mid, seat = created["id"], tokens(created)
    storage = b.app.state.storage
    read_actions = storage.actions
    wrote: list[int] = []

    def actions(match_id: str, after: int = 0) -> Any:
        if not wrote:  # between b's read of the match and of its actions, a plays
            seen = view(a, mid, seat["north"])
            card = seen["view"]["actions"]["card"][0]
            wrote.append(play(a, mid, seat["north"], card, seen["version"]).status_code)
        return read_actions(match_id, after)

    storage.actions = actions
    seen = view(b, mid, seat["north"])  # not taken for a gap in the log: read again
    assert wrote == [200]
    assert seen["version"] == 1


def test_a_chat_line_said_on_one_site_reaches_the_other(two_sites: Any) -> None:
    a, b, _ = two_sites
    created = new_duel(a)
    mid, seat = created["id"], tokens(created)
    with watch(b, mid, seat["south"]) as south:
        assert south.receive_json()["version"] == 0
        said = a.post(
            f"/api/matches/{mid}/chat", json={"text": "hello 你好"}, headers=auth(seat["north"])
        )
        assert said.status_code == 201
        heard: list[Any] = []
        reader = threading.Thread(target=lambda: heard.append(south.receive_json()), daemon=True)
        reader.start()
        reader.join(10)
        assert heard[0]["chat"]["text"] == "hello 你好"


def test_two_group_commits_locking_two_matches_crosswise_both_end_cleanly() -> None:
    """PostgreSQL breaks the deadlock by failing one transaction; its writer commits each
    write again on its own, and each then stores or is stale: none fails otherwise."""
    with pg_schema() as url:
        first, second = PostgresStorage(url), PostgresStorage(url)
        try:
            from tests.web.test_storage_backends import new_match

            new_match(first, "m1")
            new_match(first, "m2")
            meet = threading.Barrier(2)

            def both(storage: PostgresStorage, order: list[str]) -> None:
                for i, mid in enumerate(order):
                    storage.append(mid, [ActionRecord(1, "north", "card", 1)], Summary(1, "x"))
                    if i == 0:
                        with contextlib.suppress(threading.BrokenBarrierError):
                            meet.wait(timeout=5)  # each holds its first match's row lock

            async def run(storage: PostgresStorage, order: list[str]) -> Any:
                writer = Writer(storage)
                try:
                    return await asyncio.gather(
                        writer.run(lambda: both(storage, order)), return_exceptions=True
                    )
                finally:
                    writer.close()

            outcomes: list[Any] = []
            runs = [
                threading.Thread(target=lambda s=s, o=o: outcomes.extend(asyncio.run(run(s, o))))
                for s, o in ((first, ["m1", "m2"]), (second, ["m2", "m1"]))
            ]
            for t in runs:
                t.start()
            for t in runs:
                t.join(30)
            assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "StaleWrite"]
            assert [len(first.actions(m)) for m in ("m1", "m2")] == [1, 1]
        finally:
            first.close()
            second.close()


def test_a_timeout_fires_once_with_both_workers_up() -> None:
    clock = ManualClock(START)
    with pg_schema() as url:
        settings = Settings(database_url=url, scheduler_seconds=3600, **FAST_PASSWORDS)
        apps = [create_app(settings, registry=duel_registry()) for _ in range(2)]
        for app in apps:
            app.state.tables.clocks.wall = clock
            app.state.tables.lobby.new_seed = lambda: 5
        with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
            mid, seat = south_awaited(a)  # south's clock runs: a day
            assert view(b, mid, seat["north"])["clocks"]["seats"]["south"]["since"] is not None
            clock.advance(DAY + 1)
            start = threading.Barrier(2)
            fired: dict[str, int] = {}

            def look(name: str, client: TestClient) -> None:
                start.wait()
                fired[name] = tick(client)

            both = [threading.Thread(target=look, args=p) for p in (("a", a), ("b", b))]
            for t in both:
                t.start()
            for t in both:
                t.join(60)
            assert sorted(fired.values()) == [0, 1]  # claimed by exactly one of them
            assert (tick(a), tick(b)) == (0, 0)  # and done: never again
            seen = [view(client, mid, seat["north"]) for client in (a, b)]
            assert seen[0]["version"] == seen[1]["version"]
            for payload in seen:
                assert payload["status"] == "finished"
                assert payload["timed_out"] == ["south"]
                assert payload["outcome"]["winners"] == ["north"]
            storage = PostgresStorage(url)
            assert storage.timeouts(mid) == [("south", 1, True)]
            assert storage.resigned_at(mid) == [("south", 1)]
            storage.close()
            said = [line for line in whole_log(b, mid) if "ran out of time" in line.lower()]
            assert len(said) == 1
