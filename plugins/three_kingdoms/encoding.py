"""Three Kingdoms for learning agents: fixed action indices and a seat's view as floats
(``core.encoding``; the fields are listed in docs/rl/three_kingdoms.md, made from this layout).

Read from the seat's view only (``view.py``): other players' hands and face-down cards are
counts, a general chosen in secret is "chosen" until revealed (DESIGN §7.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameshelf.core.encoding import (
    ActionSpace,
    Encoding,
    Filler,
    Layout,
    SeatHeader,
    Table,
    step_names,
)
from gameshelf.core.ruleset import JSON, Role, Ruleset
from gameshelf.plugins.three_kingdoms.model import CARDS, LAND_IDS, LORD_IDS, SPACES, STRATEGIES, N

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


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> ThreeKingdomsEncoding:
    """The encoding depends on the number of players (a place per seat), not on options."""
    return ThreeKingdomsEncoding(ruleset, tuple(ruleset.roles(players)))
