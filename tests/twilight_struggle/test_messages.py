"""Every log line, prompt and outcome text of whole games reads as sentences in both
languages: no message id or placeholder is left, and named things are named."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.rng import Rng
from gameshelf.core.i18n.messages import render, render_view
from gameshelf.plugins.twilight_struggle.rules import RULESET

NAMER = RULESET.namer()


def random_game(seed: int, scenario: str):
    s = RULESET.setup(seed, scenario)
    pick = Rng(seed=seed)
    prompts = []
    while RULESET.outcome(s) is None:
        role, legal = RULESET.to_act(s, RULESET.info.roles)
        prompts.append(RULESET.view(s, role)["prompt"])
        RULESET.play(s, role, legal[pick.randint(0, len(legal) - 1)])
    return s, prompts


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_whole_games_render_without_ids_or_placeholders(lang):
    for seed, scenario in ((1, "standard"), (2, "competitive")):
        s, prompts = random_game(seed, scenario)
        lines = [render(line, lang, NAMER) for line in s.log]
        lines += [render(p, lang, NAMER) for p in prompts[::7]]
        lines.append(render(RULESET.outcome(s).text, lang, NAMER))
        for line in lines:
            assert "twilight_struggle." not in line, line
            assert "{" not in line, line
            assert "_" not in line, line  # an id such as west_germany left unnamed


def test_a_view_reads_in_chinese():
    s = RULESET.setup(1)
    view = render_view(RULESET.view(s, "US"), "zh_TW", NAMER)
    assert view["prompt"].startswith("等待") or "蘇聯" in view["prompt"]
    view = render_view(RULESET.view(s, "USSR"), "zh_TW", NAMER)
    assert view["prompt"] == "請在東歐放置 1 點影響力（還剩 6 點）。"
