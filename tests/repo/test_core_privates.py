"""Plugins use the core's public form only: no name of the core that starts with an
underscore (docs/stability.md: such names are not promised and may change in any release).

A game imports none (``from gameshelf.core.engine.steps import _x``) and reads none as an attribute
(``step._why_not_from_options(...)``, ``ambient._legal(...)``, ``s._queue``): an attribute
counts when the core defines a private name so and the game's own package does not."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = [*sorted((ROOT / "plugins").glob("*/")), *sorted((ROOT / "examples").glob("*/"))]


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined(tree: ast.AST) -> Iterator[str]:
    """The private names a module defines: functions, classes, module and class variables,
    and attributes it sets (``self._x = ...``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node.id
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            yield node.attr
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id


def private_names(folder: Path) -> set[str]:
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        names |= {n for n in defined(ast.parse(path.read_text(encoding="utf-8"))) if private(n)}
    return names


CORE_PRIVATE = private_names(ROOT / "core")


def reaches(path: Path, own: set[str], root: Path = ROOT) -> Iterator[str]:
    """Where the module at ``path`` uses a private name of the core that its package
    (``own``: the private names it defines) does not define itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(root)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gameshelf.core"):
            for alias in node.names:
                if private(alias.name):
                    yield f"{where}:{node.lineno}: imports {node.module}.{alias.name}"
        elif isinstance(node, ast.Attribute) and node.attr in CORE_PRIVATE - own:
            yield f"{where}:{node.lineno}: reads the core's .{node.attr}"


def test_the_core_has_private_names_to_look_for() -> None:
    assert {"_queue", "_refusal", "_settle"} <= CORE_PRIVATE


def test_no_game_uses_a_private_name_of_the_core() -> None:
    found = []
    for game in GAMES:
        own = private_names(game)
        for path in sorted(game.rglob("*.py")):
            found += reaches(path, own)
    assert found == [], "\n".join(found)


def test_the_check_sees_a_private_import_and_a_private_attribute(tmp_path: Path) -> None:
    game = tmp_path / "game.py"
    game.write_text(
        "from gameshelf.core.engine.steps import _blank\n"
        "def legal(step, s, role, action):\n"
        "    return step._refusal(step, s, role, action, True)\n"
    )
    found = list(reaches(game, set(), tmp_path))
    assert [line.split(": ", 1)[1] for line in found] == [
        "imports gameshelf.core.engine.steps._blank",
        "reads the core's ._refusal",
    ]
