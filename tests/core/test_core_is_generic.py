"""Core is a library of generic mechanisms: no game is named in it.

The words come from the installed plugins, not from a hand-kept list: each game's id, title,
roles, scenario ids and titles and the outcome reasons it declares
(``GameInfo.outcome_reasons``), whole (``hammer_scots``, ``most_nobles``) and cut into their
parts (``hammer``, ``nobles``). Every file under ``core/`` is scanned whole, comments and
docstrings included, for each word standing on its own (not inside a longer word).

Left out, as they cannot tell one game from another: words under four letters (``p1``,
``of``, ``the``, ``ii``), and the common words in :data:`COMMON`, which a generic engine
uses in their plain sense (a round, a limit, money, the most of something).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from tests.core.test_steps import fresh, make_machine

CORE = Path(__file__).resolve().parents[2] / "core"

# Plain English a generic engine may say: "three integers", "round", "at most", "limit";
# colours (a game's seats may be named for theirs; the terminal's palette is plain colours),
# "players".
COMMON = frozenset(
    [
        "all",
        "black",
        "blue",
        "green",
        "players",
        "purple",
        "red",
        "white",
        "yellow",
        "campaign",
        "final",
        "founding",
        "killed",
        "king",
        "land",
        "limit",
        "money",
        "most",
        "round",
        "standard",
        "three",
    ]
)

# The games the design names that are not installed yet, so core does not name them either.
PLANNED = ("twilight_struggle", "defcon", "hansa_britannia", "kontor")


def words_of(*names: str) -> set[str]:
    """Each name lowercased, whole and cut at spaces, underscores and punctuation."""
    words: set[str] = set()
    for name in names:
        name = name.lower()
        words.add(name)
        words.update(re.split(r"[\W_]+", name))
    return {w for w in words if len(w) >= 4 and w not in COMMON}


def game_words() -> dict[str, str]:
    """Every word that names an installed game, with the game it comes from."""
    registry = Registry(make_plugin_manager())
    found: dict[str, str] = {}
    for game_id in registry.games:
        info = registry.game(game_id).info
        names = [info.id, info.title, *info.roles, *getattr(info, "outcome_reasons", ())]
        names += [part for sc in info.scenarios for part in (sc.id, sc.title)]
        for word in words_of(*names):
            found.setdefault(word, info.id)
    for word in words_of(*PLANNED):
        found.setdefault(word, "planned")
    return found


WORDS = game_words()


def core_files() -> list[Path]:
    return [p for p in sorted(CORE.rglob("*")) if p.is_file() and "__pycache__" not in p.parts]


def test_the_words_come_from_the_installed_games():
    assert {"hammer_scots", "hammer", "scots", "scotland", "braveheart"} <= WORDS.keys()
    assert {"three_kingdoms", "kingdoms", "三國戰記"} <= WORDS.keys()
    assert {"most_nobles", "nobles", "hegemony_money", "hegemony"} <= WORDS.keys()
    assert not {"p1", "the", "three", "round"} & WORDS.keys()


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(CORE)))
def test_core_never_names_a_game(path):
    text = path.read_text(encoding="utf-8", errors="replace").lower()
    hits = [
        f"{word!r} ({game}) at line {text.count(chr(10), 0, m.start()) + 1}"
        for word, game in sorted(WORDS.items())
        for m in [re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", text)]
        if m
    ]
    assert not hits, f"core/{path.relative_to(CORE)} names a game: {', '.join(hits)}"


def test_a_refused_action_names_the_role_as_its_players_know_it():
    machine = make_machine(role_name=lambda s, role: {"a": "Alice", "b": "Bob"}[role])
    s = fresh(machine)
    with pytest.raises(IllegalAction) as err:
        machine.apply(s, "a", Action("fly"))
    assert err.value.reason == "'fly' is not something Alice can do now."
