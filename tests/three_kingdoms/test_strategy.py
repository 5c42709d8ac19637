"""The eight strategy cards (DESIGN §6)."""

from __future__ import annotations

from gameshelf.plugins.three_kingdoms.rules import RULESET
from tests.three_kingdoms.builders import act, build, legal, refused, roll_onto, said

# p1 Liu Bei advises; 諸葛亮 10 + 關羽 8 + 趙雲 8 = intelligence 26, enough for any card.
STRONG = ["zhuge_liang", "guan_yu", "zhao_yun"]


def advise(card, *, hand=None, **kw):
    s = build(
        hands={"p1": list(hand if hand is not None else STRONG), **kw.pop("hands", {})},
        deck=[card],
        **kw,
    )
    roll_onto(s, "p1", 4)
    act(s, "p1", ("advise",))
    return s


def test_kurou_ji_pays_1000_to_the_bank_to_recall_now():
    s = advise("kurou_ji", down={"p1": ["mi_zhu", "zhang_fei"]})
    assert s.step == "kurou_ji"
    assert legal(s, "p1") == {("pay", None), ("pass", None)}
    act(s, "p1", ("pay",))
    assert s.money["p1"] == 14000
    assert s.down["p1"] == []
    assert s.hand["p1"] == [*STRONG, "mi_zhu", "zhang_fei"]


def test_kurou_ji_may_be_declined():
    s = advise("kurou_ji", down={"p1": ["mi_zhu"]})
    act(s, "p1", ("pass",))
    assert s.money["p1"] == 15000
    assert s.down["p1"] == ["mi_zhu"]


def test_kurou_ji_needs_more_than_1000():
    s = advise("kurou_ji", down={"p1": ["mi_zhu"]}, money={"p1": 1000})
    assert s.turn == "p2"
    assert s.money["p1"] == 1000
    assert "has no effect: Liu Bei does not hold more than 1,000" in said(s)[-1]


def test_meiren_ji_a_chosen_rival_pays_1500():
    s = advise("meiren_ji", lords={"p1": "liu_bei", "p2": "cao_cao", "p3": "sun_quan"})
    assert legal(s, "p1") == {("rival", "p2"), ("rival", "p3")}
    refused(s, "p1", ("rival", "p1"), "another seated player")
    act(s, "p1", ("rival", "p3"))
    assert s.money.cash == {"p1": 16500, "p2": 15000, "p3": 13500}


def test_meiren_ji_ruining_a_rival_wins():
    s = advise("meiren_ji", money={"p2": 900})
    act(s, "p1", ("rival", "p2"))
    assert s.money.cash == {"p1": 15900, "p2": 0}
    assert RULESET.outcome(s).winners == ["p1"]
    assert RULESET.outcome(s).reason == "hegemony_money"


def test_kongcheng_ji_puts_2_swords_on_an_own_land_never_above_4():
    lands = {
        "chengdu": ("p1", ["mi_fang"], 3),
        "hanzhong": ("p1", ["zhang_fei"], 4),
        "xuchang": ("p2", ["cao_ren"], 0),
    }
    s = advise("kongcheng_ji", lands=lands)
    assert legal(s, "p1") == {("land", "chengdu")}  # Hanzhong is a city already
    refused(s, "p1", ("land", "xuchang"), "one of your lands with fewer than 4 swords")
    act(s, "p1", ("land", "chengdu"))
    assert s.swords["chengdu"] == 4


def test_kongcheng_ji_without_a_land_does_nothing():
    s = advise("kongcheng_ji")
    assert s.turn == "p2"
    assert "has no effect" in said(s)[-1]


def test_lijian_ji_lays_two_random_cards_of_a_rival_hand_face_down():
    s = advise("lijian_ji", hands={"p2": ["xun_yu", "guo_jia", "cao_ren"]})
    assert legal(s, "p1") == {("rival", "p2")}
    s.rng.script = [2, 0]  # the third card, then the first of the two left
    act(s, "p1", ("rival", "p2"))
    assert s.down["p2"] == ["cao_ren", "xun_yu"]
    assert s.hand["p2"] == ["guo_jia"]
    assert "Sowing Discord: 2 cards of Cao Cao's hand, chosen at random, go face down." in said(s)


def test_lijian_ji_takes_the_whole_hand_if_shorter_and_skips_empty_hands():
    s = advise(
        "lijian_ji",
        lords={"p1": "liu_bei", "p2": "cao_cao", "p3": "sun_quan"},
        hands={"p2": ["xun_yu"]},
    )
    assert legal(s, "p1") == {("rival", "p2")}  # Sun Quan holds nothing
    refused(s, "p1", ("rival", "p3"), "a rival that holds a card")
    act(s, "p1", ("rival", "p2"))
    assert s.down["p2"] == ["xun_yu"]
    assert s.hand["p2"] == []


def test_caochuan_jiejian_moves_a_rival_sword_to_an_own_land_twice():
    lands = {
        "chengdu": ("p1", ["mi_fang"], 3),
        "hanzhong": ("p1", ["zhang_fei"], 1),
        "xuchang": ("p2", ["cao_ren"], 2),
        "qiao": ("p2", ["xu_huang"], 0),
    }
    s = advise("caochuan_jiejian", lands=lands)
    assert legal(s, "p1") == {("land", "xuchang")}
    act(s, "p1", ("land", "xuchang"))
    assert legal(s, "p1") == {("land", "chengdu"), ("land", "hanzhong")}
    act(s, "p1", ("land", "chengdu"))
    assert (s.swords["xuchang"], s.swords["chengdu"]) == (1, 4)
    assert legal(s, "p1") == {("land", "xuchang")}
    act(s, "p1", ("land", "xuchang"))
    assert legal(s, "p1") == {("land", "hanzhong")}  # Chengdu is full now
    refused(s, "p1", ("land", "chengdu"), "one of your lands with fewer than 4 swords")
    act(s, "p1", ("land", "hanzhong"))
    assert (s.swords["xuchang"], s.swords["hanzhong"]) == (0, 2)
    assert s.turn == "p2"


def test_caochuan_jiejian_skips_a_move_that_is_impossible():
    lands = {"chengdu": ("p1", ["mi_fang"], 0), "xuchang": ("p2", ["cao_ren"], 1)}
    s = advise("caochuan_jiejian", lands=lands)
    act(s, "p1", ("land", "xuchang"), ("land", "chengdu"))
    assert s.turn == "p2"  # no rival sword is left for the second move
    assert "Borrowing Arrows with Straw Boats: no sword can be borrowed." in said(s)


def test_huo_ji_removes_every_sword_from_a_rival_land():
    lands = {
        "chengdu": ("p1", ["mi_fang"], 2),
        "xuchang": ("p2", ["cao_ren"], 3),
        "qiao": ("p2", ["xu_huang"], 0),
    }
    s = advise("huo_ji", lands=lands)
    assert legal(s, "p1") == {("land", "xuchang")}
    refused(s, "p1", ("land", "chengdu"), "a rival land that holds a sword")
    act(s, "p1", ("land", "xuchang"))
    assert s.swords["xuchang"] == 0
    assert s.swords["chengdu"] == 2


def test_huo_ji_with_no_rival_sword_does_nothing():
    s = advise("huo_ji", lands={"xuchang": ("p2", ["cao_ren"], 0)})
    assert s.turn == "p2"
    assert "no rival land holds a sword" in said(s)[-1]


def test_fanjian_ji_sends_a_talent_off_a_rival_land_of_two_or_more_face_down():
    lands = {
        "xuchang": ("p2", ["cao_ren", "xun_yu"], 1),
        "qiao": ("p2", ["xu_huang"], 0),
        "chengdu": ("p1", ["mi_fang", "zhang_fei"], 0),
    }
    s = advise("fanjian_ji", lands=lands)
    assert legal(s, "p1") == {("talent", "cao_ren"), ("talent", "xun_yu")}
    refused(s, "p1", ("talent", "xu_huang"), "a rival land that holds at least 2")
    act(s, "p1", ("talent", "xun_yu"))
    assert s.garrison["xuchang"] == ("cao_ren",)
    assert s.down["p2"] == ["xun_yu"]


def test_lianhuan_ji_every_rival_land_loses_a_sword():
    lands = {
        "xuchang": ("p2", ["cao_ren"], 4),
        "qiao": ("p2", ["xu_huang"], 0),
        "jianye": ("p3", ["zhou_yu"], 1),
        "chengdu": ("p1", ["mi_fang"], 2),
    }
    s = advise(
        "lianhuan_ji", lords={"p1": "liu_bei", "p2": "cao_cao", "p3": "sun_quan"}, lands=lands
    )
    assert (s.swords["xuchang"], s.swords["qiao"], s.swords["jianye"]) == (3, 0, 0)
    assert s.swords["chengdu"] == 2
    assert s.turn == "p2"
