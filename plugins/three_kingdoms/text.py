"""三國戰記 Three Kingdoms at the terminal: a seat's view as text, its choices in words.

Drawn from the seat's view only (``view.board_view``): the round and whose turn it is, the
lords with their money, lands and cards in hand (the seat's own hand by name and numbers,
the others' as a count), the lands of the ring with owner, swords, toll and talents, and
the battle, field battle or strategy card being resolved. ``gameshelf play three_kingdoms``
prints it before each decision, in the language of ``--lang``: its words are messages of
the game's catalogs (``three_kingdoms.text.*``); a name reads "諸葛亮" in Chinese and
"諸葛亮 Zhuge Liang" in English.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gameshelf.core.engine.ruleset import JSON, Action
from gameshelf.core.i18n.messages import Msg, render
from gameshelf.core.play.text import TextBoard
from gameshelf.plugins.three_kingdoms.model import CARDS, LANDS

# The choices that name a card, a land or a seat (the web board says the same).
VERB = ("occupy", "plan", "general", "tax")
PLAIN = ("tax", "deploy", "train", "advise", "extra_sword", "pay", "pass", "done")
DICE = (1, 2)


def say(lang: str, key: str, **args: Any) -> str:
    """A word or line of the text board (``three_kingdoms.text.<key>``) in ``lang``."""
    return render(Msg(f"three_kingdoms.text.{key}", **args), lang)


def both(zh: str, en: str, lang: str) -> str:
    """A name as the board writes it: Chinese alone in Chinese, with the English after it
    in English."""
    return zh if lang == "zh_TW" else f"{zh} {en}"


def card_name(card_id: str, lang: str) -> str:
    card = CARDS.get(card_id)
    return both(card.name, card.name_en, lang) if card else card_id


def land_name(land_id: str, lang: str) -> str:
    land = LANDS.get(land_id)
    return both(land.name, land.name_en, lang) if land else land_id


def card_text(card: JSON, lang: str) -> str:
    """A card as "諸葛亮 Zhuge Liang 10/10/4" (politics / intelligence / martial)."""
    return (
        f"{both(card['name'], card['name_en'], lang)} "
        f"{card['politics']}/{card['intelligence']}/{card['martial']}"
    )


def lords(view: JSON) -> dict[str, JSON]:
    return {p["seat"]: p for p in view["players"]}


def lord_text(player: JSON | None, lang: str, seat: str | None = None) -> Text:
    if player is None:
        return Text(seat or "—")
    return Text(both(player["name"], player["name_en"], lang), style=f"bold {player['hex']}")


def cards_text(cards: list[JSON], lang: str) -> str:
    return say(lang, "comma").join(card_text(c, lang) for c in cards)


def heading(view: JSON, lang: str) -> Text:
    players = lords(view)
    if view.get("round_limit"):
        line = Text(say(lang, "round_of", round=view["round"], limit=view["round_limit"]))
    else:
        line = Text(say(lang, "round", round=view["round"]))
    if view.get("turn"):
        line.append(say(lang, "turn_of"))
        line.append_text(lord_text(players.get(view["turn"]), lang, view["turn"]))
    if view.get("dice"):
        line.append(say(lang, "dice", dice=" ".join(str(d) for d in view["dice"])))
    line.append(say(lang, "deck", count=view["deck_size"]))
    return line


def players_table(view: JSON, spaces: dict[int, JSON], lang: str) -> Table:
    table = Table(title=say(lang, "lords_title"), title_justify="left")
    for column in ("lord", "money", "lands", "in_hand", "face_down", "at"):
        right = column in ("money", "lands")
        table.add_column(say(lang, f"col_{column}"), justify="right" if right else "left")
    for p in view["players"]:
        name = lord_text(p, lang)
        if p["seat"] == view.get("you"):
            name.append(say(lang, "you"))
        at = spaces.get(p["position"], {})
        where = both(at.get("name", ""), at.get("name_en", ""), lang).strip()
        table.add_row(
            name,
            say(lang, "money", money=p["money"]),
            str(len(p["lands"])),
            str(p["hand_size"]),
            str(p["down_size"]),
            Text(where),
        )
    return table


def lands_table(view: JSON, lang: str) -> Table:
    players = lords(view)
    table = Table(title=say(lang, "lands_title"), title_justify="left")
    for column in ("number", "land", "owner", "swords", "toll", "talents"):
        right = column in ("number", "swords", "toll")
        table.add_column(say(lang, f"col_{column}"), justify="right" if right else "left")
    comma = say(lang, "comma")
    for sp in view["spaces"]:
        if sp["kind"] != "land":
            continue
        name = both(sp["name"], sp["name_en"], lang)
        if sp.get("capital"):
            name = say(lang, "capital", where=name)
        if sp.get("pawns"):
            name += " ← " + comma.join(players[p]["name"] for p in sp["pawns"] if p in players)
        owner = lord_text(players[sp["owner"]], lang) if sp.get("owner") else Text("—", style="dim")
        swords = say(lang, "city") if sp.get("city") else str(sp.get("swords", 0))
        talents = comma.join(both(c["name"], c["name_en"], lang) for c in sp.get("talents") or [])
        toll = say(lang, "money", money=sp["toll"])
        table.add_row(str(sp["index"]), Text(name), owner, swords, toll, Text(talents))
    return table


def hand_text(view: JSON, lang: str) -> Text:
    out = Text()
    me = lords(view).get(view.get("you") or "")
    if me is None:
        return out
    for key in ("hand", "down", "drawn"):
        cards = me.get(key) or []
        if cards or key == "hand":
            out.append(say(lang, f"my_{key}"), style="bold")
            out.append(cards_text(cards, lang) or say(lang, "no_card"))
            out.append("\n")
    out.append(say(lang, "numbers") + "\n", style="dim")
    return out


def fights_text(view: JSON, lang: str) -> Text:
    players = lords(view)
    out = Text()
    if view.get("battle"):
        b = view["battle"]
        out.append(say(lang, "siege_of", where=land_name(b["land"], lang)), style="bold")
        out.append_text(lord_text(players.get(b["attacker"]), lang, b["attacker"]))
        out.append(say(lang, "attacks"))
        out.append_text(lord_text(players.get(b["defender"]), lang, b["defender"]))
        out.append(say(lang, "plan", cards=cards_text(b["plan"], lang) or say(lang, "none")))
        if b.get("my_general"):
            out.append(say(lang, "my_general", what=card_text(b["my_general"], lang)))
        out.append("\n")
    if view.get("field"):
        f = view["field"]
        out.append(say(lang, "field_battle"), style="bold")
        out.append_text(lord_text(players.get(f["attacker"]), lang, f["attacker"]))
        out.append(say(lang, "against"))
        out.append_text(lord_text(players.get(f["foe"]), lang, f["foe"]))
        if f.get("my_card"):
            out.append(say(lang, "my_card", what=card_text(f["my_card"], lang)))
        out.append("\n")
    if view.get("strategy"):
        st = view["strategy"]
        title = both(st["name"], st["name_en"], lang)
        out.append(say(lang, "strategy", title=title), style="bold")
        out.append((st["text"] if lang == "zh_TW" else st["text_en"]) + "\n")
    return out


def board(view: JSON, lang: str = "en") -> RenderableType:
    spaces = {sp["index"]: sp for sp in view["spaces"]}
    parts: list[Any] = [
        heading(view, lang),
        players_table(view, spaces, lang),
        lands_table(view, lang),
        hand_text(view, lang),
    ]
    fights = fights_text(view, lang)
    if fights.plain:
        parts.append(fights)
    return Group(*parts)


def label(action: Action, view: JSON, lang: str = "en") -> str | None:
    """A choice as players say it: "Occupy with 諸葛亮 Zhuge Liang", "Roll two dice"."""
    typ, arg = action.type, action.arg
    if arg is None:
        return say(lang, f"do_{typ}") if typ in PLAIN else None
    if typ == "dice":
        return say(lang, f"dice_{arg}") if arg in DICE else None
    text = str(arg)
    if typ == "land" or (text in LANDS and text not in CARDS):
        name = land_name(text, lang)
    elif text in CARDS:
        name = card_name(text, lang)
    else:
        player = lords(view).get(text)
        if player is None:
            return None
        name = both(player["name"], player["name_en"], lang)
    return say(lang, f"verb_{typ}", name=name) if typ in VERB else name


def role_name(role: str, view: JSON, lang: str = "en") -> str | None:
    """A seat by its lord: "曹操 Cao Cao" ("曹操" in Chinese)."""
    player = lords(view).get(role)
    return both(player["name"], player["name_en"], lang) if player else None


def place(view: JSON) -> Msg:
    """Where the game stands: "round 12" (a message, in the reader's language where it is
    shown)."""
    return Msg("three_kingdoms.place_round", round=view["round"])


TEXT = TextBoard(board=board, label=label, role_name=role_name, place=place)
