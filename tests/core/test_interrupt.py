"""Interrupts: ambient actions open to their role whether or not the game waits for it
(issue 26 item 8), proved with the toy game's jinx variant (``tests/core/toygame.py``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from gameshelf.core.bots.agents import FirstLegalAgent, Observation, RandomAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import EVERY_STEP, Ambient, Step, StepMachine
from gameshelf.core.i18n.messages import render
from gameshelf.core.play.match import Match
from gameshelf.core.testing import ConformanceFailure, check_ruleset, unchanged_key
from tests.core.toygame import JinxDuel

JINX_NORTH, JINX_SOUTH = Action("jinx", "north"), Action("jinx", "south")


def at_bonus() -> Match:
    """North won the first round and decides on its bonus roll; South waits."""
    m = Match(JinxDuel(), seed=3)
    m.apply("north", m.actions("north")[0])
    m.apply("south", m.actions("south")[0])
    assert (m.state.step, m.active(), m.state.score) == (
        "bonus",
        ["north"],
        {"north": 1, "south": 0},
    )
    return m


def refused(m: Match, role: str, action: Action, code: str, reason: str = "") -> None:
    before = unchanged_key(m.state)
    with pytest.raises(IllegalAction) as refusal:
        m.apply(role, action)
    assert refusal.value.code == code
    assert reason in refusal.value.reason
    assert unchanged_key(m.state) == before


def test_an_interrupt_is_listed_for_its_role_while_the_game_waits_for_another():
    m = at_bonus()
    assert m.actions("south") == [JINX_NORTH]
    assert m.ruleset.interrupts(m.state, "south") == [JINX_NORTH]
    assert m.active() == ["north"]  # South is offered it, not awaited


def test_an_interrupt_taken_out_of_turn_changes_the_game_and_the_step_goes_on():
    m = at_bonus()
    m.apply("south", JINX_NORTH)
    assert m.state.score == {"north": 0, "south": 0}
    assert (m.state.step, m.active()) == ("bonus", ["north"])
    assert render(m.state.log[-1], "en") == "South jinxes North, who loses a point."
    assert render(m.state.log[-1], "zh_TW") == "南家觸了北家的霉頭，北家失去 1 分。"
    assert m.actions("south") == []  # its one jinx is spent
    m.apply("north", Action("pass"))
    assert m.state.step == "choose"


def test_nothing_else_becomes_legal_for_a_role_not_awaited():
    m = at_bonus()
    refused(m, "south", Action("roll"), "not_your_turn", "waiting for north")
    refused(m, "south", Action("pass"), "not_your_turn")
    refused(m, "south", Action("card", m.state.hands["south"][0]), "not_your_turn")


def test_an_interrupt_offered_to_one_role_is_refused_to_the_other():
    m = at_bonus()
    assert JINX_NORTH not in m.actions("north")
    refused(m, "north", JINX_NORTH, "unknown_action")
    refused(m, "nobody", JINX_NORTH, "unknown_role")


def test_an_interrupt_refused_out_of_turn_gives_its_own_reason():
    m = at_bonus()
    m.state.score["north"] = 0  # North has no point left to lose
    assert m.actions("south") == []
    assert "interrupts" not in m.view("south")
    refused(m, "south", JINX_NORTH, "illegal", "North has no point to lose.")


def test_the_view_shows_the_interrupts_among_the_actions():
    m = at_bonus()
    south = m.view("south")
    assert south["actions"] == {"jinx": ["north"]}
    assert south["interrupts"] == {"jinx": ["north"]}
    assert south["prompt"]["id"] == "core.waiting"  # its prompt still says whom it waits for
    north = m.view("north")
    assert north["actions"] == {"roll": [None], "pass": [None]}  # South has no point
    assert "interrupts" not in north
    assert "interrupts" not in m.view(None)


def test_no_interrupt_once_the_game_is_over():
    m = Match(JinxDuel(), seed=3)
    m.play_bots({"north": FirstLegalAgent(), "south": FirstLegalAgent()})
    assert m.outcome() is not None
    m.state.jinxes = {"north": 1, "south": 1}
    m.state.score = {"north": 2, "south": 2}
    assert m.actions("north") == m.actions("south") == []
    refused(m, "south", JINX_NORTH, "game_over")


def test_an_interrupt_replays_and_undoes_like_any_action():
    m = at_bonus()
    m.apply("south", JINX_NORTH)
    again = Match.from_json(m.to_json(), JinxDuel())
    assert again.state.to_json() == m.state.to_json()
    assert m.undoable("south") == 1
    assert m.undoable("north") == 0
    m.undo("south")
    assert m.state.score == {"north": 1, "south": 0}
    assert m.actions("south") == [JINX_NORTH]


def test_undo_never_takes_back_an_action_across_another_roles_interrupt():
    m = Match(JinxDuel(), seed=3)
    m.apply("north", m.actions("north")[0])  # North's secret card, not yet revealed
    assert m.undoable("north") == 1
    m.state.score["north"] = 1  # (a point to lose, for the test)
    m.apply("south", JINX_NORTH)  # South, choosing too, jinxes before choosing its card
    assert m.undoable("north") == 0  # another role acted after it
    with pytest.raises(IllegalAction):
        m.undo("north")


class Jinxer:
    """A bot whose policy takes every interrupt it is offered."""

    def __init__(self) -> None:
        self.asked: list[Sequence[Action]] = []

    def choose(self, observation: Observation, actions: Sequence[Action]) -> Action:
        return actions[-1]

    def interrupt(self, observation: Observation, actions: Sequence[Action]) -> Action | None:
        self.asked.append(list(actions))
        return actions[0]


def test_a_bot_takes_an_interrupt_out_of_turn_only_if_its_policy_asks():
    m = at_bonus()
    assert m.play_bots({"south": RandomAgent(1)}) == 0  # North is a person: nothing to do
    assert m.state.score["north"] == 1
    jinxer = Jinxer()
    assert m.play_bots({"south": jinxer}) == 1  # while North, a person, decides
    assert jinxer.asked == [[JINX_NORTH]]
    assert m.history[-1][:3] == ("south", "jinx", "north")
    assert m.state.score["north"] == 0
    assert m.active() == ["north"]


def test_a_bot_policy_that_answers_an_interrupt_not_offered_is_refused():
    class Cheat(Jinxer):
        def interrupt(self, observation, actions):
            return Action("jinx", "south")

    m = at_bonus()
    before = unchanged_key(m.state)
    with pytest.raises(IllegalAction, match="south"):
        m.play_bots({"south": Cheat()})
    assert unchanged_key(m.state) == before


def test_bots_with_an_interrupt_policy_play_a_game_to_its_end():
    m = Match(JinxDuel(), seed=5)
    m.play_bots({"north": Jinxer(), "south": Jinxer()})
    assert m.outcome() is not None
    assert any(e.type == "jinx" for e in m.history)
    again = Match.from_json(m.to_json(), JinxDuel())
    assert again.state.to_json() == m.state.to_json()


def test_the_kit_passes_a_game_with_interrupts_and_takes_them_out_of_turn(tmp_path):
    report = check_ruleset(
        JinxDuel(), scenarios=["standard"], seeds=range(6), processes=False, failure_dir=tmp_path
    )
    assert report.coverage.types["jinx"] > 0
    assert report.coverage.steps["bonus"] > 0


class JinxForAnyone(JinxDuel):
    """Broken: accepts a jinx offered to one role from the other one too."""

    def apply(self, state, role, action):
        act = Action.of(action)
        if act.type == "jinx" and any(act in self.interrupts(state, r) for r in ("north", "south")):
            self.machine.play(state, role, act)
            return
        super().apply(state, role, act)


def test_the_kit_catches_an_interrupt_accepted_from_a_role_it_is_not_offered_to(tmp_path):
    with pytest.raises(ConformanceFailure, match=r"illegal Action\(type='jinx'"):
        check_ruleset(JinxForAnyone(), seeds=range(3), processes=False, failure_dir=tmp_path)


# --- the machine: interrupts in every step -------------------------------------------


@state_model
class Clock(GameState):
    alarms: int = 0


def test_an_interrupt_in_every_step_reaches_steps_registered_before_and_after_it():
    machine: StepMachine[Clock] = StepMachine()

    class Ticking(Step[Clock]):
        def begin(self, s):
            s.active = ["a"]

        def options(self, s, role):
            yield Action("tick"), None

        def on_tick(self, s, role, arg):
            machine.enter(s, "tock" if self.name == "tick" else "tick")

    machine.step(type("Tick", (Ticking,), {"name": "tick"}))

    @machine.ambient
    class Alarm(Ambient[Clock]):
        name, tag, interrupt = "alarm", EVERY_STEP, True

        def options(self, s, role):
            if role == "b":
                yield Action("alarm"), None

        def on_alarm(self, s, role, arg):
            s.alarms += 1

    machine.step(type("Tock", (Ticking,), {"name": "tock"}))
    s = Clock(rng=Rng(seed=1))
    machine.reset(s, "tick")
    for step in ("tick", "tock"):
        assert s.step == step
        assert list(machine.actions(s, "b")) == [Action("alarm")]
        assert list(machine.actions(s, "a")) == [Action("tick")]
        machine.apply(s, "b", Action("alarm"))
        machine.apply(s, "a", Action("tick"))
    assert s.alarms == 2

    class Clash(Step[Clock]):
        name = "clash"

        def on_alarm(self, s, role, arg):
            pass

    with pytest.raises(ValueError, match="both handle alarm"):
        machine.step(Clash)
