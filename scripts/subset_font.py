"""Make the site's Traditional Chinese web font: Noto Sans CJK TC (SIL Open Font License
1.1, from Debian's fonts-noto-cjk) cut down to the characters that Gameshelf's catalogs,
templates, scripts and game data use, as WOFF2 slices with the ``@font-face`` rules that
name each slice's ``unicode-range`` (web/static/fonts/tc.css). Rerun it when a catalog or a
game's data gains a character; tests/web/test_font.py fails until then.

    apt-get install fonts-noto-cjk && .venv/bin/python scripts/subset_font.py
    # or, without installing it: apt-get download fonts-noto-cjk && dpkg -x fonts-noto-cjk_*.deb
    # /tmp/noto && .venv/bin/python scripts/subset_font.py --source /tmp/noto/usr/share/...

The font holds the CJK characters only (from U+2E80 on): letters, digits and punctuation are
the system's, in either language. Every font stack of the site names the font first, so
that Chromium draws a Chinese character with it even when it had not arrived yet as the text
was first laid out (with an installed font first, it keeps that font's missing-glyph box).
A browser downloads a slice only when the page shows one of its characters, so the slices
follow who shows what:

- ``switch``: the language switch's 中文, on every page;
- ``names``: the Chinese that English pages show (Three Kingdoms' names beside their English
  ones, an English message quoting a Chinese word);
- ``site``: the rest of the site's own words (its catalogs, templates and scripts);
- one slice a game: what that game alone shows;
- ``shared``: what two or more games show and the site does not.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TC = 3  # Noto Sans CJK TC within the collection
FOLDER = ROOT / "web" / "static" / "fonts"
CSS = FOLDER / "tc.css"
FAMILY = "Gameshelf TC"
# the same font installed (fonts-noto-cjk): nothing to download
LOCAL = 'local("Noto Sans CJK TC"), local("NotoSansCJKtc-Regular")'
URL = "/assets/fonts"
CJK = 0x2E80  # the first CJK block: the font holds the characters from here on

# Where the words players read come from: the site's, then each game's (plugins/<game>/).
SITE = (
    "core/i18n/locale/*/LC_MESSAGES/*.po",
    "web/locale/*/LC_MESSAGES/*.po",
    "web/templates/*.html",
    "web/static/*.js",
)
GAME = (
    "locale/*/LC_MESSAGES/*.po",
    "data/**/*.json",
    "*.py",  # names written in a game's code (names.py: its title, its options)
    "web/templates/**/*.html",
    "web/static/**/*.js",
    "web/static/**/*.json",
)
ENGLISH_CATALOGS = (
    "*/locale/en/LC_MESSAGES/*.po",
    "core/i18n/locale/en/LC_MESSAGES/*.po",
    "plugins/*/locale/en/LC_MESSAGES/*.po",
)
# Words written into a template or a script are shown in either language (三國戰記's title)
LITERALS = (
    "web/templates/*.html",
    "web/static/*.js",
    "plugins/*/web/templates/**/*.html",
    "plugins/*/web/static/**/*.js",
)
SWITCH = "中文"  # base.html's language switch
# Layout features kept: what horizontal Chinese and Latin text use. The locale forms (locl)
# are kept for Traditional Chinese only (the other regions' forms doubled the size).
FEATURES = ["kern", "ccmp", "liga", "calt", "mark", "mkmk", "locl", "palt", "halt"]


def read(root: Path, patterns: Iterable[str]) -> set[str]:
    found: set[str] = set()
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            if path.is_file():
                found.update(re.findall(r"[^\x00-\x7f]", path.read_text(encoding="utf-8")))
    return found


def games(root: Path = ROOT) -> list[str]:
    return sorted(p.parent.name for p in root.glob("plugins/*/__init__.py"))


def characters(root: Path = ROOT) -> set[str]:
    """Every character outside ASCII that the site may show (the font covers those from
    U+2E80 on, the system's fonts the others)."""
    found = read(root, SITE)
    for game in games(root):
        found |= read(root / "plugins" / game, GAME)
    return found


def english_characters(root: Path = ROOT) -> set[str]:
    """The CJK characters that English pages show: the switch's, those an English message
    quotes, those a template or a script writes, and a game's Chinese names kept beside
    their English ones in its data (``name``/``name_en``: a short value whose key has an
    ``_en`` twin)."""
    found = set(SWITCH) | {c for c in msgstrs(root, ENGLISH_CATALOGS) if ord(c) >= CJK}
    found |= {c for c in read(root, LITERALS) if ord(c) >= CJK}
    for path in sorted(root.glob("plugins/*/data/**/*.json")):
        found |= {c for c in twinned_names(json.loads(path.read_text("utf-8"))) if ord(c) >= CJK}
    return found


def msgstrs(root: Path, patterns: Iterable[str]) -> str:
    from babel.messages.pofile import read_po

    texts: list[str] = []
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            with path.open("rb") as f:
                for message in read_po(f):
                    strings = (
                        message.string if isinstance(message.string, tuple) else [message.string]
                    )
                    texts.extend(s for s in strings if s)
    return "".join(texts)


def twinned_names(data: object) -> str:
    if isinstance(data, list):
        return "".join(twinned_names(item) for item in data)
    if not isinstance(data, dict):
        return ""
    found = [v for k, v in data.items() if isinstance(v, str) and len(v) <= 8 and f"{k}_en" in data]
    return "".join(found) + "".join(twinned_names(v) for v in data.values())


def slices(root: Path = ROOT) -> dict[str, set[str]]:
    """The CJK characters of each slice (disjoint, in the order the CSS declares them)."""

    def cjk(chars: set[str]) -> set[str]:
        return {c for c in chars if ord(c) >= CJK}

    site = cjk(read(root, SITE))
    by_game = {g: cjk(read(root / "plugins" / g, GAME)) for g in games(root)}
    switch = set(SWITCH)
    names = english_characters(root) - switch
    out = {"switch": switch, "names": names, "site": site - switch - names}
    taken = switch | names | site
    for game, chars in by_game.items():
        others = set().union(*(c for g, c in by_game.items() if g != game))
        out[game] = chars - taken - others
    out["shared"] = set().union(*by_game.values()) - taken - set().union(*(out[g] for g in by_game))
    return out


def unicode_range(chars: Iterable[str]) -> str:
    """``U+4E2D, U+6587-6589``: runs of code points as CSS ranges."""
    points = sorted({ord(c) for c in chars})
    runs: list[list[int]] = []
    for p in points:
        if runs and p == runs[-1][1] + 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    return ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in runs)


def only_traditional_forms(font: object) -> None:
    """Keep the locale forms (``locl``) of Traditional Chinese (langsys ZHT) only."""
    for tag in ("GSUB", "GPOS"):
        if tag not in font:  # type: ignore[operator]
            continue
        table = font[tag].table  # type: ignore[index]
        records = table.FeatureList.FeatureRecord
        for script in table.ScriptList.ScriptRecord:
            systems = [("dflt", script.Script.DefaultLangSys)]
            systems += [(r.LangSysTag.strip(), r.LangSys) for r in script.Script.LangSysRecord]
            for lang, system in systems:
                if system is None or lang == "ZHT":
                    continue
                system.FeatureIndex = [
                    i for i in system.FeatureIndex if records[i].FeatureTag != "locl"
                ]
                system.FeatureCount = len(system.FeatureIndex)


def cut(source: Path, chars: set[str]) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    font = TTCollection(source).fonts[TC]
    only_traditional_forms(font)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = FEATURES
    options.name_IDs = ["*"]  # keep the copyright and licence names
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.recalcTimestamp = False  # the same characters give the same file, and name
    font.save(out)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    from fontTools.ttLib import TTCollection

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="NotoSansCJK-Regular.ttc")
    args = parser.parse_args(argv)
    cmap = TTCollection(args.source).fonts[TC].getBestCmap()
    for old in FOLDER.glob("*.woff2"):
        old.unlink()
    rules = [
        "/* Made by scripts/subset_font.py: Noto Sans CJK TC (SIL OFL 1.1, OFL.txt) in slices;\n"
        "   a browser downloads a slice when a page shows one of its characters. */"
    ]
    total = 0
    for name, chars in slices().items():
        kept = {c for c in chars if ord(c) in cmap}
        if not kept:
            continue
        data = cut(args.source, kept)
        file = f"tc-{name}.{hashlib.sha256(data).hexdigest()[:10]}.woff2"
        (FOLDER / file).write_bytes(data)
        total += len(data)
        rules.append(
            f'@font-face {{\n  font-family: "{FAMILY}";\n  src: {LOCAL}, url("{URL}/{file}") '
            f'format("woff2");\n  font-display: swap;\n  unicode-range: {unicode_range(kept)};\n}}'
        )
        print(f"{file}: {len(kept)} characters, {len(data)} bytes")
    CSS.write_text("\n".join(rules) + "\n", encoding="utf-8")
    print(f"{CSS.relative_to(ROOT)}: {len(rules) - 1} slices, {total} bytes in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
