"""What an open-source project carries besides its code: a licence that matches the
metadata, one version, a changelog, a contributing guide, a pre-commit configuration."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

import gameshelf.core
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_written_once_and_the_metadata_reads_it() -> None:
    assert importlib.metadata.version("gameshelf") == gameshelf.core.__version__
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert gameshelf.core.__version__ not in pyproject
    assert 'dynamic = ["version"]' in pyproject


def test_the_web_app_says_the_same_version(tmp_path: Path) -> None:
    registry = Registry(make_plugin_manager(load=[]))
    app = create_app(Settings(db=tmp_path / "db.sqlite3"), registry=registry)
    assert app.version == gameshelf.core.__version__


def test_the_licence_is_the_mit_licence_the_metadata_names() -> None:
    assert importlib.metadata.metadata("gameshelf")["License"] == "MIT"
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")


def test_the_changelog_has_an_entry_for_the_current_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## {gameshelf.core.__version__}" in changelog


@pytest.mark.parametrize("package", ["core", "cli", "web", "plugins"])
def test_every_package_says_it_is_typed(package: str) -> None:
    assert (ROOT / package / "py.typed").is_file()


def test_the_pre_commit_configuration_is_valid() -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-config", ".pre-commit-config.yaml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    config = (ROOT / ".pre-commit-config.yaml").read_text()
    for hook in ("ruff check", "ruff format", "mypy"):
        assert hook in config
