"""One legality hook: a step states ``options``; its legal actions and every refusal are
derived from them by the core (``core.engine.steps``, "Legality, once")."""

import pytest
from pydantic import Field

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Ambient, Step, StepMachine, all_legal
from gameshelf.core.i18n.messages import Msg

FULL = Msg("core.test_full")  # a refusal the step lists beside its action


@state_model
class Board(GameState):
    full: list[int] = Field(default_factory=list)
    placed: list[int] = Field(default_factory=list)


def machine_with(*steps: type) -> StepMachine[Board]:
    machine: StepMachine[Board] = StepMachine()
    for step in steps:
        machine.step(step)
    return machine


class Place(Step[Board]):
    """Three areas, those that are full refused; area 9 exists but is never listed."""

    name = "place"

    def options(self, s, role):
        for area in (3, 1, 2):  # not in order: the derived list keeps the options' order
            yield Action("area", area), FULL if area in s.full else None
        yield Action("done"), None

    def why_not(self, s, role, action):
        return "Area 9 is out of reach." if action == Action("area", 9) else None

    def on_area(self, s, role, area):
        s.placed.append(area)

    def on_done(self, s, role, arg):
        s.active = []


def started(machine: StepMachine[Board], **fields) -> Board:
    s = Board(rng=Rng(seed=1), active=["a"], **fields)
    machine.reset(s, "place")
    return s


def refusal(machine: StepMachine[Board], s: Board, action: Action) -> IllegalAction:
    before = s.to_json()
    with pytest.raises(IllegalAction) as refused:
        machine.apply(s, "a", action)
    assert s.to_json() == before  # a refusal changes nothing
    return refused.value


def test_the_legal_actions_are_the_unrefused_options_in_their_order():
    machine = machine_with(Place)
    s = started(machine, full=[1])
    assert list(machine.actions(s, "a")) == [Action("area", 3), Action("area", 2), Action("done")]


def test_a_refused_option_is_refused_for_its_listed_reason():
    machine = machine_with(Place)
    s = started(machine, full=[1])
    refused = refusal(machine, s, Action("area", 1))
    assert refused.msg == FULL
    assert refused.code == "illegal"


def test_an_action_not_among_the_options_is_refused_for_why_nots_reason():
    machine = machine_with(Place)
    s = started(machine)
    assert refusal(machine, s, Action("area", 9)).reason == "Area 9 is out of reach."


def test_without_a_reason_from_options_or_why_not_the_refusal_is_the_generic_one():
    machine = machine_with(Place)
    s = started(machine)
    refused = refusal(machine, s, Action("area", 7))
    assert refused.msg is not None
    assert refused.msg.id == "core.not_legal_now"
    unknown = refusal(machine, s, Action("fly"))
    assert unknown.code == "unknown_action"


def test_a_legal_option_is_played():
    machine = machine_with(Place)
    s = started(machine, full=[1])
    machine.apply(s, "a", Action("area", 2))
    assert s.placed == [2]


class Detailed(Place):
    """A step that refines its options' reason, worked out only when it refuses."""

    name = "place"

    def refusal(self, s, role, action):
        reason = super().refusal(s, role, action)
        if reason is FULL:
            return f"Area {action.arg} is full: {len(s.full)} full in all."
        return reason


def test_a_step_may_refine_the_reason_its_options_give():
    machine = machine_with(Detailed)
    s = started(machine, full=[1, 2])
    assert refusal(machine, s, Action("area", 1)).reason == "Area 1 is full: 2 full in all."
    assert refusal(machine, s, Action("area", 9)).reason == "Area 9 is out of reach."


def test_all_legal_makes_options_of_actions_that_are_all_legal():
    actions = [Action("a"), Action("b", 2)]
    assert list(all_legal(actions)) == [(Action("a"), None), (Action("b", 2), None)]


def test_a_step_that_lists_only_actions_warns_and_still_works():
    class Older(Step[Board]):
        name = "place"

        def actions(self, s, role):
            yield Action("done")

        def on_done(self, s, role, arg):
            s.active = []

    machine: StepMachine[Board] = StepMachine()
    with pytest.warns(DeprecationWarning, match="write `options`"):
        machine.step(Older)
    s = started(machine)
    assert list(machine.current(s).options(s, "a")) == [(Action("done"), None)]
    machine.apply(s, "a", Action("done"))
    assert s.active == []


def test_an_ambient_action_derives_its_legal_actions_and_refusals_from_its_options():
    class Shout(Ambient[Board]):
        name, tag = "shout", "loud"

        def options(self, s, role):
            yield Action("shout", "hey"), None
            yield Action("shout", "boo"), "Not boo."

        def on_shout(self, s, role, word):
            s.placed.append(len(word))

    class Loud(Place):
        tags = frozenset({"loud"})

    machine = machine_with(Loud)
    machine.ambient(Shout)
    s = started(machine)
    assert Action("shout", "hey") in machine.actions(s, "a")
    assert Action("shout", "boo") not in machine.actions(s, "a")
    assert refusal(machine, s, Action("shout", "boo")).reason == "Not boo."
