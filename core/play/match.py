"""A match: a game being played, its history, undo, replay and JSON form.

A match is ``(game, scenario, options, seed, players, history)``; its state is whatever
replaying the history over ``setup`` gives, so saving a match is saving those six things.

Undo (docs/architecture.md §4.2): a role may take back its own most recent actions as long as no new
information came out since: nothing random happened and nothing hidden was revealed during
them (the state's ``rng.epoch`` did not move) and no other role acted after them. Undo is a
replay of the history without the undone action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel

from gameshelf.core.bots.agents import Agent, Observation
from gameshelf.core.engine.ruleset import JSON, Action, Arg, IllegalAction, Outcome, Role, Ruleset
from gameshelf.core.engine.snapshot import load_snapshot
from gameshelf.core.engine.state import GameState
from gameshelf.core.i18n.messages import Msg
from gameshelf.core.registry.plugins import Game, Registry

FORMAT = 1


class HistoryEntry(NamedTuple):
    """One accepted action. ``fresh``: it brought new information (dice, a draw)."""

    role: Role
    type: str
    arg: Arg
    fresh: bool = False

    @property
    def action(self) -> Action:
        return Action(self.type, self.arg)

    def to_json(self) -> JSON:
        return {"role": self.role, "type": self.type, "arg": self.arg}


_new_entry = tuple.__new__  # a HistoryEntry field by field (Match.play_bots)

InterruptPolicy = Callable[[Observation, Sequence[Action]], "Action | None"]


def _interrupters(agents: Mapping[Role, Agent]) -> dict[Role, InterruptPolicy]:
    """The bots whose policy takes interrupts (``core.bots.agents.Interrupter``), by role."""
    found = {}
    for role, agent in agents.items():
        decide = getattr(agent, "interrupt", None)
        if callable(decide):
            found[role] = decide
    return found


class MatchEvent(BaseModel):
    kind: str  # "action", "undo", "end" (and the site's "resign")
    seq: int
    role: Role | None = None
    action: dict[str, Any] | None = None


Observer = Callable[["Match", MatchEvent], None]


class StaleAction(IllegalAction):
    def __init__(self, expected: int, given: int) -> None:
        super().__init__(Msg("core.match_moved_on", at=expected, given=given), code="stale")
        self.expected = expected


class Match:
    """A game in play."""

    def __init__(
        self,
        game: Game | Ruleset[Any],
        *,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        players: int | None = None,
        observers: Iterable[Observer] = (),
    ) -> None:
        self.game = game if isinstance(game, Game) else Game(game)
        self.ruleset: Ruleset[Any] = self.game.ruleset
        info = self.game.info
        self.scenario = info.scenario(scenario).id
        self._base, self.options = self.game.resolve(scenario, options)
        self.players = players if players is not None else info.min_players
        self.roles = self.ruleset.roles(self.players)
        self.seed = seed
        self.observers: list[Observer] = list(observers)
        self.history: list[HistoryEntry] = []
        self.state: GameState = self._fresh_state()

    def _fresh_state(self) -> GameState:
        state: GameState = self.ruleset.setup(self.seed, self._base, self.options, self.players)
        return state

    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def seq(self) -> int:
        """How many actions have been accepted: the version of the match."""
        return len(self.history)

    # --- asking -------------------------------------------------------------------------

    def active(self) -> list[Role]:
        return self.ruleset.active(self.state)

    def actions(self, role: Role) -> list[Action]:
        return self.ruleset.actions(self.state, role)

    def view(self, role: Role | None) -> JSON:
        return self.ruleset.view(self.state, role)

    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    # --- acting -------------------------------------------------------------------------

    def apply(
        self,
        role: Role,
        action: Action | Mapping[str, Any] | Iterable[Any],
        *,
        seq: int | None = None,
    ) -> None:
        """Apply ``role``'s action; with ``seq``, only if the match is still at ``seq``."""
        if seq is not None and seq != self.seq:
            raise StaleAction(self.seq, seq)
        self._apply(role, Action.of(action))
        if self.observers:
            self._emitted_action(role)

    def _apply(self, role: Role, action: Action) -> None:
        if role not in self.roles:
            raise IllegalAction(Msg("core.no_such_seat", seat=role), code="unknown_role")
        before = self.state.rng.epoch
        self.ruleset.apply(self.state, role, action)
        fresh = self.state.rng.epoch != before
        self.history.append(HistoryEntry(role, action.type, action.arg, fresh))

    # --- undo ---------------------------------------------------------------------------

    def undoable(self, role: Role) -> int:
        """How many of ``role``'s latest actions it may still take back."""
        if self.outcome() is not None:
            return 0
        count = 0
        for entry in reversed(self.history):
            if entry.role != role or entry.fresh:
                break
            count += 1
        return count

    def undo(self, role: Role) -> None:
        """Take back ``role``'s latest action (replaying the rest of the history)."""
        if not self.undoable(role):
            raise IllegalAction(Msg("core.nothing_to_undo", role=role), code="cannot_undo")
        self._rebuild(self.history[:-1])
        self._emit(MatchEvent(kind="undo", seq=self.seq, role=role))

    def _rebuild(self, entries: Iterable[HistoryEntry]) -> None:
        self.state = self._fresh_state()
        self.history = []
        for entry in entries:
            self._apply(entry.role, entry.action)

    # --- bots ---------------------------------------------------------------------------

    def play_bots(self, agents: Mapping[Role, Agent], limit: int | None = None) -> int:
        """Let the bots seated in ``agents`` act until a human must act or the game ends.

        Returns how many actions the bots took. ``limit`` bounds them (default: the game's
        ``max_actions``). A bot picks from the legal actions just listed, so its choice is
        carried out with ``Ruleset.play`` (not re-checked); a choice that is not on the list
        is refused like any illegal action and changes nothing.

        A bot whose policy takes interrupts (``core.bots.agents.Interrupter``) is asked before
        each decision, while the game does not wait for it, whether it takes one of the
        interrupts open to its role; what it takes is applied through the checked path.
        """
        limit = self.ruleset.info.max_actions if limit is None else limit
        ruleset = self.ruleset
        to_act, play = ruleset.to_act, ruleset.play
        interrupting = _interrupters(agents)
        state, observing = None, {}
        taken = 0
        while taken < limit:
            if self.state is not state:  # the first turn, or an observer undid (a new state)
                state, history = self.state, self.history
                rng = state.rng
                # one observation a bot, made once: its view is built only if the bot asks
                observing = {role: Observation(ruleset, state, role, self.roles) for role in agents}
            if interrupting and self._bot_interrupts(interrupting, observing):
                taken += 1
                continue
            turn = to_act(state, agents)
            if turn is None:
                break
            role, actions = turn
            observation = observing[role]
            choice = agents[role].choose(observation, actions)
            observation._view = None  # the view it may have built is of this turn only
            # Bots hand back one of the listed actions: find it by identity first, which is
            # much cheaper than comparing long lists of card combinations by value.
            if id(choice) not in map(id, actions) and choice not in actions:
                raise IllegalAction(
                    Msg("core.bot_chose_illegal", role=role, action=repr(choice)), code="illegal"
                )
            # rng.epoch, read as its two counters: a property is a Python call, twice an action
            before = rng.counter + rng.reveals
            play(state, role, choice)
            fresh = rng.counter + rng.reveals != before
            # HistoryEntry(...) without the Python-level __new__ of a named tuple: the same tuple
            history.append(_new_entry(HistoryEntry, (role, choice.type, choice.arg, fresh)))
            if self.observers:
                self._emitted_action(role)
            taken += 1
        return taken

    def _bot_interrupts(
        self, interrupting: Mapping[Role, InterruptPolicy], observing: Mapping[Role, Observation]
    ) -> bool:
        """Let the first bot not awaited whose policy takes one of its interrupts take it
        (through the checked path); whether one did."""
        active = self.ruleset.active(self.state)
        for role, decide in interrupting.items():
            if role in active:
                continue  # awaited: its interrupts are among the actions it chooses from
            offered = self.ruleset.interrupts(self.state, role)
            if not offered:
                continue
            observation = observing[role]
            choice = decide(observation, offered)
            observation._view = None
            if choice is None:
                continue
            if choice not in offered:
                raise IllegalAction(
                    Msg("core.bot_chose_illegal", role=role, action=repr(choice)), code="illegal"
                )
            self._apply(role, choice)
            if self.observers:
                self._emitted_action(role)
            return True
        return False

    # --- saving -------------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "format": FORMAT,
            "game": self.game_id,
            "scenario": self.scenario,
            "options": dict(self.options),
            "seed": self.seed,
            "players": self.players,
            "history": [entry.to_json() for entry in self.history],
        }

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        source: Registry | Game | Ruleset[Any],
        observers: Iterable[Observer] = (),
    ) -> Match:
        """Rebuild a saved match by replaying its history (every action re-checked)."""
        match = cls.unplayed(data, source)
        for item in data.get("history", ()):
            match._apply(item["role"], Action.of({"type": item["type"], "arg": item.get("arg")}))
        match.observers = list(observers)
        return match

    @classmethod
    def unplayed(cls, data: Mapping[str, Any], source: Registry | Game | Ruleset[Any]) -> Match:
        """The match a saved one starts as: its game, scenario, options, seed and players,
        with none of its history played yet."""
        game = source.game(data["game"]) if isinstance(source, Registry) else source
        return cls(
            game,
            scenario=data.get("scenario"),
            options=data.get("options"),
            seed=data["seed"],
            players=data.get("players"),
        )

    @classmethod
    def resume(
        cls,
        game: Game | Ruleset[Any],
        snapshot: str,
        history: Iterable[HistoryEntry],
        *,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        players: int | None = None,
        observers: Iterable[Observer] = (),
    ) -> Match:
        """The match at the end of ``history`` without replaying it: its state is the
        snapshot taken there (``core.engine.snapshot.dump_snapshot``), its history ``history``.

        Raises ``ValueError`` when the snapshot does not fit: written under other data or
        another state schema (``StaleSnapshot``), or a state the game refuses; its reader
        then replays the history instead (:meth:`from_json`, or :meth:`apply` each entry).
        """
        match = cls(game, scenario=scenario, options=options, seed=seed, players=players)
        match.state = load_snapshot(match.ruleset, snapshot)
        match.history = list(history)
        match.observers = list(observers)
        return match

    def resumed(self, snapshot: str, history: Iterable[HistoryEntry]) -> Match:
        """This match's game, scenario, options, seed and players at the end of
        ``history``, from the snapshot taken there (:meth:`resume`)."""
        return Match.resume(
            self.game,
            snapshot,
            history,
            scenario=self.scenario,
            options=self.options,
            seed=self.seed,
            players=self.players,
        )

    def restarted(self) -> Match:
        """This match back at its start: same game, scenario, options, seed and players."""
        return Match(
            self.game,
            scenario=self.scenario,
            options=self.options,
            seed=self.seed,
            players=self.players,
        )

    def _emitted_action(self, role: Role) -> None:
        """Tell the observers of the action just recorded (and of the end, if it ended)."""
        action = self.history[-1].action.to_json()
        self._emit(MatchEvent(kind="action", seq=self.seq, role=role, action=action))
        if self.outcome() is not None:
            self._emit(MatchEvent(kind="end", seq=self.seq))

    def _emit(self, event: MatchEvent) -> None:
        for observer in self.observers:
            observer(self, event)
