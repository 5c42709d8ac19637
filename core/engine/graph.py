"""Maps: a graph of areas joined by typed borders.

Built once from a game's data; areas keep their string ids in the API, and every border gets
a stable integer ``index`` (data order) that a game can use to count crossings in a list.

The searches a game needs, each asking the game about borders with the same predicate
``may_cross(a, b, border)`` (``None``: every border may be crossed):

- ``reachable(start, allowance, cost=, may_cross=, must_stop=)``: movement within an
  allowance, with the least cost to each area;
- ``connected(start, may_cross=)``: every area reachable at all (a network, a supply line);
- ``distances(start, may_cross=)``: border crossings to every connected area;
- ``shortest_path(start, goal, cost=, may_cross=)``: one cheapest path, ``None`` if none;
- ``components(areas, may_cross=)``: the connected groups of some areas (a player's
  networks: the places it holds, joined by the links it holds).

Every result lists areas in a fixed order (data order breaks ties), so games that use them
stay deterministic.
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

    def distances(self, start: AreaId, *, may_cross: BorderTest | None = None) -> dict[AreaId, int]:
        """Border crossings from ``start`` to every area it connects to, crossing only the
        borders ``may_cross`` allows (breadth first: nearest first, data order within)."""
        dist = {start: 0}
        queue = [start]
        between = self._between
        for here in queue:
            for there in self._neighbours[here]:
                if there in dist:
                    continue
                if may_cross is not None and not may_cross(here, there, between[here, there]):
                    continue
                dist[there] = dist[here] + 1
                queue.append(there)
        return dist

    def connected(self, start: AreaId, *, may_cross: BorderTest | None = None) -> list[AreaId]:
        """Every area reachable from ``start`` (itself included) by borders ``may_cross``
        allows, however far: nearest first."""
        return list(self.distances(start, may_cross=may_cross))

    def shortest_path(
        self,
        start: AreaId,
        goal: AreaId,
        *,
        cost: BorderCost | None = None,
        may_cross: BorderTest | None = None,
    ) -> list[AreaId] | None:
        """A cheapest path from ``start`` to ``goal``, both included (``[start]`` when they
        are one), or ``None`` when ``goal`` cannot be reached. ``cost`` prices a crossing
        (default 1; never negative). Of equally cheap paths it gives always the same one
        (of an area's cheapest ways in, the one from the area settled first)."""
        for area in (start, goal):
            if area not in self.index:
                raise ValueError(f"unknown area {area!r}")
        best: dict[AreaId, int] = {start: 0}
        came_from: dict[AreaId, AreaId] = {}
        frontier: list[tuple[int, int, AreaId]] = [(0, self.index[start], start)]
        done: set[AreaId] = set()
        while frontier:
            spent, _, here = heapq.heappop(frontier)
            if here in done:
                continue
            done.add(here)
            if here == goal:
                path = [goal]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return path[::-1]
            for there in self._neighbours[here]:
                if there in done:
                    continue
                border = self._between[here, there]
                if may_cross is not None and not may_cross(here, there, border):
                    continue
                step = cost(here, there, border) if cost is not None else 1
                if step < 0:
                    raise ValueError(f"crossing {here}–{there} costs {step}: below zero")
                total = spent + step
                if total < best.get(there, total + 1):
                    best[there] = total
                    came_from[there] = here
                    heapq.heappush(frontier, (total, self.index[there], there))
        return None

    def components(
        self, areas: Iterable[AreaId] | None = None, *, may_cross: BorderTest | None = None
    ) -> list[list[AreaId]]:
        """The connected groups of ``areas`` (default: all), joined only through areas of
        ``areas`` by borders ``may_cross`` allows; each group in data order, the groups in
        the data order of their first area."""
        chosen = self.areas if areas is None else tuple(areas)
        for area in chosen:
            if area not in self.index:
                raise ValueError(f"unknown area {area!r}")
        inside = set(chosen)

        def within(a: AreaId, b: AreaId, border: Border) -> bool:
            return b in inside and (may_cross is None or may_cross(a, b, border))

        groups: list[list[AreaId]] = []
        placed: set[AreaId] = set()
        for area in sorted(inside, key=self.index.__getitem__):
            if area in placed:
                continue
            group = sorted(self.distances(area, may_cross=within), key=self.index.__getitem__)
            placed.update(group)
            groups.append(group)
        return groups
