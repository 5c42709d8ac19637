"""Fixtures of the 三國戰記 tests; the situations themselves come from ``builders``."""

from __future__ import annotations

import pytest

from gameshelf.plugins.three_kingdoms.rules import RULESET, ThreeKingdoms


@pytest.fixture
def ruleset() -> ThreeKingdoms:
    return RULESET
