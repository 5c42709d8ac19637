"""A saved state must fit the data it is read with: its per-block, per-border and per-area
lists have one entry for each block, border and area (state.check_fits_data, called by
RULESET.load_state through Ruleset.check_state)."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.snapshot import dump_snapshot, load_snapshot
from gameshelf.plugins.hammer_scots.model import N_AREAS, N_BLOCKS, N_BORDERS
from gameshelf.plugins.hammer_scots.rules import RULESET


def saved_with(**cut: int) -> str:
    """A new game's saved state with the named lists cut to the given lengths."""
    s = RULESET.setup(1)
    for name, length in cut.items():
        setattr(s, name, getattr(s, name)[:length])
    return RULESET.dump_state(s)


def test_a_state_that_fits_the_data_loads():
    text = saved_with()
    assert RULESET.dump_state(RULESET.load_state(text)) == text


@pytest.mark.parametrize(
    ("name", "length", "message"),
    [
        ("location", N_BLOCKS - 1, f"location lists {N_BLOCKS - 1} blocks, the game's data has"),
        ("strength", N_BLOCKS - 1, f"strength lists {N_BLOCKS - 1} blocks"),
        ("border_count", N_BORDERS - 3, f"border_count lists {N_BORDERS - 3} borders"),
        ("last_used", N_BORDERS - 3, f"last_used lists {N_BORDERS - 3} borders"),
        ("attacker", N_AREAS - 1, f"attacker lists {N_AREAS - 1} areas"),
        ("main_origin", N_AREAS - 1, f"main_origin lists {N_AREAS - 1} areas"),
        ("main_border", N_AREAS - 1, f"main_border lists {N_AREAS - 1} areas"),
    ],
)
def test_a_state_whose_lists_do_not_fit_the_data_is_refused(name, length, message):
    with pytest.raises(ValueError, match=message):
        RULESET.load_state(saved_with(**{name: length}))


def test_a_snapshot_cut_to_55_blocks_and_46_borders_is_refused():  # the probe
    s = RULESET.setup(1)
    s.location, s.strength = s.location[:55], s.strength[:55]
    s.border_count, s.last_used = s.border_count[:46], s.last_used[:46]
    with pytest.raises(ValueError, match="saved with other data and cannot be loaded"):
        load_snapshot(RULESET, dump_snapshot(RULESET, s))
