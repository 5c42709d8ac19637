"""move.py: action D and the country limits on moving (RULES §6 D, §12.4–12.5)."""

from __future__ import annotations

from gameshelf.core.i18n.messages import render, render_view
from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.rules import RULESET
from tests.hansa_britannia.builders import SPACE_COUNTRY, build, legal, play, space


def test_move_picks_up_to_the_liber_sophiae_value_then_puts_each_down():  # RULES §6 D
    s = build(pieces={"london--oxford": ["red", "red", "red", "yellow"]})
    play(
        s, "red", "move", ("lift", space("london--oxford", 0)), ("lift", space("london--oxford", 1))
    )
    assert s.step == "move"
    assert all(t != "lift" for t, _ in legal(s, "red"))
    play(
        s,
        "red",
        ("place_trader", space("durham--york", 0)),
        ("place_trader", space("durham--york", 1)),
    )
    assert s.step == "turn"
    assert s.actions_left == 1
    assert s.spaces[space("durham--york", 0)] == 0
    assert s.spaces[space("london--oxford", 0)] == -1


def test_move_moves_only_ones_own_pieces_and_at_least_one():
    s = build(pieces={"london--oxford": ["red", "yellow"]})
    play(s, "red", "move")
    assert_refused(RULESET, s, "red", ("lift", space("london--oxford", 1)), "your own")
    assert_refused(RULESET, s, "red", ("done",), "at least one")
    assert_refused(RULESET, s, "red", ("lift", space("london--oxford", 2)), "no piece")


def test_a_trader_and_a_merchant_may_trade_places():  # RULES §6 D: two moves
    s = build(pieces={"london--oxford": ["red", "red:m"]})
    play(
        s, "red", "move", ("lift", space("london--oxford", 0)), ("lift", space("london--oxford", 1))
    )
    play(
        s,
        "red",
        ("place_trader", space("london--oxford", 1)),
        ("place_merchant", space("london--oxford", 0)),
    )
    assert s.spaces[space("london--oxford", 0)] == 1
    assert s.spaces[space("london--oxford", 1)] == 0


def test_england_to_england_wales_to_wales_or_england():  # RULES §12.4
    s = build(pieces={"london--oxford": ["red"], "conway--chester": ["red"]})
    play(s, "red", "move", ("lift", space("london--oxford", 0)), "done")
    assert {SPACE_COUNTRY[sp] for _, sp in legal(s, "red")} == {"England"}
    play(s, "red", ("place_trader", space("durham--york", 0)))
    play(s, "red", "move", ("lift", space("conway--chester", 0)), "done")
    assert {SPACE_COUNTRY[sp] for _, sp in legal(s, "red")} == {"England", "Wales"}
    assert_refused(RULESET, s, "red", ("place_trader", space("glasgow--falkirk", 0)), "country")


def test_a_moved_trader_may_not_go_to_a_ship_space():  # RULES §12.5
    s = build(pieces={"london--oxford": ["red"]})
    play(s, "red", "move", ("lift", space("london--oxford", 0)), "done")
    assert_refused(RULESET, s, "red", ("place_trader", space("calais--southampton", 1)), "ship")


def test_move_is_refused_without_a_piece_on_the_board():
    s = build()
    assert_refused(RULESET, s, "red", ("move",), "no piece")


def test_a_player_moving_its_own_piece_reads_you_moved_your_trader():  # issue 28, item 3
    s = build(pieces={"london--oxford": ["red"]})
    play(s, "red", "move", ("lift", space("london--oxford", 0)), ("done",))
    play(s, "red", ("place_trader", space("durham--york", 0)))
    line = next(m for m in reversed(s.log) if m.id.startswith("hansa_britannia.moved"))
    assert line.id == "hansa_britannia.moved_own"  # never "Red moved Red's trader"
    namer = RULESET.namer()
    mine = render(line, "en", namer, reader="red")
    assert mine == "You moved your trader from London–Oxford to Durham–York."
    assert render(line, "en", namer, reader="yellow").startswith("Red moved a trader of theirs")
    assert render(line, "en", namer).startswith("Red moved a trader of theirs")  # a spectator
    assert render(line, "zh_TW", namer, reader="red").startswith("你把你的小商人")
    log = render_view(RULESET.view(s, "red"), "en", namer, "red")["log"]
    assert any(line.startswith("You moved your trader") for line in log)
