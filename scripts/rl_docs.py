"""Write docs/rl/<game>.md: each game's action space and observation fields, made from the
game's encoding (core.engine.encoding), so the documentation is the code's own account of it.

    .venv/bin/python scripts/rl_docs.py          # rewrite the pages
    .venv/bin/python scripts/rl_docs.py --check  # exit 1 if a page is out of date

tests/core/test_encoding.py runs the check.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from gameshelf.core.engine.ruleset import Ruleset
from gameshelf.core.registry.plugins import Registry

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rl"


def configurations(ruleset: Ruleset[Any]) -> list[tuple[str, dict[str, object], int]]:
    """(scenario, options, players) whose encodings differ in size: every scenario and
    player count, with each boolean option on."""
    info = ruleset.info
    flags = [o.id for o in info.options if isinstance(o.default, bool)]
    out = []
    for sc in info.scenarios:
        for players in range(info.min_players, info.max_players + 1):
            out.append((sc.id, {}, players))
            out.extend(
                (sc.id, {flag: not ruleset.info.resolve_options({})[flag]}, players)
                for flag in flags
            )
    return out


def page(ruleset: Ruleset[Any]) -> str:
    info = ruleset.info
    default = ruleset.encoding(None, None, None)
    assert default is not None
    lines = [
        f"# {info.title} (`{info.id}`) for learning agents",
        "",
        "Made by `scripts/rl_docs.py` from the game's encoding (`plugins/"
        f"{info.id}/encoding.py`); do not edit by hand. See [the overview](README.md).",
        "",
        "## Sizes",
        "",
        "| scenario | options | players | actions (N) | observation length |",
        "| --- | --- | --- | --- | --- |",
    ]
    plain: dict[tuple[str, int], tuple[int, int]] = {}
    for scenario, options, players in configurations(ruleset):
        enc = ruleset.encoding(scenario, options, players)
        assert enc is not None
        sizes = (enc.actions.size, enc.layout.size)
        if options and plain.get((scenario, players)) == sizes:
            continue  # an option that changes no size is not listed
        plain.setdefault((scenario, players), sizes)
        shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        lines.append(
            f"| {scenario} | {shown} | {players} | {enc.actions.size} | {enc.layout.size} |"
        )
    lines += [
        "",
        f"## Actions ({info.scenarios[0].id}, defaults, {len(default.roles)} players)",
        "",
        "Each action type takes the indices below, its arguments in the order of the game's "
        "data files.",
        "",
        default.actions.table(),
        "",
        f"## Observation ({info.scenarios[0].id}, defaults, {len(default.roles)} players)",
        "",
        "Floats, mostly in 0..1 (counts are divided by the figure the field names). A field "
        '"per seat" has a run per seated role, in seating order; with more players the '
        "offsets move but the order stays.",
        "",
        default.layout.table(),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for game in sorted(Registry().games.values(), key=lambda g: g.id):
        if game.ruleset.encoding() is None:
            continue
        path = DOCS / f"{game.id}.md"
        text = page(game.ruleset)
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path))
        else:
            path.write_text(text)
    for path in stale:
        print(f"{path} is out of date: run scripts/rl_docs.py", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
