"""The facts of 三國戰記 Three Kingdoms: frozen models of ``data/*.json``, loaded once.

Loading checks the component counts of the box (DESIGN §1, §2): 5 lords, 35 talents (7 per
lord), 18 lands (3 per colour + 3 neutral), 8 strategy cards, 24 spaces each land on exactly
one space. The rules read the derived tables at the bottom (plain dicts and tuples keyed by
the data's string ids), compiled once so the hot path never touches a model.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).parent / "data"

Colour = Literal["red", "yellow", "blue", "green", "purple"]
LordId = str
CardId = str  # a lord or a talent: every card a player holds
LandId = str
StrategyId = str
EffectKind = Literal[
    "paid_recall",
    "opponent_pays",
    "add_swords",
    "discard_random_hand",
    "steal_swords",
    "remove_all_swords",
    "remove_talent",
    "all_opponent_lands_lose_sword",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Card(_Frozen):
    """A card a player holds: its three numbers (politics / intelligence / martial)."""

    id: CardId
    name: str
    name_en: str
    politics: int = Field(ge=1, le=15)
    intelligence: int = Field(ge=1, le=10)
    martial: int = Field(ge=1, le=10)

    @property
    def label(self) -> str:
        return f"{self.name} {self.name_en}"


class Skill(_Frozen):
    id: str
    text: str
    text_en: str


class Lord(Card):
    """A lord card (君主卡): the player's colour, pawn and special skill (DESIGN §1)."""

    colour: Colour
    colour_name: str
    hex: str
    skill: Skill


class Talent(Card):
    """A talent card (人才卡), serving one lord (DESIGN §3)."""

    lord: LordId


class Land(_Frozen):
    """A land (土地卡): its toll for 0..4 swords (4 swords are a city; DESIGN §4)."""

    id: LandId
    name: str
    name_en: str
    province: str
    province_en: str
    colour: Colour | None
    capital: bool
    tier: Literal["S", "A", "B", "C"]
    toll: tuple[int, int, int, int, int]

    @property
    def label(self) -> str:
        return f"{self.name} {self.name_en}"

    @model_validator(mode="after")
    def _tolls_rise_in_hundreds(self) -> Land:
        if list(self.toll) != sorted(set(self.toll)) or any(t % 100 for t in self.toll):
            raise ValueError(f"{self.id}: tolls must rise, in hundreds (half a toll is printed)")
        return self


class Strategy(_Frozen):
    """A strategy card (計策卡), drawn when advising on a 天機 space (DESIGN §6)."""

    id: StrategyId
    name: str
    name_en: str
    requirement: int = Field(ge=1)
    effect: EffectKind
    text: str
    text_en: str
    fee: int = 0
    needs_more_than: int = 0
    amount: int = 0
    count: int = 0

    @property
    def label(self) -> str:
        return f"{self.name} {self.name_en}"


class Space(_Frozen):
    """One of the 24 spaces of the ring, clockwise (DESIGN §5)."""

    kind: Literal["land", "fate"]
    big: bool
    name: str
    name_en: str
    grid: tuple[int, int]
    land: LandId | None = None

    @property
    def label(self) -> str:
        return f"{self.name} {self.name_en}"


class Numbers(_Frozen):
    about: str = ""
    start_money: int
    win_money: int
    field_battle_stake: int
    tax_per_politics: int
    max_swords: int
    max_talents_per_land: int
    talents_per_lord: int
    talents_placed_at_setup: int
    board_size: int
    min_players: int
    max_players: int


class Catalogue(_Frozen):
    """Every component of the box, checked against the box's contents."""

    lords: tuple[Lord, ...]
    talents: tuple[Talent, ...]
    lands: tuple[Land, ...]
    strategies: tuple[Strategy, ...]
    spaces: tuple[Space, ...]
    numbers: Numbers

    @model_validator(mode="after")
    def _the_box(self) -> Catalogue:
        counts = {
            "lords": (len(self.lords), 5),
            "talents": (len(self.talents), 35),
            "lands": (len(self.lands), 18),
            "strategy cards": (len(self.strategies), 8),
            "spaces": (len(self.spaces), self.numbers.board_size),
        }
        for what, (have, want) in counts.items():
            if have != want:
                raise ValueError(f"the box holds {want} {what}, the data {have}")
        kinds: tuple[tuple[Card | Land | Strategy, ...], ...] = (
            self.lords,
            self.talents,
            self.lands,
            self.strategies,
        )
        ids = [c.id for kind in kinds for c in kind]
        if len(ids) != len(set(ids)):
            raise ValueError("ids of cards, lands and strategy cards must all differ")
        lord_ids = {lord.id for lord in self.lords}
        if len({lord.colour for lord in self.lords}) != 5:
            raise ValueError("each lord has its own colour")
        for lord in self.lords:
            court = [t for t in self.talents if t.lord == lord.id]
            if len(court) != self.numbers.talents_per_lord:
                raise ValueError(f"{lord.id} has {len(court)} talents, not 7")
            lands = [land for land in self.lands if land.colour == lord.colour]
            if len(lands) != 3 or sum(land.capital for land in lands) != 1:
                raise ValueError(f"{lord.colour} needs 3 lands, one of them its capital")
        if any(t.lord not in lord_ids for t in self.talents):
            raise ValueError("a talent serves an unknown lord")
        # a land space naming no land ("") is not on the list of lands
        on_board = [sp.land or "" for sp in self.spaces if sp.kind == "land"]
        if sorted(on_board) != sorted(land.id for land in self.lands):
            raise ValueError("every land lies on exactly one land space")
        by_id: dict[str | None, Land] = {land.id: land for land in self.lands}
        for sp in self.spaces:
            if sp.kind == "land" and (sp.name, sp.name_en) != (
                by_id[sp.land].name,
                by_id[sp.land].name_en,
            ):
                raise ValueError(f"space {sp.name_en} is named unlike its land")
            if sp.kind == "fate" and sp.land is not None:
                raise ValueError("a 天機 space holds no land")
        if len({s.effect for s in self.strategies}) != 8:
            raise ValueError("each strategy card has its own effect")
        return self


def _read(name: str) -> dict[str, object]:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


@cache
def load() -> Catalogue:
    """Read and check ``data/*.json`` (once per process)."""
    return Catalogue.model_validate(
        {
            "lords": _read("lords.json")["lords"],
            "talents": _read("talents.json")["talents"],
            "lands": _read("lands.json")["lands"],
            "strategies": _read("strategies.json")["strategies"],
            "spaces": _read("board.json")["spaces"],
            "numbers": _read("rules.json"),
        }
    )


DATA = load()
N = DATA.numbers

# --- derived tables (compiled once; the rules read these) ----------------------------------

LORDS: dict[LordId, Lord] = {lord.id: lord for lord in DATA.lords}
LORD_IDS: tuple[LordId, ...] = tuple(LORDS)
TALENTS: dict[CardId, Talent] = {t.id: t for t in DATA.talents}
CARDS: dict[CardId, Card] = {**LORDS, **TALENTS}
LANDS: dict[LandId, Land] = {land.id: land for land in DATA.lands}
STRATEGIES: dict[StrategyId, Strategy] = {c.id: c for c in DATA.strategies}
SPACES: tuple[Space, ...] = DATA.spaces
BOARD_SIZE = len(SPACES)

POLITICS: dict[CardId, int] = {c: card.politics for c, card in CARDS.items()}
INTELLIGENCE: dict[CardId, int] = {c: card.intelligence for c, card in CARDS.items()}
MARTIAL: dict[CardId, int] = {c: card.martial for c, card in CARDS.items()}
LORD_OF: dict[CardId, LordId] = {**{lo: lo for lo in LORDS}, **{t.id: t.lord for t in DATA.talents}}
COURT: dict[LordId, tuple[CardId, ...]] = {
    lo: tuple(t.id for t in DATA.talents if t.lord == lo) for lo in LORDS
}
LABEL: dict[str, str] = {
    **{c: card.label for c, card in CARDS.items()},
    **{land: ld.label for land, ld in LANDS.items()},
    **{c: card.label for c, card in STRATEGIES.items()},
}
TOLL: dict[LandId, tuple[int, ...]] = {land: ld.toll for land, ld in LANDS.items()}
SPACE_LAND: tuple[LandId | None, ...] = tuple(sp.land for sp in SPACES)
SPACE_LABEL: tuple[str, ...] = tuple(sp.label for sp in SPACES)  # "天機 Fate", "許昌 Xuchang"
LAND_SPACE: dict[LandId, int] = {sp.land: i for i, sp in enumerate(SPACES) if sp.land}
# Board order of the lands: the rules iterate lands in this order, never by set or hash.
LAND_IDS: tuple[LandId, ...] = tuple(land for land in SPACE_LAND if land is not None)


def _lands_of(lord: LordId) -> tuple[LandId, ...]:
    """A lord's three lands, capital first, then in board order (DESIGN §4)."""
    colour = LORDS[lord].colour
    mine = [land for land in LAND_IDS if LANDS[land].colour == colour]
    return tuple(sorted(mine, key=lambda land: not LANDS[land].capital))


LANDS_OF: dict[LordId, tuple[LandId, ...]] = {lo: _lands_of(lo) for lo in LORDS}
# DESIGN §5: each colour's pawn starts on its capital.
START: dict[LordId, int] = {lo: LAND_SPACE[LANDS_OF[lo][0]] for lo in LORDS}
