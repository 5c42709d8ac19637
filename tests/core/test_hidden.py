"""Declared hidden information (core.engine.hidden): the shuffle the core derives from hands, draw
piles, face-down cards and face-down pieces, and the reveals it marks itself."""

from __future__ import annotations

import pytest
from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.hidden import DrawPile, Exchange, FaceDown, Hands, Identities, Watch
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, GameInfo, Outcome, Scenario, StepRuleset
from gameshelf.core.engine.state import GameState, state_model
from gameshelf.core.engine.steps import Step, StepMachine, all_legal
from tests.core.toygame import RULESET as DUEL

# --- cards ----------------------------------------------------------------------------------


@state_model
class Table(GameState):
    hands: dict[str, list[int]] = Field(default_factory=dict)
    down: dict[str, list[int]] = Field(default_factory=dict)
    deck: Deck = Field(default_factory=Deck)
    supply: list[str] = Field(default_factory=list)


def table() -> Table:
    return Table(
        rng=Rng(seed=1),
        hands={"a": [1, 2, 3], "b": [4, 5], "c": [6, 7, 8, 9]},
        down={"a": [10], "b": [11, 12], "c": []},
        deck=Deck(draw_pile=[20, 21, 22, 23, 24, 25], discard_pile=[30]),
        supply=["x", "y", "z", "w"],
    )


def worlds(part, role, n=30):
    out = []
    for seed in range(n):
        s = table()
        part.hide(s, role, Rng(seed=seed))
        out.append(s)
    return out


def test_a_hand_redealt_keeps_its_size_and_its_owner_keeps_its_own():
    before = table()
    seen = set()
    for s in worlds(Hands("hands"), "a"):
        assert s.hands["a"] == [1, 2, 3]  # the owner's own hand, untouched
        assert [len(s.hands[r]) for r in "bc"] == [2, 4]  # every size is public
        assert sorted(s.hands["b"] + s.hands["c"]) == [4, 5, 6, 7, 8, 9]
        assert s.deck == before.deck
        assert s.down == before.down
        seen.add(tuple(s.hands["b"]))
    assert len(seen) > 5  # the rivals' hands really swap cards


def test_a_spectator_sees_no_hand():
    for s in worlds(Hands("hands"), None):
        assert sorted(s.hands["a"] + s.hands["b"] + s.hands["c"]) == list(range(1, 10))
    assert {tuple(s.hands["a"]) for s in worlds(Hands("hands"), None)} != {(1, 2, 3)}


def test_a_draw_pile_is_permuted_and_its_discards_stay():
    orders = set()
    for s in worlds(DrawPile("deck"), "a"):
        assert sorted(s.deck.draw_pile) == [20, 21, 22, 23, 24, 25]
        assert s.deck.discard_pile == [30]  # face up
        assert s.hands == table().hands
        orders.add(tuple(s.deck.draw_pile))
    assert len(orders) > 10


def test_a_draw_pile_may_be_a_plain_list():
    orders = {tuple(s.supply) for s in worlds(DrawPile("supply"), "b")}
    assert all(sorted(order) == ["w", "x", "y", "z"] for order in orders)
    assert len(orders) > 5


def test_hands_and_the_pile_in_one_exchange_swap_cards():
    cards = set()
    for s in worlds(Exchange(Hands("hands"), DrawPile("deck")), "a"):
        assert s.hands["a"] == [1, 2, 3]
        assert [len(s.hands["b"]), len(s.hands["c"]), len(s.deck.draw_pile)] == [2, 4, 6]
        pool = s.hands["b"] + s.hands["c"] + s.deck.draw_pile
        assert sorted(pool) == [4, 5, 6, 7, 8, 9, 20, 21, 22, 23, 24, 25]
        cards.update(s.hands["b"])
    assert cards & {20, 21, 22, 23, 24, 25}  # a rival may hold what was in the pile


def test_per_owner_exchanges_keep_each_owners_cards_with_it():
    part = Exchange(Hands("hands"), FaceDown("down"), per_owner=True)
    moved = False
    for s in worlds(part, "a"):
        assert s.hands["a"] == [1, 2, 3]
        assert s.down["a"] == [10]
        assert sorted(s.hands["b"] + s.down["b"]) == [4, 5, 11, 12]
        assert sorted(s.hands["c"] + s.down["c"]) == [6, 7, 8, 9]
        assert (len(s.hands["b"]), len(s.down["b"])) == (2, 2)
        moved = moved or s.down["b"] != [11, 12]
    assert moved


def test_cards_whose_place_is_known_stay_put():
    part = Exchange(Hands("hands"), FaceDown("down"), per_owner=True, fixed=lambda s, r: [4])
    for s in worlds(part, "a"):
        assert s.hands["b"][0] == 4  # where it was: everyone knows it is there
    seen = {tuple(s.hands["b"]) for s in worlds(part, "a")}
    assert len(seen) > 1


def test_face_down_cards_their_owner_does_not_know_are_hidden_from_it_too():
    part = FaceDown("down", owner_sees=False)
    assert any(s.down["b"] != [11, 12] for s in worlds(part, "b"))


def test_a_declaration_that_does_not_fit_the_state_says_why():
    s = table()
    assert Exchange(Hands("hands"), DrawPile("deck")).check(s) is None
    assert "names no field of Table" in Hands("hand").check(s)
    assert "is not a Deck or a list" in DrawPile("hands").check(s)
    assert "is not what the declaration says" in Hands("supply").check(s)
    with pytest.raises(ValueError, match="no card places"):
        Exchange()


# --- pieces face down -------------------------------------------------------------------------

OWNERS = ("red", "red", "red", "blue", "blue", "blue")  # pieces 0-2 red, 3-5 blue


@state_model
class Field6(GameState):
    where: list[int] = Field(default_factory=lambda: [0, 1, 2, 0, 1, -1])  # -1: in the box
    strength: list[int] = Field(default_factory=lambda: [3, 3, 3, 3, 3, 3])
    tired: list[int] = Field(default_factory=list)  # a mark on a place: moved this turn
    moving: int = -1
    fight_at: int = -1  # pieces in this area are seen by both sides


class Pieces(Identities[Field6]):
    per_piece = ("where",)
    marks = ("tired", "moving")
    roles = ("red", "blue")

    def sees(self, s, role, piece):
        return OWNERS[piece] == role or s.where[piece] == s.fight_at >= 0

    def owner(self, piece):
        return OWNERS[piece]

    def deal(self, s, role, rng):
        identity = {}
        for side in ("red", "blue"):
            hidden = [p for p in range(6) if OWNERS[p] == side and not self.sees(s, role, p)]
            dealt = list(hidden)
            rng.shuffle(dealt)
            identity.update(zip(hidden, dealt, strict=True))
        return identity

    def redraw(self, s, piece, rng):
        s.strength[piece] = rng.randint(1, 4)


def field() -> Field6:
    return Field6(rng=Rng(seed=0), tired=[3], moving=4)


def test_a_sides_own_pieces_stay_and_the_enemys_are_dealt_again():
    deals = set()
    for seed in range(30):
        s = field()
        Pieces().hide(s, "red", Rng(seed=seed))
        assert s.where[:3] == [0, 1, 2]
        assert s.strength[:3] == [3, 3, 3]
        # Blue still stands where it stood, one in each place: only who is where changed.
        assert sorted(s.where[3:]) == [-1, 0, 1]
        # The marks go with the place: the piece now standing where 3 stood is tired.
        assert s.tired == [s.where.index(0, 3)]
        assert s.where[s.moving] == 1
        assert s.moving >= 3
        deals.add(tuple(s.where[3:]))
    assert len(deals) > 3


def test_a_piece_everyone_sees_is_not_dealt_again():
    for seed in range(20):
        s = field()
        s.fight_at = 0
        Pieces().hide(s, "red", Rng(seed=seed))
        assert s.where[3] == 0
        assert s.strength[3] == 3
        assert sorted(s.where[4:]) == [-1, 1]


def test_shown_is_what_some_role_sees_of_a_piece_it_does_not_own():
    s = field()
    assert Pieces().shown(s) == frozenset()
    s.fight_at = 0
    assert Pieces().shown(s) == {0, 3}


def test_a_deal_that_is_no_permutation_is_a_bug():
    class Duplicates(Pieces):
        def deal(self, s, role, rng):
            return {3: 4, 4: 4}

    with pytest.raises(ValueError, match="no permutation"):
        Duplicates().hide(field(), "red", Rng(seed=1))


def test_the_pieces_declaration_is_checked_against_the_state():
    assert Pieces().check(field()) is None

    class Misnamed(Pieces):
        marks = ("tired", "movng")

    assert "'movng' is no field" in Misnamed().check(field())

    class Unwatched(Pieces):
        roles = ()

    assert "could not tell when a piece is shown" in Unwatched().check(field())


# --- the ruleset: shuffle_hidden and reveals, derived -----------------------------------------

machine: StepMachine[Field6] = StepMachine()


@machine.step
class Skirmish(Step[Field6]):
    """Red calls a fight in an area (both sides then see who stands there) or waits."""

    name = "skirmish"

    def begin(self, s: Field6) -> None:
        s.active = ["red"]

    def options(self, s: Field6, role: str):
        return all_legal([Action("fight", a) for a in (0, 1, 2)] + [Action("wait")])

    def on_fight(self, s: Field6, role: str, area: int) -> None:
        s.fight_at = area

    def on_wait(self, s: Field6, role: str, arg: None) -> None:
        s.fight_at = -1


class FogGame(StepRuleset[Field6]):
    info = GameInfo(
        id="toy_fog",
        title="Fog",
        roles=("red", "blue"),
        min_players=2,
        max_players=2,
        scenarios=(Scenario(id="one", title="One"),),
    )
    state_type = Field6
    machine = machine
    hidden = (Pieces(),)

    def setup(self, seed, scenario=None, options=None, players=None):
        s = Field6(rng=Rng(seed=seed))
        machine.enter(s, "skirmish")
        return s

    def outcome(self, s):
        return None if s.fight_at != 2 else Outcome(winners=["red"], reason="fought")


def test_the_core_derives_shuffle_hidden_from_the_declaration():
    game = FogGame()
    s = game.setup(3)
    for seed in range(10):
        copy = game.copy_state(s)
        game.shuffle_hidden(copy, "blue", Rng(seed=seed))
        assert copy.where[3:] == s.where[3:]  # blue's own
        assert sorted(copy.where[:3]) == sorted(s.where[:3])


def test_the_core_marks_a_piece_shown_by_an_action_as_new_information():
    game = FogGame()
    s = game.setup(3)
    epoch = s.rng.epoch
    game.apply(s, "red", Action("wait"))
    assert s.rng.epoch == epoch  # nothing shown: red may take it back
    game.apply(s, "red", Action("fight", 1))
    assert s.rng.epoch == epoch + 1  # pieces 1 and 4 are shown: no undo past this
    game.apply(s, "red", Action("fight", 1))
    assert s.rng.epoch == epoch + 1  # the same pieces: nothing new
    game.play(s, "red", Action("fight", 0))  # the bots' path marks it too
    assert s.rng.epoch == epoch + 2
    game.apply(s, "red", Action("wait"))  # hidden again: nothing is learnt
    assert s.rng.epoch == epoch + 2


# --- a part shown only in some steps (shown_in): asked only around them ----------------------

camp_machine: StepMachine[Field6] = StepMachine()


@camp_machine.step
class Camp(Step[Field6]):
    """Red rests, or marches into a fight in area 1 (the fight step shows who stands there)."""

    name = "camp"

    def begin(self, s: Field6) -> None:
        s.active = ["red"]
        s.fight_at = -1

    def options(self, s: Field6, role: str):
        return all_legal([Action("rest"), Action("march")])

    def on_rest(self, s: Field6, role: str, arg: None) -> None:
        pass

    def on_march(self, s: Field6, role: str, arg: None) -> None:
        s.fight_at = 1
        camp_machine.enter(s, "fight")


@camp_machine.step
class Fight(Step[Field6]):
    name = "fight"

    def begin(self, s: Field6) -> None:
        s.active = ["red"]

    def options(self, s: Field6, role: str):
        return all_legal([Action("strike"), Action("withdraw")])

    def on_strike(self, s: Field6, role: str, arg: None) -> None:
        pass

    def on_withdraw(self, s: Field6, role: str, arg: None) -> None:
        camp_machine.enter(s, "camp")


class FightPieces(Pieces):
    """Pieces shown only while a fight is on, counting how often the core asks."""

    shown_in = frozenset({"fight"})
    asked = 0

    def shown(self, s):
        FightPieces.asked += 1
        return super().shown(s)


class CampGame(FogGame):
    info = FogGame.info.model_copy(update={"id": "toy_camp"})
    machine = camp_machine
    hidden = (FightPieces(),)

    def setup(self, seed, scenario=None, options=None, players=None):
        s = Field6(rng=Rng(seed=seed))
        camp_machine.enter(s, "camp")
        return s

    def outcome(self, s):
        return None


def test_a_part_shown_in_some_steps_is_asked_only_around_them():
    game = CampGame()
    s = game.setup(1)
    epoch, asked = s.rng.epoch, FightPieces.asked
    game.apply(s, "red", Action("rest"))
    game.play(s, "red", Action("rest"))
    assert FightPieces.asked == asked  # camp to camp: nothing can be shown, nothing asked
    assert s.rng.epoch == epoch
    game.play(s, "red", Action("march"))  # into the fight: pieces 1 and 4 are shown
    assert s.rng.epoch == epoch + 1
    game.apply(s, "red", Action("strike"))
    assert s.rng.epoch == epoch + 1  # the same pieces: nothing new
    game.play(s, "red", Action("withdraw"))
    game.apply(s, "red", Action("march"))  # shown again after they were hidden: new again
    assert s.rng.epoch == epoch + 2
    assert FightPieces.asked > asked


def test_a_part_showing_something_outside_its_steps_breaks_its_declaration():
    game = CampGame()
    s = game.setup(1)
    assert FightPieces().check(s) is None
    s.fight_at = 0  # shown at "camp", where the part says nothing is ever shown
    assert "not among the steps it declares" in FightPieces().check(s)


def test_the_toy_duel_declares_its_hands_and_deck():
    s = DUEL.setup(5)
    for seed in range(10):
        copy = DUEL.copy_state(s)
        DUEL.shuffle_hidden(copy, "north", Rng(seed=seed))
        assert copy.hands["north"] == s.hands["north"]
        assert len(copy.hands["south"]) == len(s.hands["south"])
        assert sorted(copy.hands["south"] + copy.deck.draw_pile) == sorted(
            s.hands["south"] + s.deck.draw_pile
        )


def test_a_machine_watches_the_parts_of_one_game_only():
    """The watch is the machine's (it runs around every action it plays): a second ruleset
    declaring the same machine with other watched parts is refused, not silently mixed."""
    with pytest.raises(TypeError, match="already watches other hidden parts"):

        class OtherCamp(FogGame):
            info = FogGame.info.model_copy(update={"id": "toy_other_camp"})
            machine = camp_machine
            hidden = (Pieces(),)

    class SameCamp(CampGame):  # the same parts: the same watch
        info = FogGame.info.model_copy(update={"id": "toy_same_camp"})

    assert camp_machine.watching is not None
    assert camp_machine.watching.parts == CampGame.hidden


def test_a_watch_of_several_parts_tells_their_pieces_apart():
    """Two watched parts: what each shows is kept apart (piece 1 of one part is not piece 1
    of the other), and a part is asked only in the steps it declares."""

    class RedOnly(Pieces):
        def shown(self, s):
            return frozenset(p for p in super().shown(s) if OWNERS[p] == "red")

    class FightOnly(Pieces):
        shown_in = frozenset({"fight"})

    watch = Watch((RedOnly(), FightOnly()))
    assert watch.steps is None  # the first part may show something anywhere
    s = field()
    s.step, s.fight_at = "camp", 1
    in_camp = watch.shown(s)
    assert in_camp  # both parts show pieces of area 1
    assert FightOnly().shown(s)
    assert in_camp == {(0, p) for p in RedOnly().shown(s)}  # the fight part is not asked
    s.step = "fight"
    in_fight = watch.shown(s)
    assert in_camp < in_fight
    assert {(1, p) for p in FightOnly().shown(s)} <= in_fight
    assert Watch((FightOnly(),)).steps == {"fight"}
