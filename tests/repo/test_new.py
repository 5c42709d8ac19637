"""``gameshelf new NAME`` writes a plugin package that passes its own tests and the kit, is
lint-clean, installs with ``pip install -e`` and shows in ``gameshelf list`` and the lobby at
once; a bad name or an existing folder is refused and nothing is written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gameshelf.cli import app
from tests.repo.installing import GAMESHELF, environment, pip_install_editable, run

EXAMPLES = sorted(p.parent for p in Path(__file__).parents[2].glob("examples/*/pyproject.toml"))

LOBBY = """
import sys
from fastapi.testclient import TestClient
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings

with TestClient(create_app(Settings(db=sys.argv[1]))) as site:
    print(site.get("/", headers={"Accept-Language": sys.argv[2]}).text)
"""


def new(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["new", *args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("new")
    code, output = new("race_to_ten", "--dir", str(where), "--title", "Race to ten")
    assert code == 0, output
    assert "race_to_ten" in output
    return where / "race_to_ten"


def test_it_writes_a_ruleset_a_step_catalogs_an_entry_point_and_a_test(plugin: Path) -> None:
    assert {p.relative_to(plugin).as_posix() for p in plugin.rglob("*") if p.is_file()} == {
        "README.md",
        "pyproject.toml",
        "race_to_ten/__init__.py",
        "race_to_ten/rules.py",
        "race_to_ten/locale/en/LC_MESSAGES/race_to_ten.po",
        "race_to_ten/locale/zh_TW/LC_MESSAGES/race_to_ten.po",
        "tests/test_race_to_ten.py",
    }
    assert (
        '[project.entry-points.gameshelf]\nrace_to_ten = "race_to_ten"'
        in (plugin / "pyproject.toml").read_text()
    )
    assert "@machine.step" in (plugin / "race_to_ten" / "rules.py").read_text()


def test_its_code_is_lint_clean_and_formatted(plugin: Path) -> None:
    for check in (["check", "."], ["format", "--check", "."]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *check, "--no-cache"],
            cwd=plugin,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr


def test_its_own_tests_pass_the_kit_among_them(plugin: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=plugin,
        env={**os.environ, "PYTHONPATH": str(plugin)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


def test_it_installs_and_shows_in_the_list_and_the_lobby_at_once(
    plugin: Path, tmp_path: Path
) -> None:
    """The examples are installed beside it the same way (examples/*: installable too)."""
    python = environment(tmp_path / "venv")
    pip_install_editable(python, plugin, *EXAMPLES)
    listed = run(python, "-c", GAMESHELF, "list", "--lang", "en", cwd=tmp_path)
    assert "race_to_ten" in listed
    assert "Race to ten" in listed
    for game in ("hammer_scots", *(example.name for example in EXAMPLES)):
        assert game in listed  # beside the bundled games and the examples
    chinese = run(python, "-c", LOBBY, str(tmp_path / "site.sqlite3"), "zh-TW", cwd=tmp_path)
    assert "Race to ten" in chinese  # its title (no Chinese one was given)
    assert "輪流加 1 或 2，先加到十的人獲勝。" in chinese  # its description, from its catalog


@pytest.mark.parametrize("name", ["Race", "9lives", "class", "a", "json", "with-dash"])
def test_a_name_that_cannot_be_a_new_package_is_refused(name: str, tmp_path: Path) -> None:
    code, output = new(name, "--dir", str(tmp_path))
    assert code == 2
    assert name in output
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_written_over(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "keep.txt").write_text("mine")
    code, output = new("mine", "--dir", str(tmp_path), "--lang", "zh-TW")
    assert code == 2
    assert "已經存在" in output
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["keep.txt"]


def test_a_title_with_quotes_and_a_chinese_title_are_written_as_given(tmp_path: Path) -> None:
    code, _ = new("quoted", "--dir", str(tmp_path), "--title", 'A "big" race', "--title-zh", "搶十")
    assert code == 0
    rules = (tmp_path / "quoted" / "quoted" / "rules.py").read_text()
    assert "title='A \"big\" race'," in rules
    zh = tmp_path / "quoted" / "quoted" / "locale" / "zh_TW" / "LC_MESSAGES" / "quoted.po"
    assert 'msgstr "搶十"' in zh.read_text()
