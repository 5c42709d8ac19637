"""Every section the code cites exists in the repository's documents.

A comment or docstring cites the rule it implements, ``# RULES §6.4: ...``. Which document
a citation names:

- ``RULES §x``, or a bare ``§x``, in a game's files (``plugins/<game>/``, ``tests/<game>/``,
  ``docs/rules/<game>.md``): the section ``§x`` of ``docs/rules/<game>.md``. For
  Three Kingdoms, whose rules are a design note over the seed document, a bare ``§x`` and
  ``DESIGN §x`` name the design part (headings ``§x``) and ``seed §x`` the seed's rules
  (headings ``seed §x``) of ``docs/rules/three_kingdoms.md``.
- Anywhere else, the citation names its game first: ``hammer_scots RULES §2.3``.
- ``architecture §x`` (or ``architecture.md §x``), anywhere: ``docs/architecture.md``.

A section exists when a heading of its document starts with it (``### §5.2 Border limits``,
``## seed §2.2 Resolving the space``). A range (``§10.9-10``, ``§7.15–§7.17``) needs every
section in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("hammer_scots", "three_kingdoms", "twilight_struggle", "hansa_britannia")
DESIGN_GAME = "three_kingdoms"  # the game whose rules are cited as DESIGN and seed
ARCHITECTURE = ROOT / "docs" / "architecture.md"
SUFFIXES = {".py", ".js", ".html", ".css", ".json", ".po", ".md", ".toml", ".cfg", ".txt"}
SKIPPED_DIRS = {".git", ".venv", "build", "node_modules", "test-artifacts", "__pycache__"}
HERE = Path(__file__).resolve()

NUMBER = r"\d+(?:\.\d+)*"
CITATION = re.compile(
    rf"(?:\b(?P<game>{'|'.join(GAMES)})\s+)?"
    rf"(?:\b(?P<kind>RULES|DESIGN|[Ss]eed|architecture(?:\.md)?)\s+)?"
    rf"§(?P<gap>[\s#]*)(?P<first>{NUMBER})?"
    rf"(?:\s*[-–]\s*§?(?P<last>{NUMBER}))?"
)
HEADING = re.compile(rf"^#{{1,6}}\s+(?:(?P<kind>seed|design)\s+)?§(?P<number>{NUMBER})\b", re.I)


class Citation(NamedTuple):
    path: Path
    line: int
    text: str
    document: Path | None  # None: the citation names no document it may cite
    kind: str
    sections: tuple[str, ...]


def game_of(path: Path) -> str | None:
    """The game whose files ``path`` is among (``None``: none)."""
    parts = path.relative_to(ROOT).parts
    if len(parts) > 1 and parts[0] in ("plugins", "tests") and parts[1] in GAMES:
        return parts[1]
    if parts[:2] == ("docs", "rules") and path.stem in GAMES:
        return path.stem
    return None


def rules_of(game: str) -> Path:
    return ROOT / "docs" / "rules" / f"{game}.md"


def sections_between(first: str, last: str | None) -> tuple[str, ...]:
    """``§10.9-10`` is 10.9 and 10.10; ``§5.1-5.5`` is 5.1 to 5.5; ``§2-4`` is 2, 3 and 4."""
    if last is None:
        return (first,)
    head, tail = first.split("."), last.split(".")
    if len(tail) < len(head):  # the end abbreviated: its last numbers replace the start's
        tail = head[: len(head) - len(tail)] + tail
    if head[:-1] != tail[:-1]:
        return (first, ".".join(tail))
    stem = head[:-1]
    return tuple(".".join([*stem, str(n)]) for n in range(int(head[-1]), int(tail[-1]) + 1))


def document_of(path: Path, game: str | None, kind: str) -> tuple[Path | None, str]:
    """The document a citation of ``kind`` in ``path`` names, and the kind of heading."""
    if kind.startswith("architecture") or (kind == "" and path == ARCHITECTURE):
        return ARCHITECTURE, "architecture"
    if game is None:
        return None, kind or "rules"
    if game == DESIGN_GAME:
        if kind in ("", "DESIGN"):
            return rules_of(game), "design"
        if kind.lower() == "seed":
            return rules_of(game), "seed"
        return None, kind
    if kind in ("", "RULES"):
        return rules_of(game), "rules"
    return None, kind


def files() -> Iterator[Path]:
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT).parts
        if any(part in SKIPPED_DIRS or part.endswith(".egg-info") for part in rel):
            continue
        if path.is_file() and path.suffix in SUFFIXES and path != HERE:
            yield path


def citations(path: Path) -> Iterator[Citation]:
    text = path.read_text(encoding="utf-8")
    if "§" not in text:
        return
    own_game = game_of(path)
    for match in CITATION.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        game = match["game"] or own_game
        kind = match["kind"] or ""
        if match["first"] is None:  # a § that names no section
            yield Citation(path, line, match[0], None, kind, ())
            continue
        document, heading_kind = document_of(path, game, kind)
        sections = sections_between(match["first"], match["last"])
        yield Citation(path, line, match[0].strip(), document, heading_kind, sections)


def headings(document: Path) -> set[tuple[str, str]]:
    """``(kind, number)`` of every numbered heading of ``document``."""
    default = (
        "architecture"
        if document == ARCHITECTURE
        else "design"
        if document.stem == DESIGN_GAME
        else "rules"
    )
    found = set()
    for line in document.read_text(encoding="utf-8").splitlines():
        match = HEADING.match(line)
        if match:
            found.add(((match["kind"] or default).lower(), match["number"]))
    return found


@cache
def all_citations() -> tuple[Citation, ...]:
    """Every citation, but a document's own numbered headings (which define sections)."""
    found = []
    for path in files():
        lines = path.read_text(encoding="utf-8").splitlines()
        defines = path == ARCHITECTURE or (game_of(path) is not None and path.suffix == ".md")
        for citation in citations(path):
            if not (defines and HEADING.match(lines[citation.line - 1])):
                found.append(citation)
    return tuple(found)


def problems() -> list[str]:
    found: list[str] = []
    cache: dict[Path, set[tuple[str, str]]] = {}
    for c in all_citations():
        where = f"{c.path.relative_to(ROOT)}:{c.line}: {c.text!r}"
        if c.document is None:
            found.append(f"{where} names no document (outside a game's folder, name the game)")
            continue
        if c.document not in cache:
            cache[c.document] = headings(c.document) if c.document.is_file() else set()
        missing = [n for n in c.sections if (c.kind, n) not in cache[c.document]]
        if missing:
            doc = c.document.relative_to(ROOT)
            found.append(f"{where}: {doc} has no {c.kind} section {', '.join(missing)}")
    return found


def test_every_cited_section_exists() -> None:
    found = problems()
    assert not found, f"{len(found)} citations name no section:\n" + "\n".join(found)


def test_the_code_cites_many_sections() -> None:
    """The check above sees the citations (a pattern that matched none would pass)."""
    cited = [c for c in all_citations() if c.document is not None]
    assert len(cited) > 1000
    assert {c.document for c in cited} >= {rules_of(game) for game in GAMES}


@pytest.mark.parametrize(
    ("first", "last", "sections"),
    [
        ("10.9", "10", ("10.9", "10.10")),
        ("5.1", "5.5", ("5.1", "5.2", "5.3", "5.4", "5.5")),
        ("2", "4", ("2", "3", "4")),
        ("7.2", "3", ("7.2", "7.3")),
        ("6", None, ("6",)),
    ],
)
def test_a_range_names_every_section_in_it(
    first: str, last: str | None, sections: tuple[str, ...]
) -> None:
    assert sections_between(first, last) == sections


def test_a_citation_outside_a_game_must_name_it(tmp_path: Path) -> None:
    path = ROOT / "web" / "example.py"  # never written: only its place matters
    assert document_of(path, None, "RULES") == (None, "RULES")
    assert document_of(path, "hammer_scots", "RULES")[0] == rules_of("hammer_scots")
    assert document_of(path, None, "architecture")[0] == ARCHITECTURE
    assert document_of(path, "hammer_scots", "DESIGN")[0] is None
