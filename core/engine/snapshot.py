"""Saved states that survive data edits: snapshots carry the fingerprint of what they assume.

A snapshot (a state saved so that loading a long match need not replay all of it) is only
good for the game it was written by: the same data files (a state keeps lists per piece and
per area in the data's order, so a block or a border inserted in the data shifts them all)
and the same state schema. :func:`fingerprint` digests both:

- the game's data files: every file under the ruleset's ``data_dir`` (default: the
  ``data`` folder beside the module that defines the ruleset's class, as a plugin lays
  them out), by name and content;
- the state schema: the JSON schema of ``state_type`` (fields, their types and defaults)
  and the ruleset's ``state_version``, a number a game raises when what a field *means*
  changes while its shape stays;
- the game's id.

:func:`dump_snapshot` writes the fingerprint on the snapshot's first line;
:func:`load_snapshot` refuses one whose fingerprint differs (or that has none) with
:class:`StaleSnapshot`, a ``ValueError``, so that its reader rebuilds the match from its
history instead (the history holds only actions, which mean the same after a data edit).
A snapshot that matches is loaded through ``Ruleset.load_state``, which still refuses a
state that does not fit the game (``StepMachine.check``, ``Ruleset.check_state``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from gameshelf.core.engine.ruleset import Ruleset

HEADER = "#fingerprint "


class StaleSnapshot(ValueError):
    """A snapshot written under other data files or another state schema."""


def data_files(ruleset: Ruleset[Any]) -> list[Path]:
    """The game's data files, sorted (see the module): what its states are laid out by."""
    folder = getattr(ruleset, "data_dir", None)
    if folder is None:
        module = sys.modules.get(type(ruleset).__module__)
        where = getattr(module, "__file__", None)
        folder = Path(where).parent / "data" if where else None
    if folder is None or not Path(folder).is_dir():
        return []
    return sorted(p for p in Path(folder).rglob("*") if p.is_file() and p.suffix != ".pyc")


def state_schema(ruleset: Ruleset[Any]) -> str:
    """The state's schema as text: its JSON schema and the ruleset's ``state_version``."""
    try:
        schema: Any = TypeAdapter(ruleset.state_type).json_schema()
    except Exception:  # a type pydantic cannot describe: its fields' names and types
        schema = {
            name: repr(f)
            for name, f in getattr(ruleset.state_type, "__pydantic_fields__", {}).items()
        }
    version = getattr(ruleset, "state_version", 0)
    return json.dumps({"version": version, "schema": schema}, sort_keys=True, default=repr)


def fingerprint(ruleset: Ruleset[Any]) -> str:
    """A short digest of the game's id, data files and state schema (see the module)."""
    return _fingerprint(type(ruleset), ruleset)


@cache
def _fingerprint(cls: type, ruleset: Ruleset[Any]) -> str:
    digest = hashlib.sha256()
    digest.update(ruleset.info.id.encode())
    digest.update(state_schema(ruleset).encode())
    for path in data_files(ruleset):
        digest.update(b"\0" + path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def dump_snapshot(ruleset: Ruleset[Any], state: Any) -> str:
    """The state as snapshot text: the fingerprint line, then the state's JSON."""
    return f"{HEADER}{fingerprint(ruleset)}\n{ruleset.dump_state(state)}"


def load_snapshot(ruleset: Ruleset[Any], text: str) -> Any:
    """The state a snapshot holds, or :class:`StaleSnapshot` if it was written under other
    data or another schema (``ValueError`` too for a state the game refuses)."""
    header, _, body = text.partition("\n")
    if not header.startswith(HEADER):
        raise StaleSnapshot("the snapshot has no fingerprint (written by an older version)")
    saved, now = header.removeprefix(HEADER), fingerprint(ruleset)
    if saved != now:
        raise StaleSnapshot(
            f"the snapshot was written under other data files or another state schema "
            f"of {ruleset.info.id} (fingerprint {saved}, now {now})"
        )
    return ruleset.load_state(body)
