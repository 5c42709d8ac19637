"""Fixtures for the Hammer of the Scots tests (the helpers themselves are in builders.py)."""

from __future__ import annotations

import pytest

from tests.hammer_scots import builders


@pytest.fixture
def build():
    return builders.build


@pytest.fixture
def play():
    return builders.play


@pytest.fixture
def legal():
    return builders.legal
