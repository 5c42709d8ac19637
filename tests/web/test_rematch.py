"""Rematch (issue 29 item 7): from a finished match, one click offers the same game,
scenario and options to the same players, seats rotated; each accepts."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import ORIGIN, auth, new_duel, sign_up, tokens


def rematch(client: TestClient, mid: str, token: str) -> object:
    return client.post(f"/api/matches/{mid}/rematch", headers={**ORIGIN, **auth(token)})


def test_a_rematch_rotates_the_seats_and_invites_the_other_account(app: FastAPI) -> None:
    ann, bob = TestClient(app), TestClient(app)
    sign_up(ann, "Ann")
    sign_up(bob, "Bob")
    made = ann.post(
        "/api/matches",
        json={"game": "toy_duel", "scenario": "short", "seats": [{"me": True}, {"player": "Bob"}]},
        headers=ORIGIN,
    ).json()
    mid, north = made["id"], made["seats"][0]["token"]
    south = bob.post(
        f"/api/matches/{mid}/invitation", json={"accept": True}, headers=ORIGIN
    ).json()["token"]
    assert rematch(ann, mid, north).status_code == 409  # not over yet
    bob.post(
        f"/api/matches/{mid}/resign", json={"confirm": True}, headers={**ORIGIN, **auth(south)}
    )
    offered = rematch(ann, mid, north)
    assert offered.status_code == 201, offered.text
    again = offered.json()
    new = again["id"]
    assert new != mid
    seats = {s["role"]: s for s in again["seats"]}
    assert seats["south"]["name"] == "Ann"  # Ann moved from north to south
    assert seats["north"] == {"role": "north", "name": "Bob", "token": None}  # invited
    assert f"gs_{new}_south=" in offered.headers["set-cookie"]
    info = ann.get(f"/api/matches/{new}").json()
    assert info["status"] == "open"
    assert app.state.tables.cached(new).match.scenario == "short"
    first = bob.get("/api/my/matches").json()[0]
    assert (first["id"], first["invited"]) == (new, True)
    assert bob.post(f"/api/matches/{new}/invitation", json={"accept": True}, headers=ORIGIN).json()
    assert ann.get(f"/api/matches/{new}").json()["status"] == "running"
    twice = rematch(bob, mid, south)  # offered once: the same match again
    assert twice.status_code == 200
    assert twice.json()["id"] == new
    assert all(s["token"] is None for s in twice.json()["seats"])


def test_a_guest_gets_a_rematch_against_the_same_bot(client: TestClient) -> None:
    made = client.post(
        "/api/matches", json={"game": "toy_duel", "seats": [{"name": "Gus"}, {"bot": "first"}]}
    ).json()
    mid, north = made["id"], tokens(made)["north"]
    client.post(f"/api/matches/{mid}/resign", json={"confirm": True}, headers=auth(north))
    offered = client.post(f"/api/matches/{mid}/rematch", headers=auth(north)).json()
    seats = {s["role"]: s for s in offered["seats"]}
    assert seats["south"]["name"] == "Gus"
    assert seats["south"]["token"]
    info = client.get(f"/api/matches/{offered['id']}").json()
    assert info["status"] == "running"
    assert {s["role"]: s["kind"] for s in info["seats"]} == {"north": "bot", "south": "human"}
    assert info["seats"][0]["agent"] == "first"


def test_only_a_seat_offers_a_rematch(client: TestClient) -> None:
    made = new_duel(client)
    mid = made["id"]
    client.post(
        f"/api/matches/{mid}/resign", json={"confirm": True}, headers=auth(tokens(made)["north"])
    )
    assert client.post(f"/api/matches/{mid}/rematch").status_code == 401
