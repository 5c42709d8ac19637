"""三國戰記 Three Kingdoms at the terminal: a seat's view as text, its choices in words.

Drawn from the seat's view only (``view.board_view``): the round and whose turn it is, the
lords with their money, lands and cards in hand (the seat's own hand by name and numbers,
the others' as a count), the lands of the ring with owner, swords, toll and talents, and
the battle, field battle or strategy card being resolved. ``gameshelf play three_kingdoms``
prints it before each decision.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import JSON, Action
from gameshelf.core.text import TextBoard
from gameshelf.plugins.three_kingdoms.model import CARDS, LANDS

# Verbs of the choices that name a card, a land or a seat (the web board says the same).
VERB = {
    "occupy": "Occupy with",
    "plan": "Plan:",
    "general": "General:",
    "tax": "Tax with",
}
PLAIN = {
    "tax": "Collect tax",
    "deploy": "Deploy talents",
    "train": "Train (+1 sword)",
    "advise": "Seek advice (天機)",
    "extra_sword": "Add a sword",
    "pay": "Pay",
    "pass": "Pass",
    "done": "Done",
}
DICE = {1: "Roll one die", 2: "Roll two dice"}


def card_name(card_id: str) -> str:
    card = CARDS.get(card_id)
    return f"{card.name} {card.name_en}" if card else card_id


def land_name(land_id: str) -> str:
    land = LANDS.get(land_id)
    return f"{land.name} {land.name_en}" if land else land_id


def card_text(card: JSON) -> str:
    """A card as "諸葛亮 Zhuge Liang 10/10/4" (politics / intelligence / martial)."""
    return (
        f"{card['name']} {card['name_en']} "
        f"{card['politics']}/{card['intelligence']}/{card['martial']}"
    )


def lords(view: JSON) -> dict[str, JSON]:
    return {p["seat"]: p for p in view["players"]}


def lord_text(player: JSON | None, seat: str | None = None) -> Text:
    if player is None:
        return Text(seat or "—")
    return Text(f"{player['name']} {player['name_en']}", style=f"bold {player['hex']}")


def heading(view: JSON) -> Text:
    players = lords(view)
    line = Text(f"Round {view['round']}")
    if view.get("round_limit"):
        line.append(f" of {view['round_limit']}")
    if view.get("turn"):
        line.append(" · turn of ")
        line.append_text(lord_text(players.get(view["turn"]), view["turn"]))
    if view.get("dice"):
        line.append(" · dice " + " ".join(str(d) for d in view["dice"]))
    line.append(f" · strategy deck {view['deck_size']}")
    return line


def players_table(view: JSON, spaces: dict[int, JSON]) -> Table:
    table = Table(title="Lords (in seating order)", title_justify="left")
    for column in ("lord", "money", "lands", "in hand", "face down", "at"):
        table.add_column(column, justify="right" if column in ("money", "lands") else "left")
    for p in view["players"]:
        name = lord_text(p)
        if p["seat"] == view.get("you"):
            name.append(" (you)")
        at = spaces.get(p["position"], {})
        table.add_row(
            name,
            f"{p['money']:,}",
            str(len(p["lands"])),
            str(p["hand_size"]),
            str(p["down_size"]),
            Text(f"{at.get('name', '')} {at.get('name_en', '')}".strip()),
        )
    return table


def lands_table(view: JSON) -> Table:
    players = lords(view)
    table = Table(title="Lands (clockwise from 天機 Fate)", title_justify="left")
    for column in ("#", "land", "owner", "swords", "toll", "talents"):
        table.add_column(column, justify="right" if column in ("#", "swords", "toll") else "left")
    for sp in view["spaces"]:
        if sp["kind"] != "land":
            continue
        name = f"{sp['name']} {sp['name_en']}" + (" (capital)" if sp.get("capital") else "")
        if sp.get("pawns"):
            name += " ← " + ", ".join(players[p]["name"] for p in sp["pawns"] if p in players)
        owner = lord_text(players[sp["owner"]]) if sp.get("owner") else Text("—", style="dim")
        swords = "city" if sp.get("city") else str(sp.get("swords", 0))
        talents = ", ".join(f"{c['name']} {c['name_en']}" for c in sp.get("talents") or [])
        table.add_row(str(sp["index"]), Text(name), owner, swords, f"{sp['toll']:,}", Text(talents))
    return table


def hand_text(view: JSON) -> Text:
    out = Text()
    me = lords(view).get(view.get("you") or "")
    if me is None:
        return out
    for title, key in (("Your hand", "hand"), ("Face down", "down"), ("To place", "drawn")):
        cards = me.get(key) or []
        if cards or key == "hand":
            out.append(f"{title}: ", style="bold")
            out.append(", ".join(card_text(c) for c in cards) or "no card")
            out.append("\n")
    out.append("(politics/intelligence/martial)\n", style="dim")
    return out


def fights_text(view: JSON) -> Text:
    players = lords(view)
    out = Text()
    if view.get("battle"):
        b = view["battle"]
        out.append("Siege of " + land_name(b["land"]) + ": ", style="bold")
        out.append_text(lord_text(players.get(b["attacker"]), b["attacker"]))
        out.append(" attacks ")
        out.append_text(lord_text(players.get(b["defender"]), b["defender"]))
        out.append("; plan: " + (", ".join(card_text(c) for c in b["plan"]) or "none"))
        if b.get("my_general"):
            out.append("; your general: " + card_text(b["my_general"]))
        out.append("\n")
    if view.get("field"):
        f = view["field"]
        out.append("Field battle: ", style="bold")
        out.append_text(lord_text(players.get(f["attacker"]), f["attacker"]))
        out.append(" against ")
        out.append_text(lord_text(players.get(f["foe"]), f["foe"]))
        if f.get("my_card"):
            out.append("; your card: " + card_text(f["my_card"]))
        out.append("\n")
    if view.get("strategy"):
        st = view["strategy"]
        out.append(f"Strategy {st['name']} {st['name_en']}: ", style="bold")
        out.append(st["text_en"] + "\n")
    return out


def board(view: JSON) -> RenderableType:
    spaces = {sp["index"]: sp for sp in view["spaces"]}
    parts: list[Any] = [
        heading(view),
        players_table(view, spaces),
        lands_table(view),
        hand_text(view),
    ]
    fights = fights_text(view)
    if fights.plain:
        parts.append(fights)
    return Group(*parts)


def label(action: Action, view: JSON) -> str | None:
    """A choice as players say it: "Occupy with 諸葛亮 Zhuge Liang", "Roll two dice"."""
    typ, arg = action.type, action.arg
    if arg is None:
        return PLAIN.get(typ)
    if typ == "dice":
        return DICE.get(arg) if isinstance(arg, int) else None
    text = str(arg)
    if typ == "land" or (text in LANDS and text not in CARDS):
        name = land_name(text)
    elif text in CARDS:
        name = card_name(text)
    else:
        player = lords(view).get(text)
        if player is None:
            return None
        name = f"{player['name']} {player['name_en']}"
    return f"{VERB[typ]} {name}" if typ in VERB else name


def role_name(role: str, view: JSON) -> str | None:
    """A seat by its lord: "曹操 Cao Cao"."""
    player = lords(view).get(role)
    return f"{player['name']} {player['name_en']}" if player else None


def place(view: JSON) -> Msg:
    """Where the game stands: "round 12" (a message, in the reader's language where it is
    shown)."""
    return Msg("three_kingdoms.place_round", round=view["round"])


TEXT = TextBoard(board=board, label=label, role_name=role_name, place=place)
