"""What every browser test shares: Debian's Chromium (never a downloaded browser), the flags
it is launched with, and the marks that skip a test, with the reason, where it is missing.
The ``browser`` fixture itself is in ``conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's chromium is not installed "
        "(apt-get install chromium): no browser is ever downloaded",
    ),
]
