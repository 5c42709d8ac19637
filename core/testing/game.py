"""One seeded game under check: played action by action, with the contract checked at
every step (liveness, refusals, round trips, views and leaks, replay, the bots' path)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from gameshelf.core.bots.agents import Agent, Observation, RandomAgent
from gameshelf.core.engine.rng import Rng, seed_from
from gameshelf.core.engine.ruleset import (
    Action,
    IllegalAction,
    Role,
    Ruleset,
    StepRuleset,
    action_menu,
    dump_view,
)
from gameshelf.core.engine.state_model import is_state_model
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Game
from gameshelf.core.testing.report import ConformanceFailure, Coverage
from gameshelf.core.testing.states import LogDigest, since, unchanged_key

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


# The core's own shuffle_hidden: the declared hidden parts (Ruleset), then a secret
# choice's choices (StepRuleset). With no part declared, it hides only the choices, so a
# game that shows its roles secrets of their own must declare them.
CORE_SHUFFLES = (Ruleset.shuffle_hidden, StepRuleset.shuffle_hidden)
# The parts of a view the core writes per role; any other part that differs between two
# roles is something the game shows one role and not the other.
CORE_VIEW_KEYS = frozenset({"role", "prompt", "actions", "interrupts", "my_choice"})


@dataclass
class CheckedGame:
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
        self.check_public_board(views)
        self.check_secrets_are_hidden(views)

    def check_public_board(self, views: dict[Role | None, Any]) -> None:
        """What ``public_board`` holds is in every reader's view as it is, and no reader's
        ``board_view`` gives one of its keys again (it would replace the shared part)."""
        state, ruleset = self.match.state, self.ruleset
        public = ruleset.public_board(state)
        for role, view in views.items():
            own = ruleset.board_view(state, role) if isinstance(ruleset, StepRuleset) else {}
            again = sorted(set(public) & set(own))
            if again:
                self.fail(f"board_view of {role} gives again the public parts {again}")
            if any(view.get(key) != value for key, value in public.items()):
                self.fail(f"the view of {role} lacks parts of the public board")

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
                    "(Ruleset.hidden, core.engine.hidden)"
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
