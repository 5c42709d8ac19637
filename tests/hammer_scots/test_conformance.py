"""The conformance kit over the three scenarios, and many seeded random games (slow).

Random play rarely ends a Campaign early, and a game that runs to the technical last year
(victory.py) takes some 8,000 actions, so the normal run picks Campaign seeds whose
random games end by sudden death; the slow run plays a thousand games of Braveheart and
of The Bruce, and twenty Campaigns.
"""

from __future__ import annotations

import pytest

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.testing import check_ruleset
from gameshelf.plugins.hammer_scots.rules import RULESET


# Campaign seeds 2 and 4 end by sudden death within about 2,000 actions under this setting.
@pytest.mark.parametrize(
    ("scenario", "seeds"),
    [("braveheart", [0, 1]), ("the_bruce", [0, 1]), ("campaign", [2, 4])],
)
def test_the_kit_passes_on_every_scenario(scenario, seeds, tmp_path):
    report = check_ruleset(
        RULESET, scenarios=[scenario], seeds=seeds, deep_every=16, failure_dir=tmp_path
    )
    assert report.games == len(seeds)
    assert sum(report.outcomes.values()) == len(seeds)


def test_short_games_and_options_play_to_the_end():
    for seed in range(3):
        s = RULESET.setup(seed, "braveheart", {"last_year": 1297, "schiltroms": True})
        agent = RandomAgent(seed)
        while RULESET.outcome(s) is None:
            role = RULESET.active(s)[0]
            RULESET.apply(
                s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
            )
        assert s.year == 1297


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["braveheart", "the_bruce"])
def test_the_kit_over_a_thousand_games(scenario, tmp_path):
    report = check_ruleset(
        RULESET, scenarios=[scenario], seeds=range(1000), deep_every=128, failure_dir=tmp_path
    )
    assert report.games == 1000
    assert set(report.outcomes) <= {
        "all_nobles",
        "most_nobles",
        "king_killed",
        "edward_ii_killed",
        "wallace_tiebreak",
    }


@pytest.mark.slow
def test_the_kit_over_campaign_games(tmp_path):
    report = check_ruleset(
        RULESET, scenarios=["campaign"], seeds=range(20), deep_every=64, failure_dir=tmp_path
    )
    assert report.games == 20
