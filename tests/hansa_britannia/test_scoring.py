"""scoring.py: the end of the game and final scoring (RULES §8, §9, §12.7, §13.10)."""

from __future__ import annotations

from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.scoring import final_scores, majority, markers_score
from tests.hansa_britannia.builders import build, play


def test_a_built_position_scored_line_by_line():  # RULES §9, §12.7
    s = build(
        prestige={"red": 10},
        levels={"red": {"actiones": 5, "bursa": 3, "clavis_urbis": 1}},
        used={"red": ["plus_3_actions", "develop_ability"]},
        hand={"red": ["plus_4_actions"]},
        special=[0, -1, -1, -1],
        offices={
            "cardiff": ["red", "red", "yellow", "green"],
            "conway": ["red"],
            "oxford": ["red"],
            "chester": ["yellow"],
            "montgomery": ["yellow"],
            "isle_of_man": ["blue"],
        },
    )
    red, yellow, green, blue = final_scores(s)
    assert red == {
        "prestige": 10,
        "abilities": 8,  # Actiones and Bursa full; Clavis Urbis never scores
        "markers": 3,  # three collected, used or not
        "special": 7,  # Plymouth's white space
        "cities": 6,  # Cardiff, Conway, Oxford
        "network": 6,  # Oxford–Cardiff: 3 Kontors × Clavis Urbis 2
        "wales": 5,  # tied with yellow on 2 cities and 3 Kontors: (7 + 4) / 2
        "scotland": 0,
        "total": 45,
    }
    assert (yellow["wales"], blue["wales"], green["wales"]) == (5, 2, 0)
    assert (blue["scotland"], red["scotland"]) == (7, 0)  # Isle of Man counts in both


def test_majority_places_left_over_go_to_kontors_without_a_city():  # RULES §12.7 step 4
    s = build(offices={"cardiff": ["red", "red", "yellow"], "chester": ["green"]})
    assert majority(s, "Wales", (7, 4, 2)) == [7, 2, 4, 0]


def test_majority_ties_after_the_kontor_count_share_rounded_down():
    s = build(offices={"cardiff": ["red"], "chester": ["yellow"], "conway": ["green"]})
    assert majority(s, "Wales", (7, 4, 2)) == [4, 4, 4, 0]  # 13 / 3


def test_the_markers_table():  # RULES §9 C
    assert [markers_score(n) for n in range(12)] == [0, 1, 3, 3, 6, 6, 10, 10, 15, 15, 21, 21]


def test_the_network_counts_kontors_not_cities():  # RULES §13.10
    s = build(offices={"london": ["red", "red"], "oxford": ["red"], "york": ["red"]})
    assert final_scores(s)[0]["network"] == 3


def test_reaching_20_prestige_ends_the_game_after_the_whole_action():  # RULES §8
    s = build(
        prestige={"red": 18},
        pieces={"salisbury--bristol": ["red"] * 4},
        levels={"red": {"privilegium": 1}},
        actions_left=3,
    )
    play(s, "red", ("create", "salisbury--bristol"), ("office", "bristol"))
    out = RULESET.outcome(s)
    assert s.step == "game_over"
    assert out.reason == "prestige_20"
    assert out.scores["red.prestige"] == 20
    assert "red.network" in out.scores
    assert RULESET.active(s) == []


def test_the_8th_completed_city_ends_the_game():  # RULES §8, §12.2
    s = build(completed=7, pieces={"richmond--lancaster": ["red", "red"]})
    play(s, "red", ("create", "richmond--lancaster"), ("office", "richmond"))
    assert RULESET.outcome(s).reason == "cities_8"


def test_a_tie_goes_to_the_least_developed_actiones():  # RULES §9
    s = build(
        prestige={"red": 30, "yellow": 30},
        levels={"red": {"actiones": 1}},
        completed=7,
        pieces={"richmond--lancaster": ["green", "green"]},
        current="green",
    )
    play(s, "green", ("create", "richmond--lancaster"), ("office", "richmond"))
    assert RULESET.outcome(s).winners == ["yellow"]
