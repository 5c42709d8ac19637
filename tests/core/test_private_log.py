"""A private log line (core.engine.state ``say(msg, to=role)``): a message only the roles it is said
to read. The views of the other seats and of spectators leave it out; it survives the
state's JSON with its readers; a plain string cannot be private."""

from __future__ import annotations

import pytest

from gameshelf.core.i18n.messages import Msg, render_view
from tests.core.toygame import RULESET, DuelState


def test_a_private_line_is_in_its_readers_view_only():
    s = RULESET.setup(1)
    s.say(Msg("toy_duel.rolled", role="north", die=6), to="north")
    s.say(Msg("toy_duel.rolled", role="south", die=2))
    north, south, spectator = (RULESET.view(s, r)["log"] for r in ("north", "south", None))
    secret = {"id": "toy_duel.rolled", "args": {"role": "north", "die": 6}, "to": ["north"]}
    public = {"id": "toy_duel.rolled", "args": {"role": "south", "die": 2}}
    assert north[-2:] == [secret, public]
    assert south[-1] == public
    assert secret not in south
    assert spectator[-1] == public
    assert secret not in spectator
    assert len(north) == len(south) + 1 == len(spectator) + 1


def test_a_line_for_several_readers_and_its_rendering():
    s = RULESET.setup(1)
    s.say(Msg("toy_duel.rolled", role="north", die=3), to=("north", "south"))
    assert RULESET.view(s, "south")["log"][-1]["to"] == ["north", "south"]
    assert all(line.get("to") is None for line in RULESET.view(s, None)["log"])
    shown = render_view(RULESET.view(s, "north"), "zh_TW")
    assert shown["log"][-1] == "北家擲出 3。"


def test_a_private_line_survives_the_state_json_with_its_readers():
    s = RULESET.setup(1)
    s.say(Msg("toy_duel.rolled", role="north", die=6), to="south")
    text = s.to_json()
    again = DuelState.from_json(text)
    line = again.log[-1]
    assert isinstance(line, Msg)
    assert line.to == ("south",)
    assert line != Msg("toy_duel.rolled", role="north", die=6)  # the readers are part of it
    assert again.to_json() == text


def test_saying_a_private_line_leaves_the_message_given_public():
    s = RULESET.setup(1)
    given = Msg("toy_duel.rolled", role="north", die=6)
    s.say(given, to="north")
    s.say(given)
    assert given.to == ()
    assert s.log[-1].to == ()
    assert s.log[-2].to == ("north",)


def test_a_bad_private_line_is_refused_and_logs_nothing():
    s = RULESET.setup(1)
    before = list(s.log)
    with pytest.raises(TypeError):
        s.say("a plain string", to="north")
    with pytest.raises(ValueError, match="at least one reader"):
        s.say(Msg("toy_duel.rolled", role="north", die=6), to=())
    with pytest.raises(ValueError, match="list of roles"):
        Msg.from_json({"id": "toy_duel.rolled", "args": {}, "to": "north"})
    assert s.log == before
