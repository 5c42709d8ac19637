"""Issue 28 item 3: a prompt says "you"/"your" to the seat it asks, in every game: never
its own name as an address ("England: choose...") or an owner ("the USSR's", "of the
USSR"). Seeded random games, every prompt rendered for the seat awaited, in English."""

from __future__ import annotations

import pytest

from gameshelf.core.bots.agents import RandomAgent
from gameshelf.core.i18n.messages import Msg, render
from gameshelf.core.play import text
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Registry

GAMES = ["hammer_scots", "hansa_britannia", "three_kingdoms", "twilight_struggle"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_prompt_says_you_to_the_seat_it_asks(game_id: str) -> None:
    game = Registry().game(game_id)
    wrong: dict[str, str] = {}
    asked = 0
    for seed in (1, 2):
        match = Match(game, seed=seed)
        bots = {role: RandomAgent(i) for i, role in enumerate(match.roles)}
        namer = match.ruleset.namer()
        for _ in range(600):
            if match.outcome() is not None:
                break
            for role in match.active():
                view = match.ruleset.view(match.state, role)
                shown = view.get("prompt")
                if not isinstance(shown, (dict, Msg)):
                    continue
                prompt = shown if isinstance(shown, Msg) else Msg.from_json(shown)
                said = render(prompt, "en", namer, game_id, role)
                asked += 1
                name = text.role_name(match.ruleset, role, view, "en")
                for as_said in {name, name.split(" ")[-1]}:
                    if said.startswith(f"{as_said}:") or f"{as_said}'s" in said:
                        wrong.setdefault(prompt.id, said)
                    if f"of the {as_said}" in said or f"of {as_said} " in said:
                        wrong.setdefault(prompt.id, said)
            match.play_bots(bots, limit=1)
    assert asked > 100
    assert wrong == {}
