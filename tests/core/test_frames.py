"""Call frames, results and queued transitions of the step machine (core.engine.steps,
core.engine.frames)."""

from __future__ import annotations

import pytest
from pydantic import Field, ValidationError

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import RUNAWAY, Step, StepMachine
from gameshelf.core.testing.machines import trail


@state_model
class Book(GameState):
    placed: dict[str, int] = Field(default_factory=dict)
    trail: list[str] = Field(default_factory=list)


@frame_model
class Place:
    """Place ``ops`` points, at most ``per_country`` in a country."""

    ops: int
    region: str
    per_country: int = 0
    done: dict[str, int] = Field(default_factory=dict)  # a working value


COUNTRIES = ("alba", "brit", "cymru")


def make() -> StepMachine[Book]:
    machine: StepMachine[Book] = StepMachine()

    @machine.step
    class Turn(Step[Book]):
        name = "turn"

        def begin(self, s):
            s.active = ["a"]
            s.trail.append("turn begins")

        def actions(self, s, role):
            yield Action("event", 2)

        def on_event(self, s, role, ops):
            machine.call(s, "place", Place(ops=ops, region="north", per_country=1))
            s.trail.append("the handler goes on after its call")  # nothing re-entered yet

        def resume(self, s, result):
            s.trail.append(f"turn resumes with {result}")
            s.active = ["a"]

    @machine.step
    class PlaceInfluence(Step[Book]):
        name, frame_type = "place", Place

        def begin(self, s):
            s.active = ["a"]
            s.trail.append(f"place begins with {self.frame(s).ops} ops")

        def options(self, s, role):
            f = self.frame(s)
            for c in COUNTRIES:
                full = f.per_country and f.done.get(c, 0) >= f.per_country
                yield Action("country", c), f"{c} is full" if full else None

        def on_country(self, s, role, c):
            f = self.frame(s)
            f.done[c] = f.done.get(c, 0) + 1
            s.placed[c] = s.placed.get(c, 0) + 1
            if sum(f.done.values()) == f.ops:
                machine.finish(s, sorted(f.done))

    return machine


def fresh(machine: StepMachine[Book]) -> Book:
    s = Book(rng=Rng(seed=1))
    machine.reset(s, "turn")
    return s


def test_a_called_step_gets_its_arguments_and_keeps_working_values_in_its_frame():
    machine = make()
    s = fresh(machine)
    machine.apply(s, "a", Action("event", 2))
    assert trail(s) == ["turn", "place"]
    machine.apply(s, "a", Action("country", "alba"))
    frame = s.stack[-1].args
    assert (frame.ops, frame.region, frame.done) == (2, "north", {"alba": 1})
    assert not hasattr(s, "done")  # working values are not game state


def test_the_result_of_a_finished_step_reaches_the_callers_resume():
    machine = make()
    s = fresh(machine)
    machine.apply(s, "a", Action("event", 2))
    machine.apply(s, "a", Action("country", "cymru"))
    machine.apply(s, "a", Action("country", "alba"))
    assert s.trail[-1] == "turn resumes with ['alba', 'cymru']"
    assert trail(s) == ["turn"]


def test_transitions_wait_until_the_handler_returns_and_run_in_order():
    machine = make()
    s = fresh(machine)
    machine.apply(s, "a", Action("event", 2))
    assert s.trail == [
        "turn begins",
        "the handler goes on after its call",
        "place begins with 2 ops",
    ]


def test_work_on_another_state_inside_a_handler_keeps_each_states_transitions_apart():
    # A handler that plays forward on a copy of its state (a bot's look-ahead, say): the
    # copy's transitions run at once, the handler's own wait for it to return.
    machine = make()
    s, other = fresh(machine), fresh(machine)
    turn = machine.steps["turn"]
    plain = turn.handlers["event"]

    def event_with_a_look_ahead(state, role, ops):
        plain(state, role, ops)
        if state is other:
            return
        machine.play(other, "a", Action("event", 1))  # not re-entrant: another state
        assert trail(other) == ["turn", "place"]
        assert trail(state) == ["turn"]  # this state's call still waits
        assert machine.pending(state)
        assert not machine.pending(other)

    turn.handlers["event"] = event_with_a_look_ahead
    machine.play(s, "a", Action("event", 2))
    assert trail(s) == ["turn", "place"]
    assert s.stack[-1].args.ops == 2
    assert not machine.pending(s)

    def plays_again(state, role, ops):  # a handler that plays an action on its own state
        machine.play(state, "a", Action("event", ops))

    turn.handlers["event"] = plays_again
    with pytest.raises(RuntimeError, match="while the machine was at work"):
        machine.play(fresh(machine), "a", Action("event", 1))


def test_a_frame_round_trips_through_json_exactly():
    machine = make()
    s = fresh(machine)
    machine.apply(s, "a", Action("event", 2))
    machine.apply(s, "a", Action("country", "brit"))
    text = s.to_json()
    again = Book.from_json(text)
    assert again == s
    assert again.to_json() == text
    assert type(again.stack[-1].args) is Place
    machine.apply(again, "a", Action("country", "alba"))
    assert again.trail[-1] == "turn resumes with ['alba', 'brit']"


def test_legality_and_the_refusal_come_from_the_same_options():
    machine = make()
    s = fresh(machine)
    machine.apply(s, "a", Action("event", 2))
    machine.apply(s, "a", Action("country", "brit"))
    assert list(machine.actions(s, "a")) == [Action("country", "alba"), Action("country", "cymru")]
    before = s.to_json()
    with pytest.raises(IllegalAction, match="brit is full"):
        machine.apply(s, "a", Action("country", "brit"))
    assert s.to_json() == before


def test_a_call_made_in_begin_runs_after_begin_returns():
    machine: StepMachine[Book] = StepMachine()

    @machine.step
    class Outer(Step[Book]):
        name = "outer"

        def begin(self, s):
            machine.call(s, "inner")
            s.trail.append(f"outer begin ends at {s.step}")

        def resume(self, s, result):
            s.trail.append(f"outer resumes with {result}")
            s.active = ["a"]

    @machine.step
    class Inner(Step[Book]):
        name = "inner"

        def begin(self, s):
            s.trail.append("inner begins")
            machine.finish(s, 7)

    s = Book(rng=Rng(seed=1))
    machine.reset(s, "outer")
    assert s.trail == ["outer begin ends at outer", "inner begins", "outer resumes with 7"]
    assert trail(s) == ["outer"]


def test_a_handler_that_enters_then_calls_is_carried_out_in_that_order_after_it_returns():
    # One queue, first in first out: the step entered replaces the current one, then the
    # step called runs above it, and its result goes back to the step entered.
    machine: StepMachine[Book] = StepMachine()

    @machine.step
    class Start(Step[Book]):
        name = "start"

        def options(self, s, role):
            yield Action("go"), None

        def on_go(self, s, role, arg):
            machine.enter(s, "first")
            machine.call(s, "second")
            s.trail.append(f"the handler returns at {trail(s)}")

    @machine.step
    class First(Step[Book]):
        name = "first"

        def begin(self, s):
            s.trail.append(f"first begins at {trail(s)}")

        def resume(self, s, result):
            s.trail.append(f"first resumes with {result}")

    @machine.step
    class Second(Step[Book]):
        name = "second"

        def begin(self, s):
            s.trail.append(f"second begins at {trail(s)}")
            machine.finish(s, 2)

    s = Book(rng=Rng(seed=1), active=["a"])
    machine.reset(s, "start")
    machine.apply(s, "a", Action("go"))
    assert s.trail == [
        "the handler returns at ['start']",
        "first begins at ['first']",
        "second begins at ['first', 'second']",
        "first resumes with 2",
    ]
    assert trail(s) == ["first"]


def test_a_machine_that_never_rests_is_stopped_with_a_clear_error():
    machine: StepMachine[Book] = StepMachine()

    @machine.step
    class Spin(Step[Book]):
        name = "spin"

        def begin(self, s):
            machine.enter(s, "spin")

    with pytest.raises(RuntimeError, match=f"did not come to rest after {RUNAWAY}"):
        machine.reset(Book(rng=Rng(seed=1)), "spin")


def test_a_call_with_no_caller_and_a_finish_with_nothing_to_return_to_are_errors():
    machine = make()
    with pytest.raises(RuntimeError, match="called with no step to return to"):
        machine.call(Book(rng=Rng(seed=1)), "place", Place(ops=1, region="north"))
    s = fresh(machine)
    with pytest.raises(RuntimeError, match="finished with nothing to return to"):
        machine.finish(s)


def test_a_step_is_given_the_frame_it_declares_and_no_other():
    machine = make()
    s = fresh(machine)
    with pytest.raises(TypeError, match="takes a Place"):
        machine.call(s, "place", Book(rng=Rng(seed=1)))
    with pytest.raises(TypeError, match="takes no frame"):
        machine.enter(s, "turn", Place(ops=1, region="x"))


def test_a_saved_state_in_an_unknown_step_is_refused():
    machine = make()
    s = fresh(machine)
    machine.apply(s, "a", Action("event", 2))
    changed = StepMachine[Book]()  # a later version of the game without the "place" step
    changed.steps["turn"] = machine.steps["turn"]
    with pytest.raises(ValueError, match="no longer has: 'place'"):
        changed.check(Book.from_json(s.to_json()))
    machine.check(Book.from_json(s.to_json()))  # the same version loads


def test_a_saved_frame_of_an_unknown_kind_or_shape_is_refused():
    machine = make()
    s = fresh(machine)
    machine.apply(s, "a", Action("event", 2))
    text = s.to_json()
    with pytest.raises(ValidationError, match="unknown frame kind"):
        Book.from_json(text.replace("test_frames.Place", "test_frames.Gone"))
    with pytest.raises(ValidationError):
        Book.from_json(text.replace('"ops":2', '"opz":2'))
