"""The game's fixed encoding (encoding.py): random games walked, every offered action inside
N and round-tripping, every seat's vector of the layout's length and unchanged when what the
seat may not see is dealt again (core.testing.encoding.check_encoding)."""

from __future__ import annotations

import pytest

from gameshelf.core.testing.encoding import check_encoding
from gameshelf.plugins.three_kingdoms.rules import RULESET


@pytest.mark.parametrize("players", [2, 5])
def test_offered_actions_round_trip_and_views_encode_without_leaks(players):
    report = check_encoding(RULESET, players=players, seeds=[1], max_steps=100)
    assert report.decisions >= 60


def test_the_vector_grows_with_the_players_and_the_rivals_are_seats():
    small, large = RULESET.encoding(players=2), RULESET.encoding(players=5)
    assert large.layout.size > small.layout.size
    assert large.actions.size == small.actions.size + 3  # "rival" names each seat


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_random_games_encode(players):
    check_encoding(RULESET, players=players, seeds=range(4), max_steps=5000, leak_every=3)
