"""The world map's layout (drawing.py, data/layout.json) fits the map: a box for every
country and superpower, on the map, none overlapping, each link drawn once; a layout that
breaks any of it is refused at load with the reason."""

from __future__ import annotations

import pytest

from gameshelf.plugins.twilight_struggle.drawing import DRAWING, LAYOUT, LINKS, Layout, check
from gameshelf.plugins.twilight_struggle.model import COUNTRIES, BadData


def changed(**parts: object) -> Layout:
    return LAYOUT.model_copy(update=parts)


def test_every_country_and_both_superpowers_have_a_box_and_every_link_a_line():
    assert set(DRAWING["at"]) == {c.id for c in COUNTRIES} | {"USA", "USSR"}
    pairs = {frozenset(p) for p in DRAWING["links"]}
    assert len(pairs) == len(DRAWING["links"]) == len(LINKS)  # each link once
    for c in COUNTRIES:
        for other in c.adjacent:
            assert frozenset((c.id, other)) in pairs
    assert frozenset(("USA", "japan")) in {frozenset(p) for p in DRAWING["wrap"]}


def test_a_missing_box_is_refused():
    countries = dict(LAYOUT.countries)
    del countries["poland"]
    with pytest.raises(BadData, match="exactly the countries"):
        check(changed(countries=countries))


def test_overlapping_boxes_are_refused():
    countries = {**LAYOUT.countries, "poland": LAYOUT.countries["east_germany"]}
    with pytest.raises(BadData, match="overlap"):
        check(changed(countries=countries))


def test_a_box_off_the_map_is_refused():
    countries = {**LAYOUT.countries, "poland": (LAYOUT.size[0] + 10, 300)}
    with pytest.raises(BadData, match="off the map"):
        check(changed(countries=countries))


def test_a_wrap_that_is_no_link_is_refused():
    with pytest.raises(BadData, match="no link"):
        check(changed(wrap=(("USA", "poland"),)))
