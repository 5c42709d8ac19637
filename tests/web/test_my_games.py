"""My games and invitations (issue 29 items 2 and 3): an account's matches in three groups,
the count of those waiting for it in every page's header, invitations by name that hold the
match back until answered, open seats taken by a signed-in player, and the keys that open
an account's seats from another browser."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from gameshelf.web.people import SESSION_COOKIE
from tests.web.conftest import ORIGIN, auth, calls_on_the_loop, sign_up


def make(client: TestClient, seats: list[dict[str, Any]], game: str = "toy_duel") -> Any:
    return client.post("/api/matches", json={"game": game, "seats": seats}, headers=ORIGIN)


def answer(client: TestClient, mid: str, accept: bool) -> Any:
    return client.post(f"/api/matches/{mid}/invitation", json={"accept": accept}, headers=ORIGIN)


def header_count(client: TestClient) -> int:
    found = re.search(r'class="count"[^>]*>(\d+)<', client.get("/").text)
    return int(found.group(1)) if found else 0


def mine(client: TestClient) -> list[dict[str, Any]]:
    reply = client.get("/api/my/matches")
    assert reply.status_code == 200, reply.text
    return reply.json()


def two(app: FastAPI) -> tuple[TestClient, TestClient]:
    ann, bob = TestClient(app), TestClient(app)
    sign_up(ann, "Ann")
    sign_up(bob, "Bob")
    return ann, bob


def test_an_invited_player_sees_the_match_and_it_waits_for_the_answer(app: FastAPI) -> None:
    ann, bob = two(app)
    made = make(ann, [{"me": True}, {"player": "BOB"}])
    assert made.status_code == 201, made.text
    mid = made.json()["id"]
    assert made.json()["seats"][1] == {"role": "south", "name": "Bob", "token": None}
    listed = mine(bob)
    assert [(m["id"], m["waiting"], m["invited"]) for m in listed] == [(mid, "you", True)]
    assert header_count(bob) == 1
    assert mine(ann)[0]["waiting"] == "others"
    assert mine(ann)[0]["status"] == "open"
    north = made.json()["seats"][0]["token"]
    payload = ann.get(f"/api/matches/{mid}/view", headers=auth(north)).json()
    card = payload["view"]["actions"]["card"][0]
    early = ann.post(
        f"/api/matches/{mid}/actions",
        json={"type": "card", "arg": card, "version": payload["version"]},
        headers={**ORIGIN, **auth(north)},
    )
    assert early.status_code == 409
    assert early.json()["detail"]["code"] == "not_started"
    assert app.state.storage.actions(mid) == []


def test_accepting_starts_the_match_once_every_seat_is_taken(app: FastAPI) -> None:
    ann, bob = two(app)
    mid = make(ann, [{"me": True}, {"player": "Bob"}]).json()["id"]
    assert answer(ann, mid, True).status_code == 409  # Ann was not invited
    reply = answer(bob, mid, True)
    assert reply.status_code == 200, reply.text
    token = reply.json()["token"]
    assert f"gs_{mid}_south={token}" in reply.headers["set-cookie"]
    view = bob.get(f"/api/matches/{mid}/view", headers=auth(token)).json()
    assert view["role"] == "south"
    assert view["status"] == "running"
    assert [m["waiting"] for m in mine(bob)] == ["you"]  # a duel: both choose at once
    assert answer(bob, mid, True).status_code == 409  # answered already


def test_declining_opens_the_seat_to_anyone(app: FastAPI) -> None:
    ann, bob = two(app)
    mid = make(ann, [{"me": True}, {"player": "Bob"}]).json()["id"]
    assert answer(bob, mid, False).json()["token"] is None
    assert mine(bob) == []
    seat = app.state.storage.seats([mid])[mid][1]
    assert (seat.kind, seat.account) == ("open", None)
    cy = TestClient(app)
    sign_up(cy, "Cyd")
    joined = cy.post(f"/api/matches/{mid}/join", json={"name": "whatever"}, headers=ORIGIN)
    assert joined.status_code == 200
    assert joined.json()["name"] == "Cyd"  # a signed-in player joins under its account
    assert [m["id"] for m in mine(cy)] == [mid]


def test_invitations_need_an_account_to_invite_and_one_to_be_invited(app: FastAPI) -> None:
    ann, _ = two(app)
    guest = TestClient(app)
    refused = make(guest, [{"name": "G"}, {"player": "Bob"}])
    assert refused.status_code == 401
    unknown = make(ann, [{"me": True}, {"player": "Nobody"}])
    assert unknown.status_code == 422
    assert "Nobody" in unknown.json()["detail"]["reason"]
    assert make(ann, [{"me": True}, {"player": "ann"}]).status_code == 422
    assert app.state.storage.matches() == []


def test_my_games_are_grouped_waiting_for_me_then_others_then_finished(app: FastAPI) -> None:
    ann, _ = two(app)
    finished = make(ann, [{"me": True}, {"bot": True}]).json()
    turn = make(ann, [{"me": True}, {"player": "Bob"}]).json()  # waits for Bob
    mine_now = make(ann, [{"me": True}, {"bot": True}]).json()  # waits for Ann
    north = finished["seats"][0]["token"]
    for _ in range(40):  # play the first out against the bot
        payload = ann.get(f"/api/matches/{finished['id']}/view", headers=auth(north)).json()
        if payload["status"] == "finished":
            break
        kind, args = next(iter(payload["view"]["actions"].items()))
        body = {"type": kind, "arg": args[0] if args else None, "version": payload["version"]}
        headers = {**ORIGIN, **auth(north)}
        ann.post(f"/api/matches/{finished['id']}/actions", json=body, headers=headers)
    listed = mine(ann)
    assert [(m["id"], m["waiting"]) for m in listed] == [
        (mine_now["id"], "you"),
        (turn["id"], "others"),
        (finished["id"], "finished"),
    ]
    assert listed[0]["seats"][1]["kind"] == "bot"
    assert header_count(ann) == 1
    page = ann.get("/my").text
    assert page.index(mine_now["id"]) < page.index(turn["id"]) < page.index(finished["id"])
    assert "ago" in page


def test_my_games_need_a_session(client: TestClient) -> None:
    assert client.get("/api/my/matches").status_code == 401
    assert "not signed in" in client.get("/my").text


def test_another_browser_of_the_account_gets_a_key_to_its_seat(app: FastAPI) -> None:
    ann, bob = two(app)
    mid = make(ann, [{"me": True}, {"bot": True}]).json()["id"]
    laptop = TestClient(app)
    laptop.post("/api/session", json={"name": "Ann", "password": "correct horse"}, headers=ORIGIN)
    page = laptop.get(f"/m/{mid}")
    key = laptop.cookies[f"gs_{mid}_north"]
    assert "HttpOnly" not in page.headers["set-cookie"]  # the page's script sends it
    assert laptop.get(f"/api/matches/{mid}/view", headers=auth(key)).json()["role"] == "north"
    assert "set-cookie" not in laptop.get(f"/m/{mid}").headers  # held already: no new key
    assert bob.get(f"/m/{mid}").headers.get("set-cookie") is None  # not Bob's seat
    # signing out ends the key with the session
    laptop.delete("/api/session", headers=ORIGIN)
    assert laptop.get(f"/api/matches/{mid}/view", headers=auth(key)).status_code == 401
    assert SESSION_COOKIE not in laptop.cookies


def test_the_live_connection_opens_with_a_key(app: FastAPI) -> None:
    ann, _ = two(app)
    mid = make(ann, [{"me": True}, {"bot": True}]).json()["id"]
    ann.get(f"/m/{mid}")
    key = ann.cookies[f"gs_{mid}_north"]
    with ann.websocket_connect(f"/ws/matches/{mid}") as ws:
        ws.send_json({"token": key})
        assert ws.receive_json()["role"] == "north"


def test_a_pages_header_is_read_off_the_event_loop(app: FastAPI) -> None:
    """The account and its matches waiting (read on every page) come from the store in a
    worker thread, never on the thread that runs the event loop."""
    ann, bob = two(app)
    assert make(ann, [{"me": True}, {"player": "BOB"}]).status_code == 201
    storage = app.state.tables.people.storage
    with calls_on_the_loop(storage, ("session_account", "matches_of")) as made:
        assert header_count(bob) == 1
        assert sorted(made) == [("matches_of", False), ("session_account", False)]
        made.clear()
        assert len(mine(bob)) == 1  # the API's session cookie too
        assert sorted(made) == [("matches_of", False), ("session_account", False)]
