"""The JSON API: every status code, refusals that change nothing, retries, undo, bots."""

from __future__ import annotations

import base64
import sqlite3
import time
from typing import Any

import pytest
from fastapi import FastAPI

from gameshelf.web.storage import SCHEMA_VERSION
from tests.web.conftest import TestClient, auth, new_duel, tokens


def fingerprint(app: FastAPI, match_id: str) -> tuple[str, list[Any], int]:
    """The match as the server holds it: state JSON, history, and the stored log length."""
    table = app.state.tables.cached(match_id)
    stored = app.state.storage.actions(match_id)
    return table.match.state.to_json(), list(table.match.history), len(stored)


def legal_card(client: TestClient, match_id: str, token: str) -> int:
    view = client.get(f"/api/matches/{match_id}/view", headers=auth(token)).json()["view"]
    return view["actions"]["card"][0]


def play_a_card(client: TestClient, match_id: str, token: str, seq: int) -> Any:
    """The seat of ``token`` plays its first legal card at version ``seq``."""
    return client.post(
        f"/api/matches/{match_id}/actions",
        headers=auth(token),
        json={"type": "card", "arg": legal_card(client, match_id, token), "version": seq},
    )


# --- games and matches --------------------------------------------------------------------


def test_games_lists_every_installed_game_with_its_info(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == ["toy_duel"]
    duel = games[0]
    assert duel["title"] == "High Card Duel"
    assert [s["id"] for s in duel["scenarios"]] == ["standard", "short"]
    assert duel["options"][0]["id"] == "hand_size"
    assert (duel["min_players"], duel["max_players"]) == (2, 2)
    assert {a["id"] for a in client.get("/api/agents").json()} >= {"random", "first"}


def test_creating_a_match_returns_each_persons_token_once(client: TestClient, app: FastAPI) -> None:
    created = client.post(
        "/api/matches", json={"game": "toy_duel", "seats": [{"name": "Ann"}, {"bot": "first"}]}
    ).json()
    seats = {s["role"]: s for s in created["seats"]}
    assert seats["south"]["token"] is None
    assert seats["south"]["name"] == "First legal move"
    token = seats["north"]["token"]
    assert len(base64.urlsafe_b64decode(token + "==")) >= 16  # at least 128 random bits
    listing = client.get("/api/matches").text
    assert token not in listing
    info = client.get(f"/api/matches/{created['id']}").json()
    assert token not in str(info)
    assert [s["kind"] for s in info["seats"]] == ["human", "bot"]


def test_a_seat_token_is_stored_only_as_a_hash(
    client: TestClient, app: FastAPI, db_path: Any
) -> None:
    created = new_duel(client)
    raw = b"".join(p.read_bytes() for p in db_path.parent.glob("gameshelf.sqlite3*"))
    for token in tokens(created).values():
        assert token.encode() not in raw


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "seats": [{"name": "A"}, {"name": "B"}]}, "unknown_game"),
        (
            {"game": "toy_duel", "scenario": "long", "seats": [{"name": "A"}, {"name": "B"}]},
            "bad_setup",
        ),
        (
            {
                "game": "toy_duel",
                "options": {"hand_size": 9},
                "seats": [{"name": "A"}, {"name": "B"}],
            },
            "bad_setup",
        ),
        (
            {"game": "toy_duel", "options": {"colour": 1}, "seats": [{"name": "A"}, {"name": "B"}]},
            "bad_setup",
        ),
        ({"game": "toy_duel", "seats": [{"name": "A"}]}, "bad_setup"),
        (
            {
                "game": "toy_duel",
                "seats": [{"name": "A", "role": "north"}, {"name": "B", "role": "north"}],
            },
            "bad_seat",
        ),
        ({"game": "toy_duel", "seats": [{"name": "A", "role": "east"}, {"name": "B"}]}, "bad_seat"),
        ({"game": "toy_duel", "seats": [{"name": "A"}, {"bot": "genius"}]}, "unknown_agent"),
        ({"game": "toy_duel", "seats": []}, "malformed"),
        ({"game": "toy_duel", "seats": [{"name": "A" * 41}, {"name": "B"}]}, "malformed"),
        (
            {"game": "toy_duel", "seats": [{"name": "A"}, {"name": "B"}], "colour": "red"},
            "malformed",
        ),
        ({"game": "toy_duel", "seed": -1, "seats": [{"name": "A"}, {"name": "B"}]}, "malformed"),
    ],
)
def test_a_match_that_cannot_be_set_up_is_refused_with_422(
    client: TestClient, body: Any, code: str
) -> None:
    reply = client.post("/api/matches", json=body)
    assert reply.status_code == 422, reply.text
    assert reply.json()["detail"]["code"] == code
    assert client.get("/api/matches").json() == []


def test_the_match_list_shows_status_and_whose_turn(client: TestClient) -> None:
    created = new_duel(client)
    [match] = client.get("/api/matches").json()
    assert match["id"] == created["id"]
    assert match["status"] == "running"
    assert match["active"] == ["north", "south"]
    assert [s["name"] for s in match["seats"]] == ["Ann", "Bob"]
    assert client.get("/api/matches?status=finished").json() == []


# --- views ------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_a_spectator_sees_none(
    client: TestClient, app: FastAPI
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    state = app.state.tables.cached(mid).match.state
    north = client.get(f"/api/matches/{mid}/view", headers=auth(tok["north"])).json()
    assert north["view"]["hand"] == state.hands["north"]
    assert north["role"] == "north"
    assert north["seq"] == 0
    assert north["outcome"] is None
    spectator = client.get(f"/api/matches/{mid}/view").json()
    assert spectator["view"]["hand"] is None
    assert spectator["view"]["actions"] == {}


def test_a_view_with_an_unknown_token_is_refused_with_401(client: TestClient) -> None:
    created = new_duel(client)
    reply = client.get(f"/api/matches/{created['id']}/view", headers=auth("nope"))
    assert reply.status_code == 401
    assert reply.headers["www-authenticate"] == "Bearer"


def test_an_unknown_match_is_404_everywhere(client: TestClient) -> None:
    created = new_duel(client)
    token = tokens(created)["north"]
    for method, path, body in [
        ("get", "/api/matches/nosuch", None),
        ("get", "/api/matches/nosuch/view", None),
        ("post", "/api/matches/nosuch/actions", {"type": "card", "arg": 1, "version": 0}),
        ("post", "/api/matches/nosuch/undo", {}),
        ("post", "/api/matches/nosuch/join", {"name": "X"}),
        ("get", "/api/matches/nosuch/history", None),
        ("get", "/m/nosuch", None),
        ("get", "/m/nosuch/replay", None),
    ]:
        reply = client.request(method, path, json=body, headers=auth(token))
        assert reply.status_code == 404, (path, reply.text)


# --- actions ----------------------------------------------------------------------------


def test_an_accepted_action_is_stored_before_the_reply(client: TestClient, app: FastAPI) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    card = legal_card(client, mid, tok["north"])
    reply = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(tok["north"]),
        json={"type": "card", "arg": card, "version": 0},
    )
    assert reply.status_code == 200
    assert reply.json()["seq"] == 1
    assert reply.json()["view"]["my_choice"] == {"type": "card", "arg": card}
    [stored] = app.state.storage.actions(mid)
    assert (stored.seq, stored.role, stored.type, stored.arg) == (1, "north", "card", card)
    assert app.state.storage.match(mid).summary.active == ["south"]


def refusals(tok: dict[str, str], card: int) -> list[tuple[int, str, dict[str, str], Any]]:
    """(status, code, headers, body) of refused submissions of North's card at seq 0."""
    good = {"type": "card", "arg": card, "version": 0}
    north = auth(tok["north"])
    return [
        (401, "missing_token", {}, good),
        (401, "missing_token", {"Authorization": "Basic abc"}, good),
        (401, "unknown_token", auth("x" * 43), good),
        (422, "illegal", north, {**good, "arg": 99}),
        (422, "unknown_action", north, {**good, "type": "roll", "arg": None}),
        (422, "malformed", north, {"type": "card", "arg": card}),
        (422, "malformed", north, {**good, "arg": True}),
        (422, "malformed", north, {**good, "arg": 1.5}),
        (422, "malformed", north, {**good, "arg": [1]}),
        (422, "malformed", north, {**good, "arg": "x" * 201}),
        (422, "malformed", north, {**good, "version": "0"}),
        (422, "malformed", north, {**good, "version": -1}),
        (422, "malformed", north, {**good, "extra": 1}),
        (422, "malformed", north, {**good, "type": ""}),
        (422, "malformed", north, [good]),
        (422, "malformed", north, None),
        (409, "stale", north, {**good, "version": 5}),
    ]


def test_every_refusal_has_its_status_and_changes_nothing(client: TestClient, app: FastAPI) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    card = legal_card(client, mid, tok["north"])
    before = fingerprint(app, mid)
    for status, code, headers, body in refusals(tok, card):
        reply = client.post(f"/api/matches/{mid}/actions", json=body, headers=headers)
        assert reply.status_code == status, (body, reply.text)
        detail = reply.json()["detail"]
        assert detail["code"] == code, (body, detail)
        assert detail["reason"]
        assert fingerprint(app, mid) == before


def test_an_illegal_action_is_refused_with_the_rules_reason(client: TestClient) -> None:
    created = new_duel(client)
    reply = client.post(
        f"/api/matches/{created['id']}/actions",
        headers=auth(tokens(created)["north"]),
        json={"type": "card", "arg": 99, "version": 0},
    )
    assert reply.status_code == 422
    assert reply.json()["detail"]["reason"] == "Card 99 is not in your hand."


def test_garbage_bodies_are_refused_never_a_server_error(client: TestClient, app: FastAPI) -> None:
    created = new_duel(client)
    mid, north = created["id"], auth(tokens(created)["north"])
    before = fingerprint(app, mid)
    for raw in [
        b"",
        b"{",
        b"null",
        b"[" * 5000 + b"]" * 5000,
        b"\xff\xfe",
        b'{"type":1e999}',
        b'{"type":"card","arg":' + b"9" * 5000 + b',"version":0}',
        b'{"type":"\\ud800","arg":null,"version":0}',
        b'{"type":"card","arg":"\\ud800","version":0}',
    ]:
        reply = client.post(
            f"/api/matches/{mid}/actions",
            content=raw,
            headers={**north, "Content-Type": "application/json"},
        )
        assert 400 <= reply.status_code < 500, (raw[:20], reply.status_code, reply.text)
    assert fingerprint(app, mid) == before


def test_a_seat_may_not_act_when_it_is_not_its_decision(client: TestClient, app: FastAPI) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    play_a_card(client, mid, tok["north"], 0)
    play_a_card(client, mid, tok["south"], 1)  # both cards shown: the winner may roll
    [winner] = app.state.tables.cached(mid).match.state.active
    loser = "south" if winner == "north" else "north"
    before = fingerprint(app, mid)
    reply = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(tok[loser]),
        json={"type": "roll", "arg": None, "version": 2},
    )
    assert reply.status_code == 403
    assert reply.json()["detail"]["code"] == "not_your_turn"
    assert fingerprint(app, mid) == before


def test_a_seat_that_has_chosen_may_change_its_secret_choice(
    client: TestClient, app: FastAPI
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    play_a_card(client, mid, tok["north"], 0)
    hand = app.state.tables.cached(mid).match.state.hands["north"]
    reply = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(tok["north"]),
        json={"type": "card", "arg": hand[-1], "version": 1},
    )
    assert reply.status_code == 200
    assert reply.json()["view"]["my_choice"] == {"type": "card", "arg": hand[-1]}


def test_another_matchs_token_is_not_a_seat_here(client: TestClient) -> None:
    first, second = new_duel(client), new_duel(client)
    reply = client.post(
        f"/api/matches/{first['id']}/actions",
        headers=auth(tokens(second)["north"]),
        json={"type": "card", "arg": 1, "version": 0},
    )
    assert reply.status_code == 401


def test_an_action_is_stale_once_what_its_seat_sees_changed(
    client: TestClient, app: FastAPI
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    play_a_card(client, mid, tok["north"], 0)
    play_a_card(client, mid, tok["south"], 0)  # North's choice did not change South's view
    before = fingerprint(app, mid)  # both cards are shown: North's view changed at version 2
    reply = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(tok["north"]),
        json={"type": "roll", "arg": None, "version": 1},
    )
    assert reply.status_code == 409
    assert reply.json()["detail"] == {
        "code": "stale",
        "version": 2,
        "reason": "What you see changed after version 1 (the match is at 2): "
        "look again and choose.",
    }
    assert fingerprint(app, mid) == before


def test_the_same_action_sent_twice_is_applied_once(client: TestClient, app: FastAPI) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    body = {"type": "card", "arg": legal_card(client, mid, tok["north"]), "version": 0}
    first = client.post(f"/api/matches/{mid}/actions", headers=auth(tok["north"]), json=body)
    again = client.post(f"/api/matches/{mid}/actions", headers=auth(tok["north"]), json=body)
    assert first.status_code == again.status_code == 200
    assert again.headers["x-gameshelf-duplicate"] == "1"
    assert again.json() == first.json()
    assert len(app.state.storage.actions(mid)) == 1
    # the other seat sending North's action from the same version is not a retry
    other = client.post(f"/api/matches/{mid}/actions", headers=auth(tok["south"]), json=body)
    assert other.status_code == 422  # North's card is not in South's hand
    assert "x-gameshelf-duplicate" not in other.headers


# --- undo -------------------------------------------------------------------------------


def test_a_seat_may_take_back_its_action_until_new_information(
    client: TestClient, app: FastAPI
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    start = fingerprint(app, mid)
    north = auth(tok["north"])
    played = play_a_card(client, mid, tok["north"], 0).json()
    assert played["undo"] == 1
    undone = client.post(f"/api/matches/{mid}/undo", headers=north, json={"version": 1})
    assert undone.status_code == 200
    assert undone.json()["seq"] == 0
    assert undone.json()["undo"] == 0
    assert fingerprint(app, mid) == start
    assert app.state.storage.match(mid).summary.seq == 0


def test_undo_is_refused_when_there_is_nothing_to_take_back(
    client: TestClient, app: FastAPI
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    play_a_card(client, mid, tok["north"], 0)
    before = fingerprint(app, mid)
    south = auth(tok["south"])
    refused = client.post(f"/api/matches/{mid}/undo", headers=south, json={"version": 1})
    assert refused.status_code == 409
    assert refused.json()["detail"]["code"] == "cannot_undo"
    stale = client.post(f"/api/matches/{mid}/undo", headers=auth(tok["north"]), json={"version": 0})
    assert stale.status_code == 409
    assert stale.json()["detail"]["version"] == 1
    unnamed = client.post(f"/api/matches/{mid}/undo", headers=auth(tok["north"]))
    assert unnamed.status_code == 422  # an undo names the version it was decided on
    assert client.post(f"/api/matches/{mid}/undo").status_code == 401
    assert fingerprint(app, mid) == before


# --- bots, open seats, the end ------------------------------------------------------------


def play_out(client: TestClient, mid: str, token: str) -> dict[str, Any]:
    """Play North's first legal action until the match is over."""
    payload = client.get(f"/api/matches/{mid}/view", headers=auth(token)).json()
    while payload["outcome"] is None:
        menu = payload["view"]["actions"]
        assert menu, payload["view"]["prompt"]
        kind = next(iter(menu))
        reply = client.post(
            f"/api/matches/{mid}/actions",
            headers=auth(token),
            json={"type": kind, "arg": menu[kind][0], "version": payload["version"]},
        )
        assert reply.status_code == 200, reply.text
        payload = reply.json()
    return payload


def test_bots_answer_right_after_the_person_and_their_moves_are_stored(
    client: TestClient, app: FastAPI
) -> None:
    created = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seed": 3, "seats": [{"name": "Ann"}, {"bot": True}]},
    ).json()
    mid, token = created["id"], tokens(created)["north"]
    start = client.get(f"/api/matches/{mid}/view", headers=auth(token)).json()
    assert start["seq"] == 1  # the bot chose its card at once
    assert start["view"]["chosen"] == ["south"]  # who has chosen, never what
    final = play_out(client, mid, token)
    assert final["status"] == "finished"
    stored = app.state.storage.actions(mid)
    assert len(stored) == final["seq"]
    assert {a.role for a in stored} == {"north", "south"}
    assert app.state.storage.match(mid).summary.status == "finished"
    after = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(token),
        json={"type": "card", "arg": 1, "version": final["version"]},
    )
    assert after.status_code == 403
    assert after.json()["detail"]["code"] == "game_over"


def test_an_open_seat_is_taken_once_from_the_lobby(client: TestClient) -> None:
    created = client.post(
        "/api/matches", json={"game": "toy_duel", "seats": [{"name": "Ann"}, {"open": True}]}
    ).json()
    mid = created["id"]
    assert [s["token"] for s in created["seats"]][1] is None
    assert client.get("/api/matches?status=open").json()[0]["id"] == mid
    joined = client.post(f"/api/matches/{mid}/join", json={"name": "Cy"})
    assert joined.status_code == 200
    assert joined.json()["role"] == "south"
    view = client.get(f"/api/matches/{mid}/view", headers=auth(joined.json()["token"])).json()
    assert view["role"] == "south"
    assert view["status"] == "running"
    assert client.post(f"/api/matches/{mid}/join", json={"name": "Di"}).status_code == 409
    taken = client.post(f"/api/matches/{mid}/join", json={"name": "Di", "role": "north"})
    assert taken.status_code == 409
    assert taken.json()["detail"]["code"] == "seat_taken"
    assert client.post(f"/api/matches/{mid}/join", json={"name": " "}).status_code == 422


def test_history_and_replay_are_shown_once_the_match_is_over(client: TestClient) -> None:
    created = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seed": 5, "seats": [{"name": "Ann"}, {"bot": "random"}]},
    ).json()
    mid, token = created["id"], tokens(created)["north"]
    hidden = client.get(f"/api/matches/{mid}/history")
    assert hidden.status_code == 409
    assert hidden.json()["detail"]["code"] == "not_finished"
    assert client.get(f"/api/matches/{mid}/replay?seq=0").status_code == 409
    final = play_out(client, mid, token)
    history = client.get(f"/api/matches/{mid}/history").json()
    assert len(history["history"]) == final["seq"]
    assert history["seed"] == 5
    assert history["game"] == "toy_duel"
    start = client.get(f"/api/matches/{mid}/replay?seq=0&role=north").json()
    assert start["view"]["log"] == []
    assert start["total"] == final["seq"]
    end = client.get(f"/api/matches/{mid}/replay?seq={final['seq']}").json()
    assert end["view"]["log"] == final["view"]["log"]
    assert end["outcome"] == final["outcome"]
    back = client.get(f"/api/matches/{mid}/replay?seq=2&role=south").json()
    assert back["seq"] == 2
    assert back["view"]["role"] == "south"
    assert client.get(f"/api/matches/{mid}/replay?seq=9999").status_code == 422
    assert client.get(f"/api/matches/{mid}/replay?seq=1&role=east").status_code == 422


def test_openapi_documents_the_api(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in [
        "/api/games",
        "/api/matches",
        "/api/matches/{match_id}/view",
        "/api/matches/{match_id}/actions",
        "/api/matches/{match_id}/undo",
        "/api/matches/{match_id}/history",
    ]:
        assert path in paths


def test_the_database_is_wal_and_its_schema_is_versioned(client: TestClient, db_path: Any) -> None:
    new_duel(client)
    db = sqlite3.connect(db_path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    found = db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0]
    assert found == str(SCHEMA_VERSION)


def test_a_page_may_ask_only_for_the_tail_of_the_log(client: TestClient) -> None:
    created = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seed": 2, "seats": [{"name": "Ann"}, {"bot": "first"}]},
    ).json()
    mid, north = created["id"], auth(tokens(created)["north"])
    final = play_out(client, mid, tokens(created)["north"])
    full = final["view"]["log"]
    assert len(full) > 2
    tail = client.get(f"/api/matches/{mid}/view?log_tail=2", headers=north).json()
    assert tail["view"]["log"] == full[-2:]
    assert tail["log_from"] == len(full) - 2
    everything = client.get(f"/api/matches/{mid}/view?log_tail=500", headers=north).json()
    assert everything["view"]["log"] == full
    assert everything["log_from"] == 0
    whole = client.get(f"/api/matches/{mid}/view", headers=north).json()  # a page at most
    assert (whole["log_from"], whole["log_total"], whole["view"]["log"]) == (0, len(full), full)
    assert client.get(f"/api/matches/{mid}/view?log_tail=-1").status_code == 422


def test_a_match_of_bots_alone_plays_to_its_end_and_is_stored(
    client: TestClient, app: FastAPI
) -> None:
    created = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seed": 4, "seats": [{"bot": "random"}, {"bot": "first"}]},
    ).json()
    assert all(s["token"] is None for s in created["seats"])
    for _ in range(500):  # played in the background: a bounded wait for the end
        view = client.get(f"/api/matches/{created['id']}/view").json()
        if view["status"] == "finished":
            break
        time.sleep(0.01)
    assert view["status"] == "finished"
    assert len(app.state.storage.actions(created["id"])) == view["seq"]
