"""People: account names, passwords and session ids (the web app's side of accounts).

- **Names** are compared as :func:`name_key` says: NFKC, then case folded, then NFKC again
  (Unicode's NFKC_Casefold in substance), so "Ann", "ANN" and a full-width "Ａｎｎ" are one
  name. A name is 3–24 characters after NFKC, with no control, format or unassigned code
  point and no separator but the plain space (never first or last).
- **Passwords** are at least :data:`MIN_PASSWORD` characters and hashed with Argon2id
  through argon2-cffi; a hash made with weaker parameters than the site's is made again at
  the next sign-in. A password is never logged, stored or returned as it is.
- **Sessions** are ``secrets.token_urlsafe(32)`` (256 bits) in an HttpOnly cookie; the store
  keeps only their SHA-256, with an expiry.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from gameshelf.core.i18n.messages import Msg

MIN_NAME, MAX_NAME = 3, 24
MIN_PASSWORD, MAX_PASSWORD = 10, 1024
SESSION_COOKIE = "gs_session"
SESSION_BYTES = 32  # 256 bits, twice the 128 the issue asks at least
REFUSED_CATEGORIES = ("C", "Zl", "Zp")  # control, format, surrogate, private, unassigned


def display_name(name: str) -> str:
    """A name as it is kept and shown: NFKC, without surrounding spaces."""
    return unicodedata.normalize("NFKC", name).strip()


def name_key(name: str) -> str:
    """What two names must not share: NFKC, case folded, NFKC again."""
    folded = unicodedata.normalize("NFKC", name).strip().casefold()
    return unicodedata.normalize("NFKC", folded)


def name_problem(name: str) -> Msg | None:
    """Why ``name`` cannot be an account's name, or ``None``."""
    shown = display_name(name)
    if not MIN_NAME <= len(shown) <= MAX_NAME:
        return Msg("web.account.name_length", low=MIN_NAME, high=MAX_NAME, count=len(shown))
    for char in shown:
        category = unicodedata.category(char)
        if category.startswith(REFUSED_CATEGORIES) or (category == "Zs" and char != " "):
            return Msg("web.account.name_character", code=f"U+{ord(char):04X}")
    return None


def password_problem(password: str) -> Msg | None:
    """Why ``password`` is refused as a new password, or ``None``."""
    if len(password) < MIN_PASSWORD:
        return Msg("web.account.password_short", low=MIN_PASSWORD)
    if len(password) > MAX_PASSWORD:
        return Msg("web.account.password_long", high=MAX_PASSWORD)
    return None


class Passwords:
    """Argon2id hashing with the site's cost (``memory_kib``, ``rounds``)."""

    def __init__(self, memory_kib: int = 65536, rounds: int = 3) -> None:
        self.hasher = PasswordHasher(time_cost=rounds, memory_cost=memory_kib, parallelism=1)

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def check(self, stored: str, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` was made from."""
        try:
            return self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def stale(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters than the site's."""
        try:
            return self.hasher.check_needs_rehash(stored)
        except InvalidHashError:
            return True

    def dummy(self, password: str) -> None:
        """Spend a check's time on an unknown name, so that timing does not tell names."""
        self.check(self._decoy, password)

    @property
    def _decoy(self) -> str:
        decoy = getattr(self, "_decoy_hash", None)
        if decoy is None:
            decoy = self._decoy_hash = self.hash(secrets.token_urlsafe(16))
        return decoy


def new_session_id() -> str:
    return secrets.token_urlsafe(SESSION_BYTES)


def session_hash(session_id: str) -> bytes:
    """What the store keeps of a session id (ids are long and random: SHA-256 suffices)."""
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).digest()
