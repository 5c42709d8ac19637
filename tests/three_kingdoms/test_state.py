"""The state's frames: built without validation, they are the frames pydantic loads."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.frames import Frame, new_frame
from gameshelf.core.engine.state_model import dump_json, load_json
from gameshelf.plugins.three_kingdoms.battle import Battle
from gameshelf.plugins.three_kingdoms.field_battle import Fight
from gameshelf.plugins.three_kingdoms.state import AtLand


def test_a_frame_built_unvalidated_survives_json():
    quick = Battle(land="xuchang", plan=["guan_yu", "zhuge_liang"])
    assert (quick.roles, quick.chosen) == ([], [])  # the defaults, each its own list
    assert Fight(foe="p2").later is not Fight(foe="p3").later
    frame = new_frame("generals", quick)
    assert load_json(Frame, dump_json(frame)) == frame


def test_a_frame_missing_a_field_without_default_is_refused():
    with pytest.raises(TypeError, match="'land'"):
        AtLand()  # type: ignore[call-arg]
