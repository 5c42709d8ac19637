"""Fate spaces: advise or tax (seed §2.2 D, DESIGN §6, §7.12)."""

from __future__ import annotations

from gameshelf.plugins.three_kingdoms.model import STRATEGIES
from tests.three_kingdoms.builders import act, build, legal, refused, roll_onto, said

DECK = [
    "huo_ji",
    "kurou_ji",
    "meiren_ji",
    "kongcheng_ji",
    "lijian_ji",
    "caochuan_jiejian",
    "fanjian_ji",
    "lianhuan_ji",
]


def test_on_a_fate_space_the_player_advises_or_taxes_with_one_card():
    s = build(hands={"p1": ["guan_yu", "mi_fang"]})
    roll_onto(s, "p1", 4)
    assert s.step == "fate"
    assert legal(s, "p1") == {("advise", None), ("tax", "guan_yu"), ("tax", "mi_fang")}


def test_tax_brings_the_cards_politics_times_100_and_lays_it_face_down():
    s = build(hands={"p1": ["guan_yu", "mi_zhu"]})
    roll_onto(s, "p1", 12)
    act(s, "p1", ("tax", "mi_zhu"))
    assert s.money["p1"] == 15900
    assert s.down["p1"] == ["mi_zhu"]
    assert s.hand["p1"] == ["guan_yu"]
    assert "Liu Bei taxes with Mi Zhu for 900; the card goes face down." in said(s)


def test_taxing_with_a_card_not_in_hand_is_refused():
    s = build(hands={"p1": ["guan_yu"]}, down={"p1": ["mi_zhu"]})
    roll_onto(s, "p1", 12)
    refused(s, "p1", ("tax", "mi_zhu"), "Mi Zhu is not in your hand")


def test_with_an_empty_hand_the_player_can_only_advise_and_it_fails():  # DESIGN §7.12
    s = build(hands={"p1": []}, deck=list(DECK))
    roll_onto(s, "p1", 18)
    assert legal(s, "p1") == {("advise", None)}
    act(s, "p1", ("advise",))
    assert s.deck.draw_pile == [*DECK[1:], "huo_ji"]
    assert "Fire Attack fails and goes under the deck." in said(s)
    assert s.turn == "p2"


def test_advising_shows_the_hand_and_the_card_goes_under_the_deck_either_way():
    s = build(
        hands={"p1": ["zhuge_liang", "guan_yu"], "p2": ["xun_yu"]},
        lands={"xuchang": ("p2", ["cao_ren"], 2)},
        deck=list(DECK),
    )
    roll_onto(s, "p1", 22)
    epoch = s.rng.epoch
    act(s, "p1", ("advise",))  # 火計 needs 18: 10 + 8 succeeds
    assert s.rng.epoch != epoch  # a hidden card came out
    assert (
        "Liu Bei advises and draws Fire Attack (it needs intelligence 18), and shows "
        "Zhuge Liang and Guan Yu: intelligence 18."
    ) in said(s)
    assert s.deck.draw_pile[-1] == "huo_ji"
    assert s.step == "huo_ji"
    assert len(s.deck) == len(STRATEGIES)


def test_a_hand_short_of_the_requirement_does_nothing():
    s = build(
        hands={"p1": ["zhang_fei", "mi_fang"]},  # 3 + 5 = 8 < 12
        lands={"xuchang": ("p2", ["cao_ren"], 2)},
        deck=["meiren_ji", *DECK[:2]],
    )
    roll_onto(s, "p1", 22)
    act(s, "p1", ("advise",))
    assert s.money.cash == {"p1": 15000, "p2": 15000}
    assert s.deck.draw_pile == ["huo_ji", "kurou_ji", "meiren_ji"]
    assert s.turn == "p2"
