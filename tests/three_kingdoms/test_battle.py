"""A rival's land: battle plan, intelligence contest, siege, tolls (seed §2.2 C, DESIGN
§7.9–§7.11)."""

from __future__ import annotations

import pytest

from gameshelf.plugins.three_kingdoms.rules import RULESET
from tests.three_kingdoms.builders import act, active, build, frame, legal, refused, roll_onto, said

# p1 Liu Bei attacks; p2 Cao Cao holds Xuchang (tolls 600/1200/2000/2800/3800).
# Zhuge Liang 10/10/4, Guan Yu 7/8/10, Zhang Fei 5/3/10, Mi Fang 7/5/6;
# Xiahou Dun 8/6/9, Xun Yu 10/10/2, Cao Ren 6/6/9.


def attack(hand, garrison, swords=0, *, lands=None, **kw):
    """p1 rolls onto p2's Xuchang holding ``garrison`` and ``swords``."""
    s = build(
        hands={"p1": hand}, lands={"xuchang": ("p2", garrison, swords), **(lands or {})}, **kw
    )
    roll_onto(s, "p1", "xuchang")
    return s


def test_the_battle_plan_is_forced_with_two_cards():
    s = attack(["zhuge_liang", "guan_yu", "zhang_fei"], ["xiahou_dun"])
    assert s.step == "battle_plan"
    assert legal(s, "p1") == {("plan", "zhuge_liang"), ("plan", "guan_yu"), ("plan", "zhang_fei")}
    act(s, "p1", ("plan", "zhuge_liang"))
    assert s.step == "battle_plan"
    assert frame(s).plan == ["zhuge_liang"]
    assert legal(s, "p1") == {("plan", "guan_yu"), ("plan", "zhang_fei")}


def test_a_plan_card_not_in_hand_is_refused():
    s = attack(["zhuge_liang", "guan_yu"], ["xiahou_dun"], down={"p1": ["zhao_yun"]})
    refused(s, "p1", ("plan", "zhao_yun"), "Zhao Yun is not in your hand")
    refused(s, "p1", ("plan", "xun_yu"), "Xun Yu is not in your hand")
    act(s, "p1", ("plan", "zhuge_liang"))
    refused(s, "p1", ("plan", "zhuge_liang"), "Zhuge Liang is not in your hand")


def test_plan_and_siege_won_the_land_changes_hands_with_its_swords():
    s = attack(
        ["zhuge_liang", "guan_yu", "mi_fang"],
        ["xiahou_dun"],
        swords=1,
        lands={"qiao": ("p2", ["xun_yu"], 0)},
    )
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "guan_yu"))  # 18 against 6
    assert s.step == "generals"
    assert active(s) == ["p1"]  # the defender has a single talent: it is the general
    s.rng.script = [3, 2]  # 3 + 10 = 13 against 2 + 9 + 1 sword = 12
    act(s, "p1", ("general", "guan_yu"))
    assert s.owner["xuchang"] == "p1"
    assert s.garrison["xuchang"] == ("guan_yu",)
    assert s.swords["xuchang"] == 1
    assert s.down["p1"] == ["zhuge_liang"]
    assert s.down["p2"] == ["xiahou_dun"]
    assert s.hand["p1"] == ["mi_fang"]
    assert s.money.cash == {"p1": 15000, "p2": 15000}
    assert any("the siege succeeds" in line for line in said(s))
    assert (
        "Liu Bei takes Xuchang from Cao Cao: Guan Yu holds it with "
        "1 sword, and Cao Cao turns Xiahou Dun face down."
    ) in said(s)


def test_a_failed_plan_pays_the_full_toll_and_its_cards_go_face_down():
    s = attack(["mi_fang", "zhang_fei", "liu_bei"], ["xun_yu"], swords=2)  # 8 against 10
    act(s, "p1", ("plan", "mi_fang"), ("plan", "zhang_fei"))
    assert s.owner["xuchang"] == "p2"
    assert s.money.cash == {"p1": 13000, "p2": 17000}
    assert s.down["p1"] == ["mi_fang", "zhang_fei"]
    assert s.hand["p1"] == ["liu_bei"]
    assert "intelligence 8 against 10, the plan fails." in said(s)[-2]


def test_a_tied_plan_fails():  # DESIGN §7.9: the attacker needs strictly more
    s = attack(["mi_fang", "zhang_fei"], ["zhang_liao"])  # 8 against Zhang Liao's 8
    act(s, "p1", ("plan", "mi_fang"), ("plan", "zhang_fei"))
    assert "intelligence 8 against 8, the plan fails." in "\n".join(said(s))
    assert s.money.cash == {"p1": 14400, "p2": 15600}


def test_swords_do_not_defend_a_plan():
    s = attack(["zhuge_liang", "zhang_fei"], ["xun_yu"], swords=4)  # 13 against 10
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "zhang_fei"))
    assert s.step == "generals"


def test_a_lost_siege_pays_half_the_toll_and_the_plan_goes_face_down():
    s = attack(["zhuge_liang", "zhang_fei", "mi_fang"], ["xiahou_dun"], swords=3)
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "zhang_fei"))
    s.rng.script = [1, 1]  # 1 + 10 = 11 against 1 + 9 + 3 = 13
    act(s, "p1", ("general", "zhang_fei"))
    assert s.owner["xuchang"] == "p2"
    assert s.money.cash == {"p1": 15000 - 1400, "p2": 15000 + 1400}
    assert s.down["p1"] == ["zhuge_liang", "zhang_fei"]
    assert s.garrison["xuchang"] == ("xiahou_dun",)


def test_a_tied_siege_fails():
    s = attack(["zhuge_liang", "zhang_fei"], ["xiahou_dun"], swords=1)
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "zhang_fei"))
    s.rng.script = [4, 4]  # 4 + 10 = 14 against 4 + 9 + 1 = 14
    act(s, "p1", ("general", "zhang_fei"))
    assert s.owner["xuchang"] == "p2"
    assert s.money["p1"] == 15000 - 600
    assert "= 14 against Xiahou Dun's 4 + martial 9 + swords 1 = 14" in "\n".join(said(s))


def test_half_a_toll_is_a_multiple_of_50():
    s = build(
        hands={"p1": ["zhuge_liang", "zhang_fei"]}, lands={"chenliu": ("p2", ["cao_ren"], 0)}
    )  # tier B: 500, half 250
    roll_onto(s, "p1", "chenliu")
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "zhang_fei"))
    s.rng.script = [1, 6]
    act(s, "p1", ("general", "zhuge_liang"))
    assert s.money["p2"] == 15250


@pytest.mark.parametrize(("swords", "toll"), [(0, 600), (1, 1200), (2, 2000), (3, 2800), (4, 3800)])
def test_tolls_follow_the_swords_on_the_land(swords, toll):
    s = attack([], ["xiahou_dun"], swords=swords)  # no card for a plan: the full toll
    assert s.money.cash == {"p1": 15000 - toll, "p2": 15000 + toll}
    assert s.turn == "p2"
    assert f"pays Cao Cao {toll:,}, the toll of Xuchang" in "\n".join(said(s))


def test_with_one_card_that_card_is_the_whole_plan():
    s = attack(["zhuge_liang"], ["xun_yu", "cao_ren"], swords=0)  # 10 against 16: fails
    assert "with a plan of Zhuge Liang: intelligence 10 against 16" in "\n".join(said(s))
    assert s.money["p1"] == 14400
    # its hand is now empty: the end-of-turn recall brings the plan card back
    assert said(s)[-1] == "Liu Bei recalls 1 face-down card into hand."
    assert s.hand["p1"] == ["zhuge_liang"]


def test_with_one_card_it_is_the_general_and_only_the_defender_chooses():
    s = build(
        {"p1": "liu_bei", "p2": "dong_zhuo"},
        hands={"p1": ["zhuge_liang"]},
        lands={"xuchang": ("p2", ["lu_bu", "li_jue"], 0)},
    )  # 10 against 3 + 3
    roll_onto(s, "p1", "xuchang")
    assert s.step == "generals"
    assert active(s) == ["p2"]
    s.rng.script = [6, 1]  # 6 + 4 = 10 against 1 + 10 = 11
    act(s, "p2", ("general", "lu_bu"))
    assert "Zhuge Liang rolls 6 + martial 4 = 10 against Lü Bu's 1" in "\n".join(said(s))
    assert s.money.cash == {"p1": 14700, "p2": 15300}


def test_with_one_card_each_the_siege_resolves_without_a_choice():
    s = build(hands={"p1": ["zhuge_liang"]}, lands={"xuchang": ("p2", ["cao_ren"], 0)})
    s.rng.script = [3, 6, 1]  # the move, then 6 + 4 = 10 against 1 + 9 = 10: fails
    s.pos["p1"] = 4
    act(s, "p1", ("dice", 1))
    assert s.owner["xuchang"] == "p2"
    assert s.money["p1"] == 15000 - 300
    assert s.turn == "p2"


def test_both_generals_are_chosen_in_secret_at_the_same_time():
    s = attack(["zhuge_liang", "guan_yu"], ["xiahou_dun", "cao_ren"], swords=0)
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "guan_yu"))  # 18 against 12
    assert s.step == "generals"
    assert sorted(active(s)) == ["p1", "p2"]
    assert legal(s, "p2") == {("general", "xiahou_dun"), ("general", "cao_ren")}
    act(s, "p2", ("general", "xiahou_dun"))
    assert active(s) == ["p1"]
    assert not any("Xiahou Dun rolls" in line for line in said(s))
    # issue 10: a side may change its mind until the other has chosen too
    assert legal(s, "p2") == {("general", "xiahou_dun"), ("general", "cao_ren")}
    act(s, "p2", ("general", "cao_ren"))
    assert active(s) == ["p1"]
    refused(s, "p1", ("general", "zhang_fei"), "one of the cards of your battle plan")
    s.rng.script = [2, 5]  # 2 + 10 = 12 against 5 + 9 = 14
    act(s, "p1", ("general", "guan_yu"))
    assert "Guan Yu rolls 2 + martial 10 = 12 against Cao Ren's 5" in "\n".join(said(s))


def test_a_player_who_cannot_pay_the_toll_pays_all_it_has_and_its_rival_wins():
    s = attack([], ["xiahou_dun"], swords=2, money={"p1": 1500})  # owes 2,000
    assert s.money.cash == {"p1": 0, "p2": 16500}
    assert RULESET.outcome(s).winners == ["p2"]
    assert RULESET.outcome(s).reason == "hegemony_money"
    assert (
        "Liu Bei pays Cao Cao all he has, 1,500 of the 2,000 due: the toll of Xuchang"
        in "\n".join(said(s))
    )
    assert RULESET.active(s) == []
