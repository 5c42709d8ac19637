"""The game's fixed encoding (encoding.py): random games walked, every offered action inside
N and round-tripping, every seat's vector of the layout's length and unchanged when what the
seat may not see is dealt again (core.testing.encoding.check_encoding)."""

from __future__ import annotations

import pytest

from gameshelf.core.testing.encoding import check_encoding
from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.state import EMPTY
from tests.hansa_britannia.builders import build


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


def test_a_built_board_encodes_alike_from_the_view_and_from_the_state():
    """What random walks seldom reach: annexes, permissions used, markers held twice, the
    neutral's Kontors, special prestige and east-west links; the same vector afresh and from
    one memory, there and back."""
    encoding = RULESET.encoding(players=2)
    memory = encoding.seat_memory()
    plain = build(players=2)
    s = build(
        players=2,
        offices={"cardiff": ["red", "neutral", "yellow:m"], "york": ["neutral"]},
        annexes={"cardiff": ["yellow", "yellow:m", "red"], "york": ["red:m"]},
        hand={"red": ["develop_ability", "develop_ability", "plus_3_actions"]},
        used={"yellow": ["develop_ability"] * 3},
        special=[0, EMPTY, 1, EMPTY],
        east_west=[1, 0],
    )
    s.permits_used = [s.board.city_ix["cardiff"], s.board.city_ix["york"]]
    for state in (plain, s, plain):
        active = RULESET.active(state)
        for role in encoding.roles:
            want = encoding.observe(RULESET.view(state, role))
            assert encoding.observe_state(state, role, active) == want
            assert encoding.observe_state(state, role, active, memory) == want
