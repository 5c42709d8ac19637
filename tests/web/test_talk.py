"""Chat and notepads (issue 29 item 5): seats talk, spectators read (and talk in their own
channel where the site allows it), live over the WebSocket, bounded, rate-limited per
seat, text only, kept for the replay; a notepad per seat that nobody else reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import (
    FAST_PASSWORDS,
    ORIGIN,
    auth,
    new_duel,
    sign_up,
    tokens,
    toy_registry,
    watch,
)

HTML = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


def say(client: TestClient, mid: str, token: str | None, text: str, **headers: str) -> Any:
    return client.post(
        f"/api/matches/{mid}/chat", json={"text": text}, headers={**auth(token), **headers}
    )


def test_a_seat_says_something_and_everyone_watching_reads_it(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    reply = say(client, mid, seat["north"], "  good luck  ")
    assert reply.status_code == 201, reply.text
    line = reply.json()
    assert (line["role"], line["name"], line["text"], line["channel"]) == (
        "north",
        "Ann",
        "good luck",
        "seats",
    )
    assert "account" not in line
    for token in (seat["south"], None):
        read = client.get(f"/api/matches/{mid}/chat", headers=auth(token)).json()
        assert [m["text"] for m in read] == ["good luck"]
    after = client.get(f"/api/matches/{mid}/chat?after={line['id']}").json()
    assert after == []


def test_chat_arrives_live_over_the_websocket(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    with watch(client, mid, seat["south"]) as south, watch(client, mid) as spectator:
        south.receive_json()  # the first view
        spectator.receive_json()
        say(client, mid, seat["north"], "hello")
        assert south.receive_json()["chat"]["text"] == "hello"
        assert spectator.receive_json()["chat"]["text"] == "hello"


def test_html_is_kept_as_text(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    assert say(client, mid, seat["north"], HTML).json()["text"] == HTML  # text, as said
    assert client.get(f"/api/matches/{mid}/chat").headers["content-type"] == "application/json"


def test_a_message_over_the_limit_is_refused(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    assert say(client, mid, seat["north"], "x" * 500).status_code == 201
    reply = say(client, mid, seat["north"], "x" * 501)
    assert reply.status_code == 422
    assert len(client.get(f"/api/matches/{mid}/chat").json()) == 1


def test_empty_and_control_characters_are_refused(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    assert say(client, mid, seat["north"], "   ").status_code == 422
    bell = say(client, mid, seat["north"], "ring\x07")
    assert bell.status_code == 422
    assert "U+0007" in bell.json()["detail"]["reason"]
    assert say(client, mid, seat["north"], "two\nlines").status_code == 201


def test_a_chat_flood_is_stopped_per_seat(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    for i in range(10):
        assert say(client, mid, seat["north"], f"spam {i}").status_code == 201
    flood = say(client, mid, seat["north"], "spam again")
    assert flood.status_code == 429
    assert flood.json()["detail"]["code"] == "chat_too_fast"
    assert flood.headers["Retry-After"] == "60"
    assert say(client, mid, seat["south"], "my turn to talk").status_code == 201
    assert len(client.get(f"/api/matches/{mid}/chat").json()) == 11


def test_the_flood_limit_passes_after_a_minute(client: TestClient, app: FastAPI) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    for i in range(10):
        say(client, mid, seat["north"], f"line {i}")
    talk = app.state.talk
    now = talk.clock()
    talk.clock = lambda: now + 61
    assert say(client, mid, seat["north"], "again").status_code == 201


def test_spectators_may_not_talk_by_default(client: TestClient) -> None:
    made = new_duel(client)
    reply = say(client, made["id"], None, "from the rail")
    assert reply.status_code == 403
    assert reply.json()["detail"]["code"] == "spectators_silent"


def test_where_allowed_signed_in_spectators_talk_in_their_own_channel(tmp_path: Path) -> None:
    settings = Settings(db=tmp_path / "g.sqlite3", spectator_chat=True, **FAST_PASSWORDS)
    app = create_app(settings, registry=toy_registry())
    with TestClient(app) as guest, TestClient(app) as fan:
        made = new_duel(guest)
        mid, seat = made["id"], tokens(made)
        assert say(guest, mid, None, "anonymous").status_code == 401
        sign_up(fan, "Fan")
        line = say(fan, mid, None, "nice move", **ORIGIN).json()
        assert (line["channel"], line["name"], line["role"]) == ("spectators", "Fan", None)
        seats_read = guest.get(f"/api/matches/{mid}/chat", headers=auth(seat["north"])).json()
        assert seats_read == []  # the seats do not read the spectators while they play
        assert [m["text"] for m in fan.get(f"/api/matches/{mid}/chat").json()] == ["nice move"]
        guest.post(
            f"/api/matches/{mid}/resign", json={"confirm": True}, headers=auth(seat["north"])
        )
        after = guest.get(f"/api/matches/{mid}/chat", headers=auth(seat["south"])).json()
        assert [m["text"] for m in after] == ["nice move"]  # everything, once over


def test_the_chat_of_a_finished_match_is_shown_with_its_replay(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    say(client, mid, seat["north"], HTML)
    client.post(f"/api/matches/{mid}/resign", json={"confirm": True}, headers=auth(seat["north"]))
    page = client.get(f"/m/{mid}/replay").text
    assert 'id="chat"' in page
    assert "replay_chat.js" in page
    assert "<script>alert(2)" not in page  # never in the page's HTML: the script adds text
    assert client.get(f"/api/matches/{mid}/chat").json()[0]["text"] == HTML


def test_a_notepad_is_its_seats_alone(client: TestClient) -> None:
    made = new_duel(client)
    mid, seat = made["id"], tokens(made)
    path = f"/api/matches/{mid}/notes"
    assert client.get(path, headers=auth(seat["north"])).json() == {"text": ""}
    put = client.put(path, json={"text": "south holds the ace"}, headers=auth(seat["north"]))
    assert put.status_code == 200
    assert client.get(path, headers=auth(seat["north"])).json()["text"] == "south holds the ace"
    assert client.get(path, headers=auth(seat["south"])).json()["text"] == ""
    assert client.get(path).status_code == 401
    assert client.put(path, json={"text": "x"}).status_code == 401
    too_long = client.put(path, json={"text": "x" * 10_001}, headers=auth(seat["north"]))
    assert too_long.status_code == 422
