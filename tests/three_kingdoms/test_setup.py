"""Setup (seed §1, DESIGN §7.4–§7.5)."""

from __future__ import annotations

import random
import re

import pytest

from gameshelf.plugins.three_kingdoms.model import (
    COURT,
    LAND_IDS,
    LANDS_OF,
    LORDS,
    START,
    STRATEGIES,
)
from gameshelf.plugins.three_kingdoms.rules import RULESET
from tests.three_kingdoms.builders import act, legal, refused


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_gets_a_lord_its_capital_15000_and_all_its_cards(players):
    s = RULESET.setup(seed=11, players=players)
    assert s.seats == ["p1", "p2", "p3", "p4", "p5"][:players]
    assert len(set(s.lord.values())) == players
    for seat in s.seats:
        lord = s.lord[seat]
        assert s.money[seat] == 15000
        assert s.pos[seat] == START[lord]
        assert s.down[seat] == []
        assert len(s.drawn[seat]) == 3
        assert lord not in s.drawn[seat]  # DESIGN §7.4: never placed at setup
        assert sorted(s.hand[seat] + s.drawn[seat]) == sorted([*COURT[lord], lord])
        assert [s.owner[land] for land in LANDS_OF[lord]] == [seat] * 3


def test_absent_lords_lands_stay_unowned_and_empty():  # DESIGN §7.4
    s = RULESET.setup(seed=3, players=2)
    in_play = set(s.lord.values())
    for lord in LORDS:
        for land in LANDS_OF[lord]:
            assert (s.owner[land] is not None) == (lord in in_play)
    for land in ("luoyang", "xiapi", "xiangyang"):
        assert s.owner[land] is None
    assert all(s.swords[land] == 0 and not s.garrison[land] for land in LAND_IDS)


def test_lords_first_player_and_deck_depend_on_the_seed():
    deals = {tuple(RULESET.setup(seed=k, players=5).lord.values()) for k in range(12)}
    firsts = {RULESET.setup(seed=k, players=5).order[0] for k in range(12)}
    decks = {tuple(RULESET.setup(seed=k, players=2).deck.draw_pile) for k in range(12)}
    assert len(deals) > 1
    assert len(firsts) > 1
    assert len(decks) > 1
    assert sorted(RULESET.setup(seed=0, players=2).deck.draw_pile) == sorted(STRATEGIES)


def test_turn_order_is_seating_order_from_the_first_player():
    for seed in range(8):
        s = RULESET.setup(seed=seed, players=4)
        first = s.order[0]
        i = s.seats.index(first)
        assert s.order == s.seats[i:] + s.seats[:i]


def test_each_seat_places_its_drawn_talents_capital_first_in_turn_order():
    s = RULESET.setup(seed=5, players=3)
    for seat in list(s.order):
        assert s.active == [seat]
        drawn = list(s.drawn[seat])
        capital, second, third = LANDS_OF[s.lord[seat]]
        act(s, seat, ("talent", drawn[1]), ("talent", drawn[2]))
        assert s.garrison[capital] == (drawn[1],)
        assert s.garrison[second] == (drawn[2],)
        assert s.garrison[third] == (drawn[0],)  # the last one goes on by itself
        assert s.drawn[seat] == []
    assert s.step == "choose_dice"
    assert s.active == [s.order[0]]


def test_placing_a_card_not_drawn_is_refused():
    s = RULESET.setup(seed=5, players=2)
    seat = s.active[0]
    assert ("talent", s.lord[seat]) not in legal(s, seat)
    refused(s, seat, ("talent", s.lord[seat]), "talents you drew")
    other = next(p for p in s.seats if p != seat)
    rival = re.escape(LORDS[s.lord[other]].name_en)
    refused(s, other, ("talent", s.drawn[other][0]), f"not {rival}'s turn", code="not_your_turn")


def test_options_and_player_counts_are_checked():
    s = RULESET.setup(seed=1, players=3, options={"lord_skills": False, "round_limit": 40})
    assert (s.lord_skills, s.round_limit) == (False, 40)
    with pytest.raises(ValueError, match="players"):
        RULESET.setup(seed=1, players=6)
    with pytest.raises(ValueError, match="round_limit"):
        RULESET.setup(seed=1, options={"round_limit": -1})
    with pytest.raises(ValueError, match="no option"):
        RULESET.setup(seed=1, options={"dice": 3})


@pytest.mark.parametrize("players", [2, 5])
def test_the_lands_stand_in_board_order_after_setup_and_a_saved_game(players):
    """The lands' owners, swords and garrisons are kept in board order (``LAND_IDS``): the
    view, the rivals' lands and the learning encoding read them as they stand."""
    s = RULESET.setup(seed=4, players=players)
    for state in (s, RULESET.load_state(RULESET.dump_state(s))):
        assert list(state.owner) == list(state.swords) == list(state.garrison) == list(LAND_IDS)


@pytest.mark.parametrize("players", [2, 5])
def test_the_seats_things_stand_in_seating_order_through_a_game(players):
    """Each seat's lord, pawn, cash and cards are kept in seating order, as the learning
    encoding reads them (``values()``), after setup, a saved game and a whole game."""
    s = RULESET.setup(seed=4, players=players)
    pick = random.Random(4)
    while (turn := RULESET.to_act(s, s.seats)) is not None:
        RULESET.play(s, turn[0], pick.choice(turn[1]))
    for state in (
        RULESET.setup(seed=4, players=players),
        s,
        RULESET.load_state(RULESET.dump_state(s)),
    ):
        things = (state.lord, state.pos, state.money.cash, state.hand, state.down, state.drawn)
        assert all(list(held) == state.seats for held in things)


@pytest.mark.parametrize("players", [2, 5])
def test_a_lands_talents_are_a_tuple_replaced_at_each_change(players):
    """The talents on a land are a tuple at every step of a game in which they change, and
    after a saved game is loaded: the learning encoding tells a change by the tuple's
    identity (state.py), which a list changed in place would hide."""
    s = RULESET.setup(seed=9, players=players)
    pick = random.Random(9)
    changes = 0
    while (turn := RULESET.to_act(s, s.seats)) is not None:
        before = dict(s.garrison)
        RULESET.play(s, turn[0], pick.choice(turn[1]))
        assert all(type(cards) is tuple for cards in s.garrison.values())  # so never changed
        changes += sum(cards != before[land] for land, cards in s.garrison.items())
    assert changes > 0
    loaded = RULESET.load_state(RULESET.dump_state(s))
    assert loaded.garrison == s.garrison
    assert all(type(cards) is tuple for cards in loaded.garrison.values())
