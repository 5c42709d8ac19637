"""The bots' reckoning (evaluate.py): nobles first, then the blocks' strength."""

import pytest

from gameshelf.core.engine.state import Outcome
from gameshelf.plugins.hammer_scots.model import ENGLISH, SCOTTISH
from gameshelf.plugins.hammer_scots.rules import RULESET
from tests.hammer_scots.builders import build

ENGLAND_AHEAD = {
    "edward": "lothian",
    "comyn_e": "badenoch",
    "angus_e": "angus",
    "mar_e": "mar",
    "bruce_e": "carrick",
    "wallace": "selkirk",
    "bruce_s": "annan",
}


def test_the_side_holding_more_nobles_in_the_last_year_is_the_likelier_winner():
    s = build(blocks=ENGLAND_AHEAD, acting=ENGLISH, year=1305, last_year=1305)
    values = RULESET.evaluate(s)
    assert set(values) == {ENGLISH, SCOTTISH}
    assert values[ENGLISH] > 0.7 > 0.3 > values[SCOTTISH]
    assert values[ENGLISH] + values[SCOTTISH] == pytest.approx(1.0)


def test_at_equal_nobles_the_stronger_blocks_lead():
    blocks = {"comyn_e": "badenoch", "bruce_s": "annan", "wallace": "selkirk", "edward": "lothian"}
    weak = {"comyn_e": 1, "bruce_s": 1}
    scots = build(blocks=blocks, acting=ENGLISH, strength={**weak, "edward": 1, "wallace": 4})
    english = build(blocks=blocks, acting=ENGLISH, strength={**weak, "edward": 4, "wallace": 1})
    assert RULESET.evaluate(scots)[SCOTTISH] > RULESET.evaluate(english)[SCOTTISH]
    assert RULESET.evaluate(english)[ENGLISH] > RULESET.evaluate(scots)[ENGLISH]


def test_englands_lead_counts_more_as_the_last_year_nears():
    early = build(blocks=ENGLAND_AHEAD, acting=ENGLISH, year=1297, last_year=1305)
    late = build(blocks=ENGLAND_AHEAD, acting=ENGLISH, year=1305, last_year=1305)
    assert RULESET.evaluate(late)[ENGLISH] > RULESET.evaluate(early)[ENGLISH]


def test_the_start_of_braveheart_is_no_sure_english_win():
    """England's 11 nobles to 3 melt over eight winters (the module's figures)."""
    s = RULESET.setup(1, scenario="braveheart")
    assert 0.1 < RULESET.evaluate(s)[ENGLISH] < 0.6


def test_a_game_over_is_its_outcome():
    s = build(
        blocks=ENGLAND_AHEAD,
        acting=ENGLISH,
        outcome=Outcome(winners=[SCOTTISH], reason="all_nobles"),
    )
    assert RULESET.evaluate(s) == {ENGLISH: 0.0, SCOTTISH: 1.0}
