"""The end of a game (``StepMachine.end_game``): the outcome kept in the state, the queued
transitions and the stack dropped, the built-in "game_over" step, and every action refused
afterwards with the state unchanged."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest
from pydantic import Field

from gameshelf.core.engine.procedure import Procedure
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import (
    Action,
    GameInfo,
    IllegalAction,
    Outcome,
    Scenario,
    StepRuleset,
)
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import GAME_OVER, Option, Step, StepMachine, all_legal
from gameshelf.core.i18n.messages import Msg

ROLES = ("a", "b")


@state_model
class Race(GameState):
    """Two runners; the first to reach the finish wins (a game made for these tests)."""

    at: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(ROLES, 0))
    trail: list[str] = Field(default_factory=list)  # what the steps did, in order


def won(s: Race, role: str) -> Outcome:
    return Outcome(winners=[role], reason="finish", text=Msg("core.game_over"), scores={})


machine: StepMachine[Race] = StepMachine()


@machine.step
class Laps(Procedure[Race]):
    """Runs until a runner wins: a lap each in turn, then a note in the trail."""

    name = "laps"
    body = ("run", lambda s: s.trail.append("after the lap"), "run")


@machine.step
class Relay(Procedure[Race]):
    """Ends the game in a function of its body: what follows it never happens."""

    name = "relay"
    body = (
        lambda s: machine.end_game(s, won(s, "b")),
        lambda s: s.trail.append("after the end"),
        "run",
    )


@machine.step
class Run(Step[Race]):
    name = "run"

    def begin(self, s: Race) -> None:
        s.active = ["a"]
        s.trail.append("run")

    def options(self, s: Race, role: str) -> Iterable[Option]:
        return all_legal([Action("step", 1), Action("sprint", 5), Action("photo")])

    def on_step(self, s: Race, role: str, n: int) -> None:
        s.at[role] += n
        machine.finish(s)

    def on_sprint(self, s: Race, role: str, n: int) -> None:
        """A sprint wins at once; the handler goes on as if it had not (and is not heeded)."""
        machine.call(s, "cheer")  # queued before the end: dropped
        s.at[role] += n
        machine.end_game(s, won(s, role), line=Msg("core.game_over"))
        machine.enter(s, "cheer")  # queued after the end: dropped
        machine.finish(s)  # dropped as well

    def on_photo(self, s: Race, role: str, arg: None) -> None:
        """A photo finish: the judge (in place of this step) ends the game."""
        machine.enter(s, "judge")


@machine.step
class Judge(Step[Race]):
    name = "judge"

    def begin(self, s: Race) -> None:
        s.trail.append("judge")
        machine.end_game(s, Outcome(winners=[], reason="photo"))
        machine.end_game(s, won(s, "b"), line="b wins")  # the first end stands


@machine.step
class Cheer(Step[Race]):
    name = "cheer"

    def begin(self, s: Race) -> None:
        s.trail.append("cheer")
        s.active = ["b"]


class RaceRules(StepRuleset[Race]):
    info = GameInfo(
        id="race_end",
        title="Race",
        roles=ROLES,
        min_players=2,
        max_players=2,
        scenarios=(Scenario(id="standard", title="Standard"),),
    )
    state_type = Race
    machine = machine

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> Race:
        s = Race(rng=Rng(seed=seed))
        machine.reset(s, "laps")
        return s


RULES = RaceRules()


def ended_by_a_sprint() -> Race:
    s = RULES.setup(1)
    RULES.apply(s, "a", {"type": "sprint", "arg": 5})
    return s


def test_every_machine_has_the_built_in_game_over_step():
    assert GAME_OVER in machine.steps
    assert GAME_OVER in StepMachine().steps
    assert RULES.outcome(RULES.setup(1)) is None


def test_end_game_keeps_the_outcome_in_the_state_and_the_ruleset_reads_it():
    s = ended_by_a_sprint()
    assert s.outcome == won(s, "a")
    assert s.over
    assert RULES.outcome(s) == won(s, "a")
    assert s.log == [Msg("core.game_over")]  # its line, said once
    assert s.at["a"] == 5  # what the handler did besides moving the machine stands


def test_end_game_drops_the_queued_transitions_and_the_stack():
    s = ended_by_a_sprint()
    assert s.trail == ["run"]  # no cheer: queued before the end or after it, dropped
    assert s.step == GAME_OVER
    assert [frame.step for frame in s.stack] == [GAME_OVER]  # the procedure is gone
    assert s.active == []
    assert RULES.active(s) == []


def test_a_game_ended_in_a_step_a_procedure_called_goes_no_further():
    s = RULES.setup(1)
    RULES.apply(s, "a", {"type": "photo"})
    # the judge ended the game: the procedure's next function and lap never ran
    assert s.trail == ["run", "judge"]
    assert s.outcome == Outcome(winners=[], reason="photo")  # the first end stands
    assert "b wins" not in s.log
    assert s.step == GAME_OVER
    assert [frame.step for frame in s.stack] == [GAME_OVER]


def test_a_game_ended_in_a_function_of_a_procedure_goes_no_further():
    s = Race(rng=Rng(seed=1))
    machine.reset(s, "relay")
    assert s.trail == []
    assert s.outcome == won(s, "b")
    assert s.step == GAME_OVER


def test_a_procedure_goes_on_while_the_game_runs():
    s = RULES.setup(1)
    RULES.apply(s, "a", {"type": "step", "arg": 1})
    assert s.trail == ["run", "after the lap", "run"]
    assert s.outcome is None


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    "action",
    [{"type": "step", "arg": 1}, {"type": "sprint", "arg": 5}, {"type": "photo"}, {"type": "x"}],
)
def test_every_action_after_the_end_is_refused_and_changes_nothing(role, action):
    s = ended_by_a_sprint()
    before = RULES.dump_state(s)
    assert RULES.actions(s, role) == []
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(s, role, action)
    assert refused.value.code == "game_over"
    assert str(refused.value) == "The game is over: nobody may act."
    assert RULES.dump_state(s) == before


def test_a_game_ended_at_rest_is_over_at_once():
    s = RULES.setup(1)
    machine.end_game(s, won(s, "b"))  # from outside the machine's work (a test, a setup)
    assert s.step == GAME_OVER
    assert s.active == []
    assert RULES.outcome(s) == won(s, "b")
    assert s.trail == ["run"]
    assert s.log == []


def test_an_ended_game_is_saved_and_loaded_with_its_outcome():
    s = ended_by_a_sprint()
    loaded = RULES.load_state(RULES.dump_state(s))
    assert loaded == s
    assert RULES.outcome(loaded) == won(s, "a")
    assert RULES.view(loaded, "a")["outcome"] == won(s, "a").model_dump()


# --- matches saved before the core kept the outcome ----------------------------------------

OLD = Path(__file__).parent / "data" / "finished_toy_duel_before_end_game.json"


def test_a_match_saved_before_the_core_kept_the_outcome_replays_to_the_same_end():
    from gameshelf.core.engine.snapshot import StaleSnapshot
    from gameshelf.core.play.match import Match
    from tests.core.toygame import RULESET as DUEL

    saved = json.loads(OLD.read_text())
    played = Match.from_json(saved["match"], DUEL)  # what a reader does with no usable snapshot
    # its snapshot, of the old state shape, is refused (another state schema): the store
    # rebuilds the match from its history instead (web.tables.store, _from_snapshot)
    with pytest.raises(StaleSnapshot, match="another state schema"):
        played.resumed(saved["snapshot"], played.history)
    # its state alone, the fingerprint aside, would not load either (the step "over" is gone)
    with pytest.raises(ValueError, match="no longer has: 'over'"):
        DUEL.load_state(saved["snapshot"].partition("\n")[2])
    assert played.outcome() is not None
    assert played.outcome().model_dump(mode="json") == saved["outcome"]
    assert [line.to_json() for line in played.state.log] == saved["log"]
    assert played.state.step == GAME_OVER
