"""The game's fixed encoding (encoding.py): random games walked, every offered action inside
N and round-tripping, every seat's vector of the layout's length and unchanged when what the
seat may not see is dealt again (core.testing.encoding.check_encoding)."""

from __future__ import annotations

import pytest

from gameshelf.core.testing.encoding import check_encoding
from gameshelf.plugins.twilight_struggle.rules import RULESET


@pytest.mark.parametrize(("scenario", "options"), [("standard", {}), ("competitive", {})])
def test_offered_actions_round_trip_and_views_encode_without_leaks(scenario, options):
    report = check_encoding(RULESET, scenario=scenario, options=options, seeds=[1], max_steps=150)
    assert report.decisions > 50


def test_the_optional_cards_widen_the_action_space_by_seven_cards():
    plain = RULESET.encoding(options={"optional_cards": False})
    optional = RULESET.encoding(options={"optional_cards": True})
    assert optional.actions.size == plain.actions.size + 7
    assert optional.actions.encode(optional.actions.decode(0)) == 0


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"optional_cards": True}])
def test_whole_random_games_encode(options):
    check_encoding(RULESET, options=options, seeds=range(6), max_steps=20000, leak_every=5)
