"""The names of things in both languages, from the game's data (``name``, ``name_zh``):
the ruleset's ``name`` hook, which the core's messages call for a parameter that names an
area, a block (a noble is a block), a card, a scenario or a side (``core.messages``)."""

from __future__ import annotations

from gameshelf.plugins.hammer_scots.model import AREAS, BLOCKS, CARDS, DATA_MODEL, ENGLISH, SCOTTISH

_SIDES = {ENGLISH: ("England", "英格蘭"), SCOTTISH: ("Scotland", "蘇格蘭")}

# (English, Chinese) by kind and id; a noble's two blocks share one name.
NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "area": {a.id: (a.name, a.name_zh) for a in AREAS},
    "block": {b.id: (b.name, b.name_zh) for b in BLOCKS},
    "card": {c.id: (c.name, c.name_zh) for c in CARDS.values()},
    "scenario": {s.id: (s.name, s.name_zh) for s in DATA_MODEL.scenarios},
    "role": _SIDES,
    "side": _SIDES,
}


def name(kind: str, id: int | str, lang: str) -> str | None:
    """The name of ``id`` of ``kind`` in ``lang``; ``None`` for a kind or id the data lacks."""
    names = NAMES.get(kind, {}).get(str(id))
    if names is None:
        return None
    return names[1] if lang == "zh_TW" else names[0]
