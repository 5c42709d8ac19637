"""A card as a view shows it: its facts from the data, and whether its event is in."""

from __future__ import annotations

from typing import Any

from gameshelf.plugins.twilight_struggle.events import has_event
from gameshelf.plugins.twilight_struggle.model import CARDS


def _facts(n: int) -> dict[str, Any]:
    c = CARDS[n]
    return {
        "id": n,
        "name": c.name,
        "name_zh": c.name_zh,
        "ops": c.ops,
        "side": c.side,
        "era": c.era,
        "starred": c.starred,
        "underlined": c.underlined,
        "scoring": c.scoring,
        "text": c.text,
        "text_zh": c.text_zh,
    }


FACTS: dict[int, dict[str, Any]] = {n: _facts(n) for n in CARDS}


def card_view(n: int) -> dict[str, Any]:
    return {**FACTS[n], "event": has_event(n)}
