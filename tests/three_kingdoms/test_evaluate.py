"""The bots' reckoning (evaluate.py): money, lands and their swords, talents."""

import pytest

from gameshelf.plugins.three_kingdoms.rules import RULESET
from tests.three_kingdoms.builders import build

EVEN = {"ye": ("p1", ["guan_yu"], 1), "wu": ("p2", ["zhang_liao"], 1)}


def chance(s, seat):
    values = RULESET.evaluate(s)
    assert set(values) == set(s.seats)
    assert sum(values.values()) == pytest.approx(1.0)
    return values[seat]


def test_the_richer_seat_is_the_likelier_winner():
    assert chance(build(lands=EVEN, money={"p1": 26000, "p2": 9000}), "p1") > 0.9


def test_lands_and_swords_count_beside_cash():
    even = build(lands=EVEN)
    assert chance(even, "p1") == pytest.approx(0.5)
    more = build(lands={**EVEN, "ji": ("p1", ["zhao_yun"], 3), "nanpi": ("p1", ["mi_zhu"], 2)})
    assert chance(more, "p1") > 0.75


def test_talents_count():
    assert chance(build(lands=EVEN, hands={"p2": ["xu_huang"]}), "p2") > 0.5


def test_a_seat_out_of_money_or_land_counts_nothing():
    assert chance(build(lands={"ye": ("p1", ["guan_yu"], 1)}), "p2") == 0.0
    assert chance(build(lands=EVEN, money={"p2": 0}), "p2") == 0.0


def test_three_seats_share_the_chances():
    lords = {"p1": "liu_bei", "p2": "cao_cao", "p3": "sun_quan"}
    lands = {**EVEN, "xiapi": ("p3", ["zhou_yu"], 1)}
    s = build(lords, lands=lands, money={"p3": 20000})
    values = RULESET.evaluate(s)
    assert max(values, key=values.get) == "p3"
    assert values["p1"] == pytest.approx(values["p2"])
