"""The names of things in both languages, from the game's data (``name``, ``name_zh``):
the ruleset's ``name`` hook, which the core's messages call for a parameter that names an
area, a block (a noble is a block), a card, a scenario or a side (``core.i18n.messages``).

Beside the data's: the Edward block as the king he is (``edward_1``, ``edward_2``: the
messages name him by ``state.block_ref``), the game itself and its options."""

from __future__ import annotations

from gameshelf.plugins.hammer_scots.model import AREAS, BLOCKS, CARDS, DATA_MODEL, ENGLISH, SCOTTISH

_SIDES: dict[str, tuple[str, str]] = {
    ENGLISH: ("England", "英格蘭"),
    SCOTTISH: ("Scotland", "蘇格蘭"),
}

# (English, Chinese) by kind and id; a noble's two blocks share one name.
NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "area": {a.id: (a.name, a.name_zh) for a in AREAS},
    "block": {
        **{b.id: (b.name, b.name_zh) for b in BLOCKS},
        "edward_1": ("Edward I", "愛德華一世"),
        "edward_2": ("Edward II", "愛德華二世"),
    },
    "card": {c.id: (c.name, c.name_zh) for c in CARDS.values()},
    "scenario": {s.id: (s.name, s.name_zh) for s in DATA_MODEL.scenarios},
    "role": _SIDES,
    "side": _SIDES,
    "game": {"hammer_scots": ("Hammer of the Scots", "蘇格蘭之錘")},
    "option": {
        "schiltroms": ("Schiltroms (optional rule)", "圓陣（選用規則）"),
        "last_year": ("Last year (0: the scenario's)", "最後一年（0：依劇本）"),
    },
}


def name(kind: str, id: int | str, lang: str) -> str | None:
    """The name of ``id`` of ``kind`` in ``lang``; ``None`` for a kind or id the data lacks."""
    names = NAMES.get(kind, {}).get(str(id))
    if names is None:
        return None
    return names[1] if lang == "zh_TW" else names[0]
