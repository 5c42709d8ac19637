"""Secret simultaneous choices (core.engine.secret), through the toy duel's card play."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.play.match import Match
from tests.core.toygame import RULESET, machine


def fresh():
    s = RULESET.setup(7)
    assert s.step == "choose"
    return s


def card(s, role, i=0):
    return Action("card", s.hands[role][i])


def test_each_chooser_is_awaited_until_it_has_chosen():
    s = fresh()
    assert RULESET.active(s) == ["north", "south"]
    RULESET.apply(s, "north", card(s, "north"))
    assert RULESET.active(s) == ["south"]
    assert s.step == "choose"  # nothing is revealed yet


def test_a_chooser_may_change_its_mind_until_the_last_has_chosen():
    s = fresh()
    first, second = card(s, "north", 0), card(s, "north", 1)
    RULESET.apply(s, "north", first)
    assert RULESET.actions(s, "north")  # still offered: a change of mind
    RULESET.apply(s, "north", second)
    assert machine.current(s).choice_of(s, "north") == second
    RULESET.apply(s, "south", card(s, "south"))
    assert f"North shows {second.arg}" in str(s.log[-1])
    assert second.arg not in s.hands["north"]
    assert first.arg in s.hands["north"]


def test_both_orders_of_choosing_give_the_same_state():
    a, b = fresh(), fresh()
    RULESET.apply(a, "north", card(a, "north"))
    RULESET.apply(a, "south", card(a, "south"))
    RULESET.apply(b, "south", card(b, "south"))
    RULESET.apply(b, "north", card(b, "north"))
    assert a.to_json() == b.to_json()


def test_half_chosen_states_are_the_same_whoever_chose_first_among_equals():
    a, b = fresh(), fresh()
    RULESET.apply(a, "north", card(a, "north", 1))
    RULESET.apply(b, "north", card(b, "north", 0))
    RULESET.apply(b, "north", card(b, "north", 1))  # the same choice, after a change of mind
    assert a.to_json() == b.to_json()


def test_views_show_who_has_chosen_but_never_what_the_others_chose():
    s = fresh()
    choice = card(s, "north", 2)
    RULESET.apply(s, "north", choice)
    north, south, spectator = (RULESET.view(s, r) for r in ("north", "south", None))
    assert north["chosen"] == south["chosen"] == spectator["chosen"] == ["north"]
    assert north["my_choice"] == choice.to_json()
    assert south["my_choice"] is None
    assert spectator["my_choice"] is None
    hidden = RULESET.copy_state(s)
    RULESET.shuffle_hidden(hidden, "south", Rng(seed=99))
    assert RULESET.view(hidden, "south") == south  # the choice is not in south's view


def test_the_reveal_is_new_information_that_undo_cannot_cross():
    match = Match(RULESET, seed=7)
    s = match.state
    match.apply("north", card(s, "north"))
    assert match.undoable("north") == 1  # before the reveal, a choice may be taken back
    match.apply("south", card(s, "south"))
    assert match.state.rng.epoch > 0
    assert match.undoable("north") == 0
    assert match.undoable("south") == 0


def test_a_role_that_does_not_choose_is_refused():
    s = fresh()
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        RULESET.apply(s, "north", Action("card", 99))
    assert "not in your hand" in err.value.reason
    assert s.to_json() == before


def test_a_secret_choice_without_its_choosers_or_reveal_is_refused_at_registration():
    from gameshelf.core.engine.secret import SecretChoice
    from gameshelf.core.engine.steps import StepMachine

    class Unfinished(SecretChoice):
        name = "unfinished"

        def choosers(self, s):
            return ["north"]

    with pytest.raises(TypeError, match="reveal"):
        StepMachine().step(Unfinished)
