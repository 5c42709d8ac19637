"""Plain ASGI middleware: a limit on request bodies and a few protective headers."""

from __future__ import annotations

import contextlib
import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` with 413, whether announced or streamed."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = self.max_bytes + 1
                if announced > self.max_bytes:
                    await self._refuse(send)
                    return
        seen = 0
        started = refused = False

        async def counted_receive() -> Message:
            # The app may swallow our exception (FastAPI turns body errors into a 400), so
            # the 413 is sent from here and whatever the app answers afterwards is dropped.
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    if not started and not refused:
                        refused = True
                        await self._refuse(send)
                    raise BodyTooLarge
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        with contextlib.suppress(BodyTooLarge):
            await self.app(scope, counted_receive, watched_send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {
                "detail": {
                    "code": "too_large",
                    "reason": f"A request body is at most {self.max_bytes} bytes.",
                }
            }
        )
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


class SafetyHeaders:
    """Headers every response gets: no MIME sniffing, no framing, no referrer."""

    HEADERS = [
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *self.HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)
