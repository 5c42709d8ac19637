"""Interrupts over HTTP and the WebSocket, on the toy duel's jinx variant (issue 26 item 8):
a seat the game does not wait for takes its interrupt at any time; staleness stays per
seat; the change is pushed to every seat; undo stays information-safe (a seat takes back
its own interrupt while nobody acted since, and nothing across another seat's action)."""

from __future__ import annotations

import types
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from gameshelf.core.bots.agents import AgentSpec, Observation
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.core.toygame import JinxDuel
from tests.web.conftest import TestClient, auth, watch

NORTH, SOUTH = "north", "south"


class Jinxer:
    """A bot whose policy takes every interrupt it is offered (core.bots.agents.Interrupter);
    when awaited, the first legal action."""

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        return actions[0]

    def interrupt(self, observation: Observation, actions: Sequence[Action]) -> Action | None:
        return actions[0]


def jinx_plugin() -> types.SimpleNamespace:
    @hookimpl
    def gameshelf_games():
        return [JinxDuel()]

    @hookimpl
    def gameshelf_agents():
        return [AgentSpec(id="jinxer", title="Jinxer", factory=Jinxer, games=("toy_jinx",))]

    return types.SimpleNamespace(gameshelf_games=gameshelf_games, gameshelf_agents=gameshelf_agents)


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    registry = Registry(make_plugin_manager(load=["core"], extra=[("jinx", jinx_plugin())]))
    app = create_app(Settings(db=tmp_path / "jinx.sqlite3"), registry=registry)
    with TestClient(app) as c:
        yield c


def view(client: TestClient, mid: str, token: str | None) -> dict[str, Any]:
    return client.get(f"/api/matches/{mid}/view", headers=auth(token)).json()


def post(client: TestClient, mid: str, token: str, body: dict[str, Any], path: str = "actions"):
    return client.post(f"/api/matches/{mid}/{path}", headers=auth(token), json=body)


def at_bonus(client: TestClient) -> tuple[str, dict[str, str]]:
    """North won the first round and decides on its bonus roll; South waits (the core's
    tests/core/test_interrupt.py position, played over HTTP)."""
    client.app.state.tables.lobby.new_seed = lambda: 3  # type: ignore[attr-defined]
    body = {"game": "toy_jinx", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    created = client.post("/api/matches", json=body)
    assert created.status_code == 201, created.text
    data = created.json()
    mid, tokens = data["id"], {s["role"]: s["token"] for s in data["seats"]}
    for role in (NORTH, SOUTH):
        mine = view(client, mid, tokens[role])
        card = mine["view"]["actions"]["card"][0]
        reply = post(
            client, mid, tokens[role], {"type": "card", "arg": card, "version": mine["version"]}
        )
        assert reply.status_code == 200, reply.text
    public = view(client, mid, None)["view"]
    assert (public["step"], public["active"], public["score"]) == (
        "bonus",
        [NORTH],
        {NORTH: 1, SOUTH: 0},
    )
    return mid, tokens


def test_a_seat_not_awaited_jinxes_and_every_seat_hears_of_it(client: TestClient) -> None:
    mid, tokens = at_bonus(client)
    south, north = view(client, mid, tokens[SOUTH]), view(client, mid, tokens[NORTH])
    assert south["view"]["interrupts"] == {"jinx": [NORTH]}
    assert south["view"]["actions"] == {"jinx": [NORTH]}
    assert "interrupts" not in north["view"]
    version = south["version"]
    for token, body, status in (  # refused, and nothing changes
        (tokens[SOUTH], {"type": "roll", "arg": None}, 403),  # not its turn
        (tokens[SOUTH], {"type": "jinx", "arg": SOUTH}, 403),  # not offered
        (tokens[NORTH], {"type": "jinx", "arg": NORTH}, 422),  # South's, not North's
    ):
        reply = post(client, mid, token, {**body, "version": version})
        assert reply.status_code == status, (body, reply.text)
    assert view(client, mid, None)["version"] == version

    with watch(client, mid, tokens[NORTH]) as north_ws, watch(client, mid) as public_ws:
        assert north_ws.receive_json()["version"] == version
        assert public_ws.receive_json()["version"] == version
        reply = post(client, mid, tokens[SOUTH], {"type": "jinx", "arg": NORTH, "version": version})
        assert reply.status_code == 200, reply.text
        after = reply.json()["version"]
        assert north_ws.receive_json()["version"] == after  # pushed to the seat to act
        assert public_ws.receive_json()["version"] == after
    north_now = view(client, mid, tokens[NORTH])
    assert north_now["view"]["score"] == {NORTH: 0, SOUTH: 0}
    assert north_now["view"]["active"] == [NORTH]  # still North's decision
    # North's decision made before the jinx: what it sees changed, so it is stale
    stale = post(client, mid, tokens[NORTH], {"type": "pass", "arg": None, "version": version})
    assert stale.status_code == 409, stale.text
    assert view(client, mid, None)["version"] == after


def test_undo_of_an_interrupt_is_its_seats_own_and_never_across_another_seat(
    client: TestClient,
) -> None:
    mid, tokens = at_bonus(client)
    version = view(client, mid, tokens[SOUTH])["version"]
    reply = post(client, mid, tokens[SOUTH], {"type": "jinx", "arg": NORTH, "version": version})
    assert reply.status_code == 200, reply.text
    assert reply.json()["undo"] == 1  # nothing new came out: South may take it back
    assert view(client, mid, tokens[NORTH])["undo"] == 0  # North never undoes South's jinx
    version = reply.json()["version"]
    undone = post(client, mid, tokens[SOUTH], {"version": version}, "undo")
    assert undone.status_code == 200, undone.text
    assert undone.json()["view"]["score"] == {NORTH: 1, SOUTH: 0}
    assert undone.json()["view"]["interrupts"] == {"jinx": [NORTH]}

    version = undone.json()["version"]
    again = post(client, mid, tokens[SOUTH], {"type": "jinx", "arg": NORTH, "version": version})
    assert again.status_code == 200, again.text
    north = view(client, mid, tokens[NORTH])
    done = post(
        client, mid, tokens[NORTH], {"type": "pass", "arg": None, "version": north["version"]}
    )
    assert done.status_code == 200, done.text
    south = view(client, mid, tokens[SOUTH])
    assert south["undo"] == 0  # North acted after the jinx
    refused = post(client, mid, tokens[SOUTH], {"version": south["version"]}, "undo")
    assert refused.status_code == 409, refused.text
    assert view(client, mid, tokens[SOUTH])["version"] == south["version"]


@pytest.mark.parametrize(("bot", "jinxed"), [("jinxer", True), ("random", False)])
def test_a_bot_takes_an_interrupt_out_of_turn_only_if_its_policy_asks(
    client: TestClient, bot: str, jinxed: bool
) -> None:
    """North, a person, wins the first round; South, a bot, is not awaited while North
    decides on its bonus: the jinxer's policy jinxes at once, the random bot never does."""
    client.app.state.tables.lobby.new_seed = lambda: 3  # type: ignore[attr-defined]
    body = {"game": "toy_jinx", "seats": [{"name": "Ann"}, {"bot": bot}]}
    created = client.post("/api/matches", json=body)
    assert created.status_code == 201, created.text
    data = created.json()
    mid, token = data["id"], next(s["token"] for s in data["seats"] if s["token"])
    mine = view(client, mid, token)
    card = max(mine["view"]["actions"]["card"])  # North's best card wins the round
    reply = post(client, mid, token, {"type": "card", "arg": card, "version": mine["version"]})
    assert reply.status_code == 200, reply.text
    now = reply.json()["view"]
    assert (now["step"], now["active"]) == ("bonus", [NORTH])
    assert now["score"][NORTH] == (0 if jinxed else 1)
