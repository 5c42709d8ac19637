"""The winter turn (RULES §10), its steps in their order.

"winter" is a procedure (core.engine.procedure) called by the year (cards.py) when the last game
turn is over. Its body is RULES §10's steps in order; a step that needs a decision calls
the step that asks for it, and the winter goes on when that one finishes. At its end come
the sudden-death check (RULES §9) and, after the scenario's last year, the end-of-scenario
count (RULES §12, victory.py); otherwise the winter returns to the year, and the next year
begins.

 1. English nobles go home, defecting where Scots hold their home; then English Bruce,
    then English Comyn (two homes: "noble_home" when there is a choice).
 2. Scottish nobles the same way, then Scottish Bruce and Comyn; nobles that already
    defected this winter stay put.
 3. Moray may go home ("moray_home").
 4. [impl] In the last year, the game ends here when the result can no longer change.
 5. The Scottish King may move to a cathedral area ("king_winter").
 6. Edward: Edward I may winter in Scotland ("edward_winter"); otherwise he disbands.
    Edward I becomes Edward II at the end of 1306.
 7. English disbanding ("english_disbanding"): everything in England; knights, archers,
    hobelars unless with a wintering Edward; infantry over the castle limit.
 8. Wallace may go to Selkirk and gains 2 steps there ("wallace_winter"); Scottish
    disbanding over the castle limits ("scottish_disbanding").
 9. The French Knights join the Scottish pool (8+ nobles, once); Scottish builds
    ("scottish_builds").
10. English builds ("english_builds").
11. The feudal levy, unless Edward winters in Scotland.
12. Sudden death, end of scenario, or the next year.

Log lines do not name hidden blocks: "A Scottish noble went home to Fife", "England
disbanded 3 blocks"; defections are seen by both sides and are named.
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.engine.procedure import Procedure
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.losses import disband
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREA_IX,
    AREAS,
    BLOCK_ID,
    BLOCK_IX,
    BLOCKS,
    COASTAL,
    ENGLAND,
    ENGLISH,
    FULL,
    HOMES,
    IS_NOBLE,
    N_AREAS,
    OTHER_COLOUR,
    SCOTTISH,
    SIDE,
    SIDE_BLOCKS,
    SIDE_RANGE,
    aix,
    bix,
)
from gameshelf.plugins.hammer_scots.state import (
    DEAD,
    DONE,
    NO_AREA,
    NO_BLOCK,
    NOBLES,
    PICK_AREA,
    PICK_BLOCK,
    POOL,
    STAY,
    State,
    add_steps,
    area_list,
    block_ref,
    count_at,
    enemy,
    friendly_areas,
    has_side,
    in_pool,
    is_friendly_or_vacant,
    machine,
    nobles_on_map,
    on_map,
    place,
    switch_sides,
)
from gameshelf.plugins.hammer_scots.victory import check_sudden_death, end_of_scenario, is_last_year

KIND: tuple[str, ...] = tuple(b.kind for b in BLOCKS)
WALLACE, KING, EDWARD, MORAY = bix("wallace"), bix("king"), bix("edward"), bix("moray")
NORSE, FRENCH_KNIGHTS = bix("norse"), bix("french_knights")
BY_SEA = (NORSE, FRENCH_KNIGHTS)  # drawn into coastal areas only (RULES §10.9, §14.10 [impl])
BRUCE = {ENGLISH: bix("bruce_e"), SCOTTISH: bix("bruce_s")}
COMYN = {ENGLISH: bix("comyn_e"), SCOTTISH: bix("comyn_s")}
SELKIRK, MORAY_AREA = aix("selkirk"), aix("moray")
CATHEDRALS: tuple[int, ...] = tuple(i for i, a in enumerate(AREAS) if a.cathedral)
EDWARD_DIES = 1306  # RULES §11.1: Edward I dies at the end of 1306
MUSTER_ONLY = ("knights", "archers", "hobelars")  # RULES §10.7: never winter without Edward


CASTLE_LIMIT: dict[str, tuple[int, ...]] = {
    side: tuple(a.castle_limit(side) for a in AREAS) for side in (ENGLISH, SCOTTISH)
}


def limit(area: int, side: str) -> int:
    return CASTLE_LIMIT[side][area]


# --- asking for a decision ----------------------------------------------------------------


def ask(s: State, side: str, step: str) -> None:
    """The winter waits for ``side``'s decision in ``step`` (which finishes back to it)."""
    s.active = [side]
    machine.call(s, step)


# --- 1-2. nobles go home (RULES §10.1-2) --------------------------------------------------


def go_home(s: State, b: int, home: int) -> None:
    if s.location[b] == home:
        return
    place(s, b, home)
    if b in s.defected:
        s.announce("hammer_scots.defector_went_home", block=BLOCK_ID[b], area=AREA_ID[home])
    elif SIDE[b] == ENGLISH:
        s.announce("hammer_scots.english_noble_went_home", area=AREA_ID[home])
    else:
        s.announce("hammer_scots.scottish_noble_went_home", area=AREA_ID[home])


def defect(s: State, b: int) -> int:
    """The noble changes sides at its current strength; it is not moved again this winter."""
    new = switch_sides(s, b)
    s.defected.append(new)
    s.announce("hammer_scots.defected", block=BLOCK_ID[b], role=SIDE[new])
    return new


def nobles_home(s: State, side: str) -> None:
    """Every noble of ``side`` with one home goes there, or defects if the enemy holds it."""
    loc, foe = s.location, enemy(side)
    for b in NOBLES[side]:
        if loc[b] < 0 or len(HOMES[b]) != 1 or b == MORAY:
            continue
        if b in s.defected:
            continue
        home = HOMES[b][0]
        if has_side(s, home, foe):
            new = defect(s, b)
            go_home(s, new, home)
        else:
            go_home(s, b, home)


def two_home_noble(s: State, b: int) -> None:
    """RULES §10.1: Bruce and Comyn go to either home; both enemy-held, they defect."""
    if not on_map(s, b) or b in s.defected:
        return
    side = SIDE[b]
    free = [h for h in HOMES[b] if not has_side(s, h, enemy(side))]
    if len(free) == 1:
        go_home(s, b, free[0])
        return
    if not free:
        b = defect(s, b)
    s.who = b
    ask(s, SIDE[b], "noble_home")


def english_nobles_home(s: State) -> None:
    nobles_home(s, ENGLISH)


def english_bruce(s: State) -> None:
    two_home_noble(s, BRUCE[ENGLISH])


def english_comyn(s: State) -> None:
    two_home_noble(s, COMYN[ENGLISH])


def scottish_nobles_home(s: State) -> None:
    nobles_home(s, SCOTTISH)


def scottish_bruce(s: State) -> None:
    two_home_noble(s, BRUCE[SCOTTISH])


def scottish_comyn(s: State) -> None:
    two_home_noble(s, COMYN[SCOTTISH])


def home_choices(s: State, b: int) -> list[int]:
    """A defector goes to either home (both are its side's now); otherwise a free one."""
    return [h for h in HOMES[b] if not has_side(s, h, enemy(SIDE[b]))]


# --- 3. Moray (RULES §10.3) -------------------------------------------------------------


def moray_home(s: State) -> None:
    if not on_map(s, MORAY) or s.location[MORAY] == MORAY_AREA:
        return
    if not is_friendly_or_vacant(s, MORAY_AREA, SCOTTISH):
        return
    ask(s, SCOTTISH, "moray_home")


# --- 4. the last year's shortcut (RULES §10.4 [impl]) -------------------------------------


def last_year_shortcut(s: State) -> None:
    """RULES §10.4 [impl]: in the last year, stop once the result can no longer change.

    With 8 nobles a side holds a majority that disbanding Moray cannot undo; with Moray
    dead only 13 nobles remain and none can leave the map; with Wallace dead a tie already
    goes to England. The count is then the one after the last winter.
    """
    if not is_last_year(s):
        return
    most = max(len(nobles_on_map(s, ENGLISH)), len(nobles_on_map(s, SCOTTISH)))
    dead = s.location[MORAY] == DEAD or s.location[WALLACE] == DEAD
    if most >= 8 or dead:
        end_of_scenario(s)


# --- 5. the Scottish King (RULES §10.5) ---------------------------------------------------


def king_destinations(s: State) -> list[int]:
    here = s.location[KING]
    return [a for a in CATHEDRALS if a != here and is_friendly_or_vacant(s, a, SCOTTISH)]


def king_winter(s: State) -> None:
    if not on_map(s, KING) or not king_destinations(s):
        return
    ask(s, SCOTTISH, "king_winter")


# --- 6. Edward (RULES §10.6, §11.1) -----------------------------------------------------


def may_winter(s: State) -> bool:
    """Edward I in Scotland may winter there: not two years running, never in 1306."""
    return (
        s.edward == 1
        and on_map(s, EDWARD)
        and s.location[EDWARD] != ENGLAND
        and s.edward_wintered != s.year - 1
        and s.year != EDWARD_DIES
    )


def edward_wintering(s: State) -> int:
    """The area where Edward winters this year, or ``NO_AREA``."""
    if s.edward_wintered == s.year and on_map(s, EDWARD):
        return s.location[EDWARD]
    return NO_AREA


def edward_winter(s: State) -> None:
    if s.year == EDWARD_DIES and s.edward == 1:
        s.edward = 2
        s.announce("hammer_scots.edward_i_died", year=EDWARD_DIES)
    if not on_map(s, EDWARD):
        return
    if may_winter(s):
        ask(s, ENGLISH, "edward_winter")
    # He goes home with the English disbanding (§10.7), counted among its blocks: the
    # fog of war (§1) hides which English block he is and whether he is on the map.


# --- 7-8. disbanding (RULES §10.7-8) ----------------------------------------------------


def english_forced_disbanding(s: State) -> None:
    """Everything in England; knights, archers, hobelars unless with a wintering Edward."""
    camp = edward_wintering(s)
    loc = s.location
    gone = 0
    for b in SIDE_BLOCKS[ENGLISH]:
        where = loc[b]
        if where < 0 or IS_NOBLE[b]:
            continue
        if where == ENGLAND or ((KIND[b] in MUSTER_ONLY or b == EDWARD) and where != camp):
            disband(s, b)
            gone += 1
    if gone:
        s.announce("hammer_scots.english_disbanded", count=gone)


def scottish_forced_disbanding(s: State) -> None:
    """Scottish blocks in England all disband (castle limit 0)."""
    gone = [b for b in blocks_of(s, SCOTTISH) if s.location[b] == ENGLAND and may_disband(b)]
    for b in gone:
        disband(s, b)
    if gone:
        s.announce("hammer_scots.scottish_disbanded", count=len(gone))


def blocks_of(s: State, side: str) -> list[int]:
    start, stop = SIDE_RANGE[side]  # type: ignore[index]
    return [b for b, where in enumerate(s.location[start:stop], start) if where >= 0]


def may_disband(b: int) -> bool:
    """Two-coloured nobles never disband; Moray, the King, Wallace and the rest may."""
    return OTHER_COLOUR[b] < 0


# Each side's blocks that its owner may disband: Edward goes home by his own rule (§10.6).
DISBANDABLE: dict[str, tuple[int, ...]] = {
    side: tuple(b for b in SIDE_BLOCKS[side] if may_disband(b) and b != EDWARD)
    for side in (ENGLISH, SCOTTISH)
}


def blocks_per_area(s: State, side: str) -> list[int]:
    """How many of ``side``'s blocks stand in each area (one pass over its blocks)."""
    start, stop = SIDE_RANGE[side]  # type: ignore[index]
    count = [0] * N_AREAS
    for where in s.location[start:stop]:
        if where >= 0:
            count[where] += 1
    return count


def over_limit(s: State, side: str) -> list[int]:
    """Areas holding more of ``side``'s blocks than the castle limit, that could shed some.

    Every block counts, nobles included; a wintering Edward keeps any number with him.
    """
    camp = edward_wintering(s) if side == ENGLISH else NO_AREA
    loc, castle = s.location, CASTLE_LIMIT[side]
    count = blocks_per_area(s, side)
    if loc[WALLACE] == SELKIRK and SIDE[WALLACE] == side:
        count[SELKIRK] -= 1  # RULES §10.8: Wallace in Selkirk is exempt from the castle limit
    shed = {loc[b] for b in DISBANDABLE[side]}
    return [a for a in sorted(shed) if a >= 0 and a != camp and count[a] > castle[a]]


def disbandable(s: State, side: str) -> list[int]:
    loc = s.location
    return [b for b in DISBANDABLE[side] if loc[b] >= 0]


def english_disbanding(s: State) -> None:
    english_forced_disbanding(s)
    if not disbandable(s, ENGLISH):
        return
    ask(s, ENGLISH, "english_disbanding")


def wallace_winter(s: State) -> None:
    """RULES §10.8: Wallace in Selkirk gains 2 steps; elsewhere he may go there first."""
    if s.location[WALLACE] == SELKIRK:
        wallace_gathers(s)
        return
    if on_map(s, WALLACE) and is_friendly_or_vacant(s, SELKIRK, SCOTTISH):
        ask(s, SCOTTISH, "wallace_winter")


def wallace_gathers(s: State) -> None:
    add_steps(s, WALLACE, 2)
    s.announce("hammer_scots.gathered_strength", area=AREA_ID[SELKIRK])


def scottish_disbanding(s: State) -> None:
    scottish_forced_disbanding(s)
    if not disbandable(s, SCOTTISH):
        return
    ask(s, SCOTTISH, "scottish_disbanding")


# --- 9-10. builds (RULES §10.9-10) ----------------------------------------------------


def french_knights(s: State) -> None:
    """RULES §10.9: once per game, with 8+ nobles, the French Knights join the pool."""
    if not s.french_knights_added and len(nobles_on_map(s, SCOTTISH)) >= 8:
        s.french_knights_added = True
        s.location[FRENCH_KNIGHTS] = POOL
        s.strength[FRENCH_KNIGHTS] = FULL[FRENCH_KNIGHTS]
        s.announce("hammer_scots.french_knights_join")


def give_rp(s: State, side: str) -> None:
    """Each area ``side`` holds alone yields its castle limit in replacement points."""
    held, castle = friendly_areas(s, side), CASTLE_LIMIT[side]
    s.rp = [castle[a] if a in held else 0 for a in range(N_AREAS)]


def drawable(s: State, area: int) -> list[int]:
    """Pool blocks that may be drawn into ``area`` (RULES §10.9, §14.10 [impl]).

    The Norse and the French Knights come by sea: never drawn into an inland area (RTT
    codes this for Lanark and Badenoch, the only inland areas that can have room).
    """
    pool = in_pool(s, SCOTTISH)
    if COASTAL[area]:
        return pool
    return [b for b in pool if b not in BY_SEA]


def may_strengthen(s: State, b: int, side: str) -> bool:
    """RULES §10.10: English points go only to infantry and nobles."""
    if s.strength[b] >= FULL[b]:
        return False
    return side == SCOTTISH or KIND[b] in ("infantry", "noble")


# RULES §10.10: the blocks each side's replacement points may go to (below full strength).
STRENGTHENED: dict[str, tuple[int, ...]] = {
    ENGLISH: tuple(b for b in SIDE_BLOCKS[ENGLISH] if KIND[b] in ("infantry", "noble")),
    SCOTTISH: SIDE_BLOCKS[SCOTTISH],
}


def build_targets(s: State, side: str) -> list[int]:
    """``may_strengthen`` for every block of ``side`` in an area with points left."""
    loc, rp, steps = s.location, s.rp, s.strength
    return [b for b in STRENGTHENED[side] if loc[b] >= 0 and rp[loc[b]] > 0 and steps[b] < FULL[b]]


def draw_areas(s: State) -> list[int]:
    """Areas with points left, below their castle limit, with a block to draw for them."""
    loc = s.location
    pool = count_at(s, POOL, SCOTTISH)  # counted, not listed: a hot path of the builds
    if not pool:
        return []
    by_sea_only = pool == sum(1 for b in BY_SEA if loc[b] == POOL)
    scots, castle = blocks_per_area(s, SCOTTISH), CASTLE_LIMIT[SCOTTISH]
    return [
        a
        for a, points in enumerate(s.rp)
        if points > 0 and (COASTAL[a] or not by_sea_only) and scots[a] < castle[a]
    ]


def builds_left(s: State, side: str) -> bool:
    return bool(build_targets(s, side)) or (side == SCOTTISH and bool(draw_areas(s)))


def scottish_builds(s: State) -> None:
    give_rp(s, SCOTTISH)
    if not builds_left(s, SCOTTISH):
        return
    ask(s, SCOTTISH, "scottish_builds")


def english_builds(s: State) -> None:
    give_rp(s, ENGLISH)
    if not builds_left(s, ENGLISH):
        return
    ask(s, ENGLISH, "english_builds")


# --- 11-12. the levy and the end of winter (RULES §10.11-12) -----------------------------


def feudal_levy(s: State) -> None:
    s.rp = [0] * N_AREAS
    if edward_wintering(s) != NO_AREA:
        s.announce("hammer_scots.no_feudal_levy")
        return
    pool = in_pool(s, ENGLISH)
    n = (len(pool) + 1) // 2
    for _ in range(n):
        b = s.rng.choice(pool)
        pool.remove(b)
        place(s, b, ENGLAND)
        s.strength[b] = FULL[b]
    if n:
        s.announce("hammer_scots.feudal_levy", count=n)


def end_of_winter(s: State) -> None:
    """RULES §10.12: the sudden-death check; after the last year, the end of the scenario
    (which changes nothing if the game has ended already: the first end stands)."""
    s.defected = []
    s.who = NO_BLOCK
    check_sudden_death(s)
    if is_last_year(s):
        end_of_scenario(s)


# --- the steps --------------------------------------------------------------------------


def into_winter(s: State) -> None:
    s.defected = []
    s.reserves = []
    s.active = []


@machine.step
class Winter(Procedure[State]):
    """RULES §10: the winter turn, called by the year when its last game turn is over."""

    name, waiting = "winter", Msg("hammer_scots.wintering")
    body = (
        into_winter,
        english_nobles_home,  # §10.1
        english_bruce,
        english_comyn,
        scottish_nobles_home,  # §10.2
        scottish_bruce,
        scottish_comyn,
        moray_home,  # §10.3
        last_year_shortcut,  # §10.4 [impl]
        king_winter,  # §10.5
        edward_winter,  # §10.6
        english_disbanding,  # §10.7
        wallace_winter,  # §10.8
        scottish_disbanding,
        french_knights,  # §10.9
        scottish_builds,
        english_builds,  # §10.10
        feudal_levy,  # §10.11
        end_of_winter,  # §10.12
    )

    # Winter moves, removes and turns blocks by who they are (nobles home, castle limits,
    # disbanding): each step may show a side something hidden, so no undo reaches back
    # across the start of the winter or a decision in it. Marked by hand: no block turns
    # face up (which the core would see, core.engine.hidden), yet where the rules send a hidden
    # block, by who it is, tells the other side who it was. (A procedure begins by resuming
    # from its first instruction: this marks the start too.)

    def resume(self, s: State, result: object) -> None:
        s.rng.reveal()
        super().resume(s, result)


def area_or_none(arg: object) -> int:
    return AREA_IX.get(arg, NO_AREA) if isinstance(arg, str) else NO_AREA


def block_or_none(arg: object) -> int:
    return BLOCK_IX.get(arg, NO_BLOCK) if isinstance(arg, str) else NO_BLOCK


@machine.step
class NobleHome(Step[State]):
    """RULES §10.1-2: Bruce or Comyn picks one of its two homes."""

    name, waiting = "noble_home", Msg("hammer_scots.sending_a_noble_home")

    def prompt(self, s: State, role: str) -> Msg:
        homes = area_list(home_choices(s, s.who), choice=True)
        return Msg("hammer_scots.noble_home_prompt", block=BLOCK_ID[s.who], areas=homes)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for h in home_choices(s, s.who):
            yield PICK_AREA[h], None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "area":
            return Msg("hammer_scots.noble_home_where", block=BLOCK_ID[s.who])
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        go_home(s, s.who, AREA_IX[arg])
        s.who = NO_BLOCK
        machine.finish(s)


@machine.step
class MorayHome(Step[State]):
    """RULES §10.3: Moray may go home to Moray, or stay."""

    name, waiting = "moray_home", Msg("hammer_scots.deciding_about_moray")

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.moray_prompt", block=BLOCK_ID[MORAY], area=AREA_ID[MORAY_AREA])

    def options(self, s: State, role: str) -> Iterator[Option]:
        yield PICK_AREA[MORAY_AREA], None
        yield STAY, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "area":
            return Msg(
                "hammer_scots.moray_home_only", block=BLOCK_ID[MORAY], area=AREA_ID[MORAY_AREA]
            )
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        place(s, MORAY, MORAY_AREA)
        s.announce("hammer_scots.scottish_noble_went_home", area=AREA_ID[MORAY_AREA])
        machine.finish(s)

    def on_stay(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)


@machine.step
class KingWinter(Step[State]):
    """RULES §10.5: the King may winter in a cathedral area Scotland holds or that is empty."""

    name, waiting = "king_winter", Msg("hammer_scots.deciding_where_the_king_winters")

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.king_winter_prompt")

    def options(self, s: State, role: str) -> Iterator[Option]:
        for a in king_destinations(s):
            yield PICK_AREA[a], None
        yield STAY, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "area":
            return Msg("hammer_scots.king_winters_in", areas=area_list(CATHEDRALS, choice=True))
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        place(s, KING, AREA_IX[arg])
        s.announce("hammer_scots.king_wintered", area=arg)
        machine.finish(s)

    def on_stay(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)


@machine.step
class EdwardWinter(Step[State]):
    """RULES §10.6: Edward I may winter in Scotland, or go home (to the pool)."""

    name, waiting = "edward_winter", Msg("hammer_scots.deciding_about_edward")

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.edward_winter_prompt", area=AREA_ID[s.location[EDWARD]])

    def options(self, s: State, role: str) -> Iterator[Option]:
        yield Action("winter"), None
        yield Action("disband"), None

    def on_winter(self, s: State, role: str, arg: None) -> None:
        s.edward_wintered = s.year
        s.announce("hammer_scots.edward_winters")
        machine.finish(s)

    def on_disband(self, s: State, role: str, arg: None) -> None:
        disband(s, EDWARD)
        s.announce("hammer_scots.edward_went_home")
        machine.finish(s)


class Disbanding(Step[State]):
    """RULES §10.7-8: shed blocks over the castle limits; more may go if the owner wishes."""

    waiting = Msg("hammer_scots.disbanding")

    def prompt(self, s: State, role: str) -> Msg:
        over = over_limit(s, role)
        if over:
            return Msg("hammer_scots.disband_over_the_limit", areas=area_list(over))
        return Msg("hammer_scots.disband_more")

    def options(self, s: State, role: str) -> list[Option]:
        options: list[Option] = [(PICK_BLOCK[b], None) for b in disbandable(s, role)]
        over = over_limit(s, role)
        still = Msg("hammer_scots.still_over_the_limit", areas=area_list(over)) if over else None
        options.append((DONE, still))
        return options

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            b = block_or_none(action.arg)
            if b >= 0 and SIDE[b] == role and OTHER_COLOUR[b] >= 0:
                return Msg("hammer_scots.nobles_never_disband")
            return Msg("hammer_scots.choose_a_non_noble")
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        b = BLOCK_IX[arg]
        s.announce("hammer_scots.disbanded_one", role=role, area=AREA_ID[s.location[b]])
        disband(s, b)
        if not disbandable(s, role):
            machine.finish(s)

    def on_done(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)


@machine.step
class EnglishDisbanding(Disbanding):
    name = "english_disbanding"


@machine.step
class WallaceWinter(Step[State]):
    """RULES §10.8: Wallace may go to Selkirk (if free of the English) and gain 2 steps."""

    name, waiting = "wallace_winter", Msg("hammer_scots.deciding_about_wallace")

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.wallace_prompt", area=AREA_ID[SELKIRK])

    def options(self, s: State, role: str) -> Iterator[Option]:
        yield PICK_AREA[SELKIRK], None
        yield STAY, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "area":
            return Msg("hammer_scots.wallace_goes_to", area=AREA_ID[SELKIRK])
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        place(s, WALLACE, SELKIRK)
        s.announce("hammer_scots.sent_to_selkirk", area=AREA_ID[SELKIRK])
        wallace_gathers(s)
        machine.finish(s)

    def on_stay(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)


@machine.step
class ScottishDisbanding(Disbanding):
    name = "scottish_disbanding"


class Builds(Step[State]):
    """RULES §10.9-10: spend each area's replacement points there; they cannot be saved."""

    waiting = Msg("hammer_scots.building")

    def prompt(self, s: State, role: str) -> Msg:
        if role == SCOTTISH:
            return Msg("hammer_scots.scottish_builds_prompt", left=sum(s.rp))
        return Msg("hammer_scots.english_builds_prompt", left=sum(s.rp))

    def options(self, s: State, role: str) -> list[Option]:
        options: list[Option] = [(PICK_BLOCK[b], None) for b in build_targets(s, role)]
        if role == SCOTTISH:
            options += [(PICK_AREA[a], None) for a in draw_areas(s)]
        options.append((DONE, None))
        return options

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            b = block_or_none(action.arg)
            if b < 0 or SIDE[b] != role or s.location[b] < 0:
                return Msg("hammer_scots.choose_a_block_on_the_map")
            if s.strength[b] >= FULL[b]:
                return Msg("hammer_scots.at_full_strength", block=block_ref(s, b))
            if not may_strengthen(s, b, role):
                return Msg("hammer_scots.english_builds_only")
            return Msg("hammer_scots.no_points_left", area=AREA_ID[s.location[b]])
        if action.type == "area":
            a = area_or_none(action.arg)
            if a < 0 or s.rp[a] <= 0:
                return Msg("hammer_scots.draw_where")
            if count_at(s, a, SCOTTISH) >= limit(a, SCOTTISH):
                return Msg("hammer_scots.draw_at_the_limit", area=AREA_ID[a])
            return Msg("hammer_scots.nothing_to_draw_there")
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        b = BLOCK_IX[arg]
        where = s.location[b]
        s.rp[where] -= 1
        s.strength[b] += 1
        s.announce("hammer_scots.step_added", role=role, area=AREA_ID[where])
        self.after(s, role)

    def on_area(self, s: State, role: str, arg: str) -> None:
        a = AREA_IX[arg]
        b = s.rng.choice(drawable(s, a))
        s.rp[a] -= 1
        place(s, b, a)
        s.strength[b] = 1
        s.announce("hammer_scots.drew_a_block", area=arg)
        self.after(s, role)

    def on_done(self, s: State, role: str, arg: None) -> None:
        machine.finish(s)

    def after(self, s: State, role: str) -> None:
        if not builds_left(s, role):
            machine.finish(s)


@machine.step
class ScottishBuilds(Builds):
    name = "scottish_builds"


@machine.step
class EnglishBuilds(Builds):
    name = "english_builds"
