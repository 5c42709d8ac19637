"""The conformance kit over both option settings (the printed game and competitive play)."""

from __future__ import annotations

import pytest

from gameshelf.core.testing import check_ruleset
from gameshelf.plugins.twilight_struggle.rules import RULESET


@pytest.mark.parametrize("scenario", ["standard", "competitive"])
def test_the_kit_passes_with_the_options_off_and_on(scenario, tmp_path):
    report = check_ruleset(
        RULESET, scenarios=[scenario], seeds=[0], deep_every=16, failure_dir=tmp_path
    )
    assert report.games == 1
    assert sum(report.outcomes.values()) == 1
    assert set(report.outcomes) <= set(RULESET.info.outcome_reasons)


@pytest.mark.slow
def test_the_kit_over_two_hundred_games(tmp_path):
    report = check_ruleset(RULESET, seeds=range(100), deep_every=64, failure_dir=tmp_path)
    assert report.games == 200
