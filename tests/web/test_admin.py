"""Administration (issue 29 item 8): ``gameshelf admin`` and the administrators' page make
administrators, list accounts, disable one (its sessions end, its matches are resigned) and
take chat messages away; nobody else may."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from gameshelf.cli import app as cli
from gameshelf.web.app import create_app
from gameshelf.web.people import SESSION_COOKIE
from gameshelf.web.settings import Settings
from tests.web.conftest import FAST_PASSWORDS, ORIGIN, auth, sign_up
from tests.web.games import games_registry


def administrator(app: FastAPI, name: str = "Root") -> TestClient:
    client = TestClient(app)
    made = sign_up(client, name)
    app.state.storage.set_flags(made["id"], admin=True)
    return client


def test_only_administrators_administer(app: FastAPI) -> None:
    ann = TestClient(app)
    sign_up(ann, "Ann")
    assert ann.get("/api/admin/accounts").status_code == 403
    assert ann.post("/api/admin/accounts/Ann/disable", headers=ORIGIN).status_code == 403
    assert TestClient(app).get("/api/admin/accounts").status_code == 401
    assert "for the site&#39;s administrators" in ann.get("/admin").text
    root = administrator(app)
    names = [a["name"] for a in root.get("/api/admin/accounts").json()]
    assert names == ["Ann", "Root"]
    assert "admin-disable" in root.get("/admin").text
    foreign = root.post(
        "/api/admin/accounts/Ann/disable", headers={"Origin": "https://evil.example"}
    )
    assert foreign.status_code == 403
    assert not app.state.storage.account_named("ann").disabled


def test_a_disabled_accounts_session_ends_and_its_matches_are_resigned(app: FastAPI) -> None:
    ann = TestClient(app)
    sign_up(ann, "Ann")
    made = ann.post(
        "/api/matches",
        json={"game": "toy_duel", "seats": [{"me": True}, {"name": "Bob"}]},
        headers=ORIGIN,
    ).json()
    ann.get(f"/m/{made['id']}")  # this browser's key to Ann's seat
    key = ann.cookies[f"gs_{made['id']}_north"]
    root = administrator(app)
    assert root.post("/api/admin/accounts/ANN/disable", headers=ORIGIN).status_code == 204
    assert ann.get("/api/account").status_code == 401  # the disabled account's session
    assert ann.get(f"/api/matches/{made['id']}/view", headers=auth(key)).status_code == 401
    again = ann.post(
        "/api/session", json={"name": "Ann", "password": "correct horse"}, headers=ORIGIN
    )
    assert again.status_code == 403
    assert again.json()["detail"]["code"] == "account_disabled"
    info = ann.get(f"/api/matches/{made['id']}").json()
    assert info["status"] == "finished"
    assert info["outcome"]["winners"] == ["south"]
    assert root.post("/api/admin/accounts/Ann/enable", headers=ORIGIN).status_code == 204
    assert (
        ann.post(
            "/api/session", json={"name": "Ann", "password": "correct horse"}, headers=ORIGIN
        ).status_code
        == 200
    )
    assert root.post("/api/admin/accounts/Nobody/disable", headers=ORIGIN).status_code == 404


def test_an_administrator_takes_a_chat_message_away(app: FastAPI) -> None:
    guest = TestClient(app)
    made = guest.post(
        "/api/matches", json={"game": "toy_duel", "seats": [{"name": "A"}, {"name": "B"}]}
    ).json()
    mid, north = made["id"], made["seats"][0]["token"]
    with guest.websocket_connect(f"/ws/matches/{mid}") as ws:
        ws.send_json({"token": None})
        ws.receive_json()
        line = guest.post(
            f"/api/matches/{mid}/chat", json={"text": "something rude"}, headers=auth(north)
        ).json()
        assert ws.receive_json()["chat"]["text"] == "something rude"
        root = administrator(app)
        removed = root.post(f"/api/admin/chat/{line['id']}/remove", headers=ORIGIN)
        assert removed.status_code == 204
        gone = ws.receive_json()["chat"]
        assert (gone["id"], gone["text"], gone["removed"]) == (line["id"], "", True)
    shown = guest.get(f"/api/matches/{mid}/chat").json()
    assert shown == [{**line, "text": "", "removed": True}]
    assert root.post("/api/admin/chat/999/remove", headers=ORIGIN).status_code == 404
    assert 'admin":true' in root.get(f"/m/{mid}").text.replace(" ", "")


def test_the_admin_command(tmp_path: Path) -> None:
    db = tmp_path / "site.sqlite3"
    runner = CliRunner()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # getpass cannot hide what a test types
        made = runner.invoke(
            cli, ["admin", "create", "Root", "--db", str(db)], input="correct horse\n" * 2
        )
    assert made.exit_code == 0, made.output
    assert "Root is an administrator." in made.output
    assert "correct horse" not in made.output.replace("Password:", "")
    settings = Settings(db=db, **FAST_PASSWORDS)
    with TestClient(create_app(settings, registry=games_registry("hammer_scots"))) as client:
        sign_up(client, "Ann")
        line = client.post(
            "/api/matches",
            json={"game": "hammer_scots", "seats": [{"me": True}, {"name": "B"}]},
            headers=ORIGIN,
        ).json()
        token = line["seats"][0]["token"]
        said = client.post(
            f"/api/matches/{line['id']}/chat",
            json={"text": "hi"},
            headers={**ORIGIN, **auth(token)},
        ).json()
        session = client.cookies[SESSION_COOKIE]
    listed = runner.invoke(cli, ["admin", "accounts", "--db", str(db), "--lang", "en"])
    assert "Root" in listed.output
    assert "Ann" in listed.output
    off = runner.invoke(cli, ["admin", "disable", "ann", "--db", str(db), "--lang", "en"])
    assert off.exit_code == 0, off.output
    assert "Ann is disabled" in off.output
    gone = runner.invoke(cli, ["admin", "remove-message", str(said["id"]), "--db", str(db)])
    assert gone.exit_code == 0, gone.output
    missing = runner.invoke(cli, ["admin", "disable", "nobody", "--db", str(db), "--lang", "en"])
    assert missing.exit_code == 1
    with TestClient(create_app(settings, registry=games_registry("hammer_scots"))) as client:
        client.cookies.set(SESSION_COOKIE, session)
        assert client.get("/api/account").status_code == 401  # the disabled account's session
        assert client.get(f"/api/matches/{line['id']}").json()["status"] == "finished"
        assert client.get(f"/api/matches/{line['id']}/chat").json()[0]["removed"]


def test_the_command_disables_while_the_site_serves(tmp_path: Path) -> None:
    """The command writes the database a running site serves from: the account's session
    ends at once (sessions are read from the store); the site's copy of the resigned match
    is stale, so its next write is refused as a conflict and changes nothing, and the match
    is read again from the store, finished."""
    db = tmp_path / "site.sqlite3"
    settings = Settings(db=db, **FAST_PASSWORDS)
    with TestClient(create_app(settings, registry=games_registry("hammer_scots"))) as ann:
        sign_up(ann, "Ann")
        made = ann.post(
            "/api/matches",
            json={"game": "hammer_scots", "seats": [{"me": True}, {"name": "Bob"}]},
            headers=ORIGIN,
        ).json()
        mid = made["id"]
        mine, bobs = made["seats"][0]["role"], made["seats"][1]
        assert ann.get(f"/api/matches/{mid}/view", headers=auth(bobs["token"])).status_code == 200
        off = CliRunner().invoke(cli, ["admin", "disable", "Ann", "--db", str(db)])
        assert off.exit_code == 0, off.output
        assert ann.get("/api/account").status_code == 401
        late = ann.post(
            f"/api/matches/{mid}/resign",
            json={"confirm": True},
            headers={**ORIGIN, **auth(bobs["token"])},
        )
        assert late.status_code == 409, late.text
        after = ann.get(f"/api/matches/{mid}/view", headers=auth(bobs["token"])).json()
        assert after["status"] == "finished"
        assert after["resigned"] == [mine]
        assert after["outcome"]["winners"] == [bobs["role"]]
        assert after["view"]["log"][-1].endswith("resigned.")


def test_the_admin_command_on_a_postgres_site(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.web.pg import pg_schema

    monkeypatch.setenv("GAMESHELF_PASSWORD_MEMORY_KIB", "1024")
    monkeypatch.setenv("GAMESHELF_PLUGINS", "core")
    runner = CliRunner()
    with pg_schema() as url, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # getpass cannot hide what a test types
        made = runner.invoke(
            cli, ["admin", "create", "Root", "--db", url], input="long enough\n" * 2
        )
        assert made.exit_code == 0, made.output
        listed = runner.invoke(cli, ["admin", "accounts", "--db", url, "--lang", "en"])
        assert "Root" in listed.output
