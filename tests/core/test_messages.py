"""Messages, not sentences (core.i18n.messages): a log line, a prompt, a refusal and an outcome
are a message id with parameters in the state, rendered for each reader in English or
Traditional Chinese, the names of things from the game."""

from __future__ import annotations

import pytest

from gameshelf.core.bots.agents import FirstLegalAgent
from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.core.i18n.messages import (
    Msg,
    compose,
    negotiate,
    render,
    render_outcome,
    render_view,
)
from gameshelf.core.play.match import Match
from tests.core.toygame import RULESET, DuelState


def played(seed: int = 3) -> Match:
    match = Match(RULESET, seed=seed)
    match.play_bots({role: FirstLegalAgent() for role in match.roles})
    return match


def test_a_message_in_the_log_survives_the_state_json_exactly():
    s = RULESET.setup(1)
    s.say(Msg("toy_duel.rolled", role="north", die=6))
    s.say("A plain line, from a game not yet converted.")
    text = s.to_json()
    again = DuelState.from_json(text)
    assert again.log[-2] == Msg("toy_duel.rolled", role="north", die=6)
    assert again.log[-1] == "A plain line, from a game not yet converted."
    assert again.to_json() == text
    assert '{"id":"toy_duel.rolled","args":{"role":"north","die":6}}' in text


def test_an_announced_line_is_the_message_said_to_everyone():
    said, announced = RULESET.setup(1), RULESET.setup(1)
    said.say(Msg("toy_duel.rolled", role="north", die=6))
    announced.announce("toy_duel.rolled", role="north", die=6)
    line = announced.log[-1]
    assert type(line) is Msg
    assert line == said.log[-1]
    assert line.to_json() == said.log[-1].to_json()
    assert line.reads("south")
    assert line.reads(None)
    assert announced.to_json() == said.to_json()


def test_a_composed_message_is_the_one_the_class_makes():
    args = {"role": "south", "die": 1}
    made = compose("toy_duel.rolled", args)
    assert made == Msg("toy_duel.rolled", role="south", die=1)
    assert hash(made) == hash(Msg("toy_duel.rolled", role="south", die=1))
    assert repr(made) == "Msg('toy_duel.rolled', role='south', die=1)"
    assert render(made, "en") == "South rolls 1."


def test_a_message_renders_in_each_language_with_its_things_named():
    line = Msg("toy_duel.rolled", role="south", die=1)
    assert render(line, "en") == "South rolls 1."
    assert render(line, "zh_TW") == "南家擲出 1。"
    assert str(line) == "South rolls 1."


def test_a_game_names_things_through_its_name_hook():
    def namer(kind, id, lang):
        return {"en": "the North seat", "zh_TW": "北座"}[lang] if kind == "role" else None

    line = Msg("toy_duel.rolled", role="north", die=2)
    assert render(line, "en", namer) == "the North seat rolls 2."
    assert render(line, "zh_TW", namer) == "北座擲出 2。"


def test_one_state_is_read_in_english_by_one_seat_and_in_chinese_by_another():
    match = played()
    north = render_view(match.view("north"), "en", RULESET.namer())
    south = render_view(match.view("south"), "zh_TW", RULESET.namer())
    assert north["log"][0].startswith("Round 1: North shows")
    assert south["log"][0].startswith("第 1 回合：北家亮出")
    assert len(north["log"]) == len(south["log"])
    outcome = render_outcome(match.outcome(), "zh_TW")
    assert outcome is not None
    assert outcome["text"] in {"北家以較高分獲勝。", "南家以較高分獲勝。", "雙方同分，平手。"}


def test_the_log_of_a_seeded_game_holds_the_same_message_ids_whatever_the_language():
    view = played(5).view(None)
    ids = [line["id"] for line in view["log"]]
    assert ids
    assert set(ids) <= {"toy_duel.shown", "toy_duel.rolled"}
    en = render_view(view, "en")["log"]
    zh = render_view(view, "zh_TW")["log"]
    assert all(a != b for a, b in zip(en, zh, strict=True))


def test_the_waiting_prompt_and_the_generic_refusals_are_catalog_messages():
    s = RULESET.setup(1)
    RULESET.apply(s, "north", {"type": "card", "arg": s.hands["north"][0]})
    # North has chosen (and may change its mind): the game waits for South
    view = RULESET.view(s, None)
    assert render_view(view, "en")["prompt"] == "Waiting for South — choosing a card."
    assert render_view(view, "zh_TW")["prompt"] == "等待南家——選牌中。"
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(s, "north", {"type": "roll"})
    assert refused.value.msg is not None
    assert refused.value.reason == str(refused.value.msg)  # English, for logs and tests
    assert "North can do" in render(refused.value.msg, "en", game="toy_duel")
    assert "北家現在不能做 'roll'" in render(refused.value.msg, "zh_TW", game="toy_duel")


def test_a_refusal_in_the_rules_words_in_both_languages():
    s = RULESET.setup(1)
    with pytest.raises(IllegalAction, match=r"Card 99 is not in your hand\.") as refused:
        RULESET.apply(s, "north", {"type": "card", "arg": 99})
    assert render(refused.value.msg, "zh_TW") == "你手上沒有 99 這張牌。"


@pytest.mark.parametrize(
    ("wanted", "lang"),
    [
        ("zh-TW,zh;q=0.9,en;q=0.8", "zh_TW"),
        ("en-US,en;q=0.9", "en"),
        ("fr-FR, zh-Hant;q=0.5", "zh_TW"),
        ("de", "en"),
        ("en;q=0.2, zh-CN;q=0.8", "zh_TW"),
        ("zh_TW.UTF-8", "zh_TW"),
        (None, "en"),
    ],
)
def test_the_language_follows_accept_language_or_a_locale(wanted, lang):
    assert negotiate(wanted) == lang


def test_a_domain_s_registered_namer_names_its_things_wherever_a_message_is_rendered(
    monkeypatch,
):
    from gameshelf.core.i18n import messages

    def namer(kind, id, lang):
        return {"en": "the North seat", "zh_TW": "北座"}[lang] if kind == "role" else None

    monkeypatch.setitem(messages._namers, "toy_duel", namer)
    line = Msg("toy_duel.rolled", role="north", die=2)
    assert str(line) == "the North seat rolls 2."
    assert render(line, "zh_TW") == "北座擲出 2。"
    # inside a core message, the inner game message is named by its own domain's namer
    assert render(Msg("core.and", first=line, rest="x"), "en").startswith("the North seat")
    assert IllegalAction(line).reason == "the North seat rolls 2."
    # a namer handed over still wins over the registered one
    assert render(line, "en", lambda k, i, lang: "N" if k == "role" else None) == "N rolls 2."


def test_every_installed_game_registers_its_names_for_its_messages():
    from gameshelf.core.i18n.messages import namer_of
    from gameshelf.core.registry.plugins import Registry

    for gid, game in Registry().games.items():
        registered = namer_of(gid)
        assert registered is not None, gid
        for lang in ("en", "zh_TW"):
            for sc in game.info.scenarios:
                said = game.ruleset.name("scenario", sc.id, lang)
                assert registered("scenario", sc.id, lang) == said, (gid, sc.id)
