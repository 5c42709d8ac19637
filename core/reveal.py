"""Everything at once: the views of every seat of a finished game, laid over each other.

Once a game is over its whole history is public (the replay shows what each seat saw), so
the replay viewer may also show the board with nothing hidden: every block face up, every
hand open. No game has to write that view: :func:`merge_views` builds it from the seats'
own views, keeping at each place the most that any seat saw there.

The rule, applied recursively from the top of the views:

- equal values stay as they are;
- ``None``, ``"hidden"`` or a dict marked ``"hidden": true`` gives way to what another
  seat saw in that place;
- dicts merge key by key (unless both name a different ``"id"``: two things, not one);
- lists of the same length: the one with the fewest hidden entries wins (a seat's own
  blocks, in their order); when they tie, they merge entry by entry;
- anything else keeps the first seat's value (the first seat's prompt, its "you").

It is only ever used for a finished game: during play it would hand every secret to
whoever asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.ruleset import JSON


def is_hidden(value: Any) -> bool:
    """A place a seat could not see into: ``None``, ``"hidden"``, ``{"hidden": true}``."""
    return (
        value is None
        or value == "hidden"
        or (isinstance(value, dict) and value.get("hidden") is True)
    )


def _hidden_count(items: list[Any]) -> int:
    return sum(1 for item in items if is_hidden(item))


def merge(a: Any, b: Any) -> Any:
    """``a`` and ``b`` (the same place in two views) as one, keeping what either saw."""
    if a == b:
        return a
    if is_hidden(a) and not is_hidden(b):
        return b
    if is_hidden(b):
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        if "id" in a and "id" in b and a["id"] != b["id"]:
            return a  # two different things (two cards of two hands): not one thing seen twice
        return {key: merge(a.get(key), b.get(key)) if key in b else a[key] for key in a} | {
            key: b[key] for key in b if key not in a
        }
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        hidden_a, hidden_b = _hidden_count(a), _hidden_count(b)
        if hidden_a != hidden_b:
            return a if hidden_a < hidden_b else b
        return [merge(x, y) for x, y in zip(a, b, strict=True)]
    return a


def merge_views(views: Sequence[JSON]) -> JSON:
    """The views of every seat laid over each other (see the module's docstring)."""
    if not views:
        return {}
    merged: JSON = views[0]
    for view in views[1:]:
        merged = merge(merged, view)
    return merged
