"""Live updates and hidden information: each connection gets its own seat's view only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.websockets import WebSocketDisconnect

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.snapshot import dump_snapshot
from tests.core.toygame import RULESET
from tests.web.conftest import Page, TestClient, auth, new_duel, tokens, watch


def first_card(payload: dict[str, Any]) -> int:
    return payload["view"]["actions"]["card"][0]


def test_each_connection_receives_its_own_seats_view_on_every_change(
    client: TestClient, app: FastAPI
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    with (
        watch(client, mid, tok["north"]) as north,
        watch(client, mid, tok["south"]) as south,
        watch(client, mid) as spectator,
    ):
        pages = Page(), Page(), Page()

        def receive() -> list[dict[str, Any]]:
            return [
                p.take(ws.receive_json())
                for p, ws in zip(pages, (north, south, spectator), strict=True)
            ]

        n0, s0, x0 = receive()
        assert (n0["seq"], s0["seq"], x0["seq"]) == (0, 0, 0)
        state = app.state.tables.cached(mid).match.state
        assert n0["view"]["hand"] == state.hands["north"]
        assert s0["view"]["hand"] == state.hands["south"]
        assert x0["view"]["hand"] is None
        card = first_card(n0)
        client.post(
            f"/api/matches/{mid}/actions",
            headers=auth(tok["north"]),
            json={"type": "card", "arg": card, "version": 0},
        )
        n1, s1, x1 = receive()
        assert n1["seq"] == s1["seq"] == x1["seq"] == 1
        assert n1["view"]["my_choice"] == {"type": "card", "arg": card}
        assert s1["view"]["chosen"] == ["north"]  # South does not see North's card
        assert s1["view"]["my_choice"] is None
        assert x1["view"]["chosen"] == ["north"]
        assert x1["view"]["my_choice"] is None
        assert s1["view"]["actions"] == s0["view"]["actions"]
        fresh = client.get(f"/api/matches/{mid}/view", headers=auth(tok["north"])).json()
        fresh["view"].pop("log")
        assert n1 == fresh
        assert (
            pages[0].log
            == client.get(f"/api/matches/{mid}/log", headers=auth(tok["north"])).json()["log"]
        )


def test_a_wrong_token_or_match_closes_the_socket_with_a_reason(client: TestClient) -> None:
    created = new_duel(client)
    with watch(client, created["id"], "wrong") as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4401
    with watch(client, "nosuch") as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4404


@pytest.mark.parametrize(
    "hello", ["not json", "[1]", '{"token": 7}', '{"token": "x", "role": "north"}']
)
def test_a_socket_must_first_say_who_it_is(client: TestClient, hello: str) -> None:
    created = new_duel(client)
    with client.websocket_connect(f"/ws/matches/{created['id']}") as ws:
        ws.send_text(hello)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4400


def test_a_token_in_the_socket_url_is_refused(client: TestClient) -> None:
    created = new_duel(client)
    token = tokens(created)["north"]
    with (
        client.websocket_connect(f"/ws/matches/{created['id']}?token={token}") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == 4403
    assert "URL" in closed.value.reason


def test_a_token_may_come_in_the_handshakes_header(client: TestClient) -> None:
    created = new_duel(client)
    token = tokens(created)["south"]
    with client.websocket_connect(f"/ws/matches/{created['id']}", headers=auth(token)) as ws:
        assert ws.receive_json()["role"] == "south"  # no first message was awaited
    wrong = auth(token[::-1])
    with (
        client.websocket_connect(f"/ws/matches/{created['id']}", headers=wrong) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == 4401


def test_nothing_a_seat_may_not_see_reaches_it(client: TestClient, app: FastAPI) -> None:
    """Rearranging everything North may not see changes nothing North receives (the same
    check the conformance kit makes of the rules, made here of the web app's messages)."""
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(tok["south"]),
        json={
            "type": "card",
            "arg": app.state.tables.cached(mid).match.state.hands["south"][0],
            "version": 0,
        },
    )
    table = app.state.tables.cached(mid)
    played = table.match
    for role, token in [("north", tok["north"]), (None, None)]:
        with watch(client, mid, token) as ws:
            pushed = ws.receive_text()
        http = client.get(f"/api/matches/{mid}/view", headers=auth(token)).text
        for seed in range(5):
            state = RULESET.load_state(RULESET.dump_state(played.state))
            RULESET.shuffle_hidden(state, role, Rng(seed=seed))
            # the same match with what this role cannot see re-dealt
            table.match = played.resumed(dump_snapshot(RULESET, state), played.history)
            table.forget_texts()  # changed behind the server's back
            with watch(client, mid, token) as ws:
                assert ws.receive_text() == pushed
            assert client.get(f"/api/matches/{mid}/view", headers=auth(token)).text == http
    spectator = json.loads(client.get(f"/api/matches/{mid}/view").text)
    assert spectator["view"]["hand"] is None
    assert "token" not in json.dumps(spectator)


def test_live_messages_may_carry_only_the_tail_of_the_log(client: TestClient) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    with watch(client, mid, tok["north"], "?log_tail=1") as ws:
        first = ws.receive_json()
        assert first["log_from"] == max(0, first["log_total"] - 1)
        for role, seq in (("north", 0), ("south", 1)):
            view = client.get(f"/api/matches/{mid}/view", headers=auth(tok[role])).json()
            client.post(
                f"/api/matches/{mid}/actions",
                headers=auth(tok[role]),
                json={"type": "card", "arg": first_card(view), "version": seq},
            )
            pushed = ws.receive_json()
        full = client.get(f"/api/matches/{mid}/view", headers=auth(tok["north"])).json()
        assert pushed["view"]["log"] == full["view"]["log"][-1:]
        assert pushed["log_from"] == len(full["view"]["log"]) - 1


# --- Decisions over the connection ---------------------------------------------------------


def test_a_seat_acts_and_undoes_over_its_connection(client: TestClient, app: FastAPI) -> None:
    """An action sent over the socket is answered, then the view it led to arrives as the
    live update; the other seats see it as after an HTTP action; an undo likewise."""
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    with watch(client, mid, tok["north"]) as north, watch(client, mid, tok["south"]) as south:
        mine, theirs = Page(), Page()
        first = mine.take(north.receive_json())
        theirs.take(south.receive_json())
        card = first_card(first)
        north.send_json({"id": 7, "act": {"type": "card", "arg": card, "version": 0}})
        assert north.receive_json() == {"answer": 7, "applied": True, "version": 1}
        after = mine.take(north.receive_json())
        assert after["version"] == 1
        assert after["view"]["my_choice"] == {"type": "card", "arg": card}
        assert theirs.take(south.receive_json())["view"]["chosen"] == ["north"]
        fresh = client.get(f"/api/matches/{mid}/view", headers=auth(tok["north"])).json()
        assert fresh["view"] == mine.payload["view"] | {"log": fresh["view"]["log"]}
        north.send_json({"id": 8, "undo": {"version": 1}})
        assert north.receive_json() == {"answer": 8, "applied": True, "version": 2}
        assert mine.take(north.receive_json())["view"]["my_choice"] is None
        assert app.state.tables.cached(mid).match.seq == 0


def test_a_retried_action_over_the_connection_is_applied_once(client: TestClient) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    with watch(client, mid, tok["north"]) as north:
        card = first_card(north.receive_json())
        act = {"type": "card", "arg": card, "version": 0}
        north.send_json({"id": 1, "act": act})
        assert north.receive_json()["applied"] is True
        north.receive_json()  # the view it led to
        north.send_json({"id": 2, "act": act})
        assert north.receive_json() == {"answer": 2, "applied": False, "version": 1}
    assert client.get(f"/api/matches/{mid}").json()["seq"] == 1


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json", "malformed"),
        ('{"id": 1}', "malformed"),  # neither act nor undo
        (
            '{"id": 1, "act": {"type": "card", "arg": 1, "version": 0}, "undo": {"version": 0}}',
            "malformed",
        ),
        ('{"id": 1, "act": {"type": "card", "version": 0.5}}', "malformed"),
        ('{"id": 1, "act": {"type": "card", "arg": 99, "version": 0}}', "illegal"),
        ('{"id": 1, "act": {"type": "fly", "arg": 1, "version": 0}}', "unknown_action"),
        ('{"id": 1, "act": {"type": "card", "arg": 1, "version": 5}}', "stale"),
        ('{"id": 1, "undo": {"version": 0}}', "cannot_undo"),
    ],
)
def test_a_bad_request_over_the_connection_is_refused_and_changes_nothing(
    client: TestClient, message: str, code: str
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    with watch(client, mid, tok["north"]) as north:
        north.receive_json()
        north.send_text(message)
        answer = north.receive_json()
        assert answer["detail"]["code"].startswith(code), answer
        assert answer["detail"]["reason"]
        assert client.get(f"/api/matches/{mid}").json()["version"] == 0
        north.send_json({"id": 2, "undo": {"version": 0}})
        assert north.receive_json()["answer"] == 2  # the connection goes on


def test_a_spectator_cannot_act_over_its_connection(client: TestClient) -> None:
    created = new_duel(client)
    mid = created["id"]
    with watch(client, mid) as spectator:
        spectator.receive_json()
        spectator.send_json({"id": 3, "act": {"type": "card", "arg": 1, "version": 0}})
        answer = spectator.receive_json()
        assert answer["answer"] == 3
        assert answer["detail"]["code"] == "missing_token"
    assert client.get(f"/api/matches/{mid}").json()["seq"] == 0
