"""The core's modules of 0.1 (``gameshelf.core.steps``, ...) moved into layers
(docs/architecture.md §1.1); their old paths still import, as the very same modules, with a
DeprecationWarning naming the new path (docs/stability.md)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from gameshelf.core import MOVED
from gameshelf.core.engine.steps import StepMachine


def test_an_old_path_imports_the_same_module_with_a_warning() -> None:
    # A fresh interpreter: in this one the old path may already have been imported.
    code = (
        "import warnings; warnings.simplefilter('error')\n"
        "try:\n"
        "    from gameshelf.core.steps import StepMachine\n"
        "except DeprecationWarning as warning:\n"
        "    print(warning)\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == (
        "gameshelf.core.steps moved to gameshelf.core.engine.steps; the old path goes in 0.2"
    )


def test_the_old_path_is_the_same_module_and_its_classes_the_same_classes() -> None:
    sys.modules.pop("gameshelf.core.steps", None)  # warned again, as at a first import
    with pytest.warns(DeprecationWarning, match="gameshelf.core.engine.steps"):
        old = importlib.import_module("gameshelf.core.steps")
    assert old is importlib.import_module("gameshelf.core.engine.steps")
    assert old.StepMachine is StepMachine


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_old_path_leads_to_its_module(old: str) -> None:
    new = importlib.import_module(f"gameshelf.core.{MOVED[old]}")
    sys.modules.pop(f"gameshelf.core.{old}", None)
    with pytest.warns(DeprecationWarning, match=MOVED[old]):
        assert importlib.import_module(f"gameshelf.core.{old}") is new


def test_a_path_that_never_existed_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("gameshelf.core.nothing_here")
