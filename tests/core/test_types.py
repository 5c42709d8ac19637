"""The code base type-checks: mypy over gameshelf.core (strict), gameshelf.web and
gameshelf.plugins, as configured in pyproject.toml's [tool.mypy], through
scripts/typecheck.py (which lays out build/typecheck/gameshelf/ first: see the script)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "typecheck.py"
TREE = ROOT / "build" / "typecheck" / "gameshelf"
FOLDERS = ("core", "cli", "web", "plugins")


def test_mypy_finds_no_error() -> None:
    found = subprocess.run(
        [sys.executable, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert found.returncode == 0, found.stdout + found.stderr
    for folder in FOLDERS:  # the package mypy read is the repository's folders
        assert (TREE / folder).resolve() == (ROOT / folder).resolve()
