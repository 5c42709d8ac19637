"""What every browser test shares: Debian's Chromium (never a downloaded browser), the flags
it is launched with, and the marks that skip a test, with the reason, where it is missing.
The ``browser`` fixture itself is in ``conftest.py``."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from fontTools.ttLib import TTCollection, TTFont

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


# --- A computer without a CJK font ------------------------------------------------------------

FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path.home() / ".fonts")
FONT_FILES = ("*.ttf", "*.otf", "*.ttc", "*.otc")
CJK_PROBES = "中あ한"  # a font that draws any of these is a CJK font


@dataclass(frozen=True)
class SystemFonts:
    """The system's fonts as the browser tests' Chromium sees them: every CJK font left out
    (``conf``, a fontconfig file that rejects them), the others' character maps by family."""

    conf: Path
    families: dict[str, frozenset[int]]
    left_out: tuple[str, ...]

    def env(self) -> dict[str, str]:
        return {**os.environ, "FONTCONFIG_FILE": str(self.conf)}


@cache
def system_fonts_without_cjk() -> SystemFonts:
    """Chromium's fonts for the tests: the system's (``/etc/fonts``) minus any that draws
    Chinese, Japanese or Korean, so that a board shows only what the site's own font draws,
    whatever fonts this machine has (Debian's fonts-noto-cjk, say)."""
    families: dict[str, set[int]] = {}
    left_out: list[str] = []
    for folder in FONT_DIRS:
        for pattern in FONT_FILES:
            for path in sorted(folder.rglob(pattern)):
                for font in _faces(path):
                    cmap = set(font["cmap"].getBestCmap() or {})
                    if any(ord(c) in cmap for c in CJK_PROBES):
                        left_out.append(str(path))
                        break
                    for family in _family_names(font):
                        families.setdefault(family, set()).update(cmap)
    conf = Path(tempfile.mkdtemp(prefix="gameshelf-fonts-")) / "fonts.conf"
    rejected = "".join(f"<glob>{escape(p)}</glob>" for p in sorted(set(left_out)))
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        '<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<selectfont><rejectfont>{rejected}</rejectfont></selectfont></fontconfig>\n",
        encoding="utf-8",
    )
    return SystemFonts(
        conf, {f: frozenset(c) for f, c in families.items()}, tuple(sorted(set(left_out)))
    )


def _faces(path: Path) -> list[TTFont]:
    try:
        if path.suffix.lower() in (".ttc", ".otc"):
            return list(TTCollection(str(path), lazy=True).fonts)
        return [TTFont(str(path), lazy=True)]
    except Exception:  # not a font fontTools reads: Chromium will not draw with it either
        return []


def _family_names(font: TTFont) -> set[str]:
    names = font["name"]
    return {str(n) for n in names.names if n.nameID in (1, 16) and n.toStr()}
