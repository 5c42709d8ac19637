"""The state's helpers: frames built without validation are the frames pydantic builds."""

from __future__ import annotations

import pytest

from gameshelf.core.frames import Frame, new_frame
from gameshelf.core.state_model import dump_json, load_json
from gameshelf.plugins.three_kingdoms.battle import Siege
from gameshelf.plugins.three_kingdoms.field_battle import Fight
from gameshelf.plugins.three_kingdoms.state import AtLand, build_frame


def test_a_frame_built_unvalidated_equals_the_validated_one_and_survives_json():
    quick = build_frame(Siege, land="xuchang", plan=["guan_yu", "zhuge_liang"])
    assert quick == Siege(land="xuchang", plan=["guan_yu", "zhuge_liang"])
    assert (quick.roles, quick.chosen) == ([], [])  # the defaults, each its own list
    assert build_frame(Fight, foe="p2").later is not build_frame(Fight, foe="p3").later
    frame = new_frame("generals", quick)
    assert load_json(Frame, dump_json(frame)) == frame


def test_a_frame_missing_a_field_without_default_is_refused():
    with pytest.raises(TypeError, match="'land'"):
        build_frame(AtLand)
