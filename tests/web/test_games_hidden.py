"""Hidden information in the real games, through the API and the WebSocket.

With one seat's token, nothing that seat may not see reaches it: rearranging everything
hidden from it (the game's ``shuffle_hidden``, as the conformance kit does) leaves every
byte it receives unchanged. Without a token, no hand appears. In Hammer of the Scots no
unrevealed Scottish block is described to England (only its side, whether in reserve).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.snapshot import dump_snapshot
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import TestClient, auth, watch
from tests.web.games import games_registry

SEATS = {"hammer_scots": 2, "three_kingdoms": 3, "twilight_struggle": 2}


@pytest.fixture(params=sorted(SEATS))
def game(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def game_client(game: str, tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(Settings(db=tmp_path / "g.sqlite3"), registry=games_registry(game))
    with TestClient(app) as client:
        yield client


def start(client: TestClient, game: str, seed: int) -> tuple[str, dict[str, str]]:
    seats = [{"name": f"Player {i}"} for i in range(SEATS[game])]
    client.app.state.tables.lobby.new_seed = lambda: seed  # type: ignore[attr-defined]
    created = client.post("/api/matches", json={"game": game, "seats": seats})
    assert created.status_code == 201, created.text
    body = created.json()
    return body["id"], {s["role"]: s["token"] for s in body["seats"]}


def step(client: TestClient, mid: str, tokens: dict[str, str], rnd: random.Random) -> bool:
    """One random legal action of an active seat; False once the match is over."""
    public = client.get(f"/api/matches/{mid}/view").json()
    if public["outcome"] is not None:
        return False
    role = rnd.choice(public["view"]["active"])
    mine = client.get(f"/api/matches/{mid}/view", headers=auth(tokens[role])).json()
    menu = [(t, a) for t, args in mine["view"]["actions"].items() for a in args]
    kind, arg = rnd.choice(menu)
    reply = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(tokens[role]),
        json={"type": kind, "arg": arg, "version": mine["version"]},
    )
    assert reply.status_code == 200, reply.text
    return True


def received(client: TestClient, mid: str, token: str | None) -> tuple[str, str]:
    """What a seat (or a spectator) gets: the HTTP view and the WebSocket's first message."""
    with watch(client, mid, token) as ws:
        pushed = ws.receive_text()
    http = client.get(f"/api/matches/{mid}/view", headers=auth(token)).text
    return http, pushed


def check_nothing_hidden_arrives(client: TestClient, mid: str, tokens: dict[str, str]) -> None:
    table = client.app.state.tables.cached(mid)  # type: ignore[attr-defined]
    played = table.match
    ruleset = played.ruleset
    for role, token in [*tokens.items(), (None, None)]:
        before = received(client, mid, token)
        for seed in range(2):
            state = ruleset.load_state(ruleset.dump_state(played.state))
            ruleset.shuffle_hidden(state, role, Rng(seed=seed))
            # the same match with what this role cannot see re-dealt
            table.match = played.resumed(dump_snapshot(ruleset, state), played.history)
            table.forget_texts()  # the state changed behind the server's back
            assert received(client, mid, token) == before, (role, seed)
        table.match = played
        table.forget_texts()


def walk(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


def check_no_hand_for_a_spectator(client: TestClient, mid: str) -> None:
    http, pushed = received(client, mid, None)
    for text in (http, pushed):
        for d in walk(json.loads(text)):
            for key in ("hand", "down", "drawn", "my_general", "my_card"):
                assert d.get(key) is None, key


def check_englands_view_of_scottish_blocks(client: TestClient, mid: str, token: str) -> None:
    from gameshelf.plugins.hammer_scots.model import BLOCK_ID
    from gameshelf.plugins.hammer_scots.view import hidden_blocks

    table = client.app.state.tables.cached(mid)  # type: ignore[attr-defined]
    secret = {BLOCK_ID[b] for b in hidden_blocks(table.match.state, "England")}
    for text in received(client, mid, token):
        for d in walk(json.loads(text)):
            if d.get("side") != "Scotland":
                continue
            if d.get("hidden"):
                assert set(d) <= {"side", "hidden", "reserve"}, d
            else:
                assert d.get("id") not in secret, d


def test_no_seat_receives_what_it_may_not_see(game_client: TestClient, game: str) -> None:
    rnd = random.Random(7)
    mid, tokens = start(game_client, game, seed=3)
    for n in range(100):
        if n % 25 == 0:
            check_nothing_hidden_arrives(game_client, mid, tokens)
            check_no_hand_for_a_spectator(game_client, mid)
            if game == "hammer_scots":
                check_englands_view_of_scottish_blocks(game_client, mid, tokens["England"])
        if not step(game_client, mid, tokens, rnd):
            break
