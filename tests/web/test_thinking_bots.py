"""Search bots on the site: offered as levels, thinking in a worker process (the server
answers others meanwhile), their thinking time in every seat's payload."""

import asyncio
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gameshelf.core.engine.ruleset import Action
from gameshelf.web.app import create_app
from gameshelf.web.hub import Listener
from gameshelf.web.routes.live import _requests
from gameshelf.web.settings import Settings
from gameshelf.web.storage import SQLiteStorage
from gameshelf.web.tables import SeatRequest, Tables
from gameshelf.web.thinking import Question, Thinkers, _load, answer
from tests.core.toygame import ROLES, RULESET
from tests.web.conftest import auth, tokens, toy_registry


@pytest.fixture
def app(settings: Settings) -> FastAPI:
    return create_app(settings, registry=toy_registry(), bot_registry=toy_registry)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def test_the_lobby_offers_the_levels_in_both_languages(client: TestClient) -> None:
    agents = {a["id"]: a["title"] for a in client.get("/api/agents").json()}
    for level in ("random", "greedy", "ismcts_easy", "ismcts_normal", "ismcts_hard"):
        assert level in agents
    english = client.get("/?lang=en").text
    assert "ISMCTS (hard)" in english
    chinese = client.get("/", headers={"Accept-Language": "zh-TW"}).text
    assert "蒙地卡羅樹搜尋（困難）" in chinese
    assert "貪心（只看一步）" in chinese


def test_a_worker_answers_a_question_as_the_seat_would() -> None:
    _load(toy_registry)
    s = RULESET.setup(3)
    question = Question("toy_duel", ("north", "south"), RULESET.dump_state(s), "south", "greedy", 1)
    kind, arg, ms = answer(question)
    assert (kind, arg) in RULESET.actions(s, "south")
    assert ms >= 0


def test_a_decision_without_a_choice_reports_no_thinking_time() -> None:
    """South's last card is played without thought: no time, so the page goes on showing
    the bot's last real decision rather than 0.0 s."""
    _load(toy_registry)
    s = RULESET.setup(3)
    for _ in range(100):  # bounded: a duel is a few dozen actions
        if len(RULESET.actions(s, "south")) == 1:
            break
        for role in ROLES:  # both choose their first legal action (cards: at once)
            if actions := RULESET.actions(s, role):
                RULESET.apply(s, role, actions[0])
    [only] = RULESET.actions(s, "south")
    question = Question("toy_duel", ROLES, RULESET.dump_state(s), "south", "ismcts_easy", 1)
    assert answer(question) == (only.type, only.arg, None)


def test_a_thinking_bot_answers_from_its_worker_with_its_time_shown(client: TestClient) -> None:
    created = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seed": 3, "seats": [{"name": "Ann"}, {"bot": "ismcts_easy"}]},
    ).json()
    mid, token = created["id"], tokens(created)["north"]
    payload = client.get(f"/api/matches/{mid}/view", headers=auth(token)).json()
    assert payload["seq"] == 1  # the bot chose its card, in its worker
    bot = payload["seats"][1]
    assert bot["agent"] == "ismcts_easy"
    assert isinstance(bot["thought_ms"], int)
    assert payload["seats"][0]["thought_ms"] is None  # a person's time is not shown
    card = payload["view"]["actions"]["card"][0]
    reply = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(token),
        json={"type": "card", "arg": card, "version": payload["version"]},
    )
    assert reply.status_code == 200, reply.text


def test_the_server_serves_others_while_a_bot_thinks() -> None:
    """The decision is worked out in a worker: the event loop goes on meanwhile, so a
    short wait begun after the bot was asked ends before the bot's answer comes back."""
    thinkers = Thinkers(1, toy_registry)
    state = RULESET.dump_state(RULESET.setup(1))
    question = Question("toy_duel", ("north", "south"), state, "north", "ismcts", 1)
    finished: list[str] = []

    async def bot() -> None:
        await thinkers.choose(question)
        finished.append("bot")

    async def other() -> None:
        await asyncio.sleep(0.01)
        finished.append("other")

    async def both() -> None:
        await asyncio.gather(bot(), other())

    try:
        asyncio.run(both())
    finally:
        thinkers.close()
    assert finished == ["other", "bot"]


class HeldThinkers:
    """Thinkers that answer as a worker would (in this process), once let ``go``."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.go = asyncio.Event()

    async def choose(self, question: Question) -> tuple[Action, float | None]:
        self.asked.set()
        await self.go.wait()
        kind, arg, ms = answer(question)
        return Action(kind, arg), ms


class Page:
    """A page's live connection (what ``_requests`` reads), saying ``messages`` in turn,
    then silent."""

    def __init__(self, *messages: dict[str, object]) -> None:
        self.messages = [{"type": "websocket.receive", "text": json.dumps(m)} for m in messages]

    async def receive(self) -> dict[str, object]:
        if self.messages:
            return self.messages.pop(0)
        await asyncio.Event().wait()  # nothing more until the connection is closed
        raise AssertionError("unreachable")


def test_a_bot_answers_after_the_connection_that_acted_closed(tmp_path: Path) -> None:
    """A person plays a card over the live connection and closes the page while the bot
    thinks: the connection's tasks are cancelled, and the bot's answer is stored all the
    same (it used to be dropped, the match waiting for the bot until a restart)."""
    _load(toy_registry)
    storage = SQLiteStorage(tmp_path / "g.sqlite3")
    tables = Tables(storage, toy_registry(), Settings(db=tmp_path / "g.sqlite3"))
    thinkers = HeldThinkers()
    tables.play.thinkers = thinkers  # type: ignore[assignment]
    seats = [SeatRequest(name="Ann"), SeatRequest(bot="ismcts_easy")]

    async def run() -> None:
        thinkers.go.set()
        table, made = await tables.create("toy_duel", None, None, 3, seats)
        thinkers.go.clear()
        thinkers.asked.clear()
        listener = Listener(table.id, "north")
        for _ in range(10):  # bounded: Ann plays on (her bonus) until the bot must answer
            action = RULESET.actions(table.match.state, "north")[0]
            act = {"type": action.type, "arg": action.arg, "version": table.version}
            page: Any = Page({"id": 1, "act": act})
            connection = asyncio.create_task(_requests(page, tables, listener, made["north"]))
            asked = asyncio.create_task(thinkers.asked.wait())
            answered = asyncio.create_task(listener.next())  # Ann's turn again, no bot asked
            await asyncio.wait({asked, answered}, return_when=asyncio.FIRST_COMPLETED)
            if thinkers.asked.is_set():
                answered.cancel()
                break
            asked.cancel()
            connection.cancel()
        assert thinkers.asked.is_set()  # the bot is thinking
        connection.cancel()  # the page closed
        with contextlib.suppress(asyncio.CancelledError):
            await connection
        thinkers.go.set()
        async with asyncio.timeout(10):
            while RULESET.to_act(table.match.state, {"south": "ismcts_easy"}) is not None:
                await asyncio.sleep(0.01)
            async with table.lock:  # the answer is stored: the table is free again
                assert len(storage.actions(table.id)) == table.match.seq
        assert RULESET.actions(table.match.state, "north")  # Ann's turn again

    try:
        asyncio.run(run())
    finally:
        tables.writer.close()
        storage.close()
