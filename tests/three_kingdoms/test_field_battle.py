"""Field battles on a shared space (seed §2.3, DESIGN §7.13)."""

from __future__ import annotations

from gameshelf.plugins.three_kingdoms.rules import RULESET
from tests.three_kingdoms.builders import act, active, build, frame, legal, refused, roll_onto, said

THREE = {"p1": "liu_bei", "p2": "cao_cao", "p3": "sun_quan"}


def test_three_pawns_on_a_space_the_mover_fights_each_rival_in_turn_order():
    s = build(
        THREE,
        hands={"p1": ["guan_yu", "zhang_fei", "mi_zhu"], "p2": ["xun_yu"], "p3": ["zhou_yu"]},
        pos={"p2": 14, "p3": 14},
        order=["p3", "p1", "p2"],
        turn="p1",
    )
    roll_onto(s, "p1", 14)  # Xiangyang, nobody's
    act(s, "p1", ("pass",))
    assert s.step == "field_battle"
    assert (frame(s).foe, frame(s).later) == ("p2", ["p3"])  # p2 comes next after p1, then p3
    assert sorted(active(s)) == ["p1", "p2"]
    act(s, "p2", ("card", "xun_yu"))
    s.rng.script = [5, 2]  # 關羽 5 + 8 + 10 = 23 against 荀彧 2 + 10 + 2 = 14
    act(s, "p1", ("card", "guan_yu"))
    assert s.money["p1"] == 16500
    assert s.money["p2"] == 13500
    assert s.down["p1"] == ["guan_yu"]
    assert s.down["p2"] == ["xun_yu"]
    assert frame(s).foe == "p3"
    assert sorted(active(s)) == ["p1", "p3"]
    s.rng.script = [1, 6]  # 張飛 1 + 3 + 10 = 14 against 周瑜 6 + 10 + 7 = 23
    act(s, "p1", ("card", "zhang_fei"))
    act(s, "p3", ("card", "zhou_yu"))
    assert s.money.cash == {"p1": 15000, "p2": 13500, "p3": 16500}
    assert s.turn == "p2"


def test_only_the_player_who_moved_fights():
    s = build(
        THREE,
        hands={"p1": ["guan_yu"], "p2": ["xun_yu"], "p3": ["zhou_yu"]},
        pos={"p2": 14, "p3": 14},
    )
    roll_onto(s, "p1", 15)
    act(s, "p1", ("pass",))
    assert s.turn == "p2"  # p2 and p3 share 14, but p1 stopped on 15
    assert s.money.cash == {"p1": 15000, "p2": 15000, "p3": 15000}


def test_field_battles_happen_on_fate_spaces_too():
    s = build(hands={"p1": ["guan_yu", "mi_zhu"], "p2": ["xun_yu"]}, pos={"p2": 4})
    roll_onto(s, "p1", 4)
    act(s, "p1", ("tax", "mi_zhu"))
    assert s.step == "field_battle"


def test_an_empty_hand_plays_no_card_only_the_die():
    s = build(hands={"p1": ["zhang_fei", "mi_zhu"], "p2": []}, pos={"p2": 14})
    roll_onto(s, "p1", 14)
    act(s, "p1", ("pass",))
    assert active(s) == ["p1"]  # p2 has nothing to choose
    s.rng.script = [1, 6]  # 1 + 3 + 10 = 14 against 6
    act(s, "p1", ("card", "zhang_fei"))
    assert s.money.cash == {"p1": 16500, "p2": 13500}
    assert said(s)[-2:] == [
        "Field battle: Liu Bei with Zhang Fei rolls 1: 14, against Cao Cao with no card, "
        "who rolls 6: 6.",
        "Liu Bei wins the field battle: Cao Cao pays Liu Bei 1,500.",
    ]


def test_a_tie_pays_nothing():
    s = build(hands={"p1": [], "p2": []}, pos={"p2": 14})
    s.rng.script = [4, 3, 3]  # the move, then 3 against 3
    s.pos["p1"] = 10
    act(s, "p1", ("dice", 1))
    assert s.money.cash == {"p1": 15000, "p2": 15000}
    assert said(s)[-1] == "The field battle is a tie: nobody pays."


def test_the_loser_who_cannot_pay_1500_pays_all_and_the_winner_is_hegemon():
    s = build(hands={"p1": [], "p2": []}, pos={"p2": 14}, money={"p1": 700})
    s.rng.script = [4, 2, 5]  # the move, then p1 2 against p2 5
    s.pos["p1"] = 10
    act(s, "p1", ("dice", 1))
    assert s.money.cash == {"p1": 0, "p2": 15700}
    outcome = RULESET.outcome(s)
    assert (outcome.winners, outcome.reason) == (["p2"], "hegemony_money")


def test_a_field_battle_card_not_in_hand_is_refused_and_choices_stay_secret():
    s = build(hands={"p1": ["guan_yu", "mi_zhu"], "p2": ["xun_yu", "guo_jia"]}, pos={"p2": 14})
    roll_onto(s, "p1", 14)
    act(s, "p1", ("pass",))
    refused(s, "p1", ("card", "xun_yu"), "Xun Yu is not in your hand")
    act(s, "p1", ("card", "mi_zhu"))
    assert active(s) == ["p2"]
    assert not any("糜竺" in line for line in said(s)[-2:])
    # issue 10: a fighter may change its mind until the other has chosen too
    assert legal(s, "p1") == {("card", "guan_yu"), ("card", "mi_zhu")}
    act(s, "p1", ("card", "guan_yu"))
    assert active(s) == ["p2"]
    s.rng.script = [6, 1]  # 關羽 6 + 8 + 10 = 24 against 荀彧 1 + 10 + 2 = 13
    act(s, "p2", ("card", "xun_yu"))
    assert "Liu Bei with Guan Yu rolls 6: 24" in said(s)[-2]
    refused(s, "p1", ("card", "mi_zhu"), "not Liu Bei's turn", code="not_your_turn")
