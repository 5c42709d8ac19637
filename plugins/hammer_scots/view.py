"""What each seat sees: the board with fog of war (RULES §1, §14.12), hands, played cards.

Blocks stand facing their owner: a seat sees its own blocks in full and an enemy block only
as "a Scottish block in Lennox" — its side, its area, whether it waits in reserve — unless
it is a non-reserve block in the battle being fought. A spectator sees only what both
players see. Hands are hidden; the opponent's chosen card is hidden until both have chosen.

``public_board(s)`` (what every reader sees alike) and ``board_view(s, role)`` return
together (the web board draws its SVG map from it)::

    {
      "scenario": "braveheart", "scenario_name": "Braveheart",
      "year": 1297, "last_year": 1305 | None, "turn": 1..5,
      "p1": "England" | "", "p2": ..., "acting": ..., "move_points": 2,
      "truce": "England" | None,           # the side that called a Truce this turn
      "edward": "Edward I", "king_crowned": false,
      "areas": [                           # the 23 areas, in data order
        {"id": "lennox", "name": "Lennox", "x": 375, "y": 745, "country": "Scotland",
         "castle": 1, "castle_scots": 2, "cathedral": true, "coastal": true,
         "homes": ["Lennox"],              # nobles whose home it is
         "attacker": "Scotland" | None,    # who attacks the battle pending there
         "contested": false,
         "blocks": {"England": [BLOCK, ...], "Scotland": [BLOCK, ...]}},
        ...],
      "borders": [{"a": "england", "b": "annan", "type": "black", "national": true,
                   "limit": 6, "crossed": 0, "last_used": "Scotland" | None}, ...],
      "pools": {"England": {"count": 9, "blocks": [BLOCK, ...] | None}, "Scotland": ...},
      "dead": [BLOCK, ...],                # permanently eliminated, public
      "nobles": {"England": ["Comyn", ...], "Scotland": [...]},   # allegiance, public
      "hand": [CARD, ...] | None,          # None for a spectator
      "hand_sizes": {"England": 4, "Scotland": 4},
      "chosen": {"England": CARD | "hidden" | None, "Scotland": ...},  # this game turn's
                                           # cards; stands for the core's "chosen" (who has
                                           # chosen) and says it per side; "my_choice" too
      "played": {"England": [CARD, ...], "Scotland": [...]},      # this year, revealed
      "moving": {"side": "Scotland", "from": "lanark", "at": "selkirk"} | None,
      "battle": None | {
        "area": "lanark", "round": 1, "attacker": "England", "defender": "Scotland",
        "rows": {"A": {"attacker": [BLOCK...], "defender": [BLOCK...]}, "B": ..., "C": ...},
        "reserves": {"England": [BLOCK, ...], "Scotland": [BLOCK, ...]},
        "hits": 0, "hits_to": "Scotland" | None},
    }

A BLOCK the seat may see is ``{"id", "name", "side", "kind", "steps", "full", "letter",
"fire", "move", "noble", "reserve", "moved"}``; one it may not see is only ``{"side",
"hidden": true, "reserve"}``. A CARD is ``{"id", "name", "value", "event", "text"}``;
``drawing`` is the outlines the board is drawn with (``drawing.py``).
"""

from __future__ import annotations

from functools import partial
from itertools import filterfalse
from typing import Any

from gameshelf.core.engine.hidden import DrawPile, Exchange, Hands, Hidden, Identities
from gameshelf.core.engine.parts import Kept
from gameshelf.core.engine.rng import Rng
from gameshelf.plugins.hammer_scots.battle import BATTLE_STEPS, Battle, battle_of, is_revealed
from gameshelf.plugins.hammer_scots.cards import CARDS, chosen_card, turn_cards
from gameshelf.plugins.hammer_scots.drawing import DRAWING
from gameshelf.plugins.hammer_scots.events import Voyage
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREAS,
    BLOCK_ID,
    BLOCKS,
    BORDER_LIMIT,
    BORDERS,
    DATA_MODEL,
    ENGLISH,
    FULL,
    N_AREAS,
    N_BLOCKS,
    OTHER_COLOUR,
    SCOTTISH,
    SIDE,
    SIDES,
    bix,
)
from gameshelf.plugins.hammer_scots.state import (
    DEAD,
    POOL,
    State,
    block_name,
    enemy,
    everyone_at,
    nobles_on_map,
)

MORAY = bix("moray")

JSON = dict[str, Any]
LETTERS = ("A", "B", "C")
NOBLE_NAMES: dict[str, str] = {b.noble: b.name for b in BLOCKS if b.noble}


def sees(s: State, role: str | None, b: int) -> bool:
    """RULES §1: own blocks, and non-reserve blocks in the battle being fought."""
    return SIDE[b] == role or is_revealed(s, b)


def shown_blocks(s: State, bt: Battle | None) -> tuple[int, ...]:
    """The blocks both sides see (``sees``, ``is_revealed``), in data order: the non-reserve
    blocks in the battle being fought (``bt``), found in C (``everyone_at``)."""
    if bt is None:
        return ()
    fighting = everyone_at(s.location, bt.area)
    return tuple(filterfalse(s.reserves.__contains__, fighting)) if s.reserves else fighting


# The parts of a block's and an area's view that never change, made once.
BLOCK_FACTS: tuple[JSON, ...] = tuple(
    {
        "id": blk.id,
        "side": blk.side,
        "kind": blk.kind,
        "full": blk.steps,
        "letter": blk.letter,
        "fire": blk.fire,
        "move": blk.move,
        "noble": blk.noble is not None,
    }
    for blk in BLOCKS
)
AREA_FACTS: tuple[JSON, ...] = tuple(
    {
        "id": area.id,
        "name": area.name,
        "x": area.x,
        "y": area.y,
        "country": area.country,
        "castle": area.castle,
        "castle_scots": area.castle_limit(SCOTTISH),
        "cathedral": area.cathedral,
        "coastal": area.coastal,
        "homes": [NOBLE_NAMES[n] for n in area.home_of],
    }
    for area in AREAS
)
BORDER_FACTS: tuple[JSON, ...] = tuple(
    {"a": bd.a, "b": bd.b, "type": bd.type, "national": bd.national, "limit": BORDER_LIMIT[i]}
    for i, bd in enumerate(BORDERS)
)


def block_view(s: State, role: str | None, b: int) -> JSON:
    reserve = b in s.reserves
    if not sees(s, role, b):
        return {"side": SIDE[b], "hidden": True, "reserve": reserve}
    return {
        **BLOCK_FACTS[b],
        "name": block_name(s, b),
        "steps": s.strength[b],
        "reserve": reserve,
        "moved": b in s.moved,
    }


def blocks_view(s: State, role: str | None, blocks: list[int]) -> list[JSON]:
    """Seen blocks in data order, then the hidden ones (which all look alike: those in
    the open first, then those in reserve)."""
    seen = [block_view(s, role, b) for b in blocks if sees(s, role, b)]
    hidden = [b for b in blocks if not sees(s, role, b)]
    reserves = sum(1 for b in hidden if b in s.reserves)
    if not hidden:
        return seen
    side = SIDE[hidden[0]]
    return seen + [
        {"side": side, "hidden": True, "reserve": i >= len(hidden) - reserves}
        for i in range(len(hidden))
    ]


def card_view(card: str) -> JSON:
    c = CARDS[card]
    return {"id": c.id, "name": c.name, "value": c.value, "event": c.event, "text": c.text}


# Board parts kept while what they show does not change (core.engine.parts): most actions move
# nothing, and a move changes two areas of 23. Keys name everything a part is made from.
AREAS_KEPT: Kept[list[JSON]] = Kept()
# one area as each reader sees it: 23 areas x 3 readers a match, so room for 50-odd
# matches in play (with 256, 20 matches played at once rebuilt most of their areas)
AREA_KEPT: Kept[JSON] = Kept(4096)
BORDERS_KEPT: Kept[list[JSON]] = Kept()
POOLS_KEPT: Kept[JSON] = Kept()
DEAD_KEPT: Kept[list[JSON]] = Kept()
PLAYED_KEPT: Kept[list[JSON]] = Kept()


def blocks_key(s: State, role: str | None) -> tuple[Any, ...]:
    """What every block's view depends on: where each stands and its strength, the marks,
    Edward's name, and the battle being fought (whose front blocks both sides see)."""
    bt = battle_of(s)
    return (
        role,
        bt.area if bt is not None else -1,
        s.edward,
        tuple(s.location),
        tuple(s.strength),
        tuple(s.reserves),
        tuple(s.moved),
    )


def areas_view(s: State, role: str | None, blocks: tuple[Any, ...] | None = None) -> list[JSON]:
    blocks = blocks_key(s, role) if blocks is None else blocks
    return AREAS_KEPT.get((blocks, tuple(s.attacker)), lambda: _areas_view(s, role))


def _areas_view(s: State, role: str | None) -> list[JSON]:
    per_area: list[dict[str, list[int]]] = [{ENGLISH: [], SCOTTISH: []} for _ in AREAS]
    # what each area's view depends on, per side: its blocks, their strength and marks
    looks: list[dict[str, list[tuple[int, int, bool, bool]]]] = [
        {ENGLISH: [], SCOTTISH: []} for _ in AREAS
    ]
    reserves, moved, strength = set(s.reserves), set(s.moved), s.strength
    for b, where in enumerate(s.location):
        if where >= 0:
            per_area[where][SIDE[b]].append(b)
            looks[where][SIDE[b]].append((b, strength[b], b in reserves, b in moved))
    bt = battle_of(s)
    fight = bt.area if bt is not None else -1
    out = []
    for i, here in enumerate(per_area):
        look = looks[i]
        key = (
            role,
            i,
            s.attacker[i],
            fight == i,
            s.edward,
            tuple(look[ENGLISH]),
            tuple(look[SCOTTISH]),
        )
        out.append(AREA_KEPT.get(key, partial(area_view, s, role, i, here)))
    return out


def area_view(s: State, role: str | None, i: int, here: dict[str, list[int]]) -> JSON:
    return {
        **AREA_FACTS[i],
        "homes": list(AREA_FACTS[i]["homes"]),
        "attacker": s.attacker[i] or None,
        "contested": bool(here[ENGLISH] and here[SCOTTISH]),
        "blocks": {side: blocks_view(s, role, here[side]) for side in SIDES},
    }


def borders_view(s: State) -> list[JSON]:
    return BORDERS_KEPT.get(
        (tuple(s.border_count), tuple(s.last_used)),
        lambda: [
            {**BORDER_FACTS[i], "crossed": s.border_count[i], "last_used": s.last_used[i] or None}
            for i in range(len(BORDERS))
        ],
    )


def pools_view(s: State, role: str | None, blocks: tuple[Any, ...] | None = None) -> JSON:
    blocks = blocks_key(s, role) if blocks is None else blocks
    return POOLS_KEPT.get(blocks, lambda: _pools_view(s, role))


def _pools_view(s: State, role: str | None) -> JSON:
    out: JSON = {}
    for side in SIDES:
        pool = [b for b in range(N_BLOCKS) if s.location[b] == POOL and SIDE[b] == side]
        out[side] = {
            "count": len(pool),
            "blocks": [block_view(s, role, b) for b in pool] if side == role else None,
        }
    return out


def dead_blocks_view(s: State) -> list[JSON]:
    return DEAD_KEPT.get(
        (tuple(s.location), s.edward),
        lambda: [dead_view(s, b) for b in range(N_BLOCKS) if s.location[b] == DEAD],
    )


def played_view(cards: list[str]) -> list[JSON]:
    return PLAYED_KEPT.get(tuple(cards), lambda: [card_view(c) for c in cards])


def chosen_cards(s: State, role: str | None) -> tuple[str | None, ...]:
    """Each side's card this game turn as ``role`` sees it (in ``SIDES`` order): the card
    once revealed, or chosen in the card phase under way by ``role`` itself; "hidden" for
    the other side's choice until both are revealed; ``None``: no card chosen."""
    revealed = turn_cards(s)
    if s.step != "card_phase":  # no card being chosen (cards.chosen_card): the revealed
        return tuple(map(revealed.get, SIDES))
    chosen = [revealed.get(side) or chosen_card(s, side) for side in SIDES]
    if revealed:
        return tuple(chosen)
    return tuple(
        card if card is None or side == role else "hidden"
        for side, card in zip(SIDES, chosen, strict=True)
    )


def cards_view(s: State, role: str | None) -> JSON:
    """Hands, and this game turn's cards: each side's own choice, the other's "hidden" until
    both are revealed (the core's ``chosen``, who has chosen, said per side)."""
    chosen = {
        side: card if card is None or card == "hidden" else card_view(card)
        for side, card in zip(SIDES, chosen_cards(s, role), strict=True)
    }
    return {
        "hand": [card_view(c) for c in s.hands[role]] if role in SIDES else None,
        "hand_sizes": {side: len(s.hands[side]) for side in SIDES},
        "chosen": chosen,
        "played": {side: played_view(s.played[side]) for side in SIDES},
    }


def battle_view(s: State, role: str | None, bt: Battle | None) -> JSON | None:
    """The battle being fought (``bt``, its frame), or ``None``."""
    if bt is None:
        return None
    attacker = bt.attacker
    defender = enemy(attacker)
    here = [b for b in range(N_BLOCKS) if s.location[b] == bt.area]
    front = [b for b in here if b not in s.reserves]
    rows = {
        letter: {
            "attacker": [
                block_view(s, role, b)
                for b in front
                if SIDE[b] == attacker and BLOCKS[b].letter == letter
            ],
            "defender": [
                block_view(s, role, b)
                for b in front
                if SIDE[b] == defender and BLOCKS[b].letter == letter
            ],
        }
        for letter in LETTERS
    }
    reserves = {
        side: blocks_view(s, role, [b for b in here if b in s.reserves and SIDE[b] == side])
        for side in SIDES
    }
    return {
        "area": AREA_ID[bt.area],
        "round": bt.round,
        "attacker": attacker,
        "defender": defender,
        "rows": rows,
        "reserves": reserves,
        "hits": bt.hits,
        "hits_to": bt.hits_to or None,
    }


def public_board(s: State) -> JSON:
    """The parts of the view every reader sees alike (the blocks and cards by reader:
    :func:`board_view`)."""
    bt = battle_of(s)
    # The block being moved, or retreating or regrouping from the battle being fought.
    who = bt.block if bt is not None and s.who < 0 else s.who
    moving = None
    if who >= 0 and s.location[who] >= 0:
        moving = {
            "side": SIDE[who],
            "from": AREA_ID[s.move_origin] if s.move_origin >= 0 else None,
            "at": AREA_ID[s.location[who]],
        }
    return {
        "scenario": s.scenario,
        "scenario_name": DATA_MODEL.scenario(s.scenario).name,
        "year": s.year,
        "last_year": s.last_year,
        "turn": s.turn,
        "p1": s.p1,
        "p2": s.p2,
        "acting": s.acting,
        "move_points": s.move_points,
        "truce": s.truce or None,
        "edward": "Edward I" if s.edward == 1 else "Edward II",
        "king_crowned": s.king_crowned,
        "borders": borders_view(s),
        "dead": dead_blocks_view(s),
        # The nobles each side controls on the map, as the victory rules count them (RULES
        # §9, §12: Moray too): the same function, so the box and the result always agree.
        "nobles": {side: [block_name(s, b) for b in nobles_on_map(s, side)] for side in SIDES},
        "moving": moving,
        "drawing": DRAWING,  # how the board is drawn (drawing.py), the same in every view
    }


def board_view(s: State, role: str | None) -> JSON:
    """What ``role`` (``None``: a spectator) may see of the blocks, the cards and the
    battle; the rest in :func:`public_board`. The board's parts are kept while what they
    show does not change (do not change them)."""
    blocks = blocks_key(s, role)
    return {
        "areas": areas_view(s, role, blocks),
        "pools": pools_view(s, role, blocks),
        **cards_view(s, role),
        "battle": battle_view(s, role, battle_of(s)),
    }


def dead_view(s: State, b: int) -> JSON:
    """Permanently eliminated blocks died in battle in front of both players."""
    return {"id": BLOCK_ID[b], "name": block_name(s, b), "side": SIDE[b]}


# --- what each side may not see (core.engine.hidden) ----------------------------------------------


def hidden_blocks(s: State, role: str | None) -> list[int]:
    """Blocks whose identity and strength ``role`` may not know: enemy blocks on the map
    (unless revealed in the battle being fought) and in the enemy's pool."""
    return [
        b
        for b in range(N_BLOCKS)
        if SIDE[b] != role
        and (s.location[b] == POOL or (s.location[b] >= 0 and not sees(s, role, b)))
    ]


class BlocksFaceDown(Identities[State]):
    """RULES §1 fog of war: the blocks stand facing their owner. The enemy sees where each
    stands (its area or the pool), its side and its reserve and moved marks, but not who it
    is nor its strength, unless it fights in the battle being fought.

    Dealt again for a side that cannot see them: which hidden block stands in which hidden
    place, and its strength. Public facts stay: who holds each noble (so nobles stay on the
    map), how many blocks each side has where, and whether Moray is on the map (the Nobles
    box counts him as the victory rules do, RULES §9), so a Moray off the map stays off it.
    """

    per_piece = ("location",)
    shown_in = BATTLE_STEPS  # blocks are shown only in the battle being fought
    marks = ("reserves", "moved", "defected", "who")
    frame_marks = (
        (Voyage, "blocks"),  # the blocks picked for a sea move (events.py)
        (Battle, "acted"),  # the battle being fought (battle.py)
        (Battle, "retreating"),
        (Battle, "block"),
    )

    def sees(self, s: State, role: str | None, piece: int) -> bool:
        return sees(s, role, piece)

    def owner(self, piece: int) -> str:
        return SIDE[piece]

    def shown(self, s: State) -> frozenset[int]:
        """The blocks both sides see (``shown_blocks``, which the vector reads too), found
        without asking ``is_revealed`` of every block: this runs around every action."""
        return frozenset(shown_blocks(s, battle_of(s)))

    def deal(self, s: State, role: str | None, rng: Rng) -> dict[int, int]:
        identity: dict[int, int] = {}
        for side in SIDES:
            if side == role:
                continue
            slots = [b for b in hidden_blocks(s, role) if SIDE[b] == side]
            if s.location[MORAY] < 0:
                slots = [b for b in slots if b != MORAY]
            # the places in an order of what the role sees, not of who stands there
            on_map = self.public_order(s, (b for b in slots if s.location[b] >= 0))
            off_map = self.public_order(s, (b for b in slots if s.location[b] < 0))
            # Public allegiance: the nobles (and a Moray on the map) stay on the map.
            nobles = [b for b in slots if OTHER_COLOUR[b] >= 0 or b == MORAY]
            rng.shuffle(on_map)
            noble_slots = on_map[: len(nobles)]
            rest_slots = on_map[len(nobles) :] + off_map
            others = [b for b in slots if OTHER_COLOUR[b] < 0 and b != MORAY]
            rng.shuffle(others)
            rng.shuffle(nobles)
            identity.update(zip(noble_slots + rest_slots, nobles + others, strict=True))
        return identity

    def redraw(self, s: State, piece: int, rng: Rng) -> None:
        """A block's strength: full in the pool, any on the map."""
        s.strength[piece] = FULL[piece] if s.location[piece] < 0 else rng.randint(1, FULL[piece])


# The hidden parts of a game (Ruleset.hidden): the blocks' identities, and the cards: the
# enemy's hand and the cards out for the year swap cards for a side that sees neither (its
# own hand and the cards played are seen). The card phase's choice hides itself
# (core.engine.secret).
HIDDEN: tuple[Hidden[State], ...] = (BlocksFaceDown(), Exchange(Hands("hands"), DrawPile("deck")))


__all__ = ["HIDDEN", "N_AREAS", "board_view", "public_board", "sees"]
