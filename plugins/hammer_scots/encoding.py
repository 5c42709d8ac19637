"""Hammer of the Scots for learning agents: fixed action indices and a seat's view as floats
(``core.engine.encoding``; the fields are listed in docs/rl/hammer_scots.md, made from this layout).

Everything is read from the seat's view (``view.py``): an enemy block stands in the vector
only as "a block of that side in that area" (fog of war, RULES §1), as on the board. The
fast way (``parts``) reads the same from the state by the view's rules (``view.sees``: own
blocks, and the front blocks of the battle being fought): ``fill`` of the view stays the
definition, and the walk checks both agree.
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable, Mapping
from functools import partial
from itertools import compress
from operator import getitem, itemgetter, ne
from typing import Any

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    Filler,
    Layout,
    Runs,
    SeatHeader,
    Table,
    hot_rows,
    joined_rows,
    one_hot_rows,
    scaled,
    step_names,
)
from gameshelf.core.engine.ruleset import JSON, Role, Ruleset
from gameshelf.plugins.hammer_scots.battle import battle_of
from gameshelf.plugins.hammer_scots.kings import CORONATIONS
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    BLOCK_ID,
    BLOCKS,
    BORDERS,
    CARD_IDS,
    FULL,
    N_AREAS,
    N_BLOCKS,
    SIDE,
    SIDES,
)
from gameshelf.plugins.hammer_scots.state import (
    DEAD,
    NOBLES,
    OFF,
    POOL,
    State,
    enemy,
    positions,
)
from gameshelf.plugins.hammer_scots.view import chosen_cards, shown_blocks

NO_ARG = ("pass", "done", "stop", "stay", "disband", "truce", "winter")
NOBLE_BLOCKS = tuple(b.id for b in BLOCKS if b.noble is not None)
NOBLE_NAMES = tuple(dict.fromkeys(b.name for b in BLOCKS if b.noble is not None))
# where a block the seat sees may be: an area, its side's pool, or dead
PLACES = Table((*AREA_ID, "pool", "dead"))
FIRST_YEAR = 1290  # years are given as years since then, over YEARS
YEARS = 20.0
WIDTH = len(PLACES) + 2  # a block's places: where, steps, seen
# the fast way: each side's blocks (a run of the data)
OWN: dict[str, range] = {
    side: range(SIDE.index(side), N_BLOCKS - SIDE[::-1].index(side)) for side in SIDES
}
OWN_SET = {side: frozenset(blocks) for side, blocks in OWN.items()}
SIDE_AT = tuple(SIDES.index(side) for side in SIDE)  # each block's side, 0 or 1
ON_MAP = (-1).__lt__  # a location on the map (an area's index), in one C call
PER_SIDE = itemgetter(*SIDES)  # a per-side dict's values in the sides' order, in one C call
NOBLE_SIDES = tuple((s, b) for s, side in enumerate(SIDES) for b in NOBLES[side])
NOBLES_AT = itemgetter(*(b for _, b in NOBLE_SIDES))  # where they are, in one C call
NOBLE_BLOCKS_AT = frozenset(b for _, b in NOBLE_SIDES)


def _tenths() -> list[float]:
    """``k`` blocks counted by adding 0.1 ``k`` times in float32, as the view's fill does."""
    made, sums = array("f", [0.0]), [0.0]
    for _ in range(N_BLOCKS):
        made[0] = made[0] + 0.1
        sums.append(made[0])
    return sums


TENTHS = _tenths()


def _records() -> list[list[bytes]]:
    """A block's places in the vector (float32 bytes) as the seat sees it, by where it is
    and its steps: ``_RECORDS[where][steps]``, ``where`` an area's index or POOL, OFF, DEAD
    (negative: the list's last three)."""
    rows: list[list[bytes]] = [[] for _ in range(N_AREAS + 3)]
    for where in (*range(N_AREAS), POOL, OFF, DEAD):
        for steps in range(max(FULL) + 1):
            record = array("f", bytes(4 * WIDTH))
            if where != OFF:  # off the map, a block is not in the vector
                place = where if where >= 0 else PLACES.at["pool" if where == POOL else "dead"]
                record[place] = 1.0
                record[WIDTH - 2] = steps / 4 if where != DEAD else 0.0
                record[WIDTH - 1] = 1.0
            rows[where].append(record.tobytes())
    return rows


_RECORDS = _records()
UNSEEN = bytes(4 * WIDTH)  # a block the seat does not see


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
    fresh_parts = True  # parts: slices and tuples made at each call, or kept unchanged (board)

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
        self.block = lay.add(
            "blocks",
            len(BLOCK_ID) * WIDTH,
            f"per block in data order, {WIDTH} places: where it is if the seat sees it "
            f"(one of {len(AREA_ID)} areas, pool, dead), steps over 4, seen",
        )
        self.moved = lay.add("moved", len(BLOCK_ID), "per block: seen, and moved this game turn")
        self.reserve = lay.add("reserve", len(BLOCK_ID), "per block: seen, and in reserve")
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
        self.crossed = lay.add(
            "crossed", len(BORDERS), "per border in data order: crossed this turn over 6"
        )
        self.last_used = lay.add(
            "last_used",
            2 * len(BORDERS),
            "per border in data order: last used by England, Scotland",
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
        self.noble_at = {b.id: self.nobles.at[b.name] for b in BLOCKS if b.noble is not None}
        self._make_runs()
        self._board = Board()  # the public board the fast way read last (board)
        self.fillers = (
            self.fill_time_part,
            self.fill_own_part,
            self.fill_marks_part,
            self.fill_seen_part,
            self.fill_board_part,
            self.fill_nobles_part,
            self.fill_borders_part,
            self.fill_cards_part,
            self.fill_played_part,
            self.fill_moves_part,
        )
        if self.pools.offset != self.area.offset + self.area.size:
            raise ValueError("the fast way writes the areas and the pools as one span")

    def _make_runs(self) -> None:
        """The fast way's spans of fields written whole, and the runs of bytes they are
        made of (core.engine.encoding: ``Filler.raw``)."""
        self.marks = self.moved.through(self.reserve)
        self.hand_to_chosen = self.hand.through(self.chosen)
        self.borders = self.crossed.through(self.last_used)
        self.time = self.when.through(self.sided)
        self.moves = self.moving.through(self.battle)
        self.area_and_pools = self.area.through(self.pools)
        self.records = tuple(self._block_places(range(b, b + 1)) for b in range(N_BLOCKS))
        self.sides_blocks: dict[str, slice] = {s: self._block_places(OWN[s]) for s in SIDES}
        self.unseen = {side: UNSEEN * len(OWN[side]) for side in SIDES}
        self.block_rows, self.card_rows = hot_rows(range(N_BLOCKS)), hot_rows(CARD_IDS)
        self.chosen_rows = one_hot_rows((*CARD_IDS, "hidden"))  # None: not chosen
        self.side_rows, self.area_rows = one_hot_rows(SIDES), one_hot_rows(range(N_AREAS))
        self.side_rows[""] = self.side_rows[None]  # the state's "": no side
        self.area_rows[-1] = self.area_rows[None]  # no area (a move's origin)
        self.size_runs, self.round_runs, self.hit_runs = scaled(7), scaled(3), scaled(10)
        self.crossed_runs = joined_rows(scaled(6))
        self.last_used_runs = joined_rows(self.side_rows)
        self.time_runs, self.moves_runs = Runs(self._time_run), Runs(self._moves_run)
        self.nobles_runs = Runs(self._nobles_run)

    def _block_places(self, blocks: range) -> slice:
        """The places of a run of blocks in the blocks field, as bytes (``Filler.raw``)."""
        return self.block.places(WIDTH * blocks.start, WIDTH * blocks.stop)

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
        # a seat's vector is filled again only where they did (core.engine.encoding.Filler.part).
        for a, area in enumerate(view["areas"]):
            out.part(("area", a), area, partial(self.fill_area, a, area))
        out.part("pools", view["pools"], partial(self.fill_pools, view["pools"]))
        out.part("dead", view["dead"], partial(self.fill_dead, view["dead"]))
        for s, side in enumerate(SIDES):
            for name in view["nobles"][side]:
                out.put(self.noble, 1.0, 2 * self.nobles.at[name] + s)

    def fill_area(self, a: int, area: JSON, out: Filler) -> None:
        for s, side in enumerate(SIDES):
            for blk in area["blocks"][side]:
                out.add(self.area, 0.1, 7 * a + s)
                if blk["reserve"]:
                    out.add(self.area, 0.1, 7 * a + 2 + s)
                if "id" in blk:
                    self.fill_block(out, blk, area["id"])
        if area["attacker"]:
            out.put(self.area, 1.0, 7 * a + 4 + self.sides.at[area["attacker"]])
        out.put(self.area, float(area["contested"]), 7 * a + 6)

    def fill_pools(self, pools: JSON, out: Filler) -> None:
        for s, side in enumerate(SIDES):
            pool = pools[side]
            out.put(self.pools, pool["count"] / 20, s)
            for blk in pool["blocks"] or ():
                self.fill_block(out, blk, "pool")

    def fill_dead(self, dead: list[JSON], out: Filler) -> None:
        for blk in dead:
            b = self.blocks.at[blk["id"]]
            out.put(self.block, 1.0, b * WIDTH + PLACES.at["dead"])
            out.put(self.block, 1.0, b * WIDTH + WIDTH - 1)

    def fill_block(self, out: Filler, blk: JSON, place: str) -> None:
        b = self.blocks.at[blk["id"]]
        out.put(self.block, 1.0, b * WIDTH + PLACES.at[place])
        out.put(self.block, blk["steps"] / 4, b * WIDTH + len(PLACES))
        out.put(self.block, 1.0, b * WIDTH + WIDTH - 1)
        out.put(self.moved, float(blk["moved"]), b)
        out.put(self.reserve, float(blk["reserve"]), b)

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
            out.put(self.crossed, border["crossed"] / 6, i)
            out.one_hot(self.last_used, self.sides, border["last_used"] or None, i)

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

    # --- the fast way: the seat's observation read from the state (view.py's rules) ----------

    def parts(self, s: State, role: Role) -> tuple[Any, ...]:
        # lists are read as slices (copies, made in one C call): a part is never changed
        loc, steps = s.location, s.strength
        bt = battle_of(s)
        foe, own = enemy(role), OWN[role]
        shown = shown_blocks(s, bt)  # the battle's front blocks, which both sides see
        board, nobles = self.board(s)
        hands, played = PER_SIDE(s.hands), PER_SIDE(s.played)  # in the sides' order
        return (
            (
                s.year,
                s.last_year,
                s.turn,
                s.move_points,
                s.king_crowned,
                s.edward,
                s.truce,
                s.p1,
                s.acting,
            ),
            (self.sides_blocks[role], loc[own.start : own.stop], steps[own.start : own.stop]),
            (
                _marked(s.moved, OWN_SET[role], loc, shown),
                _marked(s.reserves, OWN_SET[role], loc),
            ),
            self.seen_part(s, foe, shown),
            board,
            nobles,
            (tuple(s.border_count), tuple(s.last_used)),
            (tuple(s.hands[role]), (len(hands[0]), len(hands[1])), chosen_cards(s, role)),
            (tuple(played[0]), tuple(played[1])),
            self.moves_part(s, bt),
        )

    def board(self, s: State) -> tuple[bytes, tuple[bool, ...]]:
        """The areas' and pools' places of the vector (``Board``), the same for every seat,
        and the nobles each side holds on the map (view.py: state.nobles_on_map), made
        again only when a block moved, a reserve or an attacker changed since the last call
        (any seat's, any game's: compared by value). Never changed once made."""
        board = self._board
        if (
            board.location != s.location
            or board.reserves != s.reserves
            or board.attacker != s.attacker
        ):
            board.update(s.location, s.reserves, s.attacker)
        return board.made

    def seen_part(self, s: State, foe: str, shown: tuple[int, ...]) -> tuple[Any, ...]:
        """The enemy's blocks the seat sees (view.sees): those ``shown`` in the battle being
        fought (each with its place and strength), and the dead (public, view.py)."""
        loc, theirs = s.location, OWN[foe]
        places = loc[theirs.start : theirs.stop]
        dead = tuple(positions(places, DEAD, theirs.start)) if DEAD in places else ()
        if not shown:
            return foe, (), dead
        steps = s.strength
        return foe, tuple([(b, loc[b], steps[b]) for b in shown if b in theirs]), dead

    def moves_part(self, s: State, bt: Any) -> Hashable:
        """view.py's ``moving`` and ``battle``, as the vector reads them."""
        loc = s.location
        who = bt.block if bt is not None and s.who < 0 else s.who
        moving = None
        if who >= 0 and loc[who] >= 0:
            moving = (SIDE[who], s.move_origin, loc[who])
        if bt is None:
            return moving, None
        return moving, (bt.area, bt.round, bt.attacker, bt.hits, bt.hits_to)

    def fill_time_part(self, part: tuple[Any, ...], out: Filler) -> None:
        """The year, turn, move points, kings and each side's marks, written whole."""
        out.raw[self.time] = self.time_runs[part]

    def _time_run(self, part: tuple[Any, ...]) -> bytes:
        year, last, turn, points, crowned, edward, truce, p1, acting = part
        when = (
            (year - FIRST_YEAR) / YEARS,
            (last - FIRST_YEAR) / YEARS if last else 0.0,
            turn / 5,
            points / 3,
            float(crowned),
            float(edward != 1),
        )
        sided = map(self.side_rows.__getitem__, (truce, p1, acting))
        return b"".join((array("f", when).tobytes(), *sided))

    def fill_own_part(self, part: tuple[Any, ...], out: Filler) -> None:
        """The seat's own blocks (their span of the blocks field): where each is and its
        strength; their places written whole at every call (nothing noted)."""
        span, places, strengths = part
        out.raw[span] = b"".join(map(getitem, map(_RECORDS.__getitem__, places), strengths))

    def fill_marks_part(self, part: tuple[tuple[int, ...], ...], out: Filler) -> None:
        """The moved and reserve marks the seat sees, written whole (nothing noted)."""
        moved, reserves = part
        out.raw[self.marks] = self.block_rows[moved] + self.block_rows[reserves]

    def fill_seen_part(self, part: tuple[Any, ...], out: Filler) -> None:
        """The enemy's blocks the seat sees (fighting in the battle being fought, or dead):
        the enemy's places of the blocks field, written whole at every call (nothing
        noted; the seat's own blocks are the own part's)."""
        foe, shown, dead = part
        raw, records = out.raw, self.records
        raw[self.sides_blocks[foe]] = self.unseen[foe]
        for b, where, strength in shown:
            raw[records[b]] = _RECORDS[where][strength]
        for b in dead:
            raw[records[b]] = _RECORDS[DEAD][0]

    def fill_board_part(self, board: bytes, out: Filler) -> None:
        """The areas and the pools, written whole at every call (nothing noted)."""
        out.raw[self.area_and_pools] = board

    def fill_nobles_part(self, on_map: tuple[bool, ...], out: Filler) -> None:
        """The nobles each side holds on the map, written whole (nothing noted)."""
        out.raw[self.noble.raw] = self.nobles_runs[on_map]

    def _nobles_run(self, on_map: tuple[bool, ...]) -> bytes:
        run = array("f", bytes(4 * self.noble.size))
        for (s, b), there in zip(NOBLE_SIDES, on_map, strict=True):
            if there:
                run[2 * self.noble_at[BLOCK_ID[b]] + s] = 1.0
        return run.tobytes()

    def fill_borders_part(self, part: tuple[tuple[int, ...], tuple[str, ...]], out: Filler) -> None:
        """Each border's crossings, then the side that used it last, written whole."""
        crossed, last_used = part
        out.raw[self.borders] = self.crossed_runs[crossed] + self.last_used_runs[last_used]

    def fill_cards_part(self, part: tuple[Any, ...], out: Filler) -> None:
        """The hand, each side's hand size and chosen card, written whole."""
        hand, sizes, chosen = part
        out.raw[self.hand_to_chosen] = b"".join(
            (
                self.card_rows[hand],
                *map(self.size_runs.__getitem__, sizes),
                *map(self.chosen_rows.__getitem__, chosen),
            )
        )

    def fill_played_part(self, part: tuple[tuple[str, ...], ...], out: Filler) -> None:
        """Each side's cards played this year, written whole."""
        out.raw[self.played.raw] = b"".join(map(self.card_rows.__getitem__, part))

    def fill_moves_part(self, part: tuple[Any, ...], out: Filler) -> None:
        """The group moving and the battle fought, written whole."""
        out.raw[self.moves] = self.moves_runs[part]

    def _moves_run(self, part: tuple[Any, ...]) -> bytes:
        moving, battle = part
        return self._moving_run(moving) + self._battle_run(battle)

    def _moving_run(self, moving: tuple[str, int, int] | None) -> bytes:
        if moving is None:
            return bytes(4 * self.moving.size)
        side, origin, where = moving
        return self.side_rows[side] + self.area_rows[origin] + self.area_rows[where]

    def _battle_run(self, battle: tuple[int, int, str, int, str] | None) -> bytes:
        if battle is None:
            return bytes(4 * self.battle.size)
        area, rounds, attacker, hits, hits_to = battle
        return b"".join(
            (
                self.area_rows[area],
                self.round_runs[rounds],
                self.side_rows[attacker],
                self.hit_runs[hits],
                self.side_rows[hits_to],
            )
        )


def _marked(
    marked: list[int], own: frozenset[int], loc: list[int], shown: tuple[int, ...] = ()
) -> tuple[int, ...]:
    """The blocks of a mark (moved, in reserve) the seat sees on the map or in a pool: its
    own, and those ``shown`` in the battle being fought (no set made: a mark has few).
    Above OFF: on the map or in a pool, where view.py shows a block's marks."""
    if not marked:
        return ()
    return tuple([b for b in marked if (b in own or b in shown) and loc[b] > OFF])


class Board:
    """The public board as the fast way reads it (``HammerEncoding.board``): the vector's
    places of the areas (each side's blocks and reserves, the attacker, contested; as
    ``fill_area`` writes them) and of the pools, and the nobles each side holds on the
    map, with the locations, reserves and attackers they were made from. Brought up to
    date by the blocks that moved since (a step moves one block or a few, most none)."""

    def __init__(self) -> None:
        self.location = [OFF] * N_BLOCKS
        self.reserves: list[int] = []
        self.attacker = [""] * N_AREAS
        # each side's blocks per place: an area's index, or POOL, OFF, DEAD (the last three)
        self.counts = [[0] * (N_AREAS + 3) for _ in SIDES]
        for k, side in enumerate(SIDES):
            self.counts[k][OFF] = len(OWN[side])
        self.span = array("f", bytes(4 * (7 * N_AREAS + 2)))  # the areas, then the pools
        self.in_reserve: list[int] = []  # the span's places the reserves were counted in
        self.nobles = tuple(map(ON_MAP, NOBLES_AT(self.location)))
        self.made = (self.span.tobytes(), self.nobles)

    def update(self, loc: list[int], reserves: list[int], attacker: list[str]) -> None:
        span, counts, last = self.span, self.counts, self.location
        moved = [*compress(range(N_BLOCKS), map(ne, loc, last))]
        areas = set()
        for b in moved:
            side = counts[SIDE_AT[b]]
            side[last[b]] -= 1
            side[loc[b]] += 1
            areas.add(last[b])
            areas.add(loc[b])
        english, scottish = counts
        for a in areas:
            if a >= 0:
                span[7 * a] = TENTHS[english[a]]
                span[7 * a + 1] = TENTHS[scottish[a]]
                span[7 * a + 6] = 1.0 if english[a] and scottish[a] else 0.0
        span[7 * N_AREAS] = english[POOL] / 20
        span[7 * N_AREAS + 1] = scottish[POOL] / 20
        for i in self.in_reserve:
            span[i] = 0.0
        self.in_reserve = [7 * loc[b] + 2 + SIDE_AT[b] for b in reserves if loc[b] >= 0]
        for i in self.in_reserve:
            span[i] = TENTHS[self.in_reserve.count(i)]
        if attacker != self.attacker:
            for a in compress(range(N_AREAS), self.attacker):
                span[7 * a + 4] = span[7 * a + 5] = 0.0
            for a in compress(range(N_AREAS), attacker):
                span[7 * a + 4 + SIDES.index(attacker[a])] = 1.0
            self.attacker = attacker[:]
        if not NOBLE_BLOCKS_AT.isdisjoint(moved):
            self.nobles = tuple(map(ON_MAP, NOBLES_AT(loc)))
        self.location, self.reserves = loc[:], reserves[:]
        self.made = (span.tobytes(), self.nobles)


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> HammerEncoding:
    """The encoding is the same for every scenario and option of the game."""
    return HammerEncoding(ruleset, tuple(ruleset.roles(players)))
