"""The conformance kit for 2 to 5 players, and seeded random games to the end.

A uniform random game of Hansa runs 12,000-21,000 actions (random seats rarely fill a route of
their own, so their pieces sit on the board for hundreds of rounds). The kit follows each
random game for its first actions (``follow``), deep checks every 8th step, and checks the
first-legal games, which end in some 400 actions, to their end; the slow test follows random
games to their end. Random games are also played to their end here without the kit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.engine.rng import Rng
from gameshelf.core.registry.plugins import Game
from gameshelf.core.testing import check_across_processes, check_ruleset
from gameshelf.plugins.hansa_britannia.rules import RULESET

REASONS = {"prestige_20", "cities_8", "markers_out"}


@pytest.mark.parametrize(("players", "follow"), [([4], 1_200), ([5], 1_200), ([2, 3], 500)])
def test_the_kit_passes(players: list[int], follow: int, tmp_path: Path):
    report = check_ruleset(
        RULESET,
        seeds=range(1),
        players=players,
        deep_every=8,
        follow=follow,
        processes=False,
        failure_dir=tmp_path,
    )
    assert report.games == report.followed == len(players)
    assert report.first_legal["britannia"] in REASONS


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_is_the_same_in_two_fresh_processes(players: int, tmp_path: Path):
    check_across_processes(Game(RULESET), "britannia", 0, players, 300, tmp_path)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_by_the_rules(players: int):
    for seed in range(1):
        s = RULESET.setup(seed, players=players, options={"borders": players % 2 == 1})
        rng = Rng(seed=seed)
        while RULESET.outcome(s) is None:
            found = RULESET.to_act(s, RULESET.info.roles)
            assert found is not None
            role, actions = found
            RULESET.play(s, role, rng.choice(actions))
        out = RULESET.outcome(s)
        assert out.reason in RULESET.info.outcome_reasons
        assert all(sum(line[k] for k in line if k != "total") == line["total"] for line in s.final)
        assert set(out.winners) <= set(s.seats)  # never the neutral


@pytest.mark.slow
def test_the_kit_passes_for_4_and_5_players(tmp_path: Path):
    report = check_ruleset(
        RULESET, seeds=range(1), players=[4, 5], deep_every=256, failure_dir=tmp_path
    )
    assert report.games == 2
    assert set(report.outcomes) <= REASONS
