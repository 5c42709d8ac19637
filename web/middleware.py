"""One plain ASGI middleware: a limit on request bodies, the refusal of cross-site
state-changing requests (:mod:`web.csrf`) and a few protective headers.

It is a single layer (every layer costs a call and a wrapped ``send`` per message on every
request) and FastAPI's own body limit is left off (``max_body_size`` unset), so a body is
counted once.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gameshelf.core.i18n.messages import Msg, render
from gameshelf.web.csrf import forged
from gameshelf.web.i18n import request_lang


class BodyTooLarge(Exception):
    pass


def with_safety(
    headers: Iterable[tuple[bytes, bytes]], safety: Iterable[tuple[bytes, bytes]]
) -> list[tuple[bytes, bytes]]:
    """A response's headers and the safety headers it did not set itself (a page may say
    its own ``Referrer-Policy``: the unsubscribe page, web.routes.notices)."""
    out = list(headers)
    named = {key.lower() for key, _ in out}
    return out + [(key, value) for key, value in safety if key not in named]


class Guard:
    """Refuse request bodies over ``max_bytes`` with 413, whether announced or streamed,
    cross-site state-changing requests with 403 (``trusted``: other origins allowed), and
    give every response the headers of :data:`SAFETY_HEADERS`."""

    SAFETY_HEADERS = (
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    )

    def __init__(self, app: ASGIApp, max_bytes: int, trusted: Iterable[str] = ()) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.trusted = frozenset(o.lower().rstrip("/") for o in trusted)
        body = json.dumps(
            {
                "detail": {
                    "code": "too_large",
                    "reason": f"A request body is at most {max_bytes} bytes.",
                }
            }
        ).encode()
        self._refusal: tuple[Message, Message] = (
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *self.SAFETY_HEADERS,
                ],
            },
            {"type": "http.response.body", "body": body},
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if forged(scope["method"], scope["headers"], self.trusted):
            await self._refuse_forged(scope, send)
            return
        for key, value in scope["headers"]:
            if key == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = self.max_bytes + 1
                if announced > self.max_bytes:
                    await self._refuse(send)
                    return
        max_bytes = self.max_bytes
        seen = 0
        started = refused = False

        async def counted_receive() -> Message:
            # The app may swallow our exception (FastAPI turns body errors into a 400), so
            # the 413 is sent from here and whatever the app answers afterwards is dropped.
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > max_bytes:
                    if not started and not refused:
                        refused = True
                        await self._refuse(send)
                    raise BodyTooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = with_safety(message.get("headers", ()), self.SAFETY_HEADERS)
            await send(message)

        with contextlib.suppress(BodyTooLarge):
            await self.app(scope, counted_receive, guarded_send)

    async def _refuse(self, send: Send) -> None:
        start, body = self._refusal
        await send(dict(start))
        await send(dict(body))

    async def _refuse_forged(self, scope: Scope, send: Send) -> None:
        reason = render(Msg("web.cross_site"), request_lang(HTTPConnection(scope)))
        body = json.dumps({"detail": {"code": "cross_site", "reason": reason}}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *self.SAFETY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
