"""The names of things in both languages, from the game's data (``name``, ``name_zh``): the
ruleset's ``name`` hook, which the core's messages call for a parameter that names a
country, a region, a card, a Space Race box or a side (``core.i18n.messages``), and the game, its
scenarios and options for the lobby and the page title."""

from __future__ import annotations

from gameshelf.plugins.twilight_struggle.model import CARDS, COUNTRIES, REGIONS, SPACE, US, USSR

_SIDES: dict[str, tuple[str, str]] = {USSR: ("USSR", "蘇聯"), US: ("US", "美國")}

NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "country": {c.id: (c.name, c.name_zh) for c in COUNTRIES},
    "region": {r.id: (r.name, r.name_zh) for r in REGIONS.values()},
    "card": {str(c.id): (c.name, c.name_zh) for c in CARDS.values()},
    "box": {str(b.box): (b.name, b.name_zh) for b in SPACE},
    "role": _SIDES,
    "side": _SIDES,
    # the game, its scenarios and options as the lobby and the page title name them
    "game": {"twilight_struggle": ("Twilight Struggle", "冷戰熱鬥")},
    "scenario": {
        "standard": ("As printed", "依規則書"),
        "competitive": ("Competitive", "競賽規則"),
    },
    "option": {
        "us_bonus": ("US bonus Influence", "美國額外影響力"),
        "optional_cards": ("Optional cards 104-110", "選用牌 104–110"),
    },
}


def name(kind: str, id: int | str, lang: str) -> str | None:
    """The name of ``id`` of ``kind`` in ``lang``; ``None`` for a kind or id the data lacks."""
    names = NAMES.get(kind, {}).get(str(id))
    if names is None:
        return None
    return names[1] if lang == "zh_TW" else names[0]
