"""Core is a library of generic mechanisms: no game is named in it."""

from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "core"
GAME_WORDS = [
    "hammer",
    "scots",
    "scotland",
    "england",
    "three_kingdoms",
    "twilight",
    "defcon",
    "hansa",
    "kontor",
    "wallace",
    "lanark",
]


@pytest.mark.parametrize("word", GAME_WORDS)
def test_core_never_names_a_game(word):
    hits = [
        f"{path.name}:{n}"
        for path in sorted(CORE.rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if word in line.lower()
    ]
    assert not hits, f"{word!r} appears in core: {hits}"
