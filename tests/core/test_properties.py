"""Property tests: the core's mechanisms hold for any input hypothesis can think of."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.engine.graph import AreaGraph
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from tests.core.toygame import RULESET

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "arg", "x"]), children, max_size=3)
    ),
    max_leaves=6,
)


@given(json_values)
def test_any_json_is_an_action_or_a_malformed_refusal(raw):
    try:
        action = Action.of(raw)
    except IllegalAction as exc:
        code = exc.code
    else:
        code = "ok"
        assert isinstance(action.type, str)
    assert code in ("ok", "malformed")


@settings(max_examples=60)
@given(json_values, st.sampled_from(["north", "south", "east", ""]))
def test_apply_refuses_garbage_without_touching_the_state(raw, role):
    s = RULESET.setup(3)
    before = s.to_json()
    try:
        RULESET.apply(s, role, raw)
    except IllegalAction:
        assert s.to_json() == before
    else:
        assert Action.of(raw) in RULESET.actions(RULESET.load_state(before), role)


@st.composite
def graphs(draw):
    n = draw(st.integers(2, 8))
    areas = [f"a{i}" for i in range(n)]
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=12))
    kinds = draw(
        st.lists(st.sampled_from(["black", "red"]), min_size=len(chosen), max_size=len(chosen))
    )
    borders = [(areas[i], areas[j], k) for (i, j), k in zip(chosen, kinds, strict=True)]
    return AreaGraph(areas, borders)


def brute_force(g: AreaGraph, start: str, allowance: int) -> dict[str, int]:
    """Every walk of up to ``allowance`` steps that never passes through a red crossing."""
    best = {start: 0}
    walks = [(start, 0)]
    while walks:
        here, spent = walks.pop()
        for there in g.neighbours(here):
            total = spent + 1
            if total > allowance:
                continue
            best[there] = min(best.get(there, total), total)
            if g.border(here, there).kind != "red":
                walks.append((there, total))
    return best


@settings(max_examples=80)
@given(graphs(), st.integers(0, 4))
def test_reachable_matches_brute_force(g, allowance):
    stop = lambda a, b, border: border.kind == "red"  # noqa: E731
    assert g.reachable("a0", allowance, must_stop=stop) == brute_force(g, "a0", allowance)


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_randint_stays_in_range(seed, high):
    rng = Rng(seed=seed)
    assert all(0 <= rng.randint(0, high) <= high for _ in range(20))
