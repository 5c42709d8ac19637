"""Issue 15, Tests: no hidden card of the other side in any view. Through random games (both
option settings), at every step, every card a view describes anywhere (hand, headline,
piles, effects, the card being played, the shown cards) is checked: a card in the other
side's hand appears only when an event shows it to this seat (``shown``) or once it is
chosen for the round (``playing``: face up, no way back), and a card in either hand never
in a spectator's view otherwise; a private log line reaches only its reader."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from gameshelf.plugins.twilight_struggle.model import US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET


def cards_in(value: Any) -> Iterator[int]:
    """The ids of every card a view describes (a card is a dict with id, ops and side)."""
    if isinstance(value, dict):
        if {"id", "ops", "side", "era"} <= set(value):
            yield value["id"]
        for v in value.values():
            yield from cards_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from cards_in(v)


def check_views(s: Any) -> int:
    checked = 0
    for role in (USSR, US, None):
        view = RULESET.view(s, role)
        seen = set(cards_in({k: v for k, v in view.items() if k != "log"}))
        shown = {c["id"] for c in view["shown"]}
        if view["playing"]:  # a card chosen for the round is on the table, face up (no way
            shown.add(view["playing"]["card"]["id"])  # back), though still in the hand
        for side in (USSR, US):
            if side == role:
                continue
            secret = set(s.hands[side]) - shown
            if s.china == side and s.china_up:
                secret.discard(6)  # The China Card is public wherever it is
            assert not seen & secret, (role, side, sorted(seen & secret))
            checked += 1
        for line in view["log"]:
            if isinstance(line, dict) and line.get("to"):
                assert role in line["to"], (role, line)
    return checked


@pytest.mark.parametrize("scenario", ["standard", "competitive"])
@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_holds_a_hidden_card_of_the_other_side(scenario: str, seed: int) -> None:
    s = RULESET.setup(seed, scenario)
    rnd = random.Random(seed)
    checked = steps = 0
    for steps in range(1, 501):  # noqa: B007 (counted)
        if RULESET.outcome(s) is not None:
            break
        checked += check_views(s)
        role = rnd.choice(RULESET.active(s))
        RULESET.apply(s, role, rnd.choice(RULESET.actions(s, role)))
    assert steps > 40  # past the setup (13 points) and the headline, into the rounds
    assert checked >= 4 * (steps - 1)  # each step seen by both seats and a spectator
