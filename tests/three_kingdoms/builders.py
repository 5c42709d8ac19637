"""Build the smallest legal 三國戰記 situation a test names, and act through ``apply``.

``build`` seats the lords given, puts only the cards, lands, swords, money and pawns the test
names, and starts the turn of ``turn`` (waiting for its roll). ``roll_onto`` then moves a
pawn with scripted dice through the real path, so the space resolves as in play.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from gameshelf.core.engine.deck import Deck
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.i18n.messages import Msg, render
from gameshelf.plugins.three_kingdoms.model import (
    BOARD_SIZE,
    CARDS,
    LAND_IDS,
    LAND_SPACE,
    LANDS,
    LORD_OF,
    STRATEGIES,
    N,
)
from gameshelf.plugins.three_kingdoms.rules import RULESET
from gameshelf.plugins.three_kingdoms.state import ROLES, TKState
from gameshelf.plugins.three_kingdoms.turn import start_turn

# Pawns wait on 天機 spaces, one each, so nobody meets by accident.
PARKING = {"p1": 0, "p2": 6, "p3": 12, "p4": 18, "p5": 22}

Garrison = tuple[str | None, list[str], int]  # owner, talents on it, swords


def build(
    lords: Mapping[str, str] | None = None,
    *,
    hands: Mapping[str, list[str]] | None = None,
    down: Mapping[str, list[str]] | None = None,
    money: Mapping[str, int] | None = None,
    lands: Mapping[str, Garrison] | None = None,
    pos: Mapping[str, int] | None = None,
    deck: list[str] | None = None,
    turn: str = "p1",
    order: list[str] | None = None,
    lord_skills: bool = True,
    round_limit: int = 250,
    round_: int = 1,
) -> TKState:
    """A game at the start of ``turn``'s turn, holding only what the test names."""
    lords = dict(lords or {"p1": "liu_bei", "p2": "cao_cao"})
    s = TKState(rng=Rng(seed=7), lord_skills=lord_skills, round_limit=round_limit)
    s.seats = list(lords)
    s.lord = dict(lords)
    s.seat_of = {lord: seat for seat, lord in lords.items()}
    s.order = list(order or s.seats)
    s.round = round_
    for seat in s.seats:
        s.money.gain(seat, N.start_money)
        s.pos[seat] = PARKING[seat]
        s.hand[seat] = []
        s.down[seat] = []
        s.drawn[seat] = []
    s.money.cash.update(money or {})
    s.pos.update(pos or {})
    for seat, cards in (hands or {}).items():
        s.hand[seat] = list(cards)
    for seat, cards in (down or {}).items():
        s.down[seat] = list(cards)
    for land in LAND_IDS:
        s.owner[land], s.swords[land], s.garrison[land] = None, 0, ()
    for land, (holder, talents, swords) in (lands or {}).items():
        s.owner[land], s.garrison[land], s.swords[land] = holder, tuple(talents), swords
    s.deck = Deck(draw_pile=list(deck) if deck is not None else list(STRATEGIES))
    check_cards(s)
    start_turn(s, turn)
    return s


def check_cards(s: TKState) -> None:
    """The builder's invariants: a card is in one place, with its owner (DESIGN §7.3)."""
    seen: list[str] = []
    for seat in s.seats:
        for card in s.hand[seat] + s.down[seat]:
            assert s.seat_of[LORD_OF[card]] == seat, f"{card} is not {seat}'s card"
            seen.append(card)
    for land in LAND_IDS:
        holder = s.owner[land]
        cards = s.garrison[land]
        assert (holder is None) == (not cards), f"{land}: an owned land holds 1–3 talents"
        assert len(cards) <= N.max_talents_per_land
        for card in cards:
            assert s.seat_of[LORD_OF[card]] == holder, f"{card} on {land} is not {holder}'s"
            seen.append(card)
    assert len(seen) == len(set(seen)), "a card is in two places"


def act(s: TKState, role: str, *actions: tuple[str, object] | tuple[str]) -> None:
    """Apply each action through the ruleset, as bots and the web do."""
    for a in actions:
        RULESET.apply(s, role, Action(*a))  # type: ignore[arg-type]


def legal(s: TKState, role: str) -> set[tuple[str, object]]:
    return {(a.type, a.arg) for a in RULESET.actions(s, role)}


def roll_onto(s: TKState, seat: str, space: int | str, dice: Iterable[int] = (3,)) -> None:
    """Move ``seat`` onto ``space`` (an index or a land) with the scripted ``dice``."""
    target = LAND_SPACE[space] if isinstance(space, str) else space
    rolls = list(dice)
    s.pos[seat] = (target - sum(rolls)) % BOARD_SIZE
    s.rng.script = [*s.rng.script, *rolls]
    act(s, seat, ("dice", len(rolls)))


def refused(
    s: TKState,
    role: str,
    action: tuple[str, object] | tuple[str],
    match: str,
    code: str | None = None,
) -> None:
    """``action`` is not offered, is refused with a reason whose English matches ``match``
    (and ``code``), rendered in Chinese too (every thing named, no id left), and the state
    is unchanged."""
    parsed = Action(*action)  # type: ignore[arg-type]
    assert parsed not in RULESET.actions(s, role), f"{parsed} is offered to {role}"
    before = RULESET.dump_state(s)
    with pytest.raises(IllegalAction) as refusal:
        RULESET.apply(s, role, parsed)
    assert refusal.value.msg is not None, f"{refusal.value.reason!r} is no message"
    english = text(refusal.value.msg)
    assert re.search(match, english), f"{english!r} does not match {match!r}"
    assert_named(text(refusal.value.msg, "zh_TW"))
    assert code is None or refusal.value.code == code
    assert RULESET.dump_state(s) == before, "the refusal changed the state"


def text(item: str | Msg, lang: str = "en") -> str:
    """A message (or a plain line) as a reader of ``lang`` reads it."""
    return render(item, lang, RULESET.namer(), "three_kingdoms")


def said(s: TKState, lang: str = "en") -> list[str]:
    """The log as a reader of ``lang`` reads it."""
    return [text(line, lang) for line in s.log]


# The ids of the things of the game: a text that shows one named nothing.
IDS = frozenset([*CARDS, *LANDS, *STRATEGIES, *ROLES])


def assert_named(rendered: str) -> None:
    """No message id, and no id of a card, land, lord, strategy card or seat, in a text."""
    assert "three_kingdoms." not in rendered, rendered
    assert "core." not in rendered, rendered
    assert not IDS & set(re.findall(r"[a-z_0-9]+", rendered)), rendered


def frame(s: TKState) -> Any:
    """The frame of the current step: the matter in hand (a plan, a fight, a card)."""
    return s.stack[-1].args


def active(s: TKState) -> list[str]:
    """Who the game waits for (a secret choice: those who have not chosen yet)."""
    return RULESET.active(s)


def last(s: TKState, n: int = 1) -> str:
    """The last ``n`` lines of the log, in English."""
    return "\n".join(said(s)[-n:])
