"""What each side may not see, declared (view.HIDDEN, core.engine.hidden): the blocks face down
(RULES §1 fog of war), the enemy's hand and the cards out for the year; the shuffle the
core derives from them, and the reveals it marks when blocks turn face up in a battle."""

from __future__ import annotations

from gameshelf.core.bots.agents import RandomAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.play.match import Match
from gameshelf.plugins.hammer_scots.battle import is_revealed
from gameshelf.plugins.hammer_scots.model import CARD_IDS, N_BLOCKS, SIDE, SIDES
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import DEAD, POOL, nobles_on_map
from gameshelf.plugins.hammer_scots.view import HIDDEN, BlocksFaceDown

FOG = next(part for part in HIDDEN if isinstance(part, BlocksFaceDown))


def states(seeds=range(3), every=29, limit=1500):
    """States of seeded random games, every ``every`` actions."""
    for seed in seeds:
        match = Match(RULESET, scenario="braveheart", seed=seed)
        agents = {role: RandomAgent(seed) for role in match.roles}
        while match.outcome() is None and match.seq < limit:
            match.play_bots(agents, limit=every)
            yield match.state


def what_a_side_sees_of_the_enemy(s, role):
    """Per area (and the pool): how many enemy blocks stand there and how many of them in
    reserve, and the enemy blocks it sees (revealed in battle) with their strength."""
    counts = {}
    for b in range(N_BLOCKS):
        if SIDE[b] == role or s.location[b] < POOL:
            continue
        key = (SIDE[b], s.location[b])
        n, reserves = counts.get(key, (0, 0))
        counts[key] = (n + 1, reserves + (b in s.reserves))
    revealed = {b: (s.location[b], s.strength[b]) for b in range(N_BLOCKS) if is_revealed(s, b)}
    return counts, revealed


def test_a_side_keeps_its_own_blocks_and_what_it_sees_of_the_enemys():
    dealt_again = 0
    for s in states():
        for role in (*SIDES, None):
            world = RULESET.copy_state(s)
            RULESET.shuffle_hidden(world, role, Rng(seed=s.rng.counter))
            own = [b for b in range(N_BLOCKS) if SIDE[b] == role]
            assert [world.location[b] for b in own] == [s.location[b] for b in own]
            assert [world.strength[b] for b in own] == [s.strength[b] for b in own]
            assert what_a_side_sees_of_the_enemy(world, role) == what_a_side_sees_of_the_enemy(
                s, role
            )
            dead = [b for b in range(N_BLOCKS) if s.location[b] == DEAD]
            assert [b for b in range(N_BLOCKS) if world.location[b] == DEAD] == dead
            for side in SIDES:  # who holds each noble is public: they stay on the map
                assert sorted(nobles_on_map(world, side)) == sorted(nobles_on_map(s, side))
            dealt_again += world.location != s.location
    assert dealt_again > 10  # the enemy's blocks really change places


def test_a_side_keeps_its_hand_and_the_enemy_hand_swaps_with_the_cards_out():
    for s in states(seeds=[4], every=11, limit=400):
        for role in SIDES:
            world = RULESET.copy_state(s)
            RULESET.shuffle_hidden(world, role, Rng(seed=s.rng.counter))
            enemy = next(side for side in SIDES if side != role)
            assert world.hands[role] == s.hands[role]
            assert world.played == s.played
            assert len(world.hands[enemy]) == len(s.hands[enemy])
            assert len(world.deck) == len(s.deck)
            unseen = sorted(world.hands[enemy] + world.deck.draw_pile)
            assert unseen == sorted(s.hands[enemy] + s.deck.draw_pile)
            every = unseen + world.hands[role] + world.played[role] + world.played[enemy]
            assert len(set(every)) == len(every)  # each card in one place
            assert set(every) <= set(CARD_IDS)


def test_blocks_turned_face_up_in_a_battle_are_new_information():
    """The core marks it (no hand-placed reveal in battle.py): whenever an action shows the
    enemy a block it did not see before, undo stops there; some of those actions rolled no
    die, so only the mark stops undo."""
    shown_without_a_die = 0
    for seed in range(4):
        match = Match(RULESET, scenario="braveheart", seed=seed)
        agents = {role: RandomAgent(seed) for role in match.roles}
        while match.outcome() is None and match.seq < 2500:
            before = FOG.shown(match.state)
            counter = match.state.rng.counter
            match.play_bots(agents, limit=1)
            after = FOG.shown(match.state)
            if not after <= before:
                assert match.history[-1].fresh, (seed, match.seq)
                shown_without_a_die += match.state.rng.counter == counter
    assert shown_without_a_die > 0
