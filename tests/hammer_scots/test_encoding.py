"""The game's fixed encoding (encoding.py): random games walked, every offered action inside
N and round-tripping, every seat's vector of the layout's length and unchanged when what the
seat may not see is dealt again (core.testing.encoding.check_encoding)."""

from __future__ import annotations

import pytest

from gameshelf.core.testing.encoding import check_encoding
from gameshelf.plugins.hammer_scots.rules import RULESET


@pytest.mark.parametrize("scenario", ["braveheart", "the_bruce", "campaign"])
def test_offered_actions_round_trip_and_views_encode_without_leaks(scenario):
    report = check_encoding(RULESET, scenario=scenario, seeds=[1], max_steps=120)
    assert report.decisions == 120


def test_the_action_space_names_every_block_card_and_area_of_the_data():
    enc = RULESET.encoding()
    counts = {typ: n for typ, _, n in enc.actions.kinds}
    assert (counts["card"], counts["area"], counts["block"], counts["fire"]) == (25, 23, 56, 56)
    assert enc.actions.size == 365


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["braveheart", "the_bruce", "campaign"])
def test_long_random_games_encode(scenario):
    check_encoding(RULESET, scenario=scenario, seeds=range(5), max_steps=5000, leak_every=7)
