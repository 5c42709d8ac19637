"""The site's font as shipped (scripts/subset_font.py): its slices, their ranges, their
character maps."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from fontTools.ttLib import TTFont

from tests.web.browser import SystemFonts

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "web" / "static" / "fonts"
FAMILY = "Gameshelf TC"


def faces() -> list[tuple[str, set[int]]]:
    """The ``@font-face`` rules of fonts/tc.css: (file name, code points of its range)."""
    css = (FONTS / "tc.css").read_text(encoding="utf-8")
    found = []
    for rule in re.findall(r"@font-face\s*\{(.*?)\}", css, re.S):
        assert f'font-family: "{FAMILY}"' in rule
        file = re.search(r'url\("/assets/fonts/([^"]+)"\)', rule)
        ranges = re.search(r"unicode-range:([^;]+);", rule)
        assert file is not None
        assert ranges is not None
        found.append((file.group(1), code_points(ranges.group(1))))
    return found


def code_points(ranges: str) -> set[int]:
    points: set[int] = set()
    for part in ranges.split(","):
        first, _, last = part.strip().removeprefix("U+").partition("-")
        points.update(range(int(first, 16), int(last or first, 16) + 1))
    return points


@cache
def cmap_of(file: str) -> set[int]:
    return set(TTFont(FONTS / file).getBestCmap())


def shipped_cmap() -> set[int]:
    """Every code point some slice of the site's font draws."""
    return set().union(*(cmap_of(file) for file, _ in faces()))


# Marks every shown element whose own text holds a character outside ASCII; returns
# their texts by mark.
MARK_TEXTS = """() => {
  const texts = [];
  for (const el of document.querySelectorAll('body *')) {
    let own = '';
    for (const n of el.childNodes) if (n.nodeType === 3) own += n.data;
    if (!/[^\\x00-\\x7f]/.test(own) || !el.checkVisibility()) continue;
    el.setAttribute('data-glyphs', texts.length);
    texts.push(own);
  }
  return texts;
}"""


def notdef_characters(page: Any, system: SystemFonts) -> dict[str, str]:
    """The characters Chromium drew as a missing glyph (□), by the text they are in: those
    no font Chromium drew the element's own text with has (``CSS.getPlatformFontsForNode``:
    the site's font by its slices' maps, a system font by its family's)."""
    texts = page.evaluate(MARK_TEXTS)
    shipped = shipped_cmap()
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "[data-glyphs]"})
        missing: dict[str, str] = {}
        for node in nodes["nodeIds"]:
            attrs = cdp.send("DOM.getAttributes", {"nodeId": node})["attributes"]
            own = texts[int(dict(zip(attrs[::2], attrs[1::2], strict=True))["data-glyphs"])]
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            if not fonts:  # laid out but not drawn (a closed <details>'s content)
                continue
            drawn: set[int] = set()
            for font in fonts:
                drawn |= (
                    shipped
                    if font["isCustomFont"]
                    else system.families.get(font["familyName"], set())
                )
            lacking = "".join(sorted({c for c in own if not c.isspace() and ord(c) not in drawn}))
            if lacking:
                missing[own.strip()[:40]] = lacking
    finally:
        page.evaluate(
            "() => document.querySelectorAll('[data-glyphs]')"
            ".forEach(el => el.removeAttribute('data-glyphs'))"
        )
        cdp.detach()
    return missing
