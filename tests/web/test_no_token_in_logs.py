"""No seat token in any URL the server sees, so none in its logs: the server runs as
``gameshelf serve`` does (uvicorn, access log on), two people play over HTTP and the
WebSocket, and its whole log is searched for their tokens. A client that puts a token in
a URL by mistake (a WebSocket's ``?token=``, an API call's query) is refused, and the
query string is in no log line either, nor the key of an e-mail's unsubscribe link."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.live_server import free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]

# What `gameshelf serve` runs (web.server.serve), with the toy game installed.
SERVER = """
import sys
from tests.web.conftest import toy_registry
from gameshelf.web.app import create_app
from gameshelf.web.server import serve
from gameshelf.web.settings import Settings

settings = Settings(db=sys.argv[1], port=int(sys.argv[2]), access_log=True)
serve(create_app(settings, registry=toy_registry()), settings)
"""


def play(base: str, port: int) -> list[str]:
    """Two people play a little, one seat is taken from the lobby; the tokens seen."""
    http = httpx.Client(base_url=base)
    seen = []
    made = http.post("/api/matches", json={"game": "toy_duel", "seats": [{"name": "A"}] * 2})
    mid = made.json()["id"]
    tok = {s["role"]: s["token"] for s in made.json()["seats"]}
    seen += tok.values()
    opened = http.post(
        "/api/matches", json={"game": "toy_duel", "seats": [{"name": "C"}, {"open": True}]}
    ).json()
    joined = http.post(f"/api/matches/{opened['id']}/join", json={"name": "D"}).json()
    seen += [opened["seats"][0]["token"], joined["token"]]
    with connect(f"ws://127.0.0.1:{port}/ws/matches/{mid}?log_tail=5") as ws:
        ws.send(json.dumps({"token": tok["north"]}))
        first = json.loads(ws.recv())
        assert first["role"] == "north"
        for role in ("north", "south"):
            bearer = {"Authorization": f"Bearer {tok[role]}"}
            payload = http.get(f"/api/matches/{mid}/view", headers=bearer).json()
            card = payload["view"]["actions"]["card"][0]
            body = {"type": "card", "arg": card, "version": payload["version"]}
            reply = http.post(f"/api/matches/{mid}/actions", headers=bearer, json=body)
            assert reply.status_code == 200, reply.text
            if role == "north":
                undo = {"version": reply.json()["version"]}
                assert http.post(f"/api/matches/{mid}/undo", headers=bearer, json=undo).is_success
                again = {**body, "version": undo["version"] + 1}
                assert http.post(f"/api/matches/{mid}/actions", headers=bearer, json=again)
        assert json.loads(ws.recv())["seq"] >= 1
    with connect(f"ws://127.0.0.1:{port}/ws/matches/{mid}") as ws:  # a wrong key
        ws.send(json.dumps({"token": tok["north"][::-1]}))
        assert closed_with(ws) == 4401
    # the header instead of the first message: the seat's view, no hello awaited
    bearer = {"Authorization": f"Bearer {tok['south']}"}
    with connect(f"ws://127.0.0.1:{port}/ws/matches/{mid}", additional_headers=bearer) as ws:
        assert json.loads(ws.recv())["role"] == "south"
    # mistakes: a token in the URLs, refused (and their query strings logged nowhere)
    for name in ("token", "access_token"):
        with connect(f"ws://127.0.0.1:{port}/ws/matches/{mid}?{name}={tok['north']}") as ws:
            assert closed_with(ws) == 4403
    assert http.get(f"/api/matches/{mid}/view?token={tok['south']}").json()["role"] is None
    # an e-mail's unsubscribe link: its key is a secret in the path, logged nowhere either
    key = "UnsubscribeKey_" + tok["north"][:12]
    assert http.get(f"/notices/unsubscribe/{key}").status_code == 200
    seen.append(key)
    http.close()
    return seen


def closed_with(ws: Any) -> int:
    """The code the server closed ``ws`` with."""
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv()
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def test_no_seat_token_reaches_the_servers_log(tmp_path: Path) -> None:
    port = free_port()
    log_path = tmp_path / "server.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(tmp_path / "g.sqlite3"), str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_serving(server, base)
            seen: list[Any] = play(base, port)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
    text = log_path.read_text()
    assert "POST /api/matches/" in text  # the access log was on and is all here
    assert "WebSocket /ws/matches/" in text
    assert "/view HTTP/1.1" in text  # the mistaken call is logged, without its query
    assert "?token" not in text
    assert "?access_token" not in text
    assert "GET /notices/unsubscribe/… HTTP/1.1" in text  # logged, without its key
    assert len(seen) == 5
    for token in seen:
        assert token not in text
