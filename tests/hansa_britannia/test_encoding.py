"""The game's fixed encoding (encoding.py): random games walked, every offered action inside
N and round-tripping, every seat's vector of the layout's length and unchanged when what the
seat may not see is dealt again (core.testing.encoding.check_encoding)."""

from __future__ import annotations

import pytest

from gameshelf.core.testing.encoding import check_encoding
from gameshelf.plugins.hansa_britannia.rules import RULESET


@pytest.mark.parametrize("players", [2, 3, 5])
def test_offered_actions_round_trip_and_views_encode_without_leaks(players):
    report = check_encoding(RULESET, players=players, seeds=[1], max_steps=100)
    assert report.decisions == 100


def test_the_board_side_follows_the_player_count():
    three, four = RULESET.encoding(players=3), RULESET.encoding(players=4)
    assert three.board.side != four.board.side
    assert three.actions.size != four.actions.size


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_long_random_games_encode(players):
    check_encoding(RULESET, players=players, seeds=range(2), max_steps=6000, leak_every=11)
