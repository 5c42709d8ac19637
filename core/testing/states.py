"""How the kit tells states apart, fast: a state but its log, and the log as its length
and last line or as a running digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gameshelf.core.engine.state_model import dump_json

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
