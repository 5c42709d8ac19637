"""The facts of Twilight Struggle, loaded once from ``data/*.json`` and checked (RULES §1-2).

Rules code speaks the data's ids in actions and log lines (``"west_germany"``, card numbers);
the state keeps Influence in lists indexed by country index, compiled here once:

- ``COUNTRIES``/``CIX`` (id -> index), ``STABILITY``, ``BATTLEGROUND``, ``REGION_OF``;
- ``IN_REGION[region]``: a tuple of booleans per country index, for every region and
  sub-region ("europe" holds both halves, "asia" holds "southeast_asia");
- ``NEIGHBOURS[c]``: the country indices linked to ``c``; ``TOUCHES[c]``: the superpower box
  it touches ("USA" or "USSR"), or ``None``; ``BOX_NEIGHBOURS[side]``;
- ``CARDS`` by number, ``DECKS`` by era.

Loading refuses bad data: the counts of RULES §1-2 (84 countries: Europe 21, Asia 15, Middle
East 10, Africa 18, Central America 10, South America 10; 29 battlegrounds; Austria and Finland
in both halves of Europe; the seven Southeast Asian countries inside Asia; 112 symmetric links
and 9 superpower links; 110 cards with 35 + 3 Early, 46 + 2 Mid, 21 + 2 Late War cards and The
China Card; 7 scoring cards).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Side = Literal["USSR", "US"]
USSR: Side = "USSR"
US: Side = "US"
SIDES: tuple[Side, Side] = (USSR, US)
OTHER: dict[str, Side] = {USSR: US, US: USSR}
BOX: dict[str, str] = {US: "USA", USSR: "USSR"}  # the superpower box of each side on the map

CountryId = str
RegionId = str
CardId = int

DATA = Path(__file__).parent / "data"
CHINA = 6


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Region(_Frozen):
    id: RegionId
    name: str
    name_zh: str
    part_of: RegionId | None  # a sub-region's region


class Country(_Frozen):
    id: CountryId
    name: str
    name_zh: str
    region: RegionId
    subregions: tuple[RegionId, ...]
    stability: int
    battleground: bool
    adjacent: tuple[str, ...]  # countries, and "USA"/"USSR" for a superpower box
    starting_influence: dict[Side, int]


class Map(_Frozen):
    _about: str = ""
    regions: tuple[Region, ...]
    superpowers: dict[str, tuple[CountryId, ...]]
    countries: tuple[Country, ...]


class Card(_Frozen):
    id: CardId
    name: str
    name_zh: str
    era: Literal["early_war", "mid_war", "late_war"]
    ops: int
    side: Side | None  # None: a neutral event
    starred: bool
    underlined: bool
    scoring: bool
    scoring_region: RegionId | None
    optional: bool
    war: bool
    duration: Literal["instant", "rest_of_turn", "until_resolved", "permanent", "none"]
    prevents: tuple[CardId, ...]
    prevented_by: tuple[CardId, ...]
    requires_any: tuple[CardId, ...]
    enables: tuple[CardId, ...]
    cancels: tuple[CardId, ...]
    cancels_partly: tuple[CardId, ...]
    text: str  # our own summary of the event
    text_zh: str  # the same in Traditional Chinese


class CardList(_Frozen):
    decks: dict[str, tuple[CardId, ...]]
    cards: tuple[Card, ...]


class SpaceBox(_Frozen):
    box: int
    name: str
    name_zh: str
    ops_required: int | None
    roll_max: int | None
    vp_first: int
    vp_second: int
    ability: str | None


class RegionScoring(_Frozen):
    presence: int
    domination: int
    control: int | None  # None: Control of Europe wins the game (RULES §11)
    card: CardId


class Era(_Frozen):
    era: str
    turns: tuple[int, ...]
    hand_size: int
    action_rounds: int


class DefconTrack(_Frozen):
    start: int
    max: int
    no_coup_or_realign: dict[int, tuple[RegionId, ...]]  # level -> regions closed at it


class SoutheastAsiaScoring(_Frozen):
    card: CardId
    vp: dict[CountryId, int]


class Turns(_Frozen):
    count: int
    eras: tuple[Era, ...]
    space_station_rounds: int


class FreePoints(_Frozen):
    side: Side
    amount: int
    region: RegionId


class Setup(_Frozen):
    hand_size: int
    fixed: dict[Side, dict[CountryId, int]]
    free: tuple[FreePoints, ...]
    us_bonus_choices: tuple[int, ...]


class Tracks(_Frozen):
    space_race: tuple[SpaceBox, ...]
    space_attempts: dict[str, int]
    defcon: DefconTrack
    military_operations: dict[str, int]
    scoring: dict[RegionId, RegionScoring]
    southeast_asia_scoring: SoutheastAsiaScoring
    victory_vp: int
    turns: Turns
    setup: Setup


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    data.pop("_about", None)
    return data


MAP = Map.model_validate(_load("countries.json"))
CARD_LIST = CardList.model_validate(_load("cards.json"))
TRACKS = Tracks.model_validate(_load("tracks.json"))

# --- the map ------------------------------------------------------------------------------

REGIONS: dict[RegionId, Region] = {r.id: r for r in MAP.regions}
MAIN_REGIONS: tuple[RegionId, ...] = tuple(r.id for r in MAP.regions if r.part_of is None)
COUNTRIES: tuple[Country, ...] = MAP.countries
N = len(COUNTRIES)
CIX: dict[CountryId, int] = {c.id: i for i, c in enumerate(COUNTRIES)}
CID: tuple[CountryId, ...] = tuple(c.id for c in COUNTRIES)
STABILITY: tuple[int, ...] = tuple(c.stability for c in COUNTRIES)
BATTLEGROUND: tuple[bool, ...] = tuple(c.battleground for c in COUNTRIES)
REGION_OF: tuple[RegionId, ...] = tuple(c.region for c in COUNTRIES)
IN_REGION: dict[RegionId, tuple[bool, ...]] = {
    r: tuple(c.region == r or r in c.subregions for c in COUNTRIES) for r in REGIONS
}
MEMBERS: dict[RegionId, tuple[int, ...]] = {
    r: tuple(i for i, inside in enumerate(flags) if inside) for r, flags in IN_REGION.items()
}
# Decolonization's and Colonial Rear Guards' countries (#30, #59): Africa, Southeast Asia
COLONIAL: tuple[int, ...] = (*MEMBERS["africa"], *MEMBERS["southeast_asia"])
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(CIX[a] for a in c.adjacent if a in CIX) for c in COUNTRIES
)
TOUCHES: tuple[str | None, ...] = tuple(
    next((a for a in c.adjacent if a not in CIX), None) for c in COUNTRIES
)
BOX_NEIGHBOURS: dict[str, tuple[int, ...]] = {
    side: tuple(CIX[c] for c in MAP.superpowers[BOX[side]]) for side in SIDES
}


# --- the cards ----------------------------------------------------------------------------

CARDS: dict[CardId, Card] = {c.id: c for c in CARD_LIST.cards}
DECKS: dict[str, tuple[CardId, ...]] = CARD_LIST.decks
SCORING_CARDS: tuple[CardId, ...] = tuple(c.id for c in CARD_LIST.cards if c.scoring)
OPS: dict[CardId, int] = {c.id: c.ops for c in CARD_LIST.cards}


def era_deck(era: str, optional: bool) -> list[CardId]:
    """The cards of ``era`` ("early_war", ...) that join the draw pile (RULES §13)."""
    return [*DECKS[era], *(DECKS[f"{era}_optional"] if optional else ())]


# --- the tracks ---------------------------------------------------------------------------

SPACE: tuple[SpaceBox, ...] = TRACKS.space_race
LAST_BOX = len(SPACE) - 1
DEFCON_MAX = TRACKS.defcon.max
NO_COUP_OR_REALIGN: dict[int, tuple[RegionId, ...]] = dict(TRACKS.defcon.no_coup_or_realign)
MILOPS_MAX = TRACKS.military_operations["track_max"]
SCORING = TRACKS.scoring
SEA_SCORING: dict[CountryId, int] = dict(TRACKS.southeast_asia_scoring.vp)
SEA_SCORING_CARD = TRACKS.southeast_asia_scoring.card
VICTORY_VP = TRACKS.victory_vp
ERAS: tuple[Era, ...] = TRACKS.turns.eras
TURNS = TRACKS.turns.count
SPACE_STATION_ROUNDS = TRACKS.turns.space_station_rounds
SETUP = TRACKS.setup


ERA_OF_TURN: dict[int, Era] = {turn: e for e in ERAS for turn in e.turns}


def era_of_turn(turn: int) -> Era:
    return ERA_OF_TURN[turn]


# --- checks at load (RULES §1-2) ----------------------------------------------------------


class BadData(ValueError):
    """The data does not fit the game: a count or a link is wrong."""


def _expect(what: str, got: object, wanted: object) -> None:
    if got != wanted:
        raise BadData(f"{what}: {got!r}, expected {wanted!r}")


def check_data() -> None:
    """Refuse data that breaks a count or a link of RULES §1-2 (see the module)."""
    by_region = Counter(c.region for c in COUNTRIES)
    _expect("countries", N, 84)
    _expect(
        "countries by region",
        dict(by_region),
        {
            "europe": 21,
            "asia": 15,
            "middle_east": 10,
            "africa": 18,
            "central_america": 10,
            "south_america": 10,
        },
    )
    bgs = Counter(c.region for c in COUNTRIES if c.battleground)
    _expect("battlegrounds", sum(bgs.values()), 29)
    _expect(
        "battlegrounds by region",
        dict(bgs),
        {
            "europe": 5,
            "asia": 6,
            "middle_east": 6,
            "africa": 5,
            "central_america": 3,
            "south_america": 4,
        },
    )
    both = sorted(
        c.id for c in COUNTRIES if {"eastern_europe", "western_europe"} <= set(c.subregions)
    )
    _expect("countries in both halves of Europe", both, ["austria", "finland"])
    sea = [c for c in COUNTRIES if "southeast_asia" in c.subregions]
    _expect("Southeast Asian countries", len(sea), 7)
    _expect("Southeast Asia inside Asia", {c.region for c in sea}, {"asia"})
    for c in COUNTRIES:
        for sub in c.subregions:
            if REGIONS[sub].part_of != c.region:
                raise BadData(f"{c.id}: sub-region {sub} is not part of {c.region}")
    links = set()
    for c in COUNTRIES:
        for other in c.adjacent:
            if other in CIX:
                if c.id not in COUNTRIES[CIX[other]].adjacent:
                    raise BadData(f"the link {c.id}-{other} is one-way")
                links.add(tuple(sorted((c.id, other))))
            elif other not in MAP.superpowers:
                raise BadData(f"{c.id} names an unknown neighbour {other!r}")
            elif c.id not in MAP.superpowers[other]:
                raise BadData(f"{c.id} touches the {other} box, which does not list it")
    _expect("country-to-country links", len(links), 112)
    _expect("superpower links", sum(len(v) for v in MAP.superpowers.values()), 9)
    _expect("cards", len(CARDS), 110)
    _expect("card numbers", sorted(CARDS), list(range(1, 111)))
    for era, standard, optional in (("early_war", 35, 3), ("mid_war", 46, 2), ("late_war", 21, 2)):
        _expect(f"{era} cards", len(DECKS[era]), standard)
        _expect(f"{era} optional cards", len(DECKS[f"{era}_optional"]), optional)
        for n in (*DECKS[era], *DECKS[f"{era}_optional"]):
            _expect(f"era of card {n}", CARDS[n].era, era)
            _expect(f"card {n} optional", CARDS[n].optional, n in DECKS[f"{era}_optional"])
    _expect("cards outside the deck", DECKS["not_in_deck"], (CHINA,))
    _expect("scoring cards", len(SCORING_CARDS), 7)
    for n in SCORING_CARDS:
        _expect(f"Ops of scoring card {n}", CARDS[n].ops, 0)
    _expect("the one starred scoring card", [n for n in SCORING_CARDS if CARDS[n].starred], [38])
    for region, table in SCORING.items():
        _expect(f"scoring card of {region}", CARDS[table.card].scoring_region, region)
    _expect("Space Race boxes", len(SPACE), 9)


check_data()
