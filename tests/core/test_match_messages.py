"""A match's own refusals (core.play.match) are messages of the core catalog: each reader gets
them in its language, with the seat named by the game."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.i18n.messages import render
from gameshelf.core.play.match import Match, StaleAction
from tests.core.toygame import RULESET


def new_match() -> Match:
    return Match(RULESET, seed=4)


def test_a_stale_action_is_refused_in_both_languages() -> None:
    m = new_match()
    m.apply("north", m.actions("north")[0], seq=0)
    with pytest.raises(StaleAction) as err:
        m.apply("south", m.actions("south")[0], seq=0)
    assert err.value.msg is not None
    assert err.value.reason == "The match has moved on: it is at 1, not 0."
    assert render(err.value.msg, "zh_TW") == "對局已經往下進行：現在是第 1 步，不是第 0 步。"


def test_an_unknown_seat_is_refused_in_both_languages() -> None:
    with pytest.raises(IllegalAction) as err:
        new_match().apply("east", Action("card", 1))
    assert err.value.msg is not None
    assert err.value.reason == "There is no seat east in this match."
    assert render(err.value.msg, "zh_TW") == "這場對局沒有 east 這個座位。"


def test_nothing_to_undo_names_the_seat_in_the_readers_language() -> None:
    m = new_match()
    with pytest.raises(IllegalAction) as err:
        m.undo("north")
    assert err.value.code == "cannot_undo"
    assert err.value.msg is not None
    zh = render(err.value.msg, "zh_TW", RULESET.namer(), "toy_duel")
    assert zh.startswith("北家沒有可以收回的動作")
    assert render(err.value.msg, "en", RULESET.namer(), "toy_duel").startswith("North has nothing")
