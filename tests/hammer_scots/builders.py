"""Builders for Hammer of the Scots tests: the smallest legal situation a test names.

``build`` starts from an empty board (every block out of play at full strength, no cards)
and places only what the test names, through the State model, using data ids::

    s = build(step="move_who", active="Scotland", move_points=2,
              blocks={"douglas": "lanark", "comyn_e": "selkirk"}, strength={"douglas": 2})

Any other keyword sets the State field of that name; fields that hold areas or blocks
take data ids and are translated to indices (``who="wallace"``, ``reserves=["wallace"]``,
``attacker={"lanark": "England"}``, ``last_used={("lanark", "selkirk"): "England"}``).
At a step inside a battle, the battle's frame (``battle.Battle``, the frame of the
procedure "battle" that called the step) is built from
``battle="lanark"`` and, optionally, ``battle_attacker`` (default: the area's attacker,
else Player 1), ``battle_round``, ``acted``, ``hits``, ``hits_to``, ``retreating`` and
``battle_block``. The step is set directly (its ``begin`` does not run) unless
``begin=True``. ``active`` is a role or a list of roles (default: ``acting``, or none).

The step stands where the sequence of play has it (``situate``): an action's steps in the
game turn, after Player 1's action when ``acting`` is Player 1 (else after Player 2's), with
``chosen={side: card}`` as the cards revealed this game turn; the battle phase (and the
steps of a battle, called by it) after both actions; the border raids after the battles;
the card phase at the start of a game turn; the winter at the end of the year. So the end
of an action, of a battle, of a game turn or of a winter goes on as in a game.

``play(s, role, *actions)`` applies actions through the step machine (the path bots and
the web use); an action is ``("area", "selkirk")`` or a bare type (``"done"``).
``legal(s, role)`` lists the legal actions as ``(type, arg)`` tuples.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from gameshelf.core.engine.frames import Frame, new_frame
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.i18n.messages import render
from gameshelf.core.testing import assert_refused
from gameshelf.core.testing.machines import place
from gameshelf.plugins.hammer_scots import rules  # noqa: F401 (registers every step)
from gameshelf.plugins.hammer_scots.battle import BATTLE_STEPS, Battle
from gameshelf.plugins.hammer_scots.cards import Turn, Year, player_1_action, player_2_action
from gameshelf.plugins.hammer_scots.model import AREA_IX, BLOCK_IX, BORDER_AT, ENGLISH, SCOTTISH
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import DEAD, OFF, POOL, State, machine, new_state

WHERE = {"pool": POOL, "off": OFF, "dead": DEAD}
# The steps of a player's action (movement, events, the coronation battles, RULES §3-5, §11).
ACTION_STEPS = {
    "move_who",
    "move_where",
    "norse_move",
    "herald",
    "pillage",
    "pillage_hits",
    "pillage_steps",
    "sea_move",
    "truce",
    "victuals",
    "coronation_battles",
}
BATTLE_PHASE_STEPS = {"battle_phase", *BATTLE_STEPS}
# The builder's keywords for a battle's frame, and the frame's fields they set.
BATTLE_FIELDS = {
    "battle": "area",
    "battle_attacker": "attacker",
    "battle_round": "round",
    "acted": "acted",
    "hits": "hits",
    "hits_to": "hits_to",
    "retreating": "retreating",
    "battle_block": "block",
}
AREA_FIELDS = {"battle", "move_origin", "move_from"}
BLOCK_FIELDS = {"who", "battle_block"}
BLOCK_LISTS = {"reserves", "moved", "acted", "retreating", "defected"}
AREA_LISTS = {"activated"}
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
    strength: Mapping[str, int] | None = None,
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
    for block, n in (strength or {}).items():
        s.strength[BLOCK_IX[block]] = n
    if hands is not None:
        s.hands = {ENGLISH: [], SCOTTISH: [], **{k: list(v) for k, v in hands.items()}}
    cards = dict(fields.pop("chosen", {}))
    if "year" in fields and "first_year" not in fields:
        fields["first_year"] = fields["year"]
    fight = {
        BATTLE_FIELDS[k]: _translate(s, k, fields.pop(k))
        for k in list(fields)
        if k in BATTLE_FIELDS
    }
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
    battle = None
    if fight:
        if step not in BATTLE_STEPS:
            raise ValueError(f"{sorted(fight)}: a battle's fields, but {step!r} is not in a battle")
        area = fight["area"]
        fight.setdefault("attacker", s.attacker[area] or s.p1 or ENGLISH)
        battle = Battle(**fight)
    situate(s, step, Turn(cards=cards), battle)
    if begin:
        machine.enter(s, step)
    return s


def resume_at(s: State, procedure: str, after: Any, args: Any = None) -> Frame:
    """A frame of ``procedure`` waiting for ``after`` (a step it calls, or a function of its
    body) to come back."""
    code = machine[procedure].code  # type: ignore[attr-defined]
    at = next(i for i, op in enumerate(code) if op.step == after or op.fn is after)
    frame = new_frame(procedure, args, machine[procedure].signature)
    frame.pc = at + 1
    return frame


def called_by_the_battle(step: str, battle: Battle) -> str:
    """The step of the battle's procedure that ``step`` stands in: a combat turn's (its
    hits and a retreat), the forced retreat's (a block in ``retreating``) or the regroup's."""
    if step == "retreat_to":
        return "retreat" if battle.block in battle.retreating else "battle_round"
    return {"battle_hits": "battle_round", "regroup_to": "regroup"}.get(step, step)


def situate(s: State, step: str, turn: Turn, battle: Battle | None = None) -> None:
    """Put the machine at ``step`` where the sequence of play has it (see the module), with
    the ``battle`` frame (the procedure "battle"'s) at a step inside a battle."""
    frames = [resume_at(s, "game", "year"), resume_at(s, "year", "game_turn", Year())]
    if step in ACTION_STEPS:
        action = player_1_action if s.acting == s.p1 else player_2_action
        frames.append(resume_at(s, "game_turn", action, turn))
    elif step in BATTLE_PHASE_STEPS:
        frames.append(resume_at(s, "game_turn", "battle_phase", turn))
        if step != "battle_phase":
            frames.append(new_frame("battle_phase"))  # the battle phase calls each battle
            if battle is None:
                raise ValueError(f"{step!r} is a step of a battle: name it (battle=AREA)")
            frames.append(resume_at(s, "battle", called_by_the_battle(step, battle), battle))
    elif step == "border_raids":
        frames.append(resume_at(s, "game_turn", "border_raids", turn))
    elif step == "card_phase":
        frames.append(resume_at(s, "game_turn", "card_phase", turn))
    elif step == "winter":
        frames[1] = resume_at(s, "year", "winter", Year())
    else:
        place(machine, s, step)
        return
    place(machine, s, step)
    s.stack[:0] = frames


def act(a: Any) -> Action:
    if isinstance(a, str):
        return Action(a)
    return Action(*a)


def play(s: State, role: str, *actions: Any) -> None:
    """Apply ``actions`` of ``role`` in order through the ruleset, as the web does (the
    core marks what an action shows of the hidden blocks, core.engine.hidden)."""
    for a in actions:
        RULESET.apply(s, role, act(a))


def words(item: Any, lang: str = "en") -> str:
    """A message (a log line, prompt, refusal, outcome text) as players read it in ``lang``."""
    return render(item, lang, RULESET.namer(), "hammer_scots")


def said(s: State, lang: str = "en") -> list[str]:
    """The log as players read it in ``lang`` (its messages rendered, things named)."""
    return [words(line, lang) for line in s.log]


def legal(s: State, role: str) -> list[tuple[str, Any]]:
    """The legal actions of ``role`` now, as ``(type, arg)`` tuples."""
    return [tuple(a) for a in machine.actions(s, role)]  # type: ignore[misc]


# --- (Hammer B addition) a refusal leaves everything as it was ------------------------------


def refused(s: State, role: str, action: Any, match: str) -> None:
    """``action`` is not offered to ``role``, is refused with a reason matching ``match``,
    and leaves the state byte-identical (the standard every rules test checks). The reason
    is matched as English players read it (its message rendered, things named)."""
    parsed = act(action)
    assert_refused(RULESET, s, role, parsed, ".")
    with pytest.raises(IllegalAction) as caught:
        RULESET.apply(s, role, parsed)
    refusal = caught.value
    reason = words(refusal.msg) if refusal.msg is not None else refusal.reason
    assert re.search(match, reason), f"{reason!r} does not match {match!r}"
