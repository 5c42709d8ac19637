"""The conformance kit (core.testing) over 三國戰記 for 2, 3, 4 and 5 players."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.ruleset import Scenario
from gameshelf.core.registry.plugins import Game
from gameshelf.core.testing import check_ruleset
from gameshelf.plugins.three_kingdoms.rules import RULESET

REASONS = {"founding", "hegemony_money", "hegemony_land", "round_limit"}


@pytest.mark.parametrize(
    ("players", "seed", "deep_every"), [(2, 30, 1), (3, 29, 1), (4, 33, 1), (5, 0, 2)]
)
def test_kit_with_deep_checks_often(players, seed, deep_every, tmp_path):
    # Every view holds the whole log, so the deep checks (JSON, views, leaks) cost more as a
    # game grows: these seeds give games of about 300 actions under the kit.
    report = check_ruleset(
        RULESET, seeds=[seed], players=[players], deep_every=deep_every, failure_dir=tmp_path
    )
    assert report.games == 1
    assert set(report.outcomes) <= REASONS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_kit_a_few_seeds(players, tmp_path):
    report = check_ruleset(
        RULESET, seeds=range(10, 13), players=[players], deep_every=32, failure_dir=tmp_path
    )
    assert report.games == 3
    assert set(report.outcomes) <= REASONS


def test_kit_without_lord_skills_and_with_a_three_round_limit(tmp_path):
    short = Scenario(
        id="short", title="Short", base="standard", options={"lord_skills": False, "round_limit": 3}
    )
    report = check_ruleset(
        Game(RULESET, extra_scenarios=[short]),
        scenarios=["short"],
        seeds=range(3),
        players=[3],
        deep_every=4,
        failure_dir=tmp_path,
    )
    assert report.outcomes.get("round_limit", 0) >= 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_kit_many_seeds(players, tmp_path):
    report = check_ruleset(
        RULESET, seeds=range(100, 200), players=[players], deep_every=32, failure_dir=tmp_path
    )
    assert report.games == 100
    assert set(report.outcomes) <= REASONS
