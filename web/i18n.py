"""The reader's language: a cookie the page's switch sets, else the browser's
``Accept-Language``; ``en`` or ``zh_TW`` (``core.i18n.messages.LANGS``).

**What the page scripts say.** Every word a script shows is a message of a catalog, declared
once there and inlined into the page in the reader's language (``base.html``: the JSON
block ``#i18n-strings``, read by ``Gameshelf.t(id, params)``):

- the site's scripts (``web/static/*.js``): the ``web`` catalog's ``js.*`` messages;
- a game's board script (``plugins/<game>/web/static/board.js``): the ``<game>.board.*``
  messages of the game's board catalog, ``<game>/locale/<lang>/LC_MESSAGES/<game>_board.po``
  (gettext domain ``<game>_board``, beside the game's own catalog so that the board's words
  and the rules' messages are kept by their own authors; the board template reads them
  too, as ``gt("id")``), and the names of the game's things (``#i18n-names``,
  ``Gameshelf.name(kind, id)``) from its ruleset's ``name`` hook, for every id its ``names``
  module lists in ``NAMES``.

A message with ``{name}`` placeholders is filled in by the script; a plural entry of the
catalog reaches it as its forms by CLDR plural category (``one``, ``other``), which the
browser's ``Intl.PluralRules`` picks for the message's ``count``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from markupsafe import Markup
from starlette.requests import HTTPConnection

from gameshelf.core.i18n.messages import (
    HTML_LANG,
    LANGS,
    catalog,
    domain_dir,
    negotiate,
    plural_forms,
    plural_index,
    register_domain,
    text,
)
from gameshelf.core.registry.plugins import Game

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


def ngettext(lang: str) -> Callable[[str, str, int], str]:
    """The ``ngettext`` of the site's pages in ``lang``: a plural entry of catalog ``web``
    (its English singular as msgid), the form its count takes; English else."""

    def translate(singular: str, plural: str, n: int) -> str:
        forms = plural_forms("web", lang).get(singular)
        if forms:
            return forms[min(plural_index("web", lang, n), len(forms) - 1)]
        return singular if n == 1 else plural

    return translate


def page_language(lang: str, game: Game | None = None) -> dict[str, Any]:
    """What every template is given: its language, ``<html lang>`` and the gettext
    callables of Jinja2's i18n extension (``{% trans %}``, ``_()``), in that language; the
    scripts' strings, and for a page of one game its board's (``gt``) and its names."""
    translate = gettext(lang)
    return {
        "lang": lang,
        "html_lang": html_lang(lang),
        "langs": LANGS,
        "gettext": translate,
        "_": translate,
        "ngettext": ngettext(lang),
        "strings": script_strings(lang, game.id if game is not None else None),
        "names": names_of(game, lang) if game is not None else {},
        "gt": board_text(game.id, lang) if game is not None else board_text("web", lang),
    }


def script_strings(lang: str, game: str | None = None) -> dict[str, Any]:
    """The page scripts' strings in ``lang``: the ``web`` catalog's ``js.*`` messages and,
    on a game's page, its catalog's ``<game>.board.*`` ones. A plural message is
    ``{category: text}`` (CLDR categories, as ``Intl.PluralRules`` names them)."""
    found: dict[str, Any] = {}
    for domain, prefix in (("web", "js."), (board_domain(game), f"{game}.board.")):
        if game is None and domain != "web":
            continue
        found.update({k: v for k, v in catalog(domain, lang).items() if k.startswith(prefix)})
        for msgid, forms in plural_forms(domain, lang).items():
            if msgid.startswith(prefix):
                found[msgid] = {
                    cat: forms[min(i, len(forms) - 1)]
                    for cat, i in sorted(plural_categories(domain, lang).items())
                }
    return found


@cache
def plural_categories(domain: str, lang: str) -> dict[str, int]:
    """Which gettext form of ``domain``'s ``lang`` catalog each CLDR plural category takes
    (``{"one": 0, "other": 1}`` in English; ``{"other": 0}`` in Chinese), by counts."""
    rule = Locale.parse(lang).plural_form
    found: dict[str, int] = {}
    for n in range(200):
        found.setdefault(rule(n), plural_index(domain, lang, n))
    return found


def board_text(domain: str, lang: str) -> Callable[..., str]:
    """``gt(id, **params)`` of a board template: ``<domain>.board.<id>`` in ``lang``."""

    board = board_domain(domain)

    def translate(id_: str, **params: Any) -> str:
        msgid = f"{domain}.board.{id_}"
        text = catalog(board, lang).get(msgid) or catalog(board, "en").get(msgid) or msgid
        # a rules summary's paragraphs (rules.*) may hold <strong>/<em>: the game's own
        # catalog, shipped with its code, is trusted like its templates (its parameters,
        # if any, are escaped)
        if id_.startswith("rules."):
            return Markup(text).format(**params)
        return text.format(**params) if params else text

    return translate


def names_of(game: Game, lang: str) -> dict[str, dict[str, dict[str, str]]]:
    """The names of a game's things in ``lang`` for its board script: ``{"names": {kind:
    {id: name}}, "ids": {kind: {English name: id}}}`` (a view naming a thing in English,
    such as a noble's "Comyn", is understood by its English name): every id its names
    module lists, and its seats, named as a message's parameters are (the game's ``name``
    hook, else its catalog's ``<game>.<kind>.<id>``)."""
    listed = dict(_listed_names(type(game.ruleset).__module__))
    listed["role"] = sorted({*listed.get("role", []), *game.info.roles})  # every seat
    names: dict[str, dict[str, str]] = {}
    ids: dict[str, dict[str, str]] = {}

    def name(kind: str, thing: str, lang: str) -> str | None:  # as a message names it
        return game.ruleset.name(kind, thing, lang) or text(f"{game.id}.{kind}.{thing}", lang)

    for kind, things in listed.items():
        for thing in things:
            shown = name(kind, thing, lang)
            english = name(kind, thing, "en")
            if shown is not None:
                names.setdefault(kind, {})[thing] = shown
            if english is not None:
                ids.setdefault(kind, {}).setdefault(english, thing)
    return {"names": names, "ids": ids}


@cache
def _listed_names(module: str) -> dict[str, list[str]]:
    """The ids by kind that the ``names`` module beside a ruleset lists in ``NAMES``."""
    package = module.rpartition(".")[0]
    try:
        names = importlib.import_module(f"{package}.names")
    except ModuleNotFoundError:
        return {}
    listed = getattr(names, "NAMES", {})
    return {str(kind): [str(i) for i in things] for kind, things in listed.items()}


def board_domain(game: str | None) -> str:
    """The gettext domain of a game's board catalog."""
    return f"{game}_board"


def game_locale(game: Game) -> None:
    """Make the catalogs of a game's board known: ``<game>_board.po`` in the game's
    ``locale`` folder (its ruleset's, else the one beside its module)."""
    folder = domain_dir(game.id)
    if folder is None:
        module = importlib.import_module(type(game.ruleset).__module__)
        if module.__file__ is None:
            return
        folder = Path(module.__file__).parent / "locale"
    register_domain(board_domain(game.id), folder)
