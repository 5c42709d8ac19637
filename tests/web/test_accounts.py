"""Accounts (issue 29 item 1): names unique under NFKC and case folding, passwords hashed
with Argon2id and never returned, sessions in an HttpOnly cookie that rotate at sign-in and
end at sign-out, the limit on failed sign-ins, CSRF, and a guest keeping its seats."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gameshelf.web.people import SESSION_COOKIE, name_key, name_problem
from gameshelf.web.settings import Settings
from tests.web.conftest import ORIGIN, new_duel, sign_up, tokens

PASSWORD = "correct horse"


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> object:
    return client.post("/api/session", json={"name": name, "password": password}, headers=ORIGIN)


def test_sign_up_signs_in_with_an_http_only_lax_cookie(client: TestClient) -> None:
    reply = client.post("/api/account", json={"name": "Ann", "password": PASSWORD}, headers=ORIGIN)
    assert reply.status_code == 201
    assert reply.json()["name"] == "Ann"
    assert PASSWORD not in reply.text
    cookie = reply.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert "Secure" not in cookie
    session_id = cookie.split(";")[0].split("=", 1)[1]
    assert len(session_id) >= 22  # at least 128 bits in base64
    assert client.get("/api/account").json()["name"] == "Ann"


def test_the_cookie_is_secure_when_the_site_says_so(tmp_path: Path) -> None:
    from gameshelf.web.app import create_app
    from tests.web.conftest import FAST_PASSWORDS, toy_registry

    settings = Settings(db=tmp_path / "g.sqlite3", secure_cookies=True, **FAST_PASSWORDS)
    with TestClient(create_app(settings, registry=toy_registry())) as c:
        reply = c.post("/api/account", json={"name": "Ann", "password": PASSWORD}, headers=ORIGIN)
        assert "Secure" in reply.headers["set-cookie"]


@pytest.mark.parametrize("other", ["ann", "ANN", "Ａｎｎ", "ａｎｎ", " Ann "])
def test_a_name_in_another_case_or_unicode_form_is_taken(client: TestClient, other: str) -> None:
    sign_up(client, "Ann")
    reply = client.post("/api/account", json={"name": other, "password": PASSWORD}, headers=ORIGIN)
    assert reply.status_code == 409
    assert reply.json()["detail"]["code"] == "name_taken"


def test_names_compare_by_nfkc_and_case_folding() -> None:
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("ﬁsh") == name_key("FISH")
    assert name_key("Ａｎｎ") == name_key("ann")


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Al", "3 to 24"),
        ("x" * 25, "3 to 24"),
        ("Ann\x07bell", "U+0007"),
        ("Ann\u200bZ", "U+200B"),
        ("Ann\u2028Z", "U+2028"),
    ],
)
def test_bad_names_are_refused_with_the_reason(client: TestClient, name: str, why: str) -> None:
    reply = client.post("/api/account", json={"name": name, "password": PASSWORD}, headers=ORIGIN)
    assert reply.status_code == 422
    assert why in reply.json()["detail"]["reason"]
    assert name_problem(name) is not None
    assert client.get("/api/account").status_code == 401


def test_a_short_password_is_refused(client: TestClient) -> None:
    reply = client.post(
        "/api/account", json={"name": "Ann", "password": "123456789"}, headers=ORIGIN
    )
    assert reply.status_code == 422
    assert "at least 10" in reply.json()["detail"]["reason"]
    reply = client.post(
        "/api/account",
        json={"name": "Ann", "password": "123456789"},
        headers={**ORIGIN, "Accept-Language": "zh-TW"},
    )
    assert "至少要有 10 個字元" in reply.json()["detail"]["reason"]


def test_the_password_is_stored_as_an_argon2id_hash(client: TestClient, db_path: Path) -> None:
    sign_up(client, "Ann")
    stored = sqlite3.connect(db_path).execute("SELECT password FROM accounts").fetchone()[0]
    assert stored.startswith("$argon2id$")
    assert PASSWORD not in stored


def test_sign_in_gives_a_new_session_and_ends_the_old(client: TestClient) -> None:
    sign_up(client, "Ann")
    first = client.cookies[SESSION_COOKIE]
    assert sign_in(client, "ann").status_code == 200
    second = client.cookies[SESSION_COOKIE]
    assert second != first
    old = TestClient(client.app, cookies={SESSION_COOKIE: first})
    assert old.get("/api/account").status_code == 401


def test_a_session_after_sign_out_is_refused(client: TestClient) -> None:
    sign_up(client, "Ann")
    kept = client.cookies[SESSION_COOKIE]
    assert client.delete("/api/session", headers=ORIGIN).status_code == 204
    replayed = TestClient(client.app, cookies={SESSION_COOKIE: kept})
    assert replayed.get("/api/account").status_code == 401
    assert (
        replayed.post(
            "/api/account/password",
            json={"current": PASSWORD, "new": "another one!"},
            headers=ORIGIN,
        ).status_code
        == 401
    )


def test_a_session_ends_when_it_expires(app: FastAPI, client: TestClient) -> None:
    sign_up(client, "Ann")
    accounts = app.state.accounts
    now = accounts.clock()
    accounts.clock = lambda: now + 31 * 86400
    assert client.get("/api/account").status_code == 401


def test_wrong_passwords_until_the_account_limit(client: TestClient) -> None:
    sign_up(client, "Ann")
    client.delete("/api/session", headers=ORIGIN)
    for _ in range(5):
        reply = sign_in(client, "Ann", "not the password")
        assert reply.status_code == 401
        assert reply.json()["detail"]["reason"] == "Wrong name or password."
    reply = sign_in(client, "Ann")  # even the right password waits now
    assert reply.status_code == 429
    assert reply.json()["detail"]["code"] == "too_many_signins"
    assert "this account" in reply.json()["detail"]["reason"]
    assert int(reply.headers["Retry-After"]) > 0
    assert SESSION_COOKIE not in client.cookies


def test_wrong_passwords_from_one_address_until_its_limit(client: TestClient) -> None:
    for i in range(20):
        assert sign_in(client, f"nobody{i}", "whatever it is").status_code == 401
    reply = sign_in(client, "someone else", "whatever it is")
    assert reply.status_code == 429
    assert "your address" in reply.json()["detail"]["reason"]


def test_the_account_limit_passes_once_the_window_is_over(app: FastAPI, client: TestClient) -> None:
    sign_up(client, "Ann")
    for _ in range(5):
        sign_in(client, "Ann", "not the password")
    accounts = app.state.accounts
    now = accounts.clock()
    accounts.clock = lambda: now + 901
    assert sign_in(client, "Ann").status_code == 200


def test_a_post_from_another_origin_is_refused(client: TestClient) -> None:
    sign_up(client, "Ann")
    reply = client.post(
        "/api/account/password",
        json={"current": PASSWORD, "new": "evil password"},
        headers={"Origin": "https://evil.example"},
    )
    assert reply.status_code == 403
    assert reply.json()["detail"]["code"] == "cross_site"
    assert sign_in(client, "Ann").status_code == 200  # the password did not change


def test_a_post_with_the_cookie_and_no_origin_is_refused(client: TestClient) -> None:
    sign_up(client, "Ann")
    reply = client.post("/api/account/delete", json={"password": PASSWORD})
    assert reply.status_code == 403
    assert client.get("/api/account").status_code == 200
    # a page's own request (Referer of this site, no Origin) passes
    reply = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seats": [{"name": "A"}, {"bot": True}]},
        headers={"Referer": "http://testserver/"},
    )
    assert reply.status_code == 201


def test_a_sign_up_from_another_origin_is_refused(client: TestClient) -> None:
    reply = client.post(
        "/api/account", json={"name": "Ann", "password": PASSWORD}, headers={"Origin": "null"}
    )
    assert reply.status_code == 403
    assert (
        client.post("/api/account", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    )


def test_a_program_with_a_seat_token_needs_no_origin(client: TestClient) -> None:
    made = new_duel(client)  # no cookie, no Origin: the API as programs use it
    assert made["seats"][0]["token"]


def test_change_password_ends_the_other_sessions(client: TestClient) -> None:
    sign_up(client, "Ann")
    other = TestClient(client.app)
    assert sign_in(other, "Ann").status_code == 200
    reply = client.post(
        "/api/account/password", json={"current": PASSWORD, "new": "a new password"}, headers=ORIGIN
    )
    assert reply.status_code == 204
    assert client.get("/api/account").status_code == 200
    assert other.get("/api/account").status_code == 401
    assert sign_in(other, "Ann").status_code == 401
    assert sign_in(other, "Ann", "a new password").status_code == 200


def test_change_password_refuses_a_wrong_current_or_short_new(client: TestClient) -> None:
    sign_up(client, "Ann")
    wrong = {"current": "not the password", "new": "a new password"}
    assert client.post("/api/account/password", json=wrong, headers=ORIGIN).status_code == 401
    short = {"current": PASSWORD, "new": "short"}
    assert client.post("/api/account/password", json=short, headers=ORIGIN).status_code == 422
    assert sign_in(client, "Ann").status_code == 200


def test_a_guest_who_signs_up_keeps_the_seats_of_this_browser(
    client: TestClient, app: FastAPI
) -> None:
    made = new_duel(client)
    held = tokens(made)
    client.cookies.set(f"gs_{made['id']}_north", held["north"])
    client.cookies.set(f"gs_{made['id']}_south", "not-the-token")
    account = sign_up(client, "Ann")
    assert account["seats_kept"] == 1
    seats = app.state.storage.seats([made["id"]])[made["id"]]
    assert [s.account for s in seats] == [account["id"], None]


def test_deleting_an_account_resigns_its_matches_and_keeps_them(
    client: TestClient, app: FastAPI
) -> None:
    account = sign_up(client, "Ann")
    made = client.post(
        "/api/matches",
        json={"game": "toy_duel", "seats": [{"me": True}, {"name": "Bob"}]},
        headers=ORIGIN,
    ).json()
    assert made["seats"][0]["name"] == "Ann"
    bad = client.post("/api/account/delete", json={"password": "wrong password"}, headers=ORIGIN)
    assert bad.status_code == 401
    reply = client.post("/api/account/delete", json={"password": PASSWORD}, headers=ORIGIN)
    assert reply.status_code == 204
    assert client.get("/api/account").status_code == 401
    assert sign_in(client, "Ann").status_code == 401
    info = client.get(f"/api/matches/{made['id']}").json()
    assert info["status"] == "finished"  # resigned: Bob wins
    assert info["outcome"]["winners"] == ["south"]
    assert info["seats"][0]["name"] == ""  # the finished match stays, its player's name gone
    assert "deleted player" in client.get("/").text
    stored = app.state.storage.account(account["id"])
    assert stored.deleted
    assert (stored.name, stored.password, stored.email) == ("", "", None)
    assert sign_up(client, "Ann")["id"] != account["id"]  # the name is free again
