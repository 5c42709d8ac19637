"""The names of things in both languages, from the game's data (``name``, ``name_zh``): the
ruleset's ``name`` hook, which the core's messages call for a parameter naming a city, a
route, a country, an ability, a marker, a piece or a role (a seat, named by its colour);
beside them the game's title and its scenario (the lobby and the command line)."""

from __future__ import annotations

from gameshelf.plugins.hansa_britannia.board import ABILITIES, BOARDS, DESK, MARKERS

# Both board sides: a city or route of either (the 2–3 side's are mostly the 4–5 side's).
CITIES = {c.id: c for b in BOARDS.values() for c in b.cities}.values()
ROUTES = {r.id: r for b in BOARDS.values() for r in b.routes}.values()
COUNTRIES = {k.id: k for b in BOARDS.values() for k in b.countries}.values()
_CITY = {c.id: (c.name, c.name_zh) for c in CITIES}
# The seats' colours, and the neutral player's of a two-player game (RULES §14).
_COLOURS = {c.id: (c.name, c.name_zh) for c in (*DESK.colours, DESK.neutral)}

# (English, Chinese) by kind and id.
NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "city": _CITY,
    "route": {
        r.id: (
            f"{_CITY[r.cities[0]][0]}–{_CITY[r.cities[1]][0]}",
            f"{_CITY[r.cities[0]][1]}—{_CITY[r.cities[1]][1]}",
        )
        for r in ROUTES
    },
    "country": {k.id: (k.name, k.name_zh) for k in COUNTRIES},
    "ability": {a.id: (a.name, a.name_zh) for a in ABILITIES},
    "marker": {m.id: (m.name, m.name_zh) for m in (*MARKERS.types, *MARKERS.printed)},
    "piece": {"trader": ("trader", "小商人"), "merchant": ("merchant", "大商人")},
    "role": _COLOURS,
    "game": {"hansa_britannia": ("Hansa Teutonica: Britannia", "漢薩同盟：不列顛尼亞")},
    "scenario": {"britannia": ("Britannia", "不列顛尼亞")},
}


def name(kind: str, id: int | str, lang: str) -> str | None:
    """The name of ``id`` of ``kind`` in ``lang``; ``None`` for a kind or id the data lacks."""
    names = NAMES.get(kind, {}).get(str(id))
    if names is None:
        return None
    return names[1] if lang == "zh_TW" else names[0]
