"""desk.py: the five abilities (RULES §3)."""

from __future__ import annotations

from gameshelf.plugins.hansa_britannia.desk import (
    ACTIONES,
    BURSA,
    LIBER,
    actions_per_turn,
    bank,
    book,
    develop,
    is_full,
    keys,
    privilege,
)
from tests.hansa_britannia.builders import build


def test_the_first_values_are_in_force_at_the_start():
    s = build()
    assert (keys(s, 0), actions_per_turn(s, 0), privilege(s, 0), book(s, 0), bank(s, 0)) == (
        1,
        2,
        1,
        2,
        3,
    )


def test_developing_moves_the_covering_piece_into_the_supply():  # RULES §3
    s = build(supply={"red": (0, 0)})
    develop(s, 0, BURSA)
    assert bank(s, 0) == 5
    assert s.supply[0] == [1, 0]
    develop(s, 0, LIBER)
    assert book(s, 0) == 3
    assert s.supply[0] == [1, 1]


def test_a_higher_actiones_gives_its_action_at_once_the_second_3_or_4_nothing():  # RULES §3
    s = build(actions_left=1)
    develop(s, 0, ACTIONES)  # 2 -> 3
    assert s.actions_left == 2
    develop(s, 0, ACTIONES)  # 3 -> the second 3
    assert s.actions_left == 2
    develop(s, 0, ACTIONES)  # 3 -> 4
    assert s.actions_left == 3


def test_a_track_is_full_when_no_piece_is_left_on_it():
    s = build(levels={"red": {"bursa": 3}})
    assert is_full(s, 0, BURSA)
    assert not is_full(s, 0, ACTIONES)
