"""RULES §11: the coronations (instead of any event) and Edward I / II."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.plugins.hammer_scots.battle import battle_of
from gameshelf.plugins.hammer_scots.kings import coronations
from gameshelf.plugins.hammer_scots.model import FULL, aix, bix
from gameshelf.plugins.hammer_scots.state import OFF, block_name
from tests.hammer_scots.builders import build, legal, play, words

E, S = "England", "Scotland"


def scots_event(card="herald", **kw):
    return build(step=card, acting=S, p1=S, p2=E, begin=True, chosen={S: card, E: "move1_1"}, **kw)


def test_bruce_is_crowned_in_fife_once_wallace_is_dead():
    s = scots_event(
        year=1300,
        blocks={
            "wallace": "dead",
            "bruce_s": "fife",
            "comyn_s": "lennox",
            "ross_s": "ross",
            "mar_s": "mar",
        },
    )
    assert ("crown", "bruce") in legal(s, S)
    play(s, S, ("crown", "bruce"))
    assert s.location[bix("king")] == aix("fife")
    assert s.strength[bix("king")] == FULL[bix("king")]
    assert s.king_crowned
    # the Comyn faction goes over to England; the Bruce faction stays
    assert s.location[bix("comyn_e")] == aix("lennox")
    assert s.location[bix("ross_e")] == aix("ross")
    assert s.location[bix("comyn_s")] == OFF
    assert s.location[bix("mar_s")] == aix("mar")
    assert s.location[bix("bruce_s")] == aix("fife")
    assert s.acting == E  # the event is used up


def test_comyn_is_crowned_and_the_bruce_faction_defects_keeping_its_strength():
    s = scots_event(
        year=1300,
        blocks={"wallace": "dead", "comyn_s": "fife", "mar_s": "mar"},
        strength={"mar_s": 2},
    )
    play(s, S, ("crown", "comyn"))
    assert s.location[bix("mar_e")] == aix("mar")
    assert s.strength[bix("mar_e")] == 2


def test_no_coronation_of_bruce_while_wallace_lives_even_in_the_pool():  # RULES §14.11
    s = scots_event(year=1300, blocks={"wallace": "pool", "bruce_s": "fife"})
    assert coronations(s, S) == []
    before = s.to_json()
    with pytest.raises(IllegalAction, match="while Wallace lives"):
        play(s, S, ("crown", "bruce"))
    assert s.to_json() == before


def test_the_candidate_must_stand_in_fife():
    s = scots_event(year=1300, blocks={"wallace": "dead", "bruce_s": "annan"})
    with pytest.raises(IllegalAction) as refused:
        play(s, S, ("crown", "bruce"))
    assert words(refused.value.msg) == "The Scottish Bruce must stand in Fife to be crowned."
    assert words(refused.value.msg, "zh_TW") == "蘇格蘭方的布魯斯必須位於法夫才能加冕。"


def test_balliol_returns_from_1301_where_the_french_knights_stand():
    s = scots_event(
        year=1301,
        blocks={
            "wallace": "selkirk",
            "french_knights": "lothian",
            "lennox_s": "lennox",
            "angus_s": "angus",
        },
    )
    assert coronations(s, S) == ["balliol"]
    play(s, S, ("crown", "balliol"))
    assert s.location[bix("king")] == aix("lothian")
    assert s.location[bix("lennox_e")] == aix("lennox")  # Bruce faction defects
    assert s.location[bix("angus_s")] == aix("angus")


def test_no_return_of_the_king_before_1301():
    s = scots_event(year=1300, blocks={"french_knights": "lothian"})
    with pytest.raises(IllegalAction, match="before 1301"):
        play(s, S, ("crown", "balliol"))


def test_only_once_per_game_and_never_for_england():
    s = scots_event(year=1302, king_crowned=True, blocks={"french_knights": "lothian"})
    assert coronations(s, S) == []
    s = build(
        step="herald",
        acting=E,
        p1=E,
        p2=S,
        begin=True,
        year=1302,
        chosen={E: "herald", S: "move1_1"},
        blocks={"french_knights": "lothian"},
    )
    assert coronations(s, E) == []


def test_any_event_may_serve_for_the_coronation():
    for card in ("herald", "pillage", "sea_move", "victuals", "truce"):
        s = scots_event(
            card,
            year=1301,
            blocks={"french_knights": "lothian", "douglas": "fife"},
            strength={"douglas": 2},
        )
        assert ("crown", "balliol") in legal(s, S), card


def test_truce_waits_for_the_scots_choice_when_a_coronation_is_possible():
    s = scots_event("truce", year=1301, blocks={"french_knights": "lothian"})
    assert s.step == "truce"
    assert s.truce == ""
    play(s, S, "truce")
    assert s.truce == S


def test_no_coronation_once_the_event_has_begun():
    s = scots_event(
        "victuals", year=1301, blocks={"french_knights": "lothian"}, strength={"french_knights": 2}
    )
    play(s, S, ("block", "french_knights"))
    assert ("crown", "balliol") not in legal(s, S)


def test_the_edward_block_is_named_after_the_king_it_stands_for():  # RULES §11.1
    assert block_name(build(blocks={"edward": "england"}), bix("edward")) == "Edward I"
    assert block_name(build(edward=2, blocks={"edward": "england"}), bix("edward")) == "Edward II"


def test_defectors_facing_scots_fight_at_once_in_the_order_player_1_picks():  # §11.2
    s = scots_event(
        year=1302,
        blocks={
            "french_knights": "lothian",
            "lennox_s": "lennox",
            "campbell": "lennox",
            "mar_s": "mar",
            "fraser": "mar",
            "atholl_s": "atholl",
        },
    )
    play(s, S, ("crown", "balliol"))
    assert s.step == "coronation_battles"
    assert s.active == [S]  # Scotland is Player 1
    assert set(legal(s, S)) == {("area", "lennox"), ("area", "mar")}
    play(s, S, ("area", "mar"))
    assert battle_of(s).area == aix("mar")
    assert s.attacker[aix("mar")] == E
    assert s.stack[-3].args.areas == [aix("lennox")]  # still to fight, in the frame


def test_the_coronation_is_offered_in_every_event_and_in_no_other_step():  # RULES §11.2
    blocks = {"wallace": "dead", "bruce_s": "fife", "comyn_e": "badenoch"}
    for card in ("herald", "pillage", "sea_move", "truce", "victuals"):
        s = scots_event(card, year=1300, blocks=blocks)
        assert ("crown", "bruce") in legal(s, S), card
    s = build(step="move_who", acting=S, p1=S, p2=E, move_points=1, year=1300, blocks=blocks)
    assert ("crown", "bruce") not in legal(s, S)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        play(s, S, ("crown", "bruce"))
    assert s.to_json() == before
