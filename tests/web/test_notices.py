"""Notices (issue 30 item 3): a local SMTP server (aiosmtpd) receives "your turn" in the
player's language with a working link, text and HTML; a local HTTP endpoint receives a
signed webhook; a failing endpoint is tried again with back-off and then turned off, which
the player's page says; nothing is sent to a player on the match page; webhooks to
loopback and private addresses are refused, names resolving to them too; the queue is kept
across a restart; no notice says anything hidden. Time is a :class:`ManualClock`; the
scheduler is ticked by the test."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from gameshelf.web.app import create_app
from gameshelf.web.clocks import ManualClock
from gameshelf.web.notices import Refused, is_public, post_webhook, public_target
from gameshelf.web.settings import Settings
from tests.web.conftest import FAST_PASSWORDS, ORIGIN, auth, calls_on_the_loop, watch
from tests.web.live_server import free_port
from tests.web.test_clocks import START, act, card, duel_registry, view

aiosmtpd = pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd is not installed")


class Mailbox:
    """An aiosmtpd handler keeping what it receives."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content, policy=policy.default))  # type: ignore[arg-type]
        return "250 OK"


@pytest.fixture
def mailbox() -> Iterator[tuple[Mailbox, int]]:
    box = Mailbox()
    port = free_port()
    controller = aiosmtpd.Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    yield box, port
    controller.stop()


class Hook:
    """A local HTTP endpoint: keeps each POST, answers ``status``."""

    def __init__(self) -> None:
        self.posts: list[tuple[dict[str, str], bytes]] = []
        self.status = 204


@pytest.fixture
def hook() -> Iterator[tuple[Hook, str]]:
    kept = Hook()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            size = int(self.headers.get("Content-Length", "0"))
            kept.posts.append((dict(self.headers), self.rfile.read(size)))
            self.send_response(kept.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield kept, f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()
    server.server_close()


@contextmanager
def site(db: Path, clock: ManualClock, smtp_port: int = 1, **extra: Any) -> Iterator[TestClient]:
    settings = Settings(
        db=db,
        scheduler_seconds=3600,
        smtp_host="127.0.0.1",
        smtp_port=smtp_port,
        site_url="http://games.example",
        notice_failures=3,
        **{"webhook_private": True, **extra},
        **FAST_PASSWORDS,
    )
    app = create_app(settings, registry=duel_registry())
    app.state.tables.clocks.wall = clock
    app.state.tables.lobby.new_seed = lambda: 5
    with TestClient(app) as client:
        yield client


def tick(client: TestClient) -> int:
    fired: int = client.portal.call(client.app.state.scheduler.tick)  # type: ignore[attr-defined]
    return fired


def person(client: TestClient, name: str, email: str | None = None) -> TestClient:
    """Another browser on the same site (its own cookies), signed up as ``name``."""
    other = TestClient(client.app)
    body: dict[str, Any] = {"name": name, "password": "correct horse"}
    if email:
        body["email"] = email
    reply = other.post("/api/account", json=body, headers=ORIGIN)
    assert reply.status_code == 201, reply.text
    return other


def choose(browser: TestClient, lang: str = "en", **body: Any) -> Any:
    reply = browser.put("/api/my/notices", json=body, headers={**ORIGIN, "Accept-Language": lang})
    return reply


def invite_match(ann: TestClient, bob: TestClient) -> tuple[str, dict[str, str]]:
    """Bob makes a toy duel, inviting Ann to north; she accepts: both are awaited."""
    body = {"game": "toy_duel", "seats": [{"player": "Ann"}, {"me": True}]}
    reply = bob.post("/api/matches", json=body, headers=ORIGIN)
    assert reply.status_code == 201, reply.text
    mid = reply.json()["id"]
    south = reply.json()["seats"][1]["token"]
    answered = ann.post(f"/api/matches/{mid}/invitation", json={"accept": True}, headers=ORIGIN)
    assert answered.status_code == 200, answered.text
    return mid, {"north": answered.json()["token"], "south": south}


def test_your_turn_by_email_in_the_players_language_with_a_working_link(
    tmp_path: Path, mailbox: tuple[Mailbox, int]
) -> None:
    box, port = mailbox
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock, port) as client:
        ann = person(client, "Ann", "ann@example.com")
        bob = person(client, "Bob")
        assert choose(ann, "zh-TW", email=True).status_code == 200
        mid, _ = invite_match(ann, bob)
        tick(client)
        subjects = [str(m["Subject"]) for m in box.mails]
        assert subjects == ["High Card Duel 的邀請", "輪到你了：High Card Duel"]
        mail = box.mails[1]
        assert mail["To"] == "ann@example.com"
        text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        html = mail.get_body(("html",)).get_content()  # type: ignore[union-attr]
        link = f"http://games.example/m/{mid}"
        assert "輪到你了" in text
        assert link in text
        assert f'href="{link}"' in html
        assert client.get(urlsplit(link).path).status_code == 200  # the link works
        stop = str(mail["List-Unsubscribe"]).strip().strip("<>")
        assert stop in text
        assert stop in html
        assert "/notices/unsubscribe/" in stop


def test_a_signed_webhook_and_no_notice_while_on_the_page(
    tmp_path: Path, hook: tuple[Hook, str]
) -> None:
    kept, url = hook
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock) as client:
        ann = person(client, "Ann")
        bob = person(client, "Bob")
        assert choose(ann, webhook=url).status_code == 200
        secret = ann.get("/api/my/notices").json()["secret"]
        assert len(secret) >= 24
        mid, seat = invite_match(ann, bob)
        tick(client)
        events = [json.loads(body)["event"] for _, body in kept.posts]
        assert events == ["invited", "your_turn"]
        headers, body = kept.posts[1]
        stamp = headers["X-Gameshelf-Timestamp"]
        expected = hmac.new(secret.encode(), stamp.encode() + b"." + body, hashlib.sha256)
        assert headers["X-Gameshelf-Signature"] == "sha256=" + expected.hexdigest()
        payload = json.loads(body)
        assert set(payload) == {"content", "text", "username", "event", "match", "game", "url"}
        assert payload["content"] == payload["text"]
        assert "North" in payload["text"]
        hand = view(client, mid, seat["north"])["view"]["actions"]["card"]
        assert not any(str(c) in payload["text"].replace(mid, "") for c in hand)  # nothing hidden
        # Ann plays and is awaited again later: she is on the match page, so nothing is sent
        clock.advance(3600)
        with watch(client, mid, seat["north"]) as ws:
            ws.receive_json()
            act(client, mid, seat["north"], card(client, mid, seat["north"]))
            act(client, mid, seat["south"], card(client, mid, seat["south"]))
            act(client, mid, seat["south"], {"type": "pass"})  # south's bonus (seed 5)
            assert "north" in view(client, mid)["view"]["active"]
            tick(client)
        assert len(kept.posts) == 2


def test_a_webhook_goes_to_the_next_address_when_one_cannot_be_reached(
    hook: tuple[Hook, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name with two addresses, the first refusing connections (nothing listens on
    127.0.0.2): the notice reaches the second, once; none reachable: the try fails."""
    kept, url = hook
    port = urlsplit(url).port
    answers = ["127.0.0.2", "127.0.0.1"]
    real = socket.getaddrinfo

    def lookup(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != "hooks.example.com":  # an address (socket.create_connection asks too)
            return real(host, port, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (x, port)) for x in answers]

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    target = f"http://hooks.example.com:{port}/hook"
    post_webhook(target, "s3cret", {"text": "hi"}, START, allow_private=True)
    assert len(kept.posts) == 1
    assert kept.posts[0][0]["Host"] == f"hooks.example.com:{port}"
    answers.pop()
    with pytest.raises(ConnectionRefusedError):
        post_webhook(target, "s3cret", {"text": "hi"}, START, allow_private=True)
    assert len(kept.posts) == 1


def test_a_failing_webhook_is_tried_with_back_off_then_turned_off(
    tmp_path: Path, hook: tuple[Hook, str]
) -> None:
    kept, url = hook
    kept.status = 500
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock, notice_retry_seconds=60) as client:
        ann = person(client, "Ann")
        bob = person(client, "Bob")
        choose(ann, webhook=url)
        invite_match(ann, bob)  # two notices: invited, your turn
        tick(client)
        assert len(kept.posts) == 2  # each tried once
        tick(client)
        clock.advance(59)
        tick(client)
        assert len(kept.posts) == 2  # not before a minute
        clock.advance(1)
        tick(client)
        assert len(kept.posts) == 3  # the third failure in a row: the webhook is turned off
        clock.advance(3600)
        tick(client)
        assert len(kept.posts) == 3
        mine = ann.get("/api/my/notices").json()
        assert "500" in mine["webhook_off"]
        assert {n["state"] for n in mine["recent"]} == {"failed"}
        assert "turned off" in ann.get("/my").text
        assert "turned off" in ann.get("/my/notices").text
        kept.status = 204
        assert choose(ann, webhook=url).json()["webhook_off"] is None  # on again


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/hook",
        "http://localhost/hook",
        "http://[::1]/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.7/hook",
        "http://172.16.5.5/hook",
        "http://169.254.169.254/latest",
        "http://intranet.example/hook",  # a name resolving to a private address
        "http://[::ffff:127.0.0.1]/hook",
        "http://[::127.0.0.1]/hook",  # IPv4-compatible
        "http://[::ffff:0:10.0.0.1]/hook",  # IPv4-translated
        "http://[2002:7f00:1::1]/hook",  # 6to4 of 127.0.0.1
        "http://[2002:a9fe:a9fe::]/hook",  # 6to4 of 169.254.169.254
        "http://[64:ff9b::10.0.0.1]/hook",  # NAT64 of a private address
        "http://[fe80::1]/hook",
        "http://[fc00::1]/hook",
        "http://0.0.0.0/hook",
        "ftp://example.com/hook",
        "http://user:pw@example.com/hook",
    ],
)
def test_webhooks_to_private_addresses_are_refused(
    tmp_path: Path, url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = socket.getaddrinfo

    def lookup(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host == "intranet.example":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.9.8.7", port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    with site(tmp_path / "db.sqlite3", ManualClock(START), webhook_private=False) as client:
        ann = person(client, "Ann")
        reply = choose(ann, webhook=url)
        assert reply.status_code == 422, reply.text
        assert "webhook" in reply.text.lower()
        assert ann.get("/api/my/notices").json()["webhook"] == ""  # nothing kept
    with pytest.raises(Refused):
        public_target(url)


def test_a_public_address_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda host, port, *a, **k: [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port))
        ],
    )
    assert public_target("https://hooks.example.com/x?y=1") == (
        "https",
        "hooks.example.com",
        443,
        ("93.184.216.34",),
        "/x?y=1",
    )


@pytest.mark.parametrize(
    "url",
    [
        "https://hooks.example.com/a b",
        "https://hooks.example.com/a\tb",
        "https://hooks.example.com/\x7f",
    ],
)
def test_a_webhook_url_with_spaces_or_control_characters_is_refused_when_saved(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Such a URL cannot be sent (http.client refuses its path): said at once, not after
    the tries that turn the channel off."""
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda host, port, *a, **k: [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port))
        ],
    )
    with pytest.raises(Refused, match="spaces or control characters"):
        public_target(url)


@pytest.mark.parametrize(
    "address", ["93.184.216.34", "2606:2800:220:1::1", "2002:5db8:d822::1", "64:ff9b::5db8:d822"]
)
def test_public_addresses_carried_in_ipv6_are_public(address: str) -> None:
    """6to4 and NAT64 of a public IPv4 address are public: only what they carry is judged."""
    assert is_public(ipaddress.ip_address(address))


def test_unsubscribing_changes_only_the_email_even_when_the_webhook_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The link turns e-mail off and nothing else: a webhook whose name no longer resolves
    is not looked up (the page used to fail with 500), one turned off stays off."""
    answers = {"hooks.example.com": "93.184.216.34"}

    def lookup(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host not in answers:
            raise socket.gaierror("not found")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (answers[host], port))]

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    with site(tmp_path / "db.sqlite3", ManualClock(START), webhook_private=False) as client:
        ann = person(client, "Ann", "ann@example.com")
        hook_url = "https://hooks.example.com/x"
        assert choose(ann, email=True, webhook=hook_url).status_code == 200
        storage = client.app.state.storage  # type: ignore[attr-defined]
        account = ann.get("/api/account").json()["id"]
        prefs = storage.notice_prefs(account)
        storage.set_notice_prefs(replace(prefs, webhook_off="failed 3 times"))
        answers.clear()  # the webhook's name is gone
        page = client.post(f"/notices/unsubscribe/{prefs.unsubscribe}")
        assert page.status_code == 200, page.text
        after = ann.get("/api/my/notices").json()
        assert after["email"] is False
        assert after["webhook"] == hook_url
        assert after["webhook_off"] == "failed 3 times"
        unknown = client.post("/notices/unsubscribe/no-such-key")
        assert unknown.status_code == 200
        assert "not known" in unknown.text
        assert ann.get("/api/my/notices").json() == after  # nothing changed


def test_the_queue_is_kept_across_a_restart_and_each_event_is_told(
    tmp_path: Path, hook: tuple[Hook, str]
) -> None:
    kept, url = hook
    db = tmp_path / "db.sqlite3"
    clock = ManualClock(START)
    with site(db, clock) as client:
        ann = person(client, "Ann")
        bob = person(client, "Bob")
        choose(ann, webhook=url)
        body = {
            "game": "toy_duel",
            "seats": [{"player": "Ann"}, {"me": True}],
            "pace": {"kind": "fast"},
        }
        made = bob.post("/api/matches", json=body, headers=ORIGIN).json()
        mid = made["id"]
        north = ann.post(f"/api/matches/{mid}/invitation", json={"accept": True}, headers=ORIGIN)
        seat = {"north": north.json()["token"], "south": made["seats"][1]["token"]}
        said = bob.post(
            f"/api/matches/{mid}/chat",
            json={"text": "hello"},
            headers={**ORIGIN, **auth(seat["south"])},
        )
        assert said.status_code in (200, 201), said.text
    assert kept.posts == []  # queued, not sent: the site stopped
    with site(db, clock) as client:
        tick(client)  # the start's own tick may have sent some already: never twice
        events = [json.loads(b)["event"] for _, b in kept.posts]
        assert events == ["invited", "your_turn", "chat"]
        assert "hello" not in b"".join(b for _, b in kept.posts).decode()
        clock.advance(0.95 * 86400)  # Ann's clock (a day) is low
        tick(client)
        assert json.loads(kept.posts[-1][1])["event"] == "clock_low"
        tick(client)
        assert [json.loads(b)["event"] for _, b in kept.posts] == [
            "invited",
            "your_turn",
            "chat",
            "clock_low",
        ]  # told once
        clock.advance(2 * 3600)
        tick(client)  # out of time: the match is over
        assert json.loads(kept.posts[-1][1])["event"] == "game_over"
        assert len(kept.posts) == 5


def test_unsubscribing_stops_the_emails(tmp_path: Path, mailbox: tuple[Mailbox, int]) -> None:
    box, port = mailbox
    with site(tmp_path / "db.sqlite3", ManualClock(START), port) as client:
        ann = person(client, "Ann", "ann@example.com")
        bob = person(client, "Bob")
        choose(ann, email=True)
        invite_match(ann, bob)
        tick(client)
        stop = str(box.mails[0]["List-Unsubscribe"]).strip().strip("<>")
        assert box.mails[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        page = client.get(urlsplit(stop).path)  # opened (by a person, or a mail scanner)
        assert page.status_code == 200
        assert page.headers["Referrer-Policy"] == "strict-origin"  # the key is not passed on
        assert 'method="post"' in page.text
        assert "no more e-mail" not in page.text
        assert ann.get("/api/my/notices").json()["email"] is True  # it only asks
        done = client.post(urlsplit(stop).path, content="List-Unsubscribe=One-Click")
        assert done.status_code == 200
        assert done.headers["Referrer-Policy"] == "strict-origin"
        # the page's own button: the browser names the site as Origin (strict-origin keeps it)
        again = client.post(urlsplit(stop).path, headers=ORIGIN)
        assert again.status_code == 200
        assert "no more e-mail" in done.text
        assert ann.get("/api/my/notices").json()["email"] is False
        unknown = client.get("/notices/unsubscribe/no-such-key")
        assert unknown.status_code == 200
        assert 'method="post"' not in unknown.text
        assert choose(person(client, "Cyd"), email=True).status_code == 422  # no address


def test_a_daily_digest_lists_the_games_waiting_once_a_day(
    tmp_path: Path, mailbox: tuple[Mailbox, int], hook: tuple[Hook, str]
) -> None:
    box, port = mailbox
    kept, url = hook
    clock = ManualClock(START)
    with site(tmp_path / "db.sqlite3", clock, port) as client:
        ann = person(client, "Ann", "ann@example.com")
        bob = person(client, "Bob")
        assert choose(ann, "zh-TW", email=True, webhook=url, digest="daily").status_code == 200
        mid, _ = invite_match(ann, bob)
        body = {"game": "toy_duel", "seats": [{"player": "Ann"}, {"me": True}]}
        other = bob.post("/api/matches", json=body, headers=ORIGIN).json()["id"]
        tick(client)
        assert [json.loads(b)["event"] for _, b in kept.posts] == [
            "invited",
            "your_turn",
            "invited",
        ]  # the webhook is told of each
        assert len(box.mails) == 1  # e-mail: one digest, no notice of its own
        mail = box.mails[0]
        assert str(mail["Subject"]) == "2 場對局等你行動"
        text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        html = mail.get_body(("html",)).get_content()  # type: ignore[union-attr]
        for match in (mid, other):
            assert f"http://games.example/m/{match}" in text
            assert f'href="http://games.example/m/{match}"' in html
        assert "輪到你" in text
        assert "邀請" in text
        stop = str(mail["List-Unsubscribe"]).strip().strip("<>")
        assert stop in text
        assert stop in html
        clock.advance(23 * 3600)
        tick(client)
        assert len(box.mails) == 1  # once a day
        clock.advance(3600)
        tick(client)
        assert len(box.mails) == 2
        assert ann.get("/api/my/notices").json()["digest"] == "daily"


def test_no_digest_when_nothing_waits(tmp_path: Path, mailbox: tuple[Mailbox, int]) -> None:
    box, port = mailbox
    with site(tmp_path / "db.sqlite3", ManualClock(START), port) as client:
        ann = person(client, "Ann", "ann@example.com")
        assert choose(ann, email=True, digest="daily").status_code == 200
        tick(client)
        assert box.mails == []


def test_a_page_open_in_another_worker_counts_as_on_the_page(
    tmp_path: Path, hook: tuple[Hook, str]
) -> None:
    """Two server processes on one database: Ann's page is open on the first, her turn
    comes on the second, which sends nothing; once the page closes it is forgotten."""
    kept, url = hook
    db = tmp_path / "db.sqlite3"
    clock = ManualClock(START)
    with site(db, clock) as first, site(db, clock) as second:
        ann = person(second, "Ann")
        bob = person(second, "Bob")
        choose(ann, webhook=url)
        mid, seat = invite_match(ann, bob)
        tick(second)
        assert [json.loads(b)["event"] for _, b in kept.posts] == ["invited", "your_turn"]
        clock.advance(3600)  # past the rate limit
        storage = second.app.state.storage  # type: ignore[attr-defined]
        with watch(first, mid, seat["north"]) as ws:
            ws.receive_json()
            assert storage.present(mid, "north", clock.now())
            act(second, mid, seat["north"], card(second, mid, seat["north"]))
            act(second, mid, seat["south"], card(second, mid, seat["south"]))
            act(second, mid, seat["south"], {"type": "pass"})  # south's bonus (seed 5)
            assert "north" in view(second, mid)["view"]["active"]
            tick(second)
            tick(first)  # the first says again that it holds the page
            assert storage.present(mid, "north", clock.now())
        assert len(kept.posts) == 2
        assert not storage.present(mid, "north", clock.now())


def test_a_tick_reads_and_claims_off_the_event_loop(
    tmp_path: Path, mailbox: tuple[Mailbox, int]
) -> None:
    """The scheduler's queries (due clocks, low clocks, digests, the queue) run in worker
    threads: a tick never holds the event loop for a round trip to the store."""
    _, port = mailbox
    with site(tmp_path / "db.sqlite3", ManualClock(START), port) as client:
        ann = person(client, "Ann", "ann@example.com")
        bob = person(client, "Bob")
        assert choose(ann, email=True, digest="daily").status_code == 200
        invite_match(ann, bob)
        storage = client.app.state.storage  # type: ignore[attr-defined]
        names = ("due_clocks", "low_clocks", "keep_presence", "digest_due", "claim_digest")
        names += ("account", "matches_of", "add_notice", "due_notices", "claim_notice")
        with calls_on_the_loop(storage, names) as made:
            tick(client)
        assert {name for name, _ in made} == set(names)  # each asked,
        assert not [name for name, on_loop in made if on_loop]  # none on the loop's thread
