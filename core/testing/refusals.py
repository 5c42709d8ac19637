"""For a game's own rule tests: an action refused, with its reason, and the state as it was."""

from __future__ import annotations

import re
from typing import Any

from gameshelf.core.engine.ruleset import (
    Action,
    IllegalAction,
    Role,
    Ruleset,
)
from gameshelf.core.testing.states import unchanged_key


def assert_refused(
    ruleset: Ruleset[Any],
    state: Any,
    role: Role,
    action: Any,
    match: str,
    code: str | None = None,
) -> None:
    """For a game's rule tests: ``action`` is not offered to ``role``, ``apply`` refuses it
    with a reason matching ``match`` (and ``code``, when given), and the state is unchanged."""
    parsed = Action.of(action)
    assert parsed not in ruleset.actions(state, role), f"{parsed} is offered to {role}"
    before = unchanged_key(state)  # the whole state, its log but as its length and last line
    try:
        ruleset.apply(state, role, parsed)
    except IllegalAction as exc:
        refusal = exc
    else:
        raise AssertionError(f"{parsed} of {role} was accepted")
    assert re.search(match, refusal.reason), f"{refusal.reason!r} does not match {match!r}"
    assert code is None or refusal.code == code, f"code {refusal.code!r}, expected {code!r}"
    assert unchanged_key(state) == before, "the refusal changed the state"
