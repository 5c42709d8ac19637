"""The ruleset contract: what a game plugin provides and what the core calls.

A ruleset is a game's rules as functions over a state (docs/architecture.md §2.2):

=========== ==========================================================================
``info``    a :class:`GameInfo`: id, title, roles or player range, scenarios, options
``setup``   ``(seed, scenario, options, players) -> state``, fully determined by its args
``active``  the roles that must act now (several for a simultaneous choice)
``actions`` every legal :class:`Action` of a role now
``apply``   validates against ``actions``; raises :class:`IllegalAction`, state untouched
``view``    a JSON-ready dict of what a role (or a spectator, ``None``) may see
``outcome`` ``None`` while the game runs, else an :class:`Outcome` (default: ``state.outcome``)
``evaluate`` optional: each seated role's chance to win, in ``[0, 1]`` (the bots' heuristic)
=========== ==========================================================================

Optional members a game may add: ``hidden`` (what some roles may not see), ``locale`` (its
message catalogs), ``board`` (its web board), ``text`` (its terminal board, ``core.play.text``)
and ``encoding(scenario, options, players)``, its fixed action indices and observation
vector for learning agents (``core.engine.encoding``; ``gameshelf.rl`` needs it).

:class:`StepRuleset` implements ``active``/``actions``/``apply`` over a
:class:`core.engine.steps.StepMachine`, so a game writes steps, ``setup`` and ``view``, and ends
the game with ``machine.end_game(state, outcome)``.
"""

from __future__ import annotations

import importlib
import math
import warnings
from abc import ABC, abstractmethod
from collections.abc import Container, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

import orjson
from pydantic import BaseModel, ConfigDict, Field

from gameshelf.core.engine.actions import JSON as JSON
from gameshelf.core.engine.actions import Action as Action
from gameshelf.core.engine.actions import Arg as Arg
from gameshelf.core.engine.actions import IllegalAction as IllegalAction
from gameshelf.core.engine.actions import Role as Role
from gameshelf.core.engine.state import GameState
from gameshelf.core.engine.state import Outcome as Outcome
from gameshelf.core.engine.state_model import dump_json
from gameshelf.core.engine.steps import StepMachine
from gameshelf.core.i18n.messages import Msg, Namer, register_domain, register_namer

if TYPE_CHECKING:
    from gameshelf.core.engine.encoding import Encoding
    from gameshelf.core.engine.hidden import Hidden
    from gameshelf.core.engine.rng import Rng

S = TypeVar("S", bound=GameState)


class Scenario(BaseModel):
    """A way to start a game. A variant plugin's scenario may start from another one."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    description: str = ""
    base: str | None = None  # a variant: set up ``base`` with ``options`` merged in
    options: dict[str, Any] = Field(default_factory=dict)
    players: tuple[int, int] | None = None  # narrower player range than the game's


class SetupOption(BaseModel):
    """A setup option the creator of a match may set (``GameInfo.options``)."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    default: bool | int | str
    choices: tuple[bool | int | str, ...] | None = None  # None: any value of default's type
    description: str = ""

    def check(self, value: object) -> bool | int | str:
        kind = type(self.default)
        if type(value) is not kind:
            raise ValueError(f"option {self.id!r} takes a {kind.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.id!r} is one of {list(self.choices)}, not {value!r}")
        return value


class GameInfo(BaseModel):
    """What a game is, for the lobby, the CLI and the conformance kit."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    description: str = ""
    roles: tuple[Role, ...]  # every role the game knows, in seating order
    min_players: int
    max_players: int
    scenarios: tuple[Scenario, ...]
    options: tuple[SetupOption, ...] = ()
    max_actions: int = 100_000  # a bound on one game's length, for the kit and simulate
    # Every reason code ``outcome`` may give (empty: not declared); the kit holds a game to it.
    outcome_reasons: tuple[str, ...] = ()
    # How the default bot ("random", core.bots.agents.PlayerAgent) weighs each action type
    # against the others (a type not named weighs 1): 0 takes one only when nothing else is
    # legal (e.g. ending a turn early), more than 1 prefers it. Empty: uniformly random.
    bot_weights: dict[str, float] = Field(default_factory=dict)
    # How many decisions an ISMCTS playout plays at random before ``evaluate`` rates the
    # position (core.bots.search); None: the search's default. A game whose ``evaluate`` reads a
    # position well and whose random moves mostly add noise (dice, a bad plan) wants a short
    # one; 0 rates the position where the tree is left.
    playout_depth: int | None = Field(default=None, ge=0)
    # ISMCTS's progressive widening (core.search): where a role chose n times at a node, it
    # tries only ceil(w * sqrt(n + 1)) of its actions there, the bot's own first in the
    # order of evaluate one ply ahead. For a game whose decisions offer far more options
    # than a budget has iterations; None: every option is tried once before any twice.
    search_widening: float | None = Field(default=None, gt=0)

    def scenario(self, scenario_id: str | None) -> Scenario:
        if scenario_id is None:
            return self.scenarios[0]
        for sc in self.scenarios:
            if sc.id == scenario_id:
                return sc
        known = ", ".join(sc.id for sc in self.scenarios)
        raise ValueError(f"{self.id} has no scenario {scenario_id!r} (known: {known})")

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, Any]:
        """Defaults filled in, unknown names and wrong types refused."""
        given = dict(given or {})
        known = {opt.id: opt for opt in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(f"{self.id} has no option {', '.join(unknown)}")
        return {o.id: o.check(given[o.id]) if o.id in given else o.default for o in self.options}


class BoardAssets(NamedTuple):
    """Where a plugin keeps its board template and static files (for ``web``)."""

    templates: Path
    static: Path
    template: str = "board.html"


def outcome_values(outcome: Outcome, roles: Iterable[Role] = ()) -> dict[Role, float]:
    """An ended game as values: the winners share 1, the others (of ``roles``) get 0; a draw
    gives each of ``roles`` an even share."""
    if outcome.winners:
        share = 1.0 / len(outcome.winners)
        values = dict.fromkeys(roles, 0.0)
        values.update(dict.fromkeys(outcome.winners, share))
        return values
    seated = list(roles)
    return dict.fromkeys(seated, 1.0 / len(seated)) if seated else {}


def win_chances(scores: Mapping[Role, float], spread: float) -> dict[Role, float]:
    """Each role's chance to win from a score per role (a softmax): a lead of ``spread``
    points makes a role e (2.718...) times as likely to win as the role behind it. The
    games' ``evaluate`` hooks turn their own reckoning of a position into chances so."""
    if not scores:
        return {}
    top = max(scores.values())
    weights = {role: math.exp((score - top) / spread) for role, score in scores.items()}
    total = sum(weights.values())
    return {role: weight / total for role, weight in weights.items()}


def action_menu(actions: Iterable[Action]) -> dict[str, list[Arg]]:
    """Group actions by type for a view: ``{"area": ["north_wood", "ford"], "pass": [None]}``."""
    menu: dict[str, list[Arg]] = {}
    for a in actions:
        menu.setdefault(a.type, []).append(a.arg)
    return menu


class Ruleset(ABC, Generic[S]):
    """Base class of a game's rules. Subclasses set ``info`` and ``state_type``."""

    info: ClassVar[GameInfo]
    state_type: ClassVar[type[GameState]]
    board: ClassVar[BoardAssets | None] = None
    # The folder of the game's message catalogs (``<lang>/LC_MESSAGES/<game id>.po``).
    locale: ClassVar[Path | None] = None
    # The parts of the state some roles may not see (``core.engine.hidden``): hands, draw piles,
    # face-down pieces. ``shuffle_hidden`` is derived from them.
    hidden: ClassVar[tuple[Hidden[Any], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info, locale = cls.__dict__.get("info"), cls.__dict__.get("locale")
        if info is not None and locale is not None:
            register_domain(info.id, locale)  # its messages render from the start
        if info is not None:  # and name its things wherever they are rendered (str(msg))
            register_namer(info.id, _ModuleNamer(cls.__module__))

    # --- seats ---------------------------------------------------------------------

    def roles(self, players: int | None = None) -> list[Role]:
        """The roles seated in a game of ``players`` players (default: the fewest)."""
        n = self.info.min_players if players is None else players
        if not self.info.min_players <= n <= self.info.max_players:
            raise ValueError(
                f"{self.info.id} takes {self.info.min_players}–"
                f"{self.info.max_players} players, not {n}"
            )
        return list(self.info.roles[:n])

    # --- the contract ----------------------------------------------------------------

    @abstractmethod
    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> S:
        """A new game, fully determined by the arguments (``None``: defaults)."""

    @abstractmethod
    def active(self, state: S) -> list[Role]:
        """The roles that must act now; empty once the game is over."""

    @abstractmethod
    def actions(self, state: S, role: Role) -> list[Action]:
        """Every legal action of ``role`` now (empty when it is not to act)."""

    @abstractmethod
    def apply(self, state: S, role: Role, action: Action | Mapping[str, Any]) -> None:
        """Carry out a legal action in place, or raise :class:`IllegalAction` untouched."""

    def interrupts(self, state: S, role: Role) -> list[Action]:
        """The actions of ``role`` that are open to it whether or not it is active (an
        "at any time" action, ``core.engine.steps.Ambient.interrupt``): listed by ``actions``
        for it even while it is not active, and accepted by ``apply``. The default: none."""
        return []

    # --- the bots' path ------------------------------------------------------------------

    def to_act(self, state: S, among: Container[Role]) -> tuple[Role, list[Action]] | None:
        """The first active role that is in ``among``, with its legal actions.

        ``None`` when none of them must act. ``Match.play_bots`` asks this once a decision;
        the default combines ``active`` and ``actions``. The list is the caller's to read,
        not to change: a step may hand over its own (``StepRuleset`` does not copy it).
        """
        for role in self.active(state):
            if role in among:
                return role, self.actions(state, role)
        return None

    def play(self, state: S, role: Role, action: Action) -> None:
        """Carry out ``action``, which ``to_act``/``actions`` has just listed for ``role``.

        Bots only ever pick from that list, so a ruleset may skip checking the action again
        (``StepRuleset`` does). Anything from outside goes through ``apply``. The default
        simply applies.
        """
        self.apply(state, role, action)

    @abstractmethod
    def view(
        self, state: S, role: Role | None, log_from: int = 0, public: JSON | None = None
    ) -> JSON:
        """What ``role`` (``None``: a spectator) may see, with its prompt and actions, and
        in ``log`` the lines it may read of the state's log from its ``log_from``-th line on
        (a reader that has the lines before asks only for the new ones: the log only grows,
        so a view of the whole log costs more the longer the game). ``StepRuleset`` adds
        ``interrupts`` when the role has any: those of its ``actions`` it may take whether
        or not it is active (grouped by type, as ``actions``). ``public``: this state's
        :meth:`public_board`, when the caller made it already for another reader."""

    def public_board(self, state: S) -> JSON:
        """The parts of the board every reader sees alike, spectators included: made without
        a role, so they cannot depend on who reads. A caller that builds several readers'
        views of one state (the web app: the seats' and spectators' of one version) makes
        them once and hands them to :meth:`view`. Default: none (all in ``board_view``)."""
        return {}

    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game runs, else who won and why. The default reads the
        outcome kept in the state when the game ended (``StepMachine.end_game``)."""
        return state.outcome

    def evaluate(self, state: S) -> dict[Role, float]:
        """Each seated role's chance to win from ``state``, a number in ``[0, 1]``: the
        heuristic the bots search with (``core.bots.search``: the greedy bot rates the state each
        action leads to, ISMCTS scores its playouts cut short by it).

        Optional. A game that says nothing gets the default: once the game is over, its
        outcome (the winners share 1, the others 0, a draw 1/n each, ``outcome_values``);
        while it runs, ``{}``, no opinion, which a bot reads as an even chance for every
        seated role. A role missing from the answer is read the same way. ``evaluate``
        never changes the state, and it may read everything in it: bots call it only on
        their own re-dealt copies (``Observation.determinized``), never on the real game.
        """
        result = self.outcome(state)
        return {} if result is None else outcome_values(result)

    # --- names and messages ----------------------------------------------------------

    def name(self, kind: str, id: int | str, lang: str) -> str | None:
        """The name of a thing of the game in ``lang`` (``"en"``, ``"zh_TW"``): ``kind`` is
        the word a message parameter starts with (``area``, ``block``, ``card``, ``lord``,
        ``role``), ``id`` the thing's id in the game's data. ``None``: the catalog's message
        ``<game>.<kind>.<id>`` names it, else the id itself (``core.i18n.messages``).

        The default asks the ``name`` function of the module ``names`` beside the ruleset's
        own module (``my_game/names.py``), if the game has one, which reads its data."""
        found = _names_module(type(self).__module__)
        return found(kind, id, lang) if found is not None else None

    def namer(self) -> Namer:
        """What names the things in this game's messages (``core.i18n.messages.render``)."""
        return self.name

    # --- learning agents ---------------------------------------------------------------

    def encoding(
        self,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> Encoding | None:
        """The game's fixed encoding for learning agents (``core.engine.encoding``) in a game set
        up with these arguments (``None``: defaults): every action it can ever offer as an
        index in ``0..N-1``, and a seat's view as a vector of fixed length. ``None`` (the
        default): the game offers none, and ``gameshelf.rl`` cannot serve it."""
        return None

    # --- serialisation and information ------------------------------------------------

    def dump_state(self, state: S) -> str:
        return state.to_json()

    def load_state(self, text: str) -> S:
        # state_type is the class of S, which the type of the attribute cannot say
        state: S = self.state_type.from_json(text)  # type: ignore[assignment]
        self.check_state(state)
        return state

    def check_state(self, state: S) -> None:
        """Refuse (``ValueError``, saying what does not fit) a loaded state that does not
        fit the game's data: a list kept per piece or per area whose length is not the
        number of pieces or areas the data has now. The default checks nothing."""

    def copy_state(self, state: S) -> S:
        """A copy of ``state`` (through its JSON form) that shares the log's lines: a line,
        once said, is never changed (``GameState.say``), and a copy's log only grows past
        them, so copying a long game costs no more than a short one."""
        copy = self.load_state(dump_json(state, exclude={"log"}))
        copy.log = list(state.log)
        return copy

    def shuffle_hidden(self, state: S, role: Role | None, rng: Rng) -> None:
        """Rearrange, in place, everything ``role`` may not see (``None``: a spectator):
        every part the ruleset declares ``hidden`` is re-sampled (``core.engine.hidden``).

        The conformance kit checks that ``view(state, role)`` does not change when this is
        done: a view that depends on a secret leaks it. The bots' determinized worlds are
        made by it too. A game declares its hidden parts rather than overriding this.
        """
        for part in self.hidden:
            part.hide(state, role, rng)


class StepRuleset(Ruleset[S]):
    """A ruleset whose sequence of play is a :class:`~core.engine.steps.StepMachine`.

    Subclasses set ``machine`` and write ``setup`` and ``board_view`` (the game-specific
    part of a view; the parts every reader sees alike in ``public_board``), and end the
    game with ``machine.end_game`` (which ``outcome`` reads); prompts, legal actions and
    refusals come from the steps.
    """

    machine: ClassVar[StepMachine[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The bots' fast path below stands in for StepRuleset's own active/actions/apply.
        # A subclass that changes those (a variant, a deliberately broken test game) keeps
        # the generic path, so bots play exactly the rules it says, unless it also gives
        # its own fast path.
        if "to_act" not in cls.__dict__ and (
            cls.active is not StepRuleset.active or cls.actions is not StepRuleset.actions
        ):
            # a game that lists its actions its own way gets the plain, general versions
            cls.to_act = Ruleset.to_act  # type: ignore[method-assign]
        if "play" not in cls.__dict__ and cls.apply is not StepRuleset.apply:
            cls.play = Ruleset.play  # type: ignore[method-assign]
        machine = getattr(cls, "machine", None)
        if machine is None:
            return
        # The hidden parts whose showing the machine watches around every action (reveals).
        machine.watch(tuple(part for part in cls.hidden if part.watched))
        inherited = getattr(cls.play, "__self__", None)  # a machine whose play was taken
        if cls.play is StepRuleset.play or (
            isinstance(inherited, StepMachine) and inherited is not machine
        ):
            # the bots' actions go straight to the machine, one call less
            cls.play = staticmethod(machine.play)  # type: ignore[method-assign]

    def __init__(self) -> None:
        # What the bots' path (``to_act``, ``play``) reads on every action.
        machine: StepMachine[Any] | None = getattr(self, "machine", None)
        self._steps = {} if machine is None else machine.steps
        self._roles = frozenset(self.info.roles) if hasattr(self, "info") else frozenset()

    def active(self, state: S) -> list[Role]:
        awaits = self._steps[state.step].awaits  # machine.active, without its call
        return list(state.active if awaits is None else awaits(state))

    def actions(self, state: S, role: Role) -> list[Action]:
        return list(self.machine.actions(state, role))

    def interrupts(self, state: S, role: Role) -> list[Action]:
        return self.machine.interrupts(state, role)

    def apply(self, state: S, role: Role, action: Action | Mapping[str, Any]) -> None:
        if type(action) is not Action:
            action = Action.of(action)
        if role not in self._roles:
            raise IllegalAction(
                Msg("core.unknown_role", given=repr(role), game=self.info.title),
                code="unknown_role",
            )
        self.machine.apply(state, role, action)  # nobody is active once the game is over

    def to_act(self, state: S, among: Container[Role]) -> tuple[Role, list[Action]] | None:
        step = self._steps[state.step]
        awaits = step.awaits
        for role in state.active if awaits is None else awaits(state):
            if role in among:
                listed = step.offers(state, role)
                # the step's own list, not copied (see Ruleset.to_act)
                return role, listed if type(listed) is list else list(listed)
        return None

    def play(self, state: S, role: Role, action: Action) -> None:
        # Unchecked (see Ruleset.play): straight to the handler. A subclass with a machine
        # plays the machine's own play instead (__init_subclass__).
        self.machine.play(state, role, action)

    def load_state(self, text: str) -> S:
        # state_type is the class of S, which the type of the attribute cannot say
        state: S = self.state_type.from_json(text)  # type: ignore[assignment]
        self.machine.check(state)  # a frame this machine would misread: refused
        self.check_state(state)  # a state that does not fit the game's data: refused
        return state

    def shuffle_hidden(self, state: S, role: Role | None, rng: Rng) -> None:
        """The declared hidden parts (``Ruleset.shuffle_hidden``), then the secrets the
        current step keeps (a secret choice's choices, among what the parts now hold)."""
        super().shuffle_hidden(state, role, rng)
        self.machine.current(state).hide(state, role, rng)

    def view(
        self, state: S, role: Role | None, log_from: int = 0, public: JSON | None = None
    ) -> JSON:
        acts = self.actions(state, role) if role is not None else []
        prompt = self.machine.prompt(state, role)
        view = self.seen(state, role, self.active(state), public)
        view["prompt"] = prompt if isinstance(prompt, str) else prompt.to_json()
        view["actions"] = action_menu(acts)
        # a private line (GameState.say(..., to=...)) only for the roles it is for
        view["log"] = [
            line if isinstance(line, str) else line.to_json()
            for line in (state.log[log_from:] if log_from else state.log)
            if isinstance(line, str) or line.reads(role)
        ]
        interrupts = self.interrupts(state, role) if role is not None else []
        if interrupts:  # among the actions: what the role may do whether awaited or not
            view["interrupts"] = action_menu(interrupts)
        outcome = self.outcome(state)
        view["outcome"] = outcome.model_dump() if outcome else None
        return view

    def seen(
        self, state: S, role: Role | None, active: list[Role], public: JSON | None = None
    ) -> JSON:
        """The view (:meth:`view`) without its prompt, actions, log and outcome: whose view
        it is, the step, the ``active`` roles, the step's public part and the board (the
        public part, then the role's). What a learning agent's vector reads of a view
        (``gameshelf.rl``), which builds no menu or log."""
        seen = {"game": self.info.id, "role": role, "step": state.step, "active": active}
        seen.update(self.machine.current(state).public(state, role))
        seen.update(self.public_board(state) if public is None else public)
        seen.update(self.board_view(state, role))
        return seen

    def board_view(self, state: S, role: Role | None) -> JSON:
        """The game's own part of a view: what ``role`` may see of the board, beside what
        everyone sees alike (:meth:`public_board`)."""
        return {}


class _ModuleNamer:
    """The ``name`` function of the ``names`` module beside ``module``, found when first
    asked (the ruleset's module is still being imported when its class registers it)."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.found: Namer | None = None
        self.looked = False

    def __call__(self, kind: str, id: int | str, lang: str) -> str | None:
        if not self.looked:
            self.found, self.looked = _names_module(self.module), True
        return self.found(kind, id, lang) if self.found is not None else None


@cache
def _names_module(module: str) -> Namer | None:
    """The ``name`` function of the ``names`` module of the package of ``module``."""
    package = module.rpartition(".")[0]
    if not package:
        return None
    try:
        names = importlib.import_module(f"{package}.names")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.names":
            raise
        return None
    return getattr(names, "name", None)


def dump_view(view: JSON) -> str:
    """A view as compact JSON, keys sorted (the kit checks every view passes through this):
    the text ``json.dumps(view, separators=(",", ":"), ensure_ascii=False, sort_keys=True)``
    gives, made by orjson in a tenth of the time (the kit compares views by it)."""
    return orjson.dumps(view, option=orjson.OPT_SORT_KEYS).decode()


def roles_in(sequence: Sequence[Role], roles: Iterable[Role]) -> list[Role]:
    """``roles`` in the order of ``sequence`` (seating order), duplicates dropped."""
    wanted = set(roles)
    return [r for r in sequence if r in wanted]


# Names of the plugin contract that were renamed, and the release that removes the old name
# (docs/stability.md, "The deprecation path").
_RENAMED = {"Option": ("SetupOption", "0.2.0")}


def __getattr__(name: str) -> Any:
    if name in _RENAMED:
        new, removal = _RENAMED[name]
        warnings.warn(
            f"gameshelf.core.engine.ruleset.{name} is now {new}; {name} goes in {removal}",
            DeprecationWarning,
            stacklevel=2,
        )
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
