"""The documents in docs/ build into a site without a warning: MkDocs in strict mode fails
on a broken link, a missing anchor or a page left out of the navigation."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_docs_site_builds_without_a_warning(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert "WARNING" not in built.stderr, built.stderr
    assert (tmp_path / "architecture" / "index.html").is_file()


FENCED = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)
# Where the tutorial's code comes from, by the language of its block.
SOURCES = {
    "python": ["examples/*/*/__init__.py", "examples/*/tests/*.py"],
    "toml": ["examples/tictactoe/pyproject.toml"],
    "po": ["examples/tictactoe/tictactoe/locale/*/LC_MESSAGES/*.po"],
}


@pytest.mark.parametrize("page", ["tutorial.md"])
def test_the_tutorials_code_is_the_examples_word_for_word(page: str) -> None:
    blocks = FENCED.findall((ROOT / "docs" / page).read_text())
    assert len(blocks) > 10
    for lang, code in blocks:
        if lang not in SOURCES:
            continue  # shell commands
        sources = [p.read_text() for g in SOURCES[lang] for p in sorted(ROOT.glob(g))]
        assert any(code.strip() in source for source in sources), code
