"""The repository is ruff-clean and ruff-formatted, so the README's test command (which CI
runs as ``.ci/run``) fails on a lint finding or an unformatted file, as the pre-commit
configuration does on a developer's machine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, "--no-cache", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ruff_finds_nothing() -> None:
    found = ruff("check")
    assert found.returncode == 0, found.stdout + found.stderr


def test_every_file_is_formatted() -> None:
    found = ruff("format", "--check")
    assert found.returncode == 0, found.stdout + found.stderr
