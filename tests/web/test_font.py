"""The site's Traditional Chinese font (scripts/subset_font.py): every Chinese character
that the catalogs, templates, scripts and game data show is in one of its slices, each
slice's ``unicode-range`` is exactly its character map, every font stack of the site and its
boards names it first, and the slices are served to be kept by the browser. (Characters
below the CJK blocks are the system's fonts': tests/web/test_browser_glyphs.py draws every
page with nothing but DejaVu and Liberation besides the site's font.)"""

from __future__ import annotations

import importlib.util
import re
from types import ModuleType

import pytest
from fastapi.testclient import TestClient

from tests.web.fonts import FAMILY, FONTS, ROOT, cmap_of, faces, shipped_cmap

CJK = 0x2E80  # the font draws the characters from here on


def subset_font() -> ModuleType:
    spec = importlib.util.spec_from_file_location("subset_font", ROOT / "scripts/subset_font.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_chinese_character_shown_is_in_a_slice_of_the_font() -> None:
    covered = shipped_cmap()
    shown = subset_font().characters(ROOT)
    assert {"冀", "蘇", "貿", "。"} <= shown  # Three Kingdoms, Hammer, Hansa, the site
    missing = sorted(c for c in shown if ord(c) >= CJK and ord(c) not in covered)
    assert not missing, f"rerun scripts/subset_font.py: the font lacks {''.join(missing)}"


def test_each_slice_claims_exactly_its_characters_and_no_other_slices() -> None:
    seen: set[int] = set()
    for file, points in faces():
        assert points == cmap_of(file), file  # the browser fetches it for these, and only these
        assert min(points) >= CJK, file  # Chinese only: letters are the system's
        assert not points & seen, f"{file} overlaps another slice"
        seen |= points
    assert set(FONTS.glob("*.woff2")) == {FONTS / f for f, _ in faces()}  # no stale slice


def test_english_pages_need_only_the_switch_slice_and_the_names() -> None:
    slices = {f.split(".")[0]: (points, (FONTS / f).stat().st_size) for f, points in faces()}
    switch, size = slices["tc-switch"]
    assert switch == {ord("中"), ord("文")}
    assert size < 4000  # what an English page of Hammer, Twilight Struggle or Hansa costs
    # Three Kingdoms' English board shows its lords, lands and talents in Chinese beside
    # their English names: those come from one slice, not from the whole font
    names, _ = slices["tc-names"]
    assert {ord(c) for c in "曹操袁紹冀州天機"} <= names
    assert ord("的") not in names


# --- Every font stack names the site's font -------------------------------------------------

STYLESHEETS = ("web/static/*.css", "plugins/*/web/static/*.css")
MARKUP = ("web/templates/*.html", "plugins/*/web/templates/*.html")
SCRIPTS = ("web/static/*.js", "plugins/*/web/static/*.js")
SITE_STACKS = {"inherit", "var(--sans)", "var(--serif)", "var(--mono)"}


def font_stacks(text: str) -> list[str]:
    """The font-family values of a stylesheet, a style attribute or a script's style."""
    stacks = re.findall(r"font-family\s*:\s*([^;}\n]+)", text)
    stacks += re.findall(r"fontFamily\s*=\s*[\"'`]([^\"'`]+)", text)
    # the shorthand: "font: 600 1rem/1.2 Georgia, serif" (not "font: inherit")
    for value in re.findall(r"(?<![-\w])font\s*:\s*([^;}\n]+)", text):
        if value.strip() != "inherit":
            stacks.append(value)
    return [s.strip().rstrip("\"'>") for s in stacks]


def stacks_in(patterns: tuple[str, ...]) -> list[tuple[str, str]]:
    found = []
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            for stack in font_stacks(path.read_text(encoding="utf-8")):
                found.append((str(path.relative_to(ROOT)), stack))
    return found


def leads(stack: str) -> bool:
    """The stack starts with the site's font (after a weight, size or style, in ``font:``)."""
    return stack in SITE_STACKS or re.match(rf"([\w.%/-]+\s+)*\"{FAMILY}\"", stack) is not None


def test_every_font_stack_of_every_page_and_board_names_the_site_font_first() -> None:
    stacks = stacks_in(STYLESHEETS + MARKUP + SCRIPTS)
    assert len(stacks) > 20  # the scan finds the stacks
    assert [(where, stack) for where, stack in stacks if not leads(stack)] == []
    css = (ROOT / "web/static/gameshelf.css").read_text(encoding="utf-8")
    for var in ("--sans", "--serif", "--mono"):
        assert re.search(rf"{var}: \"{FAMILY}\", ", css), var


def test_the_stack_scan_sees_a_stack_without_the_font() -> None:
    assert font_stacks('.a { font-family: "DejaVu Serif", Georgia, serif; }') == [
        '"DejaVu Serif", Georgia, serif'
    ]
    assert font_stacks("el.style.fontFamily = 'Georgia, serif'") == ["Georgia, serif"]
    assert font_stacks(".b { font: 600 1rem Georgia; } .c { font: inherit; }") == [
        "600 1rem Georgia"
    ]
    assert not leads('"DejaVu Serif", "Gameshelf TC", serif')  # named, but after a font
    assert leads('"Gameshelf TC", "DejaVu Serif", serif')
    assert leads('italic 600 1rem/1.2 "Gameshelf TC", Georgia')


# --- Served, and kept by the browser ----------------------------------------------------------


def test_the_slices_and_the_licence_are_served_to_be_kept(client: TestClient) -> None:
    page = client.get("/")
    assert '<link rel="stylesheet" href="/assets/fonts/tc.css">' in page.text
    css = client.get("/assets/fonts/tc.css")
    assert css.status_code == 200
    assert css.text == (FONTS / "tc.css").read_text(encoding="utf-8")
    for file, _ in faces():
        reply = client.get(f"/assets/fonts/{file}")
        assert reply.status_code == 200
        assert reply.content[:4] == b"wOF2"
        # named by its content's hash: a new cut of the font gets new names
        assert reply.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert "SIL OPEN FONT LICENSE" in client.get("/assets/fonts/OFL.txt").text
    assert "immutable" not in client.get("/assets/fonts/tc.css").headers.get("cache-control", "")
    assert client.get("/assets/fonts/nothing.0123456789.woff2").status_code == 404


@pytest.mark.parametrize(
    ("text", "expected"),
    [("中文", "U+4E2D, U+6587"), ("abcz", "U+61-63, U+7A"), ("", "")],
)
def test_unicode_range_joins_runs(text: str, expected: str) -> None:
    assert subset_font().unicode_range(text) == expected
