"""The gettext catalogs (core.messages): every message extracted from the code is in the
catalog of its domain, translated into Traditional Chinese, with the same placeholders in
both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from gameshelf.core.messages import LANGS, placeholders

ROOT = Path(__file__).resolve().parents[2]
# Each package with messages, and the folder of its catalogs.
PACKAGES = {
    "core": (ROOT / "core", ROOT / "core" / "locale"),
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
