"""The names of things in both languages, from the game's data (``name`` in Chinese,
``name_en``): the ruleset's ``name`` hook, which the core's messages call for a parameter
that names a lord, a talent, a card (either), a land, a strategy card, a seat, a colour or
the scenario (``core.i18n.messages``)."""

from __future__ import annotations

from gameshelf.plugins.three_kingdoms.model import CARDS, LANDS, LORDS, STRATEGIES, TALENTS
from gameshelf.plugins.three_kingdoms.state import ROLES

# (English, Chinese) by kind and id.
NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "lord": {i: (c.name_en, c.name) for i, c in LORDS.items()},
    "talent": {i: (c.name_en, c.name) for i, c in TALENTS.items()},
    "card": {i: (c.name_en, c.name) for i, c in CARDS.items()},
    "land": {i: (c.name_en, c.name) for i, c in LANDS.items()},
    "strategy": {i: (c.name_en, c.name) for i, c in STRATEGIES.items()},
    # a seat before its lord is known ("seat 2 is dealt 曹操")
    "seat": {seat: (f"Seat {i}", f"{i}號座位") for i, seat in enumerate(ROLES, start=1)},
    "colour": {c.colour: (c.colour, c.colour_name) for c in LORDS.values()},
    "scenario": {"standard": ("Standard", "標準")},
    "game": {"three_kingdoms": ("Three Kingdoms", "三國戰記")},  # its title, by language
    "option": {
        "lord_skills": ("Lord skills", "君主技能"),
        "round_limit": ("Round limit", "回合上限"),
    },
}


def name(kind: str, id: int | str, lang: str) -> str | None:
    """The name of ``id`` of ``kind`` in ``lang``; ``None`` for a kind or id the data lacks."""
    names = NAMES.get(kind, {}).get(str(id))
    if names is None:
        return None
    return names[1] if lang == "zh_TW" else names[0]
