"""Twilight Struggle's headline over HTTP and the WebSocket (issue 15, Tests): once the USSR
has chosen its headline card, nothing the US seat or a spectator receives names that card
(its id as a card, its name in either language) until the US has chosen too; then both
headlines are shown to everyone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import TestClient, auth, watch
from tests.web.games import games_registry
from tests.web.test_games_hidden import walk

USSR, US = "USSR", "US"


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(
        Settings(db=tmp_path / "ts.sqlite3"), registry=games_registry("twilight_struggle")
    )
    with TestClient(app) as c:
        yield c


def start(client: TestClient) -> tuple[str, dict[str, str]]:
    client.app.state.tables.lobby.new_seed = lambda: 5  # type: ignore[attr-defined]
    body = {"game": "twilight_struggle", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    created = client.post("/api/matches", json=body)
    assert created.status_code == 201, created.text
    data = created.json()
    return data["id"], {s["role"]: s["token"] for s in data["seats"]}


def view(client: TestClient, mid: str, token: str | None, lang: str = "en") -> dict[str, Any]:
    headers = {**auth(token), "Accept-Language": lang}
    return client.get(f"/api/matches/{mid}/view", headers=headers).json()


def act(client: TestClient, mid: str, token: str, kind: str, arg: Any) -> None:
    payload = view(client, mid, token)
    body = {"type": kind, "arg": arg, "version": payload["version"]}
    reply = client.post(f"/api/matches/{mid}/actions", headers=auth(token), json=body)
    assert reply.status_code == 200, reply.text


def to_headline(client: TestClient, mid: str, tokens: dict[str, str]) -> None:
    """Both free placements, the first legal country each time."""
    for _ in range(30):
        public = view(client, mid, None)["view"]
        if public["step"] == "headline_choice":
            return
        role = public["active"][0]
        mine = view(client, mid, tokens[role])["view"]
        act(client, mid, tokens[role], "country", mine["actions"]["country"][0])
    raise AssertionError("never reached the headline")


def received(client: TestClient, mid: str, token: str | None) -> list[str]:
    """Every text a seat gets: the HTTP view in both languages, the WebSocket's message."""
    with watch(client, mid, token) as ws:
        pushed = ws.receive_text()
    texts = [pushed]
    for lang in ("en", "zh-TW"):
        headers = {**auth(token), "Accept-Language": lang}
        texts.append(client.get(f"/api/matches/{mid}/view", headers=headers).text)
    return texts


def names_the_card(text: str, card: dict[str, Any]) -> bool:
    if card["name"] in text or card["name_zh"] in text:
        return True
    return any(d.get("id") == card["id"] and "ops" in d for d in walk(json.loads(text)))


def test_the_ussr_headline_reaches_no_one_else_before_the_us_chose(client: TestClient) -> None:
    mid, tokens = start(client)
    to_headline(client, mid, tokens)
    hand = view(client, mid, tokens[USSR])["view"]["hand"]
    us_hand = {c["id"] for c in view(client, mid, tokens[US])["view"]["hand"]}
    card = next(c for c in hand if c["id"] not in us_hand and c["ops"] > 0)
    before = view(client, mid, tokens[US])["view"]
    assert not any(names_the_card(t, card) for t in received(client, mid, tokens[US]))

    act(client, mid, tokens[USSR], "card", card["id"])
    mine = view(client, mid, tokens[USSR])["view"]
    assert mine["my_choice"] == {"type": "card", "arg": card["id"]}  # its own seat knows
    for who in (tokens[US], None):  # the US and a spectator: not a word of it
        for text in received(client, mid, who):
            assert not names_the_card(text, card), text[:200]
    after = view(client, mid, tokens[US])["view"]
    assert after["chosen"] == [USSR]  # only that the USSR has chosen
    assert after["my_choice"] is None
    unchanged = {k for k in before if k not in ("chosen", "active", "log")}
    assert {k: after[k] for k in unchanged} == {k: before[k] for k in unchanged}

    us_card = next(c for c in after["hand"] if c["ops"] > 0 and c["id"] != 6)
    act(client, mid, tokens[US], "card", us_card["id"])  # both chose: both revealed
    for who in (tokens[US], None):
        log = view(client, mid, who)["view"]["log"]
        assert any(card["name"] in line for line in log), log[-6:]
        assert any(us_card["name"] in line for line in log), log[-6:]
