"""Twilight Struggle at the terminal and in the lobby: where the war stands (turn and action
round), the board in text, and the choices named as the web's board names them.

Drawn from the seat's view only, in the words of the board's catalog
(``twilight_struggle_board``, the web board's own: one namer for both).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gameshelf.core.engine.ruleset import JSON, Action
from gameshelf.core.i18n.messages import Msg, catalog, register_domain
from gameshelf.core.play.text import TextBoard
from gameshelf.plugins.twilight_struggle.names import name

BOARD = "twilight_struggle_board"
register_domain(BOARD, Path(__file__).parent / "locale")
COLOUR = {"USSR": "red", "US": "blue"}


def say(key: str, lang: str, **args: Any) -> str | None:
    """A word of the board's catalog (``twilight_struggle.board.<key>``) in ``lang``."""
    msgid = f"twilight_struggle.board.{key}"
    found = catalog(BOARD, lang).get(msgid) or catalog(BOARD, "en").get(msgid)
    return found.format(**args) if found else None


def words(key: str, lang: str, **args: Any) -> str:
    return say(key, lang, **args) or key


def side(role: str, lang: str) -> str:
    return name("side", role, lang) or role


def thing(item: JSON, lang: str) -> str:
    """A country, region or card of the view by its name in ``lang``."""
    return str(item.get("name_zh") if lang == "zh_TW" else item.get("name")) or str(item["id"])


def card_label(card: JSON, lang: str) -> str:
    ops = words("scoring_mark", lang) if card.get("scoring") else card.get("ops")
    return words("card_button", lang, card=thing(card, lang), ops=ops)


def place(view: JSON) -> Msg:
    """Where the war stands: "turn 3, headline", "turn 3, action round 4" (the phasing
    side's round: its count starts with the round, plugins/twilight_struggle/turn.py)."""
    turn = view.get("turn", 1)
    phasing = view.get("phasing")
    done = (view.get("rounds") or {}).get(phasing, {}).get("done", 0) if phasing else 0
    if str(view.get("step", "")).startswith("headline") or not done:
        return Msg("twilight_struggle.place_headline", turn=turn)
    return Msg("twilight_struggle.place_round", turn=turn, round=done)


def tracks(view: JSON, lang: str) -> Text:
    """DEFCON, VP, turn and era, action rounds, military operations, Space Race, China."""
    vp = view.get("vp", 0)
    if vp:
        lead = words("vp_lead", lang, side=side("US" if vp > 0 else "USSR", lang), n=abs(vp))
    else:
        lead = words("vp_even", lang)
    rounds = view.get("rounds") or {}
    milops = view.get("milops") or {}
    space = view.get("space") or {}
    defcon = view.get("defcon", 5)
    out = Text()
    out.append(f"{words('defcon', lang)} {defcon}", style="bold red" if defcon <= 2 else "bold")
    out.append(f" · {words('vp', lang)} {lead}")
    era = words(f"era.{view.get('era', '')}", lang)
    out.append(f" · {words('turn', lang)} {view.get('turn')} ({era})\n")
    played = [
        words("rounds_of", lang, side=side(s, lang), done=r["done"], total=r["total"])
        for s, r in rounds.items()
    ]
    out.append(f"{words('action_round', lang)}: {' · '.join(played)}\n")
    ops = [
        words("milops_of", lang, side=side(s, lang), n=n, needed=defcon) for s, n in milops.items()
    ]
    out.append(f"{words('milops', lang)}: {' · '.join(ops)}\n")
    boxes = {b["box"]: b for b in view.get("space_boxes") or []}
    race = []
    for s, where in space.items():
        box = boxes.get(where.get("box", 0))
        race.append(
            f"{side(s, lang)} {where.get('box', 0)}" + (f" {thing(box, lang)}" if box else "")
        )
    out.append(f"{words('space_race', lang)}: {' · '.join(race)}\n")
    china = view.get("china") or {}
    if china.get("holder"):
        held = "china_up" if china.get("face_up") else "china_down"
        title = thing(china["card"], lang) if china.get("card") else "China"
        out.append(f"{title}: {words(held, lang, side=side(china['holder'], lang))}")
    return out


def regions(view: JSON, lang: str) -> list[RenderableType]:
    """Each region's countries: stability (* a battleground), both sides' Influence, who
    controls it."""
    countries = view.get("countries") or []
    out: list[RenderableType] = []
    for region in view.get("regions") or []:
        if region.get("part_of"):
            continue  # a subregion: its countries are listed with its region
        found = [c for c in countries if c.get("region") == region["id"]]
        if not found:
            continue
        table = Table(title=thing(region, lang), title_justify="left", expand=False, box=None)
        table.add_column("")
        table.add_column(words("legend_stability", lang), justify="right")
        table.add_column(side("USSR", lang), justify="right", style=COLOUR["USSR"])
        table.add_column(side("US", lang), justify="right", style=COLOUR["US"])
        for c in found:
            control = c.get("control")
            label = Text(thing(c, lang) + (" *" if c.get("battleground") else ""))
            if control:
                label.stylize(f"bold {COLOUR.get(control, '')}")
            influence = c.get("influence") or {}
            table.add_row(
                label,
                str(c.get("stability")),
                str(influence.get("USSR", 0) or "·"),
                str(influence.get("US", 0) or "·"),
            )
        out.append(table)
    return out


def hand(view: JSON, lang: str) -> Text | None:
    cards = view.get("hand")
    if not cards:
        return None
    out = Text(f"{words('your_hand', lang)}:\n", style="bold")
    for c in cards:
        era = words(f"era.{c.get('era', '')}", lang)
        owner = side(c["side"], lang) if c.get("side") else "—"
        out.append(f"  {card_label(c, lang)} · {owner} · {era}\n")
    return out


def board(view: JSON, lang: str = "en") -> RenderableType:
    """The whole board a seat sees, top to bottom, in ``lang``."""
    parts: list[RenderableType] = [tracks(view, lang), Columns(regions(view, lang), padding=(0, 2))]
    held = hand(view, lang)
    if held is not None:
        parts.append(held)
    return Group(*parts)


def _seen_cards(view: JSON) -> list[JSON]:
    china = (view.get("china") or {}).get("card")
    found = [*(view.get("hand") or []), *(view.get("set_aside") or [])]
    found += [*(view.get("shown") or []), *(view.get("discard") or [])]
    return found + ([china] if china else [])


def label(action: Action, view: JSON, lang: str = "en") -> str | None:
    """A choice as the web names it: "Korean War (2)", "Realign Panama", "Pass"."""
    typ, arg = action.type, action.arg
    if typ == "country" and isinstance(arg, str):
        country = name("country", arg, lang) or arg
        op = (view.get("operation") or {}).get("kind")
        if op in ("coup", "realign", "influence"):
            return say(f"verb.{op}", lang, name=country)
        return country
    if typ == "cancel_crisis" and isinstance(arg, str):
        return say("cancel_crisis", lang, name=name("country", arg, lang) or arg)
    if typ == "choose" and isinstance(arg, str):
        if arg.startswith("defcon_") and arg[7:].isdigit():
            return say("choose.defcon_n", lang, n=arg[7:])
        if arg.startswith("region_"):
            return name("region", arg[7:], lang)
    if typ == "card" and arg is not None:
        card = next((c for c in _seen_cards(view) if str(c.get("id")) == str(arg)), None)
        return card_label(card, lang) if card else name("card", str(arg), lang)
    if arg is None:
        return say(f"action.{typ}", lang)
    if isinstance(arg, str):
        return say(f"{typ}.{arg}", lang)
    return None


TEXT = TextBoard(board=board, label=label, place=place)
