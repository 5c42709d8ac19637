"""How refusals look on the wire: ``{"detail": {"code", "reason", ...}}`` with the status.

A malformed body (FastAPI's validation error) gets the same shape with code ``malformed``
and the failing fields, so a client handles every refusal the same way.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from web.tables import Refusal


async def refusal_response(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Refusal)
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


async def malformed_response(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {
            "loc": list(e.get("loc", ())),
            "msg": str(e.get("msg", "")),
            "type": str(e.get("type", "")),
        }
        for e in exc.errors()
    ]
    first = errors[0] if errors else {"loc": [], "msg": "malformed request"}
    where = ".".join(str(p) for p in first["loc"])
    reason = f"{where}: {first['msg']}" if where else first["msg"]
    body = {"detail": {"code": "malformed", "reason": reason, "errors": errors}}
    return JSONResponse(jsonable_encoder(body), status_code=422)


def install(app: FastAPI) -> None:
    app.add_exception_handler(Refusal, refusal_response)
    app.add_exception_handler(RequestValidationError, malformed_response)
