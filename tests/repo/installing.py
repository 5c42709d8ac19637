"""A fresh virtual environment that sees this checkout's Gameshelf, for installing a plugin
with ``pip install -e`` the way its author would, without touching the test run's own
environment (where every installed game is played by the kit).

The new environment reads this environment's site-packages through a path file (nothing is
downloaded) and runs the editable install's import hook of this checkout, so ``gameshelf``
and its dependencies import there as here; what pip installs goes into the new one only.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

HERE = Path(sysconfig.get_paths()["purelib"])  # this environment's site-packages
# ``gameshelf`` as the console script runs it, in an environment's own Python.
GAMESHELF = "import sys; from gameshelf.cli import main; sys.argv[0] = 'gameshelf'; main()"


def bare_environment(where: Path) -> tuple[Path, Path]:
    """A new virtual environment under ``where`` that reads this environment's
    site-packages (Gameshelf's dependencies) but not the editable install of this checkout
    (path files inside a path added so are not read); its Python and its site-packages."""
    venv.EnvBuilder(with_pip=False).create(where)
    python = where / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(site, "gameshelf_dependencies.pth").write_text(f"{HERE}\n")
    return python, Path(site)


def environment(where: Path) -> Path:
    """A new virtual environment under ``where`` that imports this checkout; its Python."""
    python, site = bare_environment(where)
    for hook in sorted(HERE.glob("__editable__*gameshelf-*.pth")):  # read after the above
        (site / f"zz_{hook.name}").write_text(hook.read_text())
    return python


def pip_install_editable(python: Path, *projects: Path) -> None:
    """``pip install -e project`` of each project into the environment of ``python`` (no
    download: the dependencies are there already, and setuptools builds from here)."""
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
    editable = [arg for project in projects for arg in ("-e", str(project))]
    done = subprocess.run(
        [*pip, "--no-deps", "--no-build-isolation", *editable], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def run(python: Path, *args: str, cwd: Path) -> str:
    """Run ``python`` with ``args`` from ``cwd``, with no PYTHONPATH; its output."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["COLUMNS"] = "200"  # rich's tables: no folded cells
    done = subprocess.run(
        [str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout
