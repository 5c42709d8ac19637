"""Moving the pawn (seed §2.1, DESIGN §7.5) and the turn's sequence (seed §2)."""

from __future__ import annotations

from gameshelf.plugins.three_kingdoms.model import LAND_SPACE
from tests.three_kingdoms.builders import act, build, legal, refused, said


def test_the_player_rolls_one_die_or_two_and_moves_clockwise_by_the_total():
    s = build(hands={"p1": ["zhang_fei"]})
    assert legal(s, "p1") == {("dice", 1), ("dice", 2)}
    s.rng.script = [5, 6]
    act(s, "p1", ("dice", 2))
    assert s.dice == [5, 6]
    assert s.pos["p1"] == 11  # from 天機 0 to Jianye
    assert "Liu Bei rolls 5+6=11 and stops on Jianye, which nobody holds." in said(s)


def test_one_die_moves_by_its_value():
    s = build()
    s.rng.script = [4]
    act(s, "p1", ("dice", 1))
    assert s.pos["p1"] == 4
    assert s.dice == [4]


def test_the_ring_wraps_past_space_23():
    s = build(pos={"p1": 22})
    s.rng.script = [6, 6]
    act(s, "p1", ("dice", 2))
    assert s.pos["p1"] == 10


def test_passing_a_space_does_nothing_only_the_stop_counts():
    # Xuchang (7) belongs to the rival; passing it from 6 to 8 costs nothing.
    s = build(lands={"xuchang": ("p2", ["xun_yu"], 4)}, pos={"p1": 6}, hands={"p1": []})
    s.rng.script = [2]
    act(s, "p1", ("dice", 1))
    assert s.pos["p1"] == LAND_SPACE["qiao"]
    assert s.money.cash == {"p1": 15000, "p2": 15000}


def test_the_landing_names_the_holder():
    s = build(lands={"xuchang": ("p2", ["xun_yu"], 0)}, pos={"p1": 4}, hands={"p1": ["guan_yu"]})
    s.rng.script = [3]
    act(s, "p1", ("dice", 1))
    assert "Liu Bei rolls 3 and stops on Xuchang, held by Cao Cao." in said(s)


def test_rolling_three_dice_or_out_of_turn_is_refused():
    s = build()
    refused(s, "p1", ("dice", 3), "one die or two")
    refused(
        s,
        "p2",
        ("dice", 1),
        "It is not Cao Cao's turn: waiting for Liu Bei.",
        code="not_your_turn",
    )
    # a seat nobody sits in (p5 of a 2-player game) is named by its id
    refused(s, "p5", ("dice", 1), "It is not Seat 5's turn", code="not_your_turn")


def test_the_turn_passes_in_turn_order_and_rounds_count():
    s = build(
        {"p1": "liu_bei", "p2": "cao_cao", "p3": "sun_quan"}, order=["p2", "p3", "p1"], turn="p3"
    )
    s.rng.script = [4]  # p3: 12 -> 16, an unowned land, empty hand: nothing happens
    act(s, "p3", ("dice", 1))
    assert (s.turn, s.round) == ("p1", 1)
    s.rng.script = [1]
    act(s, "p1", ("dice", 1))
    assert (s.turn, s.round) == ("p2", 2)
