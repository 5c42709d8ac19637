"""The ruleset as the site sees it: its info and its web board."""

from gameshelf.plugins.hammer_scots.rules import RULESET


def test_the_ruleset_names_its_web_board():
    board = RULESET.board
    assert board is not None
    assert (board.templates / board.template).is_file()
    assert (board.static / "board.js").is_file()
    assert (board.static / "board.css").is_file()


def test_the_info_lists_both_sides_and_the_three_scenarios():
    info = RULESET.info
    assert info.roles == ("England", "Scotland")
    assert [sc.id for sc in info.scenarios] == ["braveheart", "the_bruce", "campaign"]
