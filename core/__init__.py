"""Gameshelf core: the generic engine every game plugin stands on. No game is named here.

The core is grouped by layer (docs/architecture.md §1.1): ``i18n`` (messages), ``engine``
(the state, the step machine and the components), ``bots``, ``registry`` (finding games),
``play`` (matches, tournaments) and ``testing`` (the conformance kit). Each imports only the
layers below it.

Until 0.1 the modules were flat (``gameshelf.core.steps``). Those paths still import, as
the same module objects, with a ``DeprecationWarning`` naming the new path
(docs/stability.md); they go in 0.2.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

# The one place the version is written: pyproject.toml reads it ([tool.setuptools.dynamic]),
# and so does everything that shows it (the web app's API description, `gameshelf plugins`).
__version__ = "0.1.0"

# Where each module of the flat core of 0.1 lives now.
MOVED = {
    "messages": "i18n.messages",
    **{
        name: f"engine.{name}"
        for name in [
            "actions",
            "deck",
            "dice",
            "encoding",
            "frames",
            "graph",
            "hidden",
            "money",
            "parts",
            "procedure",
            "reveal",
            "rng",
            "ruleset",
            "secret",
            "snapshot",
            "state",
            "state_model",
            "steps",
            "turns",
        ]
    },
    "agents": "bots.agents",
    "search": "bots.search",
    "builtin": "registry.builtin",
    "hookspecs": "registry.hookspecs",
    "plugins": "registry.plugins",
    "match": "play.match",
    "text": "play.text",
    "tournament": "play.tournament",
    "simulate": "testing.simulate",
    "pytest_plugin": "testing.pytest_plugin",
}
REMOVED_IN = "0.2"


class _Moved(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old path as the module at its new one, with a warning."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        old = fullname.removeprefix(f"{__name__}.")
        if old == fullname or old not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        new = f"{__name__}.{MOVED[module.__name__.removeprefix(f'{__name__}.')]}"
        warnings.warn(
            f"{module.__name__} moved to {new}; the old path goes in {REMOVED_IN}",
            DeprecationWarning,
            stacklevel=2,
        )
        # The import system hands back what sys.modules holds under the old name once
        # this returns: the module itself, so that its classes are the same classes.
        sys.modules[module.__name__] = importlib.import_module(new)


sys.meta_path.append(_Moved())
