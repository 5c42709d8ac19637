"""RULES §1-2: the data loads once and is checked at load (the counts of issue 15 item 1)."""

from __future__ import annotations

import pytest

from gameshelf.plugins.twilight_struggle import model
from gameshelf.plugins.twilight_struggle.model import (
    BATTLEGROUND,
    BOX_NEIGHBOURS,
    CARDS,
    CIX,
    COUNTRIES,
    IN_REGION,
    MEMBERS,
    NEIGHBOURS,
    SCORING_CARDS,
    STABILITY,
    TOUCHES,
    US,
    USSR,
    BadData,
    era_deck,
)


def test_84_countries_in_six_regions():
    assert len(COUNTRIES) == 84
    assert {r: len(MEMBERS[r]) for r in model.MAIN_REGIONS} == {
        "europe": 21,
        "asia": 15,
        "middle_east": 10,
        "africa": 18,
        "central_america": 10,
        "south_america": 10,
    }


def test_austria_and_finland_are_in_both_halves_of_europe():  # RULES §16.9
    for country in ("austria", "finland"):
        assert IN_REGION["eastern_europe"][CIX[country]]
        assert IN_REGION["western_europe"][CIX[country]]
        assert IN_REGION["europe"][CIX[country]]
    assert len(MEMBERS["eastern_europe"]) == 9
    assert len(MEMBERS["western_europe"]) == 14


def test_southeast_asia_is_inside_asia_and_australia_is_not_in_it():  # RULES §16.9
    sea = {COUNTRIES[i].id for i in MEMBERS["southeast_asia"]}
    assert sea == {
        "burma",
        "laos_cambodia",
        "thailand",
        "vietnam",
        "malaysia",
        "indonesia",
        "philippines",
    }
    assert all(IN_REGION["asia"][i] for i in MEMBERS["southeast_asia"])
    assert IN_REGION["asia"][CIX["australia"]]
    assert not IN_REGION["southeast_asia"][CIX["australia"]]


def test_29_battlegrounds_and_the_often_wrong_values():  # RULES §16.9
    assert sum(BATTLEGROUND) == 29
    me = [COUNTRIES[i].id for i in MEMBERS["middle_east"] if BATTLEGROUND[i]]
    assert len(me) == 6
    assert "gulf_states" not in me
    assert STABILITY[CIX["norway"]] == 4


def test_links_are_symmetric_and_the_superpower_boxes_touch_nine_countries():
    pairs = {tuple(sorted((a, b))) for a, ns in enumerate(NEIGHBOURS) for b in ns}
    assert len(pairs) == 112
    assert all(a in NEIGHBOURS[b] for a, ns in enumerate(NEIGHBOURS) for b in ns)
    assert {COUNTRIES[i].id for i in BOX_NEIGHBOURS[US]} == {"canada", "japan", "mexico", "cuba"}
    assert {COUNTRIES[i].id for i in BOX_NEIGHBOURS[USSR]} == {
        "finland",
        "poland",
        "romania",
        "afghanistan",
        "north_korea",
    }
    assert TOUCHES[CIX["cuba"]] == "USA"
    assert TOUCHES[CIX["poland"]] == "USSR"


def test_110_cards_by_era_and_seven_scoring_cards():
    assert len(CARDS) == 110
    assert len(era_deck("early_war", False)) == 35
    assert len(era_deck("early_war", True)) == 38
    assert len(era_deck("mid_war", True)) == 48
    assert len(era_deck("late_war", True)) == 23
    assert 6 not in era_deck("early_war", True)
    assert CARDS[103].era == "early_war"
    assert sorted(SCORING_CARDS) == [1, 2, 3, 37, 38, 79, 81]
    assert [n for n in SCORING_CARDS if CARDS[n].starred] == [38]


def test_every_thing_has_a_chinese_name():
    assert all(c.name_zh for c in COUNTRIES)
    assert all(c.name_zh for c in CARDS.values())
    assert all(c.text and c.text_zh for c in CARDS.values())
    assert CARDS[6].name_zh == "中國牌"


def test_a_broken_count_is_refused_at_load(monkeypatch):
    monkeypatch.setattr(model, "N", 83)
    with pytest.raises(BadData, match="countries: 83, expected 84"):
        model.check_data()
