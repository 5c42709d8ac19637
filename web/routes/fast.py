"""The hot routes (a seat's action, a look at its view) served without FastAPI's request
handling, when the request is the plain, well-formed one the match page sends.

FastAPI solves a route's dependencies, reads its body through the ``email`` package's
content-type parser and ``json``, validates it and its query in Python, each request: about
120 µs of CPU on the 2-core reference machine, against ~50 µs for everything else the
framework and uvicorn do for a request (docs/performance.md, "The server"). A route made
with :class:`FastRoute` and marked :func:`served_fast` is first offered to its fast
handler, which reads the few query parameters it knows and the JSON body itself, checks
them with the route's own model, calls the route's dependency and the endpoint; whatever it
is not sure of (a query value not plainly a number in range, a body that is not
``application/json`` or that the model refuses) it hands to FastAPI's handler unchanged,
which answers as it always did (the same 422 and its wording). The route is documented,
routed, guarded and its refusals answered exactly as before: only who reads the request
changes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError

FastHandler = Callable[[Request], Awaitable[Response]]
Endpoint = TypeVar("Endpoint", bound=Callable[..., Any])
M = TypeVar("M", bound=BaseModel)

_ATTRIBUTE = "gameshelf_fast"
_DIGITS = frozenset("0123456789")


class NotPlain(Exception):
    """A request the fast handler leaves to FastAPI: raised only while it reads the
    request, before anything is done."""


def served_fast(fast: FastHandler) -> Callable[[Endpoint], Endpoint]:
    """Mark an endpoint of a :class:`FastRoute` router as served first by ``fast``, which
    returns the response, or raises :class:`NotPlain` to leave the request to FastAPI."""

    def mark(endpoint: Endpoint) -> Endpoint:
        setattr(endpoint, _ATTRIBUTE, fast)
        return endpoint

    return mark


class FastRoute(APIRoute):
    """An API route whose endpoint may be marked :func:`served_fast` (see the module)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        slow = super().get_route_handler()
        fast: FastHandler | None = getattr(self.endpoint, _ATTRIBUTE, None)
        if fast is None:
            return slow

        async def handle(request: Request) -> Response:
            try:
                return await fast(request)
            except NotPlain:
                return await slow(request)

        return handle


def query_int(request: Request, name: str, most: int) -> int | None:
    """The query parameter ``name`` as FastAPI reads an optional ``int`` between 0 and
    ``most`` (the last one given wins), ``None`` when absent; :class:`NotPlain` when it is
    anything but plain digits in range (FastAPI then says what is wrong)."""
    value = request.query_params.get(name)
    if value is None:
        return None
    if not 0 < len(value) <= 16 or not _DIGITS.issuperset(value) or int(value) > most:
        raise NotPlain(name)
    return int(value)


async def json_body(request: Request, model: type[M]) -> M:
    """The request's body as ``model``, read as FastAPI reads it (the JSON's values,
    validated in Python mode); :class:`NotPlain` unless it is JSON said to be
    (``Content-Type: application/json``) that the model takes."""
    if request.headers.get("content-type") != "application/json":
        raise NotPlain("content-type")
    body = await request.body()  # kept on the request: FastAPI reads it again if need be
    try:
        return model.model_validate(orjson.loads(body))
    except (orjson.JSONDecodeError, ValidationError):
        raise NotPlain("body") from None
