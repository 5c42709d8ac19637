"""Actions, game info, scenarios and options."""

import pytest

from gameshelf.core.engine.ruleset import Action, IllegalAction, Outcome, action_menu, roles_in
from tests.core.toygame import RULESET


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "area", "arg": "lanark"},
        ["area", "lanark"],
        ("area", "lanark"),
        Action("area", "lanark"),
    ],
)
def test_actions_coerce_from_json(raw):
    assert Action.of(raw) == Action("area", "lanark")


def test_an_action_without_arg():
    assert Action.of({"type": "pass"}) == Action("pass", None)
    assert Action.of(["pass"]).to_json() == {"type": "pass", "arg": None}


@pytest.mark.parametrize(
    "raw",
    [
        None,
        5,
        "pass",
        {"type": 3},
        {"type": ""},
        {"arg": 1},
        {"type": "a", "extra": 1},
        {"type": "a", "arg": 1.5},
        {"type": "a", "arg": True},
        {"type": "a", "arg": [1]},
        [],
        ["a", 1, 2],
    ],
)
def test_malformed_actions_are_refused(raw):
    with pytest.raises(IllegalAction) as err:
        Action.of(raw)
    assert err.value.code == "malformed"


def test_scenarios_and_their_errors():
    info = RULESET.info
    assert info.scenario(None).id == "standard"
    assert info.scenario("short").title == "Short"
    with pytest.raises(ValueError, match="known: standard, short"):
        info.scenario("long")


def test_options_get_defaults_and_refuse_bad_values():
    info = RULESET.info
    assert info.resolve_options(None) == {"hand_size": 3}
    assert info.resolve_options({"hand_size": 4}) == {"hand_size": 4}
    with pytest.raises(ValueError, match="no option"):
        info.resolve_options({"speed": 1})
    with pytest.raises(ValueError, match="one of"):
        info.resolve_options({"hand_size": 9})
    with pytest.raises(ValueError, match="takes a int"):
        info.resolve_options({"hand_size": "3"})


def test_roles_by_player_count():
    assert RULESET.roles() == ["north", "south"]
    with pytest.raises(ValueError, match="takes 2–2 players"):
        RULESET.roles(3)


def test_outcome_draw_and_helpers():
    assert Outcome(winners=[], reason="draw").draw
    assert action_menu([Action("a", 1), Action("a", 2), Action("b")]) == {"a": [1, 2], "b": [None]}
    assert roles_in(["x", "y", "z"], {"z", "x"}) == ["x", "z"]


def test_view_has_the_standard_keys():
    s = RULESET.setup(1)
    view = RULESET.view(s, "north")
    for key in ("game", "role", "step", "active", "prompt", "actions", "log", "outcome"):
        assert key in view
    assert view["actions"] == {"card": s.hands["north"]}
    assert RULESET.view(s, None)["actions"] == {}


def test_the_setup_option_under_its_old_name_warns_and_is_the_same_class():
    from gameshelf.core.engine import ruleset

    with pytest.warns(DeprecationWarning, match="SetupOption"):
        old = ruleset.Option
    assert old is ruleset.SetupOption


def test_a_name_the_ruleset_module_never_had_is_an_attribute_error():
    from gameshelf.core.engine import ruleset

    with pytest.raises(AttributeError, match="Nothing"):
        ruleset.Nothing  # noqa: B018
