"""One running game seen through a game's fixed encoding: what every adapter shares.

A :class:`Session` holds a ruleset, its encoding (``core.engine.encoding``) and a state. It answers
in the encoding's terms: who is awaited, the action mask of a seat, its observation vector
(made from what the seat may see only: from its observation, the encoding's fast way, kept
up to date part by part, or else from its view), and the returns at the end.

Returns (``returns``): each seat's mean result against every other seat, +1 for a seat that
ranks above, -1 below, 0 level. The ranking puts the winners first, then the others by the
outcome's scores (higher first); a draw (no winner) gives everyone 0. With two players this
is +1 for the winner, -1 for the loser, 0 for a draw; with more it is the ranking spread
evenly over -1..+1 (first of four: +1, second: +1/3, third: -1/3, last: -1).
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Mapping
from typing import Any

import numpy as np
import orjson

from gameshelf.core.engine.encoding import Encoding, Memory, SeatMemory
from gameshelf.core.engine.ruleset import JSON, Action, Outcome, Role, Ruleset, StepRuleset
from gameshelf.core.play.text import draw
from gameshelf.core.registry.plugins import Registry

_REGISTRY: Registry | None = None


def registry() -> Registry:
    """The installed games and agents, found once."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = Registry()
    return _REGISTRY


_ENCODINGS: dict[Hashable, Encoding] = {}


def encoding_of(
    game_id: str, scenario: str, options: Mapping[str, object], players: int | None
) -> Encoding:
    """The encoding of a game so set up, made once (an encoding is never changed; OpenSpiel
    makes a state, and so a session, for every observation it is asked)."""
    key = (game_id, scenario, tuple(sorted(options.items())), players)
    found = _ENCODINGS.get(key)
    if found is None:
        made = registry().game(game_id).ruleset.encoding(scenario, options, players)
        if made is None:
            raise ValueError(f"{game_id} offers no encoding for learning agents")
        found = _ENCODINGS[key] = made
    return found


class Session:
    """A game of ``game_id`` for learning agents (see the module)."""

    def __init__(
        self,
        game_id: str,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        players: int | None = None,
    ) -> None:
        game = registry().game(game_id)
        self.game = game
        self.scenario, self.options = game.resolve(scenario, options)
        self.ruleset: Ruleset[Any] = game.ruleset
        self.players = players
        self.encoding: Encoding = encoding_of(game_id, self.scenario, self.options, players)
        encoding = self.encoding
        self.roles: list[Role] = list(encoding.roles)
        self.n_actions = encoding.actions.size
        self.n_obs = encoding.layout.size
        self._no_actions = bytearray(self.n_actions)  # a mask of zeros (copied, never changed)
        self.state: Any = None
        self.version = 0
        self._now: dict[Any, Any] = {}  # what was worked out at this version of the state
        # the same, for what every step asks (attributes: read faster than a dict's keys)
        self._awaited: list[Role] | None = None
        self._outcome: Any = _UNKNOWN
        self._mask_of: tuple[Role, bytearray] | None = None
        self._memories: dict[Role, Memory] = {}  # each seat's last vector (core.engine.encoding)
        # the same, the fast way (one for all seats, under None, if the encoding says so)
        self._seat_memories: dict[Role | None, SeatMemory] = {}
        self._seat_vectors: dict[Role | None, np.ndarray] = {}  # their vectors seen by numpy
        self._recall: dict[Role, tuple[int, bytes]] = {}  # log lines read, their digest

    # --- the game ------------------------------------------------------------------------

    def new(self, seed: int) -> None:
        self.state = self.ruleset.setup(seed, self.scenario, self.options, self.players)
        self._memories, self._seat_memories, self._seat_vectors = {}, {}, {}
        self._recall = {}
        self._changed()

    def fork(self) -> Session:
        """A session of its own on a copy of this game (OpenSpiel's clones)."""
        copied = Session.__new__(Session)  # not copy.copy: it would pickle (__getstate__)
        copied.__dict__.update(self.__dict__)
        if self.state is not None:  # else not set up yet (OpenSpiel's chance node)
            copied.state = self.ruleset.copy_state(self.state)
        copied._now, copied._memories, copied._recall = {}, {}, dict(self._recall)
        copied._awaited, copied._outcome, copied._mask_of = None, _UNKNOWN, None
        copied._seat_memories, copied._seat_vectors = {}, {}
        return copied

    def __deepcopy__(self, memo: dict[int, Any]) -> Session:
        # OpenSpiel clones a Python state by deep-copying its attributes: a fork, which
        # shares the log's lines (never changed once said) rather than copying them
        return self.fork()

    def __getstate__(self) -> dict[str, Any]:
        """What pickles a session (OpenSpiel pickles its states): the game's arguments and
        its state as JSON; the ruleset and encoding are found again when it is loaded."""
        state = self.state
        return {
            "game": self.game.id,
            "scenario": self.scenario,
            "options": dict(self.options),
            "players": self.players,
            "state": None if state is None else self.ruleset.dump_state(state),
            "version": self.version,
            "recall": self._recall,
        }

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(saved["game"], saved["scenario"], saved["options"], saved["players"])  # type: ignore[misc]
        if saved["state"] is not None:
            self.state = self.ruleset.load_state(saved["state"])
        self.version = saved["version"]
        self._recall = dict(saved["recall"])

    def _changed(self) -> None:
        self.version += 1
        self._now = {}
        self._awaited, self._outcome, self._mask_of = None, _UNKNOWN, None

    def awaited(self) -> list[Role]:
        """The seats the game waits for now (empty once it is over)."""
        found = self._awaited
        if found is None:
            found = self._awaited = self.ruleset.active(self.state)
        return found

    def legal(self, role: Role) -> list[Action]:
        key = ("legal", role)
        found = self._now.get(key)
        if found is None:
            found = self._now[key] = self.ruleset.actions(self.state, role)
        return found

    def play(self, role: Role, index: int) -> bool:
        """Play action ``index`` for ``role``; ``False`` (and nothing changes) when it is not
        one of the role's legal actions now."""
        if not 0 <= index < self.n_actions or not self._indices(role)[index]:
            return False
        self.ruleset.play(self.state, role, self.encoding.actions.actions[index])  # in 0..N-1
        self._changed()
        return True

    def play_action(self, role: Role, action: Action) -> None:
        """Play a legal ``action`` (a bot's choice) for ``role``."""
        self.ruleset.play(self.state, role, action)
        self._changed()

    def outcome(self) -> Outcome | None:
        found = self._outcome
        if found is _UNKNOWN:
            found = self._outcome = self.ruleset.outcome(self.state)
        return found

    # --- what a seat sees -------------------------------------------------------------------

    def view(self, role: Role) -> JSON:
        """The seat's view now, without the log (the vector does not read it), built once
        per state."""
        key = ("view", role)
        found = self._now.get(key)
        if found is None:
            found = self._now[key] = self.ruleset.view(self.state, role, len(self.state.log))
        return found

    def board(self, role: Role) -> JSON:
        """What the vector reads of the seat's view (a game of steps: ``game``, ``role``,
        ``step``, ``active``, the step's public part, the board's part), without what it
        does not read (the prompt, the actions menu, the outcome), which cost as much again
        (docs/performance.md); the whole view for a game without steps. Once per state."""
        key = ("board", role)
        found = self._now.get(key)
        if found is None:
            ruleset = self.ruleset
            if not isinstance(ruleset, StepRuleset) or type(ruleset).view is not StepRuleset.view:
                found = self.view(role)  # a view of its own: the whole of it
            else:
                found = ruleset.seen(self.state, role, self.awaited())
            self._now[key] = found
        return found

    def recall(self, role: Role) -> str:
        """A digest of every line of the log ``role`` may read so far (what it has seen
        happen, in order): two games of the same view and recall are the same to the seat.
        Kept up to date line by line, so asking at every move costs no more late in a game."""
        seen, digest = self._recall.get(role, (0, b""))
        log = self.state.log
        if seen < len(log):
            for line in self.ruleset.view(self.state, role, seen)["log"]:
                digest = hashlib.sha256(digest + orjson.dumps(line)).digest()
            self._recall[role] = (len(log), digest)
        return digest.hex()

    def observe(self, role: Role, whole: bool = True) -> np.ndarray:
        """The seat's observation vector (a new array, the caller's). With the encoding's
        fast way (``Encoding.fillers``), from the seat's observation, written again only
        where a part of it changed since the seat's last vector (``SeatMemory``), or the
        last vector of any seat (``Encoding.one_memory``); ``whole`` does not matter. Else
        from its whole view (``view``, when the caller shows it too) or from what the vector
        reads (``board``, the same vector, cheaper); for a game whose encoding
        ``remembers``, filled again only where the seat's view changed since its last one
        (``core.engine.encoding.Memory``)."""
        encoding = self.encoding
        if encoding.fillers:
            key = None if encoding.one_memory else role
            kept = self._seat_memories.get(key)
            if kept is None:
                kept = self._seat_memories[key] = encoding.seat_memory()
                self._seat_vectors[key] = np.frombuffer(kept.filler.vector, dtype=np.float32)
            encoding.observe_state(self.state, role, self.awaited(), kept)
            return self._seat_vectors[key].copy()  # the memory's own vector, copied
        memory = self._memories.get(role)
        if memory is None and self.encoding.remembers:
            memory = self._memories[role] = Memory()
        seen = self.view(role) if whole else self.board(role)
        vector = self.encoding.observe(seen, memory)
        return np.frombuffer(vector, dtype=np.float32)

    def mask(self, role: Role, size: int | None = None) -> np.ndarray:
        """1 at the index of each legal action of ``role`` (all 0 when it is not awaited):
        a new array, the caller's."""
        n = self.n_actions
        indices = self._indices(role).copy()
        if size is not None and size > n:
            indices.extend(bytes(size - n))
            n = size
        return np.ndarray(n, _INT8, indices)  # over the copy: cheaper than np.frombuffer

    def _indices(self, role: Role) -> bytearray:
        """The mask of ``role`` now, worked out once a state (not to be changed)."""
        found = self._mask_of
        if found is not None and found[0] == role:
            return found[1]
        mask = self._no_actions.copy()  # cheaper than bytearray(n)
        turn = self.ruleset.to_act(self.state, (role,))  # the step's own list: not copied
        if turn is not None:
            index = self.encoding.actions.index
            try:
                for action in turn[1]:
                    mask[index[action]] = 1
            except KeyError:
                for action in turn[1]:  # names the action outside the space
                    self.encoding.actions.encode(action)
        self._mask_of = (role, mask)
        return mask

    def render(self, role: Role | None, lang: str = "en") -> str:
        """The text board (``core.play.text``) of the seat's view, or its prompt and actions for a
        game without one."""
        import io

        from rich.console import Console

        view = self.ruleset.view(self.state, role, len(self.state.log))
        console = Console(width=120, record=True, file=io.StringIO(), color_system=None)
        board = draw(self.ruleset, view, lang)
        console.print(board if board is not None else view.get("prompt"))
        return console.export_text()

    # --- the end ---------------------------------------------------------------------------

    def returns(self) -> dict[Role, float]:
        """Each seat's result of the finished game (see the module); 0 while it runs."""
        outcome = self.outcome()
        if outcome is None or not outcome.winners:
            return dict.fromkeys(self.roles, 0.0)
        rank = {
            role: (role in outcome.winners, outcome.scores.get(role, 0.0)) for role in self.roles
        }
        others = len(self.roles) - 1
        return {
            role: sum(_sign(rank[role], rank[o]) for o in self.roles if o != role) / others
            for role in self.roles
        }


_INT8 = np.dtype(np.int8)  # a dtype, not its type: numpy converts a type at every call
_UNKNOWN = object()  # an outcome not worked out yet at this version


def _sign(a: tuple[bool, float], b: tuple[bool, float]) -> float:
    return float((a > b) - (a < b))
