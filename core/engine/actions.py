"""The words of a decision, below the ruleset and the step machine: a role, an
:class:`Action` and its refusal, :class:`IllegalAction`. ``core.engine.ruleset`` re-exports them,
where a game imports them from; ``core.engine.steps`` imports them from here, so the step machine
does not import the ruleset (which imports it for ``StepRuleset``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from gameshelf.core.i18n.messages import Msg

Role = str
Arg = int | str | None
JSON = dict[str, Any]


class IllegalAction(Exception):
    """A player's mistake: the action is refused with a reason and nothing changes.

    ``code`` is a short machine-readable word (``not_your_turn``, ``unknown_action``,
    ``illegal``, ``malformed``, ``game_over``, ``unknown_role``) for APIs and tests;
    ``reason`` is a sentence a player understands, in English; ``msg`` the same as a
    message (``core.i18n.messages``) to render in a reader's language, when it was given as one.
    """

    def __init__(self, reason: str | Msg, code: str = "illegal") -> None:
        super().__init__(reason)  # str(exc) renders it (in English) when asked
        self.msg = reason if isinstance(reason, Msg) else None
        self.code = code

    @property
    def reason(self) -> str:
        # Rendered when read, not when raised: bots, the kit and ``apply``'s checks raise
        # and catch refusals far more often than anyone reads them.
        return str(self.args[0])


class Action(NamedTuple):
    """One small decision: ``{"type": "area", "arg": "north_wood"}``."""

    type: str
    arg: Arg = None

    @classmethod
    def of(cls, obj: object) -> Action:
        """Coerce an action from its JSON form (dict, list or tuple); refuse garbage."""
        if isinstance(obj, Action):
            return obj
        if isinstance(obj, Mapping):
            if not set(obj) <= {"type", "arg"} or "type" not in obj:
                raise IllegalAction(Msg("core.action_shape"), code="malformed")
            typ, arg = obj["type"], obj.get("arg")
        elif isinstance(obj, (list, tuple)) and 1 <= len(obj) <= 2:
            typ, arg = obj[0], (obj[1] if len(obj) == 2 else None)
        else:
            raise IllegalAction(Msg("core.not_an_action", given=f"{obj!r:.60}"), code="malformed")
        if not isinstance(typ, str) or not typ:
            raise IllegalAction(Msg("core.action_type_word"), code="malformed")
        if arg is not None and (isinstance(arg, bool) or not isinstance(arg, (int, str))):
            raise IllegalAction(Msg("core.action_arg_kind"), code="malformed")
        return cls(typ, arg)

    def to_json(self) -> JSON:
        return {"type": self.type, "arg": self.arg}
