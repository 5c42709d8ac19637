"""The gettext catalogs (core.i18n.messages): every message extracted from the code is in the
catalog of its domain, translated into Traditional Chinese, with the same placeholders in
both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from gameshelf.core.i18n.messages import LANGS, placeholders

ROOT = Path(__file__).resolve().parents[2]
# Each package with messages, and the folder of its catalogs.
PACKAGES = {
    "core": (ROOT / "core", ROOT / "core" / "i18n" / "locale"),
    "cli": (ROOT / "cli", ROOT / "cli" / "locale"),
    "toy_duel": (ROOT / "tests" / "core", ROOT / "tests" / "core" / "locale"),
}
for folder in sorted((ROOT / "plugins").iterdir()):
    if (folder / "locale").is_dir():
        PACKAGES[folder.name] = (folder, folder / "locale")
for folder in sorted((ROOT / "examples").glob("*/*/locale")):  # the plugin author's kit
    PACKAGES[folder.parent.name] = (folder.parent, folder)
if (ROOT / "web" / "locale").is_dir():
    PACKAGES["web"] = (ROOT / "web", ROOT / "web" / "locale")


def messages(domain: str, lang: str) -> dict[str, str]:
    """``{msgid: text}``; a plural entry's forms are joined by a newline (each must be there,
    and their placeholders together must be the other language's)."""
    path = PACKAGES[domain][1] / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():  # a package with only other catalogs (a board's): its messages
        return {}  # must then be none, which the extraction test checks
    with path.open("rb") as f:
        po = read_po(f)
    found = {}
    for m in po:
        if isinstance(m.id, (tuple, list)):
            found[m.id[0]] = "\n".join(m.string) if all(m.string) else ""
        elif m.id:
            found[m.id] = m.string
    return found


def extracted(domain: str) -> set[str]:
    """The message ids the package's code names: ``Msg("<domain>.…")``."""
    source = PACKAGES[domain][0]
    found = extract_from_dir(source, method_map=[("**.py", "python")], keywords={"Msg": None})
    return {
        msgid
        for _, _, msgid, _, _ in found
        if isinstance(msgid, str) and msgid.startswith(f"{domain}.")
    }


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_both_catalogs_hold_the_same_messages_all_translated(domain: str) -> None:
    en, zh = messages(domain, "en"), messages(domain, "zh_TW")
    assert set(en) == set(zh), f"{domain}: ids in one catalog only: {set(en) ^ set(zh)}"
    for lang, catalog in (("en", en), ("zh_TW", zh)):
        missing = sorted(msgid for msgid, text in catalog.items() if not text)
        assert not missing, f"{domain} lacks its {lang} text for {missing}"


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_the_two_languages_have_the_same_placeholders(domain: str) -> None:
    en, zh = messages(domain, "en"), messages(domain, "zh_TW")
    differ = {
        msgid: (placeholders(en[msgid]), placeholders(zh[msgid]))
        for msgid in en
        if msgid in zh and placeholders(en[msgid]) != placeholders(zh[msgid])
    }
    assert not differ, f"{domain}: placeholders differ: {differ}"


@pytest.mark.parametrize("domain", sorted(set(PACKAGES) - {"web"}))
def test_every_message_the_code_names_is_in_its_catalog(domain: str) -> None:
    for lang in LANGS:
        missing = sorted(extracted(domain) - set(messages(domain, lang)))
        assert not missing, f"{domain}/{lang} lacks {missing}"


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_a_variant_said_to_a_seat_words_its_message_for_that_seat(domain: str) -> None:
    """``<id>.to_<param>`` (core.i18n.messages.said_to) varies a message whose ``{param}`` is a
    role, and needs no parameter that the message lacks."""
    en = messages(domain, "en")
    for msgid, said in en.items():
        base, _, param = msgid.rpartition(".to_")
        if not base or not param.startswith("role"):
            continue
        assert base in en, f"{msgid}: no message {base}"
        assert f"{{{param}}}" in en[base], f"{base} has no {{{param}}}"
        assert placeholders(said) <= placeholders(en[base]), msgid


# A count said in English: a number's placeholder, then a noun in the plural.
COUNTED = re.compile(r"\{(count|n|left|most|cap|min_length|max_length|total)\}\)? ([a-z]+s)\b")
UNCOUNTED = {"is", "was", "has", "its", "as", "us", "plus", "ops", "this"}  # "{n} is", Ops


@pytest.mark.parametrize("domain", sorted(PACKAGES))
def test_every_count_is_said_with_the_catalogs_plural_forms(domain: str) -> None:
    singular: dict[str, str] = {}
    for path in sorted((PACKAGES[domain][1] / "en" / "LC_MESSAGES").glob("*.po")):  # + boards'
        with path.open("rb") as f:
            singular.update({m.id: m.string for m in read_po(f) if isinstance(m.id, str) and m.id})
    counted = {
        msgid: said
        for msgid, said in singular.items()
        if any(word.lower() not in UNCOUNTED for _, word in COUNTED.findall(said))
    }
    assert counted == {}, "make these plural entries (msgid_plural): 1 is not 1s"


GLOSSARIES = {
    domain: json.loads((locale / "glossary.json").read_text(encoding="utf-8"))
    for domain, (_, locale) in PACKAGES.items()
    if (locale / "glossary.json").exists()
}


def every_text(domain: str, lang: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted((PACKAGES[domain][1] / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            for m in read_po(f):
                if m.id:
                    msgid = m.id if isinstance(m.id, str) else m.id[0]
                    strings = m.string if isinstance(m.string, tuple) else (m.string,)
                    found[msgid] = "\n".join(s for s in strings if s)
    return found


@pytest.mark.parametrize("domain", sorted(GLOSSARIES))
def test_one_word_per_thing_in_each_language(domain: str) -> None:
    """A game's glossary (``locale/glossary.json``): the Chinese of a message that names a
    thing in English names it with the glossary's word, and no word it rules out is used.
    Every game has one (issue 28 item 3)."""
    en, zh = every_text(domain, "en"), every_text(domain, "zh_TW")
    texts = {"en": en, "zh_TW": zh}
    for term, words in GLOSSARIES[domain]["terms"].items():
        for msgid, said in en.items():
            named = re.sub(r"\{[^}]*\}", "", said)  # a placeholder ({block}) names nothing
            if re.search(rf"\b{re.escape(words['en'])}\b", named, re.I) and msgid in zh:
                assert words["zh_TW"] in zh[msgid], f"{msgid} says {term}: {zh[msgid]}"
        for lang, banned in words["not"].items():
            used = {i: t for i, t in texts[lang].items() if any(b in t for b in banned)}
            assert used == {}, f"{term}: {banned} in {lang}"


def test_every_bundled_game_has_a_glossary() -> None:
    games = {"hammer_scots", "hansa_britannia", "three_kingdoms", "twilight_struggle"}
    assert games <= set(GLOSSARIES)
