"""A saved game loads back exactly; one that does not fit the data is refused; one saved
before the game ended through the core's end_game replays to the same end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.engine.snapshot import StaleSnapshot
from gameshelf.core.engine.steps import GAME_OVER
from gameshelf.core.play.match import Match
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import play


def test_a_saved_game_loads_back_exactly():
    s = RULESET.setup(3, "competitive")
    play(s, "USSR", ("country", "poland"))
    text = RULESET.dump_state(s)
    assert RULESET.dump_state(RULESET.load_state(text)) == text


def test_a_state_whose_influence_list_does_not_fit_the_map_is_refused():
    data = json.loads(RULESET.dump_state(RULESET.setup(3)))
    data["influence"]["US"] = data["influence"]["US"][:80]
    with pytest.raises(ValueError, match="80 entries, the map 84 countries"):
        RULESET.load_state(json.dumps(data))


OLD = Path(__file__).parent / "data" / "finished_ts_before_end_game.json"


def test_a_match_saved_before_the_core_kept_the_outcome_replays_to_the_same_end():
    saved = json.loads(OLD.read_text())
    played = Match.from_json(saved["match"], RULESET)  # what the store does with no snapshot
    # its snapshot, of the old state shape (over, winner, reason, result), is refused: the
    # store rebuilds the match from its history instead
    with pytest.raises(StaleSnapshot, match="another state schema"):
        played.resumed(saved["snapshot"], played.history)
    outcome = played.outcome()
    assert outcome is not None
    assert outcome.model_dump(mode="json") == saved["outcome"]
    assert [line.to_json() for line in played.state.log] == saved["log"]
    assert played.state.step == GAME_OVER
