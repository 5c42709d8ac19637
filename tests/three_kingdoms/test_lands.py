"""Unowned and own lands: occupy, deploy, tax, train (seed §2.2 A–B, DESIGN §7.7–§7.8)."""

from __future__ import annotations

from tests.three_kingdoms.builders import act, build, last, legal, refused, roll_onto, said

# p1 Liu Bei, p2 Cao Cao


def test_an_unowned_land_may_be_occupied_with_one_card_from_hand():
    s = build(hands={"p1": ["guan_yu", "zhang_fei"]})
    roll_onto(s, "p1", "xiapi")
    assert s.step == "occupy"
    assert legal(s, "p1") == {("occupy", "guan_yu"), ("occupy", "zhang_fei"), ("pass", None)}
    act(s, "p1", ("occupy", "zhang_fei"))
    assert s.owner["xiapi"] == "p1"
    assert s.garrison["xiapi"] == ("zhang_fei",)
    assert s.hand["p1"] == ["guan_yu"]
    assert s.money["p1"] == 15000  # occupying is free
    assert "Liu Bei occupies Xiapi with Zhang Fei." in said(s)
    assert s.turn == "p2"


def test_the_lord_may_occupy_a_land():  # DESIGN §7.2
    s = build(hands={"p1": ["liu_bei"]})
    roll_onto(s, "p1", "luoyang")
    act(s, "p1", ("occupy", "liu_bei"))
    assert s.garrison["luoyang"] == ("liu_bei",)


def test_occupying_is_optional():
    s = build(hands={"p1": ["guan_yu"]})
    roll_onto(s, "p1", "xiapi")
    act(s, "p1", ("pass",))
    assert s.owner["xiapi"] is None
    assert s.hand["p1"] == ["guan_yu"]
    assert s.turn == "p2"


def test_with_no_card_an_unowned_land_stays_unowned():  # DESIGN §7.7
    s = build(hands={"p1": []})
    roll_onto(s, "p1", "xiapi")
    assert s.owner["xiapi"] is None
    assert s.turn == "p2"
    assert "has no card to occupy Xiapi" in said(s)[-1]


def test_occupying_with_a_card_not_in_hand_is_refused():
    s = build(hands={"p1": ["guan_yu"]}, down={"p1": ["zhao_yun"]})
    roll_onto(s, "p1", "xiapi")
    refused(s, "p1", ("occupy", "zhao_yun"), "Zhao Yun is not in your hand")
    refused(s, "p1", ("occupy", "lu_bu"), "Lü Bu is not in your hand")
    refused(s, "p1", ("occupy", 12), "12 is not a card of this game")


def test_occupying_an_owned_land_is_refused():
    s = build(hands={"p1": ["guan_yu"]}, lands={"chengdu": ("p1", ["zhao_yun"], 0)})
    roll_onto(s, "p1", "chengdu")
    assert s.step == "own_land"
    refused(s, "p1", ("occupy", "guan_yu"), "Chengdu is already yours")
    s = build(hands={"p1": ["guan_yu", "zhang_fei"]}, lands={"xuchang": ("p2", ["xun_yu"], 0)})
    roll_onto(s, "p1", "xuchang")
    refused(s, "p1", ("occupy", "guan_yu"), "Xuchang is already held by Cao Cao")


def test_on_its_own_land_the_player_must_deploy_tax_or_train():
    s = build(lands={"chengdu": ("p1", ["zhao_yun"], 0)})
    roll_onto(s, "p1", "chengdu")
    assert legal(s, "p1") == {("deploy", None), ("tax", None), ("train", None)}
    refused(s, "p1", ("pass",), "'pass' is not something Liu Bei can do now")


def test_tax_is_the_land_talents_politics_times_100():
    s = build(lands={"chengdu": ("p1", ["zhao_yun", "mi_zhu", "liu_bei"], 0)})
    roll_onto(s, "p1", "chengdu")
    act(s, "p1", ("tax",))
    assert s.money["p1"] == 15000 + (8 + 9 + 14) * 100
    assert "Liu Bei taxes Chengdu for 3,100." in said(s)


def test_train_adds_one_sword():
    s = build(lands={"chengdu": ("p1", ["zhao_yun"], 2)})
    roll_onto(s, "p1", "chengdu")
    act(s, "p1", ("train",))
    assert s.swords["chengdu"] == 3
    assert "Liu Bei trains at Chengdu: 3 swords now." in said(s)


def test_the_fourth_sword_makes_a_city():
    s = build(lands={"chengdu": ("p1", ["zhao_yun"], 3)})
    roll_onto(s, "p1", "chengdu")
    act(s, "p1", ("train",))
    assert s.swords["chengdu"] == 4
    assert "4 swords, a city" in last(s)


def test_the_4_sword_cap_forbids_training_a_city():
    s = build(lands={"chengdu": ("p1", ["zhao_yun"], 4)})
    roll_onto(s, "p1", "chengdu")
    assert ("train", None) not in legal(s, "p1")
    refused(s, "p1", ("train",), "already holds 4 swords, a city")


def test_deploy_takes_every_talent_back_then_plays_one_to_three_cards():
    s = build(
        hands={"p1": ["guan_yu", "liu_bei"]}, lands={"chengdu": ("p1", ["zhao_yun", "mi_zhu"], 1)}
    )
    roll_onto(s, "p1", "chengdu")
    act(s, "p1", ("deploy",))
    assert s.step == "deploy"
    assert s.garrison["chengdu"] == ()
    assert sorted(s.hand["p1"]) == ["guan_yu", "liu_bei", "mi_zhu", "zhao_yun"]
    assert ("done", None) not in legal(s, "p1")  # never left empty
    refused(s, "p1", ("done",), "at least one card")
    act(s, "p1", ("talent", "guan_yu"), ("talent", "mi_zhu"), ("done",))
    assert s.garrison["chengdu"] == ("guan_yu", "mi_zhu")
    assert sorted(s.hand["p1"]) == ["liu_bei", "zhao_yun"]
    assert s.swords["chengdu"] == 1  # swords stay
    assert "Liu Bei deploys Guan Yu and Mi Zhu on Chengdu." in said(s)


def test_deploying_a_fourth_talent_is_refused():
    s = build(
        hands={"p1": ["guan_yu", "liu_bei", "zhang_fei"]},
        lands={"chengdu": ("p1", ["zhao_yun"], 0)},
    )
    roll_onto(s, "p1", "chengdu")
    act(s, "p1", ("deploy",), ("talent", "guan_yu"), ("talent", "liu_bei"), ("talent", "zhang_fei"))
    assert legal(s, "p1") == {("done", None)}
    refused(s, "p1", ("talent", "zhao_yun"), "already holds 3 talents, the most a land can")
    act(s, "p1", ("done",))
    assert s.garrison["chengdu"] == ("guan_yu", "liu_bei", "zhang_fei")


def test_deploying_a_card_not_in_hand_is_refused():
    s = build(
        hands={"p1": ["guan_yu"]},
        down={"p1": ["zhang_fei"]},
        lands={"chengdu": ("p1", ["zhao_yun"], 0)},
    )
    roll_onto(s, "p1", "chengdu")
    act(s, "p1", ("deploy",))
    refused(s, "p1", ("talent", "zhang_fei"), "Zhang Fei is not in your hand")
