"""Maps: a graph of areas joined by typed borders.

Built once from a game's data; areas keep their string ids in the API, and every border gets
a stable integer ``index`` (data order) that a game can use to count crossings in a list.
``reachable`` walks the graph within a movement allowance, asking the game three questions
per border: what it costs, whether it may be crossed, and whether the mover must stop there.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

AreaId = str


class Border(NamedTuple):
    index: int  # type: ignore[assignment]  # the border's number; shadows tuple.index on purpose
    a: AreaId
    b: AreaId
    kind: str  # the game's word: "black", "red", "sea", …
    attrs: Mapping[str, Any]

    def other(self, area: AreaId) -> AreaId:
        return self.b if area == self.a else self.a


BorderCost = Callable[[AreaId, AreaId, Border], int]
BorderTest = Callable[[AreaId, AreaId, Border], bool]


class AreaGraph:
    """Areas and the borders between them (undirected, at most one border per pair)."""

    def __init__(
        self,
        areas: Iterable[AreaId],
        borders: Iterable[
            tuple[AreaId, AreaId, str] | tuple[AreaId, AreaId, str, Mapping[str, Any]]
        ],
    ) -> None:
        self.areas: tuple[AreaId, ...] = tuple(areas)
        self.index: dict[AreaId, int] = {a: i for i, a in enumerate(self.areas)}
        if len(self.index) != len(self.areas):
            raise ValueError("an area id appears twice")
        self.borders: list[Border] = []
        self._between: dict[tuple[AreaId, AreaId], Border] = {}
        self._neighbours: dict[AreaId, list[AreaId]] = {a: [] for a in self.areas}
        for spec in borders:
            a, b, kind = spec[0], spec[1], spec[2]
            attrs = spec[3] if len(spec) > 3 else {}
            self._add(a, b, kind, attrs)

    def _add(self, a: AreaId, b: AreaId, kind: str, attrs: Mapping[str, Any]) -> None:
        for area in (a, b):
            if area not in self.index:
                raise ValueError(f"border {a}–{b} names unknown area {area!r}")
        if a == b or (a, b) in self._between:
            raise ValueError(f"border {a}–{b} is a loop or given twice")
        border = Border(len(self.borders), a, b, kind, dict(attrs))
        self.borders.append(border)
        self._between[a, b] = self._between[b, a] = border
        self._neighbours[a].append(b)
        self._neighbours[b].append(a)

    # --- adjacency ----------------------------------------------------------------------

    def neighbours(self, area: AreaId) -> list[AreaId]:
        """Areas sharing a border with ``area``, in data order."""
        return self._neighbours[area]

    def border(self, a: AreaId, b: AreaId) -> Border | None:
        return self._between.get((a, b))

    def adjacent(self, a: AreaId, b: AreaId) -> bool:
        return (a, b) in self._between

    # --- movement -----------------------------------------------------------------------

    def reachable(
        self,
        start: AreaId,
        allowance: int,
        *,
        cost: BorderCost | None = None,
        may_cross: BorderTest | None = None,
        must_stop: BorderTest | None = None,
    ) -> dict[AreaId, int]:
        """Every area reachable from ``start`` within ``allowance``, with the least cost.

        ``cost(a, b, border)`` is the price of crossing (default 1); ``may_cross`` refuses a
        crossing; ``must_stop`` ends the move in ``b`` (it is reached but not passed through).
        ``start`` is included at cost 0.
        """
        reached: dict[AreaId, int] = {start: 0}  # least cost to get there at all
        passable: dict[AreaId, int] = {start: 0}  # least cost to get there and go on
        frontier: list[tuple[int, int, AreaId]] = [(0, self.index[start], start)]
        while frontier:
            spent, _, here = heapq.heappop(frontier)
            if spent > passable[here]:
                continue
            for there in self._neighbours[here]:
                border = self._between[here, there]
                if may_cross is not None and not may_cross(here, there, border):
                    continue
                total = spent + (cost(here, there, border) if cost is not None else 1)
                if total > allowance:
                    continue
                if total < reached.get(there, allowance + 1):
                    reached[there] = total
                if must_stop is not None and must_stop(here, there, border):
                    continue
                if total < passable.get(there, allowance + 1):
                    passable[there] = total
                    heapq.heappush(frontier, (total, self.index[there], there))
        return reached

    def distances(self, start: AreaId) -> dict[AreaId, int]:
        """Border crossings from ``start`` to every connected area (breadth first)."""
        dist = {start: 0}
        queue = [start]
        for here in queue:
            for there in self._neighbours[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist
