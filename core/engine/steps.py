"""A game's sequence of play as a table of named steps.

Each step is a class with a ``name``, a ``prompt``, the legal actions of a role, and one
handler per action type, ``on_<type>(state, role, arg)``. A :class:`StepMachine` registers
the steps of one game and dispatches to the step named by ``state.step``::

    machine = StepMachine()

    @machine.step
    class MoveWhere(Step[State]):
        name, waiting = "move_where", "moving"

        def prompt(self, s, role): ...
        def options(self, s, role):          # every choice, with why a refused one is refused
            for area in neighbours(s):
                yield Action("area", area), refusal(s, area)   # None: legal
        def on_area(self, s, role, area): ...

**Legality, once.** A step states what is legal in one place, ``options``: pairs of an
action and ``None`` (legal) or the reason it is refused. The core derives the rest from it:
``actions`` (the legal ones, in the options' order) and the refusal of an illegal action
(``refusal``: the reason its option gives). Two hooks beside it, both optional:

- ``why_not(s, role, action)``: why an action that is *not among the options* is refused (a
  block that is not yours, an area out of reach), where a listed reason would mean listing
  every block or area; asked only when the options give no reason. A step whose choices
  are all legal lists them with ``all_legal(actions)``.
- ``refusal(s, role, action)``, the core's derivation (the options' reason, else
  ``why_not``'s), may be refined by a step that calls ``super().refusal`` and adds detail
  worked out only when an action is refused (why a block has nowhere to retreat).
- ``actions``, written beside ``options`` only as a faster copy of the legal options, where
  ``benchmarks/instructions.py`` shows it saves 2% or more (docs/performance.md).

A step that writes ``actions`` without ``options`` (the older form) still works, its options
made from its actions, and warns (``DeprecationWarning``) when it registers. Secret choices
(``core.engine.secret``) list their choices with ``options`` too.

**Frames, calls and results.** Every step on the machine has a :class:`~core.engine.frames.Frame`
on ``state.stack``, the current one on top. ``enter`` replaces the current step, ``call``
enters a step above it as a sub-procedure, and ``finish`` returns a result to the caller's
``resume``. A step with arguments names its frame model as ``frame_type``::

    @frame_model
    class Plan:
        ops: int
        placed: int = 0                       # a working value, kept in the frame

    @machine.step
    class Place(Step[State]):
        name, frame_type = "place", Plan

        def on_country(self, s, role, country):
            plan = self.frame(s)
            plan.placed += 1
            if plan.placed == plan.ops:
                machine.finish(s, plan.placed)   # the caller's resume(s, result) gets 4

    machine.call(s, "place", Plan(ops=4))

**Transitions are queued.** ``enter``, ``call`` and ``finish`` made while the machine is at
work (in a handler, a ``begin`` or a ``resume``) are carried out once that function has
returned, in the order they were made, by one loop that runs ``begin``\\ s and ``resume``\\ s
until the machine rests on a step that waits for a decision. Made from outside (a game's
setup, a test), they start that loop themselves. Nothing re-enters a step while it runs, so a
transition may stand anywhere in a function. A loop that never rests is stopped with an
error (``RUNAWAY``). The queue is kept on the state while the machine works on it (never
saved), so the work on one state never mixes with the work on another. Rule tests put
the machine at a step by hand with ``core.testing.machines`` (``place``, ``begin``,
``trail``).

**The end of the game.** ``end_game(s, outcome)`` keeps the outcome in the state
(``state.outcome``, which ``Ruleset.outcome`` reads), drops the transitions queued so far
and the stack, and rests the machine on its built-in step "game_over" (:class:`GameOver`),
where nobody acts and every action is refused. What the function that ended the game queues
after it is dropped as well, so a rule that may end the game needs no check after it.

**Ambient actions** (:class:`Ambient`) are offered beside a step's own actions in every step
that carries the ambient's tag (``Step.tags``, ``Ambient.tag``); an ambient declared an
``interrupt`` is open to its role whether or not the game waits for it (an "at any time"
action). **Procedures** (``core.engine.procedure``) are
steps declared as a sequence of steps and functions; **secret simultaneous choices**
(``core.engine.secret``) are a step kind.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import repeat
from typing import Any, ClassVar, Generic, TypeVar

from gameshelf.core.engine.actions import JSON, Action, IllegalAction, Role
from gameshelf.core.engine.frames import Frame, frame_kind
from gameshelf.core.engine.hidden import Hidden, Watch
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.state import GameState, Outcome
from gameshelf.core.i18n.messages import Msg

S = TypeVar("S", bound=GameState)
Handler = Callable[[Any, Role, Any], None]
Option = tuple[Action, "str | Msg | None"]  # an action, and why it is refused (None: it is legal)

# More transitions than this in one action, and the machine is taken to be going round in
# circles: a step that enters itself, a procedure whose loop never calls a waiting step.
RUNAWAY = 10_000

# The kinds of transitions (compared by identity).
_ENTER, _CALL, _FINISH, _RESET = "enter", "call", "finish", "reset"
_NOTHING_SHOWN: frozenset[Any] = frozenset()

# The built-in step every machine rests on once the game is over (``StepMachine.end_game``).
GAME_OVER = "game_over"


class Step(Generic[S]):
    """One named step of a game's sequence of play."""

    name: ClassVar[str]
    waiting: ClassVar[str | Msg] = Msg("core.deciding")  # "Waiting for north — deciding."
    frame_type: ClassVar[type[Any] | None] = None  # the model of its frame, if it has one
    tags: ClassVar[frozenset[str]] = frozenset()  # its ambient actions: those of these tags
    signature: ClassVar[str] = ""  # a procedure's declaration, saved in its frame

    def bind(self, machine: StepMachine[S]) -> None:
        """Called once, when ``machine`` registers the step (default: nothing)."""

    def begin(self, s: S) -> None:
        """Called on entering the step: set up its frame and fields (default: nothing)."""

    def resume(self, s: S, result: Any) -> None:
        """Called when a step called from here finishes with ``result`` (default: nothing)."""

    def frame(self, s: S) -> Any:
        """This step's frame model (the top of the stack while the step runs)."""
        return s.stack[-1].args

    def active(self, s: S) -> Sequence[Role]:
        """The roles the game waits for (default: ``state.active``)."""
        return s.active

    def actors(self, s: S) -> Sequence[Role]:
        """The roles that may act: those awaited, and in a secret choice those who chose."""
        return self.active(s)

    def prompt(self, s: S, role: Role) -> str | Msg:
        """What ``role`` is asked to do, imperative ("Choose a card to play."): a message
        (``core.i18n.messages``), or English text."""
        return Msg("core.choose_action")

    def options(self, s: S, role: Role) -> Iterable[Option]:
        """Every choice of an acting ``role``, with ``None`` if legal or the reason it is
        refused (the one legality hook; a generator is fine)."""
        return ()

    def actions(self, s: S, role: Role) -> Iterable[Action]:
        """The legal actions of an acting ``role``: the options' unrefused ones (derived;
        written by a step only as a measured faster copy, see the module)."""
        return legal_of(self.options(s, role))

    def why_not(self, s: S, role: Role, action: Action) -> str | Msg | None:
        """Why ``action``, which is not among the options, is refused, in the rule's words;
        ``None`` (the default) for the generic reason."""
        return None

    def refusal(self, s: S, role: Role, action: Action) -> str | Msg | None:
        """Why ``action`` is refused: the reason its option gives, else ``why_not``'s."""
        return refusal_of(self.options(s, role), action) or self.why_not(s, role, action)

    def public(self, s: S, role: Role | None) -> JSON:
        """What the step adds to every view (a secret choice: who has chosen)."""
        return {}

    def hide(self, s: S, role: Role | None, rng: Rng) -> None:
        """Rearrange what the step keeps that ``role`` may not see (default: nothing)."""

    def handle(self, s: S, role: Role, action: Action) -> None:
        """The handler of an action type without an ``on_<type>`` method."""
        raise RuntimeError(f"step {self.name!r} has no handler for {action.type!r}")

    def _options_from_actions(self, s: S, role: Role) -> Iterator[Option]:
        # installed by ``StepMachine.step`` for a step of the older form (``actions`` only)
        for action in self.actions(s, role):
            yield action, None


class Ambient(Generic[S]):
    """An action a role may take in any of a declared set of steps, beside their own.

    Declared once with ``StepMachine.ambient``: ``tag`` names where it is offered, in every
    step that carries the tag in its ``tags`` (:data:`EVERY_STEP`: in every step of the
    machine), ``options`` (or ``actions``) says to
    whom and which, ``on_<type>`` carries it out. It is offered only to a role that may act
    in the current step, unless it is an ``interrupt``: then it is offered to its role
    whether or not the game waits for that role (while the game waits for someone), and
    nothing else becomes legal for a role the game does not wait for. A role taking an
    interrupt is not made active: the step goes on waiting for whom it waited for.
    """

    name: ClassVar[str]
    tag: ClassVar[str]
    interrupt: ClassVar[bool] = False
    handlers: dict[str, Handler]

    def options(self, s: S, role: Role) -> Iterable[Option]:
        """Every choice of ``role`` with ``None`` if legal or the reason it is refused."""
        return ()

    def actions(self, s: S, role: Role) -> list[Action]:
        """The legal actions of ``role``: the options' unrefused ones (derived)."""
        return legal_of(self.options(s, role))

    def why_not(self, s: S, role: Role, action: Action) -> str | Msg | None:
        """Why ``action``, not among the options, is refused (as ``Step.why_not``)."""
        return None

    def refusal(self, s: S, role: Role, action: Action) -> str | Msg | None:
        """Why ``action`` is refused: the reason its option gives, else ``why_not``'s."""
        return refusal_of(self.options(s, role), action) or self.why_not(s, role, action)


# An ambient's ``tag`` that offers it in every step of the machine, those registered after
# it too, whatever their tags.
EVERY_STEP = "*"


class GameOver(Step[Any]):
    """The game is over (``StepMachine.end_game``): nobody acts, every action is refused.

    Registered on every machine under :data:`GAME_OVER`. Entering it drops the transitions
    still queued: those the function that ended the game made after ending it."""

    name, waiting = GAME_OVER, Msg("core.game_over")

    def begin(self, s: Any) -> None:
        s.active = []
        if s._queue is not None:
            s._queue.clear()

    def active(self, s: Any) -> Sequence[Role]:
        return []


def legal_of(options: Iterable[Option]) -> list[Action]:
    """The legal actions among ``options`` (a list: cheaper than a generator over one)."""
    legal = []
    for action, refusal in options:
        if refusal is None:
            legal.append(action)
    return legal


def all_legal(actions: Iterable[Action]) -> Iterable[Option]:
    """``actions`` as options, every one legal (for a step none of whose choices is refused)."""
    return zip(actions, repeat(None))


def refusal_of(options: Iterable[Option], action: Action) -> str | Msg | None:
    """Why ``action`` is refused among ``options`` (``None``: legal, or not among them)."""
    for option, refusal in options:
        if option == action:
            return refusal
    return None


class StepRecord:
    """A step as its machine holds it: the step (``step``, the game's object, whose methods
    carry out its rules) and what the machine reads of it on every action, worked out when
    it registers (again when an ambient action or a watch is declared for it).

    The machine's table (``StepMachine.steps``) holds one record a step, all of one class:
    the places in the machine that meet every step read one kind of object
    (docs/performance.md). A step's methods are read when it registers: change them
    before, not after.
    """

    __slots__ = (
        "acting", "ambients", "args_type", "awaits", "frame_kind", "handlers", "interrupts",
        "name", "offers", "resume", "signature", "starts", "step", "watched",
    )  # fmt: skip

    def __init__(self, step: Step[Any]) -> None:
        self.step = step
        self.name: str = step.name
        kind = step.frame_type
        self.args_type: type[Any] = type(None) if kind is None else kind  # of its frame args
        self.frame_kind: str | None = None if kind is None else frame_kind(kind)  # saved as
        self.handlers: dict[str, Handler] = _handlers(step)  # ``on_<type>``, by action type
        self.ambients: tuple[Ambient[Any], ...] = ()  # the ambient actions offered in it
        self.resume: Callable[[Any, Any], None] = step.resume
        # set by ``prepare``, once the step is bound to its machine
        self.signature: str = ""  # a procedure's declaration, saved in its frame
        self.starts: Callable[[Any], None] | None = None  # ``begin``; None: the default
        self.awaits: Callable[[Any], Sequence[Role]] | None = None  # ``active``; None: state's
        self.acting: Callable[[Any], Sequence[Role]] | None = None  # ``actors``; None: state's
        self.offers: Callable[[Any, Role], Iterable[Action]] = step.actions  # with ambients'
        self.interrupts: tuple[Ambient[Any], ...] = ()  # the ambients open to roles not awaited
        self.watched = False  # whether a watched hidden part may show something in it

    def prepare(self, machine: StepMachine[Any]) -> None:
        """Work out what the machine reads of the step (after ``Step.bind``, and again when
        an ambient action or a watch is declared for it)."""
        step = self.step
        self.signature = step.signature
        self.starts = None if _is_default(step.begin, Step.begin) else step.begin
        awaits_state = _is_default(step.active, Step.active)
        self.awaits = None if awaits_state else step.active
        acting_state = awaits_state and _is_default(step.actors, Step.actors)
        self.acting = None if acting_state else step.actors
        self.offers = partial(_offered, machine, self) if self.ambients else step.actions
        self.interrupts = tuple(ambient for ambient in self.ambients if ambient.interrupt)
        watch = machine.watching
        self.watched = watch is not None and (watch.steps is None or self.name in watch.steps)


def _offered(machine: StepMachine[Any], record: StepRecord, s: Any, role: Role) -> Any:
    return machine.offered(s, record, role)


def _interrupts(record: StepRecord, s: Any, role: Role) -> list[Action]:
    """The legal actions of the interrupts of ``record``'s step for ``role``."""
    return [a for ambient in record.interrupts for a in ambient.actions(s, role)]


StepT = TypeVar("StepT", bound=type[Step[Any]])
AmbientT = TypeVar("AmbientT", bound=type[Ambient[Any]])


class StepMachine(Generic[S]):
    """The steps of one game, dispatched by ``state.step``.

    ``role_name(state, role)`` names a role in the words players use, in "waiting for"
    prompts and refusals. The default is the role id, which suits roles named for what they
    play; a game whose roles are numbered seats names them by who sits there.
    """

    def __init__(self, role_name: Callable[[S, Role], str | Msg] | None = None) -> None:
        self.steps: dict[str, StepRecord] = {}  # by name: each step as the machine holds it
        self.role_name: Callable[[S, Role], str | Msg] = role_name or _role_id
        self.tagged: dict[str, list[Ambient[S]]] = {}  # those declared, by tag
        # The hidden parts watched around every action played (``watch``; None: none).
        self.watching: Watch | None = None
        self._watched: tuple[Hidden[S], ...] | None = None  # as declared; None: not yet
        self.step(GameOver)  # where every game ends (``end_game``)

    # --- registration ----------------------------------------------------------------

    def step(self, cls: StepT) -> StepT:
        """Class decorator: register a step under its ``name``."""
        name = cls.name
        if name in self.steps and not _builtin(self.steps[name].step):
            raise ValueError(f"step {name!r} is registered twice")
        instance = cls()
        if cls.options is Step.options and cls.actions is not Step.actions:
            _older_form(cls)
            instance.options = instance._options_from_actions  # type: ignore[method-assign]
        record = StepRecord(instance)
        offered: list[Ambient[S]] = []
        for tag in (*sorted(cls.tags), EVERY_STEP):
            offered += (a for a in self.tagged.get(tag, ()) if a not in offered)
        for ambient in offered:
            _check_clash(ambient, record)
        record.ambients = tuple(offered)
        self.steps[name] = record
        instance.bind(self)
        record.prepare(self)
        return cls

    def ambient(self, cls: AmbientT) -> AmbientT:
        """Class decorator: offer an :class:`Ambient` action in each step of its ``tag``
        (:data:`EVERY_STEP`: in every step), registered before it or after."""
        instance = cls()
        instance.handlers = _handlers(instance)
        if cls.options is Ambient.options and cls.actions is not Ambient.actions:
            _older_form(cls)
            instance.options = partial(_options_of, instance.actions)  # type: ignore[method-assign]
        tag = cls.tag
        self.tagged.setdefault(tag, []).append(instance)
        for record in self.steps.values():
            if tag == EVERY_STEP or tag in record.step.tags:
                _check_clash(instance, record)
                record.ambients = (*record.ambients, instance)
                record.prepare(self)
        return cls

    def watch(self, parts: tuple[Hidden[S], ...]) -> None:
        """Watch these hidden parts around every action played (``core.engine.hidden.Watch``), as
        the game's ruleset declares them. One machine plays one game: another declaration
        of other parts is refused, as the machine would then watch one game's for another."""
        if self._watched is not None and self._watched != parts:
            raise TypeError("this step machine already watches other hidden parts")
        self._watched = parts
        self.watching = Watch(parts) if parts else None
        for record in self.steps.values():  # their watched marks
            record.prepare(self)

    def __getitem__(self, name: str) -> Step[S]:
        return self.steps[name].step

    def ambients(self, name: str) -> tuple[Ambient[S], ...]:
        """The ambient actions offered in the step ``name``, in the order they were offered."""
        return self.steps[name].ambients

    # --- moving between steps -------------------------------------------------------

    def enter(self, s: S, name: str, args: Any = None) -> None:
        """Go to step ``name`` in place of the current one (with its frame ``args``)."""
        self._push(s, _ENTER, name, args)

    def call(self, s: S, name: str, args: Any = None) -> None:
        """Enter ``name`` as a sub-procedure; its ``finish`` resumes the current step."""
        if not s.stack:
            raise RuntimeError(f"step {name!r} called with no step to return to")
        self._push(s, _CALL, name, args)

    def finish(self, s: S, result: Any = None) -> None:
        """End the current step, a called one, and hand ``result`` to its caller's resume."""
        self._push(s, _FINISH, None, result)

    def reset(self, s: S, name: str, args: Any = None) -> None:
        """Empty the stack and enter ``name``: the start of a game (its end: ``end_game``)."""
        self._push(s, _RESET, name, args)

    def end_game(self, s: S, outcome: Outcome, line: str | Msg | None = None) -> None:
        """End the game: keep ``outcome`` in the state, say ``line`` (if any) in the log,
        drop the queued transitions and the stack and rest on "game_over" (see the module).

        The first end of a game stands: ending a game already over changes nothing (a rule
        that ends the game may be followed, in the same action, by another that would)."""
        if s.outcome is not None:
            return
        s.outcome = outcome
        s.active = []  # nobody acts from now on (the step "game_over" keeps it so)
        if line is not None:
            s.say(line)
        if s._queue is not None:
            s._queue.clear()
        self.reset(s, GAME_OVER)

    def pending(self, s: S) -> bool:
        """Whether transitions wait to be carried out (the current function made one)."""
        return bool(s._queue)

    def _push(self, s: S, kind: str, name: str | None, args: Any) -> None:
        # The one way a transition is made: (kind, the record of the step entered, its frame
        # args; for a finish: kind, None, the result handed back), queued while the machine
        # is at work on ``s``, carried out at once (the machine set to work) at rest.
        record = None
        if name is not None:
            record = self.steps[name]
            if type(args) is not record.args_type:
                args = frame_args(record.step, args)  # a default frame, or the wrong one refused
        queue = s._queue
        if queue is None:
            self._work(s, [(kind, record, args)])
        else:
            queue.append((kind, record, args))

    def _work(
        self,
        s: S,
        queue: list[tuple[Any, ...]],
        handler: Any = None,
        role: Role = "",
        arg: Any = None,
    ) -> None:
        # The machine at work on ``s``: ``handler(s, role, arg)`` (if any: an action played),
        # then the transitions in ``queue``, which is the state's queue meanwhile.
        s._queue = queue
        try:
            if handler is not None:
                handler(s, role, arg)
            if queue:
                self._settle(s, queue)
        finally:
            s._queue = None

    def _settle(self, s: S, queue: list[tuple[Any, ...]]) -> None:
        # Carry out the queued transitions one by one, each taken off the queue before it
        # runs, so that what it queues is all the queue holds (a procedure knows a function
        # of its body moved the machine by a queue not empty).
        steps, stack, pop = self.steps, s.stack, queue.pop
        for _ in _RUNAWAY:
            if not queue:
                return
            kind, record, args = pop(0)
            if kind is _FINISH:
                if len(stack) < 2:
                    raise RuntimeError(f"step {s.step!r} finished with nothing to return to")
                stack.pop()
                caller = s.step = stack[-1].step
                steps[caller].resume(s, args)
                continue
            if kind is _ENTER and stack:
                frame = stack[-1]  # the step replaced: its frame is reused for the new one
            else:  # a call (``call`` made sure there is a caller), a reset, a first enter
                if kind is _RESET:
                    stack.clear()
                frame = _blank(Frame)
                stack.append(frame)
            frame.step = s.step = record.name
            frame.args = args
            frame.kind = record.frame_kind
            frame.pc = 0
            frame.sig = record.signature
            starts = record.starts
            if starts is not None:
                starts(s)
        if queue:
            raise RuntimeError(
                f"the step machine did not come to rest after {RUNAWAY} transitions; "
                f"last at {s.step!r} with the stack {[f.step for f in stack]}"
            )

    # --- dispatch ---------------------------------------------------------------------

    def current(self, s: S) -> Step[S]:
        return self.steps[s.step].step

    def active(self, s: S) -> Sequence[Role]:
        awaits = self.steps[s.step].awaits
        return s.active if awaits is None else awaits(s)

    def actions(self, s: S, role: Role) -> Iterable[Action]:
        record = self.steps[s.step]
        acting = record.acting
        actors = s.active if acting is None else acting(s)
        if role not in actors:  # not awaited: only the interrupts, while someone acts
            return _interrupts(record, s, role) if record.interrupts and actors else ()
        return record.offers(s, role)

    def interrupts(self, s: S, role: Role) -> list[Action]:
        """The interrupts (``Ambient.interrupt``) open to ``role`` now, awaited or not; none
        once nobody acts (the game is over)."""
        record = self.steps[s.step]
        if not record.interrupts:
            return []
        acting = record.acting
        return _interrupts(record, s, role) if (s.active if acting is None else acting(s)) else []

    def offered(self, s: S, record: StepRecord, role: Role) -> Iterable[Action]:
        """The actions a step and its ambient actions offer ``role`` (known to act)."""
        actions = record.step.actions
        if not record.ambients:
            return actions(s, role)
        return [
            *actions(s, role),
            *(a for ambient in record.ambients for a in ambient.actions(s, role)),
        ]

    def prompt(self, s: S, role: Role | None) -> str | Msg:
        step = self.steps[s.step].step
        if role is not None and role in step.actors(s):
            return step.prompt(s, role)
        active = list(step.active(s))
        if not active:
            return ""
        return Msg("core.waiting", who=self._names(s, active), doing=step.waiting)

    def apply(self, s: S, role: Role, action: Action) -> None:
        """Check ``action`` against the legal actions, then run its handler."""
        record = self.steps[s.step]
        acting = record.acting
        actors = s.active if acting is None else acting(s)
        if role not in actors:
            if not actors:
                raise IllegalAction(Msg("core.game_over"), code="game_over")
            if record.interrupts and self._interrupted(record, s, role, action):
                return
            raise IllegalAction(
                Msg(
                    "core.not_your_turn",
                    who=self._names(s, [role]),
                    waiting_for=self._names(s, record.step.active(s) or actors),
                ),
                code="not_your_turn",
            )
        legal = record.offers(s, role)
        if type(legal) is not list:  # a generator: looked through twice if refused
            legal = list(legal)
        if action not in legal:  # compared in C (the action is a tuple)
            known_type = any(a.type == action.type for a in legal)
            raise IllegalAction(
                self._refusal(record.step, s, role, action, known_type),
                code="illegal" if known_type else "unknown_action",
            )
        self.play(s, role, action)

    def _interrupted(self, record: StepRecord, s: S, role: Role, action: Action) -> bool:
        """Play ``action`` of ``role``, which the step does not wait for, if it is one of
        its interrupts (``True``); refuse it for the interrupt's reason if it is an
        interrupt's type; else ``False`` (not the role's turn)."""
        if action in _interrupts(record, s, role):
            self.play(s, role, action)
            return True
        for ambient in record.interrupts:
            if action.type in ambient.handlers:
                reason = ambient.refusal(s, role, action)
                if reason:
                    raise IllegalAction(reason)
        return False

    def play(self, s: S, role: Role, action: Action) -> None:
        """Run the handler of an action already known to be legal, and what it sets going."""
        if s._queue is not None:
            raise RuntimeError("an action was played while the machine was at work")
        record = self.steps[s.step]
        handler = record.handlers.get(action.type)
        arg: Any = action.arg
        if handler is None:
            handler = self._ambient_handler(record, action)
            if handler is None:  # a step that handles every action itself (a secret choice)
                handler, arg = record.step.handle, action
        # The hidden parts' watch, only where they may show something (most actions: not);
        # a step is watched only where the machine has a watch
        watch = self.watching
        before = watch.shown(s) if record.watched else _NOTHING_SHOWN  # type: ignore[union-attr]
        self._work(s, [], handler, role, arg)
        if watch is None:
            return
        watched = record.watched or self.steps[s.step].watched  # before it, or after
        if watched and not watch.shown(s) <= before:
            s.rng.reveal()  # the action showed something new: undo stops here

    def _ambient_handler(self, record: StepRecord, action: Action) -> Handler | None:
        for ambient in record.ambients:
            handler = ambient.handlers.get(action.type)
            if handler is not None:
                return handler
        return None

    def _names(self, s: S, roles: Iterable[Role]) -> Msg | str:
        """Roles as a message: "north", "north and south" (named in the reader's language
        unless the game names its roles itself, with ``role_name``)."""
        default = self.role_name is _role_id
        names: list[Msg | str] = [
            Msg("core.role", role=role) if default else self.role_name(s, role) for role in roles
        ]
        if not names:
            return ""
        joined = names[-1]
        for name in reversed(names[:-1]):
            joined = Msg("core.and", first=name, rest=joined)
        return joined

    def _refusal(self, step: Step[S], s: S, role: Role, action: Action, known: bool) -> str | Msg:
        reason = step.refusal(s, role, action)
        for ambient in self.steps[s.step].ambients:
            if reason:
                break
            if action.type in ambient.handlers:
                reason = ambient.refusal(s, role, action)
        if reason:
            return reason
        if known:
            return Msg("core.not_legal_now", given=repr(action.arg), type=repr(action.type))
        return Msg("core.cannot_do_now", given=repr(action.type), who=self._names(s, [role]))

    # --- saved states -----------------------------------------------------------------

    def check(self, s: S) -> None:
        """Refuse a loaded state this machine would misread (``ValueError``).

        Every frame must name a registered step with the frame model that step declares, and
        a procedure's frame the signature of the procedure as it is declared now.
        """
        for frame in s.stack:
            _check_frame(self, frame)
        if s.stack and s.stack[-1].step != s.step:
            raise ValueError(f"the state is at {s.step!r} but its stack at {s.stack[-1].step!r}")


_blank = object.__new__  # a frame built field by field, without validation


_RUNAWAY = range(RUNAWAY)


def frame_args(step: Step[Any], args: Any) -> Any:
    """The frame ``step`` is entered with: ``args`` checked, or a new default frame."""
    kind = step.frame_type
    if kind is None:
        if args is not None:
            _refuse_frame(step, args)
        return None
    if args is None:
        return kind()
    if type(args) is not kind:
        _refuse_frame(step, args)
    return args


def _refuse_frame(step: Step[Any], args: Any) -> None:
    kind = step.frame_type
    if kind is None:
        raise TypeError(f"step {step.name!r} takes no frame, not {type(args).__name__}")
    raise TypeError(f"step {step.name!r} takes a {kind.__name__}, not {type(args).__name__}")


def _check_frame(machine: StepMachine[Any], frame: Frame) -> None:
    record = machine.steps.get(frame.step)
    if record is None:
        raise ValueError(f"the saved state is in a step this game no longer has: {frame.step!r}")
    if type(frame.args) is not record.args_type:
        raise ValueError(f"the saved frame of {frame.step!r} is not a {record.step.frame_type}")
    if frame.sig != record.signature:
        raise ValueError(f"the procedure {frame.step!r} was saved under another declaration")


def _builtin(step: Step[Any]) -> bool:
    """Whether ``step`` is the machine's own "game_over", which a game's step replaces."""
    return type(step) is GameOver


def _is_default(method: Any, default: Callable[..., Any]) -> bool:
    """Whether the bound ``method`` is the base class's ``default`` (not overridden)."""
    return getattr(method, "__func__", None) is default


def _handlers(instance: object) -> dict[str, Handler]:
    cls = type(instance)
    return {attr[3:]: getattr(instance, attr) for attr in dir(cls) if attr.startswith("on_")}


def _check_clash(ambient: Ambient[Any], record: StepRecord) -> None:
    clash = sorted(set(ambient.handlers) & set(record.handlers))
    if clash:
        raise ValueError(
            f"ambient {ambient.name!r} and step {record.name!r} both handle {', '.join(clash)}"
        )


def _role_id(s: Any, role: Role) -> str:
    return role


def _options_of(actions: Callable[[Any, Role], Iterable[Action]], s: Any, role: Role) -> Any:
    for action in actions(s, role):
        yield action, None


def _older_form(cls: type) -> None:
    """Warn of a step or ambient action that lists ``actions`` without ``options``."""
    warnings.warn(
        f"{cls.__name__} lists its legal actions with `actions` alone: write `options` "
        "(each action with None, or why it is refused) instead; the older form goes in 0.2.0",
        DeprecationWarning,
        stacklevel=3,
    )
