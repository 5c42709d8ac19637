"""Three Kingdoms for learning agents: fixed action indices and a seat's view as floats
(``core.engine.encoding``; the fields are listed in docs/rl/three_kingdoms.md, made from this
layout).

Read from the seat's view only (``view.py``): other players' hands and face-down cards are
counts, a general chosen in secret is "chosen" until revealed (DESIGN §7.6). The fast way
(``parts``) reads the same from the state by the view's rules (the view's own helpers where
it has them): ``fill`` of the view stays the definition, and the walk checks both agree.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from itertools import chain
from struct import Struct
from typing import Any

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    Filler,
    Layout,
    SeatHeader,
    Table,
    hot_rows,
    one_hot_rows,
    scaled,
    step_names,
)
from gameshelf.core.engine.ruleset import JSON, Role, Ruleset
from gameshelf.plugins.three_kingdoms.battle import Battle
from gameshelf.plugins.three_kingdoms.field_battle import Fight
from gameshelf.plugins.three_kingdoms.model import CARDS, LAND_IDS, LORD_IDS, SPACES, STRATEGIES, N
from gameshelf.plugins.three_kingdoms.state import TKState
from gameshelf.plugins.three_kingdoms.strategy import Stratagem
from gameshelf.plugins.three_kingdoms.view import chosen, in_hand, my_card, waiting

NO_ARG = ("pass", "done", "advise", "deploy", "extra_sword", "pay", "train", "tax")
ON_CARDS = ("card", "general", "plan", "talent", "tax", "occupy")


def action_space(roles: tuple[Role, ...]) -> ActionSpace:
    return ActionSpace(
        [
            *((word, [None]) for word in NO_ARG),
            ("dice", (1, 2)),
            *((word, tuple(CARDS)) for word in ON_CARDS),
            ("land", LAND_IDS),
            ("rival", roles),
        ]
    )


class ThreeKingdomsEncoding(Encoding):
    fresh_parts = True  # parts: tuples made at each call
    one_memory = True  # fewer writes than a memory a seat (docs/performance.md)

    def __init__(self, ruleset: Ruleset[Any], roles: tuple[Role, ...]) -> None:
        self.roles, self.actions = roles, action_space(roles)
        self.seats, self.cards = Table(roles), Table(tuple(CARDS))
        self.lands, self.lords = Table(LAND_IDS), Table(LORD_IDS)
        self.strategies, self.spaces = Table(tuple(STRATEGIES)), len(SPACES)
        n, c, k = len(roles), len(CARDS), len(LAND_IDS)
        lay = self.layout = Layout()
        self.header = SeatHeader(lay, roles, step_names(ruleset))
        self.game = lay.add(
            "game",
            5,
            "round over the round limit; lord skills in play; the pawn's dice over 6 (two "
            "places, 0: not rolled); strategy deck size over 8",
        )
        self.turn = lay.add("turn", n, "the seat whose turn it is")
        self.lord = lay.add("lords", n * len(LORD_IDS), "per seat: its lord, in data order")
        self.position = lay.add("positions", n * self.spaces, "per seat: the space of its pawn")
        self.money = lay.add("money", n, f"per seat: its money over {N.win_money}")
        self.land_count = lay.add("land_counts", n, f"per seat: the lands it holds over {k}")
        self.card_count = lay.add(
            "card_counts",
            3 * n,
            "per seat: its hand's size over 10; then per seat its face-down cards, then its "
            "drawn talents, likewise",
        )
        self.place = lay.add(
            "order", 4 * n, "per seat: 1 at its place in this round's order (first to fourth)"
        )
        self.own = lay.add(
            "own_cards", 3 * c, "the seat's hand, face-down cards and drawn talents (per card)"
        )
        self.owner = lay.add("land_owners", k * n, "per land in board order: its owner")
        self.swords = lay.add("swords", k, f"per land: swords over {N.max_swords}")
        self.garrison = lay.add(
            "talents", k * c, "per land in board order: the cards standing on it face up"
        )
        self.battle = lay.add(
            "battle",
            k + 3 * n + 2 * c,
            "the siege: its land, attacker, defender, seats that chose a general, the "
            "revealed battle plan (per card), the seat's own chosen general",
        )
        self.field = lay.add(
            "field",
            5 * n + c,
            "the field battle: attacker, foe, seats still to choose, seats that chose, "
            "seats that fight later, the seat's own chosen card",
        )
        self.strategy = lay.add("strategy", len(STRATEGIES), "the strategy card being resolved")
        # the fast fillers' runs of places (core.engine.encoding), made once
        self.game_and_turn = self.game.through(self.turn)
        self.five = Struct("5f")
        self.seat_rows, self.place_rows = one_hot_rows(roles), one_hot_rows(range(4))
        self.lord_rows, self.space_rows = one_hot_rows(LORD_IDS), one_hot_rows(range(self.spaces))
        self.money_runs, self.tenths = scaled(N.win_money), scaled(10)
        self.land_runs, self.sword_runs = scaled(k), scaled(N.max_swords)
        self.card_rows, self.card_one = hot_rows(CARDS), one_hot_rows(CARDS)
        self.seat_hots, self.land_rows = hot_rows(roles), one_hot_rows(LAND_IDS)
        self.strategy_rows = one_hot_rows(STRATEGIES)
        self.no_battle, self.no_field = bytes(4 * self.battle.size), bytes(4 * self.field.size)
        self.fillers = (
            self.fill_game_part,
            self.fill_lords_part,
            self.fill_positions_part,
            self.fill_money_part,
            self.fill_counts_part,
            self.fill_order_part,
            self.fill_own_part,
            self.fill_owners_part,
            self.fill_swords_part,
            self.fill_talents_part,
            self.fill_battle_part,
            self.fill_field_part,
            self.fill_strategy_part,
        )

    def fill(self, view: JSON, out: Filler) -> None:
        self.header.fill(view, out)
        dice = view["dice"] or []
        for i, value in enumerate(
            (view["round"] / view["round_limit"], float(view["lord_skills"]), *dice[:2])
        ):
            out.put(self.game, value if i < 2 else value / 6, i)
        out.put(self.game, view["deck_size"] / 8, 4)
        out.one_hot(self.turn, self.seats, view["turn"])
        for player in view["players"]:
            self.fill_player(view, player, out)
        for space in view["spaces"]:
            if "land" in space:
                self.fill_land(space, out)
        self.fill_battle(view["battle"], out)
        self.fill_field(view["field"], out)
        if view["strategy"] is not None:
            out.one_hot(self.strategy, self.strategies, view["strategy"]["id"])

    def fill_player(self, view: JSON, player: JSON, out: Filler) -> None:
        p = self.seats.at[player["seat"]]
        out.one_hot(self.lord, self.lords, player["lord"], p)
        out.put(self.position, 1.0, p * self.spaces + player["position"])
        out.put(self.money, player["money"] / N.win_money, p)
        out.put(self.land_count, len(player["lands"]) / len(self.lands), p)
        for i, key in enumerate(("hand_size", "down_size", "drawn_size")):
            out.put(self.card_count, player[key] / 10, i * len(self.seats) + p)
        order = view["order"]
        if player["seat"] in order and order.index(player["seat"]) < 4:
            out.put(self.place, 1.0, 4 * p + order.index(player["seat"]))
        for block, key in enumerate(("hand", "down", "drawn")):
            out.hot(self.own, self.cards, (c["id"] for c in player[key] or ()), block)

    def fill_land(self, space: JSON, out: Filler) -> None:
        k = self.lands.at[space["land"]]
        if space["owner"]:
            out.one_hot(self.owner, self.seats, space["owner"], k)
        out.put(self.swords, space["swords"] / N.max_swords, k)
        for card in space["talents"]:
            out.put(self.garrison, 1.0, k * len(self.cards) + self.cards.at[card["id"]])

    def fill_battle(self, battle: JSON | None, out: Filler) -> None:
        if battle is None:
            return
        k, n, c = len(self.lands), len(self.seats), len(self.cards)
        out.one_hot(self.battle, self.lands, battle["land"])
        out.put(self.battle, 1.0, k + self.seats.at[battle["attacker"]])
        if battle["defender"]:
            out.put(self.battle, 1.0, k + n + self.seats.at[battle["defender"]])
        for seat in battle["chosen"]:
            out.put(self.battle, 1.0, k + 2 * n + self.seats.at[seat])
        for card in battle["plan"]:
            out.put(self.battle, 1.0, k + 3 * n + self.cards.at[card["id"]])
        if battle["my_general"] is not None:
            out.put(self.battle, 1.0, k + 3 * n + c + self.cards.at[battle["my_general"]["id"]])

    def fill_field(self, field: JSON | None, out: Filler) -> None:
        if field is None:
            return
        n = len(self.seats)
        out.one_hot(self.field, self.seats, field["attacker"], 0)
        out.one_hot(self.field, self.seats, field["foe"], 1)
        out.hot(self.field, self.seats, field["waiting"], 2)
        out.hot(self.field, self.seats, field["chosen"], 3)
        out.hot(self.field, self.seats, field["later"], 4)
        if field["my_card"] is not None:
            out.put(self.field, 1.0, 5 * n + self.cards.at[field["my_card"]["id"]])

    # --- the fast way: the seat's observation read from the state (view.py's rules) ----------

    def parts(self, s: TKState, role: Role) -> tuple[Any, ...]:
        # Read a field at a time, in C (``values()``, ``map``): the seats' dicts (and the
        # purse's cash) hold every seat in seating order and the lands' every land in board
        # order, as setup.py makes them (a run of another length is refused: Filler.raw).
        hand, down, drawn = s.hand, s.down, s.drawn
        return (
            (
                s.round,
                s.round_limit,
                s.lord_skills,
                tuple(s.dice[:2]),
                len(s.deck.draw_pile),
                s.turn if s.outcome is None else None,  # none once the game is over
            ),
            tuple(s.lord.values()),
            tuple(s.pos.values()),
            tuple(s.money.cash.values()),
            tuple(map(len, chain(hand.values(), down.values(), drawn.values()))),
            tuple(s.order),
            # the seat's own cards, in its own vector only (DESIGN §7.6)
            (tuple(hand[role]), tuple(down[role]), tuple(drawn[role])) if role in hand else None,
            tuple(s.owner.values()),
            tuple(s.swords.values()),
            tuple(s.garrison.values()),  # tuples, replaced when changed: equal by identity
            *self.matter_parts(s, role),
        )

    def matter_parts(self, s: TKState, role: Role) -> tuple[Hashable, Hashable, Hashable]:
        """The battle, the field battle and the strategy card in hand (view.py's
        ``battle_view``, ``field_view``, ``strategy_view``): the card a seat chose in
        secret is in its own vector only."""
        f = in_hand(s)
        kind = type(f)  # a battle's and a fight's frames have no subclasses
        if kind is not Battle and kind is not Fight:
            return None, None, f.card if isinstance(f, Stratagem) else None
        mine = my_card(f, role)
        if kind is Battle:
            who = (f.land, s.turn, s.owner[f.land], tuple(f.plan), tuple(chosen(s, f)))
            return (*who, mine), None, None
        fight = (s.turn, f.foe, tuple(waiting(f)), tuple(chosen(s, f)), tuple(f.later), mine)
        return None, fight, None

    # Every filler writes its fields whole at each call (``Filler.raw``, from the runs made
    # in ``__init__``): nothing is noted, so nothing needs clearing at the next change.

    def fill_game_part(self, part: tuple[Any, ...], out: Filler) -> None:
        rounds, limit, skills, dice, deck, turn = part
        game = self.five.pack(
            rounds / limit,
            float(skills),
            dice[0] / 6 if dice else 0.0,  # 0: not rolled
            dice[1] / 6 if len(dice) > 1 else 0.0,
            deck / 8,
        )
        out.raw[self.game_and_turn] = game + self.seat_rows[turn]

    def fill_lords_part(self, lords: tuple[str, ...], out: Filler) -> None:
        out.raw[self.lord.raw] = b"".join(map(self.lord_rows.__getitem__, lords))

    def fill_positions_part(self, positions: tuple[int, ...], out: Filler) -> None:
        out.raw[self.position.raw] = b"".join(map(self.space_rows.__getitem__, positions))

    def fill_money_part(self, money: tuple[int, ...], out: Filler) -> None:
        out.raw[self.money.raw] = b"".join(map(self.money_runs.__getitem__, money))

    def fill_counts_part(self, counts: tuple[int, ...], out: Filler) -> None:
        """The seats' hands' sizes, then their face-down piles', then their drawn talents'."""
        out.raw[self.card_count.raw] = b"".join(map(self.tenths.__getitem__, counts))

    def fill_order_part(self, order: tuple[Role, ...], out: Filler) -> None:
        place: dict[Hashable, int] = {seat: i for i, seat in enumerate(order[:4])}
        rows = (self.place_rows[place.get(seat)] for seat in self.seats.ids)
        out.raw[self.place.raw] = b"".join(rows)

    def fill_own_part(self, own: tuple[tuple[str, ...], ...] | None, out: Filler) -> None:
        """The seat's hand, face-down cards and drawn talents (none: a seat without cards)."""
        out.raw[self.own.raw] = b"".join(map(self.card_rows.__getitem__, own or ((), (), ())))

    def fill_owners_part(self, owners: tuple[Role | None, ...], out: Filler) -> None:
        """Each land's owner, and how many lands each seat holds."""
        out.raw[self.owner.raw] = b"".join(map(self.seat_rows.__getitem__, owners))
        held = map(owners.count, self.seats.ids)
        out.raw[self.land_count.raw] = b"".join(map(self.land_runs.__getitem__, held))

    def fill_swords_part(self, swords: tuple[int, ...], out: Filler) -> None:
        out.raw[self.swords.raw] = b"".join(map(self.sword_runs.__getitem__, swords))

    def fill_talents_part(self, talents: tuple[tuple[str, ...], ...], out: Filler) -> None:
        out.raw[self.garrison.raw] = b"".join(map(self.card_rows.__getitem__, talents))

    def fill_battle_part(self, battle: tuple[Any, ...] | None, out: Filler) -> None:
        if battle is None:
            out.raw[self.battle.raw] = self.no_battle
            return
        land, attacker, defender, plan, seats, my_general = battle
        seat = self.seat_rows
        runs = (seat[attacker], seat[defender or None], self.seat_hots[seats])
        cards = (self.card_rows[plan], self.card_one[my_general])
        out.raw[self.battle.raw] = b"".join((self.land_rows[land], *runs, *cards))

    def fill_field_part(self, field: tuple[Any, ...] | None, out: Filler) -> None:
        if field is None:
            out.raw[self.field.raw] = self.no_field
            return
        attacker, foe, to_choose, seats, later, card = field
        hots = self.seat_hots
        runs = (hots[to_choose], hots[seats], hots[later], self.card_one[card])
        out.raw[self.field.raw] = b"".join((self.seat_rows[attacker], self.seat_rows[foe], *runs))

    def fill_strategy_part(self, strategy: str | None, out: Filler) -> None:
        out.raw[self.strategy.raw] = self.strategy_rows[strategy]


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> ThreeKingdomsEncoding:
    """The encoding depends on the number of players (a place per seat), not on options."""
    return ThreeKingdomsEncoding(ruleset, tuple(ruleset.roles(players)))
