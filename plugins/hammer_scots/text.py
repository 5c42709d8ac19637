"""Hammer of the Scots at the terminal: a seat's view as text, its choices in words.

Drawn from the seat's view only (``view.board_view``), so it shows exactly what the seat
may see: every area where blocks stand, with the seat's own blocks by name and strength and
the enemy's as a count; both pools; the hand and the cards on the table; the battle being
fought, row by row. ``gameshelf play hammer_scots`` prints it before each decision, in the
language of ``--lang``: its words are messages of the game's catalogs
(``hammer_scots.text.*``), the names of areas, blocks, cards and sides come from
``names.py``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gameshelf.core.engine.ruleset import JSON, Action
from gameshelf.core.i18n.messages import Msg, render
from gameshelf.core.play.text import TextBoard
from gameshelf.plugins.hammer_scots.model import BLOCKS, CARDS, SIDES
from gameshelf.plugins.hammer_scots.names import name
from gameshelf.plugins.hammer_scots.state import machine

COLOUR = {"England": "red", "Scotland": "blue"}
BLOCK_IDS = frozenset(b.id for b in BLOCKS)
VERB = ("fire", "retreat", "hit", "pass")  # a choice that names a block: "Fire with Moray"
CROWN = ("bruce", "comyn", "balliol")
PLAIN = ("done", "pass", "stop", "stay", "truce", "winter", "disband")
EDWARD = {"Edward I": "edward_1", "Edward II": "edward_2"}  # the king, as the view names him


def say(lang: str, key: str, **args: Any) -> str:
    """A word or line of the text board (``hammer_scots.text.<key>``) in ``lang``."""
    return render(Msg(f"hammer_scots.text.{key}", **args), lang)


def named(kind: str, thing: str, lang: str) -> str:
    return name(kind, thing, lang) or thing


def side(role: str, lang: str) -> Text:
    return Text(named("side", role, lang), style=f"bold {COLOUR.get(role, '')}")


def block_name(block: JSON, lang: str) -> str:
    """A block the seat sees by name: the data's, or the king Edward I or II is now."""
    if block.get("id") == "edward":
        return named("block", EDWARD.get(block["name"], "edward_1"), lang)
    return name("block", block["id"], lang) or block["name"]


def block_text(block: JSON, lang: str) -> str:
    """A block the seat sees as "Wallace 3/4" (strength now / full), else "?"."""
    if block.get("hidden"):
        return "?"
    mark = "*" if block.get("moved") else ""
    return f"{block_name(block, lang)} {block['steps']}/{block['full']}{mark}"


def blocks_text(blocks: list[JSON], lang: str) -> str:
    """Own blocks by name and strength; the enemy's as a count (those it sees by name)."""
    parts = [block_text(b, lang) for b in blocks if not b.get("hidden")]
    hidden = [b for b in blocks if b.get("hidden")]
    if hidden:
        reserve = sum(1 for b in hidden if b.get("reserve"))
        count = say(lang, "blocks", count=len(hidden))
        parts.append(say(lang, "in_reserve", blocks=count, count=reserve) if reserve else count)
    return say(lang, "comma").join(parts)


def card_text(card: JSON, lang: str) -> str:
    title = name("card", card["id"], lang) or card["name"]
    return say(lang, "event_card", title=title) if card.get("event") else title


def heading(view: JSON, lang: str) -> Text:
    line = Text()
    scenario = name("scenario", view["scenario"], lang) or view["scenario_name"]
    year, turn = view["year"], view["turn"]
    if view.get("last_year"):
        line.append(
            say(lang, "when_last", title=scenario, year=year, last=view["last_year"], turn=turn)
        )
    else:
        line.append(say(lang, "when", title=scenario, year=year, turn=turn))
    if view.get("p1"):
        line.append(say(lang, "moves_first"))
        line.append_text(side(view["p1"], lang))
    if view.get("acting"):
        line.append(say(lang, "acting"))
        line.append_text(side(view["acting"], lang))
        if view.get("move_points"):
            line.append(say(lang, "move_points", count=view["move_points"]))
    if view.get("truce"):
        line.append(say(lang, "truce_called", role=view["truce"]))
    edward = named("block", EDWARD.get(view["edward"], "edward_1"), lang)
    crowned = "king_crowned" if view.get("king_crowned") else "no_king"
    line.append(say(lang, crowned, king=edward))
    nobles = view["nobles"]
    line.append(say(lang, "nobles_on_map"))
    line.append_text(side("England", lang))
    line.append(f" {len(nobles['England'])}{say(lang, 'comma')}")
    line.append_text(side("Scotland", lang))
    line.append(f" {len(nobles['Scotland'])}")
    return line


def areas_table(view: JSON, lang: str) -> Table:
    table = Table(title=say(lang, "map_title"), title_justify="left", expand=False)
    table.add_column(say(lang, "col_area"))
    table.add_column(say(lang, "col_castle"), justify="right")
    for s in SIDES:
        table.add_column(named("side", s, lang), style=COLOUR[s])
    moving = view.get("moving") or {}
    battle_area = (view.get("battle") or {}).get("area")
    for area in view["areas"]:
        blocks = area["blocks"]
        if not (blocks["England"] or blocks["Scotland"]):
            continue
        title = name("area", area["id"], lang) or area["name"]
        marks = []
        if area["id"] == battle_area:
            marks.append(say(lang, "battle_now"))
        elif area.get("attacker"):
            marks.append(say(lang, "battle_attacks", role=area["attacker"]))
        elif area.get("contested"):
            marks.append(say(lang, "contested"))
        if moving.get("at") == area["id"]:
            marks.append(say(lang, "moving_here"))
        if marks:
            title = say(lang, "marked", where=title, marks=say(lang, "comma").join(marks))
        castle = str(area["castle"]) if area["country"] != "England" else ""
        if area.get("cathedral"):
            castle += "+"
        table.add_row(Text(title), castle, *(Text(blocks_text(blocks[s], lang)) for s in SIDES))
    table.caption = say(lang, "map_caption")
    return table


def pools_text(view: JSON, lang: str) -> Text:
    out = Text()
    for s in SIDES:
        pool = view["pools"][s]
        out.append_text(side(s, lang))
        out.append(say(lang, "pool", count=pool["count"]))
        if pool.get("blocks"):
            blocks = say(lang, "comma").join(block_text(b, lang) for b in pool["blocks"])
            out.append(say(lang, "listed", items=blocks))
        out.append("\n")
    if view.get("dead"):
        dead = say(lang, "comma").join(block_name(d, lang) for d in view["dead"])
        out.append(say(lang, "out_of_game", blocks=dead) + "\n")
    return out


def cards_text(view: JSON, lang: str) -> Text:
    out = Text()
    comma = say(lang, "comma")
    hand = view.get("hand")
    if hand is not None:
        out.append(say(lang, "your_hand"), style="bold")
        out.append(comma.join(card_text(c, lang) for c in hand) or say(lang, "no_card"))
        out.append("\n")
    for s in SIDES:
        chosen = view["chosen"].get(s)
        played = view["played"].get(s) or []
        bits = []
        if chosen == "hidden":
            bits.append(say(lang, "has_chosen"))
        elif chosen:
            bits.append(say(lang, "plays", what=card_text(chosen, lang)))
        if played:
            cards = comma.join(card_text(c, lang) for c in played)
            bits.append(say(lang, "played_this_year", cards=cards))
        bits.append(say(lang, "in_hand", count=view["hand_sizes"][s]))
        out.append_text(side(s, lang))
        out.append(say(lang, "colon") + say(lang, "semicolon").join(bits) + "\n")
    return out


def battle_table(view: JSON, lang: str) -> Table | None:
    battle = view.get("battle")
    if not battle:
        return None
    attacker, defender = battle["attacker"], battle["defender"]
    title = say(lang, "battle_of", area=battle["area"], round=battle["round"])
    if battle.get("hits"):
        hits = battle["hits"]
        if battle.get("hits_to"):
            title += say(lang, "hits_to_take_by", count=hits, role=battle["hits_to"])
        else:
            title += say(lang, "hits_to_take", count=hits)
    table = Table(title=Text(title), title_justify="left")
    table.add_column("")
    table.add_column(say(lang, "attacks", role=attacker), style=COLOUR[attacker])
    table.add_column(say(lang, "defends", role=defender), style=COLOUR[defender])
    for letter, row in battle["rows"].items():
        table.add_row(
            letter,
            Text(blocks_text(row["attacker"], lang) or "—"),
            Text(blocks_text(row["defender"], lang) or "—"),
        )
    reserves = battle["reserves"]
    table.add_row(
        say(lang, "reserve"),
        Text(blocks_text(reserves[attacker], lang) or "—"),
        Text(blocks_text(reserves[defender], lang) or "—"),
    )
    return table


def board(view: JSON, lang: str = "en") -> RenderableType:
    """The whole board a seat sees, top to bottom, in ``lang``."""
    parts: list[Any] = [
        heading(view, lang),
        areas_table(view, lang),
        pools_text(view, lang),
        cards_text(view, lang),
    ]
    battle = battle_table(view, lang)
    if battle is not None:
        parts.append(battle)
    return Group(*parts)


def names(view: JSON, lang: str) -> dict[str, str]:
    """Block names as this view gives them (Edward I or II), then the data's; areas."""
    found: dict[str, str] = {}

    def learn(blocks: list[JSON]) -> None:
        for b in blocks:
            if "id" in b:
                found[b["id"]] = block_name(b, lang)

    for area in view["areas"]:
        for s in SIDES:
            learn(area["blocks"][s])
    for s in SIDES:
        learn(view["pools"][s].get("blocks") or [])
    return found


def label(action: Action, view: JSON, lang: str = "en") -> str | None:
    """A choice as players say it: "Wallace", "Lanark", "Fire with Moray", "Herald"."""
    typ, arg = action.type, action.arg
    if arg is None:
        return say(lang, f"do_{typ}") if typ in PLAIN else None
    thing = str(arg)
    if typ == "card" and thing in CARDS:
        card = CARDS[thing]
        title = named("card", thing, lang)
        return say(lang, "event_card", title=title) if card.event else title
    if typ == "crown":
        return say(lang, f"crown_{thing}") if thing in CROWN else None
    found: str | None
    if typ == "area":
        found = name("area", thing, lang)
    else:
        found = names(view, lang).get(thing)
        if found is None:
            found = name("block" if thing in BLOCK_IDS else "area", thing, lang)
    if found is None:
        return None
    if typ in VERB:
        return say(lang, f"verb_{typ}", name=found)
    return found


@cache
def winter_steps() -> frozenset[str]:
    """The steps of the winter (those winter.py registers)."""
    return frozenset(
        name for name in machine.steps if type(machine[name]).__module__.endswith(".winter")
    )


def place(view: JSON) -> Msg:
    """Where the war stands: "1297, turn 4", "1297, winter" (a message, in the reader's
    language where it is shown)."""
    if view.get("step") in winter_steps():
        return Msg("hammer_scots.place_winter", year=view["year"])
    return Msg("hammer_scots.place_turn", year=view["year"], turn=view["turn"])


TEXT = TextBoard(board=board, label=label, place=place)
