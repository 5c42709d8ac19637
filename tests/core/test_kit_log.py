"""The kit's log check: no reader's log lines depend on what that reader may not see."""

from dataclasses import fields

import pytest
from pydantic import Field

from gameshelf.core.engine.state import state_model
from gameshelf.core.testing import ConformanceFailure, check_ruleset
from tests.core.toygame import DuelState, HighCardDuel


@state_model
class NotedDuel(DuelState):
    notes: list[str] = Field(default_factory=list)  # lines only a spectator reads


class TellsTheSpectatorTheHands(HighCardDuel):
    """Keeps a spectator's log whose lines name the cards South holds when North chooses:
    neither a spectator nor North (who acts) can see them, and only the spectator's log
    gives them away. (The line is the same whoever of the two chose first.)"""

    state_type = NotedDuel

    def setup(self, seed, scenario=None, options=None, players=None):
        s = super().setup(seed, scenario, options, players)
        return NotedDuel(**{f.name: getattr(s, f.name) for f in fields(DuelState)})

    def apply(self, s, role, action):
        note = f"North chose; South holds {sorted(s.hands['south'])}."
        noted = role == "north" and s.step == "choose"
        super().apply(s, role, action)
        if noted:
            s.notes.append(note)

    def view(self, s, role, log_from=0):
        view = super().view(s, role, log_from)
        if role is None:
            view["log"] = [*view["log"], *s.notes]
        return view


class TellsEveryoneItActed(TellsTheSpectatorTheHands):
    """The same spectator's log, naming nothing hidden."""

    def apply(self, s, role, action):
        choosing = s.step == "choose"  # a line there would tell who chose first
        HighCardDuel.apply(self, s, role, action)
        if not choosing:
            s.notes.append(f"{role.title()} acted.")


def test_the_kit_catches_a_log_line_that_names_what_its_reader_may_not_see(tmp_path):
    with pytest.raises(ConformanceFailure, match="the log tells a spectator what it may not see"):
        check_ruleset(TellsTheSpectatorTheHands(), seeds=range(4), failure_dir=tmp_path)


def test_a_log_kept_per_reader_passes_when_it_names_nothing_hidden(tmp_path):
    report = check_ruleset(TellsEveryoneItActed(), seeds=range(4), failure_dir=tmp_path)
    assert report.games == 8
