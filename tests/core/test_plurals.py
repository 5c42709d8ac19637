"""Plural-aware messages (core.i18n.messages): a plural entry of a catalog gives the form its
count takes in the reader's language, by the catalog's own Plural-Forms rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameshelf.core.i18n.messages import Msg, ngettext, plural_index, register_domain, render

PO = """msgid ""
msgstr ""
"Language: {lang}\\n"
"Plural-Forms: {rule}\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "plural_toy.plain"
msgstr "{plain}"

msgid "plural_toy.hits"
msgid_plural "plural_toy.hits.plural"
{forms}

msgid "plural_toy.steps"
msgid_plural "plural_toy.steps.plural"
{steps}
"""


@pytest.fixture(scope="module")
def domain(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("locale")
    catalogs = {
        "en": (
            "nplurals=2; plural=(n != 1);",
            "Plain",
            ["{count} hit", "{count} hits"],
            ["{block}: {steps} step", "{block}: {steps} steps"],
        ),
        "zh_TW": ("nplurals=1; plural=0;", "普通", ["{count} 次命中"], ["{block}：{steps} 級"]),
    }
    for lang, (rule, plain, forms, steps) in catalogs.items():
        folder = root / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        lines = "\n".join(f'msgstr[{i}] "{f}"' for i, f in enumerate(forms))
        steps_lines = "\n".join(f'msgstr[{i}] "{f}"' for i, f in enumerate(steps))
        text = PO.format(lang=lang, rule=rule, plain=plain, forms=lines, steps=steps_lines)
        (folder / "plural_toy.po").write_text(text, encoding="utf-8")
    register_domain("plural_toy", Path(root))
    return "plural_toy"


def test_english_says_one_hit_and_two_hits(domain: str) -> None:
    assert render(Msg("plural_toy.hits", count=1), "en") == "1 hit"
    assert render(Msg("plural_toy.hits", count=2), "en") == "2 hits"
    assert render(Msg("plural_toy.hits", count=0), "en") == "0 hits"


def test_chinese_has_one_form_for_every_count(domain: str) -> None:
    assert render(Msg("plural_toy.hits", count=1), "zh_TW") == "1 次命中"
    assert render(Msg("plural_toy.hits", count=5), "zh_TW") == "5 次命中"
    assert plural_index(domain, "zh_TW", 5) == 0


def test_without_a_count_the_first_whole_number_chooses(domain: str) -> None:
    assert render(Msg("plural_toy.steps", block="wallace", steps=1), "en") == "wallace: 1 step"
    assert render(Msg("plural_toy.steps", block="wallace", steps=3), "en") == "wallace: 3 steps"
    assert render(Msg("plural_toy.steps", block="wallace", steps=3), "zh_TW") == "wallace：3 級"
    assert ngettext("plural_toy.hits", 3, "en") == "{count} hits"


def test_plain_messages_are_untouched_and_unknown_plurals_are_none(domain: str) -> None:
    assert render(Msg("plural_toy.plain"), "zh_TW") == "普通"
    assert ngettext("plural_toy.plain", 2, "en") is None
    assert ngettext("plural_toy.nothing", 2, "en") is None
