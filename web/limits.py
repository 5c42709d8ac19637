"""Bounded connections: what one client, or all of them, may hold of the server.

uvicorn's fast HTTP parser (httptools) takes headers of any size and waits for a request's
headers and body as long as a client likes, and any number of connections stay open. The
protocol made by :func:`bounded_protocol` is uvicorn's own with :class:`Limits` added:

- the request line and headers of a request together are at most ``header_bytes``
  (431 otherwise, and the connection is closed), however they arrive: in one read (each
  part is counted as the parser hands it over, and the parser is stopped at the first part
  over the limit) or in many (what the parser holds of a part not yet whole counts too);
- a request's headers must have arrived within ``header_seconds`` of its first byte (or of
  the connection, for a client that says nothing), and its body within ``body_seconds`` of
  its headers; a connection that is late is closed (after a 408 when nothing was answered);
- at most ``per_client`` connections from one address (a trusted reverse proxy's apart:
  ``proxies``) and ``total`` in all (WebSockets included): a connection over either is
  answered 503 and closed at once.

Each refusal is answered in the API's one shape, ``{"detail": {"code", "reason"}}``.

Request bodies are limited in size by :class:`web.middleware.Guard`; WebSockets, once
upgraded, by uvicorn's ``ws_max_size`` and the live route's first-message deadline.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from typing import Any, NamedTuple

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from gameshelf.web.settings import Networks


class Limits(NamedTuple):
    header_bytes: int = 16 * 1024
    header_seconds: float = 10.0
    body_seconds: float = 30.0
    per_client: int = 32
    total: int = 1024
    proxies: Networks = ()  # trusted reverse proxies: not held to ``per_client``


def is_proxy(host: str | None, proxies: Networks) -> bool:
    if not proxies or not host:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in network for network in proxies)


# status: (its phrase, the code of the answer's body: the API's one shape, web.errors)
REFUSALS = {
    408: (b"Request Timeout", "too_slow"),
    431: (b"Request Header Fields Too Large", "headers_too_large"),
    503: (b"Service Unavailable", "too_many_connections"),
}


class HeadersTooLarge(Exception):
    """Raised from the parser's callbacks to stop it: the request was refused (431)."""


LINE_END = 4  # ": " and "\r\n" around a header's name and value


def bounded_protocol(limits: Limits) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol under ``limits`` (for ``uvicorn.run(http=...)``)."""

    class BoundedProtocol(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None
        _header_bytes = 0  # the request's URL and whole headers, as the parser gave them
        _partial = 0  # bytes received since, of a header the parser does not hand over yet
        _in_headers = True

        # uvicorn's protocol is always given a Transport, not the BaseTransport declared
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            same = sum(1 for c in self.connections if _host(c) == host)
            if is_proxy(host, limits.proxies):
                same = 0  # its clients are many: each is counted by the routes' limits
            if len(self.connections) > limits.total or same > limits.per_client:
                self._refuse(503, "Too many connections: close some and try again.")
                return
            self._arm(limits.header_seconds)

        def data_received(self, data: bytes) -> None:
            if self.transport.is_closing():
                return
            if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
                self._arm(limits.header_seconds)  # the first bytes of the next request
            whole = self._header_bytes
            self._feed(data)
            if self._in_headers and not self.transport.is_closing():
                # httptools hands a header over only once it is whole: count what it holds
                counted = self._header_bytes - whole  # by the callbacks, of this read
                rest = max(0, len(data) - counted)
                self._partial = rest if counted else self._partial + rest
                self._over()

        def _feed(self, data: bytes) -> None:
            """uvicorn's ``data_received``, quiet when the parser was stopped by a refusal
            (its "Invalid HTTP request" warning would be wrong)."""
            self._unset_keepalive_if_required()
            try:
                self.parser.feed_data(data)
            except httptools.HttpParserUpgrade:
                if self._should_upgrade():
                    self.handle_websocket_upgrade()
                else:
                    self._unsupported_upgrade_warning()
            except httptools.HttpParserError as exc:
                if isinstance(exc.__context__, HeadersTooLarge):
                    return
                self.logger.warning("Invalid HTTP request received.")
                self.send_400_response("Invalid HTTP request received.")

        def _over(self) -> bool:
            """Whether the request line and headers are over the limit (then refused)."""
            if self._header_bytes + self._partial <= limits.header_bytes:
                return False
            self._refuse(431, f"Headers are at most {limits.header_bytes} bytes.")
            return True

        def _count(self, more: int) -> None:
            """A whole part of the request line or headers, handed over by the parser: the
            parser is stopped at the first one over the limit."""
            self._header_bytes += more
            if self._over():
                raise HeadersTooLarge

        def send_400_response(self, msg: str) -> None:
            if not self.transport.is_closing():
                super().send_400_response(msg)

        # --- the parser's callbacks -------------------------------------------------

        def on_message_begin(self) -> None:
            self._header_bytes, self._partial, self._in_headers = 0, 0, True
            super().on_message_begin()

        def on_url(self, url: bytes) -> None:
            self._count(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._partial = 0
            self._count(len(name) + len(value) + LINE_END)
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._in_headers = False
            self._arm(limits.body_seconds)
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        # --- enforcing ----------------------------------------------------------------

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            if self.cycle is not None and not self.cycle.response_complete:
                if self.cycle.response_started:  # answering already: just end it
                    self.transport.close()
                    return
                self.cycle.disconnected = True
                self.cycle.message_event.set()
            self._refuse(408, "The request took too long to arrive.")

        def _refuse(self, status: int, reason: str) -> None:
            """Answer ``status`` (unless an answer is under way) and close."""
            self._disarm()
            if self.transport.is_closing():
                return
            phrase, code = REFUSALS[status]
            body = json.dumps({"detail": {"code": code, "reason": reason}}).encode()
            self.transport.write(
                b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n"
                b"content-length: %d\r\nconnection: close\r\n\r\n%s"
                % (status, phrase, len(body), body)
            )
            self.transport.close()

    return BoundedProtocol


def _host(connection: Any) -> str | None:
    client = getattr(connection, "client", None)
    return client[0] if client else None
