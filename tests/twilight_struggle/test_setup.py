"""RULES §3: the setup and its options; the free placements one Influence point at a time."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import US, USSR, era_deck
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import inf, legal, play, refused


def all_cards(s):
    return sorted([*s.hands[USSR], *s.hands[US], *s.deck.draw_pile])


def test_eight_cards_each_the_china_card_with_the_ussr_and_the_printed_influence():
    s = RULESET.setup(1)
    assert len(s.hands[USSR]) == len(s.hands[US]) == 8
    assert s.china == USSR
    assert s.china_up
    assert all_cards(s) == sorted(era_deck("early_war", False))
    assert inf(s, "east_germany") == (3, 0)
    assert inf(s, "uk") == (0, 5)
    assert inf(s, "north_korea") == (3, 0)
    assert inf(s, "australia") == (0, 4)
    assert (s.defcon, s.vp, s.turn) == (5, 0, 1)


def test_the_optional_cards_join_the_early_war_deck_only_with_the_option():
    assert all_cards(RULESET.setup(1, "competitive")) == sorted(era_deck("early_war", True))
    assert 104 not in all_cards(RULESET.setup(1, options={"optional_cards": False}))


def test_the_ussr_places_six_in_eastern_europe_one_point_at_a_time():  # RULES §16.9
    s = RULESET.setup(1)
    assert s.step == "free_placement"
    assert RULESET.active(s) == [USSR]
    assert ("country", "austria") in legal(s, USSR)
    assert ("country", "finland") in legal(s, USSR)
    refused(s, USSR, ("country", "west_germany"), "not in Eastern Europe")
    play(s, USSR, ("country", "austria"))
    assert inf(s, "austria") == (1, 0)
    for _ in range(5):
        play(s, USSR, ("country", "poland"))
    assert inf(s, "poland") == (5, 0)
    assert RULESET.active(s) == [US]


def test_then_the_us_places_seven_in_western_europe():
    s = RULESET.setup(1)
    play(s, USSR, *[("country", "poland")] * 6)
    assert ("country", "finland") in legal(s, US)
    refused(s, US, ("country", "poland"), "not in Western Europe")
    play(s, US, *[("country", "west_germany")] * 7)
    assert inf(s, "west_germany") == (0, 7)
    assert s.step == "headline_choice"  # no bonus in the printed game: turn 1 begins


def test_the_us_bonus_goes_only_where_the_us_already_has_influence():
    s = RULESET.setup(1, "competitive")
    play(s, USSR, *[("country", "poland")] * 6)
    play(s, US, *[("country", "italy")] * 7)
    assert s.step == "free_placement"
    assert RULESET.active(s) == [US]
    refused(s, US, ("country", "france"), "only where the US already has Influence")
    play(s, US, ("country", "iran"), ("country", "italy"))
    assert inf(s, "iran") == (0, 2)
    assert inf(s, "italy") == (0, 8)
    assert s.step == "headline_choice"


def test_an_unknown_option_value_is_refused():
    import pytest

    with pytest.raises(ValueError, match="one of"):
        RULESET.setup(1, options={"us_bonus": 3})
