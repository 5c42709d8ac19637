"""Victory (RULES §9, §12): sudden deaths and the end of the scenario."""

from __future__ import annotations

from gameshelf.plugins.hammer_scots.model import BLOCK_ID, OTHER_COLOUR, TWO_COLOURED
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import State
from gameshelf.plugins.hammer_scots.victory import (
    check_sudden_death,
    end_of_scenario,
    is_last_year,
)
from tests.hammer_scots.builders import build

SCOTTISH_NOBLES = [BLOCK_ID[b] for b in TWO_COLOURED]
ENGLISH_NOBLES = [BLOCK_ID[OTHER_COLOUR[b]] for b in TWO_COLOURED]


def nobles(english: int, *, moray: str | None = None, wallace: str | None = None) -> State:
    """``english`` two-coloured nobles English, the rest Scottish, all in Lanark."""
    blocks = {n: "lanark" for n in ENGLISH_NOBLES[:english]}
    blocks.update({n: "fife" for n in SCOTTISH_NOBLES[english:]})
    if moray:
        blocks["moray"] = moray
    if wallace:
        blocks["wallace"] = wallace
    return build("border_raids", blocks=blocks)


def test_no_outcome_while_the_game_runs():
    s = nobles(7, moray="moray")
    assert RULESET.outcome(s) is None
    assert check_sudden_death(s) is False
    assert RULESET.outcome(s) is None


def test_england_wins_when_scotland_has_no_noble_on_the_map():
    s = nobles(13, moray="pool")
    assert check_sudden_death(s) is True
    result = RULESET.outcome(s)
    assert (result.winners, result.reason) == (["England"], "all_nobles")
    assert s.step == "game_over"


def test_moray_on_the_map_keeps_scotland_alive():
    s = nobles(13, moray="moray")
    assert check_sudden_death(s) is False


def test_scotland_wins_when_england_has_no_noble_on_the_map():
    s = nobles(0, moray="moray")
    assert check_sudden_death(s) is True
    assert (s.outcome.winners, s.outcome.reason) == (["Scotland"], "all_nobles")


def test_the_side_with_more_nobles_wins_at_the_end():
    s = nobles(8, moray="moray")
    end_of_scenario(s)
    assert (s.outcome.winners, s.outcome.reason) == (["England"], "most_nobles")
    s = nobles(6, moray="moray")
    end_of_scenario(s)
    assert (s.outcome.winners, s.outcome.reason) == (["Scotland"], "most_nobles")


def test_moray_in_the_pool_does_not_count():
    s = nobles(7, moray="pool")
    end_of_scenario(s)
    assert (s.outcome.winners, s.outcome.reason) == (["England"], "most_nobles")


def test_a_tie_goes_to_scotland_with_wallace_on_the_map():
    s = nobles(7, moray="moray", wallace="selkirk")
    end_of_scenario(s)
    assert (s.outcome.winners, s.outcome.reason) == (
        ["Scotland"],
        "wallace_tiebreak",
    )


def test_a_tie_goes_to_england_with_wallace_dead_or_in_the_pool():
    for wallace in ("dead", "pool"):
        s = nobles(7, moray="moray", wallace=wallace)
        end_of_scenario(s)
        assert (s.outcome.winners, s.outcome.reason) == (
            ["England"],
            "wallace_tiebreak",
        )


def test_the_outcome_is_read_from_the_record_not_the_board():
    s = nobles(7, moray="moray", wallace="selkirk")
    end_of_scenario(s)
    s.location = [-2] * len(s.location)
    assert RULESET.outcome(s).reason == "wallace_tiebreak"
    assert RULESET.outcome(s).text


def test_the_last_year_and_the_campaign_limit():
    assert is_last_year(build("winter", year=1305, last_year=1305))
    assert not is_last_year(build("winter", year=1304, last_year=1305))
    assert not is_last_year(build("winter", year=1399, last_year=None))
    assert is_last_year(build("winter", year=1400, last_year=None))
