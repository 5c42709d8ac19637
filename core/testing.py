"""The conformance kit: random seeded games that check a ruleset keeps the contract.

``check_ruleset(ruleset)`` plays seeded random games of every scenario (and player count)
and checks, at every step:

- while the game runs, some role is active and every active role has a legal action;
- every listed action applies (the one chosen is applied through ``apply``);
- refused actions (an unknown type, a listed type with a wrong arg, a non-active role, an
  unknown role, garbage) raise ``IllegalAction`` and leave the state byte-identical;
- views are JSON; a view does not change when what its role may not see is rearranged
  (``Ruleset.shuffle_hidden``): a view that depends on a secret leaks it;
- the log follows the views: after an action that brought no new information, the log
  lines each reader (the acting role, the others, a spectator) reads do not change when
  what it may not see was rearranged before the action, so no line names a hidden thing;
- the state's class is declared with ``@state_model`` (a subclass that forgot it would keep
  its new fields out of the saved JSON) and the state survives a JSON round trip;
- the game ends with an outcome within ``max_steps`` (default ``info.max_actions``), and
  then no role is active and no action is offered;
- an action that shows its role something hidden marks it as new information
  (``Rng.reveal``), so that undo cannot take the action back once the secret was seen;
- the same seed and the same actions give the same states; replaying the saved match
  gives the same final state;
- the bots' path agrees with the checked one: ``to_act`` names an active role with exactly
  its ``actions``, and replaying the game through ``Ruleset.play`` (unchecked) gives the
  same final state as through ``apply``;
- a view lists exactly the role's ``actions`` (``view["actions"]``, grouped by type), and
  among them (``view["interrupts"]``) exactly its ``interrupts``;
- a role the game does not wait for but that has interrupts open to it is sometimes the one
  that acts in the random games, and an interrupt offered to a role is refused to every
  other role it is not offered to;
- a game whose views show a role something of its own (the views of two roles differ in
  the game's part, ``board_view``) declares what it hides (``Ruleset.hidden``, from which
  the core derives ``shuffle_hidden``; or a ``shuffle_hidden`` of its own): with nothing
  declared, the core's shuffle hides only a secret choice's choices;
- every declared hidden part fits the state (``Hidden.check``: its fields are there and
  hold cards, its per-piece lists agree);
- when several roles are active (a simultaneous choice), their choices applied in one order
  and in the reverse order give the same state;
- besides the random games, one game per scenario is played by first-legal bots;
- the same seed and the same bots' picks give the same game in two fresh processes with
  different ``PYTHONHASHSEED`` (one short game, bounded), so no rule hangs on ``hash()``.

The report counts the steps and action types the games reached (:class:`Coverage`), so a
plugin author sees which rules random play never exercised (``KitReport.coverage.table``;
``gameshelf simulate --coverage`` prints the same for bot games).

A failure raises :class:`ConformanceFailure` naming game, scenario, seed and step, and
writes the match (history included) to a JSON file that ``gameshelf replay`` reproduces.

What the kit cannot know: a secret nobody declared. The leak checks deal again what the
ruleset *declares* hidden (``Ruleset.hidden``, a secret choice's choices); a secret kept in
a field no hidden part names stays where it is, so a view that shows it passes them all.
Declaring every secret is the game's part, and its own view tests the second line
(docs/architecture.md §2.8).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from gameshelf.core.agents import Agent, FirstLegalAgent, Observation, RandomAgent
from gameshelf.core.match import Match
from gameshelf.core.plugins import Game
from gameshelf.core.procedure import Procedure
from gameshelf.core.rng import Rng, seed_from
from gameshelf.core.ruleset import (
    Action,
    IllegalAction,
    Role,
    Ruleset,
    StepRuleset,
    action_menu,
    dump_view,
)
from gameshelf.core.state_model import dump_json, is_state_model

# The kit compares states many times a step (each refusal must leave the state as it was, a
# replay must pass through the same states), and a long game's log is most of its dump:
# dumping it each time made the kit quadratic in the game's length. The log only grows, so
# a refusal is checked against the state without its log and the log's length and last line,
# and a checkpoint holds the state without its log and a digest of the log, kept as it grows.


def unchanged_key(state: Any) -> tuple[str, int, Any]:
    """What a refused action must leave as it was: the state but its log, and the log's
    length and last line (a log is only ever appended to)."""
    log = state.log
    return dump_json(state, exclude={"log"}), len(log), log[-1] if log else None


def since(state: Any, start: int) -> tuple[str, list[Any]]:
    """A state told apart from others that share its log up to line ``start``: the state
    but its log, and the lines from ``start`` on (as JSON)."""
    lines = [line if isinstance(line, str) else line.to_json() for line in state.log[start:]]
    return dump_json(state, exclude={"log"}), lines


class LogDigest:
    """A state's checkpoint: the state but its log, and a digest of its log so far, hashed
    line by line as the log grows (one digest follows one game)."""

    def __init__(self) -> None:
        self._hash = hashlib.blake2b(digest_size=16)
        self._seen = 0

    def key(self, state: Any) -> tuple[str, str]:
        log = state.log
        for line in log[self._seen :]:
            text = line if isinstance(line, str) else json.dumps(line.to_json(), sort_keys=True)
            self._hash.update(text.encode())
            self._hash.update(b"\n")
        self._seen = len(log)
        return dump_json(state, exclude={"log"}), self._hash.hexdigest()


GARBAGE: list[Any] = [
    None,
    42,
    "roll",
    {"type": 7},
    {"type": "x", "arg": [1]},
    {"type": "x", "arg": True},
    {"kind": "pass"},
    [],
    ["a", "b", "c"],
]


class ConformanceFailure(AssertionError):
    """A ruleset broke the contract; the message says where, ``path`` has the match."""

    def __init__(self, message: str, path: Path | None) -> None:
        super().__init__(message + (f"\n  match saved to {path}" if path else ""))
        self.path = path


# The core's own shuffle_hidden: the declared hidden parts (Ruleset), then a secret
# choice's choices (StepRuleset). With no part declared, it hides only the choices, so a
# game that shows its roles secrets of their own must declare them.
CORE_SHUFFLES = (Ruleset.shuffle_hidden, StepRuleset.shuffle_hidden)
# The parts of a view the core writes per role; any other part that differs between two
# roles is something the game shows one role and not the other.
CORE_VIEW_KEYS = frozenset({"role", "prompt", "actions", "interrupts", "my_choice"})
# The bound of the game played in two fresh processes.
PROCESS_STEPS = 300


@dataclass
class Coverage:
    """Which steps the decisions of some games were taken at, and which action types."""

    steps: Counter[str] = field(default_factory=Counter)
    types: Counter[str] = field(default_factory=Counter)

    def record(self, step: str, action: Action) -> None:
        self.steps[step] += 1
        self.types[action.type] += 1

    def update(self, other: Coverage) -> None:
        self.steps.update(other.steps)
        self.types.update(other.types)

    @classmethod
    def of_match(cls, match: Match) -> Coverage:
        """The coverage of a played match, from its history (replayed, unchecked)."""
        coverage = cls()
        again = match.restarted()
        for entry in match.history:
            coverage.record(again.state.step, entry.action)
            again.ruleset.play(again.state, entry.role, entry.action)
        return coverage

    def never_reached(self, ruleset: Ruleset[Any]) -> list[str]:
        """The steps of a step machine at which no decision was taken, procedures left out
        (they only call steps); a step that never waits (the end of the game) is listed."""
        machine = getattr(ruleset, "machine", None)
        steps = getattr(machine, "steps", {})
        return sorted(
            name
            for name, step in steps.items()
            if name not in self.steps and not isinstance(step, Procedure)
        )

    def table(self, ruleset: Ruleset[Any] | None = None) -> str:
        """The coverage as text: decisions per step and per action type, most first, then
        the steps never reached (with ``ruleset``, from its step machine)."""
        lines = ["decisions per step:"]
        lines += [f"  {n:>8}  {step}" for step, n in self.steps.most_common()]
        lines.append("actions per type:")
        lines += [f"  {n:>8}  {typ}" for typ, n in self.types.most_common()]
        if ruleset is not None:
            missing = self.never_reached(ruleset)
            lines.append(f"steps with no decision ({len(missing)}): {', '.join(missing) or '-'}")
        return "\n".join(lines)


@dataclass
class KitReport:
    games: int = 0
    actions: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)  # of the random games
    # Random games checked for their first ``follow`` actions only (check_ruleset), unended.
    followed: int = 0
    # The first-legal bots' game of each scenario: its outcome's reason, by scenario.
    first_legal: dict[str, str] = field(default_factory=dict)
    coverage: Coverage = field(default_factory=Coverage)  # of every game played


@dataclass
class _Run:
    """One seeded game under check."""

    game: Game
    scenario: str
    seed: int
    players: int
    max_steps: int
    failure_dir: Path | None
    deep_every: int
    agent: Callable[[int], Agent] = RandomAgent
    follow: int | None = None  # play on no further than this many actions (None: the end)
    match: Match = field(init=False)

    def __post_init__(self) -> None:
        self.match = Match(self.game, scenario=self.scenario, seed=self.seed, players=self.players)
        self.ruleset: Ruleset[Any] = self.match.ruleset
        self.probe = Rng(seed=seed_from("kit", self.seed))
        self.checkpoints: dict[int, tuple[str, str]] = {}
        self.log_digest = LogDigest()
        self.coverage = Coverage()
        # How far the log was checked by the last deep step: its JSON round trip and the
        # views' lines (each line is checked once, in the first deep step after it is said).
        self.log_round_tripped = 0
        self.log_viewed = 0

    # --- reporting ----------------------------------------------------------------------

    def fail(self, what: str) -> None:
        where = (
            f"{self.game.id} / {self.scenario} / seed {self.seed} / "
            f"{self.players} players / step {self.match.seq} ({self.match.state.step})"
        )
        path = None
        if self.failure_dir is not None:
            self.failure_dir.mkdir(parents=True, exist_ok=True)
            path = self.failure_dir / f"{self.game.id}-{self.scenario}-{self.seed}.json"
            path.write_text(json.dumps(self.match.to_json(), indent=1))
        raise ConformanceFailure(f"{where}: {what}", path)

    # --- the game loop -------------------------------------------------------------------

    def play(self) -> int:
        agent = self.agent(self.seed)
        m = self.match
        self.check_declared()
        self.check_step(deep=True)
        while m.outcome() is None:
            if m.seq >= self.max_steps:
                self.fail(f"no outcome after {self.max_steps} actions (a runaway game)")
            if self.follow is not None and m.seq >= self.follow:
                break
            role, actions = self.next_decision()
            if role in m.active():  # else an interrupt: no bot is asked (Match.play_bots)
                self.check_to_act(role, actions)
            choice = agent.choose(Observation(self.ruleset, m.state, role), actions)
            deep = (m.seq + 1) & m.seq == 0 or (m.seq + 1) % self.deep_every == 0
            shadow = self.shadow_of(role) if deep else None
            readers = self.other_readers(role, shadow) if shadow is not None else []
            if deep:
                self.check_order_of_choices()
            self.coverage.record(m.state.step, choice)
            said_from = len(m.state.log)  # the lines from here on are this action's
            try:
                m.apply(role, choice)
            except IllegalAction as exc:
                self.fail(f"listed action {choice} of {role} was refused: {exc.reason}")
            if shadow is not None and not m.history[-1].fresh:
                self.check_reveal_is_marked(shadow, role, choice, said_from)
                self.check_log_follows_views(role, choice, shadow, readers, said_from)
            self.check_step(deep=deep)
        if m.outcome() is not None:
            self.check_over()
        else:  # followed as far as asked: what the end checks would see of it
            self.check_step(deep=True, whole=True)
        self.check_replay()
        return m.seq

    def next_decision(self) -> tuple[Role, list[Action]]:
        """An active role, or a role the game does not wait for that has an interrupt."""
        m = self.match
        active = m.active()
        rest = [r for r in m.roles if r not in active and m.ruleset.interrupts(m.state, r)]
        candidates = [*active, *rest] if rest else active
        role = candidates[self.probe._below(len(candidates))]
        return role, m.actions(role)

    def check_to_act(self, role: Role, actions: list[Action]) -> None:
        """``to_act`` (the bots' question) must agree with ``active`` and ``actions``."""
        fast = self.ruleset.to_act(self.match.state, (role,))
        if fast is None or fast[0] != role or list(fast[1]) != actions:
            self.fail(f"to_act gives {fast!r} where active/actions give {role} with {actions}")

    def check_alive(self) -> None:
        m = self.match
        active = m.active()
        if not active:
            self.fail("the game runs but no role is active")
        for role in active:
            if role not in m.roles:
                self.fail(f"active role {role!r} is not seated")
            if not m.actions(role):
                self.fail(f"{role} is active but has no legal action (a dead end)")

    # --- per-step checks -----------------------------------------------------------------

    def check_declared(self) -> None:
        for cls in (type(self.match.state), self.ruleset.state_type):
            if not is_state_model(cls):
                self.fail(f"the state class {cls.__name__} is not declared with @state_model")

    def check_step(self, deep: bool, whole: bool = False) -> None:
        """The checks after every action; the deep ones (JSON, views, leaks) at some. The
        deep checks read the log's new lines only (``whole``: the whole log, once a game),
        so that their cost does not grow with the game."""
        m = self.match
        self.checkpoints[m.seq] = self.log_digest.key(m.state)
        if m.outcome() is None:
            self.check_alive()
            self.check_refusals(unchanged_key(m.state))
        if deep:
            self.check_round_trip(whole)
            self.check_hidden_parts()
            self.check_views(whole)

    def check_refusals(self, before: tuple[str, int, Any]) -> None:
        m = self.match
        active = m.active()
        role = active[0]
        legal = m.actions(role)
        legal_set = set(legal)
        attempts: list[tuple[Role, Any]] = [(role, Action("__no_such_action__", None))]
        for typ in dict.fromkeys(a.type for a in legal):
            for arg in ("__nowhere__", -987654):
                if Action(typ, arg) not in legal_set:
                    attempts.append((role, Action(typ, arg)))
        # A role not awaited may still be offered actions (in a secret choice, a role that
        # has chosen may change its mind): it is refused what it is not offered.
        idle = [r for r in m.roles if r not in active and legal[0] not in m.actions(r)]
        if idle:
            attempts.append((idle[0], legal[0]))
        attempts.append(("__no_such_role__", legal[0]))
        attempts.append((role, GARBAGE[self.probe._below(len(GARBAGE))]))
        attempts += self.interrupts_of_others()
        for who, action in attempts:
            self.expect_refusal(who, action, before)

    def interrupts_of_others(self) -> list[tuple[Role, Action]]:
        """Each interrupt offered to a role, tried by every other role it is not offered to."""
        m = self.match
        offered = {r: m.ruleset.interrupts(m.state, r) for r in m.roles}
        attempts = []
        for role, interrupts in offered.items():
            for other in m.roles:
                if other == role:
                    continue
                theirs = m.actions(other) if interrupts else []
                attempts += [(other, a) for a in interrupts if a not in theirs]
        return attempts

    def expect_refusal(self, role: Role, action: Any, before: tuple[str, int, Any]) -> None:
        try:
            self.ruleset.apply(self.match.state, role, action)
        except IllegalAction as exc:
            if exc.msg is None and not exc.reason:  # a message always says something
                self.fail(f"refusal of {action!r} by {role!r} gives no reason")
        except Exception as exc:
            self.fail(
                f"{action!r} by {role!r} raised {type(exc).__name__}: {exc} "
                "instead of IllegalAction"
            )
        else:
            self.fail(f"illegal {action!r} by {role!r} was accepted")
        if unchanged_key(self.match.state) != before:
            self.fail(f"refused {action!r} by {role!r} changed the state")

    def check_hidden_parts(self) -> None:
        """Each declared hidden part fits the state (``Hidden.check``)."""
        for part in self.ruleset.hidden:
            why = part.check(self.match.state)
            if why is not None:
                self.fail(f"the declared hidden part {part!r} does not fit the state: {why}")

    def check_round_trip(self, whole: bool) -> None:
        """The state survives a JSON round trip, with the log's lines said since the last
        deep step (``whole``: its whole log) in its log."""
        state = self.match.state
        start = 0 if whole else self.log_round_tripped
        self.log_round_tripped = len(state.log)
        log = state.log
        state.log = log[start:]  # for the dump only: put back at once
        try:
            dumped = self.ruleset.dump_state(state)
        finally:
            state.log = log
        again = self.ruleset.dump_state(self.ruleset.load_state(dumped))
        if again != dumped:
            self.fail("the state does not survive a JSON round trip")

    def check_views(self, whole: bool) -> None:
        """Every role's view and a spectator's: JSON, listing ``actions()``, leaking nothing;
        with the log's lines said since the last deep step (``whole``: all of them)."""
        m = self.match
        start = 0 if whole else self.log_viewed
        self.log_viewed = len(m.state.log)
        views: dict[Role | None, Any] = {}
        for role in [*m.roles, None]:
            view = self.ruleset.view(m.state, role, log_from=start)
            try:
                text = dump_view(view)
            except (TypeError, ValueError) as exc:
                self.fail(f"the view of {role} is not JSON: {exc}")
            if orjson.loads(text) != view:
                self.fail(f"the view of {role} does not survive a JSON round trip")
            self.check_listed_actions(role, view)
            self.check_no_leak(role, text, start)
            views[role] = view
        self.check_secrets_are_hidden(views)

    def check_listed_actions(self, role: Role | None, view: Any) -> None:
        """The actions a view lists are the role's ``actions``, no more, no fewer, and its
        interrupts are its ``interrupts``, all among its actions."""
        m = self.match
        actions = m.actions(role) if role is not None else []
        legal = action_menu(actions)
        listed = view.get("actions") if isinstance(view, dict) else None
        who = role or "a spectator"
        interrupts = m.ruleset.interrupts(m.state, role) if role is not None else []
        stray = [a for a in interrupts if a not in actions]
        if stray:
            self.fail(f"the interrupts {stray} of {who} are not among its actions {actions}")
        shown = view.get("interrupts") if isinstance(view, dict) else None
        if dump_view({"a": shown or {}}) != dump_view({"a": action_menu(interrupts)}):
            self.fail(
                f"the view of {who} lists the interrupts {shown} where interrupts() has "
                f"{interrupts}"
            )
        if listed is None and not legal:
            return  # a spectator's view, or a view of nobody to act, may say nothing
        if dump_view({"a": listed}) != dump_view({"a": legal}):
            self.fail(f"the view of {who} lists the actions {listed} where actions() has {legal}")

    def check_secrets_are_hidden(self, views: dict[Role | None, Any]) -> None:
        """Views that show a role something of its own need hidden parts declared (or a
        ``shuffle_hidden`` of the game's own): with none, the core's shuffle hides only
        what the core keeps (a secret choice)."""
        shuffle = getattr(type(self.ruleset), "shuffle_hidden", None)
        if shuffle not in CORE_SHUFFLES or self.ruleset.hidden:
            return
        first, *others = [v for v in views.values() if isinstance(v, dict)]
        for other in others:
            keys = (set(first) | set(other)) - CORE_VIEW_KEYS
            differ = sorted(k for k in keys if first.get(k) != other.get(k))
            if differ:
                self.fail(
                    f"the views of {first.get('role') or 'a spectator'} and "
                    f"{other.get('role') or 'a spectator'} differ in {differ}, secrets of "
                    "their own, but the ruleset declares no hidden part, so the core's "
                    "shuffle_hidden hides none of them: declare what each role may not see "
                    "(Ruleset.hidden, core.hidden)"
                )

    def check_order_of_choices(self) -> None:
        """Several roles active at once choose simultaneously: the order in which their
        choices arrive leaves no trace (each role's choice applied in the active order, then
        in the reverse order, gives the same state)."""
        m = self.match
        active = m.active()
        if len(active) < 2:
            return
        picks = {}
        for role in active:  # its choices (an interrupt is no simultaneous choice)
            interrupts = m.ruleset.interrupts(m.state, role)
            legal = [a for a in m.actions(role) if a not in interrupts]
            picks[role] = legal[self.probe._below(len(legal))]
        said_from = len(m.state.log)
        results = []
        for order in (active, active[::-1]):
            state = self.ruleset.copy_state(m.state)
            for role in order:
                try:
                    self.ruleset.apply(state, role, picks[role])
                except IllegalAction as exc:
                    self.fail(
                        f"of the simultaneous choices {picks}, {picks[role]} of {role} is "
                        f"refused when made after {order[: order.index(role)]}: {exc.reason}"
                    )
            results.append(since(state, said_from))
        if results[0] != results[1]:
            self.fail(
                f"the simultaneous choices {picks} give another state when made in the "
                f"order {active[::-1]} than in the order {active}"
            )

    def shadow_of(self, role: Role) -> Any:
        """A copy of the state with everything ``role`` may not see rearranged."""
        shadow = self.ruleset.copy_state(self.match.state)
        self.ruleset.shuffle_hidden(shadow, role, Rng(seed=self.probe.next_u64()))
        return shadow

    def other_readers(self, role: Role, shadow: Any) -> list[Role | None]:
        """The readers of the log (other roles, a spectator) who cannot tell ``shadow``
        (what ``role`` may not see rearranged) from the real game either: their views
        are the same in both."""
        state, view = self.match.state, self.ruleset.view
        end = len(state.log)  # the same lines in both: only the boards can differ
        return [
            reader
            for reader in [*self.match.roles, None]
            if reader != role
            and dump_view(view(shadow, reader, end)) == dump_view(view(state, reader, end))
        ]

    def check_log_follows_views(
        self, role: Role, choice: Action, shadow: Any, readers: list[Role | None], said_from: int
    ) -> None:
        """After an action that brought no new information, the log lines every reader
        reads are the same in a world none of them can tell from the real one: ``shadow``,
        where what the acting role may not see was rearranged before the same action
        (applied there by :meth:`check_reveal_is_marked`; the choice means the same there,
        as its role sees the same). A line that differs names something hidden from its
        reader (a log kept or rendered per reader can do that behind the acting role's
        back). Not compared, as the kit cannot tell a leak from what the rules allow:
        lines of actions that brought new information (dice, draws, reveals may be told),
        and the acting role's own secret choice (whether a public act or a secret one, the
        view does not say)."""
        for reader in readers:  # the lines of this action (the log before is the same)
            seen = self.ruleset.view(self.match.state, reader, said_from).get("log")
            other = self.ruleset.view(shadow, reader, said_from).get("log")
            if other != seen:
                who = reader or "a spectator"
                told = [line for line in seen or [] if line not in (other or [])]
                self.fail(
                    f"after {choice} of {role}, the log tells {who} what it may not see: "
                    f"{told!r} reads differently when that is rearranged"
                )

    def check_reveal_is_marked(
        self, shadow: Any, role: Role, choice: Action, said_from: int
    ) -> None:
        """An action that shows its role something hidden must mark it (``rng.reveal``),
        or undo could take the action back after the secret was seen."""
        try:
            self.ruleset.apply(shadow, role, choice)
        except IllegalAction as exc:
            self.fail(
                f"{choice} of {role} is legal or not depending on what {role} cannot "
                f"see ({exc.reason}): the legal actions leak a secret"
            )
        seen = dump_view(self.ruleset.view(self.match.state, role, said_from))
        if dump_view(self.ruleset.view(shadow, role, said_from)) != seen:
            self.fail(
                f"{choice} of {role} showed {role} hidden information without marking "
                "it (rng.reveal), so undo could take it back after the secret was seen"
            )

    def check_no_leak(self, role: Role | None, text: str, log_from: int) -> None:
        shuffled = self.ruleset.copy_state(self.match.state)
        self.ruleset.shuffle_hidden(shuffled, role, Rng(seed=self.probe.next_u64()))
        if dump_view(self.ruleset.view(shuffled, role, log_from)) != text:
            who = role or "a spectator"
            self.fail(
                f"the view of {who} changes when hidden information is rearranged: "
                "it leaks a secret"
            )

    # --- end of game ----------------------------------------------------------------------

    def check_over(self) -> None:
        m = self.match
        outcome = m.outcome()
        assert outcome is not None
        if m.active():
            self.fail(f"the game is over but {m.active()} are active")
        for role in m.roles:
            if m.actions(role):
                self.fail(f"the game is over but {role} has actions")
        stray = [w for w in outcome.winners if w not in m.roles]
        if stray:
            self.fail(f"the outcome names unseated winners {stray}")
        if not outcome.reason:
            self.fail("the outcome has no reason code")
        declared = self.game.info.outcome_reasons
        if declared and outcome.reason not in declared:
            self.fail(f"the outcome's reason {outcome.reason!r} is not declared in {declared}")
        self.check_step(deep=True, whole=True)

    def check_replay(self) -> None:
        m = self.match
        again = m.restarted()
        replayed = LogDigest()
        for i, entry in enumerate(m.history):
            expected = self.checkpoints.get(i)
            if expected is not None and replayed.key(again.state) != expected:
                self.fail(
                    f"the same seed and actions gave a different state at step {i} "
                    "(the rules are not deterministic)"
                )
            try:
                again.apply(entry.role, entry.action)
            except IllegalAction as exc:
                self.fail(f"replaying step {i} was refused: {exc.reason} (not deterministic)")
        final = self.ruleset.dump_state(m.state)
        if self.ruleset.dump_state(again.state) != final:
            self.fail("replaying the history gives a different final state")
        restored = Match.from_json(json.loads(json.dumps(m.to_json())), self.game)
        if self.ruleset.dump_state(restored.state) != final:
            self.fail("the saved match does not restore to the same final state")
        self.check_fast_path(final)

    def check_fast_path(self, final: str) -> None:
        """Replaying through ``Ruleset.play`` (the bots' unchecked path) gives the same game."""
        m = self.match
        fast = m.restarted()
        for entry in m.history:
            self.ruleset.play(fast.state, entry.role, entry.action)
        if self.ruleset.dump_state(fast.state) != final:
            self.fail(
                "playing the history through Ruleset.play (the bots' path) gives a "
                "different final state than through apply"
            )


def check_ruleset(
    ruleset: Ruleset[Any] | Game,
    *,
    scenarios: Iterable[str] | None = None,
    seeds: Iterable[int] = range(3),
    players: Sequence[int] | None = None,
    max_steps: int | None = None,
    deep_every: int = 1,
    failure_dir: str | Path | None = None,
    first_legal: bool = True,
    processes: bool = True,
    follow: int | None = None,
) -> KitReport:
    """Play seeded random games of ``ruleset`` and check the contract at every step.

    :param scenarios: scenario ids to play (default: all of them).
    :param seeds: one game per seed, per scenario and player count.
    :param players: player counts to try (default: the fewest and the most).
    :param max_steps: actions after which a game counts as runaway (default
        ``info.max_actions``).
    :param deep_every: JSON round trips, view and leak checks run at every step by default;
        ``n`` runs them at power-of-two steps and every ``n`` steps (for long slow runs).
    :param failure_dir: where a failing match is saved (default ``$GAMESHELF_FAILURES`` or
        ``.gameshelf-failures``).
    :param first_legal: also play one game per scenario with first-legal bots (the fewest
        players, the first seed).
    :param processes: also play one short game (the first scenario, count and seed, at
        most ``PROCESS_STEPS`` actions) in two fresh processes with different
        ``PYTHONHASHSEED`` and compare them (needs the ruleset's class importable by name
        and made without arguments; a ruleset that is not is not checked so).
    :param follow: check each random game for its first ``follow`` actions only, and play
        it no further (``None``: to its end). For games whose random play runs to many
        thousands of actions, where a game's later steps are checked like its earlier
        ones: the first-legal games (which end soonest) are still played to their end,
        for the end-of-game checks. A random game stopped so counts in ``followed``, not
        in ``outcomes``.
    :raises ConformanceFailure: at the first broken rule of the contract.
    """
    game = ruleset if isinstance(ruleset, Game) else Game(ruleset)
    info = game.info
    chosen = list(scenarios) if scenarios is not None else [sc.id for sc in info.scenarios]
    counts = list(players) if players else sorted({info.min_players, info.max_players})
    where = Path(failure_dir or os.environ.get("GAMESHELF_FAILURES", ".gameshelf-failures"))
    seeds = list(seeds)
    report = KitReport()
    limit, every = max_steps or info.max_actions, max(1, deep_every)
    games: list[tuple[str, int, int, type[RandomAgent | FirstLegalAgent]]] = [
        (scenario, count, seed, RandomAgent)
        for scenario in chosen
        for count in counts
        for seed in seeds
    ]
    if first_legal and seeds:
        games += [(scenario, counts[0], seeds[0], FirstLegalAgent) for scenario in chosen]
    for scenario, count, seed, agent in games:
        cut = None if agent is FirstLegalAgent else follow
        run = _Run(game, scenario, seed, count, limit, where, every, agent, cut)
        report.actions += run.play()
        report.coverage.update(run.coverage)
        outcome = run.match.outcome()
        if agent is FirstLegalAgent:
            assert outcome is not None
            report.first_legal[scenario] = outcome.reason
            continue
        report.games += 1
        if outcome is None:
            report.followed += 1
        else:
            report.outcomes[outcome.reason] = report.outcomes.get(outcome.reason, 0) + 1
    if processes and games:
        scenario, count, seed, _ = games[0]
        check_across_processes(game, scenario, seed, count, min(limit, PROCESS_STEPS), where)
    return report


def check_across_processes(
    game: Game,
    scenario: str,
    seed: int,
    players: int,
    steps: int,
    failure_dir: Path | None = None,
) -> None:
    """Play one seeded random game (at most ``steps`` actions) in two fresh Python
    processes with different ``PYTHONHASHSEED`` and compare the digests of their states:
    a rule that hangs on ``hash()`` of a string (or on set order) gives two games."""
    cls = type(game.ruleset)
    name = f"{cls.__module__}:{cls.__qualname__}"
    if "<" in cls.__qualname__ or cls.__module__ == "__main__":
        return  # not importable by name: nothing to start a fresh process with
    base, options = game.resolve(scenario, None)  # a variant scenario: its base and options
    args = [name, base, json.dumps(options), str(seed), str(players), str(steps)]
    digests = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        done = subprocess.run(
            [sys.executable, "-m", "gameshelf.core.testing", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if done.returncode != 0:
            raise ConformanceFailure(
                f"{game.id} / {scenario} / seed {seed}: the game in a fresh process failed:\n"
                f"{done.stderr[-2000:]}",
                None,
            )
        digests.append(done.stdout.split())
    if digests[0] != digests[1]:
        a, b = digests
        step = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        raise ConformanceFailure(
            f"{game.id} / {scenario} / seed {seed} / {players} players: the same seed and "
            f"picks give another game under another PYTHONHASHSEED (from step {step}, of "
            f"{len(a)} and {len(b)}): the rules hang on hash() or set order",
            None,
        )


def _digests(
    name: str, scenario: str, options: dict[str, Any], seed: int, players: int, steps: int
) -> list[str]:
    """The state digests of a random game of the ruleset class ``module:qualname``."""
    module, _, qualname = name.partition(":")
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    match = Match(Game(obj()), scenario=scenario, options=options, seed=seed, players=players)
    picks = Rng(seed=seed_from("kit-process", seed))

    def digest() -> str:
        text = match.ruleset.dump_state(match.state)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    out = [digest()]
    while match.outcome() is None and match.seq < steps:
        role = match.active()[0]
        actions = match.actions(role)
        match.apply(role, actions[picks._below(len(actions))])
        out.append(digest())
    return out


if __name__ == "__main__":  # the fresh process of check_across_processes
    name, scenario, options, seed, players, steps = sys.argv[1:7]
    digests = _digests(name, scenario, json.loads(options), int(seed), int(players), int(steps))
    print("\n".join(digests))


def assert_refused(
    ruleset: Ruleset[Any],
    state: Any,
    role: Role,
    action: Any,
    match: str,
    code: str | None = None,
) -> None:
    """For a game's rule tests: ``action`` is not offered to ``role``, ``apply`` refuses it
    with a reason matching ``match`` (and ``code``, when given), and the state is unchanged."""
    parsed = Action.of(action)
    assert parsed not in ruleset.actions(state, role), f"{parsed} is offered to {role}"
    before = unchanged_key(state)  # the whole state, its log but as its length and last line
    try:
        ruleset.apply(state, role, parsed)
    except IllegalAction as exc:
        refusal = exc
    else:
        raise AssertionError(f"{parsed} of {role} was accepted")
    assert re.search(match, refusal.reason), f"{refusal.reason!r} does not match {match!r}"
    assert code is None or refusal.code == code, f"code {refusal.code!r}, expected {code!r}"
    assert unchanged_key(state) == before, "the refusal changed the state"
