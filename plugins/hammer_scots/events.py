"""RULES §4: the five events — Herald, Pillage, Sea Move, Truce, Victuals.

An event replaces its player's movement. A player may always decline an event ("pass"),
except Truce, which simply takes effect. The Scots may use any event for a coronation
instead (§11.2, ``kings.py``) as long as nothing of the event has been done yet.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.ruleset import Action
from core.steps import Step
from plugins.hammer_scots.cards import end_action
from plugins.hammer_scots.kings import (
    OffersCoronation,
    coronation_refusal,
    coronations,
    crown_actions,
)
from plugins.hammer_scots.losses import eliminate
from plugins.hammer_scots.model import (
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
from plugins.hammer_scots.state import (
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
    """RULES §4, §6.1: a battle fought at once, outside the battle phase."""
    s.battle = area
    s.attacker[area] = attacker
    s.say(f"Battle in {area_name(area)}: {why}.")
    machine.call(s, "battle")


class EventStep(OffersCoronation, Step[State]):
    """The common part of the event steps: the acting side, refusals of coronations."""

    def begin(self, s: State) -> None:
        s.active = [s.acting]

    def resume(self, s: State, result: object) -> None:
        end_action(s)  # an immediate battle is over: the action ends

    def refusal(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "crown":
            return coronation_refusal(s, role, action.arg)
        return None


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
        yield from crown_actions(s, role)

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "noble":
            b = _block(action.arg)
            if b is not None and BLOCK_ID[b] == "moray":
                return "Moray never changes sides."
            return "The Herald must name an enemy noble who is on the map."
        return self.refusal(s, role, action)

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


def hit_candidates(s: State) -> list[int]:
    """RULES §4, §6.4: the pillaged side's strongest blocks in the area (not reserves,
    unless nothing else is there)."""
    victims = blocks_at(s, s.event_area, enemy(s.acting))
    front = [b for b in victims if b not in s.reserves] or victims
    if not front:
        return []
    top = max(s.steps[b] for b in front)
    return [b for b in front if s.steps[b] == top]


def pillage_recipients(s: State) -> list[int]:
    """RULES §4 ruling: the printed rule — the steps go to the pillaging group, i.e. your
    blocks below full strength in ONE area holding only your blocks next to the pillaged
    area (the first block strengthened fixes the area). [dev] RTT allows any adjacent
    area of yours; we keep the printed 'pillaging group'."""
    role = s.acting
    areas = (
        [s.event_to]
        if s.event_to != NO_AREA
        else [nb for nb, _ in NEIGHBOURS[s.event_area] if is_friendly(s, nb, role)]
    )
    return [b for a in areas for b in blocks_at(s, a, role) if s.steps[b] < FULL[b]]


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
        yield from crown_actions(s, role)

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "area":
            return "Pillage an area holding enemy blocks next to an area holding only yours."
        return self.refusal(s, role, action)

    def on_area(self, s: State, role: str, arg: str) -> None:
        s.event_area = AREA_IX[arg]
        s.event_steps = PILLAGE_HITS
        s.event_hits = 0
        s.event_to = NO_AREA
        s.say(f"{role} pillages {area_name(s.event_area)}.")
        s.rng.reveal()  # the hits fall on hidden blocks: what follows shows some of them
        machine.enter(s, "pillage_hits")

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.say(f"{role} does not use Pillage.")
        end_action(s)


@machine.step
class PillageHits(Step[State]):
    """The pillaged side takes two hits, each on its strongest block (RULES §4)."""

    name, waiting = "pillage_hits", "taking the pillage hits"

    def begin(self, s: State) -> None:
        s.active = [enemy(s.acting)]
        self.apply_forced(s)

    def resume(self, s: State, result: object) -> None:  # the battle after a capture is over
        end_action(s)

    def apply_forced(self, s: State) -> None:
        while True:
            candidates = hit_candidates(s)
            if s.event_steps <= 0 or not candidates:
                after_pillage_hits(s)
                return
            if len(candidates) > 1:
                return  # the owner chooses among equally strong blocks
            take_pillage_hit(s, candidates[0])

    def prompt(self, s: State, role: str) -> str:
        return (
            f"{role}: choose which of your strongest blocks in "
            f"{area_name(s.event_area)} takes a pillage hit ({s.event_steps} left)."
        )

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for b in hit_candidates(s):
            yield PICK_BLOCK[b]

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "block":
            return "Each hit goes to one of your strongest blocks in the pillaged area."
        return None

    def on_block(self, s: State, role: str, arg: str) -> None:
        take_pillage_hit(s, BLOCK_IX[arg])
        self.apply_forced(s)


def take_pillage_hit(s: State, b: int) -> None:
    """One hit; a block at its last step is eliminated (RULES §7: Pillage row)."""
    side = SIDE[b]
    s.event_steps -= 1
    s.event_hits += 1
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


def after_pillage_hits(s: State) -> None:
    hits = s.event_hits
    foe = enemy(s.acting)
    s.say(f"{foe} takes {hits} hit{'s' if hits != 1 else ''} in {area_name(s.event_area)}.")
    if hits:  # even with nothing to strengthen: the pillager's strengths stay hidden
        machine.enter(s, "pillage_steps")
    else:
        finish_pillage(s)


def finish_pillage(s: State) -> None:
    """RULES §14.2 [impl] ruling: if a captured noble leaves the area contested (it was not
    a battle before), the battle is fought at once with the pillaged side attacking."""
    area = s.event_area
    s.event_area = s.event_to = NO_AREA
    s.event_steps = s.event_hits = 0
    if is_contested(s, area) and not s.attacker[area]:
        immediate_battle(s, area, enemy(s.acting), "the pillaged side turns on its captor")
    else:
        end_action(s)


@machine.step
class PillageSteps(EventStep):
    """Add as many steps as hits were taken to the pillaging group (RULES §4)."""

    name, waiting = "pillage_steps", "gathering the spoils"

    def prompt(self, s: State, role: str) -> str:
        return (
            f"{role}: add a step to a block of the pillaging group ({s.event_hits} left), or stop."
        )

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for b in pillage_recipients(s):
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
        b = BLOCK_IX[arg]
        s.steps[b] += 1
        s.event_hits -= 1
        if s.event_to == NO_AREA:
            s.event_to = s.location[b]
            s.say(f"{role} gathers the spoils in {area_name(s.event_to)}.")
        if s.event_hits <= 0 or not pillage_recipients(s):
            finish_pillage(s)

    def on_done(self, s: State, role: str, arg: None) -> None:
        finish_pillage(s)


# --- Sea Move ------------------------------------------------------------------------------


def sea_ports(s: State, role: str) -> list[int]:
    """Coastal areas holding only ``role``'s blocks (England is coastal)."""
    held = friendly_areas(s, role)
    return [a for a in range(N_AREAS) if COASTAL[a] and a in held]


def sea_movers(s: State, role: str) -> Iterator[int]:
    """RULES §4: blocks that may sail — from a friendly coastal area with another one to
    sail to, the same area as the first block picked, never the Norse."""
    ports = sea_ports(s, role)
    if len(ports) < 2:
        return
    if s.event_blocks:
        ports = [s.location[s.event_blocks[0]]]
    for area in ports:
        for b in blocks_at(s, area, role):
            if b != NORSE and b not in s.event_blocks:
                yield b


@machine.step
class SeaMove(EventStep):
    """Move one or two blocks between two friendly coastal areas (RULES §4)."""

    name, waiting = "sea_move", "playing Sea Move"

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        s.event_blocks = []

    def prompt(self, s: State, role: str) -> str:
        if not s.event_blocks:
            return f"{role}: choose a block to move by sea, or pass."
        here = area_name(s.location[s.event_blocks[0]])
        if len(s.event_blocks) < SEA_MOVE_BLOCKS:
            return f"{role}: choose a second block in {here}, or the coastal area to sail to."
        return f"{role}: choose the coastal area the blocks from {here} sail to."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        if len(s.event_blocks) < SEA_MOVE_BLOCKS:
            for b in sea_movers(s, role):
                yield PICK_BLOCK[b]
        if s.event_blocks:
            origin = s.location[s.event_blocks[0]]
            for area in sea_ports(s, role):
                if area != origin:
                    yield PICK_AREA[area]
        else:
            yield PASS
            yield from crown_actions(s, role)

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "block":
            b = _block(action.arg)
            if b == NORSE:
                return "The Norse may not use Sea Move."
            if len(s.event_blocks) >= SEA_MOVE_BLOCKS:
                return "Sea Move carries at most two blocks."
            return (
                "Sea Move takes blocks from one coastal area holding only your blocks to another."
            )
        if action.type == "area":
            return "The blocks must sail to another coastal area holding only your blocks."
        return self.refusal(s, role, action)

    def on_block(self, s: State, role: str, arg: str) -> None:
        s.event_blocks.append(BLOCK_IX[arg])

    def on_area(self, s: State, role: str, arg: str) -> None:
        there = AREA_IX[arg]
        here = s.location[s.event_blocks[0]]
        for b in s.event_blocks:
            s.location[b] = there
            s.moved.append(b)
        n = len(s.event_blocks)
        s.say(
            f"{role} moves {n} block{'s' if n > 1 else ''} by sea from {area_name(here)} "
            f"to {area_name(there)}."
        )
        s.event_blocks = []
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
        yield from crown_actions(s, role)

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        return self.refusal(s, role, action)

    def on_truce(self, s: State, role: str, arg: None) -> None:
        call_truce(s, role)


# --- Victuals -------------------------------------------------------------------------------


def victuals_targets(s: State, role: str) -> Iterator[int]:
    """RULES §4 [impl]: your blocks below full strength in any one area (England too)."""
    loc = s.location
    for b in SIDE_BLOCKS[role]:  # type: ignore[index]
        if (
            loc[b] >= 0
            and s.steps[b] < FULL[b]
            and (s.event_area == NO_AREA or loc[b] == s.event_area)
        ):
            yield b


@machine.step
class Victuals(EventStep):
    """Add three steps in all to your blocks in one area (RULES §4)."""

    name, waiting = "victuals", "playing Victuals"

    def begin(self, s: State) -> None:
        s.active = [s.acting]
        s.event_steps = VICTUALS_STEPS
        s.event_area = NO_AREA
        if not any(True for _ in victuals_targets(s, s.acting)) and not coronations(s, s.acting):
            s.say(f"{s.acting} has no block to victual.")
            self.finish(s)

    def prompt(self, s: State, role: str) -> str:
        if s.event_area == NO_AREA:
            return f"{role}: add a step to one of your blocks (3 to share in one area), or pass."
        return (
            f"{role}: add a step to a block in {area_name(s.event_area)} "
            f"({s.event_steps} left), or stop."
        )

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for b in victuals_targets(s, role):
            yield PICK_BLOCK[b]
        if s.event_area == NO_AREA:
            yield PASS
            yield from crown_actions(s, role)
        else:
            yield DONE

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "block":
            return "Victuals go to your blocks below full strength, all in one area."
        return self.refusal(s, role, action)

    def on_block(self, s: State, role: str, arg: str) -> None:
        b = BLOCK_IX[arg]
        s.steps[b] += 1
        s.event_steps -= 1
        s.event_area = s.location[b]
        if s.event_steps <= 0 or not any(True for _ in victuals_targets(s, role)):
            self.finish(s)

    def on_done(self, s: State, role: str, arg: None) -> None:
        self.finish(s)

    def on_pass(self, s: State, role: str, arg: None) -> None:
        s.say(f"{role} does not use Victuals.")
        s.event_area = NO_AREA
        end_action(s)

    @staticmethod
    def finish(s: State) -> None:
        used = VICTUALS_STEPS - s.event_steps
        if s.event_area != NO_AREA:
            s.say(
                f"{s.acting} victuals {area_name(s.event_area)}: {used} step"
                f"{'s' if used != 1 else ''} added."
            )
        s.event_area = NO_AREA
        s.event_steps = 0
        end_action(s)
