"""Fixed encodings of a game for learning agents: actions as indices, a seat's view as floats.

Learning libraries (PettingZoo, Gymnasium, OpenSpiel: ``gameshelf.rl``) want every action a
game can ever offer to have one index in ``0..N-1`` and an observation of fixed length. A
game provides both through the optional ruleset member ``encoding(scenario, options,
players)`` (``core.engine.ruleset``), which returns an :class:`Encoding` or ``None``:

- :class:`ActionSpace` lists, per action type, every argument it can ever take, from the
  game's data (cards, areas, blocks, routes…): ``encode(action) -> index`` and
  ``decode(index) -> action``, ``size`` is N;
- :class:`Layout` names the fields of the observation vector (name, width, meaning), so the
  documentation of each game's vector is made from the code (``Layout.table``);
- ``Encoding.observe(view)`` fills a fresh vector from one seat's *view* (``Ruleset.view``),
  never from the state, so it cannot show what the seat may not see: the vector's
  definition;
- ``Encoding.observe_state(state, role, active)``, the fast way an encoding may offer
  (``parts`` and ``fillers``): the same vector from the seat's *observation*, the parts of
  what the seat may see read straight from the state by the same rules as its view (plain
  values: no names, texts, prompt or menu are made). With a :class:`SeatMemory`, only the
  parts unequal to the seat's last ones are written again.

The kit checks an encoding: ``core.testing.encoding.check_encoding``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any, TypeAlias

from gameshelf.core.engine.actions import JSON, Action, Arg, Role

if TYPE_CHECKING:
    Vector: TypeAlias = array[float]  # array("f"): numpy reads it without a copy (frombuffer)
else:
    Vector = array


class EncodingError(ValueError):
    """An action outside the game's fixed action space, or an index outside ``0..N-1``."""


class ActionSpace:
    """Every action a game can ever offer, each with one index in ``0..size-1``.

    Built from ``(type, arguments)`` pairs in a fixed order (the game's data order):
    ``("pass", [None])`` is one action without argument, ``("area", AREA_IDS)`` one per area.
    """

    def __init__(self, kinds: Iterable[tuple[str, Iterable[Arg]]]) -> None:
        self.actions: list[Action] = []
        self.kinds: list[tuple[str, int, int]] = []  # (type, first index, count)
        for typ, args in kinds:
            first = len(self.actions)
            self.actions.extend(Action(typ, arg) for arg in args)
            self.kinds.append((typ, first, len(self.actions) - first))
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError("an action space lists an action twice")

    @property
    def size(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise EncodingError(f"{action} is not in the game's action space") from None

    def decode(self, index: int) -> Action:
        if not 0 <= index < len(self.actions):
            raise EncodingError(f"action index {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]

    def table(self) -> str:
        """The action space as a Markdown table: type, indices, count, arguments."""
        rows = ["| type | indices | count | arguments |", "| --- | --- | --- | --- |"]
        for typ, first, count in self.kinds:
            args = [self.actions[i].arg for i in range(first, first + count)]
            shown = ", ".join(f"`{a}`" for a in args[:4]) if args != [None] else "none"
            more = f", … `{args[-1]}`" if count > 4 else ""
            rows.append(f"| `{typ}` | {first}–{first + count - 1} | {count} | {shown}{more} |")
        return "\n".join(rows)


@dataclass(frozen=True)
class Field:
    """A named run of the observation vector: ``offset`` to ``offset + size``."""

    name: str
    offset: int
    size: int
    text: str

    @cached_property
    def raw(self) -> slice:
        """The field's bytes in the vector seen as bytes (``Filler.raw``)."""
        return self.places(0, self.size)

    def places(self, start: int, stop: int) -> slice:
        """The bytes of the field's places ``start`` to ``stop`` (a run written whole)."""
        if not 0 <= start <= stop <= self.size:
            raise IndexError(f"{self.name}[{start}:{stop}] is outside its {self.size} places")
        return slice(4 * (self.offset + start), 4 * (self.offset + stop))

    def through(self, last: Field) -> slice:
        """The bytes of this field and the fields after it up to ``last``, side by side
        (several fields written as one run)."""
        if last.offset < self.offset:
            raise ValueError(f"{last.name} comes before {self.name} in the layout")
        return slice(self.raw.start, last.raw.stop)


@dataclass
class Layout:
    """The fields of an observation vector, in order."""

    fields: list[Field] = field(default_factory=list)
    size: int = 0

    def add(self, name: str, size: int, text: str) -> Field:
        if any(f.name == name for f in self.fields):
            raise ValueError(f"the layout has a field {name!r} already")
        made = Field(name, self.size, size, text)
        self.fields.append(made)
        self.size += size
        return made

    def __getitem__(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def table(self) -> str:
        """The layout as a Markdown table: offset, width, name, meaning."""
        rows = ["| offset | width | field | meaning |", "| --- | --- | --- | --- |"]
        for f in self.fields:
            rows.append(f"| {f.offset} | {f.size} | `{f.name}` | {f.text} |")
        return "\n".join(rows)


class Table:
    """Ids in a fixed order (the game's data order) and their positions."""

    def __init__(self, ids: Iterable[Hashable]) -> None:
        self.ids = tuple(ids)
        self.at: dict[Hashable, int] = {x: i for i, x in enumerate(self.ids)}

    def __len__(self) -> int:
        return len(self.ids)


# Fast fillers build whole runs of places in C and write them with one slice of the
# vector's bytes (``Filler.raw``), rather than a Python statement a place: a run written
# whole at every call leaves nothing of the last vector to clear. The bytes of a run are
# made once for each value and looked up after (``b"".join(map(rows.__getitem__,
# values))`` is many runs side by side, made in C).


def one_hot_rows(ids: Iterable[Hashable]) -> dict[Hashable, bytes]:
    """The bytes of a run of ``len(ids)`` places for each id, 1 at its place (``None``:
    all 0)."""
    ids = list(ids)
    rows: dict[Hashable, bytes] = {None: bytes(4 * len(ids))}
    for i, key in enumerate(ids):
        row = array("f", rows[None])
        row[i] = 1.0
        rows[key] = row.tobytes()
    return rows


class Runs(dict[Hashable, bytes]):
    """The bytes of a run for each value met, made by ``make`` the first time it is asked
    for; at most ``size`` are kept (when full, it starts again)."""

    def __init__(self, make: Callable[[Any], bytes], size: int = 4096) -> None:
        super().__init__()
        self.make, self.size = make, size

    def __missing__(self, key: Hashable) -> bytes:
        if len(self) >= self.size:
            self.clear()
        made = self[key] = self.make(key)
        return made


def scaled(over: float) -> Runs:
    """One place for a number: ``x / over``, as the view's fill writes it."""
    return Runs(lambda x: array("f", (x / over,)).tobytes())


def hot_rows(ids: Iterable[Hashable]) -> Runs:
    """A run of ``len(ids)`` places for a tuple of ids (a hand, the cards on a land): 1 at
    the place of each."""
    at = {key: i for i, key in enumerate(ids)}

    def make(keys: tuple[Hashable, ...]) -> bytes:
        row = array("f", bytes(4 * len(at)))
        for key in keys:
            row[at[key]] = 1.0
        return row.tobytes()

    return Runs(make)


def joined_rows(rows: Mapping[Hashable, bytes]) -> Runs:
    """A run for a tuple of keys, each key's row of ``rows`` side by side (a row per
    border, say: its crossings, or the side that used it), joined once per tuple met."""
    return Runs(lambda keys: b"".join(map(rows.__getitem__, keys)))


class Memory:
    """What one seat's vector was the last time it was filled: the vector, and per part
    (``Filler.part``) the view part it was filled from and the places it wrote. Filling
    again with a memory starts from that vector and redoes only the parts that are not the
    very same objects as before (a game's kept view parts, ``core.engine.parts``)."""

    __slots__ = ("parts", "vector")

    def __init__(self) -> None:
        self.vector: Vector | None = None
        self.parts: dict[Hashable, tuple[object, list[int]]] = {}


class Filler:
    """Writes one observation vector field by field (the helpers a game's ``observe`` uses).

    With a :class:`Memory`, every write is recorded with the part (``part``) it belongs to,
    the writes outside any part to the whole fill: a place is written by one part only.
    The fast way's fillers (``Encoding.fillers``) record nothing: they write ``raw`` and
    ``vector`` themselves, every place of their part at every call."""

    __slots__ = ("later", "memory", "raw", "vector", "written")

    def __init__(self, size: int, memory: Memory | None = None) -> None:
        last = memory.vector if memory is not None else None
        self.vector: Vector = array("f", last if last is not None else bytes(4 * size))
        # the same places as bytes, for a run written whole: ``raw[f.raw] = made`` (a
        # slice of another length is refused, so a run cannot spill into the next)
        self.raw = memoryview(self.vector).cast("B")
        self.memory = memory
        self.written: list[int] | None = None  # the places written, while a memory records
        self.later: list[tuple[Hashable, object, Callable[[Filler], None]]] = []

    def put(self, f: Field, value: float, at: int = 0) -> None:
        """``value`` at position ``at`` of field ``f``."""
        if not 0 <= at < f.size:
            raise IndexError(f"{f.name}[{at}] is outside its {f.size} places")
        self.vector[f.offset + at] = value
        if self.written is not None:
            self.written.append(f.offset + at)

    def one_hot(self, f: Field, table: Table, key: Hashable, block: int = 0) -> None:
        """1 at ``key``'s place in ``table``, in the ``block``-th run of ``len(table)`` places
        of ``f`` (a field of several one-hots side by side); nothing for ``None``."""
        if key is not None:  # put, written out (the fast fillers call this often)
            at = block * len(table.ids) + table.at[key]
            if not 0 <= at < f.size:
                raise IndexError(f"{f.name}[{at}] is outside its {f.size} places")
            self.vector[f.offset + at] = 1.0
            if self.written is not None:
                self.written.append(f.offset + at)

    def hot(self, f: Field, table: Table, keys: Iterable[Hashable], block: int = 0) -> None:
        """1 at each key's place (a set of things: a hand, the countries one controls)."""
        for key in keys:
            self.one_hot(f, table, key, block)

    def add(self, f: Field, value: float, at: int = 0) -> None:
        """Add ``value`` at position ``at`` of field ``f`` (counts)."""
        self.put(f, self.vector[f.offset + at] + value, at)

    def part(self, slot: Hashable, part: object, fill: Callable[[Filler], None]) -> None:
        """``fill(self)``: the writes made from one part of the view, ``slot`` naming where
        in the view it is (``("area", 3)``). With a memory, nothing is done when ``part`` is
        the very object the slot was filled from last time (a kept part never changes):
        the vector the memory started from has its writes already. Else the places it
        wrote then are cleared now, and ``fill`` writes anew once every part has been seen
        (so a thing that went from one part to another is cleared, then written).

        Within one vector a place is written by one part only (or only outside parts), and
        a fill asks for the same slots every time (an absent part as ``None``)."""
        memory = self.memory
        if memory is None:
            fill(self)
            return
        last = memory.parts.get(slot)
        if last is not None and last[0] is part:
            return
        if last is not None:
            vector = self.vector
            for i in last[1]:
                vector[i] = 0.0
        self.later.append((slot, part, fill))

    def refill(self, whole: Callable[[Filler], None]) -> None:
        """With a memory: the writes outside parts cleared and made again by ``whole``,
        then the parts that changed (``part``)."""
        memory = self.memory
        assert memory is not None
        last = memory.parts.get(_WHOLE)
        vector = self.vector
        for i in last[1] if last is not None else ():
            vector[i] = 0.0
        self.later = []
        self.written = []
        whole(self)
        memory.parts[_WHOLE] = (None, self.written)
        for slot, part, fill in self.later:
            self.written = []
            fill(self)
            memory.parts[slot] = (part, self.written)
        self.written = None


_UNSEEN = object()  # a part a seat's memory has not seen yet (equal to no part)
_CONTAINERS = frozenset((list, tuple))


def _kept(part: Any) -> Any:
    """A copy of a part that later changes of the state cannot reach: its lists copied,
    at every depth (tuples of plain values are kept as they are)."""
    kind = type(part)
    if kind is not list and kind is not tuple:
        return part
    if _CONTAINERS.isdisjoint(map(type, part)):
        return part[:] if kind is list else part
    made = [_kept(x) for x in part]
    return made if kind is list else tuple(made)


class SeatMemory:
    """One seat's last vector made from its observation (``Encoding.observe_state``): its
    filler, whose vector it is, and the parts it was made from."""

    __slots__ = ("filler", "parts")

    def __init__(self, size: int) -> None:
        self.filler = Filler(size)
        self.parts: Sequence[Any] | None = None


class Encoding(ABC):
    """A game's fixed action space and observation layout, for one scenario, options and
    player count. ``roles`` are the seated roles, in seating order."""

    actions: ActionSpace
    layout: Layout
    roles: tuple[Role, ...]
    header: SeatHeader
    # The fill reads parts the game's view keeps (``Filler.part``), so filling a seat's
    # vector again from its ``Memory`` saves work: learning environments keep one a seat.
    remembers: bool = False
    # The fast way (see the module): one filler a part of ``parts``, in the same order.
    # Each writes every place of its part at every call (whole runs, ``Filler.raw``, or
    # zeros over its places then single values into ``Filler.vector``): a place is
    # written by one part only, and a vector made again from a memory clears nothing.
    fillers: tuple[Callable[[Any, Filler], None], ...] = ()
    # ``parts`` makes every list and tuple it returns afresh (none is the state's own): a
    # seat's memory keeps them as they are, without the copy ``_kept`` makes.
    fresh_parts: bool = False
    # Learning environments make each seat's vector again from the last vector made for
    # any seat (one memory for all), not from that seat's own last one. Right when each
    # filler writes the same places whichever seat's part it has (not so where each
    # seat's own pieces have places of their own); it writes again less where the asked
    # seat changes often and the seats' own parts are few (docs/performance.md).
    one_memory: bool = False

    @abstractmethod
    def fill(self, view: JSON, out: Filler) -> None:
        """Write the game's fields of one seat's ``view`` into ``out``."""

    def observe(self, view: JSON, memory: Memory | None = None) -> Vector:
        """The observation vector of one seat's ``view`` (``Ruleset.view``). With the
        seat's ``memory`` of its last vector, only the parts of the view that changed are
        filled again (``Filler.part``): the same vector, made faster."""
        out = Filler(self.layout.size, memory)
        if memory is None:
            self.fill(view, out)
            return out.vector
        out.refill(lambda o: self.fill(view, o))
        memory.vector = array("f", out.vector)  # the caller's vector is its own
        return out.vector

    def parts(self, state: Any, role: Role) -> tuple[Any, ...]:
        """The fast way: what ``role`` may see of ``state``, read by the same rules as its
        view (``view.py``), one value per filler of ``fillers`` (the seat header apart):
        numbers, strings, ``None``, and tuples and lists of them, compared with ``==``. A
        list may be the state's own (read, never changed here): a seat's memory keeps a
        copy of it (``_kept``), so an unchanged list costs no copy; an encoding whose parts
        are all made afresh (slices, new tuples) says so (``fresh_parts``) and is spared
        that copy, which costs more than the slices. The fast way is optional: an encoding
        without fillers is asked only for ``observe`` of a view."""
        raise TypeError(f"{type(self).__name__} offers no fast way: it declares no fillers")

    def observe_state(
        self, state: Any, role: Role, active: Sequence[Role], memory: SeatMemory | None = None
    ) -> Vector:
        """The vector of ``role`` made from its observation (``parts``; ``active``: the
        seats the game waits for), the same as ``observe`` of its view. Afresh, a new
        vector; with the seat's ``memory``, the memory's own vector (copy it to keep it),
        written again only where a part is unequal to the seat's last one."""
        parts = ((role, tuple(active), state.step), *self.parts(state, role))
        fillers = self.all_fillers
        if memory is None:
            out = Filler(self.layout.size)
            for fill, part in zip(fillers, parts, strict=True):
                fill(part, out)
            return out.vector
        out, last = memory.filler, memory.parts
        if last is None:
            last = [_UNSEEN] * len(parts)
        # the parts unequal to the seat's last ones, found in C (most are equal at a step);
        # each filler writes its places whole, so nothing of the last vector is cleared
        changed = compress(range(len(parts)), map(ne, parts, last))
        if self.fresh_parts:  # none is the state's own: kept as they are, all at once
            for i in changed:
                fillers[i](parts[i], out)
            memory.parts = parts
            return out.vector
        kept = memory.parts = list(last)  # the state's own lists among them: copied
        for i in changed:
            fillers[i](parts[i], out)
            kept[i] = _kept(parts[i])
        return out.vector

    @cached_property
    def all_fillers(self) -> tuple[Callable[[Any, Filler], None], ...]:
        """The header's filler, then the game's (``fillers``): one a part."""
        return (self.header.fill_part, *self.fillers)

    def seat_memory(self) -> SeatMemory:
        """A new memory for one seat's vectors made with ``observe_state``."""
        return SeatMemory(self.layout.size)


_WHOLE = ("whole",)  # the slot of the writes outside any part


class SeatHeader:
    """The fields every game's vector starts with, read from the view's generic part:
    whose view it is, who must act, the step (one of the machine's step names)."""

    def __init__(self, layout: Layout, roles: Sequence[Role], steps: Sequence[str]) -> None:
        self.roles, self.steps = Table(roles), Table(steps)
        n = len(roles)
        self.seat = layout.add("seat", n, "1 for the seat whose view this is (seating order)")
        self.active = layout.add("active", n, "1 for each seat that must act now")
        self.step = layout.add("step", len(steps), "1 for the current step: " + _list(steps))
        # the three fields side by side, written whole from the bytes of a header (few)
        self.raw = self.seat.through(self.step)
        self._made: dict[tuple[Role, tuple[Role, ...], str], bytes] = {}

    def fill(self, view: JSON, out: Filler) -> None:
        self.fill_part((view["role"], tuple(view["active"]), view["step"]), out)

    def fill_part(self, part: tuple[Role, tuple[Role, ...], str], out: Filler) -> None:
        """The header from ``(role, active seats, step)`` (``Encoding.observe_state``): its
        every place written at each call (``Encoding.fillers``)."""
        made = self._made.get(part)
        if made is None:
            made = self._made[part] = self._make(*part)
        out.raw[self.raw] = made

    def _make(self, role: Role, active: tuple[Role, ...], step: str) -> bytes:
        """The bytes of one header: made once each (as many as seats, active sets and
        steps: a few hundred at most)."""
        made = array("f", bytes(self.raw.stop - self.raw.start))
        made[self.roles.at[role]] = 1.0
        for seat in active:
            made[self.active.offset - self.seat.offset + self.roles.at[seat]] = 1.0
        made[self.step.offset - self.seat.offset + self.steps.at[step]] = 1.0
        return made.tobytes()


def _list(ids: Iterable[object]) -> str:
    return ", ".join(f"`{x}`" for x in ids)


def step_names(ruleset: object) -> list[str]:
    """The step names of a ruleset's machine (a ``StepRuleset``'s), in the order they were
    declared; none for a ruleset without one."""
    machine = getattr(ruleset, "machine", None)
    return list(machine.steps) if machine is not None else []
