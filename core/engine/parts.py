"""Parts of a view kept while what they depend on does not change.

A game's view is rebuilt at every version of a match, for every seat that looks, though
most of its board did not change: the areas where nothing moved, the borders nobody
crossed, the drawing of the map. A :class:`Kept` holds the parts a game made, keyed by
everything a part depends on (a tuple of the state's values, the role that sees it), and
hands the very same object back while the key is the same. The web app does not serialise
again a part that is the object it had at the previous version (``web.tables.seen``).

A kept part is shared by every view (and match) with the same key: it must never be
changed once made, and its key must name everything it is made from.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """At most ``size`` parts by key; when full, the oldest half is dropped."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._parts: dict[Hashable, T] = {}

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The part kept for ``key``, else ``make()``, kept."""
        parts = self._parts
        found = parts.get(key)
        if found is None:
            if len(parts) >= self.size:
                for old in list(parts)[: self.size // 2]:  # dicts keep their order of entry
                    del parts[old]
            found = parts[key] = make()
        return found

    def __len__(self) -> int:
        return len(self._parts)
