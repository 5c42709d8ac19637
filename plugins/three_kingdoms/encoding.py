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
from functools import partial
from typing import Any

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    Filler,
    Layout,
    SeatHeader,
    Table,
    step_names,
)
from gameshelf.core.engine.ruleset import JSON, Role, Ruleset
from gameshelf.plugins.three_kingdoms.battle import Battle
from gameshelf.plugins.three_kingdoms.field_battle import Fight
from gameshelf.plugins.three_kingdoms.model import CARDS, LAND_IDS, LORD_IDS, SPACES, STRATEGIES, N
from gameshelf.plugins.three_kingdoms.state import TKState
from gameshelf.plugins.three_kingdoms.strategy import Stratagem
from gameshelf.plugins.three_kingdoms.view import chosen, in_hand

NO_ARG = ("pass", "done", "advise", "deploy", "extra_sword", "pay", "train", "tax")
ON_CARDS = ("card", "general", "plan", "talent", "tax", "occupy")
PER_SEAT = 9  # money, lands, hand, face down, drawn, and the seat's place in the order (4)


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
    fresh_parts = True  # parts: slices and tuples made at each call
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
        self.seat = lay.add(
            "seats",
            n * PER_SEAT,
            f"per seat: money over {N.win_money}, lands over {k}, hand, face-down and drawn "
            "cards over 10, then 1 at its place in this round's order (first to fourth)",
        )
        self.own = lay.add(
            "own_cards", 3 * c, "the seat's hand, face-down cards and drawn talents (per card)"
        )
        self.owner = lay.add("land_owners", k * n, "per land in board order: its owner")
        self.swords = lay.add("swords", k, f"per land: swords over {N.max_swords}")
        self.garrison = lay.add("talents", c * k, "per card: the land it stands on face up")
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
        # the fast fillers' offsets, worked out once
        self.win_money, self.n_lands = N.win_money, k
        self.lord_at = [self.lord.offset + p * len(LORD_IDS) for p in range(n)]
        self.position_at = [self.position.offset + p * self.spaces for p in range(n)]
        self.fillers = (
            self.fill_game_part,
            *(partial(self.fill_player_part, p) for p in range(n)),
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
        at = p * PER_SEAT
        out.put(self.seat, player["money"] / N.win_money, at)
        out.put(self.seat, len(player["lands"]) / len(self.lands), at + 1)
        for i, key in enumerate(("hand_size", "down_size", "drawn_size")):
            out.put(self.seat, player[key] / 10, at + 2 + i)
        order = view["order"]
        if player["seat"] in order and order.index(player["seat"]) < 4:
            out.put(self.seat, 1.0, at + 5 + order.index(player["seat"]))
        for block, key in enumerate(("hand", "down", "drawn")):
            out.hot(self.own, self.cards, (c["id"] for c in player[key] or ()), block)

    def fill_land(self, space: JSON, out: Filler) -> None:
        k = self.lands.at[space["land"]]
        if space["owner"]:
            out.one_hot(self.owner, self.seats, space["owner"], k)
        out.put(self.swords, space["swords"] / N.max_swords, k)
        for card in space["talents"]:
            out.put(self.garrison, 1.0, self.cards.at[card["id"]] * len(self.lands) + k)

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
        # the lands' dicts hold every land in board order (setup.py), read as they stand
        owners = tuple(s.owner.values())
        order, money, hand, down, drawn = s.order, s.money, s.hand, s.down, s.drawn
        lord, pos = s.lord, s.pos
        players = (
            (
                lord[seat],
                pos[seat],
                money[seat],
                owners.count(seat),
                len(hand[seat]),
                len(down[seat]),
                len(drawn[seat]),
                order.index(seat) if seat in order else -1,
            )
            for seat in s.seats
        )
        return (
            (
                s.round,
                s.round_limit,
                s.lord_skills,
                tuple(s.dice[:2]),
                len(s.deck),
                s.turn if not s.over else None,
            ),
            *players,
            # the seat's own cards, in its own vector only (DESIGN §7.6)
            (tuple(hand[role]), tuple(down[role]), tuple(drawn[role])) if role in hand else None,
            owners,
            tuple(s.swords.values()),
            tuple(map(tuple, s.garrison.values())),
            *self.matter_parts(s, role),
        )

    def matter_parts(self, s: TKState, role: Role) -> tuple[Hashable, Hashable, Hashable]:
        """The battle, the field battle and the strategy card in hand (view.py's
        ``battle_view``, ``field_view``, ``strategy_view``): the card a seat chose in
        secret is in its own vector only."""
        f = in_hand(s)
        battle = field = strategy = None
        if isinstance(f, Battle | Fight):
            mine = f.of(role) if role in f.roles else None
            my_card = str(mine.arg) if mine is not None else None
            if isinstance(f, Battle):
                who = (f.land, s.turn, s.owner[f.land], tuple(f.plan), tuple(chosen(s, f)))
                battle = (*who, my_card)
            else:
                waiting = tuple(p for p in f.roles if f.of(p) is None)
                field = (s.turn, f.foe, waiting, tuple(chosen(s, f)), tuple(f.later), my_card)
        elif isinstance(f, Stratagem):
            strategy = f.card
        return battle, field, strategy

    # The places a filler writes at every call (0 too) are not noted (``Filler.writes``):
    # its next call writes them again, so they need no clearing; only the one-hots are.

    def fill_game_part(self, part: tuple[Any, ...], out: Filler) -> None:
        rounds, limit, skills, dice, deck, turn = part
        vector, note = out.writes()
        at = self.game.offset
        vector[at] = rounds / limit
        vector[at + 1] = float(skills)
        vector[at + 2] = dice[0] / 6 if dice else 0.0  # 0: not rolled
        vector[at + 3] = dice[1] / 6 if len(dice) > 1 else 0.0
        vector[at + 4] = deck / 8
        if turn is not None:
            i = self.turn.offset + self.seats.at[turn]
            vector[i] = 1.0
            note(i)

    def fill_player_part(self, p: int, part: tuple[Any, ...], out: Filler) -> None:
        lord, position, money, lands, hand, down, drawn, place = part
        vector, note = out.writes()
        at = self.seat.offset + p * PER_SEAT
        vector[at] = money / self.win_money
        vector[at + 1] = lands / self.n_lands
        vector[at + 2] = hand / 10
        vector[at + 3] = down / 10
        vector[at + 4] = drawn / 10
        i = self.lord_at[p] + self.lords.at[lord]
        vector[i] = 1.0
        note(i)
        i = self.position_at[p] + position
        vector[i] = 1.0
        note(i)
        if 0 <= place < 4:
            vector[at + 5 + place] = 1.0
            note(at + 5 + place)

    def fill_own_part(self, own: tuple[tuple[str, ...], ...] | None, out: Filler) -> None:
        put, cards, at, width = out.at, self.cards.at, self.own.offset, len(self.cards.ids)
        for ids in own or ():
            for card in ids:
                put(at + cards[card], 1.0)
            at += width

    def fill_owners_part(self, owners: tuple[Role | None, ...], out: Filler) -> None:
        put, at, seats, n = out.at, self.owner.offset, self.seats.at, len(self.seats.ids)
        for k, owner in enumerate(owners):
            if owner is not None:
                put(at + k * n + seats[owner], 1.0)

    def fill_swords_part(self, swords: tuple[int, ...], out: Filler) -> None:
        vector, at, most = out.vector, self.swords.offset, N.max_swords
        for k, count in enumerate(swords, at):  # every land's place, 0 too: not noted
            vector[k] = count / most

    def fill_talents_part(self, talents: tuple[tuple[str, ...], ...], out: Filler) -> None:
        put, at, cards, k = out.at, self.garrison.offset, self.cards.at, self.n_lands
        for land, ids in enumerate(talents, at):
            for card in ids:
                put(land + cards[card] * k, 1.0)

    def fill_battle_part(self, battle: tuple[Any, ...] | None, out: Filler) -> None:
        if battle is None:
            return
        land, attacker, defender, plan, seats, my_general = battle
        k, n, c = len(self.lands), len(self.seats), len(self.cards)
        out.one_hot(self.battle, self.lands, land)
        out.put(self.battle, 1.0, k + self.seats.at[attacker])
        if defender:
            out.put(self.battle, 1.0, k + n + self.seats.at[defender])
        for seat in seats:
            out.put(self.battle, 1.0, k + 2 * n + self.seats.at[seat])
        for card in plan:
            out.put(self.battle, 1.0, k + 3 * n + self.cards.at[card])
        if my_general is not None:
            out.put(self.battle, 1.0, k + 3 * n + c + self.cards.at[my_general])

    def fill_field_part(self, field: tuple[Any, ...] | None, out: Filler) -> None:
        if field is None:
            return
        attacker, foe, waiting, seats, later, my_card = field
        n = len(self.seats)
        out.one_hot(self.field, self.seats, attacker, 0)
        out.one_hot(self.field, self.seats, foe, 1)
        out.hot(self.field, self.seats, waiting, 2)
        out.hot(self.field, self.seats, seats, 3)
        out.hot(self.field, self.seats, later, 4)
        if my_card is not None:
            out.put(self.field, 1.0, 5 * n + self.cards.at[my_card])

    def fill_strategy_part(self, strategy: str | None, out: Filler) -> None:
        out.one_hot(self.strategy, self.strategies, strategy)


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> ThreeKingdomsEncoding:
    """The encoding depends on the number of players (a place per seat), not on options."""
    return ThreeKingdomsEncoding(ruleset, tuple(ruleset.roles(players)))
