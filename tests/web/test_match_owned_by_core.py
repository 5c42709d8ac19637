"""Nothing outside core writes a match's state or history: a match resumes from a snapshot
through ``Match.resume``/``Match.resumed`` (core.play.match), so the web app and the tests never
assign ``match.state`` or ``match.history`` themselves."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# an assignment to the state or history of something that is not ``self`` (a match's own
# methods live in core/play/match.py, which is not scanned)
WRITE = re.compile(r"(?<!self)(?<!app)(?<!request\.app)\.(state|history)\s*(=(?!=)|\+=|\.append\()")


def writes(folder: str) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        if path == Path(__file__).resolve():
            continue  # the examples above
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if WRITE.search(line.split("#", 1)[0]):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_pattern_sees_a_write() -> None:
    assert WRITE.search("table.match.state = ruleset.load_state(saved)")
    assert WRITE.search("match.history = [HistoryEntry(a.role, a.type, a.arg, a.fresh)]")
    assert not WRITE.search("app.state.tables = Tables(storage)")
    assert not WRITE.search("self.state = self._fresh_state()")
    assert not WRITE.search("assert match.state == other")


def test_no_code_outside_core_writes_a_matchs_state_or_history() -> None:
    assert writes("web") == []
    assert writes("tests") == []
