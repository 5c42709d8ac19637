"""Make the site's Traditional Chinese web font: Noto Sans CJK TC (SIL Open Font License
1.1, from Debian's fonts-noto-cjk) cut down to the characters that Gameshelf's catalogs,
templates, scripts and game data use, as WOFF2 (web/static/fonts/). Rerun it when a catalog
or a game's data gains a character; tests/web/test_font.py fails until then.

    apt-get install fonts-noto-cjk && .venv/bin/python scripts/subset_font.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TC = 3  # Noto Sans CJK TC within the collection
OUT = ROOT / "web" / "static" / "fonts" / "noto-sans-tc-subset.woff2"

# Where the words players read come from.
SOURCES = (
    "core/locale/*/LC_MESSAGES/*.po",
    "web/locale/*/LC_MESSAGES/*.po",
    "plugins/*/locale/*/LC_MESSAGES/*.po",
    "plugins/*/data/*.json",
    "plugins/*/*.py",  # names written in a game's code (names.py: its title, its options)
    "plugins/*/web/templates/**/*.html",
    "plugins/*/web/static/**/*.js",
    "web/templates/*.html",
    "web/static/*.js",
)


def characters(root: Path = ROOT) -> set[str]:
    """Every character outside ASCII that the site may show (the font covers these)."""
    found: set[str] = set()
    for pattern in SOURCES:
        for path in sorted(root.glob(pattern)):
            found.update(re.findall(r"[^\x00-\x7f]", path.read_text(encoding="utf-8")))
    return found


def main() -> int:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    font = TTCollection(SOURCE).fonts[TC]
    cmap = font.getBestCmap()
    # ASCII too: every character of a page is then in the shipped font, Latin included
    # (tests/web/test_browser_zh.py checks the rendered text against it).
    ascii_ = {chr(c) for c in range(0x20, 0x7F)}
    wanted = sorted(c for c in characters() | ascii_ if ord(c) in cmap)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the copyright and licence names
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(font)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff2"
    font.save(OUT)
    print(f"{OUT.relative_to(ROOT)}: {len(wanted)} characters, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
