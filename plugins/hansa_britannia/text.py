"""Hansa Teutonica: Britannia at the terminal: the board in text (each player's desk, the
cities with their offices, the routes with their pieces) and the choices named as the web's
board names them ("Place a trader on Cambridge–Ipswich").

Drawn from the seat's view only, in the words of the board's catalog
(``hansa_britannia_board``, the web board's own: one namer for both).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from gameshelf.core.engine.ruleset import JSON, Action
from gameshelf.core.i18n.messages import catalog, ngettext, register_domain
from gameshelf.core.play.text import TextBoard
from gameshelf.plugins.hansa_britannia.board import ABILITIES
from gameshelf.plugins.hansa_britannia.names import name

BOARD = "hansa_britannia_board"
register_domain(BOARD, Path(__file__).parent / "locale")
COLOUR = {
    "red": "red",
    "yellow": "yellow",
    "green": "green",
    "blue": "blue",
    "purple": "magenta",
    "neutral": "bright_black",
}
# each ability's track, left to right
VALUES: dict[str, tuple[int, ...]] = {a.id: a.values for a in ABILITIES}
SPACE_ACTIONS = ("place_trader", "place_merchant", "displace_trader", "displace_merchant", "lift")
CITY_ACTIONS = ("office", "annex", "annex_trader", "annex_merchant")


def say(key: str, lang: str, count: int | None = None, **args: Any) -> str | None:
    """A word of the board's catalog (``hansa_britannia.board.<key>``) in ``lang``."""
    msgid = f"hansa_britannia.board.{key}"
    if count is not None:
        found = ngettext(msgid, count, lang, BOARD) or ngettext(msgid, count, "en", BOARD)
        args["count"] = count
    else:
        found = catalog(BOARD, lang).get(msgid) or catalog(BOARD, "en").get(msgid)
    return found.format(**args) if found else None


def words(key: str, lang: str, count: int | None = None, **args: Any) -> str:
    return say(key, lang, count, **args) or key


def named(kind: str, ident: Any, lang: str) -> str:
    return name(kind, str(ident), lang) or str(ident)


def piece(space: JSON | None) -> Text:
    """A route space: ○ empty, ● a trader, ■ a merchant, in its owner's colour."""
    if not space:
        return Text("○", style="dim")
    mark = "■" if space.get("piece") == "merchant" else "●"
    return Text(mark, style=f"bold {COLOUR.get(space.get('role', ''), '')}")


def level(ability: str, step: int) -> str:
    """An ability's value now, as its track prints it (step 0 is the first space; Bursa's
    last is C, no limit)."""
    values = VALUES.get(ability, ())
    value = values[step] if 0 <= step < len(values) else step
    return "C" if value == 0 else str(value)


def desks(view: JSON, lang: str) -> Text:
    """Each player's desk on a line: prestige, supply and stock (● traders, ■ merchants),
    abilities, markers; the seat whose turn it is marked."""
    out = Text()
    current, left = view.get("current"), view.get("actions_left", 0)
    for desk in view.get("desks") or []:
        role = desk["role"]
        out.append(named("role", role, lang), style=f"bold {COLOUR.get(role, '')}")
        out.append(" · " + words("prestige", lang, count=desk.get("prestige", 0)))
        if role == current:
            out.append(" · " + words("its_turn", lang, count=left), style="bold")
        supply, stock = desk.get("supply") or {}, desk.get("stock") or {}
        out.append(f"\n  {words('supply', lang)} {supply.get('trader', 0)}●")
        out.append(f" {supply.get('merchant', 0)}■ · {words('stock', lang)}")
        out.append(f" {stock.get('trader', 0)}● {stock.get('merchant', 0)}■ · ")
        abilities = desk.get("abilities") or {}
        out.append(
            " · ".join(
                f"{words(f'ability_short.{a}', lang)} {level(a, v)}" for a, v in abilities.items()
            )
        )
        markers = [named("marker", m, lang) for m in desk.get("markers") or []]
        if markers:
            out.append(f"\n  {words('markers', lang)}: {', '.join(markers)}")
        out.append("\n")
    out.rstrip()
    return out


def cities(view: JSON, lang: str) -> Text:
    """The cities with offices: their offices in order, who controls each."""
    out = Text()
    for city, c in sorted((view.get("cities") or {}).items()):
        if not c.get("offices") and not c.get("annexes"):
            continue
        out.append(named("city", city, lang) + " ")
        for office in [*c.get("annexes", []), *c.get("offices", [])]:
            out.append_text(piece(office))
        if c.get("controller"):
            ruler = named("role", c["controller"], lang)
            out.append(" (" + words("controller_tip", lang, role=ruler) + ")", style="dim")
        out.append("\n")
    return out


def routes(view: JSON, lang: str) -> Columns:
    """Every route with its spaces (and its bonus marker)."""
    lines = []
    for route, r in (view.get("routes") or {}).items():
        line = Text(named("route", route, lang) + " ")
        for space in r.get("spaces") or []:
            line.append_text(piece(space))
        if r.get("marker"):
            line.append(f" [{named('marker', r['marker'], lang)}]", style="italic")
        lines.append(line)
    return Columns(lines, padding=(0, 3))


def board(view: JSON, lang: str = "en") -> RenderableType:
    """The whole board a seat sees, top to bottom, in ``lang``."""
    head = Text(
        f"{words('completed', lang)}: {view.get('completed', 0)}"
        f" · {words('marker_supply', lang)}: {view.get('markers_supply', 0)}"
    )
    return Group(head, desks(view, lang), cities(view, lang), routes(view, lang))


def route_of(view: JSON, space: int) -> str | None:
    for route, r in (view.get("routes") or {}).items():
        first = r.get("first_space", 0)
        if first <= space < first + len(r.get("spaces") or []):
            return str(route)
    return None


def label(action: Action, view: JSON, lang: str = "en") -> str | None:
    """A choice as the web names it: "Place a trader on Cambridge–Ipswich", "Income"."""
    typ, arg = action.type, action.arg
    if typ in SPACE_ACTIONS and isinstance(arg, int):
        route = route_of(view, arg)
        return say(f"action.{typ}", lang, route=named("route", route, lang)) if route else None
    if typ in ("create", "route"):
        return say(f"action.{typ}", lang, route=named("route", arg, lang))
    if typ in CITY_ACTIONS:
        return say(f"action.{typ}", lang, city=named("city", arg, lang))
    if typ == "ability":
        return say("action.ability", lang, ability=named("ability", arg, lang))
    if typ == "marker":
        return say("action.marker", lang, marker=named("marker", arg, lang))
    if typ == "swap":
        return say("action.swap", lang, city=named("city", str(arg).split(":")[0], lang))
    if typ == "prestige":
        return say("action.prestige", lang, points=arg)
    if arg is None:
        return say(f"action.{typ}", lang)
    return None


TEXT = TextBoard(board=board, label=label)
