import json

import pytest

from gameshelf.core.engine.rng import Rng, seed_from
from gameshelf.core.engine.state_model import dump_json, load_json


def test_same_seed_gives_same_draws():
    a, b = Rng(seed=7), Rng(seed=7)
    assert [a.d6() for _ in range(100)] == [b.d6() for _ in range(100)]


def test_different_seeds_give_different_draws():
    a, b = Rng(seed=7), Rng(seed=8)
    assert [a.d6() for _ in range(50)] != [b.d6() for _ in range(50)]


def test_state_survives_json_mid_stream():
    a = Rng(seed=123)
    for _ in range(17):
        a.randint(1, 100)
    b = load_json(Rng, dump_json(a))
    assert [a.randint(1, 100) for _ in range(30)] == [b.randint(1, 100) for _ in range(30)]


def test_d6_is_fair_by_chi_square():
    rng = Rng(seed=2024)
    rolls = 60_000
    counts = [0] * 6
    for _ in range(rolls):
        counts[rng.d6() - 1] += 1
    expected = rolls / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 20.52  # 5 degrees of freedom, p = 0.001


def test_randint_covers_its_range_inclusively():
    rng = Rng(seed=1)
    seen = {rng.randint(3, 5) for _ in range(300)}
    assert seen == {3, 4, 5}


def test_shuffle_is_a_permutation_and_uniform_over_small_lists():
    rng = Rng(seed=99)
    tally: dict[tuple[int, ...], int] = {}
    for _ in range(6000):
        items = [1, 2, 3]
        rng.shuffle(items)
        tally[tuple(items)] = tally.get(tuple(items), 0) + 1
    assert len(tally) == 6
    chi2 = sum((c - 1000) ** 2 / 1000 for c in tally.values())
    assert chi2 < 20.52


def test_scripted_values_come_first_and_count_as_draws():
    rng = Rng(seed=5, script=[6, 1])
    epoch = rng.epoch
    assert [rng.d6(), rng.d6()] == [6, 1]
    assert rng.epoch != epoch
    assert rng.script == []


def test_scripted_value_out_of_range_is_a_test_bug():
    rng = Rng(seed=5, script=[7])
    with pytest.raises(ValueError, match="outside"):
        rng.d6()


def test_shuffle_does_not_consume_the_script():
    rng = Rng(seed=5, script=[4])
    rng.shuffle([1, 2, 3, 4])
    assert rng.script == [4]


def test_reveal_moves_the_epoch_without_a_draw():
    rng = Rng(seed=5)
    before = rng.epoch
    rng.reveal()
    assert rng.counter == 0
    assert rng.epoch != before


def test_seed_from_is_stable_and_spreads():
    assert seed_from("game", 1) == seed_from("game", 1)
    assert seed_from("game", 1) != seed_from("game", 2)
    assert seed_from("a", "b") != seed_from("ab")
    assert json.loads(json.dumps(seed_from("x"))) == seed_from("x")


def test_choice_and_sample():
    rng = Rng(seed=3)
    assert rng.choice(["a", "b"]) in ("a", "b")
    sample = rng.sample(range(10), 4)
    assert len(set(sample)) == 4
    with pytest.raises(ValueError, match="empty"):
        rng.choice([])


def test_bounded_draws_are_raw_draws_reduced_with_rejection():
    """``_below`` inlines the generator: it must give exactly ``next_u64`` with rejection
    of the top partial range, counter included (a huge bound makes rejection frequent)."""
    for n in (1, 2, 6, 45, 4096, 3 << 62):
        fast, slow = Rng(seed=77), Rng(seed=77)
        limit = (1 << 64) - ((1 << 64) % n)
        for _ in range(300):
            x = slow.next_u64()
            while x >= limit:
                x = slow.next_u64()
            assert fast._below(n) == x % n
            assert fast.counter == slow.counter


def test_a_long_seeds_high_half_changes_every_draw():
    low = 0x1234_5678_9ABC_DEF0
    short, long_, other = Rng(seed=low), Rng(seed=(7 << 64) | low), Rng(seed=(8 << 64) | low)
    a, b, c = ([r.next_u64() for _ in range(8)] for r in (short, long_, other))
    assert a != b != c
    assert all(x != y for x, y in zip(a, b, strict=True))  # not the same stream whitened


def test_seeds_below_two_to_the_64_draw_as_before():
    # The first draws of seed 5 as the generator gave them before long seeds: pinned, so
    # saved games of 64-bit seeds replay exactly.
    r = Rng(seed=5)
    assert [r.next_u64() for _ in range(3)] == [
        7134611160154358618,
        13877614986023876344,
        4292726422858613063,
    ]
