"""The step machine: registration, dispatch, refusals, call and finish, saved states."""

import pytest
from pydantic import Field, ValidationError

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Step, StepMachine
from gameshelf.core.testing.machines import trail


@state_model
class Counter(GameState):
    n: int = 0
    trail: list[str] = Field(default_factory=list)


def make_machine(role_name=None) -> StepMachine[Counter]:
    machine: StepMachine[Counter] = StepMachine(role_name)

    @machine.step
    class Count(Step[Counter]):
        name, waiting = "count", "counting"

        def begin(self, s):
            s.active = ["a"]
            s.trail.append("begin count")

        def resume(self, s, result):
            s.trail.append(f"resume count with {result}")

        def prompt(self, s, role):
            return f"Add to {s.n}."

        def options(self, s, role):
            yield Action("add", 1), None
            yield Action("add", 2), None
            yield Action("ask"), None

        def why_not(self, s, role, action):
            return "You may add one or two." if action.type == "add" else None

        def on_add(self, s, role, k):
            s.n += k

        def on_ask(self, s, role, arg):
            machine.call(s, "question")

    @machine.step
    class Question(Step[Counter]):
        name = "question"

        def begin(self, s):
            s.active = ["b"]

        def options(self, s, role):
            yield Action("answer", "yes"), None

        def on_answer(self, s, role, arg):
            s.active = ["a"]
            machine.finish(s, arg)

    return machine


def fresh(machine: StepMachine[Counter]) -> Counter:
    s = Counter(rng=Rng(seed=1))
    machine.enter(s, "count")
    return s


def test_dispatches_to_the_handler_of_the_action_type():
    machine = make_machine()
    s = fresh(machine)
    machine.apply(s, "a", Action("add", 2))
    assert s.n == 2


def test_entering_a_step_runs_its_begin():
    s = fresh(make_machine())
    assert s.step == "count"
    assert s.active == ["a"]
    assert s.trail == ["begin count"]


def test_call_and_finish_return_to_the_caller():
    machine = make_machine()
    s = fresh(machine)
    machine.apply(s, "a", Action("ask"))
    assert (s.step, trail(s), s.active) == ("question", ["count", "question"], ["b"])
    machine.apply(s, "b", Action("answer", "yes"))
    assert (s.step, trail(s)) == ("count", ["count"])
    assert s.trail == ["begin count", "resume count with yes"]


def test_finish_with_an_empty_stack_is_a_bug():
    machine = make_machine()
    s = fresh(machine)
    with pytest.raises(RuntimeError):
        machine.finish(s)


def refused(machine, s, role, action, code):
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        machine.apply(s, role, action)
    assert err.value.code == code
    assert s.to_json() == before
    return err.value.reason


def test_wrong_role_is_refused_and_names_who_is_awaited():
    machine = make_machine()
    reason = refused(machine, fresh(machine), "b", Action("add", 1), "not_your_turn")
    assert "waiting for a" in reason


def test_unknown_type_and_wrong_arg_are_refused_with_reasons():
    machine = make_machine()
    s = fresh(machine)
    assert refused(machine, s, "a", Action("fly"), "unknown_action")
    assert refused(machine, s, "a", Action("add", 3), "illegal") == "You may add one or two."


def test_a_step_is_registered_once():
    machine = make_machine()
    with pytest.raises(ValueError, match="twice"):
        machine.step(type(machine["count"]))


def test_prompt_for_the_active_role_and_waiting_text_for_others():
    machine = make_machine()
    s = fresh(machine)
    assert machine.prompt(s, "a") == "Add to 0."
    assert str(machine.prompt(s, "b")) == "Waiting for a — counting."
    assert str(machine.prompt(s, None)) == "Waiting for a — counting."
    assert list(machine.actions(s, "b")) == []


def test_a_game_may_name_its_roles_in_waiting_lines_and_refusals():
    machine = make_machine(role_name=lambda s, role: {"a": "Alice", "b": "Bob"}[role])
    s = fresh(machine)
    assert str(machine.prompt(s, "b")) == "Waiting for Alice — counting."
    assert str(machine.prompt(s, None)) == "Waiting for Alice — counting."
    with pytest.raises(IllegalAction) as err:
        machine.apply(s, "b", Action("add", 1))
    assert err.value.reason == "It is not Bob's turn: waiting for Alice."
    assert err.value.code == "not_your_turn"
    assert s.n == 0


def test_a_state_round_trips_through_json_and_refuses_unknown_names():
    s = Counter(rng=Rng(seed=1))
    s.n = 5
    s.step = "count"
    s.trail.append("x")
    assert Counter.from_json(s.to_json()) == s
    with pytest.raises(AttributeError, match="no attribute 'm'"):
        s.m = 3  # a misspelt field is an error, not a new attribute
    with pytest.raises(ValidationError, match="m"):
        Counter.from_json(s.to_json()[:-1] + ',"m":3}')  # nor is it loaded
