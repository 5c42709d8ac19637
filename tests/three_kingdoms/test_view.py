"""What each seat sees (DESIGN §7.6), and that rearranging what it cannot see changes
nothing in its view."""

from __future__ import annotations

import json

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import dump_view
from gameshelf.core.i18n.messages import render_view
from gameshelf.plugins.three_kingdoms.rules import RULESET
from tests.three_kingdoms.builders import act, build, roll_onto


def seat(view, name):
    return next(p for p in view["players"] if p["seat"] == name)


def test_a_seat_sees_its_own_hand_and_face_down_cards_rivals_only_their_sizes():
    s = build(
        hands={"p1": ["guan_yu"], "p2": ["xun_yu", "guo_jia"]},
        down={"p1": ["zhang_fei"], "p2": ["cao_ren"]},
    )
    view = RULESET.view(s, "p1")
    me, rival = seat(view, "p1"), seat(view, "p2")
    assert [c["id"] for c in me["hand"]] == ["guan_yu"]
    assert me["hand"][0] == {
        "id": "guan_yu",
        "name": "關羽",
        "name_en": "Guan Yu",
        "politics": 7,
        "intelligence": 8,
        "martial": 10,
        "lord": "liu_bei",
        "colour": "green",
        "is_lord": False,
    }
    assert [c["id"] for c in me["down"]] == ["zhang_fei"]
    assert (rival["hand"], rival["down"]) == (None, None)
    assert (rival["hand_size"], rival["down_size"]) == (2, 1)
    text = dump_view(view)
    for secret in ("xun_yu", "guo_jia", "cao_ren", "荀彧", "郭嘉", "曹仁"):
        assert secret not in text


def test_a_spectator_sees_no_hand():
    s = build(hands={"p1": ["guan_yu"], "p2": ["xun_yu"]})
    view = RULESET.view(s, None)
    assert all(p["hand"] is None and p["down"] is None for p in view["players"])
    assert "guan_yu" not in dump_view(view)


def test_the_board_is_public_24_spaces_with_owner_swords_talents_and_pawns():
    s = build(lands={"xuchang": ("p2", ["xun_yu", "cao_ren"], 4)}, pos={"p2": 7})
    view = RULESET.view(s, "p1")
    spaces = view["spaces"]
    assert [sp["index"] for sp in spaces] == list(range(24))
    xuchang = spaces[7]
    assert (xuchang["kind"], xuchang["name"], xuchang["name_en"]) == ("land", "許昌", "Xuchang")
    assert (xuchang["owner"], xuchang["colour"], xuchang["swords"], xuchang["city"]) == (
        "p2",
        "blue",
        4,
        True,
    )
    assert xuchang["toll"] == 3800
    assert [t["id"] for t in xuchang["talents"]] == ["xun_yu", "cao_ren"]
    assert xuchang["talents"][0]["intelligence"] == 10
    assert xuchang["pawns"] == ["p2"]
    assert xuchang["grid"] == [6, 1]
    assert spaces[0]["kind"] == "fate"
    assert spaces[0]["name"] == "天機"
    assert spaces[0]["pawns"] == ["p1"]
    assert seat(view, "p2")["lands"] == ["xuchang"]
    assert seat(view, "p2")["money"] == 15000
    assert view["deck_size"] == 8
    assert "deck" not in view


def test_prompts_and_waiting_lines_name_the_lords():
    s = build(
        hands={"p1": ["zhuge_liang", "guan_yu"]}, lands={"xuchang": ("p2", ["xiahou_dun"], 1)}
    )
    roll_onto(s, "p1", "xuchang")
    namer = RULESET.namer()
    mine = RULESET.view(s, "p1")
    assert render_view(mine, "en", namer)["prompt"] == (
        "Xuchang belongs to Cao Cao: you must attack. Choose 2 cards for the battle plan; "
        "their intelligence must beat 6, or you pay the toll of 1,200."
    )
    assert render_view(mine, "zh_TW", namer)["prompt"] == (
        "許昌屬於曹操：你必須攻城。選擇2張牌擬定作戰計畫；智力總和須高於6，"
        "否則要支付過路費1,200元。"
    )
    for role in ("p2", None):
        view = RULESET.view(s, role)
        assert render_view(view, "en", namer)["prompt"] == (
            "Waiting for Liu Bei — making a battle plan."
        )
        assert render_view(view, "zh_TW", namer)["prompt"] == "等待劉備——擬定作戰計畫。"


def test_a_chosen_general_stays_secret_until_both_are_chosen():
    s = build(
        hands={"p1": ["zhuge_liang", "guan_yu"]},
        lands={"xuchang": ("p2", ["xiahou_dun", "cao_ren"], 0)},
    )
    roll_onto(s, "p1", "xuchang")
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "guan_yu"))
    act(s, "p2", ("general", "cao_ren"))
    mine, theirs = RULESET.view(s, "p2")["battle"], RULESET.view(s, "p1")["battle"]
    assert mine["my_general"]["id"] == "cao_ren"
    assert theirs["my_general"] is None
    assert theirs["chosen"] == ["p2"]
    assert [c["id"] for c in theirs["plan"]] == ["zhuge_liang", "guan_yu"]  # face up


def test_a_field_battle_card_stays_secret_until_both_are_chosen():
    s = build(hands={"p1": ["guan_yu", "mi_zhu"], "p2": ["xun_yu", "guo_jia"]}, pos={"p2": 14})
    roll_onto(s, "p1", 14)
    act(s, "p1", ("pass",), ("card", "guan_yu"))
    theirs = RULESET.view(s, "p2")
    assert theirs["field"]["chosen"] == ["p1"]
    assert theirs["field"]["my_card"] is None
    assert "guan_yu" not in dump_view(theirs)
    assert RULESET.view(s, "p1")["field"]["my_card"]["id"] == "guan_yu"


def test_setup_shows_a_seat_its_drawn_talents_only():
    s = RULESET.setup(seed=2, players=3)
    placer = s.active[0]
    other = next(p for p in s.seats if p != placer)
    assert [c["id"] for c in seat(RULESET.view(s, placer), placer)["drawn"]] == s.drawn[placer]
    assert seat(RULESET.view(s, placer), other)["drawn"] is None
    assert seat(RULESET.view(s, placer), other)["drawn_size"] == 3


def test_shuffle_hidden_redeals_rival_secrets_and_leaves_the_view_alone():
    s = build(
        {"p1": "liu_bei", "p2": "cao_cao", "p3": "sun_quan"},
        hands={
            "p1": ["guan_yu"],
            "p2": ["xun_yu", "guo_jia", "cao_ren"],
            "p3": ["zhou_yu", "lu_su"],
        },
        down={"p2": ["xiahou_dun", "cao_cao"], "p3": ["gan_ning"]},
    )
    before = dump_view(RULESET.view(s, "p1"))
    changed = set()
    for k in range(20):
        copy = RULESET.copy_state(s)
        RULESET.shuffle_hidden(copy, "p1", Rng(seed=k))
        assert dump_view(RULESET.view(copy, "p1")) == before
        assert copy.hand["p1"] == ["guan_yu"]
        assert sorted(copy.hand["p2"] + copy.down["p2"]) == sorted(s.hand["p2"] + s.down["p2"])
        assert (len(copy.hand["p2"]), len(copy.down["p2"])) == (3, 2)
        changed.add((tuple(copy.hand["p2"]), tuple(copy.deck.draw_pile)))
    assert len(changed) > 10  # it really rearranges the secrets


def test_shuffle_hidden_keeps_the_lord_out_of_the_setup_draw():
    s = RULESET.setup(seed=4, players=2)
    for k in range(20):
        copy = RULESET.copy_state(s)
        RULESET.shuffle_hidden(copy, None, Rng(seed=k))
        for p in copy.seats:
            assert copy.lord[p] in copy.hand[p]
            assert len(copy.drawn[p]) == 3


def test_views_are_json():
    s = RULESET.setup(seed=9, players=5)
    for role in [*s.seats, None]:
        view = RULESET.view(s, role)
        assert json.loads(dump_view(view)) == view


def test_a_finished_game_is_nobodys_turn():
    s = build(
        hands={"p1": ["zhuge_liang", "mi_zhu"]}, down={"p1": ["liu_bei"]}, money={"p1": 29000}
    )
    assert RULESET.view(s, None)["turn"] == "p1"
    roll_onto(s, "p1", 12)
    act(s, "p1", ("tax", "zhuge_liang"))  # founds a state: the game is over
    assert RULESET.outcome(s) is not None
    for role in (None, "p1", "p2"):
        assert RULESET.view(s, role)["turn"] is None
