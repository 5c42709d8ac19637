"""RULES §11: the kings — the Scottish coronation and Edward I / Edward II.

§11.2 Once per game (never in The Bruce, which starts crowned) the Scots may use any event
card for a coronation instead of its printed event, when one of these holds:

- Bruce: Wallace is permanently dead and the Scottish Bruce stands in Fife; every Scottish
  Comyn-faction noble then goes over to England;
- Comyn: Wallace is permanently dead and the Scottish Comyn stands in Fife; every Scottish
  Bruce-faction noble goes over to England;
- Balliol, the Return of the King: from 1301, the French Knights on the map (Wallace may
  live); the King enters in their area; every Scottish Bruce-faction noble goes over.

The King enters at full strength (in Fife for Bruce or Comyn). Defectors keep their
strength. Every area where a defector now faces Scots is fought at once, defectors
attacking, in the order Player 1 picks ("coronation_battles", the areas in its frame).
The coronation is one ambient action ("crown", core.engine.steps.Ambient) offered in every event
step while nothing of the event has been done yet.

§11.1 The Edward block is Edward I until killed or until the end of 1306, then Edward II
(``State.edward``; ``state.block_name`` names him, ``state.block_ref`` in messages). His
death in battle is in ``losses.py``, his wintering and the end of 1306 in ``winter.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import Field

from gameshelf.core.engine.frames import current_frame, frame_model
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.engine.steps import Ambient, Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.battle import start_battle
from gameshelf.plugins.hammer_scots.cards import end_action
from gameshelf.plugins.hammer_scots.model import (
    AREA_ID,
    AREA_IX,
    BLOCK_ID,
    BLOCKS,
    ENGLISH,
    FULL,
    SCOTTISH,
    aix,
    bix,
)
from gameshelf.plugins.hammer_scots.state import (
    DEAD,
    NO_AREA,
    OFF,
    PICK_AREA,
    State,
    area_list,
    is_contested,
    machine,
    nobles_on_map,
    switch_sides,
)

KING = bix("king")
WALLACE = bix("wallace")
FRENCH_KNIGHTS = bix("french_knights")
CORONATION_SITE = aix("fife")
CANDIDATE = {"bruce": bix("bruce_s"), "comyn": bix("comyn_s")}
BALLIOL_FROM = 1301

CORONATIONS = ("bruce", "comyn", "balliol")
# RULES §11.2: which faction of Scottish nobles goes over to England after each coronation.
DEFECTING_FACTION = {"bruce": "comyn", "comyn": "bruce", "balliol": "bruce"}


def wallace_dead(s: State) -> bool:
    """RULES §14.11 [impl] ruling: only a permanently eliminated Wallace counts as dead (a
    Wallace in the pool is alive)."""
    return s.location[WALLACE] == DEAD


# The refusals of a coronation, made once: they are asked on every action of the steps
# where the Scots may crown a king instead of an event (the ambient Coronation below).
ONLY_SCOTS_CROWN = Msg("hammer_scots.only_scots_crown")
ALREADY_CROWNED = Msg("hammer_scots.already_crowned")
WALLACE_LIVES = Msg("hammer_scots.wallace_lives")
CROWNED_ONLY_IN_FIFE = {
    kind: Msg("hammer_scots.crowned_only_in_fife", block=BLOCK_ID[b], area=AREA_ID[CORONATION_SITE])
    for kind, b in CANDIDATE.items()
}
BALLIOL_NOT_YET = Msg("hammer_scots.king_returns_from", year=BALLIOL_FROM)
BALLIOL_NEEDS_KNIGHTS = Msg("hammer_scots.king_returns_with_french_knights")
NOT_A_CORONATION = Msg("hammer_scots.not_a_coronation")


def coronation_refusal(s: State, role: str, kind: object) -> Msg | None:
    """Why ``role`` may not make the coronation ``kind`` now (``None``: it may, §11.2)."""
    if role != SCOTTISH:
        return ONLY_SCOTS_CROWN
    if s.king_crowned or s.location[KING] != OFF:
        return ALREADY_CROWNED
    if kind in CANDIDATE:
        if not wallace_dead(s):
            return WALLACE_LIVES
        if s.location[CANDIDATE[str(kind)]] != CORONATION_SITE:
            return CROWNED_ONLY_IN_FIFE[str(kind)]
        return None
    if kind == "balliol":
        if s.year < BALLIOL_FROM:
            return BALLIOL_NOT_YET
        if s.location[FRENCH_KNIGHTS] < 0:
            return BALLIOL_NEEDS_KNIGHTS
        return None
    return NOT_A_CORONATION


def coronations(s: State, role: str) -> list[str]:
    """The coronations ``role`` may make now instead of its event (RULES §11.2)."""
    if role != SCOTTISH:
        return []
    return [kind for kind in CORONATIONS if coronation_refusal(s, role, kind) is None]


def crown(s: State, kind: str) -> None:
    """Crown the King of Scots, make the other faction defect, fight the battles."""
    where = s.location[FRENCH_KNIGHTS] if kind == "balliol" else CORONATION_SITE
    s.location[KING] = where
    s.strength[KING] = FULL[KING]
    s.king_crowned = True
    if kind == "balliol":
        s.announce("hammer_scots.king_returns", area=AREA_ID[where])
    else:
        s.announce("hammer_scots.crowned", block=BLOCK_ID[CANDIDATE[kind]], area=AREA_ID[where])
    battles: list[int] = []
    faction = DEFECTING_FACTION[kind]
    for b in nobles_on_map(s, SCOTTISH):
        if BLOCKS[b].faction != faction:
            continue
        here = s.location[b]
        switch_sides(s, b)
        s.announce("hammer_scots.goes_over_to_england", block=BLOCK_ID[b], area=AREA_ID[here])
        if is_contested(s, here) and here not in battles:
            battles.append(here)
    for area in battles:
        s.attacker[area] = ENGLISH  # RULES §11.2: the defectors attack
    if battles:
        machine.enter(s, "coronation_battles", DefectorBattles(areas=sorted(battles)))
    else:
        end_action(s)


def event_untouched(s: State) -> bool:
    """RULES §11.2: nothing of the event under way has been done yet (its frame says so)."""
    frame = current_frame(s)
    return frame is None or not frame.begun()


# The tag of every event card's step (events.py): the coronation is offered in them.
EVENT = "event"


@machine.ambient
class Coronation(Ambient[State]):
    """RULES §11.2: the Scots may crown a king instead of carrying out their event."""

    name, tag = "crown", EVENT  # RULES §11.2: "instead of any event", in every event card's step

    def options(self, s: State, role: str) -> Iterator[Option]:
        late = None if event_untouched(s) else Msg("hammer_scots.too_late_to_crown")
        for kind in CORONATIONS:
            yield Action("crown", kind), late or coronation_refusal(s, role, kind)

    def on_crown(self, s: State, role: str, kind: str) -> None:
        crown(s, kind)


@frame_model
class DefectorBattles:
    """The coronation battles' frame: the areas where defectors still face Scots."""

    areas: list[int] = Field(default_factory=list)


@machine.step
class CoronationBattles(Step[State]):
    """RULES §11.2: the defectors' battles, fought at once in the order Player 1 picks."""

    name, waiting = "coronation_battles", Msg("hammer_scots.choosing_the_next_battle")
    frame_type = DefectorBattles

    def begin(self, s: State) -> None:
        s.active = [s.p1]
        self.next_battle(s)

    def resume(self, s: State, result: object) -> None:
        s.active = [s.p1]
        self.next_battle(s)

    def next_battle(self, s: State) -> None:
        f = self.frame(s)
        f.areas = [a for a in f.areas if is_contested(s, a)]
        if not f.areas:
            end_action(s)
        elif len(f.areas) == 1:
            self.fight(s, f.areas[0])

    def prompt(self, s: State, role: str) -> Msg:
        areas = area_list(self.frame(s).areas)
        return Msg("hammer_scots.choose_a_defectors_battle", role=role, areas=areas)

    def options(self, s: State, role: str) -> Iterator[Option]:
        for area in self.frame(s).areas:
            yield PICK_AREA[area], None

    def why_not(self, s: State, role: str, action: Action) -> Msg | None:
        if action.type == "area":
            return Msg("hammer_scots.no_defectors_battle_there")
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        self.fight(s, AREA_IX[arg])

    def fight(self, s: State, area: int) -> None:
        self.frame(s).areas.remove(area)
        s.announce("hammer_scots.defectors_attack", area=AREA_ID[area])
        start_battle(s, area, ENGLISH)  # RULES §11.2: the defectors attack


__all__ = ["NO_AREA", "coronations", "crown"]
