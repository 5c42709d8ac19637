"""Everything at once: the views of every seat of a finished game, laid over each other.

Once a game is over its whole history is public (the replay shows what each seat saw), so
the replay viewer may also show the board with nothing hidden: every block face up, every
hand open. No game has to write that view: :func:`merge_views` builds it from the seats'
own views, keeping at each place the most that any seat saw there.

The rule, applied recursively from the top of the views, to the values the seats' views
hold at one place:

- what every seat saw alike stays as it is;
- ``None``, ``"hidden"`` or a dict marked ``"hidden": true`` gives way to what another
  seat saw there;
- dicts merge key by key (unless they name different ``"id"``s: different things);
- lists of one length: the one with the fewest hidden entries wins (a seat's own blocks,
  in their order); when several tie, they merge entry by entry;
- seats that saw different things at one place (each its own hand, its own "you") leave
  it empty: ``None``, what a spectator is shown there.

It is only ever used for a finished game: during play it would hand every secret to
whoever asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameshelf.core.engine.ruleset import JSON


def is_hidden(value: Any) -> bool:
    """A place a seat could not see into: ``None``, ``"hidden"``, ``{"hidden": true}``."""
    return (
        value is None
        or value == "hidden"
        or (isinstance(value, dict) and value.get("hidden") is True)
    )


def _hidden_count(items: list[Any]) -> int:
    return sum(1 for item in items if is_hidden(item))


class _Conflict:
    """Seats that saw different things at one place."""


CONFLICT = _Conflict()


def merge(values: Sequence[Any]) -> Any:
    """The values several views hold at one place, as one (see the module's docstring);
    :data:`CONFLICT` where seats saw different things (a list with one such entry is a
    conflict as a whole: each seat's own hand is not one hand)."""
    seen = [v for v in values if not is_hidden(v)]
    if not seen:
        return values[0] if values else None
    first = seen[0]
    if all(v == first for v in seen[1:]):
        return first
    if all(isinstance(v, dict) for v in seen):
        if len({v["id"] for v in seen if "id" in v}) > 1:
            return CONFLICT  # different things (each seat's own card)
        keys = list(dict.fromkeys(k for v in seen for k in v))
        out = {k: merge([v.get(k) for v in seen]) for k in keys}
        return {k: None if v is CONFLICT else v for k, v in out.items()}
    if all(isinstance(v, list) for v in seen) and len({len(v) for v in seen}) == 1:
        counts = [_hidden_count(v) for v in seen]
        fewest = min(counts)
        best = [v for v, c in zip(seen, counts, strict=True) if c == fewest]
        if len(best) == 1:
            return best[0]
        entries = [merge(list(column)) for column in zip(*best, strict=True)]
        return CONFLICT if any(e is CONFLICT for e in entries) else entries
    return CONFLICT


def merge_views(views: Sequence[JSON]) -> JSON:
    """The views of every seat laid over each other (see the module's docstring)."""
    if not views:
        return {}
    merged = merge(list(views))
    return merged if isinstance(merged, dict) else {}  # (two views that are not dicts)
