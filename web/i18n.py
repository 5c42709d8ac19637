"""The reader's language: a cookie the page's switch sets, else the browser's
``Accept-Language``; ``en`` or ``zh_TW`` (``core.messages.LANGS``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection

from gameshelf.core.messages import HTML_LANG, LANGS, catalog, negotiate, register_domain

register_domain("web", Path(__file__).parent / "locale")

COOKIE = "lang"  # "en" or "zh_TW", set by the language switch of every page


def request_lang(conn: HTTPConnection) -> str:
    """The language of the request (HTTP or WebSocket): ``?lang=`` (a link of the switch
    without scripts), its cookie, else its ``Accept-Language``."""
    chosen = conn.query_params.get(COOKIE)
    if chosen in LANGS:
        return chosen
    chosen = conn.cookies.get(COOKIE)
    if chosen in LANGS:
        return chosen
    return negotiate(conn.headers.get("accept-language"))


def html_lang(lang: str) -> str:
    """What ``<html lang>`` says for ``lang``."""
    return HTML_LANG.get(lang, "en")


def gettext(lang: str) -> Callable[[str], str]:
    """The ``gettext`` of the site's pages in ``lang``: catalog ``web`` (English msgids)."""

    def translate(message: str) -> str:
        return catalog("web", lang).get(message) or message

    return translate


def page_language(lang: str) -> dict[str, Any]:
    """What every template is given: its language, ``<html lang>`` and the gettext
    callables of Jinja2's i18n extension (``{% trans %}``, ``_()``), in that language."""
    translate = gettext(lang)
    return {
        "lang": lang,
        "html_lang": html_lang(lang),
        "langs": LANGS,
        "gettext": translate,
        "_": translate,
        "ngettext": lambda one, many, n: translate(one if n == 1 else many),
        "strings": script_strings(lang),
    }


def script_strings(lang: str) -> dict[str, str]:
    """The page scripts' strings in ``lang`` (the ``web`` catalog's ``js.*`` messages)."""
    return {k: v for k, v in catalog("web", lang).items() if k.startswith("js.")}
