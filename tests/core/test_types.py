"""The code base type-checks: mypy over gameshelf.core (strict), gameshelf.web and
gameshelf.plugins, as configured in pyproject.toml's [tool.mypy].

The package gameshelf exists only through the editable install's import hook, which mypy
does not follow, so this test lays out build/typecheck/gameshelf/ with symlinks to the
folders core/, web/ and plugins/ first (build/ is not in git).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREE = ROOT / "build" / "typecheck" / "gameshelf"
FOLDERS = ("core", "web", "plugins")


def lay_out_package() -> None:
    """build/typecheck/gameshelf/{core,web,plugins} -> the repository's folders."""
    TREE.mkdir(parents=True, exist_ok=True)
    for folder in FOLDERS:
        link = TREE / folder
        target = Path("..", "..", "..", folder)
        if link.is_symlink() and Path(os.readlink(link)) == target:
            continue
        if link.is_symlink():
            link.unlink()
        link.symlink_to(target, target_is_directory=True)


def test_the_package_layout_mirrors_the_folders() -> None:
    lay_out_package()
    for folder in FOLDERS:
        assert (TREE / folder).resolve() == (ROOT / folder).resolve()


def test_mypy_finds_no_error() -> None:
    lay_out_package()
    found = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 0, found.stdout + found.stderr
