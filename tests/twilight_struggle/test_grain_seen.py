"""Issue 26 item 6, RULES §14: the card Grain Sales to Soviets takes from the USSR's hand is
seen by both players; a spectator learns it only if the US plays it. Checked in each seat's
view (its log and everything else in it) in both languages, and for the web's live updates
in tests/web/test_twilight_grain_http.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from gameshelf.core.i18n.messages import render_view
from gameshelf.plugins.twilight_struggle.model import CARDS, US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import event_round, inf, legal, play, refused

TAKEN = 34  # Nuclear Test Ban (neutral, 4 Ops), the one card in the USSR's hand


def sent(s: Any, role: str | None, lang: str = "en") -> dict[str, Any]:
    """The view as the seat ``role`` (``None``: a spectator) is sent it: its messages (log,
    prompt, outcome) in ``lang``, worded for that seat (core.i18n.messages.render_view)."""
    return render_view(RULESET.view(s, role), lang, RULESET.namer(), reader=role)


def lines(s: Any, role: str | None, lang: str = "en") -> list[str]:
    return list(sent(s, role, lang)["log"])


def names_it(s: Any, role: str | None) -> bool:
    """Whether anything ``role`` is sent, in either language, names the card taken: by its
    name in a text, or as a card of the view (its id beside its Ops)."""
    card = CARDS[TAKEN]
    for lang in ("en", "zh_TW"):
        view = sent(s, role, lang)
        text = json.dumps(view, ensure_ascii=False, default=str)
        if card.name in text or card.name_zh in text:
            return True
        if any(d.get("id") == TAKEN and "ops" in d for d in walk(view)):
            return True
    return False


def walk(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


def grain_played(side: str = US) -> Any:
    if side == US:
        s = event_round(67, US, hands={US: [67, 19], USSR: [TAKEN]})
        play(s, US, ("card", 67), ("use", "event"))
    else:
        s = event_round(67, USSR, hands={USSR: [67, TAKEN], US: [19]})
        play(s, USSR, ("card", 67), ("use", "influence"), ("when", "before"))
    return s


def test_67_both_players_see_the_card_taken_a_spectator_does_not():
    s = grain_played()
    assert s.hands[USSR] == []
    assert names_it(s, US)
    assert names_it(s, USSR)
    assert not names_it(s, None)
    assert "The card taken is Nuclear Test Ban." in lines(s, USSR)
    assert "拿走的牌是禁止核試條約。" in lines(s, US, "zh_TW")
    assert "The US takes a card at random from the USSR's hand." in lines(s, None)
    assert "The US takes a card at random from your hand." in lines(s, USSR)


def test_67_given_back_the_card_stays_unknown_to_a_spectator():
    s = grain_played()
    refused(s, USSR, ("choose", "return_card"), "not .*turn|waiting")
    play(s, US, ("choose", "return_card"))
    assert s.hands[USSR] == [TAKEN]
    assert "The US gives the card back to the USSR." in lines(s, None)
    assert not names_it(s, None)
    play(s, US, ("use", "influence"), ("country", "canada"), ("country", "canada"))
    assert inf(s, "canada") == (0, 2)
    assert not names_it(s, None)  # the round over: still never named to a spectator


def test_67_played_by_the_us_a_spectator_sees_it():
    s = grain_played()
    play(s, US, ("choose", "play_card"))
    assert ("use", "space") in legal(s, US)
    assert names_it(s, None)  # chosen to be played: on the table for everyone
    play(s, US, ("use", "influence"), *[("country", "canada")] * 4)
    assert any("Nuclear Test Ban" in line for line in lines(s, None))


def test_67_played_by_the_ussr_the_us_still_chooses_and_only_the_sides_see_it():
    s = grain_played(USSR)
    assert RULESET.active(s) == [US]
    assert names_it(s, US)
    assert names_it(s, USSR)
    assert not names_it(s, None)
    play(s, US, ("choose", "return_card"))
    assert not names_it(s, None)
