"""A saved game loads back exactly; one that does not fit the data is refused."""

from __future__ import annotations

import json

import pytest

from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import play


def test_a_saved_game_loads_back_exactly():
    s = RULESET.setup(3, "competitive")
    play(s, "USSR", ("country", "poland"))
    text = RULESET.dump_state(s)
    assert RULESET.dump_state(RULESET.load_state(text)) == text


def test_a_state_whose_influence_list_does_not_fit_the_map_is_refused():
    data = json.loads(RULESET.dump_state(RULESET.setup(3)))
    data["influence"]["US"] = data["influence"]["US"][:80]
    with pytest.raises(ValueError, match="80 entries, the map 84 countries"):
        RULESET.load_state(json.dumps(data))
