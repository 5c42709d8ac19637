"""The bots' reckoning (evaluate.py): the final score as if the game ended now."""

import pytest

from gameshelf.plugins.hansa_britannia.evaluate import estimate
from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.scoring import end_game
from tests.hansa_britannia.builders import build

EVEN = {"red": 3, "yellow": 3, "green": 3}


def chances(s):
    values = RULESET.evaluate(s)
    assert set(values) == set(s.seats)
    assert sum(values.values()) == pytest.approx(1.0)
    return values


def test_prestige_leads():
    s = build(players=3, prestige={**EVEN, "yellow": 12})
    values = chances(s)
    assert max(values, key=values.get) == "yellow"
    assert values["yellow"] > 0.8


def test_cities_and_the_network_count_as_at_the_final_scoring():
    plain = build(players=3, prestige=EVEN)
    held = build(players=3, prestige=EVEN, offices={"london": ["green"], "oxford": ["green"]})
    assert estimate(held)["green"] > estimate(plain)["green"]
    assert chances(held)["green"] > chances(plain)["green"]


def test_the_neutral_player_is_no_seat():
    s = build(players=2, prestige={"red": 5, "yellow": 1, "neutral": 15})
    values = chances(s)
    assert set(values) == {"red", "yellow"}
    assert values["red"] > values["yellow"]


def test_a_game_over_is_its_outcome():
    s = build(players=3, prestige={**EVEN, "green": 9}, end_reason="prestige_20")
    end_game(s)
    assert RULESET.evaluate(s) == {"red": 0.0, "yellow": 0.0, "green": 1.0}
