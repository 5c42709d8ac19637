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

from gameshelf.core.frames import frame_model
from gameshelf.core.ruleset import Action
from gameshelf.core.steps import Step
from gameshelf.plugins.hammer_scots.battle import start_battle
from gameshelf.plugins.hammer_scots.cards import end_action
from gameshelf.plugins.hammer_scots.kings import coronations
from gameshelf.plugins.hammer_scots.losses import eliminate
from gameshelf.plugins.hammer_scots.model import (
    AREA_IX,
    BLOCK_ID,
    BLOCK_IX,
    COASTAL,
    ENGLISH,
    FULL,
    N_AREAS,
    NEIGHBOURS,
    OTHER_COLOUR,
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
    area_name,
    areas_of,
    block_name,
    blocks_at,
    enemy,
    friendly_areas,
    is_contested,
    is_friendly,
    machine,
    side_adjective,
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


def immediate_battle(s: State, area: int, attacker: str, why: str) -> None:
    """RULES §4, §6.1: a battle fought at once, outside the battle phase; the event step's
    ``resume`` ends the action when it is over."""
    s.attacker[area] = attacker
    s.say(f"Battle in {area_name(area)}: {why}.")
    start_battle(s, area, attacker)


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

    name, waiting = "herald", "playing the Herald"

    def prompt(self, s: State, role: str) -> str:
        return f"{role}: name an enemy noble for the Herald to sway, or pass."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for b in herald_targets(s, role):
            yield Action("noble", BLOCK_ID[b])
        yield PASS

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "noble":
            b = _block(action.arg)
            if b is not None and BLOCK_ID[b] == "moray":
                return "Moray never changes sides."
            return "The Herald must name an enemy noble who is on the map."
        return None

    def on_noble(self, s: State, role: str, arg: str) -> None:
        b = BLOCK_IX[arg]
        here = s.location[b]
        name = block_name(s, b)
        die = s.rng.d6()
        if die > HERALD_SUCCEEDS:
            s.say(f"The Herald fails: {name} stays loyal (a {die} was rolled).")
            end_action(s)
            return
        switch_sides(s, b)
        s.say(f"The Herald succeeds ({die}): {name} goes over to {role} in {area_name(here)}.")
        if is_contested(s, here):
            immediate_battle(s, here, role, f"{name} turns on his former allies")
        else:
            end_action(s)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.say(f"{role} does not use the Herald.")
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
    top = max(s.steps[b] for b in front)
    return [b for b in front if s.steps[b] == top]


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
    return [b for a in areas for b in blocks_at(s, a, role) if s.steps[b] < FULL[b]]


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

    name, waiting = "pillage", "playing Pillage"

    def prompt(self, s: State, role: str) -> str:
        return f"{role}: choose an enemy area next to one of yours to pillage, or pass."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for area in pillage_targets(s, role):
            yield PICK_AREA[area]
        yield PASS

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "area":
            return "Pillage an area holding enemy blocks next to an area holding only yours."
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        area = AREA_IX[arg]
        s.say(f"{role} pillages {area_name(area)}.")
        s.rng.reveal()  # the hits fall on hidden blocks: what follows shows some of them
        machine.enter(s, "pillage_hits", Plunder(area=area))

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.say(f"{role} does not use Pillage.")
        end_action(s)


@machine.step
class PillageHits(Step[State]):
    """The pillaged side takes two hits, each on its strongest block (RULES §4)."""

    name, waiting, frame_type = "pillage_hits", "taking the pillage hits", Plunder

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

    def prompt(self, s: State, role: str) -> str:
        plunder = self.frame(s)
        return (
            f"{role}: choose which of your strongest blocks in "
            f"{area_name(plunder.area)} takes a pillage hit ({plunder.hits_left} left)."
        )

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for b in hit_candidates(s, self.frame(s)):
            yield PICK_BLOCK[b]

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "block":
            return "Each hit goes to one of your strongest blocks in the pillaged area."
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        take_pillage_hit(s, self.frame(s), BLOCK_IX[arg])
        self.apply_forced(s)


def take_pillage_hit(s: State, plunder: Plunder, b: int) -> None:
    """One hit; a block at its last step is eliminated (RULES §7: Pillage row)."""
    side = SIDE[b]
    plunder.hits_left -= 1
    plunder.hits += 1
    if s.steps[b] > 1:
        s.steps[b] -= 1
        return
    here = area_name(s.location[b])
    if OTHER_COLOUR[b] < 0:
        article = "An" if side == ENGLISH else "A"
        s.say(f"{article} {side_adjective(side)} block in {here} is eliminated by the pillage.")
    # RULES §7 Pillage row: to the pool (black-cross blocks and the King too, no win); a
    # noble changes sides at 1 step, [dev] RULES §14.2 not in reserve.
    eliminate(s, b)


def after_pillage_hits(s: State, plunder: Plunder) -> None:
    hits = plunder.hits
    foe = enemy(s.acting)
    s.say(f"{foe} takes {hits} hit{'s' if hits != 1 else ''} in {area_name(plunder.area)}.")
    if hits:  # even with nothing to strengthen: the pillager's strengths stay hidden
        machine.enter(s, "pillage_steps", plunder)
    else:
        finish_pillage(s, plunder)


def finish_pillage(s: State, plunder: Plunder) -> None:
    """RULES §14.2 [impl] ruling: if a captured noble leaves the area contested (it was not
    a battle before), the battle is fought at once with the pillaged side attacking."""
    area = plunder.area
    if is_contested(s, area) and not s.attacker[area]:
        immediate_battle(s, area, enemy(s.acting), "the pillaged side turns on its captor")
    else:
        end_action(s)


@machine.step
class PillageSteps(EventStep):
    """Add as many steps as hits were taken to the pillaging group (RULES §4)."""

    name, waiting, frame_type = "pillage_steps", "gathering the spoils", Plunder

    def prompt(self, s: State, role: str) -> str:
        left = self.frame(s).hits
        return f"{role}: add a step to a block of the pillaging group ({left} left), or stop."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for b in pillage_recipients(s, self.frame(s)):
            yield PICK_BLOCK[b]
        yield DONE

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "block":
            return (
                "The spoils go to your blocks below full strength in one area of yours "
                "next to the pillaged area."
            )
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        plunder = self.frame(s)
        b = BLOCK_IX[arg]
        s.steps[b] += 1
        plunder.hits -= 1
        if plunder.to == NO_AREA:
            plunder.to = s.location[b]
            s.say(f"{role} gathers the spoils in {area_name(plunder.to)}.")
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

    name, waiting, frame_type = "sea_move", "playing Sea Move", Voyage

    def prompt(self, s: State, role: str) -> str:
        blocks = self.frame(s).blocks
        if not blocks:
            return f"{role}: choose a block to move by sea, or pass."
        here = area_name(s.location[blocks[0]])
        if len(blocks) < SEA_MOVE_BLOCKS:
            return f"{role}: choose a second block in {here}, or the coastal area to sail to."
        return f"{role}: choose the coastal area the blocks from {here} sail to."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        voyage = self.frame(s)
        if len(voyage.blocks) < SEA_MOVE_BLOCKS:
            for b in sea_movers(s, role, voyage):
                yield PICK_BLOCK[b]
        if voyage.blocks:
            origin = s.location[voyage.blocks[0]]
            for area in sea_ports(s, role):
                if area != origin:
                    yield PICK_AREA[area]
        else:
            yield PASS

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "block":
            b = _block(action.arg)
            if b == NORSE:
                return "The Norse may not use Sea Move."
            if len(self.frame(s).blocks) >= SEA_MOVE_BLOCKS:
                return "Sea Move carries at most two blocks."
            return (
                "Sea Move takes blocks from one coastal area holding only your blocks to another."
            )
        if action.type == "area":
            return "The blocks must sail to another coastal area holding only your blocks."
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
        n = len(blocks)
        s.say(
            f"{role} moves {n} block{'s' if n > 1 else ''} by sea from {area_name(here)} "
            f"to {area_name(there)}."
        )
        end_action(s)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.say(f"{role} does not use Sea Move.")
        end_action(s)


# --- Truce ----------------------------------------------------------------------------------


def call_truce(s: State, role: str) -> None:
    """RULES §4: the enemy may move but not enter the Truce player's areas (nor England,
    for the Scots); [impl] it binds only the enemy of the card's player."""
    s.truce = role
    foe = enemy(role)
    extra = " nor enter England" if foe == "Scotland" else ""
    s.say(f"{role} calls a Truce: {foe} may not attack this game turn{extra}.")
    end_action(s)


@machine.step
class Truce(EventStep):
    """Truce takes effect at once, unless the Scots may crown a king instead."""

    name, waiting = "truce", "playing the Truce"

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        if not coronations(s, s.acting):
            call_truce(s, s.acting)

    def prompt(self, s: State, role: str) -> str:
        return f"{role}: call the Truce, or crown a king instead."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        yield Action("truce")

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
        if loc[b] >= 0 and s.steps[b] < FULL[b] and (area == NO_AREA or loc[b] == area):
            yield b


@machine.step
class Victuals(EventStep):
    """Add three steps in all to your blocks in one area (RULES §4)."""

    name, waiting, frame_type = "victuals", "playing Victuals", Supplies

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        supplies = self.frame(s)
        if not any(True for _ in victuals_targets(s, s.acting, supplies)) and not coronations(
            s, s.acting
        ):
            s.say(f"{s.acting} has no block to victual.")
            self.finish(s, supplies)

    def prompt(self, s: State, role: str) -> str:
        supplies = self.frame(s)
        if supplies.area == NO_AREA:
            return f"{role}: add a step to one of your blocks (3 to share in one area), or pass."
        return (
            f"{role}: add a step to a block in {area_name(supplies.area)} "
            f"({supplies.steps_left} left), or stop."
        )

    def actions(self, s: State, role: str) -> Iterator[Action]:
        supplies = self.frame(s)
        for b in victuals_targets(s, role, supplies):
            yield PICK_BLOCK[b]
        if supplies.area == NO_AREA:
            yield PASS
        else:
            yield DONE

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "block":
            return "Victuals go to your blocks below full strength, all in one area."
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        supplies = self.frame(s)
        b = BLOCK_IX[arg]
        s.steps[b] += 1
        supplies.steps_left -= 1
        supplies.area = s.location[b]
        if supplies.steps_left <= 0 or not any(True for _ in victuals_targets(s, role, supplies)):
            self.finish(s, supplies)

    def on_done(self, s: State, role: str, arg: None) -> None:
        self.finish(s, self.frame(s))

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.say(f"{role} does not use Victuals.")
        end_action(s)

    @staticmethod
    def finish(s: State, supplies: Supplies) -> None:
        used = VICTUALS_STEPS - supplies.steps_left
        if supplies.area != NO_AREA:
            s.say(
                f"{s.acting} victuals {area_name(supplies.area)}: {used} step"
                f"{'s' if used != 1 else ''} added."
            )
        end_action(s)
