"""What the server turns down, and the one mapping from what went wrong to an HTTP status.

A :class:`Refusal` names what went wrong by a short code (``stale``, ``not_your_turn``,
``unknown_match``...) and says it as a message (``core.i18n.messages.Msg``, in the ``web``
domain, or the rules' own when the rules refused), rendered in the reader's language when
the reply is written (``web.errors``). Its HTTP status is not chosen where it is raised:
:data:`STATUS` maps every code to one, the core's ``IllegalAction`` codes among them, and
what it does not list is a request the rules or the setup refuse (422).
"""

from __future__ import annotations

from collections.abc import Mapping

from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.core.i18n.messages import DEFAULT, Msg, Namer, render

STATUS: Mapping[str, int] = {
    # the address names nothing here
    "unknown_match": 404,
    "game_not_installed": 404,
    "not_found": 404,
    # who is asking: no seat token, or not one of this match
    "missing_token": 401,
    "unknown_token": 401,
    "signed_out": 401,
    "wrong_password": 401,
    "account_disabled": 403,
    "not_admin": 403,
    "cross_site": 403,
    "spectators_silent": 403,
    "name_taken": 409,
    # not this seat's decision now (the core's IllegalAction codes)
    "not_your_turn": 403,
    "game_over": 403,
    "unknown_role": 403,
    # the match is not where the request expects it
    "stale": 409,
    "conflict": 409,
    "cannot_undo": 409,
    "seat_taken": 409,
    "no_open_seat": 409,
    "finished": 409,
    "not_started": 409,
    "not_invited": 409,
    "not_finished": 409,
    # too many at once: try again later
    "too_many_matches": 429,
    "too_many_live_matches": 429,
    "bots_busy": 429,
    "too_many_signins": 429,
    "chat_too_fast": 429,
}
REFUSED = 422  # every other code: the body is wrong, or the rules or the setup refuse it


def status_of(code: str) -> int:
    """The HTTP status of a refusal coded ``code`` (:data:`STATUS`, else 422)."""
    return STATUS.get(code, REFUSED)


class Refusal(Exception):
    """A request the server turns down: a ``code`` (its status from :data:`STATUS`), the
    reason as a message, and where the match stands when that matters (``version``,
    ``seq``). ``namer`` and ``game`` name the things of the game a rules' reason speaks of."""

    def __init__(
        self,
        code: str,
        msg: Msg | str,
        *,
        seq: int | None = None,
        version: int | None = None,
        headers: dict[str, str] | None = None,
        namer: Namer | None = None,
        game: str | None = None,
    ) -> None:
        self.code = code
        self.status = status_of(code)
        self.msg = msg
        self.seq = seq
        self.version = version
        self.headers = headers
        self.namer = namer
        self.game = game
        super().__init__(self.reason())

    def reason(self, lang: str = DEFAULT) -> str:
        """The reason in sentences, in ``lang``."""
        return render(self.msg, lang, self.namer, self.game)

    @classmethod
    def of_rules(
        cls, exc: IllegalAction, namer: Namer, game: str, version: int | None = None
    ) -> Refusal:
        """The refusal of an action the rules refused, with their reason and code."""
        return cls(
            exc.code,
            exc.msg if exc.msg is not None else exc.reason,
            version=version,
            namer=namer,
            game=game,
        )
