"""The distribution: one top-level package, ``gameshelf``, installed from a wheel and played.

The folders stay ``core/``, ``web/`` and ``plugins/`` at the repository root; the wheel maps
them under ``gameshelf`` (pyproject's package-dir). The wheel goes into a fresh virtual
environment that has no source tree beside it; its dependencies come from this environment's
site-packages by a path file (nothing is downloaded, and the editable install of this checkout
is not seen, because path files inside a path added that way are not read).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.repo.installing import bare_environment

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        check=True,
        cwd=out,
    )
    (found,) = out.glob("gameshelf-*.whl")
    return found


def test_the_wheel_installs_only_the_gameshelf_package(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert tops == {"gameshelf"}
    assert "gameshelf/cli/__init__.py" in names
    assert "gameshelf/core/testing/fresh.py" in names  # the kit's fresh processes run it
    assert {"gameshelf/core/py.typed", "gameshelf/web/py.typed"} <= set(names)
    assert "gameshelf/core/i18n/locale/zh_TW/LC_MESSAGES/core.po" in names
    assert "gameshelf/cli/locale/zh_TW/LC_MESSAGES/cli.po" in names
    assert "gameshelf/cli/plugin_template/__name__/rules.py.tmpl" in names  # gameshelf new
    assert "gameshelf/plugins/hammer_scots/data/blocks.json" in names
    assert "gameshelf/web/templates/base.html" in names
    assert "gameshelf/plugins/three_kingdoms/__init__.py" in names
    assert not any(name.startswith("gameshelf/tests/") for name in names)


def test_the_installed_command_plays_a_game_with_no_source_tree(
    wheel: Path, tmp_path: Path
) -> None:
    env_dir = tmp_path / "env"
    python, _ = bare_environment(env_dir)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            str(wheel),
        ],
        check=True,
    )
    # The installed command, run from an empty folder with no PYTHONPATH.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    ran = subprocess.run(
        [
            str(env_dir / "bin" / "gameshelf"),
            "simulate",
            "three_kingdoms",
            "--games",
            "2",
            "--json",
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    summary = json.loads(ran.stdout)
    assert (summary["game"], summary["games"], summary["errors"]) == ("three_kingdoms", 2, [])
