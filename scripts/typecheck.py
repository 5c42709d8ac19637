"""Type-check the code base with mypy, as configured in pyproject.toml's [tool.mypy].

The package ``gameshelf`` exists only through the editable install's import hook, which mypy
does not follow, so this lays out build/typecheck/gameshelf/ with symlinks to the folders
core/, web/ and plugins/ first (build/ is not in git), then runs mypy over it. The test suite
(tests/core/test_types.py) and the pre-commit hook both run this script.

    .venv/bin/python scripts/typecheck.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "typecheck" / "gameshelf"
FOLDERS = ("core", "cli", "web", "plugins", "rl")


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


def main() -> int:
    lay_out_package()
    config = str(ROOT / "pyproject.toml")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", config], cwd=ROOT
    ).returncode


if __name__ == "__main__":
    sys.exit(main())
