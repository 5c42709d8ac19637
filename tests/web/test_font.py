"""The site's Traditional Chinese font (scripts/subset_font.py): every character that the
catalogs, templates, scripts and game data show is in the shipped subset, and it is served."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from fastapi.testclient import TestClient
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "web" / "static" / "fonts" / "noto-sans-tc-subset.woff2"
# Symbols drawn by the system's fonts (Noto CJK has no glyph for them).
SYMBOLS = set("↶⏸▸▾⚔✕⤢")


def shown_characters() -> set[str]:
    spec = importlib.util.spec_from_file_location("subset_font", ROOT / "scripts/subset_font.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.characters(ROOT)


def test_every_character_shown_is_in_the_font() -> None:
    cmap = TTFont(FONT).getBestCmap()
    missing = sorted(c for c in shown_characters() - SYMBOLS if ord(c) not in cmap)
    assert not missing, f"rerun scripts/subset_font.py: the font lacks {''.join(missing)}"


def test_the_font_and_its_licence_are_served(client: TestClient) -> None:
    reply = client.get("/assets/fonts/noto-sans-tc-subset.woff2")
    assert reply.status_code == 200
    assert reply.content[:4] == b"wOF2"
    assert "SIL OPEN FONT LICENSE" in client.get("/assets/fonts/OFL.txt").text
    assert "noto-sans-tc-subset.woff2" in client.get("/assets/gameshelf.css").text
