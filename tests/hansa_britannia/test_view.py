"""view.py and hidden.py: everything is public but the face-down marker supply."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import dump_view
from gameshelf.core.i18n.messages import render_view
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import build, play, space


def test_every_seat_sees_the_same_board_and_desks():
    s = build(pieces={"london--oxford": ["yellow:m"]}, offices={"york": ["green"]})
    red, yellow = RULESET.view(s, "red"), RULESET.view(s, "yellow")
    assert red["routes"] == yellow["routes"]
    assert red["desks"] == yellow["desks"]
    assert red["routes"]["london--oxford"]["spaces"][0] == {"role": "yellow", "piece": "merchant"}
    assert red["cities"]["york"]["controller"] == "green"
    assert red["actions"]
    assert not yellow["actions"]


def test_the_marker_supply_shows_only_its_count():
    s = build()
    view = RULESET.view(s, "red")
    assert view["markers_supply"] == 12
    assert not any(
        kind in dump_view(view) for kind in s.markers_supply.draw_pile if kind == "move_3_tradesmen"
    )
    before = dump_view(RULESET.view(s, "red"))
    RULESET.shuffle_hidden(s, "red", Rng(seed=5))
    assert dump_view(RULESET.view(s, "red")) == before


def test_the_marker_supply_shown_counts_the_replacements_owed_as_drawn():  # issue 26 item 7a
    s = build(
        pieces={"richmond--lancaster": ["red", "red"]},
        markers={"richmond--lancaster": "plus_3_actions"},
        actions_left=1,
    )
    assert RULESET.view(s, "red")["markers_supply"] == 12
    play(s, "red", ("create", "richmond--lancaster"), "nothing")
    assert (s.owed[0], len(s.markers_supply)) == (1, 12)  # drawn when placed, at the end
    assert RULESET.view(s, "red")["markers_supply"] == 11  # but no longer to be drawn
    assert RULESET.view(s, None)["markers_supply"] == 11  # a spectator's too
    play(s, "red", "end_turn", ("route", "london--oxford"))
    assert (s.owed[0], len(s.markers_supply)) == (0, 11)
    assert RULESET.view(s, "yellow")["markers_supply"] == 11


def test_the_supply_is_declared_a_draw_pile_and_the_core_deals_it_again():  # issue 11
    s = build()
    assert [type(part).__name__ for part in RULESET.hidden] == ["DrawPile"]
    before = list(s.markers_supply.draw_pile)
    RULESET.shuffle_hidden(s, None, Rng(seed=3))
    after = s.markers_supply.draw_pile
    assert sorted(after) == sorted(before)
    assert after != before


def test_drawing_a_replacement_is_new_information():  # the deck marks it
    s = build(owed={"red": 1})
    epoch = s.rng.epoch
    play(s, "red", "end_turn", ("route", "london--oxford"))
    assert s.rng.epoch > epoch


def test_the_victim_is_asked_in_both_languages():
    s = build(pieces={"london--oxford": ["yellow"]}, supply={"red": (3, 0)})
    play(s, "red", ("displace_trader", space("london--oxford", 0)))
    view = RULESET.view(s, "yellow")
    assert render_view(view, "en", RULESET.namer())["prompt"].startswith(
        "Your trader was displaced"
    )
    assert "被從倫敦—牛津取代" in render_view(view, "zh_TW", RULESET.namer())["prompt"]
    red = render_view(RULESET.view(s, "red"), "en", RULESET.namer())
    assert red["prompt"] == "Waiting for Yellow — placing displaced pieces."


def test_a_saved_state_that_does_not_fit_the_board_is_refused():
    s = build()
    assert RULESET.load_state(RULESET.dump_state(s)).to_json() == s.to_json()
    s.spaces.pop()
    with pytest.raises(ValueError, match="spaces holds 120 entries, not 121"):
        RULESET.load_state(RULESET.dump_state(s))


def test_the_view_says_what_the_step_being_decided_is_about():  # for the board (issue 16)
    s = build(pieces={"london--oxford": ["yellow"]}, supply={"red": (3, 0)})
    assert RULESET.view(s, "red")["doing"] is None  # a turn between actions
    play(s, "red", ("displace_trader", space("london--oxford", 0)))
    assert RULESET.view(s, "red")["doing"] == {
        "step": "relocate",
        "role": "yellow",
        "victim": "yellow",
        "route": "london--oxford",
        "pieces": ["trader"],
        "extras": 1,
        "countries": [],
    }
    s = build(pieces={"london--oxford": ["red", "red:m"]})
    play(s, "red", "move", ("lift", space("london--oxford", 1)))
    doing = RULESET.view(s, "green")["doing"]
    assert doing["step"] == "move"
    assert doing["picked"] == [{"role": "red", "piece": "merchant", "route": "london--oxford"}]
    s = build(pieces={"london--oxford": ["red"] * 4})
    play(s, "red", ("create", "london--oxford"))
    assert RULESET.view(s, "red")["doing"] == {
        "step": "create_route",
        "role": "red",
        "route": "london--oxford",
    }
