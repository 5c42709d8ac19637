"""The bots' reckoning (evaluate.py): the final score as if the game ended now, and the
routes under way."""

import pytest

from gameshelf.core.bots.agents import Observation
from gameshelf.core.bots.search import GreedyAgent, ismcts_factory
from gameshelf.core.engine.rng import seed_from
from gameshelf.core.play.match import Match
from gameshelf.plugins.hansa_britannia.board import THREE
from gameshelf.plugins.hansa_britannia.evaluate import estimate, progress, routes_under_way
from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.scoring import end_game
from tests.hansa_britannia.builders import build, play, space

EVEN = {"red": 3, "yellow": 3, "green": 3}


def len_of(route):
    return len(THREE.route_spaces[THREE.rid(route)])


def chances(s):
    values = RULESET.evaluate(s)
    assert set(values) == set(s.seats)
    assert sum(values.values()) == pytest.approx(1.0)
    return values


def test_prestige_leads():
    s = build(players=3, prestige={**EVEN, "yellow": 12})
    values = chances(s)
    assert max(values, key=values.get) == "yellow"
    assert values["yellow"] > 0.7  # 9 points ahead, the game 60% of the way to its end


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


def test_the_same_lead_nearer_the_end_rates_higher_for_the_leader():  # RULES §8
    early = build(players=3, prestige={**EVEN, "yellow": 7})
    late = build(players=3, prestige={"red": 13, "yellow": 17, "green": 13})
    cities = build(players=3, prestige={**EVEN, "yellow": 7}, completed=6)
    assert progress(early) < progress(cities) < progress(late)
    assert chances(early)["yellow"] < chances(cities)["yellow"] < chances(late)["yellow"]


def test_markers_drawn_bring_the_end_nearer():  # RULES §8: an empty supply ends the game
    full = build(players=3, prestige={**EVEN, "yellow": 7})
    drawn = build(players=3, prestige={**EVEN, "yellow": 7}, owed=dict.fromkeys(EVEN, 3))
    assert progress(full) == pytest.approx(7 / 20)
    assert progress(drawn) == pytest.approx(9 / 12)
    assert chances(drawn)["yellow"] > chances(full)["yellow"]


ABILITY_ROUTES = [  # the 2–3 side's routes into a city with an ability, 3 and 4 spaces long
    ("carlisle--newcastle", "bursa"),
    ("hereford--chester", "actiones"),
    ("cambridge--norwich", "liber_sophiae"),
    ("durham--york", "clavis_urbis"),
]


@pytest.mark.parametrize(("route", "ability"), ABILITY_ROUTES)
def test_creating_a_full_route_for_an_ability_rates_at_least_as_well_as_holding_it(route, ability):
    held = build(players=3, prestige=EVEN, pieces={route: ["red"] * len_of(route)})
    created = RULESET.copy_state(held)
    play(created, "red", ("create", route), ("ability", ability))
    assert sum(created.level[0]) == 1
    assert estimate(created)["red"] >= estimate(held)["red"]
    assert chances(created)["red"] >= chances(held)["red"]


def test_creating_a_full_route_for_an_office_rates_better_than_holding_it():
    held = build(players=3, prestige=EVEN, pieces={"coventry--hereford": ["red"] * 3})
    created = RULESET.copy_state(held)
    play(created, "red", ("create", "coventry--hereford"), ("office", "hereford"))
    assert estimate(created)["red"] > estimate(held)["red"]


def standstill():
    """Seed 3026's standstill, built small: every piece on the board, yellow far ahead and
    holding a full route into Richmond, which it controls (Richmond full, Lancaster's office
    beyond its Privilegium: the route can only be created for the prestige)."""
    return build(
        players=2,
        current="yellow",
        prestige={"red": 0, "yellow": 14},
        offices={"richmond": ["yellow"], "hereford": ["yellow"], "southampton": ["yellow"]},
        pieces={
            "richmond--lancaster": ["yellow", "yellow"],
            "salisbury--oxford": ["yellow", None, None, None],
            "hereford--lancaster": ["red", "red"],
            "canterbury--calais": ["red", None, "red"],
        },
        supply={"red": (0, 0), "yellow": (0, 0)},
        stock={"red": (0, 0), "yellow": (0, 0)},
    )


def test_the_leader_rates_cashing_a_full_route_for_prestige_above_holding_it():
    held = standstill()
    cashed = RULESET.copy_state(held)
    play(cashed, "yellow", ("create", "richmond--lancaster"))
    assert [a.type for a in RULESET.actions(cashed, "yellow")] == ["nothing"]
    play(cashed, "yellow", "nothing")
    assert cashed.prestige[1] == 15
    assert chances(cashed)["yellow"] > chances(held)["yellow"]


def test_a_leading_search_bot_creates_the_route_rather_than_shuffle_its_pieces():
    s = standstill()
    actions = RULESET.actions(s, "yellow")
    assert {a.type for a in actions} == {"create", "move", "end_turn"}
    bot = ismcts_factory("100/w1/d0")(3026)
    assert bot.choose(Observation(RULESET, s, "yellow", s.seats), actions).type == "create"


@pytest.mark.slow  # about 850 actions of ISMCTS and greedy: 20-30 CPU s
def test_the_formerly_endless_tournament_game_ends():
    """Game 1 of ``gameshelf tournament hansa_britannia --agents ismcts:100/w1/d0,greedy
    --players 2 --seed 3025`` (seed 3026, greedy in the first seat): past 12,000 actions at
    4-0 in prestige with the old reckoning."""
    match = Match(RULESET, seed=3026, players=2)
    specs = {"red": GreedyAgent, "yellow": ismcts_factory("100/w1/d0")}
    bots = {
        role: specs[role](seed_from("tournament", 3026, i)) for i, role in enumerate(match.roles)
    }
    match.play_bots(bots, limit=5000)
    outcome = match.outcome()
    assert outcome is not None
    assert outcome.winners == ["yellow"]


def test_the_first_pieces_of_the_supply_are_kept_for_a_displacement():  # RULES §6 C
    def red_with(traders):
        return estimate(build(players=3, prestige=EVEN, supply={"red": (traders, 0)}))["red"]

    first_two, next_two = red_with(2) - red_with(0), red_with(4) - red_with(2)
    assert first_two > next_two > 0


def test_a_seat_keeps_its_last_pieces_rather_than_block_a_rivals_route():
    s = build(
        players=2,
        supply={"red": (2, 0), "yellow": (0, 0)},
        stock={"red": (0, 0), "yellow": (0, 0)},
        pieces={"durham--lancaster": ["yellow", "yellow", None]},
    )
    blocking = RULESET.copy_state(s)
    play(blocking, "red", ("place_trader", space("durham--lancaster", 2, THREE)))
    assert routes_under_way(blocking)[1] == 0.0
    assert chances(blocking)["red"] < chances(s)["red"]
