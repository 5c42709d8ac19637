"""core.engine.parts: a part is made once per key and handed back while the key is the same;
core.i18n.messages.said: a logged line is rendered once per language."""

from __future__ import annotations

from gameshelf.core.engine.parts import Kept
from gameshelf.core.i18n.messages import Msg, render, said


def test_a_part_is_made_once_per_key_and_the_same_object_comes_back() -> None:
    kept: Kept[list[int]] = Kept(size=4)
    made: list[int] = []

    def make(n: int) -> list[int]:
        made.append(n)
        return [n]

    first = kept.get(("areas", 1), lambda: make(1))
    assert kept.get(("areas", 1), lambda: make(1)) is first
    assert made == [1]
    assert kept.get(("areas", 2), lambda: make(2)) == [2]
    assert made == [1, 2]


def test_kept_parts_are_bounded() -> None:
    kept: Kept[int] = Kept(size=4)
    for n in range(10):
        kept.get(n, lambda n=n: n)
    assert len(kept) <= 4
    assert kept.get(9, lambda: -1) == 9  # the newest stay


def test_a_logged_line_is_rendered_once_per_language() -> None:
    line = Msg("core.game_over")
    english = said(line, "en")
    assert english == render(line, "en")
    assert said(line, "en") is english  # kept on the message
    chinese = said(line, "zh_TW")
    assert chinese == render(line, "zh_TW") != english
    assert said("a plain line", "zh_TW") == "a plain line"
