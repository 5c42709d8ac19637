"""HTML pages: the Jinja2 environment and how a page is rendered.

Templates autoescape everything (a player called ``<script>`` stays text). The site's own
templates live in ``web/templates``; each game's board templates are mounted under its
game id through a ``PrefixLoader`` (``hammer_scots/board.html``), and a game that ships no
board gets ``board_generic.html``. Pages carry a strict Content-Security-Policy: scripts
come from this site only, never inline.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.dates import format_timedelta
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import (
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    pass_context,
    select_autoescape,
)
from jinja2.runtime import Context
from markupsafe import Markup

from gameshelf.core.i18n.messages import plural_forms
from gameshelf.core.i18n.messages import render as render_message
from gameshelf.core.i18n.messages import text as message_text
from gameshelf.core.registry.plugins import Game, Registry
from gameshelf.web.i18n import board_text, game_locale, page_language, request_lang

if TYPE_CHECKING:
    from gameshelf.web.tables import Table

HERE = Path(__file__).parent
GENERIC_BOARD = "board_generic.html"

PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'"
    ),
    "Cache-Control": "no-store",
}


def make_templates(registry: Registry) -> Jinja2Templates:
    boards = {
        gid: FileSystemLoader(str(game.ruleset.board.templates))
        for gid, game in registry.games.items()
        if game.ruleset.board is not None
    }
    env = Environment(
        loader=ChoiceLoader([FileSystemLoader(str(HERE / "templates")), PrefixLoader(boards)]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],  # {% trans %} and _(): gettext from each page's context
    )
    env.filters["json_script"] = json_script
    for game in registry.games.values():
        game_locale(game)

    @pass_context
    def named(context: Context, game_id: str, kind: str, thing: Any, fallback: Any = None) -> str:
        """A thing of a game (a seat, a scenario, an option, the game) named in the page's
        language by the game's ``name`` hook, else by its catalog's ``<game>.<kind>.<id>``
        message (as ``core.i18n.messages`` names a message's parameters); else ``fallback``,
        else the id in words."""
        game = registry.games.get(game_id)
        lang = context.get("lang", "en")
        said = game.ruleset.name(kind, thing, lang) if game is not None else None
        said = said or message_text(f"{game_id}.{kind}.{thing}", lang)  # the game's catalog
        if said:
            return said
        if fallback is not None:
            return str(fallback)
        return str(thing).replace("_", " ").title() if str(thing).islower() else str(thing)

    @pass_context
    def message(context: Context, value: Any, game_id: str) -> str:
        """A message of a game (its JSON form, as storage keeps it) in the page's language,
        its things named by the game; plain text as it is."""
        game = registry.games.get(game_id)
        namer = game.ruleset.namer() if game is not None else None
        return render_message(value, context.get("lang", "en"), namer, game_id)

    @pass_context
    def game_words(context: Context, game_id: str) -> Any:
        """The ``gt`` of a game's board catalog in the page's language (a rules summary
        included in the site's rules page)."""
        return board_text(game_id, context.get("lang", "en"))

    env.globals["game_words"] = game_words

    @pass_context
    def log_messages(context: Context, *ids: str) -> dict[str, list[str]]:
        """The texts of some of a game's messages in the page's language (each form of a
        plural one), for a board that reads the log it is shown (``hammer_scots``: the dice
        of the last fire): ``{id: [text, ...]}``."""
        lang = context.get("lang", "en")
        found: dict[str, list[str]] = {}
        for msgid in ids:
            domain = msgid.split(".", 1)[0]
            single = message_text(msgid, lang)
            forms = plural_forms(domain, lang).get(msgid) or plural_forms(domain, "en").get(msgid)
            if single is not None:
                found[msgid] = [single]
            elif forms:
                found[msgid] = list(forms)
        return found

    env.globals["log_messages"] = log_messages

    @pass_context
    def when(context: Context, timestamp: float) -> str:
        """How long ago ``timestamp`` was, in the page's language ("3 minutes ago")."""
        ago = timedelta(seconds=min(0.0, timestamp - time.time()))
        return format_timedelta(ago, add_direction=True, locale=context.get("lang", "en"))

    env.globals["when"] = when

    @pass_context
    def duration(context: Context, seconds: float) -> str:
        """A length of time in the page's language ("2 days", "25 minutes")."""
        span = timedelta(seconds=max(0.0, seconds))
        return format_timedelta(span, threshold=1.5, locale=context.get("lang", "en"))

    env.globals["duration"] = duration
    env.globals["named"] = named
    env.globals["message"] = message
    return Jinja2Templates(env=env)


def json_script(value: Any) -> Markup:
    """JSON for a ``<script type="application/json">`` block, safe against ``</script>``."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


def board_template(game: Game) -> str:
    board = game.ruleset.board
    return f"{game.id}/{board.template}" if board is not None else GENERIC_BOARD


def render_table(
    request: Request, name: str, table: Table, game: Game, **page: Any
) -> HTMLResponse:
    """A page of one match (``table.html`` and the pages extending it): the game's board and
    the page data its script reads (match id, game id, roles, and ``page``)."""
    data = {"match": table.id, "game": game.id, "roles": list(table.match.roles), **page}
    data["now"] = (
        request.app.state.tables.clocks.wall.now()
    )  # the clocks count from the server's time
    context = {
        "table": table,
        "info": game.info,
        "board": board_template(game),
        "static": f"/static/{game.id}",
        "page": data,
    }
    return render(request, name, context, game)


def people(request: Request) -> dict[str, Any]:
    """What every page's header says of its reader: the signed-in account (or ``None``) and
    how many matches wait for it. The pages' routers read both off the event loop first
    (``deps.page_reader``); a page made without them (an error's) reads them here."""
    from gameshelf.web.deps import signed_in  # deps needs the tables, which need pages

    account = signed_in(request)
    waiting = request.scope.get("waiting")
    if waiting is None:
        waiting = request.app.state.tables.waiting_count(account.id) if account else 0
    return {"account": account, "waiting": waiting}


def render(
    request: Request, name: str, context: dict[str, Any], game: Game | None = None
) -> HTMLResponse:
    """A page in its reader's language; a page of one game also carries its board's
    strings and the names of its things (``web.i18n.page_language``)."""
    templates: Jinja2Templates = request.app.state.templates
    context = {**page_language(request_lang(request), game), **people(request), **context}
    response = templates.TemplateResponse(request, name, context)
    response.headers.update(PAGE_HEADERS)
    return response
