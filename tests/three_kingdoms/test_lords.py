"""The five lords' skills (DESIGN §1, §7.19–§7.23), and the option that turns them off."""

from __future__ import annotations

import pytest

from tests.three_kingdoms.builders import act, build, legal, refused, roll_onto, said

# --- Sun Quan: an extra sword for laying him face down after a train -----------------


def sun_quan_trains(swords, hand=("sun_quan", "zhou_yu"), **kw):
    s = build(
        {"p1": "sun_quan", "p2": "cao_cao"},
        hands={"p1": list(hand)},
        lands={"jianye": ("p1", ["lu_su"], swords)},
        **kw,
    )
    roll_onto(s, "p1", "jianye")
    act(s, "p1", ("train",))
    return s


def test_sun_quan_may_lay_himself_face_down_for_one_more_sword():
    s = sun_quan_trains(1)
    assert s.step == "sun_quan_sword"
    assert legal(s, "p1") == {("extra_sword", None), ("pass", None)}
    act(s, "p1", ("extra_sword",))
    assert s.swords["jianye"] == 3
    assert s.down["p1"] == ["sun_quan"]
    assert s.hand["p1"] == ["zhou_yu"]


def test_sun_quan_may_keep_himself_in_hand():
    s = sun_quan_trains(1)
    act(s, "p1", ("pass",))
    assert s.swords["jianye"] == 2
    assert "sun_quan" in s.hand["p1"]


def test_sun_quan_is_not_offered_when_the_land_would_pass_4_swords():
    s = sun_quan_trains(3)  # trained to 4
    assert s.swords["jianye"] == 4
    assert s.turn == "p2"


def test_sun_quan_is_not_offered_without_him_in_hand_or_with_skills_off():
    s = sun_quan_trains(0, hand=("zhou_yu",))
    assert s.turn == "p2"
    s = sun_quan_trains(0, lord_skills=False)
    assert s.turn == "p2"
    assert s.swords["jianye"] == 1


def test_sun_quans_choice_refuses_other_actions():
    s = sun_quan_trains(0)
    refused(s, "p1", ("train",), "'train' is not something Sun Quan can do now")


# --- Yuan Shao: 2,000 for a 天機 tax ------------------------------------------------


@pytest.mark.parametrize(("skills", "gain"), [(True, 2000), (False, 1200)])
def test_yuan_shao_taxes_2000_on_a_fate_space(skills, gain):
    s = build(
        {"p1": "yuan_shao", "p2": "cao_cao"},
        hands={"p1": ["yuan_shao", "wen_chou"]},
        lord_skills=skills,
    )
    roll_onto(s, "p1", 6)
    act(s, "p1", ("tax", "yuan_shao"))
    assert s.money["p1"] == 15000 + gain


def test_yuan_shaos_talents_tax_by_politics():
    s = build({"p1": "yuan_shao", "p2": "cao_cao"}, hands={"p1": ["yuan_shao", "wen_chou"]})
    roll_onto(s, "p1", 6)
    act(s, "p1", ("tax", "wen_chou"))
    assert s.money["p1"] == 15500


# --- Cao Cao: +1 siege power when he is in the plan ----------------------------------


def cao_cao_besieges(general, skills=True):
    s = build(
        {"p1": "cao_cao", "p2": "liu_bei"},
        hands={"p1": ["cao_cao", "xun_yu", "guo_jia"]},
        lands={"chengdu": ("p2", ["mi_fang"], 0)},
        lord_skills=skills,
    )
    roll_onto(s, "p1", "chengdu")
    act(s, "p1", ("plan", "cao_cao"), ("plan", "xun_yu"))  # 17 against 5
    s.rng.script = [4, 1]  # the attacker's die, then 1 + 6 = 7 for Mi Fang
    act(s, "p1", ("general", general))
    return s


@pytest.mark.parametrize(("general", "power"), [("cao_cao", 4 + 4 + 1), ("xun_yu", 4 + 2 + 1)])
def test_cao_cao_adds_1_to_siege_power_general_or_not(general, power):
    s = cao_cao_besieges(general)
    assert f"= {power} against Mi Fang's 1" in "\n".join(said(s))
    assert "+ 1 for Cao Cao" in "\n".join(said(s))


def test_cao_caos_bonus_is_off_without_skills():
    s = cao_cao_besieges("xun_yu")  # 4 + 2 + 1 = 7 against 7: a tie fails
    assert s.owner["chengdu"] == "p2"
    s = cao_cao_besieges("cao_cao")  # 9 against 7: taken
    assert s.owner["chengdu"] == "p1"
    s = cao_cao_besieges("cao_cao", skills=False)  # 8 against 7: still taken, no +1
    assert "+ 1 for" not in "\n".join(said(s))
    assert "= 8 against" in "\n".join(said(s))


# --- Liu Bei: +500 at a recall that brings him back --------------------------------------


@pytest.mark.parametrize(("skills", "gain"), [(True, 500), (False, 0)])
def test_liu_bei_brings_500_when_recalled_at_the_end_of_the_turn(skills, gain):
    s = build(hands={"p1": ["mi_zhu"]}, down={"p1": ["liu_bei"]}, lord_skills=skills)
    roll_onto(s, "p1", 12)
    act(s, "p1", ("tax", "mi_zhu"))
    assert s.money["p1"] == 15000 + 900 + gain
    assert "liu_bei" in s.hand["p1"]


def test_liu_bei_brings_500_when_recalled_by_kurou_ji():
    s = build(hands={"p1": ["zhuge_liang"]}, down={"p1": ["liu_bei"]}, deck=["kurou_ji"])
    roll_onto(s, "p1", 4)
    act(s, "p1", ("advise",), ("pay",))
    assert s.money["p1"] == 15000 - 1000 + 500
    assert "Liu Bei returns to hand: Liu Bei takes 500 from the bank." in said(s)


def test_no_bonus_for_a_recall_without_liu_bei():
    s = build(hands={"p1": ["mi_zhu"]}, down={"p1": ["guan_yu"]})
    roll_onto(s, "p1", 12)
    act(s, "p1", ("tax", "mi_zhu"))
    assert s.money["p1"] == 15900


# --- Dong Zhuo: double toll, and the full toll for a failed siege ------------------


def dong_zhuo_collects(hand_p1, *, in_hand=True, skills=True, swords=1):
    s = build(
        {"p1": "liu_bei", "p2": "dong_zhuo"},
        hands={"p1": hand_p1, "p2": ["dong_zhuo"] if in_hand else ["li_ru"]},
        lands={"changan": ("p2", ["hua_xiong"], swords)},
        lord_skills=skills,
    )
    roll_onto(s, "p1", "changan")
    return s


def test_dong_zhuo_doubles_the_toll_of_an_attacker_with_no_card():
    s = dong_zhuo_collects([])
    assert s.money.cash == {"p1": 15000 - 2400, "p2": 15000 + 2400}
    assert said(s)[-1].endswith(
        "the toll of Chang'an with 1 sword, doubled: Dong Zhuo is shown from hand."
    )


def test_dong_zhuo_makes_a_failed_siege_pay_the_full_toll():
    s = dong_zhuo_collects(["zhang_fei", "mi_fang", "guan_yu"])
    act(s, "p1", ("plan", "zhang_fei"), ("plan", "mi_fang"))  # 8 against Hua Xiong's 4
    s.rng.script = [1, 6]  # 1 + 10 against 6 + 9 + 1: the siege fails
    act(s, "p1", ("general", "zhang_fei"))
    assert s.money["p2"] == 15000 + 1200  # the full toll, not half
    assert "in full instead of half: " in "\n".join(said(s))


def test_a_failed_plan_against_dong_zhuo_pays_double():
    s = build(
        {"p1": "liu_bei", "p2": "dong_zhuo"},
        hands={"p1": ["zhang_fei", "mi_fang", "guan_yu"], "p2": ["dong_zhuo"]},
        lands={"changan": ("p2", ["jia_xu"], 2)},
    )  # Jia Xu intelligence 10
    roll_onto(s, "p1", "changan")
    act(s, "p1", ("plan", "zhang_fei"), ("plan", "mi_fang"))  # 8 against 10
    assert s.money["p2"] == 15000 + 4000


@pytest.mark.parametrize(("in_hand", "skills"), [(False, True), (True, False)])
def test_dong_zhuo_only_from_hand_and_with_skills_on(in_hand, skills):
    s = dong_zhuo_collects([], in_hand=in_hand, skills=skills)
    assert s.money["p2"] == 15000 + 1200
