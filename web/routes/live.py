"""Live updates over a WebSocket: ``/ws/matches/{id}?token=…``.

On connecting, and after every change of the match, the connection receives
``{seq, view, outcome, …}`` for its own seat (the spectator view without a token). With
``log_tail=N`` the messages after the first carry only the last N lines of the log. The
server only talks; messages from the browser are read and ignored. A wrong match or token
closes the socket with code 4404 or 4401, so the page stops retrying.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect

from web.deps import HubDep, TablesDep
from web.hub import Listener
from web.tables import Refusal

router = APIRouter(tags=["live"])

CLOSE_UNKNOWN_MATCH = 4404
CLOSE_UNKNOWN_TOKEN = 4401


@router.websocket("/ws/matches/{match_id}")
async def live(
    websocket: WebSocket,
    match_id: str,
    tables: TablesDep,
    hub: HubDep,
    token: str | None = None,
    log_tail: Annotated[int | None, Query(ge=0, le=10_000)] = None,
) -> None:
    await websocket.accept()
    try:
        table = await tables.get(match_id)
    except Refusal:
        await websocket.close(CLOSE_UNKNOWN_MATCH, "no such match")
        return
    role = table.role_for_token(token) if token else None
    if token and role is None:
        await websocket.close(CLOSE_UNKNOWN_TOKEN, "not a seat of this match")
        return
    listener = hub.join(match_id, role, log_tail)
    try:
        first = await tables.view_json(table, role)  # the whole log first, then only its tail
        listener.push(first.decode())
        sender = asyncio.create_task(_send(websocket, listener))
        receiver = asyncio.create_task(_drain(websocket))
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        for task in (sender, receiver):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, *GONE):
                await task
    finally:
        hub.leave(listener)


# What sending to or reading from a socket the browser closed may raise.
GONE = (WebSocketDisconnect, RuntimeError, OSError)


async def _send(websocket: WebSocket, listener: Listener) -> None:
    while True:
        await websocket.send_text(await listener.next())


async def _drain(websocket: WebSocket) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
