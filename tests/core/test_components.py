"""Decks, dice, maps, money and turn order."""

import pytest

from gameshelf.core.engine.deck import Deck, EmptyDeck, take_from_hand
from gameshelf.core.engine.dice import count_at_least, count_at_most, roll
from gameshelf.core.engine.graph import AreaGraph
from gameshelf.core.engine.money import NotEnoughMoney, Purse
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.turns import next_in_order, starting_from

# --- decks ---------------------------------------------------------------------------


def test_shuffled_deck_holds_every_card_once():
    deck = Deck.shuffled(range(10), Rng(seed=1))
    assert sorted(deck.draw_pile) == list(range(10))


def test_draw_takes_from_the_top_and_marks_new_information():
    rng = Rng(seed=1)
    deck = Deck(draw_pile=[3, 2, 1])  # top first
    epoch = rng.epoch
    assert deck.draw(rng, 2) == [3, 2]
    assert rng.epoch != epoch
    assert deck.draw_pile == [1]


def test_a_shuffled_deck_is_dealt_in_the_order_of_one_shuffle():
    # Games deal "shuffle the cards, the first five to England": the same draws as before.
    cards = list(range(25))
    Rng(seed=7).shuffle(cards)
    deck = Deck.shuffled(range(25), Rng(seed=7))
    assert deck.draw(Rng(seed=7), 5) == cards[:5]
    assert deck.draw_pile == cards[5:]


def test_turning_the_top_card_up_discards_it_and_marks_new_information():
    rng = Rng(seed=1)
    deck = Deck(draw_pile=[4, 5])
    epoch = rng.epoch
    assert deck.turn_up(rng) == 4
    assert rng.epoch != epoch
    assert deck.draw_pile == [5]
    assert deck.discard_pile == [4]


def test_turning_up_from_an_empty_deck_is_refused():
    deck = Deck(draw_pile=[])
    with pytest.raises(EmptyDeck, match="no card to turn up"):
        deck.turn_up(Rng(seed=1))
    assert deck == Deck(draw_pile=[])


def test_empty_pile_reshuffles_the_discards():
    rng = Rng(seed=1)
    deck = Deck(draw_pile=[1], discard_pile=[5, 6])
    drawn = deck.draw(rng, 3)  # 1, then the discards shuffled under it
    assert drawn[0] == 1
    assert sorted(drawn[1:]) == [5, 6]
    assert deck.discard_pile == []


def test_draw_stops_when_both_piles_are_empty():
    deck = Deck(draw_pile=[1])
    assert deck.draw(Rng(seed=1), 3) == [1]


def test_draw_without_reshuffle_refuses_a_short_pile():
    deck = Deck(draw_pile=[1], discard_pile=[2])
    with pytest.raises(EmptyDeck):
        deck.draw(Rng(seed=1), 2, reshuffle=False)


def test_removed_cards_never_come_back():
    rng = Rng(seed=1)
    deck = Deck(draw_pile=[])
    deck.remove(9)
    deck.discard(4)
    assert deck.draw(rng, 2) == [4]
    assert deck.removed == [9]


def test_put_bottom_and_top():
    deck = Deck(draw_pile=[2])
    deck.put_bottom(1)
    deck.put_top(3)
    assert deck.draw_pile == [3, 2, 1]  # top first


def test_take_from_hand():
    hand = [1, 2, 3]
    assert take_from_hand(hand, 2) == 2
    assert hand == [1, 3]
    with pytest.raises(ValueError, match="not in list"):
        take_from_hand(hand, 9)


# --- dice ----------------------------------------------------------------------------


def test_roll_and_count():
    rng = Rng(seed=1, script=[1, 3, 6])
    rolls = roll(rng, 3)
    assert rolls == [1, 3, 6]
    assert count_at_most(rolls, 3) == 2
    assert count_at_least(rolls, 6) == 1


@pytest.mark.parametrize("sides", [2, 6, 7, 20])
def test_a_roll_draws_what_one_die_at_a_time_draws(sides):
    # roll() writes randint's draws out for speed: the same values, the same counter
    one_by_one, at_once = Rng(seed=5), Rng(seed=5)
    for dice in (0, 1, 3, 8):
        singles = [one_by_one.randint(1, sides) for _ in range(dice)]
        assert roll(at_once, dice, sides) == singles
        assert at_once.counter == one_by_one.counter


def test_a_die_needs_a_side():
    rng = Rng(seed=5)
    with pytest.raises(ValueError, match="cannot draw below 0"):
        roll(rng, 2, 0)
    assert rng.counter == 0


# --- maps ----------------------------------------------------------------------------


def line_map() -> AreaGraph:
    #  a -black- b -red- c -black- d,  a -black- e
    return AreaGraph(
        ["a", "b", "c", "d", "e"],
        [
            ("a", "b", "black"),
            ("b", "c", "red"),
            ("c", "d", "black"),
            ("a", "e", "black", {"national": True}),
        ],
    )


def test_adjacency_and_borders():
    g = line_map()
    assert g.neighbours("a") == ["b", "e"]
    assert g.adjacent("b", "a")
    assert not g.adjacent("a", "c")
    border = g.border("c", "b")
    assert border is not None
    assert border.kind == "red"
    assert border.other("b") == "c"
    assert g.border("a", "e").attrs == {"national": True}
    assert [b.index for b in g.borders] == [0, 1, 2, 3]


def test_bad_borders_are_refused():
    with pytest.raises(ValueError, match="unknown area"):
        AreaGraph(["a"], [("a", "z", "black")])
    with pytest.raises(ValueError, match="twice"):
        AreaGraph(["a", "b"], [("a", "b", "black"), ("b", "a", "red")])


def test_reachable_within_allowance():
    assert line_map().reachable("a", 2) == {"a": 0, "b": 1, "c": 2, "e": 1}


def test_reachable_stops_at_a_stopping_border():
    reached = line_map().reachable("a", 3, must_stop=lambda a, b, border: border.kind == "red")
    assert reached == {"a": 0, "b": 1, "c": 2, "e": 1}  # c is reached but not passed


def test_reachable_respects_refused_crossings_and_costs():
    g = line_map()
    assert "e" not in g.reachable("a", 3, may_cross=lambda a, b, border: b != "e")
    costly = g.reachable("a", 3, cost=lambda a, b, border: 2 if border.kind == "red" else 1)
    assert costly == {"a": 0, "b": 1, "c": 3, "e": 1}


def test_reachable_prefers_a_path_that_may_go_on():
    # x -red- y is direct, x - z - y is longer but does not stop in y.
    g = AreaGraph(
        ["x", "y", "z", "w"],
        [("x", "y", "red"), ("x", "z", "black"), ("z", "y", "black"), ("y", "w", "black")],
    )
    reached = g.reachable("x", 3, must_stop=lambda a, b, border: border.kind == "red")
    assert reached["y"] == 1
    assert reached["w"] == 3


def test_distances():
    assert line_map().distances("d") == {"d": 0, "c": 1, "b": 2, "a": 3, "e": 4}


def no_red(a, b, border):
    return border.kind != "red"


def test_distances_and_connected_under_a_predicate():
    g = line_map()
    assert g.distances("a", may_cross=no_red) == {"a": 0, "b": 1, "e": 1}
    assert g.connected("a", may_cross=no_red) == ["a", "b", "e"]  # nearest first
    assert g.connected("d", may_cross=no_red) == ["d", "c"]
    assert g.connected("d") == ["d", "c", "b", "a", "e"]


def square() -> AreaGraph:
    #  n -1- e
    #  |     |      the way round by the west is cheaper than the east's 5
    #  1     5
    #  |     |
    #  w -1- s -1- x
    return AreaGraph(
        ["n", "e", "s", "w", "x"],
        [
            ("n", "e", "road", {"cost": 1}),
            ("e", "s", "road", {"cost": 5}),
            ("s", "w", "road", {"cost": 1}),
            ("w", "n", "road", {"cost": 1}),
            ("s", "x", "ford", {"cost": 1}),
        ],
    )


def priced(a, b, border):
    return border.attrs["cost"]


def test_shortest_path_by_crossings_and_by_cost():
    g = square()
    assert g.shortest_path("e", "s") == ["e", "s"]  # one crossing
    assert g.shortest_path("e", "s", cost=priced) == ["e", "n", "w", "s"]  # 3 < 5
    assert g.shortest_path("n", "n") == ["n"]
    assert g.shortest_path("n", "x", may_cross=lambda a, b, border: border.kind != "ford") is None


def test_shortest_path_ties_are_always_broken_the_same_way():
    # n to s: by e or by w, two crossings each; e is settled first (data order).
    g = square()
    assert g.shortest_path("n", "s") == ["n", "e", "s"]
    assert g.shortest_path("s", "n") == ["s", "e", "n"]


def test_shortest_path_refuses_unknown_areas_and_negative_costs():
    g = square()
    with pytest.raises(ValueError, match="unknown area"):
        g.shortest_path("n", "atlantis")
    with pytest.raises(ValueError, match="below zero"):
        g.shortest_path("n", "s", cost=lambda a, b, border: -1)


def test_components_of_some_areas():
    g = square()
    # A network: the areas one holds, joined only through areas it holds.
    assert g.components(["x", "n", "e", "s"]) == [["n", "e", "s", "x"]]
    assert g.components(["n", "x", "s"]) == [["n"], ["s", "x"]]
    assert g.components(
        ["n", "e", "s", "x"], may_cross=lambda a, b, border: border.kind != "ford"
    ) == [
        ["n", "e", "s"],
        ["x"],
    ]
    assert g.components() == [["n", "e", "s", "w", "x"]]
    assert g.components([]) == []
    with pytest.raises(ValueError, match="unknown area"):
        g.components(["n", "atlantis"])


# --- money ---------------------------------------------------------------------------


def test_money_moves_between_holders_and_the_bank():
    purse = Purse(cash={"a": 100})
    purse.gain("b", 50)
    assert purse.pay("a", "b", 30) == 30
    assert (purse["a"], purse["b"]) == (70, 80)
    assert purse.pay("b", None, 80) == 80
    assert purse["b"] == 0


def test_money_never_goes_below_zero_silently():
    purse = Purse(cash={"a": 10})
    with pytest.raises(NotEnoughMoney) as err:
        purse.pay("a", "b", 30)
    assert err.value.need == 30
    assert purse["a"] == 10
    assert purse.pay("a", "b", 30, partial=True) == 10
    assert purse["a"] == 0
    assert purse["b"] == 10


# --- turn order ----------------------------------------------------------------------


def test_turn_order_wraps_and_skips():
    order = ["p1", "p2", "p3"]
    assert next_in_order(order, "p3") == "p1"
    assert next_in_order(order, "p1", skip=["p2"]) == "p3"
    assert starting_from(order, "p2") == ["p2", "p3", "p1"]
    with pytest.raises(ValueError, match="every seat"):
        next_in_order(order, "p1", skip=order)
