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
attacking, in the order Player 1 picks ("coronation_battles").

§11.1 The Edward block is Edward I until killed or until the end of 1306, then Edward II
(``State.edward``; ``state.block_name`` names him). His death in battle is in
``losses.py``, his wintering and the end of 1306 in ``winter.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.ruleset import Action
from core.steps import Step
from plugins.hammer_scots.cards import end_action
from plugins.hammer_scots.model import AREA_IX, BLOCKS, ENGLISH, FULL, SCOTTISH, aix, bix
from plugins.hammer_scots.state import (
    DEAD,
    NO_AREA,
    OFF,
    PICK_AREA,
    State,
    area_name,
    block_name,
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
TITLE = {"bruce": "Bruce", "comyn": "Comyn", "balliol": "the Return of the King (Balliol)"}
# RULES §11.2: which faction of Scottish nobles goes over to England after each coronation.
DEFECTING_FACTION = {"bruce": "comyn", "comyn": "bruce", "balliol": "bruce"}


def wallace_dead(s: State) -> bool:
    """RULES §14.11 [impl] ruling: only a permanently eliminated Wallace counts as dead (a
    Wallace in the pool is alive)."""
    return s.location[WALLACE] == DEAD


def coronations(s: State, role: str) -> list[str]:
    """The coronations ``role`` may make now instead of its event (RULES §11.2)."""
    if role != SCOTTISH or s.king_crowned or s.location[KING] != OFF:
        return []
    found = []
    for kind, candidate in CANDIDATE.items():
        if wallace_dead(s) and s.location[candidate] == CORONATION_SITE:
            found.append(kind)
    if s.year >= BALLIOL_FROM and s.location[FRENCH_KNIGHTS] >= 0:
        found.append("balliol")
    return found


def crown_actions(s: State, role: str) -> Iterator[Action]:
    for kind in coronations(s, role):
        yield Action("crown", kind)


def crown(s: State, kind: str) -> None:
    """Crown the King of Scots, make the other faction defect, fight the battles."""
    where = s.location[FRENCH_KNIGHTS] if kind == "balliol" else CORONATION_SITE
    s.location[KING] = where
    s.steps[KING] = FULL[KING]
    s.king_crowned = True
    if kind == "balliol":
        s.say(f"The King returns: Balliol's King of Scots lands in {area_name(where)}.")
    else:
        s.say(f"{TITLE[kind]} is crowned King of Scots in {area_name(where)}.")
    battles: list[int] = []
    faction = DEFECTING_FACTION[kind]
    for b in nobles_on_map(s, SCOTTISH):
        if BLOCKS[b].faction != faction:
            continue
        here = s.location[b]
        switch_sides(s, b)
        s.say(f"{block_name(s, b)} goes over to England in {area_name(here)}.")
        if is_contested(s, here) and here not in battles:
            battles.append(here)
    for area in battles:
        s.attacker[area] = ENGLISH  # RULES §11.2: the defectors attack
    s.battle_queue = sorted(battles)
    if s.battle_queue:
        machine.enter(s, "coronation_battles")
    else:
        end_action(s)


class OffersCoronation:
    """Mixin for the event steps: the Scots may crown a king instead (RULES §11.2)."""

    def on_crown(self, s: State, role: str, kind: str) -> None:
        crown(s, kind)


def coronation_refusal(s: State, role: str, kind: object) -> str:
    if role != SCOTTISH:
        return "Only the Scots crown a king."
    if s.king_crowned:
        return "Scotland has already crowned its king."
    if kind in CANDIDATE:
        if not wallace_dead(s):
            return "No coronation of Bruce or Comyn while Wallace lives."
        return f"The Scottish {TITLE[str(kind)]} must stand in Fife to be crowned."
    if kind == "balliol":
        if s.year < BALLIOL_FROM:
            return f"The King cannot return before {BALLIOL_FROM}."
        return "The King returns only where the French Knights stand on the map."
    return "That is not a coronation."


@machine.step
class CoronationBattles(Step[State]):
    """RULES §11.2: the defectors' battles, fought at once in the order Player 1 picks."""

    name, waiting = "coronation_battles", "choosing the next battle"

    def begin(self, s: State) -> None:
        s.active = [s.p1]
        self.next_battle(s)

    def resume(self, s: State, result: object) -> None:
        s.active = [s.p1]
        self.next_battle(s)

    def next_battle(self, s: State) -> None:
        s.battle_queue = [a for a in s.battle_queue if is_contested(s, a)]
        if not s.battle_queue:
            end_action(s)
        elif len(s.battle_queue) == 1:
            self.fight(s, s.battle_queue[0])

    def prompt(self, s: State, role: str) -> str:
        names = ", ".join(area_name(a) for a in s.battle_queue)
        return f"{role}: choose the next battle of the defectors to fight ({names})."

    def actions(self, s: State, role: str) -> Iterator[Action]:
        for area in s.battle_queue:
            yield PICK_AREA[area]

    def why_not(self, s: State, role: str, action: Action) -> str | None:
        if action.type == "area":
            return "No battle of the defectors is waiting there."
        return None

    def on_area(self, s: State, role: str, arg: str) -> None:
        self.fight(s, AREA_IX[arg])

    @staticmethod
    def fight(s: State, area: int) -> None:
        s.battle_queue.remove(area)
        s.battle = area
        s.say(f"Battle in {area_name(area)}: the defectors attack.")
        machine.call(s, "battle")


__all__ = ["NO_AREA", "coronations", "crown"]
