"""The ruleset as the core sees it: info, options, the plugin hook, the length bound."""

from __future__ import annotations

from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.plugins.three_kingdoms.rules import MAX_ACTIONS, RULESET


def test_info_seats_p1_to_p5_two_to_five_players():
    info = RULESET.info
    assert info.id == "three_kingdoms"
    assert info.roles == ("p1", "p2", "p3", "p4", "p5")
    assert (info.min_players, info.max_players) == (2, 5)
    assert RULESET.roles(3) == ["p1", "p2", "p3"]
    assert info.resolve_options(None) == {"lord_skills": True, "round_limit": 250}


def test_max_actions_bounds_a_game_at_the_default_round_limit():
    # 2 setup choices a seat; at most 14 decisions a turn (see rules.py); 5 seats, 250 rounds
    assert 5 * 2 + 250 * 5 * 14 <= MAX_ACTIONS == RULESET.info.max_actions


def test_the_plugin_is_found_through_its_entry_point():
    registry = Registry(make_plugin_manager(load=["three_kingdoms"]))
    assert registry.game("three_kingdoms").ruleset is RULESET
    assert not registry.failures


def test_the_same_seed_gives_the_same_game():
    a, b = RULESET.setup(seed=42, players=4), RULESET.setup(seed=42, players=4)
    assert a.to_json() == b.to_json()
    assert RULESET.load_state(a.to_json()).to_json() == a.to_json()


def test_the_ruleset_names_its_web_board():
    board = RULESET.board
    assert board is not None
    assert (board.templates / board.template).is_file()
    assert (board.static / "board.js").is_file()
