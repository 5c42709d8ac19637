"""Issue 17, Tests: seeded random games from turn 1 to their end with every card live, with no
error and no dead end (while the game runs, someone is asked to act and has a legal
action), each ending with one of the game's reason codes. CI plays a few dozen; the slow
test plays 10,000 (half printed, half competitive: the US bonus and the optional cards).

The mix of endings under the random bot is what ``gameshelf simulate twilight_struggle``
prints (the reason codes ``vp_20``, ``europe_control``, ``defcon_1``, ``final_scoring``,
``cuban_missile_crisis``, ``wargames``, ``scoring_withheld``, each reached by a rule test
of its own)."""

from __future__ import annotations

from collections import Counter

import pytest

from gameshelf.core.engine.rng import Rng
from gameshelf.plugins.twilight_struggle.rules import RULESET
from gameshelf.plugins.twilight_struggle.victory import OUTCOME_REASONS

SCENARIOS = ("standard", "competitive")
ENDINGS = {
    "vp_20",
    "europe_control",
    "defcon_1",
    "final_scoring",
    "cuban_missile_crisis",
    "wargames",
    "scoring_withheld",
}


def random_game(seed: int, scenario: str) -> tuple[str, int]:
    """One game, a uniform pick among the legal actions each decision: (reason, actions)."""
    s = RULESET.setup(seed, scenario)
    pick = Rng(seed=seed + 1_000_000)
    roles = RULESET.info.roles
    for actions in range(RULESET.info.max_actions):
        result = RULESET.outcome(s)
        if result is not None:
            assert not RULESET.active(s), (seed, scenario, "someone acts after the end")
            return result.reason, actions
        turn = RULESET.to_act(s, roles)
        assert turn is not None, (seed, scenario, s.step, "a dead end: nobody is asked")
        role, legal = turn
        assert legal, (seed, scenario, s.step, role, "a dead end: no legal action")
        RULESET.play(s, role, legal[pick.randint(0, len(legal) - 1)])
    raise AssertionError(f"seed {seed} ({scenario}) ran past {RULESET.info.max_actions} actions")


def play_many(games: int) -> Counter[str]:
    endings: Counter[str] = Counter()
    for seed in range(games):
        reason, _ = random_game(seed, SCENARIOS[seed % 2])
        endings[reason] += 1
    return endings


def test_the_outcome_reason_codes_are_the_seven_endings():
    assert set(OUTCOME_REASONS) == ENDINGS
    assert set(RULESET.info.outcome_reasons) == ENDINGS


def test_a_few_dozen_random_games_end_without_error_or_dead_end():
    endings = play_many(40)
    assert sum(endings.values()) == 40
    assert set(endings) <= ENDINGS


@pytest.mark.slow
def test_ten_thousand_random_games_end_without_error_or_dead_end():
    endings = play_many(10_000)
    assert sum(endings.values()) == 10_000
    assert set(endings) <= ENDINGS
    print("endings of 10,000 random games:", dict(endings.most_common()))
