"""RULES §2-3: the deal, secret simultaneous card play, initiative, the order of actions."""

from __future__ import annotations

import pytest

from core.match import Match
from core.ruleset import IllegalAction
from plugins.hammer_scots.cards import start_year
from plugins.hammer_scots.model import aix
from plugins.hammer_scots.rules import RULESET
from plugins.hammer_scots.state import machine
from tests.hammer_scots.builders import build, legal, play

E, S = "England", "Scotland"


def card_phase(eng, sco, **fields):
    s = build(step="card_phase", hands={E: eng, S: sco}, turn=1, begin=True, **fields)
    return s


def test_a_year_deals_five_cards_each_from_a_fresh_shuffle():
    s = build(step="card_phase", year=1297)
    start_year(s)
    assert len(s.hands[E]) == len(s.hands[S]) == 5
    assert not set(s.hands[E]) & set(s.hands[S])
    other = build(step="card_phase", year=1297, seed=99)
    start_year(other)
    assert (s.hands[E], s.hands[S]) != (other.hands[E], other.hands[S])
    assert s.step == "card_phase"
    assert s.turn == 1


def test_both_sides_choose_at_the_same_time():
    s = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    assert machine.active(s) == [E, S]
    assert ("card", "move2_1") in legal(s, E)
    assert ("card", "move3_1") in legal(s, S)


def test_a_chosen_card_stays_secret_until_both_have_chosen():
    s = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    play(s, E, ("card", "move2_1"))
    assert s.chosen == {E: "move2_1"}
    assert not s.revealed
    assert machine.active(s) == [S]
    play(s, S, ("card", "move1_2"))
    assert s.revealed
    assert s.played == {E: ["move2_1"], S: ["move1_2"]}
    assert s.hands == {E: ["move1_1"], S: ["move3_1"]}


def test_a_side_may_change_its_mind_until_the_other_has_chosen():
    m = Match(RULESET, scenario="braveheart", seed=3)
    first, second = m.state.hands[E][:2]
    m.apply(E, ("card", first))
    assert m.undoable(E) == 1
    m.undo(E)
    assert m.state.chosen == {}
    m.apply(E, ("card", second))
    m.apply(S, ("card", m.state.hands[S][0]))
    assert m.undoable(E) == 0  # Scotland chose after him: the cards are out
    with pytest.raises(IllegalAction):
        m.undo(E)


def test_acting_twice_in_the_card_phase_is_refused():
    s = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    play(s, E, ("card", "move2_1"))
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not England's turn"):
        play(s, E, ("card", "move1_1"))
    assert s.to_json() == before


def test_playing_a_card_not_in_hand_is_refused_and_changes_nothing():
    s = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not in your hand"):
        play(s, E, ("card", "move3_1"))
    assert s.to_json() == before


def test_higher_move_card_is_player_1():
    s = card_phase(["move2_1"], ["move3_1"])
    play(s, E, ("card", "move2_1"))
    play(s, S, ("card", "move3_1"))
    assert (s.p1, s.p2, s.acting) == (S, E, S)
    assert s.step == "move_who"
    assert s.move_points == 3


def test_ties_go_to_england():
    s = card_phase(["move2_1"], ["move2_2"])
    play(s, S, ("card", "move2_2"))
    play(s, E, ("card", "move2_1"))
    assert s.p1 == E
    assert s.move_points == 2


def test_an_event_beats_any_move_card():
    s = card_phase(["move3_1"], ["victuals"], blocks={"douglas": "fife"}, steps={"douglas": 2})
    play(s, E, ("card", "move3_1"))
    play(s, S, ("card", "victuals"))
    assert s.p1 == S
    assert s.step == "victuals"


def test_both_events_england_first_and_the_year_ends_after_the_turn():
    s = card_phase(["herald", "move1_1"], ["truce", "move1_2"])
    play(s, E, ("card", "herald"))
    play(s, S, ("card", "truce"))
    assert s.p1 == E
    assert s.year_ends
    assert s.step == "herald"


def test_player_1_acts_then_player_2():
    s = card_phase(
        ["move2_1", "move1_1"],
        ["move1_2", "move2_2"],
        blocks={"douglas": "fife", "comyn_e": "badenoch"},
    )
    play(s, E, ("card", "move2_1"))
    play(s, S, ("card", "move1_2"))
    assert s.acting == E
    play(s, E, "done")
    assert s.acting == S
    assert s.move_points == 1
    assert machine.active(s) == [S]


def test_acting_out_of_turn_is_refused():
    s = card_phase(["move2_1"], ["move1_2"], blocks={"douglas": "fife"})
    play(s, E, ("card", "move2_1"))
    play(s, S, ("card", "move1_2"))
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not Scotland's turn"):
        play(s, S, "done")
    assert s.to_json() == before


def test_the_cards_played_this_year_are_public_and_pile_up():
    s = card_phase(["move2_1", "move1_1"], ["move1_2", "move2_2"])
    play(s, E, ("card", "move2_1"))
    play(s, S, ("card", "move1_2"))
    assert "England plays Move 2, Scotland plays Move 1" in s.log[-2]


def test_after_player_2_the_battles_are_fought():
    s = card_phase(["move2_1"], ["move1_2"], blocks={"douglas": "fife", "comyn_e": "mentieth"})
    play(s, E, ("card", "move2_1"))
    play(s, S, ("card", "move1_2"))
    play(s, E, "done")
    play(s, S, ("block", "douglas"), ("area", "mentieth"))
    play(s, S, "done")
    assert s.step in {"battle_round", "battle_hits", "retreat_to", "regroup"}
    assert machine.trail(s)[:-1] == ["battle_phase"]
    assert s.battle == aix("mentieth")


def test_the_next_game_turn_clears_the_turns_marks():
    s = build(
        step="border_raids",
        turn=2,
        hands={E: ["move1_1"], S: ["move1_2"]},
        moved=["douglas"],
        truce=E,
        attacker={"fife": E},
    )
    machine.enter(s, "next_turn")
    assert s.turn == 3
    assert s.step == "card_phase"
    assert (s.moved, s.truce, s.attacker[aix("fife")]) == ([], "", "")


def test_after_the_fifth_game_turn_comes_winter():
    s = build(
        step="border_raids",
        turn=5,
        year=1297,
        last_year=1305,
        blocks={"comyn_e": "badenoch", "bruce_s": "annan"},
    )
    machine.enter(s, "next_turn")
    assert "Winter of 1297." in s.log
    assert s.step not in {"card_phase", "next_turn"}


def test_a_turn_of_two_events_ends_the_year_and_discards_the_rest():
    s = build(
        step="border_raids",
        turn=2,
        year_ends=True,
        year=1297,
        last_year=1305,
        hands={E: ["move1_1", "move2_1"], S: ["move1_2", "move2_2"]},
        blocks={"comyn_e": "badenoch", "bruce_s": "annan"},
    )
    machine.enter(s, "next_turn")
    assert s.hands == {E: [], S: []}
    assert "Winter of 1297." in s.log


def test_a_new_year_deals_again():
    s = build(step="winter", year=1297, blocks={"comyn_e": "badenoch"})
    machine.enter(s, "new_year")
    assert s.year == 1298
    assert s.turn == 1
    assert len(s.hands[E]) == len(s.hands[S]) == 5
    assert s.played == {E: [], S: []}
