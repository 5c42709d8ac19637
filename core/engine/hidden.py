"""Hidden information, declared once: the parts of a state some roles may not see.

A ruleset lists its hidden parts in ``hidden`` (a class attribute); from them the core derives
``Ruleset.shuffle_hidden`` (a re-sample of everything a role cannot see, consistent with what
it sees: the kit's leak check and the bots' determinized worlds use it) and marks new
information when a part that was hidden is shown (``Rng.reveal``, which stops undo)::

    class MyGame(StepRuleset[State]):
        hidden = (Exchange(Hands("hands"), DrawPile("deck")),)

The parts, each naming a field of the state:

- :class:`Hands`: ``s.<field>`` maps each role to its cards; a role sees its own, the others
  only how many;
- :class:`FaceDown`: like a hand, cards face down in front of a role; ``owner_sees`` says
  whether their owner knows them (a hand laid face down) or not (a pile dealt unseen);
- :class:`DrawPile`: ``s.<field>`` is a :class:`core.engine.deck.Deck` (its draw pile) or a list of
  cards, face down: nobody sees which cards it holds nor their order, everyone its size;
- :class:`Exchange`: card places that one role cannot tell apart: the cards it cannot see
  in them are dealt again among them, each place keeping its size. A hand declared alone is
  re-dealt among the other hands only; with the draw pile in one exchange, the rival's hand
  and the pile swap cards too (what a player thinks when it holds five cards of a deck).
  ``per_owner``: cards never change owner, so each owner's places exchange among themselves
  only; ``fixed``: cards of an owner whose place everyone knows, which stay put;
- :class:`Identities`: pieces that stand face down (blocks under fog of war): everyone sees
  where each stands, some see who it is. The game says who sees what (``sees``) and deals
  the hidden pieces again (``deal``, ``redraw``); the core moves what belongs to a piece and
  renames the marks that belong to a place (``per_piece``, ``marks``, ``frame_marks``);
- a secret simultaneous choice (``core.engine.secret``) hides its choices itself, as a step: the
  step machine's current step is asked too (``StepRuleset.shuffle_hidden``).

A game with a hidden part of its own writes a :class:`Hidden` subclass: its ``hide`` and,
if a change of the state can show it, its ``shown`` (and ``shown_in``: the steps where
anything of it may be shown, if only some).

New information, marked by the core: a card drawn from a deck or turned face up
(``Deck.draw``, ``Deck.turn_up``), a die rolled (every draw moves the generator), a secret
choice revealed (``SecretChoice``), and a hidden part shown: after every action, the core
compares what each watched part (``shown``) shows its non-owners with what it showed before
the action; anything new marks a reveal (``StepRuleset.apply`` and ``play``). A part that
declares ``shown_in`` is asked only around actions that start or end in one of those steps.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.state import GameState

S = TypeVar("S", bound=GameState)
Role = str
Card = Any


class Hidden(ABC, Generic[S]):
    """A part of a state that some roles may not see (see the module)."""

    # Whether ``shown`` can change, so that the core asks it around every action.
    watched: ClassVar[bool] = False
    # The steps in which anything of the part may be shown (``None``: any step). Outside
    # them ``shown`` is empty (the kit checks it), so the core asks ``shown`` only around
    # an action that starts or ends in one of them: most actions then cost it nothing.
    shown_in: ClassVar[frozenset[str] | None] = None

    @abstractmethod
    def hide(self, s: S, role: Role | None, rng: Rng) -> None:
        """Re-sample in place what ``role`` (``None``: a spectator) may not see of this
        part, keeping everything it sees."""

    def shown(self, s: S) -> frozenset[Hashable]:
        """What of this part is shown now to roles that may not always see it; the core
        marks new information when an action adds to it (with ``watched`` set)."""
        return frozenset()

    def check(self, s: S) -> str | None:
        """Why this declaration does not fit the state ``s`` (``None``: it fits); the
        conformance kit asks it of every state of its games."""
        return shown_outside(self, s)


# --- cards ---------------------------------------------------------------------------------


class Place(NamedTuple):
    """One list of cards of a state: a field, a key in it (a role) or ``None``."""

    field: str
    key: Role | None
    owner: Role | None  # who may see the cards (None: nobody)


class Cards(Hidden[S]):
    """Card places named by a field of the state (``Hands``, ``FaceDown``, ``DrawPile``).

    Declared alone, a part's places exchange their hidden cards among themselves."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.field!r})"

    @abstractmethod
    def places(self, s: S) -> Iterator[Place]:
        """The part's places, in a fixed order."""

    def get(self, s: S, place: Place) -> list[Card]:
        value = getattr(s, place.field)
        if isinstance(value, Deck):
            return value.draw_pile
        return value if place.key is None else value[place.key]  # type: ignore[no-any-return]

    def put(self, s: S, place: Place, cards: list[Card]) -> None:
        value = getattr(s, place.field)
        if isinstance(value, Deck):
            value.draw_pile = cards
        elif place.key is None:
            setattr(s, place.field, cards)
        else:
            value[place.key] = cards

    def hide(self, s: S, role: Role | None, rng: Rng) -> None:
        Exchange(self).hide(s, role, rng)

    def check(self, s: S) -> str | None:
        value = getattr(s, self.field, None)
        if value is None:
            return f"{self!r} names no field of {type(s).__name__}"
        try:
            for place in self.places(s):
                if not isinstance(self.get(s, place), list):
                    return f"{self!r}: {place.field}[{place.key!r}] is not a list of cards"
        except (AttributeError, TypeError) as exc:
            return f"{self!r}: {self.field} is not what the declaration says ({exc})"
        return None


class _Owned(Cards[S]):
    """A field mapping each role to its cards."""

    owner_sees: bool = True

    def places(self, s: S) -> Iterator[Place]:
        for key in getattr(s, self.field):
            yield Place(self.field, key, key if self.owner_sees else None)


class Hands(_Owned[S]):
    """``s.<field>``: each role's hand (a dict role -> cards): its owner sees the cards,
    the others only how many."""


class FaceDown(_Owned[S]):
    """``s.<field>``: cards face down in front of each role (a dict role -> cards); everyone
    sees how many. ``owner_sees``: their owner knows them (they came from its hand), else
    nobody does."""

    def __init__(self, field: str, *, owner_sees: bool = True) -> None:
        super().__init__(field)
        self.owner_sees = owner_sees


class DrawPile(Cards[S]):
    """``s.<field>``: a face-down pile, a :class:`~core.engine.deck.Deck` (its draw pile; the
    discards are face up) or a list of cards: nobody sees its cards nor their order,
    everyone sees its size."""

    def places(self, s: S) -> Iterator[Place]:
        yield Place(self.field, None, None)

    def check(self, s: S) -> str | None:
        value = getattr(s, self.field, None)
        if not isinstance(value, (Deck, list)):
            return f"{self!r}: {type(s).__name__}.{self.field} is not a Deck or a list"
        return None


class Exchange(Hidden[S]):
    """Card places a role cannot tell apart (see the module): what it cannot see in them is
    dealt again among them, each place keeping its size.

    ``per_owner``: each owner's places exchange among themselves only (cards never change
    owner; the places of nobody form one more group). ``fixed(s, owner)``: cards of an
    owner's places whose place everyone knows (a rule puts them there): they stay put.
    """

    def __init__(
        self,
        *parts: Cards[S],
        per_owner: bool = False,
        fixed: Callable[[S, Role | None], Iterable[Card]] | None = None,
    ) -> None:
        if not parts:
            raise ValueError("an exchange of no card places")
        self.parts = parts
        self.per_owner = per_owner
        self.fixed = fixed

    def __repr__(self) -> str:
        return f"Exchange{self.parts!r}"

    def hidden_places(self, s: S, role: Role | None) -> list[tuple[Cards[S], Place]]:
        return [
            (part, place)
            for part in self.parts
            for place in part.places(s)
            if place.owner is None or place.owner != role
        ]

    def hide(self, s: S, role: Role | None, rng: Rng) -> None:
        places = self.hidden_places(s, role)
        groups: dict[Role | None, list[tuple[Cards[S], Place]]] = {}
        for part, place in places:
            owner = place.key if self.per_owner else None
            groups.setdefault(owner, []).append((part, place))
        for owner, members in groups.items():
            self._deal_again(s, owner, members, rng)

    def _deal_again(
        self, s: S, owner: Role | None, members: list[tuple[Cards[S], Place]], rng: Rng
    ) -> None:
        stay = list(self.fixed(s, owner)) if self.fixed is not None and owner else []
        piles = [list(part.get(s, place)) for part, place in members]
        loose: list[Card] = []
        for pile in piles:
            for i, card in enumerate(pile):
                if card in stay:
                    stay.remove(card)  # one copy stays where it is
                    continue
                loose.append(card)
                pile[i] = _FREE
        # dealt from a fixed order, not from where the cards lay: the re-deal then depends
        # only on what the role sees and the generator (the bots' worlds, core.bots.agents)
        loose.sort(key=repr)
        rng.shuffle(loose)
        dealt = iter(loose)
        for (part, place), pile in zip(members, piles, strict=True):
            part.put(s, place, [next(dealt) if card is _FREE else card for card in pile])

    def check(self, s: S) -> str | None:
        for part in self.parts:
            why = part.check(s)
            if why is not None:
                return why
        return None


class _Free:
    """A place in a pile whose card is dealt again."""

    def __repr__(self) -> str:
        return "_FREE"


_FREE = _Free()


# --- pieces standing face down ----------------------------------------------------------------


class Identities(Hidden[S]):
    """Pieces (numbered ``0..n-1``) that stand face down: where each stands is public, who it
    is only some roles see (fog of war). A game subclasses it and says:

    - ``sees(s, role, piece)``: whether ``role`` sees who ``piece`` is now;
    - ``deal(s, role, rng)``: who stands where, again, among the pieces ``role`` does not
      see: ``{place: piece}``, each place named by the piece standing there now, the
      pieces a permutation of the places (keeping what ``role`` knows: a piece whose
      allegiance is public stays on the map…);
    - ``redraw(s, piece, rng)``: anything else hidden of a piece dealt to a hidden place
      (its strength), drawn again;
    - ``per_piece``: the state's lists indexed by piece that say where it stands: the piece
      dealt to a place takes the values of the piece that stood there;
    - ``marks``: fields holding pieces (a list of them, or one, ``-1`` for none) that mark a
      place (held in reserve, moved this turn): they name the piece dealt there;
      ``frame_marks``: the same in the frames of the step stack, ``(frame model, field)``;
    - ``shown(s)`` (optional, for speed): the pieces some role other than their owner sees
      now; the default asks ``sees`` of every piece and every role in ``roles``.

    ``watched``: the core marks new information when an action shows a piece that was
    not shown before it.
    """

    watched = True
    per_piece: ClassVar[tuple[str, ...]] = ()
    marks: ClassVar[tuple[str, ...]] = ()
    frame_marks: ClassVar[tuple[tuple[type, str], ...]] = ()
    roles: ClassVar[tuple[Role, ...]] = ()

    @abstractmethod
    def sees(self, s: S, role: Role | None, piece: int) -> bool:
        """Whether ``role`` sees who ``piece`` is now."""

    @abstractmethod
    def owner(self, piece: int) -> Role:
        """The role a piece belongs to (who always sees it)."""

    @abstractmethod
    def deal(self, s: S, role: Role | None, rng: Rng) -> dict[int, int]:
        """``{place: piece}`` over the pieces ``role`` does not see (see the class)."""

    def redraw(self, s: S, piece: int, rng: Rng) -> None:
        """Draw again what is hidden of ``piece``, just dealt to a hidden place."""

    def shown(self, s: S) -> frozenset[Hashable]:
        n = len(getattr(s, self.per_piece[0])) if self.per_piece else 0
        return frozenset(
            piece
            for piece in range(n)
            if any(self.sees(s, role, piece) for role in self.roles if role != self.owner(piece))
        )

    def hide(self, s: S, role: Role | None, rng: Rng) -> None:
        identity = self.deal(s, role, rng)
        if sorted(identity) != sorted(identity.values()):
            raise ValueError(f"{type(self).__name__}.deal gave no permutation: {identity}")
        moved = {piece: place for place, piece in identity.items() if piece != place}
        for name in self.per_piece:
            values: list[Any] = getattr(s, name)
            before = list(values)
            for piece, place in moved.items():
                values[piece] = before[place]
        for name in self.marks:
            setattr(s, name, _renamed(getattr(s, name), identity))
        for frame in s.stack:
            for model, name in self.frame_marks:
                if isinstance(frame.args, model):
                    setattr(frame.args, name, _renamed(getattr(frame.args, name), identity))
        for piece in sorted(identity.values()):  # a fixed order, whoever stood where
            self.redraw(s, piece, rng)

    def public_order(self, s: S, places: Iterable[int]) -> list[int]:
        """``places`` (each named by the piece standing there now) in an order that
        depends only on what everyone sees of them: the per-piece values, then the marks
        and frame marks naming them, then the place. A ``deal`` that shuffles places taken
        in this order gives the same deal whoever hides where, as a bot's re-deal must
        (``core.bots.agents.Observation.determinized``): places that tie are alike in every
        public respect, so whichever piece each receives, the state comes out the same."""
        marked = [_marked(getattr(s, name)) for name in self.marks]
        for frame in s.stack:
            for model, name in self.frame_marks:
                if isinstance(frame.args, model):
                    marked.append(_marked(getattr(frame.args, name)))
        lists = [getattr(s, name) for name in self.per_piece]

        def public(place: int) -> tuple[Any, ...]:
            return (*(values[place] for values in lists), *(place in m for m in marked))

        return sorted(places, key=lambda place: (public(place), place))

    def check(self, s: S) -> str | None:
        lengths = {name: len(getattr(s, name, ())) for name in self.per_piece}
        if len(set(lengths.values())) > 1:
            return f"{type(self).__name__}: the per-piece lists differ in length: {lengths}"
        for name in self.marks:
            if not hasattr(s, name):
                return f"{type(self).__name__}: the mark {name!r} is no field of the state"
        if type(self).shown is Identities.shown and not (self.roles and self.per_piece):
            return (
                f"{type(self).__name__} says neither its roles and per-piece lists nor its "
                "own shown(): the core could not tell when a piece is shown"
            )
        return shown_outside(self, s)


def shown_outside(part: Hidden[S], s: S) -> str | None:
    """Why ``part`` breaks its ``shown_in`` declaration in ``s`` (``None``: it keeps it):
    something shown in a step that is not among them, which the core would miss."""
    steps = part.shown_in
    if steps is None or s.step in steps:
        return None
    shown = part.shown(s)
    if shown:
        return (
            f"{type(part).__name__} shows {sorted(shown, key=repr)} at {s.step!r}, "
            f"not among the steps it declares in shown_in"
        )
    return None


def _marked(value: Any) -> frozenset[int]:
    """The pieces a mark names (one, ``-1`` for none, or a list of them)."""
    return frozenset((value,) if isinstance(value, int) else value)


def _renamed(value: Any, identity: dict[int, int]) -> Any:
    if isinstance(value, int):
        return identity.get(value, value)
    return [identity.get(piece, piece) for piece in value]


class Watch:
    """The watched parts of one game (``Hidden.watched``), asked around every action its
    step machine plays: new information is marked (``Rng.reveal``, which undo does not
    cross) when an action shows something of a part that ``shown`` did not hold before it.

    ``steps``: where any of the parts may show something (``None``: anywhere). An action
    that neither starts nor ends in one of them asks nothing, so most actions cost nothing.
    ``shown(s)``: what the parts show now, as one set; the part's own ``shown`` where the
    game watches one part (every game so far), so that asking costs a single call.
    """

    __slots__ = ("parts", "shown", "steps")

    def __init__(self, parts: tuple[Hidden[Any], ...]) -> None:
        self.parts = parts
        self.steps = _shown_in(parts)
        self.shown: Callable[[Any], frozenset[Hashable]] = (
            parts[0].shown if len(parts) == 1 else self._shown_by_each
        )

    def _shown_by_each(self, s: Any) -> frozenset[Hashable]:
        """What each part shows, told apart by the part's place: nothing, unasked, for a
        part outside the steps it declares it may show anything in (``Hidden.shown_in``;
        the kit checks it)."""
        step = s.step
        shown: list[tuple[int, Hashable]] = []
        for i, part in enumerate(self.parts):
            if part.shown_in is None or step in part.shown_in:
                shown.extend((i, item) for item in part.shown(s))
        return frozenset(shown)


def _shown_in(parts: Iterable[Hidden[Any]]) -> frozenset[str] | None:
    """The steps in which any of ``parts`` may show something (``None``: any step)."""
    steps: set[str] = set()
    for part in parts:
        if part.shown_in is None:
            return None
        steps.update(part.shown_in)
    return frozenset(steps)


__all__ = [
    "Cards",
    "DrawPile",
    "Exchange",
    "FaceDown",
    "Hands",
    "Hidden",
    "Identities",
    "Place",
    "Watch",
    "shown_outside",
]
