"""Every installed game's bots see only their seat: a game re-dealt where the seat cannot
see (the declared hidden parts, and the generator's seed: the dice to come) gives the same
determinized worlds, so greedy and ISMCTS (same seed, same iterations) choose the same."""

import pytest

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.bots.search import GreedyAgent, IsmctsAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.play.match import Match
from tests.core.test_every_game import REGISTRY

GAMES = sorted(REGISTRY.games)


def decisions(game_id, seed, count):
    """Positions of a random game where a role chooses among two or more actions: every
    ``count``-th such decision of its first few hundred actions."""
    m = Match(REGISTRY.game(game_id), seed=seed)
    bot = RandomAgent(seed)
    seen = 0
    for _ in range(600):
        turn = m.ruleset.to_act(m.state, m.roles)
        if turn is None:
            return
        role, actions = turn
        if len(actions) > 1:
            seen += 1
            if seen % count == 0:
                yield m, role, list(actions)
        m.apply(role, bot.choose(Observation(m.ruleset, m.state, role, m.roles), actions))


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_seat_cannot_see_does_not_change_its_bots_choice(game_id):
    checked = 0
    for m, role, actions in decisions(game_id, seed=3, count=23):
        rules = m.ruleset
        other = rules.copy_state(m.state)
        rules.shuffle_hidden(other, role, Rng(seed=checked + 50))
        other.rng.seed ^= 0xBAD5EED
        a = Observation(rules, m.state, role, m.roles)
        b = Observation(rules, other, role, m.roles)
        assert rules.view(m.state, role) == rules.view(other, role)
        for seed in (1, 2):
            assert rules.dump_state(a.determinized(seed)) == rules.dump_state(b.determinized(seed))
        assert GreedyAgent(5).choose(a, actions) == GreedyAgent(5).choose(b, actions)
        assert IsmctsAgent(5, iterations=12).choose(a, actions) == IsmctsAgent(
            5, iterations=12
        ).choose(b, actions)
        checked += 1
        if checked == 3:
            break
    assert checked == 3
