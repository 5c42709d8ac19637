"""Hammer of the Scots at the terminal: a seat's view as text, its choices in words.

Drawn from the seat's view only (``view.board_view``), so it shows exactly what the seat
may see: every area where blocks stand, with the seat's own blocks by name and strength and
the enemy's as a count; both pools; the hand and the cards on the table; the battle being
fought, row by row. ``gameshelf play hammer_scots`` prints it before each decision.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import JSON, Action
from gameshelf.core.text import TextBoard
from gameshelf.plugins.hammer_scots.model import AREAS, BLOCKS, CARDS, SIDES
from gameshelf.plugins.hammer_scots.state import machine

COLOUR = {"England": "red", "Scotland": "blue"}
AREA_NAME = {a.id: a.name for a in AREAS}
BLOCK_NAME = {b.id: b.name for b in BLOCKS}
VERB = {"fire": "Fire with", "retreat": "Retreat", "hit": "Hit on", "pass": "Pass with"}
CROWN = {"bruce": "Crown Bruce", "comyn": "Crown Comyn", "balliol": "Return of the King"}
PLAIN = {
    "done": "Done",
    "pass": "Pass",
    "stop": "Stop here",
    "stay": "Stay",
    "truce": "Call the Truce",
    "winter": "Winter in Scotland",
    "disband": "Go home (disband)",
}


def side(name: str) -> Text:
    return Text(name, style=f"bold {COLOUR.get(name, '')}")


def block_text(block: JSON) -> str:
    """A block the seat sees as "Wallace 3/4" (strength now / full), else "?"."""
    if block.get("hidden"):
        return "?"
    mark = "*" if block.get("moved") else ""
    return f"{block['name']} {block['steps']}/{block['full']}{mark}"


def blocks_text(blocks: list[JSON], role: str | None) -> str:
    """Own blocks by name and strength; the enemy's as a count (those it sees by name)."""
    seen = [block_text(b) for b in blocks if not b.get("hidden")]
    hidden = [b for b in blocks if b.get("hidden")]
    parts = list(seen)
    if hidden:
        reserve = sum(1 for b in hidden if b.get("reserve"))
        count = f"{len(hidden)} block{'s' if len(hidden) != 1 else ''}"
        parts.append(count + (f" ({reserve} in reserve)" if reserve else ""))
    return ", ".join(parts)


def card_text(card: JSON) -> str:
    return card["name"] if not card.get("event") else f"{card['name']} (event)"


def heading(view: JSON) -> Text:
    line = Text()
    last = f" (last {view['last_year']})" if view.get("last_year") else ""
    line.append(f"{view['scenario_name']} · {view['year']}{last}, turn {view['turn']} of 5")
    if view.get("p1"):
        line.append(" · moves first: ")
        line.append_text(side(view["p1"]))
    if view.get("acting"):
        line.append(" · acting: ")
        line.append_text(side(view["acting"]))
        if view.get("move_points"):
            line.append(f" ({view['move_points']} move points)")
    if view.get("truce"):
        line.append(f" · Truce called by {view['truce']}")
    line.append(f" · {view['edward']} · Scottish king: ")
    line.append("crowned" if view.get("king_crowned") else "none")
    nobles = view["nobles"]
    line.append("\nNobles on the map: ")
    line.append_text(side("England"))
    line.append(f" {len(nobles['England'])}, ")
    line.append_text(side("Scotland"))
    line.append(f" {len(nobles['Scotland'])}")
    return line


def areas_table(view: JSON) -> Table:
    role = view.get("role")
    table = Table(title="The map (areas where blocks stand)", title_justify="left", expand=False)
    table.add_column("area")
    table.add_column("castle", justify="right")
    for s in SIDES:
        table.add_column(s, style=COLOUR[s])
    moving = view.get("moving") or {}
    battle_area = (view.get("battle") or {}).get("area")
    for area in view["areas"]:
        blocks = area["blocks"]
        if not (blocks["England"] or blocks["Scotland"]):
            continue
        name = area["name"]
        marks = []
        if area["id"] == battle_area:
            marks.append("battle now")
        elif area.get("attacker"):
            marks.append(f"battle: {area['attacker']} attacks")
        elif area.get("contested"):
            marks.append("contested")
        if moving.get("at") == area["id"]:
            marks.append("moving here")
        if marks:
            name += f" [{', '.join(marks)}]"
        castle = str(area["castle"]) if area["country"] != "England" else ""
        if area.get("cathedral"):
            castle += "+"
        table.add_row(Text(name), castle, *(Text(blocks_text(blocks[s], role)) for s in SIDES))
    table.caption = "strength now/full; * moved this turn; castle + a cathedral"
    return table


def pools_text(view: JSON) -> Text:
    out = Text()
    for s in SIDES:
        pool = view["pools"][s]
        out.append_text(side(s))
        out.append(f"'s pool: {pool['count']} block{'s' if pool['count'] != 1 else ''}")
        if pool.get("blocks"):
            out.append(": " + ", ".join(block_text(b) for b in pool["blocks"]))
        out.append("\n")
    if view.get("dead"):
        out.append("Out of the game: " + ", ".join(d["name"] for d in view["dead"]) + "\n")
    return out


def cards_text(view: JSON) -> Text:
    out = Text()
    hand = view.get("hand")
    if hand is not None:
        out.append("Your hand: ", style="bold")
        out.append(", ".join(card_text(c) for c in hand) or "no card")
        out.append("\n")
    for s in SIDES:
        chosen = view["chosen"].get(s)
        played = view["played"].get(s) or []
        bits = []
        if chosen == "hidden":
            bits.append("has chosen a card")
        elif chosen:
            bits.append(f"plays {card_text(chosen)}")
        if played:
            bits.append("played this year: " + ", ".join(card_text(c) for c in played))
        bits.append(f"{view['hand_sizes'][s]} in hand")
        out.append_text(side(s))
        out.append(": " + "; ".join(bits) + "\n")
    return out


def battle_table(view: JSON) -> Table | None:
    battle = view.get("battle")
    if not battle:
        return None
    role = view.get("role")
    attacker, defender = battle["attacker"], battle["defender"]
    title = f"Battle of {AREA_NAME.get(battle['area'], battle['area'])}, round {battle['round']}"
    if battle.get("hits"):
        hits = battle["hits"]
        title += f": {hits} hit{'s' if hits != 1 else ''} to take"
        if battle.get("hits_to"):
            title += f" by {battle['hits_to']}"
    table = Table(title=Text(title), title_justify="left")
    table.add_column("")
    table.add_column(f"{attacker} attacks", style=COLOUR[attacker])
    table.add_column(f"{defender} defends", style=COLOUR[defender])
    for letter, row in battle["rows"].items():
        table.add_row(
            letter,
            Text(blocks_text(row["attacker"], role) or "—"),
            Text(blocks_text(row["defender"], role) or "—"),
        )
    reserves = battle["reserves"]
    table.add_row(
        "reserve",
        Text(blocks_text(reserves[attacker], role) or "—"),
        Text(blocks_text(reserves[defender], role) or "—"),
    )
    return table


def board(view: JSON) -> RenderableType:
    """The whole board a seat sees, top to bottom."""
    parts: list[Any] = [heading(view), areas_table(view), pools_text(view), cards_text(view)]
    battle = battle_table(view)
    if battle is not None:
        parts.append(battle)
    return Group(*parts)


def names(view: JSON) -> dict[str, str]:
    """Block and card names as this view gives them (Edward I or II), then the data's."""
    found = dict(BLOCK_NAME)
    found.update(AREA_NAME)

    def learn(blocks: list[JSON]) -> None:
        for b in blocks:
            if "id" in b:
                found[b["id"]] = b["name"]

    for area in view["areas"]:
        for s in SIDES:
            learn(area["blocks"][s])
    for s in SIDES:
        learn(view["pools"][s].get("blocks") or [])
    return found


def label(action: Action, view: JSON) -> str | None:
    """A choice as players say it: "Wallace", "Lanark", "Fire with Moray", "Herald"."""
    typ, arg = action.type, action.arg
    if arg is None:
        return PLAIN.get(typ)
    if typ == "card" and arg in CARDS:
        card = CARDS[str(arg)]
        return card.name if not card.event else f"{card.name} (event)"
    if typ == "crown":
        return CROWN.get(str(arg))
    name = names(view).get(str(arg))
    if name is None:
        return None
    if typ in VERB:
        return f"{VERB[typ]} {name}"
    return name


@cache
def winter_steps() -> frozenset[str]:
    """The steps of the winter (those winter.py registers)."""
    return frozenset(
        name for name, step in machine.steps.items() if type(step).__module__.endswith(".winter")
    )


def place(view: JSON) -> Msg:
    """Where the war stands: "1297, turn 4", "1297, winter" (a message, in the reader's
    language where it is shown)."""
    if view.get("step") in winter_steps():
        return Msg("hammer_scots.place_winter", year=view["year"])
    return Msg("hammer_scots.place_turn", year=view["year"], turn=view["turn"])


TEXT = TextBoard(board=board, label=label, place=place)
