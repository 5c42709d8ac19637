"""Builders for Hammer of the Scots tests: the smallest legal situation a test names.

``build`` starts from an empty board (every block out of play at full strength, no cards)
and places only what the test names, through the State model, using data ids::

    s = build(step="move_who", active="Scotland", move_points=2,
              blocks={"douglas": "lanark", "comyn_e": "selkirk"}, steps={"douglas": 2})

Any other keyword sets the State field of that name; fields that hold areas or blocks
take data ids and are translated to indices (``battle="lanark"``, ``who="wallace"``,
``reserves=["wallace"]``, ``attacker={"lanark": "England"}``, ``last_used={("lanark",
"selkirk"): "England"}``). The step is set directly (its ``begin`` does not run) unless
``begin=True``. ``active`` is a role or a list of roles (default: ``acting``, or none).

``play(s, role, *actions)`` applies actions through the step machine (the path bots and
the web use); an action is ``("area", "selkirk")`` or a bare type (``"done"``).
``legal(s, role)`` lists the legal actions as ``(type, arg)`` tuples.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.ruleset import Action
from core.testing import assert_refused
from plugins.hammer_scots import rules  # noqa: F401 (registers every step)
from plugins.hammer_scots.model import AREA_IX, BLOCK_IX, BORDER_AT, ENGLISH, SCOTTISH
from plugins.hammer_scots.rules import RULESET
from plugins.hammer_scots.state import DEAD, OFF, POOL, State, machine, new_state

WHERE = {"pool": POOL, "off": OFF, "dead": DEAD}
AREA_FIELDS = {"battle", "event_area", "event_to", "move_origin", "move_from"}
BLOCK_FIELDS = {"who"}
BLOCK_LISTS = {"reserves", "moved", "acted", "retreating", "event_blocks", "defected"}
AREA_LISTS = {"activated", "battle_queue"}
PER_AREA = {"attacker": "", "main_origin": -1, "main_border": -1}
PER_BORDER = {"last_used", "border_count"}


def border(a: str, b: str) -> int:
    """The index of the border between two areas."""
    ix = BORDER_AT[AREA_IX[a]][AREA_IX[b]]
    if ix < 0:
        raise KeyError(f"no border between {a} and {b}")
    return ix


def _translate(s: State, key: str, value: Any) -> Any:
    if key in AREA_FIELDS:
        return AREA_IX[value] if isinstance(value, str) else value
    if key in BLOCK_FIELDS:
        return BLOCK_IX[value] if isinstance(value, str) else value
    if key in BLOCK_LISTS:
        return [BLOCK_IX[v] for v in value]
    if key in AREA_LISTS:
        return [AREA_IX[v] for v in value]
    if key in PER_AREA and isinstance(value, Mapping):
        row = list(getattr(s, key))
        for area, v in value.items():
            if key == "main_origin" and isinstance(v, str):
                v = AREA_IX[v]
            row[AREA_IX[area]] = v
        return row
    if key in PER_BORDER and isinstance(value, Mapping):
        row = list(getattr(s, key))
        for (a, b), v in value.items():
            row[border(a, b)] = v
        return row
    return value


def build(
    step: str = "move_who",
    active: str | Iterable[str] | None = None,
    *,
    blocks: Mapping[str, str] | None = None,
    steps: Mapping[str, int] | None = None,
    hands: Mapping[str, list[str]] | None = None,
    seed: int = 1,
    begin: bool = False,
    **fields: Any,
) -> State:
    """A state with only the named blocks, cards and fields (see the module docstring)."""
    s = new_state(seed)
    for block, where in (blocks or {}).items():
        s.location[BLOCK_IX[block]] = WHERE.get(where, AREA_IX.get(where, -99))
        if s.location[BLOCK_IX[block]] == -99:
            raise KeyError(f"unknown area {where!r}")
    for block, n in (steps or {}).items():
        s.steps[BLOCK_IX[block]] = n
    if hands is not None:
        s.hands = {ENGLISH: [], SCOTTISH: [], **{k: list(v) for k, v in hands.items()}}
    if "year" in fields and "first_year" not in fields:
        fields["first_year"] = fields["year"]
    for key, value in fields.items():
        if not hasattr(s, key):
            raise AttributeError(f"State has no field {key!r}")
        setattr(s, key, _translate(s, key, value))
    if fields.get("acting") and not fields.get("p1"):
        s.p1 = s.acting
        s.p2 = SCOTTISH if s.acting == ENGLISH else ENGLISH
    if active is None:
        s.active = [s.acting] if s.acting else []
    else:
        s.active = [active] if isinstance(active, str) else list(active)
    if begin:
        machine.enter(s, step)
    else:
        machine.place(s, step)
    return s


def act(a: Any) -> Action:
    if isinstance(a, str):
        return Action(a)
    return Action(*a)


def play(s: State, role: str, *actions: Any) -> None:
    """Apply ``actions`` of ``role`` in order through the step machine."""
    for a in actions:
        machine.apply(s, role, act(a))


def legal(s: State, role: str) -> list[tuple[str, Any]]:
    """The legal actions of ``role`` now, as ``(type, arg)`` tuples."""
    return [tuple(a) for a in machine.actions(s, role)]  # type: ignore[misc]


# --- (Hammer B addition) a refusal leaves everything as it was ------------------------------


def refused(s: State, role: str, action: Any, match: str) -> None:
    """``action`` is not offered to ``role``, is refused with a reason matching ``match``,
    and leaves the state byte-identical (the standard every rules test checks)."""
    assert_refused(RULESET, s, role, act(action), match)
