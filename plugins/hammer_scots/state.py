"""The state of a game of Hammer of the Scots, the step machine, and game-word helpers.

Everything is plain JSON and lean: per-block and per-area facts are lists of ints indexed
by the integer indices of ``model`` (``location[b]`` is the area index of block ``b``).
Actions and log lines use the data's string ids and names; ``bix``/``aix`` translate.

Where a block can be (``location[b]``):
    0..22  an area of the map (``model.AREAS``)
    POOL   its own side's draw pool (face down, at full strength)
    OFF    not in play: the unused colour of a noble, the King before his coronation,
           the French Knights before they join the pool
    DEAD   permanently eliminated (RULES §7: black-cross blocks killed in battle)

Sides are the role names "England" and "Scotland" (``model.ENGLISH``/``model.SCOTTISH``).

Sequence of play and who owns which step (the hand-off contract between modules)
-------------------------------------------------------------------------------------
``machine`` below is the one StepMachine of the game; every rules module registers its
steps on it.

- ``cards.py``: the sequence of play as procedures: "game" (year after year), "year" (the
  deal, the game turns, "winter"), "game_turn" ("card_phase": both choose a card, reveal,
  P1/P2; P1's action; P2's action; "battle_phase"; "border_raids").
- ``cards.py``/``movement.py``/``events.py``/``kings.py``: a player's action is a step the
  game turn calls, "move_who"/"move_where" (movement) or an event step ("herald",
  "pillage", ...). The end of an action calls ``cards.end_action(s)``, which finishes it:
  back to the game turn, which starts P2's action or the battle phase.
- ``battle.py``: **"battle_phase"**, called by the game turn after both actions: P1 picks
  each contested area in turn (§6.1) and fights it; then the game turn calls
  **"border_raids"** (``raids.py``), which ends the game turn with the sudden-death check
  (``victory.py``) and, unless the game ended, finishes back to the year.
- **"battle"** (battle.py): a procedure fighting ONE battle to its end — rounds, retreats,
  the forced retreat, the regroup (where a block may go: ``ways_out.py``). It is called through
  ``battle.start_battle(s, area, attacker)`` from battle_phase, Herald, Pillage and the
  coronation battles; its working values are in its frame (``battle.Battle``), which
  ``battle.battle_of(s)`` returns while it is fought. The reserves (``s.reserves``) are
  marked by movement before it.
- ``winter.py``: **"winter"**, a procedure called by the year, runs §10 in order; at its
  end, after the sudden-death and end-of-scenario checks (victory.py), it returns to the
  year, and the game (cards.py) adds one to ``s.year`` and plays the next year.
- A game ends through ``end_game(s, winner, reason, text)`` (below): the core keeps the
  outcome in the state and rests on its "game_over" step (``StepMachine.end_game``); the
  outcome is never recomputed from the board (the leak check rearranges hidden blocks).

Fog of war (``view.py``): a block is shown in full to its owner, and to everyone while it
is a non-reserve block in the area of the battle being fought (``battle.battle_of``, from
the battle's start to the end of its regroup). Log lines must
never name a block the other side may not see ("Scotland moves 2 blocks from Lanark to
Selkirk"); blocks revealed in battle may be named.

Options (``setup.py``): ``s.schiltroms`` — the printed optional rule (RULES §13 [opt]):
Scottish infantry fire one higher (C2→C3, C3→C4) in a battle where England has no archers
(Lancaster Archers, Wales Archers) among its blocks in that battle. battle.py reads it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter

from pydantic import Field

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.state import GameState, Outcome, state_model
from gameshelf.core.engine.steps import StepMachine
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREA_IX,
    BLOCK_ID,
    BLOCK_IX,
    BLOCK_NAME,
    ENGLISH,
    FULL,
    IS_NOBLE,
    N_AREAS,
    N_BLOCKS,
    N_BORDERS,
    OTHER_COLOUR,
    SCOTTISH,
    SIDE,
    SIDE_BLOCKS,
    SIDE_RANGE,
    Side,
)

POOL = -1
OFF = -2
DEAD = -3
OFF_MAP = frozenset((POOL, OFF, DEAD))  # the places of a block that is not on the map
NO_AREA = -1
NO_BLOCK = -1
SEA = -2  # ``main_border`` of an area first attacked by the Norse from the sea

machine: StepMachine[State] = StepMachine()
NOBLES: dict[str, tuple[int, ...]] = {
    side: tuple(b for b in SIDE_BLOCKS[side] if IS_NOBLE[b]) for side in SIDE_BLOCKS
}
# Where each side's nobles stand (``holds_a_noble``): each side has several.
NOBLE_LOCATIONS = {side: itemgetter(*nobles) for side, nobles in NOBLES.items()}
EDWARD = BLOCK_IX["edward"]

# The actions naming each block and each area, and the bare ones, made once (the steps'
# ``actions`` are the hot path of a game).
PICK_BLOCK: tuple[Action, ...] = tuple(Action("block", b) for b in BLOCK_ID)
PICK_AREA: tuple[Action, ...] = tuple(Action("area", a) for a in AREA_ID)
DONE, STOP, PASS, STAY = Action("done"), Action("stop"), Action("pass"), Action("stay")


def per_side_cards() -> dict[str, list[str]]:
    """An empty card list for each side (a hand, the cards played this year)."""
    return {ENGLISH: [], SCOTTISH: []}


@state_model
class State(GameState):
    """A game of Hammer of the Scots in progress. See the module docstring for the codes."""

    # --- the game ------------------------------------------------------------------
    scenario: str = "braveheart"
    first_year: int = 1297
    last_year: int | None = 1305  # None: no end year (Campaign)
    schiltroms: bool = False  # optional rule, see the module docstring
    year: int = 1297
    turn: int = 0  # game turn within the year, 1..5 (0 before the first card phase)

    # --- blocks (indexed by block index) ---------------------------------------------
    location: list[int] = Field(default_factory=lambda: [OFF] * N_BLOCKS)
    strength: list[int] = Field(default_factory=lambda: list(FULL))  # each block's steps

    # --- cards (RULES §2-3) -----------------------------------------------------------
    hands: dict[str, list[str]] = Field(default_factory=per_side_cards)
    # the cards not dealt this year, face down and out for the year (RULES §2.1)
    deck: Deck = Field(default_factory=Deck)
    # revealed this year, public (the card phase's choices are in its frame, cards.py)
    played: dict[str, list[str]] = Field(default_factory=per_side_cards)
    p1: str = ""  # Player 1 of this game turn
    p2: str = ""
    acting: str = ""  # whose action is being carried out (P1, then P2)

    # --- movement (RULES §5), cleared at the start of each game turn -----------------
    move_points: int = 0  # left in the current action
    activated: list[int] = Field(default_factory=list)  # areas activated in the current action
    moved: list[int] = Field(default_factory=list)  # blocks that moved this game turn
    # crossings this action / round / regroup
    border_count: list[int] = Field(default_factory=lambda: [0] * N_BORDERS)
    # side that last crossed it into a battle
    last_used: list[str] = Field(default_factory=lambda: [""] * N_BORDERS)
    # side attacking the battle in each area
    attacker: list[str] = Field(default_factory=lambda: [""] * N_AREAS)
    # where the main attack came from
    main_origin: list[int] = Field(default_factory=lambda: [NO_AREA] * N_AREAS)
    # border it crossed (SEA: the Norse)
    main_border: list[int] = Field(default_factory=lambda: [NO_AREA] * N_AREAS)
    reserves: list[int] = Field(default_factory=list)  # blocks held in reserve (RULES §5.4, §6.5)
    truce: str = ""  # the side that played Truce this game turn (its enemy is bound)
    who: int = NO_BLOCK  # the block being moved
    move_origin: int = NO_AREA  # where it started
    move_from: int = NO_AREA  # the area it just left (no stepping straight back)
    move_left: int = 0  # areas it may still enter

    # --- kings (§11); the events' working values are in their frames (events.py) -------
    edward: int = 1  # 1: Edward I; 2: Edward II (RULES §11.1)
    edward_wintered: int = 0  # the last year Edward I wintered in Scotland (0: never)
    king_crowned: bool = False  # a coronation happened (or The Bruce began crowned)
    french_knights_added: bool = False  # put in the Scottish pool (once per game)
    # (a battle's working values are in its frame: battle.Battle)

    # --- winter (RULES §10; Hammer B's winter.py) ---------------------------------------
    defected: list[int] = Field(default_factory=list)  # nobles that changed sides this winter
    # replacement points left per area during the builds (RULES §10.9-10)
    rp: list[int] = Field(default_factory=lambda: [0] * N_AREAS)

    # --- small readers used everywhere -------------------------------------------------

    def area_of(self, block: str) -> str | None:
        """Where a block is, as an area id (``None`` when off the map)."""
        where = self.location[BLOCK_IX[block]]
        return AREA_ID[where] if where >= 0 else None


# --- sides ------------------------------------------------------------------------------


FOE: dict[str, Side] = {ENGLISH: SCOTTISH, SCOTTISH: ENGLISH}  # ``enemy`` on a hot path, no call


def enemy(side: str) -> Side:
    return FOE[side]


def side_of(b: int) -> Side:
    return SIDE[b]


# --- where blocks are -------------------------------------------------------------------


def on_map(s: State, b: int) -> bool:
    return s.location[b] >= 0


def blocks_at(s: State, area: int, side: str | None = None) -> list[int]:
    """Block indices in ``area`` (of ``side`` only, when given), in data order."""
    if side is None:
        return list(everyone_at(s.location, area))
    start, stop = SIDE_RANGE[side]  # type: ignore[index]  # a role is a str; keys are Side
    return positions(s.location[start:stop], area, start)


# The last board ``everyone_at`` was asked about: a copy of it, the area, the blocks there.
_last_asked: tuple[list[int], int, tuple[int, ...]] = ([], NO_AREA, ())


def everyone_at(location: list[int], area: int) -> tuple[int, ...]:
    """``blocks_at`` for both sides, remembered for the last board asked about: a battle
    asks for its blocks several times an action (its combat turns, the fog of war's watch
    before and after) while none of them moves. The board is compared whole with a copy,
    so the answer is never stale; a copy compares in C by identity, block by block (small
    ints are shared), several times cheaper than a scan or than hashing the board."""
    global _last_asked
    board, asked, found = _last_asked
    if area == asked and location == board:
        return found
    found = tuple(positions(location, area))
    _last_asked = (location[:], area, found)
    return found


def positions(values: Sequence[int], value: int, offset: int = 0) -> list[int]:
    """Where ``value`` stands in ``values``, plus ``offset``, in order.

    ``list.index`` scans in C: far cheaper than a Python loop over every block when few
    blocks match (a hot path: battles, pools, areas). The last one is found from the end,
    so no scan runs past it and fails (a raised ValueError costs more than a scan): only a
    value that is not there at all raises, and that is rare.
    """
    try:
        i = values.index(value)
    except ValueError:  # none of them
        return []
    last = len(values) - 1 - values[::-1].index(value)
    found = [offset + i]
    while i < last:
        i = values.index(value, i + 1)
        found.append(offset + i)
    return found


def count_at(s: State, area: int, side: str) -> int:
    start, stop = SIDE_RANGE[side]  # type: ignore[index]  # a role is a str; keys are Side
    return s.location[start:stop].count(area)


def has_side(s: State, area: int, side: str) -> bool:
    start, stop = SIDE_RANGE[side]  # type: ignore[index]  # a role is a str; keys are Side
    return area in s.location[start:stop]


def is_contested(s: State, area: int) -> bool:
    """RULES §1: blocks of both sides stand there (a battle is pending)."""
    loc = s.location
    (es, ee), (ss, se) = SIDE_RANGE[ENGLISH], SIDE_RANGE[SCOTTISH]
    return area in loc[es:ee] and area in loc[ss:se]


def is_friendly(s: State, area: int, side: str) -> bool:
    """Only ``side``'s blocks stand there (not vacant)."""
    return has_side(s, area, side) and not has_side(s, area, enemy(side))


def is_enemy(s: State, area: int, side: str) -> bool:
    """Only the enemy's blocks stand there."""
    return is_friendly(s, area, enemy(side))


def is_vacant(s: State, area: int) -> bool:
    loc = s.location
    return area not in loc


def is_friendly_or_vacant(s: State, area: int, side: str) -> bool:
    return not has_side(s, area, enemy(side))


def areas_of(s: State, side: str) -> set[int]:
    """The areas where ``side`` has blocks (its blocks' places as a set, in C)."""
    start, stop = SIDE_RANGE[side]  # type: ignore[index]  # a role is a str; keys are Side
    areas = set(s.location[start:stop])
    areas.difference_update(OFF_MAP)
    return areas


def friendly_areas(s: State, side: str) -> set[int]:
    """The areas where only ``side``'s blocks stand (``is_friendly`` for the whole map): the
    enemy's places taken out in C, not made a set of their own."""
    start, stop = SIDE_RANGE[FOE[side]]
    areas = areas_of(s, side)
    areas.difference_update(s.location[start:stop])
    return areas


def contested_areas(s: State) -> list[int]:
    """The areas where both sides' blocks stand, in map order."""
    loc = s.location
    (es, ee), (ss, se) = SIDE_RANGE[ENGLISH], SIDE_RANGE[SCOTTISH]
    both = set(loc[es:ee]).intersection(loc[ss:se])
    both.difference_update(OFF_MAP)
    return sorted(both)


def in_pool(s: State, side: str) -> list[int]:
    return blocks_at(s, POOL, side)


def nobles_on_map(s: State, side: str) -> list[int]:
    """RULES §9, §12: the nobles ``side`` controls on the map (Moray counts for Scotland)."""
    loc = s.location
    return [b for b in NOBLES[side] if loc[b] >= 0]


def holds_a_noble(s: State, side: str) -> bool:
    """Whether ``nobles_on_map`` has any (RULES §9), asked once a game turn: the nobles'
    locations read in one C call (no generator: one left unfinished costs more)."""
    return max(NOBLE_LOCATIONS[side](s.location)) >= 0


# --- block facts in words ------------------------------------------------------------


def block_name(s: State, b: int) -> str:
    """A block's name for players: "Edward II", "Comyn", "Wales Archers"."""
    if b == EDWARD:
        return "Edward I" if s.edward == 1 else "Edward II"
    return BLOCK_NAME[b]


def block_ref(s: State, b: int) -> str:
    """A block as a message names it: its id, or ``edward_1``/``edward_2`` for the Edward
    block (Edward I or II, ``names.py``)."""
    if b == EDWARD:
        return f"edward_{s.edward}"
    return BLOCK_ID[b]


def listing(items: list[Msg], choice: bool = False) -> Msg:
    """Messages as one, "A, B, C" ("A、B、C"), or with ``choice`` "A, B or C" ("A、B或C");
    "none" ("無") for no message."""
    if not items:
        return Msg("hammer_scots.none")
    joined = items[-1]
    for i in range(len(items) - 2, -1, -1):
        if choice and i == len(items) - 2:
            joined = Msg("hammer_scots.or", first=items[i], rest=joined)
        else:
            joined = Msg("hammer_scots.list", first=items[i], rest=joined)
    return joined


def area_list(areas: Iterable[int], choice: bool = False) -> Msg:
    """Areas as one message: "Lanark, Fife, Lennox" ("拉納克、法夫、倫諾克斯"), or with
    ``choice`` "Lanark or Fife"."""
    return listing([Msg("hammer_scots.area_item", area=AREA_ID[a]) for a in areas], choice)


def block_list(s: State, blocks: Iterable[int]) -> Msg:
    """Blocks as one message: "Douglas, York Knights" ("道格拉斯、約克騎士")."""
    return listing([Msg("hammer_scots.block_item", block=block_ref(s, b)) for b in blocks])


# --- mutators in game words ---------------------------------------------------------------


def place(s: State, b: int, area: int) -> None:
    s.location[b] = area


def to_pool(s: State, b: int) -> None:
    """Back to its side's pool at full strength (RULES §7)."""
    s.location[b] = POOL
    s.strength[b] = FULL[b]
    drop_reserve(s, b)


def kill(s: State, b: int) -> None:
    """Permanently eliminated (RULES §7)."""
    s.location[b] = DEAD
    s.strength[b] = FULL[b]
    drop_reserve(s, b)


def switch_sides(s: State, b: int, steps: int | None = None) -> int:
    """A two-coloured noble changes sides where it stands (RULES §4, §6.5, §10, §11.2).

    The other colour's block takes its place, at ``steps`` (default: its current strength);
    the block that left goes out of play at full strength. Returns the new block.
    """
    other = OTHER_COLOUR[b]
    if other < 0:
        raise ValueError(f"{BLOCK_ID[b]} cannot change sides")
    s.location[other] = s.location[b]
    s.strength[other] = s.strength[b] if steps is None else steps
    s.location[b] = OFF
    s.strength[b] = FULL[b]
    drop_reserve(s, b)
    if b in s.moved and other not in s.moved:
        s.moved.append(other)
    return other


def drop_reserve(s: State, b: int) -> None:
    if b in s.reserves:
        s.reserves.remove(b)


def add_steps(s: State, b: int, n: int) -> int:
    """Add up to ``n`` steps, never above full strength; returns how many were added."""
    added = min(n, FULL[b] - s.strength[b])
    s.strength[b] += added
    return added


# --- per-turn bookkeeping ---------------------------------------------------------------


def clear_turn(s: State) -> None:
    """RULES §2 [impl]: at the start of each game turn the per-turn marks are cleared."""
    s.truce = ""
    s.border_count = [0] * N_BORDERS
    s.last_used = [""] * N_BORDERS
    s.attacker = [""] * N_AREAS
    s.main_origin = [NO_AREA] * N_AREAS
    s.main_border = [NO_AREA] * N_AREAS
    s.reserves = []
    s.moved = []
    s.activated = []
    s.move_points = 0
    s.who = NO_BLOCK


def reset_border_counts(s: State) -> None:
    """RULES §5.2 [impl]: at each player's action, each combat round, each battle's end."""
    s.border_count = [0] * N_BORDERS


# --- the end of the game ------------------------------------------------------------------


def end_game(s: State, winner: str, reason: str, text: Msg) -> None:
    """The game is over: ``winner`` wins for ``reason``, said in the log as ``text`` (RULES
    §9, §12). Nothing more happens in the action that ended it (``StepMachine.end_game``)."""
    machine.end_game(s, Outcome(winners=[winner], reason=reason, text=text), line=text)


# --- building states (setup and tests) --------------------------------------------------


def new_state(seed: int, **fields: object) -> State:
    """An empty board: every block out of play at full strength."""
    s = State(rng=Rng(seed=seed))
    s.location = [OFF] * N_BLOCKS
    s.strength = list(FULL)
    s.hands = {ENGLISH: [], SCOTTISH: []}
    s.played = {ENGLISH: [], SCOTTISH: []}
    clear_turn(s)
    for key, value in fields.items():
        setattr(s, key, value)
    return s


def ids(blocks: Iterable[int]) -> set[str]:
    """Block indices as a set of data ids (for tests and messages)."""
    return {BLOCK_ID[b] for b in blocks}


def blocks_in(s: State, area: str) -> set[str]:
    """The ids of the blocks in an area (tests read the board this way)."""
    return ids(blocks_at(s, AREA_IX[area]))


# The lists of a state kept per block, per border and per area of the data, by field.
PER_BLOCK = ("location", "strength")
PER_BORDER = ("border_count", "last_used")
PER_AREA = ("attacker", "main_origin", "main_border")


def check_fits_data(s: State) -> None:
    """Refuse (``ValueError``) a saved state whose per-block, per-border or per-area lists
    do not have one entry for each block, border or area of the data: a state saved before
    a data edit would put every piece in the wrong place without a word."""
    for names, count, what in (
        (PER_BLOCK, N_BLOCKS, "blocks"),
        (PER_BORDER, N_BORDERS, "borders"),
        (PER_AREA, N_AREAS, "areas"),
    ):
        for name in names:
            have = len(getattr(s, name))
            if have != count:
                raise ValueError(
                    f"the saved state's {name} lists {have} {what}, the game's data has "
                    f"{count}: it was saved with other data and cannot be loaded"
                )
