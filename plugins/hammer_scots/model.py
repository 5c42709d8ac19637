"""The facts of Hammer of the Scots, loaded once from ``data/*.json`` and checked.

RULES §1 (components). Rules code speaks the data's string ids in actions and log lines;
the state stores integer indices (``location[b]`` is an area index), compiled here once:

- ``AREAS``/``AREA_IX``, ``BLOCKS``/``BLOCK_IX``, ``BORDERS`` (in data order);
- ``NEIGHBOURS[a]``: ``(b, border)`` index pairs; ``BORDER_AT[a][b]``: border index or -1;
- ``SIDE[b]``, ``MOVE[b]``, ``OTHER_COLOUR[b]`` (-1 for blocks that never change sides),
  ``COASTAL``, ``ENGLAND`` (the index of the one English area), ``SIDE_BLOCKS[side]``.

Loading refuses bad data: a border naming an unknown area, a home area that does not
exist, a side without 28 blocks, the wrong card mix (three 3s, ten 2s, seven 1s, five
events), a scenario naming an unknown block or area.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from gameshelf.core.engine.graph import AreaGraph

Side = Literal["England", "Scotland"]
ENGLISH: Side = "England"
SCOTTISH: Side = "Scotland"
SIDES: tuple[Side, Side] = (ENGLISH, SCOTTISH)

AreaId = str
BlockId = str
CardId = str

DATA = Path(__file__).parent / "data"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Area(_Frozen):
    id: AreaId
    name: str
    name_zh: str  # the name Taiwanese players use (messages in zh_TW)
    country: Side
    castle: int  # the printed castle limit
    cathedral: bool  # +1 castle limit for the Scots
    coastal: bool
    home_of: tuple[str, ...]  # noble keys ("comyn", "moray") whose home this is
    x: int
    y: int

    def castle_limit(self, side: Side) -> int:
        """RULES §1, §10: the castle limit for ``side`` (a cathedral helps the Scots)."""
        return self.castle + (1 if self.cathedral and side == SCOTTISH else 0)


class BorderType(_Frozen):
    limit: int  # blocks of one player per action (both directions together)
    stop: bool  # a block that crosses must stop


class Border(_Frozen):
    a: AreaId
    b: AreaId
    type: Literal["black", "red"]
    national: bool  # part of the Anglo-Scottish border


class Block(_Frozen):
    id: BlockId
    name: str
    name_zh: str  # the name Taiwanese players use (messages in zh_TW)
    side: Side
    kind: Literal[
        "leader", "king", "noble", "infantry", "archers", "knights", "cavalry", "hobelars", "norse"
    ]
    letter: Literal["A", "B", "C"]
    fire: int
    move: int
    steps: int  # full strength
    noble: str | None  # the noble this block stands for ("comyn"); None for others
    faction: Literal["bruce", "comyn"] | None
    homes: tuple[AreaId, ...]
    black_cross: bool
    celtic: bool


class Card(_Frozen):
    id: CardId
    name: str
    name_zh: str  # the name Taiwanese players use (messages in zh_TW)
    value: int  # move points; 0 for an event
    event: Literal["herald", "pillage", "sea_move", "truce", "victuals"] | None
    text: str = ""  # what the card does, in a player's words (for the board)


class Placement(_Frozen):
    block: BlockId
    area: AreaId
    steps: int


class ScenarioData(_Frozen):
    id: str
    name: str
    name_zh: str  # the name Taiwanese players use (messages in zh_TW)
    description: str
    first_year: int
    last_year: int | None  # None: no end year (Campaign)
    levy: int  # random English blocks drawn into England before play
    king_crowned: bool
    deployment: tuple[Placement, ...]
    pools: dict[Side, tuple[BlockId, ...]]
    out_of_play: tuple[BlockId, ...]
    dead: tuple[BlockId, ...]


def _load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


class DataError(ValueError):
    """The data files contradict the game's components."""


class HammerData:
    """Every fact of the game, validated, with its derived indices."""

    def __init__(self) -> None:
        mapdata = _load("map.json")
        self.border_types = {k: BorderType(**v) for k, v in mapdata["border_types"].items()}
        self.areas: tuple[Area, ...] = tuple(Area(**a) for a in mapdata["areas"])
        self.borders: tuple[Border, ...] = tuple(Border(**b) for b in mapdata["borders"])
        self.blocks: tuple[Block, ...] = tuple(Block(**b) for b in _load("blocks.json")["blocks"])
        self.cards: tuple[Card, ...] = tuple(Card(**c) for c in _load("cards.json")["cards"])
        self.scenarios: tuple[ScenarioData, ...] = tuple(
            ScenarioData(**s) for s in _load("scenarios.json")["scenarios"]
        )
        self.graph = AreaGraph(
            [a.id for a in self.areas],
            [(b.a, b.b, b.type, {"national": b.national}) for b in self.borders],
        )
        self._check()

    def _check(self) -> None:
        area_ids = {a.id for a in self.areas}
        block_ids = [b.id for b in self.blocks]
        if len(set(block_ids)) != len(block_ids):
            raise DataError("a block id appears twice")
        for border in self.borders:
            if border.type not in self.border_types:
                raise DataError(f"border {border.a}-{border.b} has unknown type {border.type}")
        for block in self.blocks:
            for home in block.homes:
                if home not in area_ids:
                    raise DataError(f"{block.id}: home {home!r} is not an area")
        for area in self.areas:
            for noble in area.home_of:
                if not any(b.noble == noble and area.id in b.homes for b in self.blocks):
                    raise DataError(f"{area.id}: no block of noble {noble!r} has it as home")
        per_side = Counter(b.side for b in self.blocks)
        if per_side != {ENGLISH: 28, SCOTTISH: 28}:
            raise DataError(f"28 blocks a side expected, found {dict(per_side)}")
        if sum(1 for a in self.areas if a.country == ENGLISH) != 1:
            raise DataError("exactly one English area expected")
        mix = Counter(c.value for c in self.cards if c.event is None)
        events = sorted(c.event for c in self.cards if c.event is not None)
        if mix != {3: 3, 2: 10, 1: 7} or len(events) != 5 or len(set(events)) != 5:
            raise DataError(f"card mix is wrong: moves {dict(mix)}, events {events}")
        for sc in self.scenarios:
            named = [p.block for p in sc.deployment] + list(sc.out_of_play) + list(sc.dead)
            named += [b for pool in sc.pools.values() for b in pool]
            for bid in named:
                if bid not in block_ids:
                    raise DataError(f"scenario {sc.id}: unknown block {bid!r}")
            if len(named) != len(set(named)):
                raise DataError(f"scenario {sc.id}: a block is placed twice")
            for p in sc.deployment:
                if p.area not in area_ids:
                    raise DataError(f"scenario {sc.id}: unknown area {p.area!r}")

    def scenario(self, scenario_id: str) -> ScenarioData:
        for sc in self.scenarios:
            if sc.id == scenario_id:
                return sc
        raise KeyError(scenario_id)


DATA_MODEL = HammerData()

# --- derived indices, compiled once -------------------------------------------------------

AREAS: tuple[Area, ...] = DATA_MODEL.areas
BLOCKS: tuple[Block, ...] = DATA_MODEL.blocks
BORDERS: tuple[Border, ...] = DATA_MODEL.borders
CARDS: dict[CardId, Card] = {c.id: c for c in DATA_MODEL.cards}
CARD_IDS: tuple[CardId, ...] = tuple(c.id for c in DATA_MODEL.cards)
GRAPH: AreaGraph = DATA_MODEL.graph

AREA_IX: dict[AreaId, int] = {a.id: i for i, a in enumerate(AREAS)}
BLOCK_IX: dict[BlockId, int] = {b.id: i for i, b in enumerate(BLOCKS)}
AREA_ID: tuple[AreaId, ...] = tuple(a.id for a in AREAS)
BLOCK_ID: tuple[BlockId, ...] = tuple(b.id for b in BLOCKS)
N_AREAS = len(AREAS)
N_BLOCKS = len(BLOCKS)
N_BORDERS = len(BORDERS)

ENGLAND: int = next(i for i, a in enumerate(AREAS) if a.country == ENGLISH)
COASTAL: tuple[bool, ...] = tuple(a.coastal for a in AREAS)

BORDER_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (GRAPH.border(a, b).index if GRAPH.adjacent(a, b) else -1)  # type: ignore[union-attr]
        for b in AREA_ID
    )
    for a in AREA_ID
)
NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((AREA_IX[b], BORDER_AT[i][AREA_IX[b]]) for b in GRAPH.neighbours(a))
    for i, a in enumerate(AREA_ID)
)
NEXT_TO: tuple[frozenset[int], ...] = tuple(frozenset(b for b, _ in n) for n in NEIGHBOURS)
BORDER_ENDS: tuple[tuple[int, int], ...] = tuple((AREA_IX[b.a], AREA_IX[b.b]) for b in BORDERS)
BORDER_LIMIT: tuple[int, ...] = tuple(DATA_MODEL.border_types[b.type].limit for b in BORDERS)
BORDER_STOPS: tuple[bool, ...] = tuple(DATA_MODEL.border_types[b.type].stop for b in BORDERS)
BORDER_NATIONAL: tuple[bool, ...] = tuple(b.national for b in BORDERS)

AREA_NAME: tuple[str, ...] = tuple(a.name for a in AREAS)
BLOCK_NAME: tuple[str, ...] = tuple(b.name for b in BLOCKS)
SIDE: tuple[Side, ...] = tuple(b.side for b in BLOCKS)
MOVE: tuple[int, ...] = tuple(b.move for b in BLOCKS)
FULL: tuple[int, ...] = tuple(b.steps for b in BLOCKS)
IS_NOBLE: tuple[bool, ...] = tuple(b.noble is not None for b in BLOCKS)
SIDE_BLOCKS: dict[Side, tuple[int, ...]] = {
    side: tuple(i for i, b in enumerate(BLOCKS) if b.side == side) for side in SIDES
}
# Each side's blocks are one run of indices (checked here), so a slice of
# ``State.location`` holds one side: ``SIDE_RANGE[side] == (start, stop)``.
SIDE_RANGE: dict[Side, tuple[int, int]] = {
    side: (blocks[0], blocks[-1] + 1) for side, blocks in SIDE_BLOCKS.items()
}
if any(stop - start != len(SIDE_BLOCKS[side]) for side, (start, stop) in SIDE_RANGE.items()):
    raise DataError("blocks.json must list each side's blocks together")
HOMES: tuple[tuple[int, ...], ...] = tuple(tuple(AREA_IX[h] for h in b.homes) for b in BLOCKS)


def _other_colour(i: int) -> int:
    block = BLOCKS[i]
    for j, other in enumerate(BLOCKS):
        if j != i and block.noble is not None and other.noble == block.noble:
            return j
    return -1


# The same noble's block in the other colour; -1 for Moray and every non-noble.
OTHER_COLOUR: tuple[int, ...] = tuple(_other_colour(i) for i in range(N_BLOCKS))
# The two-coloured nobles, by their Scottish block (13 of them).
TWO_COLOURED: tuple[int, ...] = tuple(i for i in SIDE_BLOCKS[SCOTTISH] if OTHER_COLOUR[i] >= 0)


def aix(area: AreaId) -> int:
    """Area index of a data id (``KeyError`` for an unknown id)."""
    return AREA_IX[area]


def bix(block: BlockId) -> int:
    """Block index of a data id (``KeyError`` for an unknown id)."""
    return BLOCK_IX[block]
