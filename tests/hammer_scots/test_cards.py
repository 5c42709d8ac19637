"""RULES §2-3: the deal, secret simultaneous card play, initiative, the order of actions."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.core.play.match import Match
from gameshelf.core.testing.machines import trail
from gameshelf.plugins.hammer_scots.battle import battle_of
from gameshelf.plugins.hammer_scots.cards import chosen_card, deal
from gameshelf.plugins.hammer_scots.model import aix
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import machine
from tests.hammer_scots.builders import build, legal, play, said

E, S = "England", "Scotland"


def card_phase(eng, sco, **fields):
    s = build(step="card_phase", hands={E: eng, S: sco}, turn=1, begin=True, **fields)
    return s


def test_a_year_deals_five_cards_each_from_a_fresh_shuffle():
    s = build(step="card_phase", year=1297)
    deal(s)
    assert len(s.hands[E]) == len(s.hands[S]) == 5
    assert not set(s.hands[E]) & set(s.hands[S])
    other = build(step="card_phase", year=1297, seed=99)
    deal(other)
    assert (s.hands[E], s.hands[S]) != (other.hands[E], other.hands[S])


def test_a_game_begins_with_the_first_game_turns_card_phase():
    s = RULESET.setup(1, "braveheart")
    assert s.step == "card_phase"
    assert s.turn == 1
    assert len(s.hands[E]) == len(s.hands[S]) == 5


def test_both_sides_choose_at_the_same_time():
    s = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    assert machine.active(s) == [E, S]
    assert ("card", "move2_1") in legal(s, E)
    assert ("card", "move3_1") in legal(s, S)


def test_a_chosen_card_stays_secret_until_both_have_chosen():
    s = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    play(s, E, ("card", "move2_1"))
    assert chosen_card(s, E) == "move2_1"
    assert RULESET.view(s, S)["chosen"] == {E: "hidden", S: None}
    assert s.played == {E: [], S: []}
    assert machine.active(s) == [S]
    play(s, S, ("card", "move1_2"))
    assert s.played == {E: ["move2_1"], S: ["move1_2"]}
    assert s.hands == {E: ["move1_1"], S: ["move3_1"]}


def test_a_side_may_change_its_mind_until_the_other_has_chosen():
    m = Match(RULESET, scenario="braveheart", seed=3)
    first, second = m.state.hands[E][:2]
    m.apply(E, ("card", first))
    assert m.undoable(E) == 1
    m.undo(E)
    assert chosen_card(m.state, E) is None
    m.apply(E, ("card", second))
    m.apply(S, ("card", m.state.hands[S][0]))
    assert m.undoable(E) == 0  # Scotland chose after him: the cards are out
    with pytest.raises(IllegalAction):
        m.undo(E)


def test_choosing_again_changes_ones_mind_until_the_other_has_chosen():  # RULES §3
    s = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    play(s, E, ("card", "move2_1"))
    play(s, E, ("card", "move1_1"))
    assert chosen_card(s, E) == "move1_1"
    assert machine.active(s) == [S]
    play(s, S, ("card", "move3_1"))
    assert s.played == {E: ["move1_1"], S: ["move3_1"]}
    assert s.p1 == S


def test_both_orders_of_choosing_give_the_same_game():  # RULES §3
    first = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    play(first, E, ("card", "move2_1"))
    play(first, S, ("card", "move1_2"))
    second = card_phase(["move2_1", "move1_1"], ["move3_1", "move1_2"])
    play(second, S, ("card", "move1_2"))
    play(second, E, ("card", "move2_1"))
    assert first.to_json() == second.to_json()


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
    s = card_phase(["move3_1"], ["victuals"], blocks={"douglas": "fife"}, strength={"douglas": 2})
    play(s, E, ("card", "move3_1"))
    play(s, S, ("card", "victuals"))
    assert s.p1 == S
    assert s.step == "victuals"


def test_both_events_england_first_and_the_year_ends_after_the_turn():
    s = card_phase(
        ["herald", "move1_1"],
        ["truce", "move1_2"],
        year=1297,
        last_year=1305,
        blocks={"comyn_e": "badenoch", "bruce_s": "annan"},
    )
    play(s, E, ("card", "herald"))
    play(s, S, ("card", "truce"))
    assert s.p1 == E
    assert s.step == "herald"
    play(s, E, "pass")  # then Scotland's Truce, no battle, no raid: the year is over
    assert s.truce == S
    assert "Both sides played events: the year ends and the other cards are out." in said(s)
    assert "Winter of 1297." in said(s)
    assert s.hands == {E: [], S: []}


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
    assert "England plays Move 2, Scotland plays Move 1" in said(s)[-2]


def test_after_player_2_the_battles_are_fought():
    s = card_phase(["move2_1"], ["move1_2"], blocks={"douglas": "fife", "comyn_e": "mentieth"})
    play(s, E, ("card", "move2_1"))
    play(s, S, ("card", "move1_2"))
    play(s, E, "done")
    play(s, S, ("block", "douglas"), ("area", "mentieth"))
    play(s, S, "done")
    assert s.step in {"battle_round", "battle_hits", "retreat_to", "regroup"}
    assert trail(s)[-3:-1] == ["battle_phase", "battle"]
    assert battle_of(s).area == aix("mentieth")


NOBLES = {"comyn_e": "badenoch", "bruce_s": "annan"}  # nobody wins by sudden death


def test_the_next_game_turn_clears_the_turns_marks():
    s = build(
        step="border_raids",
        turn=2,
        hands={E: ["move1_1"], S: ["move1_2"]},
        blocks=NOBLES,
        moved=["comyn_e"],
        truce=E,
        attacker={"fife": E},
        begin=True,
    )
    assert s.turn == 3
    assert s.step == "card_phase"
    assert (s.moved, s.truce, s.attacker[aix("fife")]) == ([], "", "")


def test_after_the_fifth_game_turn_comes_winter():
    s = build(step="border_raids", turn=5, year=1297, last_year=1305, blocks=NOBLES, begin=True)
    assert "Winter of 1297." in said(s)
    assert s.step != "card_phase"


def test_a_new_year_deals_again():
    at_home = {"ross_e": "ross", "galloway_s": "galloway"}  # a winter without decisions
    s = build(step="winter", year=1297, last_year=1305, blocks=at_home, begin=True)
    assert s.year == 1298
    assert s.turn == 1
    assert len(s.hands[E]) == len(s.hands[S]) == 5
    assert s.played == {E: [], S: []}
