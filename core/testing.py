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
  same final state as through ``apply``.

A failure raises :class:`ConformanceFailure` naming game, scenario, seed and step, and
writes the match (history included) to a JSON file that ``gameshelf replay`` reproduces.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.agents import RandomAgent
from core.match import Match
from core.plugins import Game
from core.rng import Rng, seed_from
from core.ruleset import Action, IllegalAction, Role, Ruleset, dump_view
from core.state_model import is_state_model

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


@dataclass
class KitReport:
    games: int = 0
    actions: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)


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
    match: Match = field(init=False)

    def __post_init__(self) -> None:
        self.match = Match(self.game, scenario=self.scenario, seed=self.seed, players=self.players)
        self.ruleset: Ruleset[Any] = self.match.ruleset
        self.probe = Rng(seed=seed_from("kit", self.seed))
        self.checkpoints: dict[int, str] = {}

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
        agent = RandomAgent(self.seed)
        m = self.match
        self.check_declared()
        self.check_step(deep=True)
        while m.outcome() is None:
            if m.seq >= self.max_steps:
                self.fail(f"no outcome after {self.max_steps} actions (a runaway game)")
            role, actions = self.next_decision()
            self.check_to_act(role, actions)
            choice = agent.choose(self.ruleset, m.state, role, actions)
            deep = (m.seq + 1) & m.seq == 0 or (m.seq + 1) % self.deep_every == 0
            shadow = self.shadow_of(role) if deep else None
            readers = self.other_readers(role, shadow) if shadow is not None else []
            try:
                m.apply(role, choice)
            except IllegalAction as exc:
                self.fail(f"listed action {choice} of {role} was refused: {exc.reason}")
            if shadow is not None and not m.history[-1].fresh:
                self.check_reveal_is_marked(shadow, role, choice)
                self.check_log_follows_views(role, choice, shadow, readers)
            self.check_step(deep=deep)
        self.check_over()
        self.check_replay()
        return m.seq

    def next_decision(self) -> tuple[Role, list[Action]]:
        active = self.match.active()
        role = active[self.probe._below(len(active))]
        return role, self.match.actions(role)

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

    def check_step(self, deep: bool) -> None:
        m = self.match
        dumped = self.ruleset.dump_state(m.state)
        self.checkpoints[m.seq] = dumped
        if m.outcome() is None:
            self.check_alive()
            self.check_refusals(dumped)
        if deep:
            self.check_round_trip(dumped)
            self.check_views()

    def check_refusals(self, dumped: str) -> None:
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
        for who, action in attempts:
            self.expect_refusal(who, action, dumped)

    def expect_refusal(self, role: Role, action: Any, dumped: str) -> None:
        try:
            self.ruleset.apply(self.match.state, role, action)
        except IllegalAction as exc:
            if not exc.reason:
                self.fail(f"refusal of {action!r} by {role!r} gives no reason")
        except Exception as exc:
            self.fail(
                f"{action!r} by {role!r} raised {type(exc).__name__}: {exc} "
                "instead of IllegalAction"
            )
        else:
            self.fail(f"illegal {action!r} by {role!r} was accepted")
        if self.ruleset.dump_state(self.match.state) != dumped:
            self.fail(f"refused {action!r} by {role!r} changed the state")

    def check_round_trip(self, dumped: str) -> None:
        again = self.ruleset.dump_state(self.ruleset.load_state(dumped))
        if again != dumped:
            self.fail("the state does not survive a JSON round trip")

    def check_views(self) -> None:
        m = self.match
        for role in [*m.roles, None]:
            view = m.view(role)
            try:
                text = dump_view(view)
            except (TypeError, ValueError) as exc:
                self.fail(f"the view of {role} is not JSON: {exc}")
            if json.loads(text) != view:
                self.fail(f"the view of {role} does not survive a JSON round trip")
            self.check_no_leak(role, text)

    def shadow_of(self, role: Role) -> Any:
        """A copy of the state with everything ``role`` may not see rearranged."""
        shadow = self.ruleset.copy_state(self.match.state)
        self.ruleset.shuffle_hidden(shadow, role, Rng(seed=self.probe.next_u64()))
        return shadow

    def other_readers(self, role: Role, shadow: Any) -> list[Role | None]:
        """The readers of the log (other roles, a spectator) who cannot tell ``shadow``
        (what ``role`` may not see rearranged) from the real game either: their views
        are the same in both."""
        state = self.match.state
        return [
            reader
            for reader in [*self.match.roles, None]
            if reader != role
            and dump_view(self.ruleset.view(shadow, reader))
            == dump_view(self.ruleset.view(state, reader))
        ]

    def check_log_follows_views(
        self, role: Role, choice: Action, shadow: Any, readers: list[Role | None]
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
        for reader in readers:
            seen = self.ruleset.view(self.match.state, reader).get("log")
            other = self.ruleset.view(shadow, reader).get("log")
            if other != seen:
                who = reader or "a spectator"
                told = [line for line in seen or [] if line not in (other or [])]
                self.fail(
                    f"after {choice} of {role}, the log tells {who} what it may not see: "
                    f"{told!r} reads differently when that is rearranged"
                )

    def check_reveal_is_marked(self, shadow: Any, role: Role, choice: Action) -> None:
        """An action that shows its role something hidden must mark it (``rng.reveal``),
        or undo could take the action back after the secret was seen."""
        try:
            self.ruleset.apply(shadow, role, choice)
        except IllegalAction as exc:
            self.fail(
                f"{choice} of {role} is legal or not depending on what {role} cannot "
                f"see ({exc.reason}): the legal actions leak a secret"
            )
        seen = dump_view(self.ruleset.view(self.match.state, role))
        if dump_view(self.ruleset.view(shadow, role)) != seen:
            self.fail(
                f"{choice} of {role} showed {role} hidden information without marking "
                "it (rng.reveal), so undo could take it back after the secret was seen"
            )

    def check_no_leak(self, role: Role | None, text: str) -> None:
        shuffled = self.ruleset.copy_state(self.match.state)
        self.ruleset.shuffle_hidden(shuffled, role, Rng(seed=self.probe.next_u64()))
        if dump_view(self.ruleset.view(shuffled, role)) != text:
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
        self.check_step(deep=True)

    def check_replay(self) -> None:
        m = self.match
        again = m.restarted()
        for i, entry in enumerate(m.history):
            expected = self.checkpoints.get(i)
            if expected is not None and self.ruleset.dump_state(again.state) != expected:
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
    :raises ConformanceFailure: at the first broken rule of the contract.
    """
    game = ruleset if isinstance(ruleset, Game) else Game(ruleset)
    info = game.info
    chosen = list(scenarios) if scenarios is not None else [sc.id for sc in info.scenarios]
    counts = list(players) if players else sorted({info.min_players, info.max_players})
    where = Path(failure_dir or os.environ.get("GAMESHELF_FAILURES", ".gameshelf-failures"))
    report = KitReport()
    for scenario in chosen:
        for count in counts:
            for seed in seeds:
                run = _Run(
                    game,
                    scenario,
                    seed,
                    count,
                    max_steps or info.max_actions,
                    where,
                    max(1, deep_every),
                )
                report.actions += run.play()
                report.games += 1
                outcome = run.match.outcome()
                assert outcome is not None
                report.outcomes[outcome.reason] = report.outcomes.get(outcome.reason, 0) + 1
    return report


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
    before = ruleset.dump_state(state)
    try:
        ruleset.apply(state, role, parsed)
    except IllegalAction as exc:
        refusal = exc
    else:
        raise AssertionError(f"{parsed} of {role} was accepted")
    assert re.search(match, refusal.reason), f"{refusal.reason!r} does not match {match!r}"
    assert code is None or refusal.code == code, f"code {refusal.code!r}, expected {code!r}"
    assert ruleset.dump_state(state) == before, "the refusal changed the state"
