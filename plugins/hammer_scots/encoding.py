"""Hammer of the Scots for learning agents: fixed action indices and a seat's view as floats
(``core.encoding``; the fields are listed in docs/rl/hammer_scots.md, made from this layout).

Everything is read from the seat's view (``view.py``): an enemy block stands in the vector
only as "a block of that side in that area" (fog of war, RULES §1), as on the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
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
from gameshelf.plugins.hammer_scots.kings import CORONATIONS
from gameshelf.plugins.hammer_scots.model import AREA_ID, BLOCK_ID, BLOCKS, BORDERS, CARD_IDS, SIDES

NO_ARG = ("pass", "done", "stop", "stay", "disband", "truce", "winter")
NOBLE_BLOCKS = tuple(b.id for b in BLOCKS if b.noble is not None)
NOBLE_NAMES = tuple(dict.fromkeys(b.name for b in BLOCKS if b.noble is not None))
# where a block the seat sees may be: an area, its side's pool, or dead
PLACES = Table((*AREA_ID, "pool", "dead"))
FIRST_YEAR = 1290  # years are given as years since then, over YEARS
YEARS = 20.0


def action_space() -> ActionSpace:
    return ActionSpace(
        [
            *((word, [None]) for word in NO_ARG),
            ("card", CARD_IDS),
            ("area", AREA_ID),
            ("block", BLOCK_ID),
            *((word, BLOCK_ID) for word in ("fire", "retreat", "pass", "hit")),
            ("noble", NOBLE_BLOCKS),
            ("crown", CORONATIONS),
        ]
    )


class HammerEncoding(Encoding):
    remembers = True  # the board's kept parts (view.py) are read with Filler.part

    def __init__(self, ruleset: Ruleset[Any], roles: tuple[Role, ...]) -> None:
        self.roles, self.actions = roles, action_space()
        self.sides, self.areas = Table(SIDES), Table(AREA_ID)
        self.blocks, self.cards = Table(BLOCK_ID), Table(CARD_IDS)
        self.nobles = Table(NOBLE_NAMES)
        lay = self.layout = Layout()
        self.header = SeatHeader(lay, roles, step_names(ruleset))
        self.when = lay.add(
            "when",
            6,
            f"year − {FIRST_YEAR} over {YEARS:g}; last year likewise (0: none); game turn "
            "over 5; move points over 3; the Scottish king crowned; Edward II reigns",
        )
        self.sided = lay.add(
            "sided", 6, "per side (England, Scotland): called a Truce; is p1; is acting"
        )
        n_places = len(PLACES) + 4
        self.block = lay.add(
            "blocks",
            len(BLOCK_ID) * n_places,
            f"per block in data order, {n_places} places: where it is if the seat sees it "
            f"(one of {len(AREA_ID)} areas, pool, dead), steps over 4, moved, in reserve, "
            "seen",
        )
        self.area = lay.add(
            "areas",
            len(AREA_ID) * 7,
            "per area in data order: English and Scottish blocks over 10, English and "
            "Scottish blocks in reserve over 10, attacker (England, Scotland), contested",
        )
        self.pools = lay.add("pools", 2, "blocks in each side's pool over 20")
        self.noble = lay.add(
            "nobles", len(NOBLE_NAMES) * 2, "per noble family: on the map for England, Scotland"
        )
        self.border = lay.add(
            "borders",
            len(BORDERS) * 3,
            "per border in data order: crossed this turn over 6, last used by England, Scotland",
        )
        n = len(CARD_IDS)
        self.hand = lay.add("hand", n, "the seat's hand, one place per card in data order")
        self.hand_sizes = lay.add("hand_sizes", 2, "cards in each side's hand over 7")
        self.chosen = lay.add(
            "chosen",
            2 * (n + 1),
            "per side: the card chosen this game turn, then 'chosen, still face down'",
        )
        self.played = lay.add("played", 2 * n, "per side: the cards played this year")
        self.moving = lay.add(
            "moving",
            2 + 2 * len(AREA_ID),
            "the group moving: its side, the area it left, the area it is in",
        )
        self.battle = lay.add(
            "battle",
            len(AREA_ID) + 6,
            "the battle fought: its area, round over 3, attacker "
            "(England, Scotland), hits to take over 10, side taking them (England, Scotland)",
        )

    def fill(self, view: JSON, out: Filler) -> None:
        self.header.fill(view, out)
        self.fill_time(view, out)
        self.fill_blocks(view, out)
        self.fill_cards(view, out)
        self.fill_moves(view, out)

    def fill_time(self, view: JSON, out: Filler) -> None:
        last = view["last_year"]
        for i, value in enumerate(
            (
                (view["year"] - FIRST_YEAR) / YEARS,
                (last - FIRST_YEAR) / YEARS if last else 0.0,
                view["turn"] / 5,
                view["move_points"] / 3,
                float(view["king_crowned"]),
                float(view["edward"] != "Edward I"),
            )
        ):
            out.put(self.when, value, i)
        for i, key in enumerate(("truce", "p1", "acting")):
            out.one_hot(self.sided, self.sides, view[key] or None, i)

    def fill_blocks(self, view: JSON, out: Filler) -> None:
        # Each area, the pools, the dead are parts kept while they do not change (view.py):
        # a seat's vector is filled again only where they did (core.encoding.Filler.part).
        for a, area in enumerate(view["areas"]):
            out.part(("area", a), area, partial(self.fill_area, a, area))
        out.part("pools", view["pools"], partial(self.fill_pools, view["pools"]))
        out.part("dead", view["dead"], partial(self.fill_dead, view["dead"]))
        for s, side in enumerate(SIDES):
            for name in view["nobles"][side]:
                out.put(self.noble, 1.0, 2 * self.nobles.at[name] + s)

    def fill_area(self, a: int, area: JSON, out: Filler) -> None:
        width = len(PLACES) + 4
        for s, side in enumerate(SIDES):
            for blk in area["blocks"][side]:
                out.add(self.area, 0.1, 7 * a + s)
                if blk["reserve"]:
                    out.add(self.area, 0.1, 7 * a + 2 + s)
                if "id" in blk:
                    self.fill_block(out, blk, area["id"], width)
        if area["attacker"]:
            out.put(self.area, 1.0, 7 * a + 4 + self.sides.at[area["attacker"]])
        out.put(self.area, float(area["contested"]), 7 * a + 6)

    def fill_pools(self, pools: JSON, out: Filler) -> None:
        width = len(PLACES) + 4
        for s, side in enumerate(SIDES):
            pool = pools[side]
            out.put(self.pools, pool["count"] / 20, s)
            for blk in pool["blocks"] or ():
                self.fill_block(out, blk, "pool", width)

    def fill_dead(self, dead: list[JSON], out: Filler) -> None:
        width = len(PLACES) + 4
        for blk in dead:
            b = self.blocks.at[blk["id"]]
            out.put(self.block, 1.0, b * width + PLACES.at["dead"])
            out.put(self.block, 1.0, b * width + width - 1)

    def fill_block(self, out: Filler, blk: JSON, place: str, width: int) -> None:
        at = self.blocks.at[blk["id"]] * width
        out.put(self.block, 1.0, at + PLACES.at[place])
        n = len(PLACES)
        out.put(self.block, blk["steps"] / 4, at + n)
        out.put(self.block, float(blk["moved"]), at + n + 1)
        out.put(self.block, float(blk["reserve"]), at + n + 2)
        out.put(self.block, 1.0, at + n + 3)

    def fill_cards(self, view: JSON, out: Filler) -> None:
        out.hot(self.hand, self.cards, (c["id"] for c in view["hand"] or ()))
        n = len(self.cards)
        for s, side in enumerate(SIDES):
            out.put(self.hand_sizes, view["hand_sizes"][side] / 7, s)
            chosen = view["chosen"][side]
            if chosen == "hidden":
                out.put(self.chosen, 1.0, s * (n + 1) + n)
            elif chosen is not None:
                out.put(self.chosen, 1.0, s * (n + 1) + self.cards.at[chosen["id"]])
            played = view["played"][side]
            out.part(("played", s), played, partial(self.fill_played, s, played))

    def fill_played(self, s: int, played: list[JSON], out: Filler) -> None:
        out.hot(self.played, self.cards, (c["id"] for c in played), s)

    def fill_borders(self, borders: list[JSON], out: Filler) -> None:
        for i, border in enumerate(borders):
            out.put(self.border, border["crossed"] / 6, 3 * i)
            if border["last_used"]:
                out.put(self.border, 1.0, 3 * i + 1 + self.sides.at[border["last_used"]])

    def fill_moves(self, view: JSON, out: Filler) -> None:
        out.part("borders", view["borders"], partial(self.fill_borders, view["borders"]))
        moving = view["moving"]
        if moving is not None:
            out.one_hot(self.moving, self.sides, moving["side"])
            n = len(self.areas)
            if moving["from"] is not None:
                out.put(self.moving, 1.0, 2 + self.areas.at[moving["from"]])
            out.put(self.moving, 1.0, 2 + n + self.areas.at[moving["at"]])
        battle = view["battle"]
        if battle is not None:
            n = len(self.areas)
            out.one_hot(self.battle, self.areas, battle["area"])
            out.put(self.battle, battle["round"] / 3, n)
            out.put(self.battle, 1.0, n + 1 + self.sides.at[battle["attacker"]])
            out.put(self.battle, battle["hits"] / 10, n + 3)
            if battle["hits_to"]:
                out.put(self.battle, 1.0, n + 4 + self.sides.at[battle["hits_to"]])


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> HammerEncoding:
    """The encoding is the same for every scenario and option of the game."""
    return HammerEncoding(ruleset, tuple(ruleset.roles(players)))
