"""Recall at the end of one's turn (seed §2.4, DESIGN §7.14)."""

from __future__ import annotations

from tests.three_kingdoms.builders import act, build, roll_onto, said


def test_with_an_empty_hand_every_face_down_card_comes_back_at_the_end_of_the_turn():
    s = build(hands={"p1": ["mi_zhu"]}, down={"p1": ["zhang_fei", "guan_yu"]})
    roll_onto(s, "p1", 12)
    act(s, "p1", ("tax", "mi_zhu"))
    assert s.down["p1"] == []
    assert sorted(s.hand["p1"]) == ["guan_yu", "mi_zhu", "zhang_fei"]
    assert "Liu Bei recalls 3 face-down cards into hand." in said(s)


def test_no_recall_while_a_card_is_in_hand():
    s = build(hands={"p1": ["mi_zhu", "zhao_yun"]}, down={"p1": ["zhang_fei"]})
    roll_onto(s, "p1", 12)
    act(s, "p1", ("tax", "mi_zhu"))
    assert s.hand["p1"] == ["zhao_yun"]
    assert s.down["p1"] == ["zhang_fei", "mi_zhu"]


def test_talents_pushed_off_a_lost_land_come_back_too():
    s = build(
        hands={"p1": ["zhuge_liang", "guan_yu", "mi_fang"], "p2": ["xun_yu"]},
        lands={"xuchang": ("p2", ["cao_ren"], 0), "qiao": ("p2", ["xu_huang"], 0)},
        pos={"p2": 6},
    )
    roll_onto(s, "p1", "xuchang")
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "guan_yu"))
    s.rng.script = [6, 1]
    act(s, "p1", ("general", "guan_yu"))
    assert s.down["p2"] == ["cao_ren"]
    # p2's turn: it taxes with its last card, so it recalls Cao Ren and Xun Yu.
    roll_onto(s, "p2", 12)
    act(s, "p2", ("tax", "xun_yu"))
    assert sorted(s.hand["p2"]) == ["cao_ren", "xun_yu"]


def test_an_empty_hand_with_nothing_face_down_recalls_nothing():
    s = build(hands={"p1": []})
    roll_onto(s, "p1", "xiapi")
    assert s.turn == "p2"
    assert not any("recalls" in line for line in said(s))
