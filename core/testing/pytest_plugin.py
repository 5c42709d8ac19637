"""The conformance kit as a pytest plugin (entry point ``pytest11``: ``gameshelf``).

A game package written by anyone runs the same checks as the bundled games with one line::

    def test_conformance(conformance):
        conformance(RULESET)

Options: ``--conformance-seeds N`` (games per scenario and player count, default 3) and
``--conformance-failures DIR`` (where a failing match is saved).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gameshelf.core.testing import KitReport, check_ruleset


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("gameshelf")
    group.addoption(
        "--conformance-seeds",
        type=int,
        default=3,
        help="seeded games per scenario and player count (default 3)",
    )
    group.addoption(
        "--conformance-failures",
        default=None,
        help="folder for matches that fail the kit (default .gameshelf-failures)",
    )


@pytest.fixture
def conformance(request: pytest.FixtureRequest) -> Callable[..., KitReport]:
    """``conformance(ruleset, **kwargs)`` runs ``core.testing.check_ruleset`` with the
    command line's seed count and failure folder (keyword arguments override them)."""
    seeds = request.config.getoption("--conformance-seeds")
    failures = request.config.getoption("--conformance-failures")

    def run(ruleset: Any, **kwargs: Any) -> KitReport:
        kwargs.setdefault("seeds", range(seeds))
        kwargs.setdefault("failure_dir", failures)
        return check_ruleset(ruleset, **kwargs)

    return run
