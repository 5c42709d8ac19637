"""One shape for every refusal, documented for every route.

Whatever refuses a request (the rules, a seat check, a malformed body, an unknown route, a
wrong method, a body too large, a server error) answers ``{"detail": {"code", "reason",
...}}`` (:class:`Problem`): ``code`` a short word for programs, ``reason`` sentences for
people, plus ``version``/``seq`` when the match's position matters and ``fields`` when
fields of the request were wrong, one plain sentence each (no validator internals, no
Python values). The OpenAPI document gives that schema to every refusal of every route
(:func:`document`). A browser (``Accept: text/html``) asking for a page that does not
exist, a missing match's page among them, gets an HTML page with a link to the lobby.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.staticfiles import StaticFiles

from gameshelf.core.i18n.messages import DEFAULT, Msg, render
from gameshelf.web.csrf import UNSAFE
from gameshelf.web.i18n import request_lang
from gameshelf.web.schemas import publish_constraints
from gameshelf.web.tables import Refusal

log = logging.getLogger("gameshelf.web")


class FieldProblem(BaseModel):
    """One wrong field of a request."""

    field: str = Field(description='Where: "body", "options.last_year", "seats[0].name".')
    reason: str = Field(description="What is wrong, in one sentence.")


class ProblemDetail(BaseModel):
    code: str = Field(description="A short word for programs: stale, not_your_turn, ...")
    reason: str = Field(description="What went wrong, in sentences a person understands.")
    version: int | None = Field(None, description="The match's version, when it matters.")
    seq: int | None = Field(None, description="The match's number of actions, when it matters.")
    fields: list[FieldProblem] | None = Field(None, description="The wrong fields, if any.")


class Problem(BaseModel):
    """Every refusal of the API."""

    detail: ProblemDetail


def problem(
    status: int, code: str, reason: str, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    detail = {"code": code, "reason": reason, **{k: v for k, v in extra.items() if v is not None}}
    headers = {**(headers or {}), **({"WWW-Authenticate": "Bearer"} if status == 401 else {})}
    return JSONResponse({"detail": detail}, status_code=status, headers=headers or None)


# --- plain sentences for malformed requests ------------------------------------------------

KINDS = {  # what a value of the wrong type should have been (the web catalog's web.kind.*)
    "bool_type": "bool",
    "bool_parsing": "bool",
    "int_type": "int",
    "int_parsing": "int",
    "int_from_float": "int",
    "string_type": "text",
    "dict_type": "object",
    "model_type": "object",
    "model_attributes_type": "object",
    "list_type": "list",
    "none_required": "null",
}

# A segment pydantic adds to an error's place for the member of a union it tried
# ("bool", "constrained-str", "function-after[_encodable(), constrained-str]", ...).
_TAG = re.compile(r"^(bool|int|float|str|none|[a-z-]+\[.*\]|constrained-[a-z]+|[a-z]+-[a-z-]+)$")


def where(loc: tuple[Any, ...] | list[Any]) -> str:
    """The field an error is about, as a person writes it: ``seats[0].name``."""
    parts = list(loc[1:]) if loc and loc[0] in ("body", "query", "path", "header") else list(loc)
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not _TAG.match(str(part)) or not text:
            text += ("." if text else "") + str(part)
    if not text:
        return "body" if loc and loc[0] == "body" else str(loc[0] if loc else "request")
    return text


def sentence(field: str, error: dict[str, Any]) -> Msg:
    """One plain sentence for one pydantic error about ``field`` (a ``web`` message)."""
    kind, ctx = error.get("type", ""), error.get("ctx") or {}
    name: Msg | str = Msg("web.the_body") if field == "body" else field
    if kind in KINDS:
        return Msg("web.must_be", field=name, kind=Msg(f"web.kind.{KINDS[kind]}"))
    bound = {k: ctx.get(k) for k in ("min_length", "max_length", "ge", "gt", "le", "lt")}
    unit = "characters" if isinstance(error.get("input"), str) else "items"
    if kind in ("literal_error", "enum"):
        expected = ctx.get("expected")
        return Msg("web.must_be", field=name, kind=expected or Msg("web.kind.listed"))
    if kind == "value_error":
        message = str(error.get("msg", "")).removeprefix("Value error, ")
        return (
            Msg("web.value_error", field=name, message=message)
            if message
            else (Msg("web.not_valid", field=name))
        )
    if kind == "string_too_short" and bound["min_length"] == 1:
        return Msg("web.empty", field=name)
    simple = {
        "missing": ("web.missing", {}),
        "extra_forbidden": ("web.extra_forbidden", {}),
        "json_invalid": ("web.json_invalid", {}),
        "json_type": ("web.json_type", {}),
        "string_pattern_mismatch": ("web.blank", {}),
        "string_too_short": ("web.min_characters", {"min_length": bound["min_length"]}),
        "string_too_long": ("web.max_characters", {"max_length": bound["max_length"]}),
        "too_short": (f"web.too_short_{unit}", {"min_length": bound["min_length"]}),
        "too_long": (f"web.too_long_{unit}", {"max_length": bound["max_length"]}),
        "greater_than_equal": ("web.at_least", {"ge": bound["ge"]}),
        "greater_than": ("web.more_than", {"gt": bound["gt"]}),
        "less_than_equal": ("web.at_most", {"le": bound["le"]}),
        "less_than": ("web.less_than", {"lt": bound["lt"]}),
    }
    if kind in simple:
        msgid, args = simple[kind]
        # a whole number stays one: it chooses the message's plural form ("1 character")
        said = {
            k: v if isinstance(v, int) and not isinstance(v, bool) else str(v)
            for k, v in args.items()
        }
        return Msg(msgid, field=name, **said)
    return Msg("web.not_valid", field=name)


def kind_of(error: dict[str, Any]) -> Msg | None:
    """What a member of a union wanted, for one sentence about all of them."""
    kind, ctx = error.get("type", ""), error.get("ctx") or {}
    if kind in KINDS:
        return Msg(f"web.kind.{KINDS[kind]}")
    if kind == "string_too_long":
        return Msg("web.kind_text_at_most", max_length=str(ctx.get("max_length")))
    if kind in ("string_too_short", "string_pattern_mismatch"):
        return Msg("web.kind.not_blank")
    return None


def one_of(kinds: list[Msg]) -> Msg:
    """``a, b or c`` in the reader's language (``kinds``: at least two)."""
    if len(kinds) == 2:
        return Msg("web.either", first=kinds[0], last=kinds[1])
    return Msg("web.series", first=kinds[0], rest=one_of(kinds[1:]))


def field_problems(errors: list[dict[str, Any]], lang: str = DEFAULT) -> list[FieldProblem]:
    """One problem per wrong field, in ``lang``: a union's failures about one field make
    one sentence."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for error in errors:
        field = "body" if error.get("type") == "json_invalid" else where(error.get("loc", ()))
        grouped.setdefault(field, []).append(error)
    out = []
    for field, found in grouped.items():
        kinds = list(dict.fromkeys(k for k in map(kind_of, found) if k))
        if len(found) > 1 and len(kinds) > 1:
            name: Msg | str = Msg("web.the_body") if field == "body" else field
            reason = Msg("web.must_be", field=name, kind=one_of(kinds))
        else:
            reason = sentence(field, found[0])
        out.append(FieldProblem(field=field, reason=render(reason, lang)))
    return out


# --- the handlers --------------------------------------------------------------------------


def wants_html(request: Request) -> bool:
    """A browser asking for a page (not the API, not a socket)."""
    path = request.url.path
    if path.startswith(("/api/", "/ws/", "/assets/", "/static/")) or request.method != "GET":
        return False
    return "text/html" in request.headers.get("accept", "")


def not_found_page(request: Request, reason: str) -> HTMLResponse:
    from gameshelf.web.pages import render  # the pages import the tables, as this module does

    response = render(request, "not_found.html", {"reason": reason})
    response.status_code = 404
    return response


async def refusal_response(request: Request, exc: Exception) -> Response:
    """A :class:`Refusal`, its reason in the request's language (``web.i18n``)."""
    assert isinstance(exc, Refusal)
    reason = exc.reason(request_lang(request))
    if exc.status == 404 and wants_html(request):
        return not_found_page(request, reason)
    return problem(exc.status, exc.code, reason, exc.headers, version=exc.version, seq=exc.seq)


async def malformed_response(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    fields = field_problems([dict(e) for e in exc.errors()], request_lang(request))
    reason = " ".join(f.reason for f in fields) or said("web.malformed", request)
    body = {"code": "malformed", "reason": reason, "fields": [f.model_dump() for f in fields]}
    return JSONResponse({"detail": body}, status_code=422)


HTTP_REASONS: dict[int, tuple[str, str]] = {
    400: ("malformed", "web.unreadable_body"),
    404: ("not_found", "web.nothing_here"),
    405: ("method_not_allowed", "web.method_not_allowed"),
}


def said(msgid: str, request: Request) -> str:
    """The ``web`` message ``msgid`` in the request's language."""
    return render(Msg(msgid), request_lang(request))


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def allowed_methods(request: Request) -> list[str]:
    """The methods the app serves at the request's path, by every route there (Starlette
    names only those of the first route it finds: ``GET`` for ``/api/matches``, which
    takes ``POST`` too), and ``OPTIONS``, answered for every path that exists."""
    allowed = []
    # the app's own root: a mount (static files) gave its request a root of its own
    root = request.scope.get("app_root_path", request.scope.get("root_path", ""))
    for method in METHODS:
        scope = {**request.scope, "method": method, "root_path": root}
        for route in request.app.router.routes:
            if route.matches(scope)[0] != Match.FULL:
                continue
            app = getattr(route, "app", None)  # a mount of static files takes any method
            if not isinstance(app, StaticFiles) or method in ("GET", "HEAD"):
                allowed.append(method)
            break
    return [*allowed, "OPTIONS"]


async def http_response(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (unknown route, wrong method, unreadable body). A wrong
    method says every method of its path in ``Allow``; ``OPTIONS`` is answered so."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405:
        allow = ", ".join(allowed_methods(request))
        if request.method == "OPTIONS":
            return Response(status_code=204, headers={"Allow": allow})
        exc.headers = {**(exc.headers or {}), "Allow": allow}
    if exc.status_code == 404 and wants_html(request):
        return not_found_page(request, said("web.no_such_page", request))
    if exc.status_code in HTTP_REASONS:
        code, msgid = HTTP_REASONS[exc.status_code]
        reason = said(msgid, request)
    else:
        code, reason = f"http_{exc.status_code}", str(exc.detail)
    response = problem(exc.status_code, code, reason)
    for key, value in (exc.headers or {}).items():
        response.headers[key] = value
    return response


async def server_error(request: Request, exc: Exception) -> Response:
    return problem(500, "server_error", said("web.server_error", request))


def install(app: FastAPI) -> None:
    app.add_exception_handler(Refusal, refusal_response)
    app.add_exception_handler(RequestValidationError, malformed_response)
    app.add_exception_handler(HTTPException, http_response)
    app.add_exception_handler(Exception, server_error)
    document(app)


# --- the OpenAPI document ----------------------------------------------------------------

DESCRIPTIONS = {
    "400": "The body could not be read (not JSON in UTF-8)",
    "401": "No seat token, or not one of this match",
    "403": "Not this seat's decision now (or the match is over), or a cross-site request",
    "404": "No such match",
    "409": "The match is not where the request expects it",
    "413": "The body is too large",
    "429": "Too many new matches from this address, or of bots alone: try again later",
    "422": "Malformed request (each wrong field in a sentence), or refused by the rules",
}
PROBLEM = {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}


def refusals_of(path: str, operation: dict[str, Any], method: str = "get") -> list[str]:
    """The refusals a route can answer: those it declares, those of its inputs, and the
    refusal of a cross-site request for a state-changing one (``web.csrf``)."""
    found = {s for s in operation.get("responses", {}) if s.startswith("4")}
    if method.upper() in UNSAFE:
        found.add("403")
    if operation.get("parameters") or operation.get("requestBody"):
        found.add("422")
    if "{match_id}" in path:
        found.add("404")
    if operation.get("security"):
        found.add("401")
    if operation.get("requestBody"):
        found |= {"400", "413"}
    return sorted(found)


def document(app: FastAPI) -> None:
    """Make ``app.openapi()`` give every refusal of every route the :class:`Problem`
    schema (FastAPI's own would describe its default 422 body, which nobody receives), and
    publish the site's own constraints (``web.schemas.publish_constraints``)."""
    generate: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = generate()
        registry = app.state.registry
        publish_constraints(schema, list(registry.games), list(registry.agents))
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        problem_schema = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(problem_schema.pop("$defs", {}))
        schemas["Problem"] = problem_schema
        for unused in ("HTTPValidationError", "ValidationError"):
            schemas.pop(unused, None)
        for path, item in schema.get("paths", {}).items():
            for method, operation in item.items():
                responses = operation.setdefault("responses", {})
                for status in refusals_of(path, operation, method):
                    described = responses.get(status, {}).get("description")
                    if described == "Validation Error":  # FastAPI's, for its own body
                        described = None
                    responses[status] = {
                        "description": described or DESCRIPTIONS.get(status, "Refused"),
                        "content": PROBLEM,
                    }
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
