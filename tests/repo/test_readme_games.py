"""The README's "Games" paragraph names every game the project ships, by its title, its id
and its number of players, and no game it does not ship."""

from __future__ import annotations

import re
from pathlib import Path

from gameshelf.core.registry.plugins import Registry, make_plugin_manager

ROOT = Path(__file__).resolve().parents[2]


def games_paragraph() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("Games (")
    return readme[start : readme.index("\n\n", readme.index("\n- ", start))]


def players(low: int, high: int) -> str:
    return f"{low} players" if low == high else f"{low}–{high} players"


def test_the_games_paragraph_names_every_shipped_game_and_no_other() -> None:
    shipped = Registry(make_plugin_manager(load=None)).games
    said = games_paragraph()
    listed = re.findall(r"\(`(\w+)`, ", said)
    assert sorted(listed) == sorted(shipped)
    for game in shipped.values():
        info = game.info
        title = info.title.split(" ", 1)[-1] if game.id == "three_kingdoms" else info.title
        assert f"**{title}**" in said, title
        assert f"(`{game.id}`, {players(info.min_players, info.max_players)})" in said
    count = {2: "two", 3: "three", 4: "four", 5: "five"}[len(shipped)]
    assert said.startswith(f"Games ({count}, ")
