"""The bots' reckoning (evaluate.py): the final score as if the game ended now, and the
routes under way."""

import pytest

from gameshelf.core.bots.agents import Observation
from gameshelf.core.bots.search import GreedyAgent
from gameshelf.plugins.hansa_britannia.evaluate import estimate, routes_under_way
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


def test_a_route_nearly_filled_counts_towards_its_creation():
    supply = {seat: (5, 1) for seat in EVEN}
    plain = build(players=3, prestige=EVEN, supply=supply)
    filling = build(
        players=3,
        prestige=EVEN,
        supply={**supply, "green": (3, 1)},
        pieces={"cambridge--norwich": ["green", "green", None]},
    )
    assert estimate(filling)["green"] > estimate(plain)["green"]
    assert chances(filling)["green"] > chances(plain)["green"]


def test_a_route_shared_with_a_rival_is_nobodys_progress():
    shared = build(
        players=3, prestige=EVEN, pieces={"cambridge--norwich": ["green", "green", "red"]}
    )
    assert routes_under_way(shared) == [0.0, 0.0, 0.0]


def test_the_greedy_bot_places_a_piece_rather_than_end_its_turn():
    s = build(players=2, current="red", supply={"red": (5, 1), "yellow": (5, 1)})
    actions = RULESET.actions(s, "red")
    assert any(a.type == "end_turn" for a in actions)
    choice = GreedyAgent(1).choose(Observation(RULESET, s, "red", s.seats), actions)
    assert choice.type != "end_turn"
