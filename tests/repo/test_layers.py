"""The layers (docs/architecture.md §1) are import-linter contracts in pyproject.toml
(``[tool.importlinter]``), checked by ``lint-imports`` over the import graph of the code:
the core imports no game, no web app, no learning package and no command line; a game
imports no other game, nor the web app; the web app finds the games through the core's
registry; the command line (``cli/``) is on top and nothing imports it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("core", "cli", "web", "plugins", "rl")
CORE = "The core imports no game, no web app, no learning package, no command line"


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


def test_a_core_module_importing_the_web_app_breaks_a_contract(tmp_path: Path) -> None:
    # A copy of the code as the namespace package gameshelf, first on the path, with one
    # import too many.
    package = tmp_path / "gameshelf"
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, package / folder, ignore=not_python)
    rng = package / "core" / "engine" / "rng.py"
    rng.write_text(rng.read_text() + "\nimport gameshelf.web.app  # noqa\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    checked = lint_imports(tmp_path, env)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert f"{CORE} BROKEN" in checked.stdout
    assert "gameshelf.core.engine.rng -> gameshelf.web.app" in checked.stdout
