"""Ambient actions: declared once, offered in exactly their steps beside the steps' own."""

from __future__ import annotations

import pytest
from pydantic import Field

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import EVERY_STEP, Ambient, Step, StepMachine


@state_model
class Turn(GameState):
    bonus_left: int = 1
    log_: list[str] = Field(default_factory=list)


def make() -> StepMachine[Turn]:
    machine: StepMachine[Turn] = StepMachine()

    class Simple(Step[Turn]):
        def begin(self, s):
            s.active = ["a"]

        def options(self, s, role):
            yield Action("next"), None

        def on_next(self, s, role, arg):
            machine.enter(s, {"place": "move", "move": "score", "score": "place"}[self.name])

    for step_name in ("place", "move", "score"):  # one's turn: a bonus in any step but scoring
        tags = frozenset() if step_name == "score" else frozenset({"turn"})
        machine.step(type(step_name.title(), (Simple,), {"name": step_name, "tags": tags}))

    @machine.ambient
    class UseBonus(Ambient[Turn]):
        """A bonus marker, at any moment of one's turn but scoring."""

        name, tag = "bonus", "turn"

        def options(self, s, role):
            yield Action("bonus", "extra"), None if s.bonus_left else "No bonus marker left."

        def on_bonus(self, s, role, arg):
            s.bonus_left -= 1
            s.log_.append(f"bonus {arg} in {s.step}")

    return machine


def fresh():
    machine = make()
    s = Turn(rng=Rng(seed=1))
    machine.reset(s, "place")
    return machine, s


def test_an_ambient_action_is_offered_in_each_declared_step():
    machine, s = fresh()
    assert list(machine.actions(s, "a")) == [Action("next"), Action("bonus", "extra")]
    machine.apply(s, "a", Action("next"))
    assert s.step == "move"
    assert Action("bonus", "extra") in list(machine.actions(s, "a"))
    machine.apply(s, "a", Action("bonus", "extra"))
    assert s.log_ == ["bonus extra in move"]
    assert s.step == "move"  # the step goes on


def test_an_ambient_action_is_refused_outside_its_steps():
    machine, s = fresh()
    machine.apply(s, "a", Action("next"))
    machine.apply(s, "a", Action("next"))
    assert s.step == "score"
    assert list(machine.actions(s, "a")) == [Action("next")]
    with pytest.raises(IllegalAction) as err:
        machine.apply(s, "a", Action("bonus", "extra"))
    assert err.value.code == "unknown_action"


def test_an_ambient_refusal_gives_its_reason_and_changes_nothing():
    machine, s = fresh()
    machine.apply(s, "a", Action("bonus", "extra"))
    before = s.to_json()
    with pytest.raises(IllegalAction, match="No bonus marker left"):
        machine.apply(s, "a", Action("bonus", "extra"))
    assert s.to_json() == before


def test_an_ambient_action_is_only_for_a_role_that_may_act():
    machine, s = fresh()
    assert list(machine.actions(s, "b")) == []
    with pytest.raises(IllegalAction) as err:
        machine.apply(s, "b", Action("bonus", "extra"))
    assert err.value.code == "not_your_turn"


def test_an_ambient_may_not_take_a_steps_own_action_type():
    machine = make()

    class Clash(Ambient[Turn]):
        name, tag = "clash", EVERY_STEP

        def on_next(self, s, role, arg):
            pass

    with pytest.raises(ValueError, match="both handle next"):
        machine.ambient(Clash)


def test_a_step_lists_its_ambients_declared_before_it_or_after():
    machine = make()

    class Undo(Ambient[Turn]):
        name, tag = "undo_bonus", EVERY_STEP

        def options(self, s, role):
            return []

    machine.ambient(Undo)  # after the steps: each is offered it too

    class Late(Step[Turn]):
        name, tags = "late", frozenset({"turn"})

    machine.step(Late)  # after both ambients: offered those of its tag and of every step
    names = {step: [a.name for a in machine.ambients(step)] for step in ("place", "score", "late")}
    assert names == {
        "place": ["bonus", "undo_bonus"],
        "score": ["undo_bonus"],
        "late": ["bonus", "undo_bonus"],
    }
