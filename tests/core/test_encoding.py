"""core.engine.encoding: fixed action indices, observation layouts; and the kit's walk that
checks a game's encoding (core.testing.encoding: round trips, bounds, no leak)."""

from __future__ import annotations

import importlib.util
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    EncodingError,
    Filler,
    Layout,
    Memory,
    Runs,
    SeatHeader,
    Table,
    hot_rows,
    joined_rows,
    one_hot_rows,
    scaled,
    step_names,
)
from gameshelf.core.engine.ruleset import JSON, Action, Role
from gameshelf.core.registry.plugins import Registry
from gameshelf.core.testing.encoding import check_encoding
from tests.core.toygame import ROLES, DuelState, HighCardDuel

ROOT = Path(__file__).resolve().parents[2]


class DuelEncoding(Encoding):
    """A third party's encoding: cards 1–12, the seat's hand and the scores."""

    def __init__(self, ruleset: HighCardDuel) -> None:
        self.roles = ROLES
        self.actions = ActionSpace([("roll", [None]), ("pass", [None]), ("card", range(1, 13))])
        self.layout = Layout()
        self.header = SeatHeader(self.layout, ROLES, step_names(ruleset))
        self.cards = Table(range(1, 13))
        self.hand = self.layout.add("hand", 12, "the seat's hand")
        self.score = self.layout.add("score", 2, "each side's score over 10")

    def fill(self, view: JSON, out: Filler) -> None:
        self.header.fill(view, out)
        out.hot(self.hand, self.cards, view["hand"] or ())
        for i, role in enumerate(ROLES):
            out.put(self.score, view["score"][role] / 10, i)


class FastDuelEncoding(DuelEncoding):
    """The same vector the fast way: the seat's observation read from the state."""

    def __init__(self, ruleset: HighCardDuel) -> None:
        super().__init__(ruleset)
        self.fillers = (self.fill_hand, self.fill_scores)
        self.hands, self.tenths = hot_rows(self.cards.ids), scaled(10)

    def parts(self, s: DuelState, role: Role) -> tuple[object, ...]:
        return tuple(s.hands[role]), tuple(s.score[r] for r in ROLES)

    # each writes its field whole (Encoding.fillers)
    def fill_hand(self, hand: Sequence[int], out: Filler) -> None:
        out.raw[self.hand.raw] = self.hands[tuple(hand)]  # a list when the state's own

    def fill_scores(self, scores: tuple[int, ...], out: Filler) -> None:
        out.raw[self.score.raw] = b"".join(map(self.tenths.__getitem__, scores))


class EncodedDuel(HighCardDuel):
    def encoding(
        self,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> DuelEncoding:
        return DuelEncoding(self)


class LeakyDuel(EncodedDuel):
    """Shows each seat the rival's hand as its own: the walk must catch it."""

    def board_view(self, s: DuelState, role: Role | None) -> JSON:
        view = super().board_view(s, role)
        view["hand"] = [c for r in ROLES for c in s.hands[r]]
        return view


def test_an_encoding_without_fillers_refuses_the_fast_way():
    ruleset = HighCardDuel()
    state = ruleset.setup(1, None, None, 2)
    with pytest.raises(TypeError, match="DuelEncoding offers no fast way"):
        DuelEncoding(ruleset).observe_state(state, ROLES[0], ROLES)


def test_an_action_space_numbers_every_action_once_in_order():
    space = ActionSpace([("pass", [None]), ("area", ["north", "south"])])
    assert space.size == 3
    assert [space.encode(a) for a in space.actions] == [0, 1, 2]
    assert space.decode(2) == Action("area", "south")
    assert "| `area` | 1–2 | 2 |" in space.table()


def test_an_action_outside_the_space_and_an_index_outside_n_are_refused():
    space = ActionSpace([("pass", [None])])
    with pytest.raises(EncodingError, match="not in the game's action space"):
        space.encode(Action("area", "north"))
    for index in (-1, 1):
        with pytest.raises(EncodingError, match=r"outside 0\.\.0"):
            space.decode(index)


def test_an_action_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([("pass", [None]), ("pass", [None])])


def test_a_layout_places_fields_one_after_the_other_and_refuses_a_name_twice():
    layout = Layout()
    a, b = layout.add("a", 3, "first"), layout.add("b", 2, "second")
    assert (a.offset, b.offset, layout.size) == (0, 3, 5)
    assert layout["b"] is b
    with pytest.raises(ValueError, match="already"):
        layout.add("a", 1, "again")
    assert "| 3 | 2 | `b` | second |" in layout.table()


def test_a_filler_writes_inside_its_field_only():
    layout = Layout()
    layout.add("before", 1, "")
    f = layout.add("f", 3, "")
    out = Filler(layout.size + 1)
    out.one_hot(f, Table("xyz"), "y")
    out.add(f, 0.5, 2)
    out.add(f, 0.5, 2)
    assert list(out.vector) == [0.0, 0.0, 1.0, 1.0, 0.0]
    with pytest.raises(IndexError, match=r"f\[3\]"):
        out.put(f, 1.0, 3)


def test_a_run_of_places_and_fields_side_by_side_are_their_bytes():
    layout = Layout()
    first = layout.add("first", 2, "")
    second = layout.add("second", 3, "")
    out = Filler(layout.size)
    out.raw[second.places(1, 3)] = array("f", (0.5, 1.0)).tobytes()
    assert list(out.vector) == [0.0, 0.0, 0.0, 0.5, 1.0]
    out.raw[first.through(second)] = bytes(4 * layout.size)
    assert list(out.vector) == [0.0] * 5
    assert first.raw == first.places(0, 2) == slice(0, 8)
    with pytest.raises(IndexError, match=r"second\[2:4\]"):
        second.places(2, 4)
    with pytest.raises(ValueError, match="first comes before second"):
        second.through(first)


def test_runs_of_bytes_are_the_places_a_filler_would_write():
    layout = Layout()
    layout.add("before", 1, "")
    f = layout.add("f", 3, "")
    out, rows = Filler(layout.size), one_hot_rows("xyz")
    out.raw[f.raw] = rows["z"]
    assert list(out.vector) == [0.0, 0.0, 0.0, 1.0]
    out.raw[f.raw] = rows[None]  # nothing: the whole run cleared
    assert list(out.vector) == [0.0] * 4
    out.raw[f.raw] = hot_rows("xyz")[("x", "z")]
    assert list(out.vector) == [0.0, 1.0, 0.0, 1.0]
    out.raw[f.raw] = b"".join(map(scaled(10).__getitem__, (1, 2, 3)))
    assert list(out.vector) == list(array("f", [0.0, 0.1, 0.2, 0.3]))  # as a fill puts them
    with pytest.raises(ValueError, match="structure"):  # another length: never spills over
        out.raw[f.raw] = rows["x"] + rows["y"]
    assert list(out.vector) == list(array("f", [0.0, 0.1, 0.2, 0.3]))
    with pytest.raises(KeyError):
        rows["w"]  # an id outside the table


def test_runs_are_made_once_and_start_again_when_full():
    made: list[int] = []
    runs = Runs(lambda x: made.append(x) or bytes(4), size=2)
    assert runs[1] == runs[1] == bytes(4)
    assert made == [1]
    runs[2]
    runs[3]  # full: the runs kept are dropped
    assert made == [1, 2, 3]
    assert list(runs) == [3]


def test_joined_rows_lay_each_keys_row_side_by_side_once_per_tuple():
    rows = one_hot_rows("xy")
    rows[""] = rows[None]
    runs = joined_rows(rows)
    made = runs[("y", "", "x")]
    assert list(array("f", made)) == [0.0, 1.0, 0.0, 0.0, 1.0, 0.0]
    assert runs[("y", "", "x")] is made  # met before: not joined again


def test_the_header_is_written_whole_from_its_seat_the_active_seats_and_the_step():
    layout = Layout()
    header = SeatHeader(layout, ("a", "b", "c"), ["play", "score"])
    out = Filler(layout.size)
    header.fill_part(("b", ("a", "c"), "score"), out)
    assert list(out.vector) == [0, 1, 0, 1, 0, 1, 0, 1]
    header.fill({"role": "a", "active": ["b"], "step": "play"}, out)  # every place again
    assert list(out.vector) == [1, 0, 0, 0, 1, 0, 1, 0]


class Places(Encoding):
    """Things in places, each place a part of the view: ``{"places": [[thing, ...], ...]}``,
    a thing's own field written by the place that holds it."""

    def __init__(self) -> None:
        self.roles, self.actions = ("a",), ActionSpace([("pass", [None])])
        self.layout = Layout()
        self.things = Table("xyz")
        self.where = self.layout.add("where", 3 * 2, "per thing: in place 0, in place 1")
        self.count = self.layout.add("count", 2, "things per place")
        self.turn = self.layout.add("turn", 1, "the turn")
        self.filled: list[int] = []  # the places filled, in order

    def fill(self, view: JSON, out: Filler) -> None:
        out.put(self.turn, view["turn"])
        for p, place in enumerate(view["places"]):
            out.part(("place", p), place, lambda o, p=p, place=place: self.place(p, place, o))

    def place(self, p: int, place: list[str], out: Filler) -> None:
        self.filled.append(p)
        for thing in place:
            out.put(self.where, 1.0, 2 * self.things.at[thing] + p)
            out.add(self.count, 1.0, p)


def test_a_memory_fills_again_only_the_parts_that_are_new_objects():
    enc, memory = Places(), Memory()
    first, second = ["x", "y"], []
    assert enc.observe({"turn": 1, "places": [first, second]}, memory) == enc.observe(
        {"turn": 1, "places": [first, second]}
    )
    enc.filled.clear()
    moved = ["y", "z"]  # x went away and z came: a new part; place 0 is the same object
    again = enc.observe({"turn": 2, "places": [first, moved]}, memory)
    assert enc.filled == [1]
    assert again == enc.observe({"turn": 2, "places": [first, moved]})
    enc.filled.clear()
    to_first = ["x", "y", "z"]  # z goes from place 1 to place 0: cleared, then written
    third = enc.observe({"turn": 3, "places": [to_first, []]}, memory)
    assert third == enc.observe({"turn": 3, "places": [to_first, []]})
    assert list(third[:6]) == [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]


def test_the_walk_catches_a_part_filled_from_a_memory_that_misses_a_change():
    class Stale(EncodedDuel):
        def encoding(self, scenario=None, options=None, players=None):
            enc = DuelEncoding(self)
            fill = enc.fill
            enc.fill = lambda view, out: out.part("all", "the same", lambda o: fill(view, o))
            return enc

    with pytest.raises(AssertionError, match="filled from its memory differs"):
        check_encoding(Stale(), seeds=range(1), max_steps=30)


class FastDuel(EncodedDuel):
    def encoding(self, scenario=None, options=None, players=None):
        return FastDuelEncoding(self)


def test_the_fast_way_makes_the_views_vector_and_writes_again_only_changed_parts():
    ruleset = FastDuel()
    enc = ruleset.encoding()
    report = check_encoding(ruleset, seeds=range(3), max_steps=60)  # compares both ways
    assert report.decisions > 20
    state = ruleset.setup(5)
    memory, written = enc.seat_memory(), []
    hand = enc.fill_hand
    enc.fillers = (lambda part, out: (written.append(part), hand(part, out)), enc.fill_scores)
    active = ruleset.active(state)
    first = enc.observe_state(state, "north", active, memory)
    assert list(first) == list(enc.observe(ruleset.view(state, "north")))
    assert written == [tuple(state.hands["north"])]
    enc.observe_state(state, "north", active, memory)  # the same observation: nothing written
    assert len(written) == 1
    state.score["south"] += 3  # the scores change, not the hand
    again = enc.observe_state(state, "north", active, memory)
    assert len(written) == 1
    assert list(again) == list(enc.observe(ruleset.view(state, "north")))


def test_a_part_that_is_the_states_own_list_is_copied_by_the_memory():
    class Live(FastDuelEncoding):
        def parts(self, s, role):
            return s.hands[role], tuple(s.score[r] for r in ROLES)  # the hand itself

    ruleset = FastDuel()
    enc, state = Live(ruleset), ruleset.setup(5)
    memory, active = enc.seat_memory(), ruleset.active(state)
    enc.observe_state(state, "north", active, memory)
    state.hands["north"].pop()  # changed in place: the memory's copy still has the card
    again = enc.observe_state(state, "north", active, memory)
    assert list(again) == list(enc.observe(ruleset.view(state, "north")))


def test_the_walk_catches_a_filler_that_leaves_places_of_its_last_call():
    class Sparse(FastDuelEncoding):
        def fill_hand(self, hand: Sequence[int], out: Filler) -> None:
            for card in hand:  # the 1s only: a card played stays 1 in a remembered vector
                out.vector[self.hand.offset + self.cards.at[card]] = 1.0

    class SparseDuel(EncodedDuel):
        def encoding(self, scenario=None, options=None, players=None):
            return Sparse(self)

    stale = "from its observation's memory differs in \\['hand'\\]"
    with pytest.raises(AssertionError, match=stale):
        check_encoding(SparseDuel(), seeds=range(2), max_steps=30)


def test_the_walk_catches_a_fast_way_that_reads_the_rivals_hand():
    class Peeking(FastDuelEncoding):
        def parts(self, s, role):
            return tuple(c for r in ROLES for c in s.hands[r]), tuple(s.score[r] for r in ROLES)

    class PeekingDuel(EncodedDuel):
        def encoding(self, scenario=None, options=None, players=None):
            return Peeking(self)

    with pytest.raises(AssertionError, match="from its observation differs in \\['hand'\\]"):
        check_encoding(PeekingDuel(), seeds=range(2), max_steps=30)


def test_a_game_without_an_encoding_says_so():
    assert HighCardDuel().encoding() is None


def test_the_walk_passes_a_sound_encoding_of_a_third_party_game():
    report = check_encoding(EncodedDuel(), seeds=range(3), max_steps=60)
    assert report.decisions > 20
    assert report.vectors == 2 * report.decisions
    assert {EncodedDuel().encoding().actions.decode(i).type for i in report.actions} >= {"card"}


def test_the_walk_catches_a_view_that_shows_a_seat_the_rivals_hand():
    with pytest.raises(AssertionError, match=r"re-dealing what .* may not see moves \['hand'\]"):
        check_encoding(LeakyDuel(), seeds=range(2), max_steps=30)


def test_the_walk_catches_an_offered_action_outside_the_space():
    class Narrow(EncodedDuel):
        def encoding(self, scenario=None, options=None, players=None):
            enc = DuelEncoding(self)
            enc.actions = ActionSpace([("roll", [None]), ("pass", [None])])
            return enc

    with pytest.raises(EncodingError, match="card"):
        check_encoding(Narrow(), seeds=range(1), max_steps=30)


def test_every_bundled_game_offers_an_encoding():
    games = Registry().games
    for game_id in ("hammer_scots", "three_kingdoms", "twilight_struggle", "hansa_britannia"):
        enc = games[game_id].ruleset.encoding()
        assert enc is not None, game_id
        assert enc.actions.size > 0
        assert enc.layout.size > 0


def test_the_encoding_pages_in_docs_are_up_to_date(capsys):
    spec = importlib.util.spec_from_file_location("rl_docs", ROOT / "scripts" / "rl_docs.py")
    assert spec is not None
    assert spec.loader is not None
    rl_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rl_docs)
    assert rl_docs.main(["--check"]) == 0, capsys.readouterr().err
