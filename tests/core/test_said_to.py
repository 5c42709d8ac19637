"""Messages said to the seat itself (core.i18n.messages.said_to): a seat reading a line about
itself reads the catalog's ``<id>.to_<param>`` variant ("You moved your trader"), the others
and spectators the message itself; plural variants follow the count."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.i18n.messages import Msg, register_domain, render, render_view, said_to

PO = """msgid ""
msgstr ""
"Language: {lang}\\n"
"Plural-Forms: {rule}\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "addr_toy.moved"
msgstr "{moved}"

msgid "addr_toy.moved.to_role"
msgstr "{moved_you}"

msgid "addr_toy.moved.to_role_owner"
msgstr "{moved_yours}"

msgid "addr_toy.took"
msgid_plural "addr_toy.took.plural"
{took}

msgid "addr_toy.took.to_role"
msgid_plural "addr_toy.took.to_role.plural"
{took_you}

msgid "addr_toy.plain"
msgstr "{{role}} waits."
"""

CATALOGS = {
    "en": {
        "rule": "nplurals=2; plural=(n != 1);",
        "moved": "{role} moved {role_owner}'s {piece}.",
        "moved_you": "You moved {role_owner}'s {piece}.",
        "moved_yours": "{role} moved your {piece}.",
        "took": 'msgstr[0] "{role} took {count} piece."\nmsgstr[1] "{role} took {count} pieces."',
        "took_you": 'msgstr[0] "You took {count} piece."\nmsgstr[1] "You took {count} pieces."',
    },
    "zh_TW": {
        "rule": "nplurals=1; plural=0;",
        "moved": "{role}移動了{role_owner}的{piece}。",
        "moved_you": "你移動了{role_owner}的{piece}。",
        "moved_yours": "{role}移動了你的{piece}。",
        "took": 'msgstr[0] "{role}拿了 {count} 個。"',
        "took_you": 'msgstr[0] "你拿了 {count} 個。"',
    },
}


@pytest.fixture(scope="module", autouse=True)
def domain(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("locale")
    for lang, parts in CATALOGS.items():
        folder = root / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "addr_toy.po").write_text(PO.format(lang=lang, **parts), encoding="utf-8")
    register_domain("addr_toy", Path(root))
    return "addr_toy"


MOVED = Msg("addr_toy.moved", role="red", role_owner="blue", piece="trader")


def test_the_mover_reads_you_and_the_owner_reads_your() -> None:
    assert render(MOVED, "en", reader="red") == "You moved blue's trader."
    assert render(MOVED, "en", reader="blue") == "red moved your trader."
    assert render(MOVED, "zh_TW", reader="blue") == "red移動了你的trader。"


def test_the_others_and_spectators_read_the_message_itself() -> None:
    assert render(MOVED, "en", reader="green") == "red moved blue's trader."
    assert render(MOVED, "en") == "red moved blue's trader."
    assert said_to(MOVED, "green") == "addr_toy.moved"


def test_the_first_role_parameter_that_is_the_reader_wins() -> None:
    both = Msg("addr_toy.moved", role="red", role_owner="red", piece="trader")
    assert said_to(both, "red") == "addr_toy.moved.to_role"


def test_a_message_without_a_variant_stays_itself() -> None:
    plain = Msg("addr_toy.plain", role="red")
    assert said_to(plain, "red") == "addr_toy.plain"
    assert render(plain, "en", reader="red") == "red waits."


def test_a_plural_variant_follows_the_count() -> None:
    assert render(Msg("addr_toy.took", role="red", count=1), "en", reader="red") == (
        "You took 1 piece."
    )
    assert render(Msg("addr_toy.took", role="red", count=3), "en", reader="red") == (
        "You took 3 pieces."
    )
    assert render(Msg("addr_toy.took", role="red", count=3), "en") == "red took 3 pieces."
    assert (
        render(Msg("addr_toy.took", role="red", count=3), "zh_TW", reader="red") == "你拿了 3 個。"
    )


def test_a_view_is_said_to_its_seat() -> None:
    view = {"log": [MOVED.to_json()], "prompt": Msg("addr_toy.plain", role="red").to_json()}
    assert render_view(view, "en", reader="blue")["log"] == ["red moved your trader."]
    assert render_view(view, "en")["log"] == ["red moved blue's trader."]
