"""Lean routes: the hottest endpoints, documented by FastAPI, run by a small handler.

FastAPI's request handler finds each parameter of a route through its dependency solver,
which on the routes every move goes through (a seat's view and a seat's action) cost more
than the rules themselves. A route made with :func:`lean_route` keeps its declaration (path,
parameters, body model, responses: the OpenAPI page does not change) but runs through a
handler written for it, which reads the same inputs with the same models, in the same
order, and refuses bad ones the same way: a dependency's refusal first (404, 401), then
every malformed parameter and body at once as a ``RequestValidationError`` (422), and a body
that cannot be parsed at all as FastAPI does (422 ``json_invalid``, 400 otherwise).
``tests/web/test_lean.py`` checks the answers against FastAPI's own handler.
"""

from __future__ import annotations

import email.message
import inspect
import json
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, TypeAdapter, ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

Handler = Callable[[Request], Awaitable[Response]]


def lean_route(handler: Handler, params: Collection[str]) -> type[APIRoute]:
    """A route class (for ``route_class_override``) that runs ``handler`` instead of
    FastAPI's solver; the endpoint must take exactly ``params`` (checked when the route is
    made, so a parameter added to the endpoint cannot be silently left out)."""

    class LeanRoute(APIRoute):
        def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
            declared = set(inspect.signature(endpoint).parameters)
            if declared != set(params):
                raise TypeError(
                    f"{endpoint.__qualname__} takes {sorted(declared)}; its lean handler "
                    f"{handler.__qualname__} supplies {sorted(params)}"
                )
            super().__init__(path, endpoint, **kwargs)

        def get_route_handler(self) -> Handler:
            return handler

    return LeanRoute


class Inputs:
    """Reads a request's JSON body and query parameters like FastAPI, collecting errors.

    FastAPI's order: the body is read and parsed first (an unparsable one is refused at
    once), then the dependencies run, then the parameters and the body are validated and
    their errors reported together."""

    def __init__(self, request: Request) -> None:
        self.request = request
        self.errors: list[dict[str, Any]] = []
        self._body: Any = _MISSING

    async def read_body(self) -> None:
        """Read the body; parse it when it is declared as JSON (FastAPI validates the
        bytes themselves otherwise, which no model accepts)."""
        raw = await self.request.body()
        if not raw:
            return
        if not _is_json(self.request.headers.get("content-type")):
            self._body = raw
            return
        try:
            self._body = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RequestValidationError(
                [
                    {
                        "type": "json_invalid",
                        "loc": ("body", exc.pos),
                        "msg": "JSON decode error",
                        "input": {},
                        "ctx": {"error": exc.msg},
                    }
                ],
                body=exc.doc,
            ) from exc
        except Exception as exc:  # e.g. nested too deep, or not UTF-8
            raise HTTPException(
                status_code=400, detail="There was an error parsing the body"
            ) from exc

    def body(self, model: type[BaseModel]) -> Any:
        """The body read by :meth:`read_body`, validated by ``model`` (required)."""
        if self._body is _MISSING:
            self.errors.append(
                {"type": "missing", "loc": ("body",), "msg": "Field required", "input": None}
            )
            return None
        try:
            return model.model_validate(self._body, from_attributes=True)
        except ValidationError as exc:
            self._add(exc, ("body",))
            return None

    def query(self, name: str, adapter: TypeAdapter[Any], default: Any = None) -> Any:
        """The query parameter ``name`` validated by ``adapter`` (``default`` when absent)."""
        raw = self.request.query_params.get(name)
        if raw is None:
            return default
        try:
            return adapter.validate_python(raw, from_attributes=True)
        except ValidationError as exc:
            self._add(exc, ("query", name))
            return None

    def check(self) -> None:
        """Raise the errors found so far, all at once (422)."""
        if self.errors:
            raise RequestValidationError(self.errors)

    def _add(self, exc: ValidationError, prefix: tuple[str, ...]) -> None:
        for error in exc.errors(include_url=False):
            self.errors.append({**error, "loc": (*prefix, *error["loc"])})


_MISSING = object()


def _is_json(content_type: str | None) -> bool:
    """FastAPI's test: ``application/json`` or ``application/*+json``, parameters aside."""
    if content_type == "application/json":  # what clients send; the parse below is slow
        return True
    if not content_type:
        return False
    message = email.message.Message()
    message["content-type"] = content_type
    if message.get_content_maintype() != "application":
        return False
    subtype = message.get_content_subtype()
    return subtype == "json" or subtype.endswith("+json")
