"""Bounded requests (web.limits), on a server run as ``gameshelf serve`` runs it, with
bounded loops of raw connections on 127.0.0.1: oversized headers, clients that send their
headers or body slowly or say nothing, too many connections from one address or in all."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import ValidationError

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import toy_registry
from tests.web.live_server import serving

WAIT = 15.0  # how long a test waits for the server to act; its limits are far shorter


@contextmanager
def server(tmp_path: Path, **limits: Any) -> Iterator[tuple[str, int]]:
    settings = Settings(db=tmp_path / "g.sqlite3", **limits)
    with serving(create_app(settings, registry=toy_registry()), settings=settings) as url:
        yield url, int(url.rsplit(":", 1)[1])


def connection(port: int) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    conn.settimeout(WAIT)
    return conn


def answer(conn: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := conn.recv(65536):
        data += chunk
    return data


def test_oversized_headers_are_refused(tmp_path: Path) -> None:
    with server(tmp_path, max_header_bytes=4096) as (url, port):
        with connection(port) as conn:  # a little too much, all at once: a clean 431
            conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 5000)
            reply = answer(conn)
            assert reply.startswith(b"HTTP/1.1 431")
            body = json.loads(reply.split(b"\r\n\r\n", 1)[1])
            assert body["detail"]["code"] == "headers_too_large"  # the API's one shape
        for _ in range(10):  # ten 1 MB headers: the server stops reading each early
            with connection(port) as conn:
                try:
                    conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: ")
                    for _ in range(64):
                        conn.sendall(b"a" * 16384)
                    reply = answer(conn)
                except OSError:  # reset: the server closed with our bytes unread
                    reply = b"reset"
                assert reply == b"reset" or reply.startswith(b"HTTP/1.1 431")
        assert httpx.get(f"{url}/api/games").status_code == 200


def request(headers: bytes, url: bytes = b"/api/games") -> bytes:
    return b"GET " + url + b" HTTP/1.1\r\nHost: x\r\n" + headers + b"Connection: close\r\n\r\n"


def test_headers_over_the_limit_are_refused_whatever_the_reads(tmp_path: Path) -> None:
    """16 KiB by default: whole requests of 20 KB and 60 KB in one read, a long URL, many
    small headers, the second of two requests in one read, or 20 KB in 100-byte reads."""
    over = [
        request(b"X-Big: " + b"a" * 20_000 + b"\r\n"),
        request(b"X-Big: " + b"a" * 60_000 + b"\r\n"),
        request(b"", url=b"/api/games?q=" + b"a" * 20_000),
        request(b"".join(b"X-H%d: %s\r\n" % (i, b"a" * 90) for i in range(200))),
    ]
    with server(tmp_path) as (url, port):
        for raw in over:
            with connection(port) as conn:
                conn.sendall(raw)
                assert answer(conn).startswith(b"HTTP/1.1 431")
        with connection(port) as conn:  # two requests in one read: the second is counted
            first = request(b"").replace(b"Connection: close\r\n", b"")
            conn.sendall(first + over[0])
            assert b"HTTP/1.1 431" in answer(conn)
        with connection(port) as conn:
            raw, sent = over[0], 0
            try:
                for i in range(0, len(raw), 100):
                    conn.sendall(raw[i : i + 100])
                    sent = i + 100
                    if i > 17_000:  # refused by now: the rest may meet a closed socket
                        break
                reply = answer(conn)
            except OSError:  # reset: the server closed with our last bytes unread
                reply = b""
            # the 431, unless the reset (the server closing on the bytes past the limit)
            # overtook it; never before the limit
            assert reply.startswith(b"HTTP/1.1 431") or (not reply and sent > 16 * 1024)
        with connection(port) as conn:  # just under the limit, in one read: served
            conn.sendall(request(b"X-Big: " + b"a" * 15_000 + b"\r\n"))
            assert answer(conn).startswith(b"HTTP/1.1 200")
        assert httpx.get(f"{url}/api/games").status_code == 200


def test_headers_sent_slowly_or_not_at_all_are_cut_off(tmp_path: Path) -> None:
    with server(tmp_path, header_seconds=0.3) as (_, port):
        slow, silent = connection(port), connection(port)
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # and nothing more
        assert answer(slow).startswith(b"HTTP/1.1 408")
        assert answer(silent).startswith(b"HTTP/1.1 408")
        slow.close()
        silent.close()
        with connection(port) as conn:  # a client that says it all is served
            conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert answer(conn).startswith(b"HTTP/1.1 200")


def test_a_body_sent_slowly_is_cut_off(tmp_path: Path) -> None:
    with server(tmp_path, body_seconds=0.3) as (url, port), connection(port) as conn:
        conn.sendall(
            b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 500\r\n\r\n{"game": '
        )
        reply = answer(conn)
        assert reply == b"" or reply.startswith(b"HTTP/1.1 408")
        assert httpx.get(f"{url}/api/matches").json() == []  # nothing was made


def test_connections_from_one_address_are_bounded(tmp_path: Path) -> None:
    with server(tmp_path, max_connections_per_client=5, header_seconds=60) as (url, port):
        held = [connection(port) for _ in range(5)]
        refused = []
        for _ in range(50):  # a bounded flood of silent connections
            with connection(port) as conn:
                refused.append(answer(conn).startswith(b"HTTP/1.1 503"))
        assert all(refused)
        for conn in held:
            conn.close()
        for _ in range(100):  # until the server has seen them go (bounded)
            if httpx.get(f"{url}/api/games").status_code == 200:
                break
        assert httpx.get(f"{url}/api/games").status_code == 200


def test_connections_in_all_are_bounded(tmp_path: Path) -> None:
    settings = {"max_connections": 3, "max_connections_per_client": 100, "header_seconds": 60}
    with server(tmp_path, **settings) as (_, port):
        held = [connection(port) for _ in range(3)]
        with connection(port) as conn:
            assert answer(conn).startswith(b"HTTP/1.1 503")
        for conn in held:
            conn.close()


# --- Behind a reverse proxy -------------------------------------------------------------------


def sign_in_from(url: str, address: str | None) -> int:
    """A wrong sign-in through a proxy that says the client is ``address``."""
    headers = {"Origin": url}
    if address is not None:
        headers["X-Forwarded-For"] = address
    body = {"name": "nobody", "password": "whatever it is"}
    return httpx.post(f"{url}/api/session", json=body, headers=headers).status_code


def test_a_trusted_proxy_names_the_client_each_limit_counts(tmp_path: Path) -> None:
    limits = {"trusted_proxies": "127.0.0.1", "signin_failures_per_address": 3}
    with server(tmp_path, **limits) as (url, _):
        assert [sign_in_from(url, "203.0.113.5") for _ in range(4)] == [401, 401, 401, 429]
        assert sign_in_from(url, "203.0.113.6") == 401  # another client behind the proxy


def test_without_a_trusted_proxy_the_forwarded_header_is_ignored(tmp_path: Path) -> None:
    with server(tmp_path, signin_failures_per_address=3) as (url, _):
        said = [sign_in_from(url, f"203.0.113.{i}") for i in range(4)]
        assert said == [401, 401, 401, 429]  # one address (the connection's), whatever it says


def test_a_trusted_proxy_is_not_held_to_the_connections_per_address(tmp_path: Path) -> None:
    limits = {"trusted_proxies": "127.0.0.0/8", "max_connections_per_client": 2}
    with server(tmp_path, header_seconds=60, **limits) as (url, port):
        held = [connection(port) for _ in range(6)]
        assert httpx.get(f"{url}/api/games").status_code == 200
        for conn in held:
            conn.close()


def test_trusted_proxies_are_addresses_or_networks() -> None:
    for bad in ("*", "localhost", "10.0.0.0/33"):
        with pytest.raises(ValidationError, match="addresses or networks"):
            Settings(trusted_proxies=bad)
