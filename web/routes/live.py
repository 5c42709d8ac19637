"""Live updates over a WebSocket: ``/ws/matches/{id}``.

A seat token never travels in the URL (URLs end up in access logs, proxies' logs and the
browser's history): the client says who it is either in the handshake's
``Authorization: Bearer <token>`` header (a program's client), or in its first message,
``{"token": "…"}`` for a seat or ``{"token": null}`` (or ``{}``) for a spectator, within
:data:`HELLO_SECONDS` (a browser, which cannot set the header; the match page does this).
With the header no first message is awaited. Then, and after every change of the match,
the connection receives ``{seq, version, view, outcome, log_from, log_total, …}`` for its
own seat: the first one the whole board, each later one only the keys of the view that
changed (``"delta": true``, ``"base"``: the version it changes, ``"drop"``: keys gone)
with the log lines the page lacks (``view.log``, from its line ``log_from``). In the URL
(no secret): ``log_have=N`` and ``version=V`` say the page holds the first N lines of its
log as of version V (a page that reconnects gets only the lines it lacks), else
``log_tail=N`` how many of the last lines it wants first (default a page,
``tables.seen.LOG_PAGE``).

A seat may also make its decisions over the connection, as the match page does (one
request less per move, and no payload built for its reply: the view comes as the live
update it is sent anyway): ``{"id": N, "act": {"type", "arg", "version"}}`` or ``{"id":
N, "undo": {"version"}}``, under the same rules as ``POST …/actions`` and ``…/undo``.
Each is answered, in order and before the view it leads to, by ``{"answer": N,
"applied": bool, "version": V}`` or ``{"answer": N, "detail": {"code", "reason", …}}``
(the refusal an HTTP request gets; ``"answer": null`` for a message that is no request).
The token is checked again at every request (a seat handed to a bot is closed to it).
A request begun is carried out to the end, with the bots' answer, even if the connection
closes meanwhile (a page reloaded while a bot thinks).

A wrong match or token closes the socket with code 4404 or 4401, so the page stops
retrying; a token in the URL (``?token=``, ``?access_token=``) with 4403, before anything
else is looked at (the server's log lines never show a query string: ``web.server``); a
first message that is not such an object, or none in time, with 4400. Each close says
why in its reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from gameshelf.core.engine.ruleset import Action
from gameshelf.core.i18n.messages import Msg, render
from gameshelf.web.deps import HubDep, TablesDep, bearer
from gameshelf.web.errors import field_problems
from gameshelf.web.hub import Listener
from gameshelf.web.i18n import request_lang
from gameshelf.web.schemas import LiveRequest
from gameshelf.web.tables import Refusal, Tables

router = APIRouter(tags=["live"])

CLOSE_UNKNOWN_MATCH = 4404
CLOSE_UNKNOWN_TOKEN = 4401
CLOSE_BAD_HELLO = 4400
CLOSE_TOKEN_IN_URL = 4403
TOKEN_PARAMETERS = ("token", "access_token")  # what a token in a URL is called
HELLO_SECONDS = 10.0  # how long a new connection may take to say who it is
_UNDER_WAY: set[asyncio.Task[Any]] = set()  # requests being answered, held till done


@router.websocket("/ws/matches/{match_id}")
async def live(
    websocket: WebSocket,
    match_id: str,
    tables: TablesDep,
    hub: HubDep,
    log_tail: Annotated[int | None, Query(ge=0, le=10_000)] = None,
    log_have: Annotated[int | None, Query(ge=0, le=1 << 40)] = None,
    version: Annotated[int | None, Query(ge=0, le=1 << 62)] = None,
) -> None:
    await websocket.accept()
    if any(name in websocket.query_params for name in TOKEN_PARAMETERS):
        reason = "a seat token never goes in the URL: send it in the first message"
        await websocket.close(CLOSE_TOKEN_IN_URL, reason)
        return
    try:
        table = await tables.get(match_id)
    except Refusal:
        await websocket.close(CLOSE_UNKNOWN_MATCH, "no such match")
        return
    try:
        token = bearer(websocket.headers.get("authorization")) or await _hello(websocket)
    except (ValueError, TimeoutError):
        await websocket.close(CLOSE_BAD_HELLO, 'the first message is {"token": ...}')
        return
    except GONE:
        return
    role = await tables.role_of(table, token) if token else None
    if token and role is None:
        await websocket.close(CLOSE_UNKNOWN_TOKEN, "not a seat of this match")
        return
    lang = request_lang(websocket)  # each seat reads the match in its own language
    listener = hub.join(match_id, role, log_tail, lang, log_have, version)
    try:
        async with table.lock:  # the state as stored: no change is on its way to the disk
            listener.push(table)
        sender = asyncio.create_task(_send(websocket, listener))
        receiver = asyncio.create_task(_requests(websocket, tables, listener, token))
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        for task in (sender, receiver):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, *GONE):
                await task
    finally:
        hub.leave(listener)


# What sending to or reading from a socket the browser closed may raise.
GONE = (WebSocketDisconnect, RuntimeError, OSError)


async def _hello(websocket: WebSocket) -> str | None:
    """The token of the connection's first message (``None``: a spectator)."""
    async with asyncio.timeout(HELLO_SECONDS):
        message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    try:
        hello = json.loads(message.get("text") or message.get("bytes") or b"")
    except (TypeError, json.JSONDecodeError, UnicodeDecodeError):
        raise ValueError("not JSON") from None
    if not isinstance(hello, dict) or set(hello) - {"token"}:
        raise ValueError("not a hello")
    token = hello.get("token")
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 200):
        raise ValueError("not a token")
    return token


async def _send(websocket: WebSocket, listener: Listener) -> None:
    while True:
        await websocket.send_text(await listener.next())


async def _requests(
    websocket: WebSocket, tables: Tables, listener: Listener, token: str | None
) -> None:
    """Answer the connection's requests (:class:`LiveRequest`) in turn, each answer queued
    before the view it led to."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text") or message.get("bytes") or b""
        # In a task of its own, which the connection closing does not cancel: else the bots
        # answering the action would stop between two decisions, the match waiting for good.
        task = asyncio.ensure_future(_answer_and_say(text, tables, listener, token))
        _UNDER_WAY.add(task)
        task.add_done_callback(_UNDER_WAY.discard)
        await asyncio.shield(task)


async def _answer_and_say(
    text: str | bytes, tables: Tables, listener: Listener, token: str | None
) -> None:
    """Answer a request and queue the answer at once, before the view it led to."""
    listener.say(await _answer(text, tables, listener, token))


async def _answer(text: str | bytes, tables: Tables, listener: Listener, token: str | None) -> str:
    """``{"answer": id, "applied": bool, "version": V}`` for a request done, else
    ``{"answer": id, "detail": {code, reason, …}}`` as an HTTP refusal says it (``id``
    ``null`` for a message that is no request)."""
    lang = listener.lang
    try:
        request = LiveRequest.model_validate_json(text)
    except ValidationError as exc:
        fields = field_problems([dict(e) for e in exc.errors()], lang)
        reason = " ".join(f.reason for f in fields) or render(Msg("web.malformed"), lang)
        return _said({"answer": None, "detail": {"code": "malformed", "reason": reason}})
    try:
        table = await tables.get(listener.match_id, resume=False)
        role = await tables.role_of(table, token) if token else None
        if role is None or role != listener.role:
            code = "missing_token" if token is None else "unknown_token"
            raise Refusal(code, Msg(f"web.{code}"))
        if request.act is not None:
            act, version = Action(request.act.type, request.act.arg), request.act.version
            applied, _ = await tables.act(table, role, act, version, lang=lang, reply=False)
        else:
            assert request.undo is not None
            await tables.undo(table, role, request.undo.version, lang=lang, reply=False)
            applied = True
    except Refusal as refusal:
        detail: dict[str, object] = {"code": refusal.code, "reason": refusal.reason(lang)}
        extra = {"version": refusal.version, "seq": refusal.seq}
        detail.update({k: v for k, v in extra.items() if v is not None})
        return _said({"answer": request.id, "detail": detail})
    return _said({"answer": request.id, "applied": applied, "version": table.version})


def _said(message: dict[str, object]) -> str:
    return orjson.dumps(message).decode()
