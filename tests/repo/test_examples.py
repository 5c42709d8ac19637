"""The kit for the next plugin author: the four plugins in examples/ are small, pass their
own tests (the conformance kit first among them) and declare what an installable plugin
declares. tests/repo/test_new.py installs them with pip."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p.parent for p in ROOT.glob("examples/*/pyproject.toml"))
SMALL = 150  # lines of Python in an example's package, its tests apart


def test_the_four_examples_are_there() -> None:
    assert [e.name for e in EXAMPLES] == ["card_duel", "goofspiel", "pig", "tictactoe"]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_an_example_is_small(example: Path) -> None:
    lines = sum(len(f.read_text().splitlines()) for f in (example / example.name).glob("*.py"))
    assert lines <= SMALL, f"{example.name}: {lines} lines"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_an_example_is_a_package_with_an_entry_point_and_its_catalogs(example: Path) -> None:
    project = tomllib.loads((example / "pyproject.toml").read_text())["project"]
    assert project["entry-points"]["gameshelf"] == {example.name: example.name}
    for lang in ("en", "zh_TW"):
        assert (example / example.name / "locale" / lang / "LC_MESSAGES").is_dir()
    assert list((example / "tests").glob("test_*.py"))


def test_every_example_passes_its_own_tests_and_the_kit() -> None:
    """One pytest run of the examples' tests, as each author runs them."""
    paths = os.pathsep.join(str(example) for example in EXAMPLES)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        + [str(example / "tests") for example in EXAMPLES],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": paths},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed in .*", summary), summary  # none skipped
