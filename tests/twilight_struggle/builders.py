"""Builders for Twilight Struggle tests: the smallest legal situation a test names.

``build`` starts from an empty map (no Influence anywhere), empty hands, DEFCON 5, VP 0,
turn 1, and sets only what the test names, through the State model::

    s = build(influence={"poland": (2, 0), "west_germany": (0, 4)},   # (USSR, US)
              hands={"USSR": [7, 14], "US": [4]}, defcon=3,
              effects=[(25, "US")])                                   # (card, side[, until])

Any other keyword sets the State field of that name. ``at_round(s, side)`` puts the machine
at ``side``'s action round inside the turn procedure (so the end of the round goes on as in
a game); ``at_headline(s)`` at the start of the headline phase; ``go_on_from(s, procedure,
before)`` runs a procedure from one instruction of its body. Dice come from
``dice(s, 4, 2, ...)`` (scripted rolls, in order).

``play(s, role, *actions)`` applies actions through the step machine (the path bots and
the web use): ``("card", 7)``, ``("use", "influence")``, ``("country", "poland")``.
``legal(s, role)`` lists the legal actions as ``(type, arg)`` tuples; ``refused`` checks
that an action is not offered, is refused with a reason, and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from gameshelf.core.engine.frames import Frame, new_frame
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.i18n.messages import render
from gameshelf.core.testing.machines import begin as run_begin
from gameshelf.core.testing.machines import place
from gameshelf.plugins.twilight_struggle.model import CIX, US, USSR
from gameshelf.plugins.twilight_struggle.rounds import Round
from gameshelf.plugins.twilight_struggle.rules import RULESET
from gameshelf.plugins.twilight_struggle.state import Effect, State, machine, new_state
from gameshelf.plugins.twilight_struggle.turn import next_round


def build(
    *,
    influence: Mapping[str, tuple[int, int]] | None = None,
    hands: Mapping[str, list[int]] | None = None,
    effects: Iterable[tuple[Any, ...]] = (),
    seed: int = 1,
    **fields: Any,
) -> State:
    s = new_state(seed)
    for country, (ussr, us) in (influence or {}).items():
        s.influence[USSR][CIX[country]] = ussr
        s.influence[US][CIX[country]] = us
    s.hands = {USSR: [], US: [], **{k: list(v) for k, v in (hands or {}).items()}}
    s.effects = [
        Effect(card=e[0], side=e[1], until=e[2] if len(e) > 2 else "turn") for e in effects
    ]
    for key, value in fields.items():
        if not hasattr(s, key):
            raise AttributeError(f"State has no field {key!r}")
        setattr(s, key, value)
    place(machine, s, "game_over")
    s.stack[:] = []
    return s


def resume_at(procedure: str, after: Any, args: Any = None) -> Frame:
    """A frame of ``procedure`` waiting for ``after`` (a step it calls, or a function of its
    body) to come back."""
    code = machine[procedure].code  # type: ignore[attr-defined]
    at = next(i for i, op in enumerate(code) if op.step == after or op.fn is after)
    frame = new_frame(procedure, args, machine[procedure].signature)
    frame.pc = at + 1
    return frame


def _turn_frames() -> list[Frame]:
    return [resume_at("game", "turn")]


def at_round(s: State, side: str, done: int | None = None) -> State:
    """``side``'s action round (its ``done``-th of the turn; default: one more than now)."""
    s.rounds_done[side] = done if done is not None else s.rounds_done[side] + 1
    place(machine, s, "action_round", Round(side=side))
    s.stack[:0] = [*_turn_frames(), resume_at("turn", next_round)]
    s.phasing = side
    s.active = [side]
    return s


def at_headline(s: State) -> State:
    """The start of the headline phase (its choice begins at once)."""
    return go_on_from(s, "turn", "headline")


def go_on_from(s: State, procedure: str, before: Any, args: Any = None) -> State:
    """Run ``procedure`` from the instruction ``before`` (a step or function of its body)."""
    frame = resume_at(procedure, before, args)
    frame.pc -= 1
    s.stack[:] = [*_turn_frames(), frame] if procedure != "game" else [frame]
    s.step = procedure
    run_begin(machine, s)  # the procedure goes on from the frame's position
    return s


def dice(s: State, *rolls: int) -> None:
    s.rng.script.extend(rolls)


def act(a: Any) -> Action:
    if isinstance(a, str):
        return Action(a)
    return Action(*a)


def play(s: State, role: str, *actions: Any) -> None:
    for a in actions:
        RULESET.apply(s, role, act(a))


def legal(s: State, role: str) -> list[tuple[str, Any]]:
    return [tuple(a) for a in RULESET.actions(s, role)]  # type: ignore[misc]


def refused(s: State, role: str, action: Any, match: str, lang: str = "en") -> None:
    """``action`` is not offered to ``role``, is refused with a reason that matches
    ``match`` once rendered in ``lang`` with the game's names, and changes nothing."""
    parsed = act(action)
    assert parsed not in RULESET.actions(s, role), f"{parsed} is offered to {role}"
    before = RULESET.dump_state(s)
    with pytest.raises(IllegalAction) as refusal:
        RULESET.apply(s, role, parsed)
    reason = refusal.value.msg
    text = render(reason, lang, RULESET.namer()) if reason is not None else refusal.value.reason
    assert re.search(match, text), f"{text!r} does not match {match!r}"
    assert RULESET.dump_state(s) == before


def begin(s: State) -> State:
    """Run the begin of the step the builder placed the machine at."""
    run_begin(machine, s)
    return s


def say(line: Any, lang: str = "en") -> str:
    """A log line as a reader of ``lang`` reads it."""
    return render(line, lang, RULESET.namer())


def inf(s: State, country: str) -> tuple[int, int]:
    """(USSR, US) Influence in ``country``."""
    return s.influence[USSR][CIX[country]], s.influence[US][CIX[country]]


def event_round(card: int, side: str, **kw: Any) -> State:
    """``side``'s action round with ``card`` (and a spare card) in hand."""
    hands = kw.pop("hands", {side: [card, 103 if side == USSR else 32]})
    s = build(hands=hands, **kw)
    s.deck.draw_pile = list(range(40, 60))
    return at_round(s, side)


def as_event(card: int, side: str, **kw: Any) -> State:
    """``side`` plays ``card`` for its event in an ``event_round``."""
    s = event_round(card, side, **kw)
    play(s, side, ("card", card), ("use", "event"))
    return s


def event_refused(card: int, side: str, match: str, **kw: Any) -> State:
    """``side`` picks ``card`` in an ``event_round`` and is refused its event (``refused``:
    with a reason matching ``match``, and nothing changed)."""
    s = event_round(card, side, **kw)
    play(s, side, ("card", card))
    refused(s, side, ("use", "event"), match)
    return s


def said(s: State, key: str) -> list[Any]:
    """The log lines of message ``twilight_struggle.<key>``."""
    return [m for m in s.log if getattr(m, "id", "") == f"twilight_struggle.{key}"]
