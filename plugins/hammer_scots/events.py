"""RULES §4: the five events — Herald, Pillage, Sea Move, Truce, Victuals.

An event replaces its player's movement. A player may always decline an event ("pass"),
except Truce, which simply takes effect. The Scots may use any event for a coronation
instead (§11.2, ``kings.py``'s ambient "crown") as long as nothing of the event has been
done yet. An event's working values live in its step's frame: the pillage's area, hits and
spoils (``Plunder``), the blocks picked for a sea move (``Voyage``), the victuals' area and
steps left (``Supplies``).
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import Field

from gameshelf.core.engine.frames import frame_model
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.battle import start_battle
from gameshelf.plugins.hammer_scots.cards import end_action
from gameshelf.plugins.hammer_scots.kings import EVENT, coronations
from gameshelf.plugins.hammer_scots.losses import eliminate
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREA_IX,
    BLOCK_ID,
    BLOCK_IX,
    COASTAL,
    ENGLISH,
    FULL,
    N_AREAS,
    NEIGHBOURS,
    OTHER_COLOUR,
    SCOTTISH,
    SIDE,
    SIDE_BLOCKS,
    bix,
)
from gameshelf.plugins.hammer_scots.state import (
    DONE,
    NO_AREA,
    PASS,
    PICK_AREA,
    PICK_BLOCK,
    State,
    areas_of,
    blocks_at,
    enemy,
    friendly_areas,
    is_contested,
    is_friendly,
    machine,
    switch_sides,
)

NORSE = bix("norse")
HERALD_SUCCEEDS = 4  # RULES §4: a roll of 1-4 turns the noble
PILLAGE_HITS = 2
VICTUALS_STEPS = 3
SEA_MOVE_BLOCKS = 2


def _block(arg: object) -> int | None:
    return BLOCK_IX.get(arg) if isinstance(arg, str) else None


def _area(arg: object) -> int | None:
    return AREA_IX.get(arg) if isinstance(arg, str) else None


def immediate_battle(s: State, area: int, attacker: str, said: Msg) -> None:
    """RULES §4, §6.1: a battle fought at once, outside the battle phase (``said`` says
    where and why); the event step's ``resume`` ends the action when it is over."""
    s.attacker[area] = attacker
    s.say(said)
    start_battle(s, area, attacker)


# The tags of an event card's step: the Scots may crown a king instead (kings.Coronation).
EVENT_CARD = frozenset({EVENT})


class EventStep(Step[State]):
    """The common part of the event steps: the acting side acts; a battle ends the action."""

    def begin(self, s: State) -> None:
        s.active = [s.acting]

    def resume(self, s: State, result: object) -> None:
        end_action(s)  # an immediate battle is over: the action ends


# --- Herald ---------------------------------------------------------------------------------


def herald_targets(s: State, role: str) -> Iterator[int]:
    """RULES §4: an enemy two-coloured noble on the map (never Moray)."""
    loc = s.location
    for b in SIDE_BLOCKS[enemy(role)]:
        if OTHER_COLOUR[b] >= 0 and loc[b] >= 0:
            yield b


@machine.step
class Herald(EventStep):
    """Name an enemy noble; on 1-4 he changes sides at his strength (RULES §4)."""

    name, waiting = "herald", Msg("hammer_scots.playing_the_herald")
    tags = EVENT_CARD

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.herald_prompt", role=role)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for b in herald_targets(s, role):
            yield Action("noble", BLOCK_ID[b]), None
        yield PASS, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "noble":
            b = _block(action.arg)
            if b is not None and BLOCK_ID[b] == "moray":
                return Msg("hammer_scots.moray_never_changes_sides")
            return Msg("hammer_scots.herald_names_an_enemy_noble")
        return None

    def on_noble(self, s: State, role: str, arg: str) -> None:
        b = BLOCK_IX[arg]
        here = s.location[b]
        die = s.rng.d6()
        if die > HERALD_SUCCEEDS:
            s.announce("hammer_scots.herald_fails", block=arg, die=die)
            end_action(s)
            return
        switch_sides(s, b)
        area = AREA_ID[here]
        s.announce("hammer_scots.herald_succeeds", die=die, block=arg, role=role, area=area)
        if is_contested(s, here):
            immediate_battle(s, here, role, Msg("hammer_scots.herald_battle", area=area, block=arg))
        else:
            end_action(s)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.announce("hammer_scots.herald_declined", role=role)
        end_action(s)


# --- Pillage ------------------------------------------------------------------------------


def pillage_targets(s: State, role: str) -> Iterator[int]:
    """RULES §4: an area holding enemy blocks next to an area holding only yours."""
    foe_held, held = areas_of(s, enemy(role)), friendly_areas(s, role)
    for area in range(N_AREAS):
        if area in foe_held and any(nb in held for nb, _ in NEIGHBOURS[area]):
            yield area


def hit_candidates(s: State, plunder: Plunder) -> list[int]:
    """RULES §4, §6.4: the pillaged side's strongest blocks in the area (not reserves,
    unless nothing else is there)."""
    victims = blocks_at(s, plunder.area, enemy(s.acting))
    front = [b for b in victims if b not in s.reserves] or victims
    if not front:
        return []
    top = max(s.strength[b] for b in front)
    return [b for b in front if s.strength[b] == top]


def pillage_recipients(s: State, plunder: Plunder) -> list[int]:
    """RULES §4 ruling: the printed rule — the steps go to the pillaging group, i.e. your
    blocks below full strength in ONE area holding only your blocks next to the pillaged
    area (the first block strengthened fixes the area). [dev] RTT allows any adjacent
    area of yours; we keep the printed 'pillaging group'."""
    role = s.acting
    areas = (
        [plunder.to]
        if plunder.to != NO_AREA
        else [nb for nb, _ in NEIGHBOURS[plunder.area] if is_friendly(s, nb, role)]
    )
    return [b for a in areas for b in blocks_at(s, a, role) if s.strength[b] < FULL[b]]


@frame_model
class Plunder:
    """A pillage under way: the area, the hits still to take and those taken (the steps
    the pillager gains), and the area of the pillaging group once the first is added."""

    area: int
    hits_left: int = PILLAGE_HITS
    hits: int = 0
    to: int = NO_AREA


@machine.step
class Pillage(EventStep):
    """Pick the area to pillage (RULES §4)."""

    name, waiting = "pillage", Msg("hammer_scots.playing_pillage")
    tags = EVENT_CARD

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.pillage_prompt", role=role)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for area in pillage_targets(s, role):
            yield PICK_AREA[area], None
        yield PASS, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "area":
            return Msg("hammer_scots.pillage_where")
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        area = AREA_IX[arg]
        s.announce("hammer_scots.pillages", role=role, area=arg)
        # Kept by hand (core.engine.hidden cannot derive it: no block turns face up): the hits
        # fall on the strongest blocks by their hidden strengths, and which of them shrink
        # or go, and whether their owner must choose, tell the pillager about them.
        s.rng.reveal()
        machine.enter(s, "pillage_hits", Plunder(area=area))

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.announce("hammer_scots.pillage_declined", role=role)
        end_action(s)


@machine.step
class PillageHits(Step[State]):
    """The pillaged side takes two hits, each on its strongest block (RULES §4)."""

    name, waiting, frame_type = "pillage_hits", Msg("hammer_scots.taking_pillage_hits"), Plunder

    def begin(self, s: State) -> None:
        s.active = [enemy(s.acting)]
        self.apply_forced(s)

    def resume(self, s: State, result: object) -> None:  # the battle after a capture is over
        end_action(s)

    def apply_forced(self, s: State) -> None:
        plunder = self.frame(s)
        while True:
            candidates = hit_candidates(s, plunder)
            if plunder.hits_left <= 0 or not candidates:
                after_pillage_hits(s, plunder)
                return
            if len(candidates) > 1:
                return  # the owner chooses among equally strong blocks
            take_pillage_hit(s, plunder, candidates[0])

    def prompt(self, s: State, role: str) -> Msg:
        plunder = self.frame(s)
        area = AREA_ID[plunder.area]
        return Msg("hammer_scots.pillage_hit_prompt", role=role, area=area, left=plunder.hits_left)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for b in hit_candidates(s, self.frame(s)):
            yield PICK_BLOCK[b], None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            return Msg("hammer_scots.pillage_hits_the_strongest")
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        take_pillage_hit(s, self.frame(s), BLOCK_IX[arg])
        self.apply_forced(s)


def take_pillage_hit(s: State, plunder: Plunder, b: int) -> None:
    """One hit; a block at its last step is eliminated (RULES §7: Pillage row)."""
    side = SIDE[b]
    plunder.hits_left -= 1
    plunder.hits += 1
    if s.strength[b] > 1:
        s.strength[b] -= 1
        return
    here = AREA_ID[s.location[b]]
    if OTHER_COLOUR[b] < 0:
        if side == ENGLISH:
            s.announce("hammer_scots.pillage_eliminates_english", area=here)
        else:
            s.announce("hammer_scots.pillage_eliminates_scottish", area=here)
    # RULES §7 Pillage row: to the pool (black-cross blocks and the King too, no win); a
    # noble changes sides at 1 step, [dev] RULES §14.2 not in reserve.
    eliminate(s, b)


def after_pillage_hits(s: State, plunder: Plunder) -> None:
    hits = plunder.hits
    foe = enemy(s.acting)
    s.announce("hammer_scots.pillage_hits", role=foe, count=hits, area=AREA_ID[plunder.area])
    if hits:  # even with nothing to strengthen: the pillager's strengths stay hidden
        machine.enter(s, "pillage_steps", plunder)
    else:
        finish_pillage(s, plunder)


def finish_pillage(s: State, plunder: Plunder) -> None:
    """RULES §14.2 [impl] ruling: if a captured noble leaves the area contested (it was not
    a battle before), the battle is fought at once with the pillaged side attacking."""
    area = plunder.area
    if is_contested(s, area) and not s.attacker[area]:
        said = Msg("hammer_scots.pillage_battle", area=AREA_ID[area])
        immediate_battle(s, area, enemy(s.acting), said)
    else:
        end_action(s)


@machine.step
class PillageSteps(EventStep):
    """Add as many steps as hits were taken to the pillaging group (RULES §4)."""

    name, waiting, frame_type = "pillage_steps", Msg("hammer_scots.gathering_spoils"), Plunder

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.spoils_prompt", role=role, left=self.frame(s).hits)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for b in pillage_recipients(s, self.frame(s)):
            yield PICK_BLOCK[b], None
        yield DONE, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            return Msg("hammer_scots.spoils_where")
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        plunder = self.frame(s)
        b = BLOCK_IX[arg]
        s.strength[b] += 1
        plunder.hits -= 1
        if plunder.to == NO_AREA:
            plunder.to = s.location[b]
            s.announce("hammer_scots.spoils_gathered", role=role, area=AREA_ID[plunder.to])
        if plunder.hits <= 0 or not pillage_recipients(s, plunder):
            finish_pillage(s, plunder)

    def on_done(self, s: State, role: str, arg: None) -> None:
        finish_pillage(s, self.frame(s))


# --- Sea Move ------------------------------------------------------------------------------


def sea_ports(s: State, role: str) -> list[int]:
    """Coastal areas holding only ``role``'s blocks (England is coastal)."""
    held = friendly_areas(s, role)
    return [a for a in range(N_AREAS) if COASTAL[a] and a in held]


@frame_model
class Voyage:
    """A sea move under way: the blocks picked so far (all from one coastal area)."""

    blocks: list[int] = Field(default_factory=list)

    def begun(self) -> bool:
        return bool(self.blocks)  # RULES §11.2: too late to crown instead


def sea_movers(s: State, role: str, voyage: Voyage) -> Iterator[int]:
    """RULES §4: blocks that may sail — from a friendly coastal area with another one to
    sail to, the same area as the first block picked, never the Norse."""
    ports = sea_ports(s, role)
    if len(ports) < 2:
        return
    if voyage.blocks:
        ports = [s.location[voyage.blocks[0]]]
    for area in ports:
        for b in blocks_at(s, area, role):
            if b != NORSE and b not in voyage.blocks:
                yield b


@machine.step
class SeaMove(EventStep):
    """Move one or two blocks between two friendly coastal areas (RULES §4)."""

    name, waiting, frame_type = "sea_move", Msg("hammer_scots.playing_sea_move"), Voyage
    tags = EVENT_CARD

    def prompt(self, s: State, role: str) -> Msg:
        blocks = self.frame(s).blocks
        if not blocks:
            return Msg("hammer_scots.sea_move_prompt", role=role)
        here = AREA_ID[s.location[blocks[0]]]
        if len(blocks) < SEA_MOVE_BLOCKS:
            return Msg("hammer_scots.sea_move_second_block", role=role, area=here)
        return Msg("hammer_scots.sea_move_where", role=role, area=here)

    def options(self, s: State, role: str) -> Iterator[Option]:
        voyage = self.frame(s)
        if len(voyage.blocks) < SEA_MOVE_BLOCKS:
            for b in sea_movers(s, role, voyage):
                yield PICK_BLOCK[b], None
        if voyage.blocks:
            origin = s.location[voyage.blocks[0]]
            for area in sea_ports(s, role):
                if area != origin:
                    yield PICK_AREA[area], None
        else:
            yield PASS, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            b = _block(action.arg)
            if b == NORSE:
                return Msg("hammer_scots.no_sea_move_for_the_norse")
            if len(self.frame(s).blocks) >= SEA_MOVE_BLOCKS:
                return Msg("hammer_scots.sea_move_two_blocks")
            return Msg("hammer_scots.sea_move_from")
        if action.type == "area":
            return Msg("hammer_scots.sea_move_to")
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        self.frame(s).blocks.append(BLOCK_IX[arg])

    def on_area(self, s: State, role: str, arg: str) -> None:
        blocks = self.frame(s).blocks
        there = AREA_IX[arg]
        here = s.location[blocks[0]]
        for b in blocks:
            s.location[b] = there
            s.moved.append(b)
        s.announce(
            "hammer_scots.moved_by_sea",
            role=role,
            count=len(blocks),
            area_from=AREA_ID[here],
            area_to=arg,
        )
        end_action(s)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.announce("hammer_scots.sea_move_declined", role=role)
        end_action(s)


# --- Truce ----------------------------------------------------------------------------------


def call_truce(s: State, role: str) -> None:
    """RULES §4: the enemy may move but not enter the Truce player's areas (nor England,
    for the Scots); [impl] it binds only the enemy of the card's player."""
    s.truce = role
    if enemy(role) == SCOTTISH:
        s.announce("hammer_scots.truce_on_scotland", role=role, role_bound=SCOTTISH)
    else:
        s.announce("hammer_scots.truce_on_england", role=role, role_bound=ENGLISH)
    end_action(s)


@machine.step
class Truce(EventStep):
    """Truce takes effect at once, unless the Scots may crown a king instead."""

    name, waiting = "truce", Msg("hammer_scots.playing_the_truce")
    tags = EVENT_CARD

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        if not coronations(s, s.acting):
            call_truce(s, s.acting)

    def prompt(self, s: State, role: str) -> Msg:
        return Msg("hammer_scots.truce_prompt", role=role)

    def options(self, s: State, role: str) -> Iterator[Option]:
        yield Action("truce"), None

    def on_truce(self, s: State, role: str, arg: None) -> None:
        call_truce(s, role)


# --- Victuals -------------------------------------------------------------------------------


@frame_model
class Supplies:
    """Victuals under way: the area they go to (fixed by the first step) and steps left."""

    area: int = NO_AREA
    steps_left: int = VICTUALS_STEPS

    def begun(self) -> bool:
        return self.area != NO_AREA  # RULES §11.2: too late to crown instead


def victuals_targets(s: State, role: str, supplies: Supplies) -> Iterator[int]:
    """RULES §4 [impl]: your blocks below full strength in any one area (England too)."""
    loc, area = s.location, supplies.area
    for b in SIDE_BLOCKS[role]:  # type: ignore[index]
        if loc[b] >= 0 and s.strength[b] < FULL[b] and (area == NO_AREA or loc[b] == area):
            yield b


@machine.step
class Victuals(EventStep):
    """Add three steps in all to your blocks in one area (RULES §4)."""

    name, waiting, frame_type = "victuals", Msg("hammer_scots.playing_victuals"), Supplies
    tags = EVENT_CARD

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        supplies = self.frame(s)
        if not any(True for _ in victuals_targets(s, s.acting, supplies)) and not coronations(
            s, s.acting
        ):
            s.announce("hammer_scots.nothing_to_victual", role=s.acting)
            self.finish(s, supplies)

    def prompt(self, s: State, role: str) -> Msg:
        supplies = self.frame(s)
        if supplies.area == NO_AREA:
            return Msg("hammer_scots.victuals_prompt", role=role, count=VICTUALS_STEPS)
        area, left = AREA_ID[supplies.area], supplies.steps_left
        return Msg("hammer_scots.victuals_more", role=role, area=area, left=left)

    def options(self, s: State, role: str) -> Iterator[Option]:
        supplies = self.frame(s)
        for b in victuals_targets(s, role, supplies):
            yield PICK_BLOCK[b], None
        if supplies.area == NO_AREA:
            yield PASS, None
        else:
            yield DONE, None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "block":
            return Msg("hammer_scots.victuals_where")
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        supplies = self.frame(s)
        b = BLOCK_IX[arg]
        s.strength[b] += 1
        supplies.steps_left -= 1
        supplies.area = s.location[b]
        if supplies.steps_left <= 0 or not any(True for _ in victuals_targets(s, role, supplies)):
            self.finish(s, supplies)

    def on_done(self, s: State, role: str, arg: None) -> None:
        self.finish(s, self.frame(s))

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.announce("hammer_scots.victuals_declined", role=role)
        end_action(s)

    @staticmethod
    def finish(s: State, supplies: Supplies) -> None:
        used = VICTUALS_STEPS - supplies.steps_left
        if supplies.area != NO_AREA:
            area = AREA_ID[supplies.area]
            s.announce("hammer_scots.victualled", role=s.acting, area=area, count=used)
        end_action(s)
