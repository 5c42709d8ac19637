"""Long work off the event loop: a game file is made once, and bots think, in a worker
thread while the server goes on answering others (measured as ordering, not time)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi import FastAPI

from gameshelf.core.play.match import Match
from gameshelf.web.tables import replays
from tests.web.conftest import TestClient, auth, new_duel, tokens
from tests.web.test_api import play_out


def test_a_long_download_does_not_delay_another_request(
    client: TestClient, app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"game": "toy_duel", "seed": 2, "seats": [{"name": "Ann"}, {"bot": "first"}]}
    created = client.post("/api/matches", json=body).json()
    mid = created["id"]
    play_out(client, mid, tokens(created)["north"])
    other = new_duel(client)
    release, made = threading.Event(), []
    real = replays.game_file_json

    def slow(head: dict[str, Any], history: list[Any]) -> bytes:
        made.append(threading.current_thread().name)
        assert release.wait(30), "never released"
        return real(head, history)

    monkeypatch.setattr(replays, "game_file_json", slow)
    done: list[str] = []
    files: list[bytes] = []

    def download() -> None:
        files.append(client.get(f"/api/matches/{mid}/game-file").content)
        done.append("download")

    downloads = [threading.Thread(target=download) for _ in range(8)]
    for thread in downloads:
        thread.start()
    while not made:  # the file is being made
        threading.Event().wait(0.01)
    seat = auth(tokens(other)["north"])
    assert client.get(f"/api/matches/{other['id']}/view", headers=seat).status_code == 200
    done.append("view")
    release.set()
    for thread in downloads:
        thread.join(30)
    assert done == ["view"] + ["download"] * 8  # the view was answered while it was made
    assert len(made) == 1  # made once for the eight
    assert made[0] != threading.main_thread().name
    assert len(set(files)) == 1
    saved = client.get(f"/api/matches/{mid}/history").json()
    assert saved["id"] == mid
    assert len(saved["history"]) == client.get(f"/api/matches/{mid}").json()["seq"]


def test_a_bots_long_thinking_does_not_delay_another_request(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"game": "toy_duel", "seed": 2, "seats": [{"name": "Ann"}, {"bot": "first"}]}
    created = client.post("/api/matches", json=body).json()
    other = new_duel(client)
    release, thinking = threading.Event(), []
    real = Match.play_bots

    def slow(match: Match, agents: Any, limit: int | None = None) -> int:
        thinking.append(threading.current_thread().name)
        assert release.wait(30), "never released"
        return real(match, agents, limit)

    monkeypatch.setattr(Match, "play_bots", slow)
    done: list[str] = []
    north = auth(tokens(created)["north"])
    menu = client.get(f"/api/matches/{created['id']}/view", headers=north).json()["view"]

    def play() -> None:
        card = menu["actions"]["card"][0]
        action = {"type": "card", "arg": card, "version": 0}
        reply = client.post(f"/api/matches/{created['id']}/actions", headers=north, json=action)
        assert reply.status_code == 200, reply.text
        done.append("action")

    person = threading.Thread(target=play)
    person.start()
    while not thinking:  # the bot is thinking over its answer
        threading.Event().wait(0.01)
    seat = auth(tokens(other)["north"])
    assert client.get(f"/api/matches/{other['id']}/view", headers=seat).status_code == 200
    done.append("view")
    release.set()
    person.join(30)
    assert done == ["view", "action"]  # answered while the bot thought, in its thread
    assert thinking[0] != threading.main_thread().name
