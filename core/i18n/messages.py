"""Messages, not sentences: player-facing text as a message id with parameters.

A log line, a prompt, a refusal and an outcome text are a :class:`Msg`: an id such as
``"toy_duel.round_shown"`` and its parameters (ids of things, numbers, roles), kept as such in
the state (``{"id": ..., "args": {...}}`` in its JSON) and rendered for each reader in that
reader's language, so one log serves every seat::

    s.announce("toy_duel.rolled", role=role, die=die)  # s.say(Msg("toy_duel.rolled", ...))

**Catalogs.** The text of a message is in a gettext catalog of its *domain*, the part of its id
before the first dot: ``core`` (``core/i18n/locale``), ``web`` (``web/locale``) and each game (its
id; the ruleset's ``locale`` folder). A catalog is ``<locale>/<lang>/LC_MESSAGES/<domain>.po``
for ``en`` and ``zh_TW``, extracted by ``pybabel`` (``babel.cfg``) and read directly from the
``.po`` files when first needed. The message text has ``{name}`` placeholders
(``python-brace-format``), the same in both languages.

**Names of things.** A parameter whose name is a kind of thing, or starts with one and an
underscore or a digit (``area``, ``area_from``, ``block2``, ``role``), is the id of such a thing;
the game names it in the reader's language through its ruleset's :meth:`name` (from its
data), falling back on a catalog message ``<game>.<kind>.<id>``, then on the id itself.
The namer of a domain is registered once (:func:`register_namer`; a ruleset class does it
for its game, with its ``names.py``), so a message renders with its things named wherever
it is rendered (``str(msg)``, an :class:`~core.engine.ruleset.IllegalAction`'s reason, a test), not
only inside a view that hands its game's namer over.
Numbers are written as they are, or as the message's text formats them in its language
(``{money:,}``: "15,000"; a parameter stays a number up to the text), never preformatted by
the game. A parameter may also be a message itself (a reason inside a sentence), rendered
first.

**Plurals.** A message whose text depends on a number ("1 hit", "2 hits") is a plural
entry of its catalog (``msgid``, ``msgid_plural`` ``<id>.plural``, one ``msgstr[i]`` per form
of the language's ``Plural-Forms``: two in English, one in Chinese). The form is chosen by
the message's ``count`` parameter (else its first whole-number parameter) through the
catalog's plural rule, as gettext's ``ngettext`` does: ``Msg("web.hits", count=2)``;
:func:`ngettext` gives one form's text directly.

**Said to the seat itself.** Rendered for a reader (``render(..., reader=role)``: a seat's
own view, its terminal), a message whose role parameter ``<param>`` is that reader takes
the catalog's variant ``<id>.to_<param>`` when there is one: ``game.moved`` says "Red moved
Blue's trader" to the others and, as ``game.moved.to_role``, "You moved Blue's trader" to
Red; ``.to_role_owner`` gives Blue "Red moved your trader". The first role parameter (in the
message's order) that is the reader and has a variant wins; a spectator reads the message.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

__all__ = [
    "LANGS",
    "Msg",
    "Namer",
    "catalog",
    "negotiate",
    "ngettext",
    "placeholders",
    "plural_forms",
    "plural_index",
    "register_namer",
    "render",
    "render_outcome",
    "render_view",
    "said",
    "text",
]

LANGS = ("en", "zh_TW")  # the languages Gameshelf speaks; the first is the default
DEFAULT = LANGS[0]
HTML_LANG = {"en": "en", "zh_TW": "zh-Hant-TW"}  # what <html lang> says for each

Param = int | str
Namer = Callable[[str, Param, str], "str | None"]  # (kind, id, lang) -> name or None

CORE_LOCALE = Path(__file__).parent / "locale"


class Msg:
    """A message: an id and its parameters, ``Msg("core.game_over")``,
    ``Msg("toy_duel.rolled", role="north", die=6)``. Equal when id and parameters are."""

    # ``to`` has a slot only in addressed copies (``_Addressed``); ``_json`` is set when first
    # asked. A message is made on nearly every action of every game: two stores fewer.
    __slots__ = ("_json", "_said", "args", "id")
    # The roles a private log line is meant for (``GameState.say(msg, to=role)``); empty:
    # everyone, spectators too.
    to: tuple[str, ...] = ()
    _json: dict[str, Any]  # its JSON form, once asked (``to_json``)
    _said: dict[tuple[str, str | None, str | None], str]  # by (language, game, seat), once asked

    def __init__(self, id: str, /, **args: Param | Msg) -> None:
        # ``id`` is "<domain>.<name>": the code's ids are checked against the catalogs by the
        # tests (test_catalogs), ids from outside by ``from_json``.
        self.id = id
        self.args = args

    @property
    def domain(self) -> str:
        return self.id.split(".", 1)[0]

    def addressed(self, to: Iterable[str]) -> Msg:
        """A copy of this message meant only for the roles ``to`` (a private log line)."""
        out = _Addressed(self.id, **self.args)
        out.to = tuple(to)
        return out

    def reads(self, role: str | None) -> bool:
        """Whether ``role`` (``None``: a spectator) may read this message."""
        return not self.to or role in self.to

    def to_json(self) -> dict[str, Any]:
        """The message as JSON: ``{"id", "args"}`` (and ``"to"``). Made once and kept: a
        message is not changed once made (a logged line never is: ``GameState.say``), and
        every view of a long game holds its whole log. The dict is shared: read it only."""
        try:
            return self._json
        except AttributeError:  # not asked before
            args = {k: v.to_json() if isinstance(v, Msg) else v for k, v in self.args.items()}
            out: dict[str, Any] = {"id": self.id, "args": args}
            if self.to:
                out["to"] = list(self.to)
            self._json = out
            return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        if not isinstance(data, Mapping) or set(data) - {"id", "args", "to"} or "id" not in data:
            raise ValueError("a message is {id, args} (and the roles it is for, to)")
        args = {
            k: cls.from_json(v) if isinstance(v, Mapping) else v
            for k, v in dict(data.get("args") or {}).items()
        }
        id = str(data["id"])
        if "." not in id:
            raise ValueError(f"a message id is <domain>.<name>, not {id!r}")
        to = data.get("to") or ()
        if isinstance(to, str) or not all(isinstance(r, str) for r in to):
            raise ValueError("a message's readers (to) are a list of roles")
        out = cls(id, **args)
        return out.addressed(to) if to else out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.id, self.args, self.to) == (
            other.id,
            other.args,
            other.to,
        )

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted(self.args))))

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Msg({self.id!r}{inner})"

    def __str__(self) -> str:  # English: for exceptions, tests and logs of the server
        return render(self, DEFAULT)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        from_json = core_schema.no_info_plain_validator_function(
            lambda v: v if isinstance(v, Msg) else cls.from_json(v)
        )
        return core_schema.json_or_python_schema(
            json_schema=from_json,
            python_schema=from_json,
            serialization=core_schema.plain_serializer_function_ser_schema(lambda m: m.to_json()),
        )


def compose(id: str, args: dict[str, Param | Msg]) -> Msg:
    """``Msg(id, **args)``, made without calling the class, which costs more than the rest
    of making a message (``GameState.announce``, a game's commonest log line, makes them so;
    the figure is in docs/performance.md). ``args`` becomes the message's own: pass a dict
    nothing else keeps."""
    made = _new(Msg)
    made.id, made.args = id, args
    return made


_new = object.__new__


class _Addressed(Msg):
    """A message meant for some roles only (``Msg.addressed``): the one kind with a ``to``."""

    __slots__ = ("to",)


# --- catalogs -------------------------------------------------------------------------

_domains: dict[str, Path] = {"core": CORE_LOCALE}


def register_domain(domain: str, locale: Path) -> None:
    """Say where the catalogs of ``domain`` are (a game's ruleset does it for its id)."""
    _domains[domain] = locale


def domain_dir(domain: str) -> Path | None:
    return _domains.get(domain)


_namers: dict[str, Namer] = {}


def register_namer(domain: str, namer: Namer) -> None:
    """Say what names the things of ``domain``'s messages (a game's ruleset class does it
    for its id, with its ``names.py``): :func:`render` uses it when it is given no namer."""
    _namers[domain] = namer


def namer_of(domain: str | None) -> Namer | None:
    """The namer registered for ``domain``, if any."""
    return _namers.get(domain) if domain is not None else None


@cache
def catalog(domain: str, lang: str) -> dict[str, str]:
    """The translated messages of ``domain`` in ``lang``: ``{msgid: text}`` (empty texts
    left out), read once from its ``.po`` file. Plural entries are in :func:`plural_forms`."""
    return _read(domain, lang)[0]


def plural_forms(domain: str, lang: str) -> dict[str, tuple[str, ...]]:
    """The plural entries of ``domain`` in ``lang``: ``{msgid: (form0, form1, ...)}`` in the
    order of the catalog's ``Plural-Forms`` (entries with an empty form left out)."""
    return _read(domain, lang)[1]


@cache
def _read(domain: str, lang: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]], str]:
    from babel.messages.pofile import read_po

    folder = _domains.get(domain)
    if folder is None:
        return {}, {}, _DEFAULT_RULE
    path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}, {}, _DEFAULT_RULE
    with path.open("rb") as f:
        po = read_po(f)
    single: dict[str, str] = {}
    plural: dict[str, tuple[str, ...]] = {}
    for m in po:
        if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string:
            single[m.id] = m.string
        elif isinstance(m.id, (tuple, list)) and m.id[0] and m.string and all(m.string):
            plural[m.id[0]] = tuple(m.string)
    return single, plural, po.plural_expr or _DEFAULT_RULE


_DEFAULT_RULE = "(n != 1)"  # gettext's, when a catalog says none


@cache
def _plural_rule(expr: str) -> Callable[[int], int]:
    import gettext

    return gettext.c2py(expr)  # the C expression of a Plural-Forms header, as gettext reads it


def plural_index(domain: str, lang: str, n: int) -> int:
    """Which plural form of ``domain``'s ``lang`` catalog a count of ``n`` takes."""
    return int(_plural_rule(_read(domain, lang)[2])(abs(int(n))))


def ngettext(msgid: str, n: int, lang: str, domain: str | None = None) -> str | None:
    """The form of the plural message ``msgid`` for ``n`` in ``lang`` (English if ``lang``
    lacks it), or ``None`` when no catalog has it as a plural entry."""
    domain = domain or msgid.split(".", 1)[0]
    for where in (lang, DEFAULT):
        forms = plural_forms(domain, where).get(msgid)
        if forms:
            i = plural_index(domain, where, n)
            return forms[min(i, len(forms) - 1)]
    return None


def text(msgid: str, lang: str, domain: str | None = None) -> str | None:
    """The text of one message id in ``lang`` (English if ``lang`` lacks it), or ``None``."""
    domain = domain or msgid.split(".", 1)[0]
    return catalog(domain, lang).get(msgid) or catalog(domain, DEFAULT).get(msgid)


def placeholders(text_: str) -> set[str]:
    """The placeholders of a message text: ``{name}`` (messages), ``%(name)s`` (templates)."""
    named = {f"%({name})" for name in re.findall(r"%\((\w+)\)", text_)}
    if named:
        return named
    return {name for _, name, _, _ in string.Formatter().parse(text_) if name}


# --- rendering ------------------------------------------------------------------------

KIND = re.compile(r"^([a-z]+)(?:[_0-9].*)?$")


def render(
    item: str | Msg | Mapping[str, Any],
    lang: str,
    namer: Namer | None = None,
    game: str | None = None,
    reader: str | None = None,
) -> str:
    """A log line, prompt or reason as text in ``lang``: a plain string as it is, a message
    (or its JSON form) from its catalog with its parameters named by ``namer`` (default:
    the one registered for ``game``, else for the message's domain), else by the catalog of
    ``game`` (default: the message's domain; a core message in a game's view names that
    game's things); said to the seat ``reader`` where the catalog has the words for it."""
    if isinstance(item, str):
        return item
    msg = item if isinstance(item, Msg) else Msg.from_json(item)
    msgid = said_to(msg, reader) if reader is not None else msg.id
    pattern = text(msgid, lang)
    if pattern is None and (count := _count(msg.args)) is not None:
        pattern = ngettext(msgid, count, lang, msg.domain)
    if pattern is None:
        return msg.id + "".join(f" {k}={v}" for k, v in msg.args.items())
    if namer is None:
        namer = _namers.get(game) if game is not None else None
        if namer is None:
            namer = _namers.get(msg.domain)
    game = game or msg.domain
    values = {k: _param(k, v, lang, namer, game, reader) for k, v in msg.args.items()}
    try:
        return pattern.format_map(values)
    except (KeyError, IndexError, ValueError):
        return pattern


def said(
    line: str | Msg,
    lang: str,
    namer: Namer | None = None,
    game: str | None = None,
    reader: str | None = None,
) -> str:
    """A logged line as text in ``lang`` (:func:`render`), made once per message and
    (language, game) and kept on the message: a logged line is never changed, so every
    reader of it in one language shares one text, whatever the length of the game. A line
    about the seat ``reader`` (one of its parameters) is kept apart for it: it may be said
    to it (:func:`said_to`)."""
    if isinstance(line, str):
        return line
    try:
        texts = line._said
    except AttributeError:  # not asked before
        texts = line._said = {}
    to = reader if reader is not None and reader in line.args.values() else None
    key = (lang, game, to)
    found = texts.get(key)
    if found is None:
        found = texts[key] = render(line, lang, namer, game, to)
    return found


def said_to(msg: Msg, reader: str) -> str:
    """The id of ``msg`` as said to the seat ``reader``: ``<id>.to_<param>`` for the first
    role parameter that is ``reader`` and has such a variant in the catalog, else its id."""
    for key, value in msg.args.items():
        if value != reader or not key.startswith("role"):
            continue
        match = KIND.match(key)
        if match is None or match.group(1) != "role":
            continue
        variant = f"{msg.id}.to_{key}"
        if text(variant, DEFAULT, msg.domain) is not None or variant in plural_forms(
            msg.domain, DEFAULT
        ):
            return variant
    return msg.id


def _count(args: Mapping[str, Any]) -> int | None:
    """The number a plural message is chosen by: ``count``, else its first whole number."""
    count = args.get("count")
    if isinstance(count, int) and not isinstance(count, bool):
        return count
    for value in args.values():
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _param(
    key: str, value: Any, lang: str, namer: Namer | None, domain: str, reader: str | None
) -> str | int:
    if isinstance(value, (Msg, Mapping)):
        return render(value, lang, namer, domain, reader)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return str(value)
    match = KIND.match(key)
    if match is None:
        return value
    kind = match.group(1)
    if namer is not None:
        name = namer(kind, value, lang)
        if name is not None:
            return name
    named = text(f"{domain}.{kind}.{value}", lang)
    if named is None and domain != "core":
        named = text(f"core.{kind}.{value}", lang)
    return named if named is not None else value  # a number stays one (its text: {n:,})


RENDERED_KEYS = ("prompt", "waiting")


def render_view(
    view: Mapping[str, Any], lang: str, namer: Namer | None = None, reader: str | None = None
) -> dict[str, Any]:
    """A view with its messages (log, prompt, outcome text) as text in ``lang``, said to
    the seat ``reader`` whose view it is (``None``: a spectator's): what a reader is sent.
    The view itself is left as it is (built once, read in every language)."""
    out = dict(view)
    game = out.get("game") if isinstance(out.get("game"), str) else None
    if "log" in out:
        out["log"] = [render(line, lang, namer, game, reader) for line in out["log"]]
    for key in RENDERED_KEYS:
        if isinstance(out.get(key), (Mapping, Msg)):
            out[key] = render(out[key], lang, namer, game, reader)
    outcome = out.get("outcome")
    if isinstance(outcome, Mapping) and isinstance(outcome.get("text"), (Mapping, Msg)):
        said = render(outcome["text"], lang, namer, game, reader)
        out["outcome"] = {**outcome, "text": said}
    return out


def negotiate(wanted: Iterable[str] | str | None) -> str:
    """The language to use for an ``Accept-Language`` header, a cookie's ``zh-TW`` or a
    locale's ``zh_TW.UTF-8``: the first one Gameshelf speaks (Chinese of any region and
    script reads Traditional here), else English."""
    if wanted is None:
        return DEFAULT
    if isinstance(wanted, str):
        wanted = _accept_language(wanted)
    for tag in wanted:
        norm = tag.split(".")[0].replace("-", "_").lower()
        if norm.startswith("zh"):
            return "zh_TW"
        if norm.startswith("en"):
            return "en"
    return DEFAULT


def _accept_language(header: str) -> list[str]:
    weighted = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and q > 0:
            weighted.append((-q, i, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]


def render_outcome(
    outcome: Any,
    lang: str,
    namer: Namer | None = None,
    game: str | None = None,
    reader: str | None = None,
) -> dict[str, Any] | None:
    """An :class:`~core.engine.ruleset.Outcome` (or ``None``) as JSON, its text in ``lang`` (said
    to ``reader``, a seat)."""
    if outcome is None:
        return None
    data: dict[str, Any] = outcome.model_dump()
    if isinstance(data.get("text"), (Mapping, Msg)):
        data["text"] = render(data["text"], lang, namer, game, reader)
    return data
