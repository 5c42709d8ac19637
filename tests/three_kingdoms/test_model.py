"""The data is the box's contents (DESIGN §1–§6), checked when loaded."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from gameshelf.plugins.three_kingdoms import model
from gameshelf.plugins.three_kingdoms.model import (
    COURT,
    DATA,
    LANDS,
    LANDS_OF,
    LORDS,
    SPACES,
    START,
    STRATEGIES,
    TALENTS,
    Catalogue,
)


def test_the_box_holds_5_lords_35_talents_18_lands_8_strategy_cards_24_spaces():
    assert (len(LORDS), len(TALENTS), len(LANDS), len(STRATEGIES), len(SPACES)) == (
        5,
        35,
        18,
        8,
        24,
    )


def test_every_lord_talent_land_card_and_space_has_a_chinese_and_an_english_name():
    named = [*LORDS.values(), *TALENTS.values(), *LANDS.values(), *STRATEGIES.values(), *SPACES]
    for thing in named:
        assert thing.name
        assert thing.name_en
        assert thing.name != thing.name_en
        assert all(ord(ch) > 0x2E80 for ch in thing.name)  # CJK characters only


def test_the_sourced_lords_and_wen_chou_keep_their_numbers():
    stats = {lo: (c.politics, c.intelligence, c.martial) for lo, c in LORDS.items()}
    assert stats == {
        "sun_quan": (13, 6, 6),
        "yuan_shao": (12, 4, 7),
        "cao_cao": (11, 7, 4),
        "liu_bei": (14, 5, 3),
        "dong_zhuo": (15, 4, 5),
    }
    wen = TALENTS["wen_chou"]
    assert (wen.name, wen.politics, wen.intelligence, wen.martial, wen.lord) == (
        "文醜",
        5,
        3,
        9,
        "yuan_shao",
    )


def test_each_lord_has_seven_talents_and_three_lands_with_its_capital_first():
    for lord in LORDS:
        assert len(COURT[lord]) == 7
        capital, *_ = LANDS_OF[lord]
        assert LANDS[capital].capital
        assert len(LANDS_OF[lord]) == 3
    neutral = [land for land in LANDS.values() if land.colour is None]
    assert sorted(land.id for land in neutral) == ["luoyang", "xiangyang", "xiapi"]


def test_start_spaces_are_the_capitals():  # DESIGN §5
    assert START == {"yuan_shao": 1, "cao_cao": 7, "sun_quan": 11, "liu_bei": 16, "dong_zhuo": 21}


def test_six_fate_spaces_on_the_corners_and_at_4_and_22():
    fate = [i for i, sp in enumerate(SPACES) if sp.kind == "fate"]
    assert fate == [0, 4, 6, 12, 18, 22]
    assert [i for i, sp in enumerate(SPACES) if sp.big] == [0, 6, 12, 18]


def test_tolls_follow_the_tiers():  # DESIGN §4
    assert LANDS["luoyang"].toll == (800, 1600, 2400, 3400, 4500)
    assert LANDS["xuchang"].toll == (600, 1200, 2000, 2800, 3800)
    assert LANDS["xiapi"].toll == (500, 1000, 1600, 2300, 3000)
    assert LANDS["ji"].toll == (400, 800, 1300, 1800, 2500)


def test_strategy_requirements():  # DESIGN §6
    assert {c: s.requirement for c, s in STRATEGIES.items()} == {
        "kurou_ji": 8,
        "meiren_ji": 12,
        "kongcheng_ji": 12,
        "lijian_ji": 14,
        "caochuan_jiejian": 16,
        "huo_ji": 18,
        "fanjian_ji": 20,
        "lianhuan_ji": 24,
    }


def _raw() -> dict[str, object]:
    def read(name: str) -> dict[str, object]:
        return json.loads((model.DATA_DIR / name).read_text(encoding="utf-8"))

    return {
        "lords": read("lords.json")["lords"],
        "talents": read("talents.json")["talents"],
        "lands": read("lands.json")["lands"],
        "strategies": read("strategies.json")["strategies"],
        "spaces": read("board.json")["spaces"],
        "numbers": read("rules.json"),
    }


def test_loading_refuses_a_box_with_a_talent_missing():
    raw = _raw()
    raw["talents"] = raw["talents"][:-1]  # type: ignore[index]
    with pytest.raises(ValidationError, match="35 talents"):
        Catalogue.model_validate(raw)


def test_loading_refuses_a_land_on_no_space():
    raw = _raw()
    spaces = [dict(sp) for sp in raw["spaces"]]  # type: ignore[attr-defined]
    spaces[1] = {"kind": "fate", "big": False, "name": "天機", "name_en": "Fate", "grid": [1, 0]}
    raw["spaces"] = spaces
    with pytest.raises(ValidationError, match="exactly one land space"):
        Catalogue.model_validate(raw)


def test_loading_refuses_falling_tolls():
    raw = _raw()
    lands = [dict(land) for land in raw["lands"]]  # type: ignore[attr-defined]
    lands[0]["toll"] = [600, 500, 2000, 2800, 3800]
    raw["lands"] = lands
    with pytest.raises(ValidationError, match="tolls must rise"):
        Catalogue.model_validate(raw)


def test_the_models_are_frozen():
    with pytest.raises(ValidationError):
        DATA.lords[0].politics = 1  # type: ignore[misc]
