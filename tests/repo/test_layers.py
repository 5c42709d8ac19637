"""The layers (docs/architecture.md §1) are import-linter contracts in pyproject.toml
(``[tool.importlinter]``), checked by ``lint-imports`` over the import graph of the code:
the core imports no game, no web app, no learning package and no command line; a game
imports no other game, nor the web app; the web app finds the games through the core's
registry; the command line (``cli/``) is on top and nothing imports it. Inside the core,
its layers (testing, play, registry, bots, engine, i18n) each import only those below, and
no module imports another that imports it back, not even from inside a function."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("core", "cli", "web", "plugins", "rl")
CORE = "The core imports no game, no web app, no learning package, no command line"
ACYCLIC = "No import cycle in the core, not even through an import inside a function"


def lint_imports(cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(script), "--no-cache"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def not_python(folder: str, names: list[str]) -> list[str]:
    """What a copy of the code leaves out: every file but the modules, and the caches."""
    where = Path(folder)
    return [
        name
        for name in names
        if name == "__pycache__" or ((where / name).is_file() and not name.endswith(".py"))
    ]


def test_every_layer_contract_is_kept() -> None:
    checked = lint_imports(ROOT)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "0 broken" in checked.stdout
    assert f"{CORE} KEPT" in checked.stdout
    assert f"{ACYCLIC} KEPT" in checked.stdout


def copy_with(tmp_path: Path, module: str, added: str) -> dict[str, str]:
    """A copy of the code as the namespace package gameshelf, first on the path, with
    ``added`` at the end of ``module`` (a path under the package); the environment that
    finds it."""
    package = tmp_path / "gameshelf"
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, package / folder, ignore=not_python)
    changed = package / module
    changed.write_text(changed.read_text() + added)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return {**os.environ, "PYTHONPATH": str(tmp_path)}


def test_a_core_module_importing_the_web_app_breaks_a_contract(tmp_path: Path) -> None:
    env = copy_with(tmp_path, "core/engine/rng.py", "\nimport gameshelf.web.app  # noqa\n")
    checked = lint_imports(tmp_path, env)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert f"{CORE} BROKEN" in checked.stdout
    assert "gameshelf.core.engine.rng -> gameshelf.web.app" in checked.stdout


def test_an_import_inside_a_function_that_closes_a_cycle_breaks_a_contract(
    tmp_path: Path,
) -> None:
    # The deck draws with the generator (deck imports rng); rng importing the deck back,
    # even deferred into a function, is a cycle.
    deferred = (
        "\n\ndef deck() -> object:\n    from gameshelf.core.engine import deck\n\n    return deck\n"
    )
    env = copy_with(tmp_path, "core/engine/rng.py", deferred)
    checked = lint_imports(tmp_path, env)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert f"{ACYCLIC} BROKEN" in checked.stdout
    assert "in gameshelf.core.engine" in checked.stdout
    assert "- .rng -> .deck (1 import)" in checked.stdout
