"""Cross-site request forgery: a state-changing request must come from this site's pages.

Every ``POST``, ``PUT``, ``PATCH`` and ``DELETE`` is judged by where the browser says it
comes from (browsers send ``Origin`` with every such request, ``fetch`` and forms alike):

- an ``Origin`` (or, without one, a ``Referer``) naming another site than the request's
  ``Host`` (and not one of the trusted origins, ``cors_origins``) is refused;
- a request that carries the session cookie must name its origin (``Origin`` or
  ``Referer``): a cookie without one is refused, since only a browser sends the cookie.

A program using the API with seat tokens sends neither cookie nor ``Origin`` and passes, as
it holds its own secret. The session cookie is also ``SameSite=Lax``: a browser does not
send it with another site's ``POST`` at all; this check does not rely on that.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from gameshelf.web.people import SESSION_COOKIE

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_COOKIE = SESSION_COOKIE.encode() + b"="


def forged(method: str, headers: Iterable[tuple[bytes, bytes]], trusted: frozenset[str]) -> bool:
    """Whether a request (its method and ASGI headers) must be refused as cross-site."""
    if method not in UNSAFE:
        return False
    origin = referer = host = None
    session = False
    for key, value in headers:
        if key == b"origin":
            origin = value.decode("latin-1")
        elif key == b"referer":
            referer = value.decode("latin-1")
        elif key == b"host":
            host = value.decode("latin-1").lower()
        elif key == b"cookie" and _COOKIE in value:
            session = True
    said = origin if origin is not None else referer
    if said is None:
        return session
    if said == "null":
        return True
    parts = urlsplit(said)
    if f"{parts.scheme}://{parts.netloc}".lower() in trusted:
        return False
    return not host or parts.netloc.lower() != host
