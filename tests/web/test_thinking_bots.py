"""Search bots on the site: offered as levels, thinking in a worker process (the server
answers others meanwhile), their thinking time in every seat's payload."""

import asyncio
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.thinking import Question, Thinkers, _load, answer
from tests.core.toygame import RULESET
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
