"""setup.py: a new game for 4 or 5 seats (RULES §4, §12.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import ROUTE_ID, TAVERNS


@pytest.mark.parametrize("players", [4, 5])
def test_pieces_by_seat_order(players: int):  # RULES §4 step 5
    s = RULESET.setup(3, players=players)
    assert s.seats == ["red", "yellow", "green", "blue", "purple"][:players]
    assert s.supply == [[5 + i, 1] for i in range(players)]
    assert s.stock == [[6 - i, 0] for i in range(players)]
    assert s.prestige == [0] * players
    assert s.level == [[0] * 5] * players
    assert s.step == "turn"
    assert RULESET.active(s) == ["red"]
    assert s.actions_left == 2


def test_the_start_markers_lie_on_the_taverns_and_twelve_are_face_down():  # RULES §4 step 2
    s = RULESET.setup(3, players=4)
    on_board = {ROUTE_ID[r]: m for r, m in enumerate(s.route_marker) if m}
    assert set(on_board) == {ROUTE_ID[r] for r in TAVERNS}
    assert sorted(on_board.values()) == [
        "additional_trading_post",
        "exchange_trading_posts",
        "move_3_tradesmen",
    ]
    assert Counter(s.markers_supply.draw_pile) == {
        "additional_trading_post": 3,
        "exchange_trading_posts": 2,
        "develop_ability": 2,
        "move_3_tradesmen": 1,
        "plus_3_actions": 2,
        "plus_4_actions": 2,
    }


def test_the_seed_decides_where_the_markers_lie():
    boards = {tuple(RULESET.setup(seed, players=4).route_marker) for seed in range(8)}
    assert len(boards) > 1
    assert RULESET.setup(5, players=4).to_json() == RULESET.setup(5, players=4).to_json()


def test_one_or_six_players_are_refused():
    for n in (1, 6):
        with pytest.raises(ValueError, match="2–5 players"):
            RULESET.setup(0, players=n)


def test_the_lobby_offers_2_to_5_players():
    assert (RULESET.info.min_players, RULESET.info.max_players) == (2, 5)


@pytest.mark.parametrize(
    ("players", "side", "spaces"), [(2, "3", 111), (3, "3", 111), (4, "4-5", 121)]
)
def test_the_board_side_follows_the_player_count(players: int, side: str, spaces: int):
    s = RULESET.setup(0, players=players)
    assert s.side == side
    assert len(s.spaces) == spaces
    assert len(s.offices) == len(s.board.cities)
    assert s.seats == ["red", "yellow", "green", "blue"][:players]
    assert {s.board.route_id[r] for r, m in enumerate(s.route_marker) if m} == {
        "richmond--lancaster",
        "coventry--nottingham",
        "salisbury--southampton",
    }


def test_three_players_play_by_the_base_rules():  # no neutral player
    s = RULESET.setup(0, players=3)
    assert s.neutral == -1
    assert all(c == -1 for c in s.spaces)
    assert len(s.prestige) == 3
    assert [x[0] for x in s.supply] == [5, 6, 7]
    assert [x[0] for x in s.stock] == [6, 5, 4]
