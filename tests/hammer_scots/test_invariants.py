"""Facts that hold after every action of random games of every scenario."""

from __future__ import annotations

import pytest

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.plugins.hammer_scots.model import FULL, N_BLOCKS, OTHER_COLOUR, TWO_COLOURED
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import OFF, POOL, contested_areas

QUIET_STEPS = {"card_phase", "new_year", "next_turn"}


def check(s):
    for b in TWO_COLOURED:  # RULES §1: one block of each two-coloured noble is in play
        in_play = [x for x in (b, OTHER_COLOUR[b]) if s.location[x] != OFF]
        assert len(in_play) == 1, in_play
        assert s.location[in_play[0]] >= 0  # nobles never sit in a pool
    for b in range(N_BLOCKS):
        if s.location[b] >= 0:
            assert 1 <= s.strength[b] <= FULL[b], (b, s.strength[b])
        elif s.location[b] == POOL:
            assert s.strength[b] == FULL[b]
    assert all(s.location[b] >= 0 for b in s.reserves)
    assert not set(s.hands["England"]) & set(s.hands["Scotland"])
    assert len(s.hands["England"]) == len(s.hands["Scotland"])
    if s.step in QUIET_STEPS:
        assert contested_areas(s) == []
        assert s.reserves == []
    if s.step in {"move_who", "move_where", "norse_move"}:
        assert s.active == [s.acting]
        assert s.move_points >= 0


@pytest.mark.parametrize("scenario", ["braveheart", "the_bruce", "campaign"])
def test_invariants_hold_through_random_games(scenario):
    for seed in range(4):
        s = RULESET.setup(seed, scenario)
        agent = RandomAgent(seed)
        for _ in range(3000):
            if RULESET.outcome(s) is not None:
                break
            check(s)
            role = RULESET.active(s)[0]
            RULESET.apply(
                s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
            )
        check(s)
