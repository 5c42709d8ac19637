"""What each seat may see (DESIGN §7.6), and the rearranging of what it may not.

Public: the board, money, lands, swords, the talents face up on lands, the battle-plan and
field-battle cards once revealed, the size of every hand and face-down pile, and the size of
the strategy deck. Secret: a hand (only its seat sees it), the cards face down in front of a
player (only their owner), the talents drawn at setup before they are placed, a general or
field-battle card chosen but not yet revealed, and the order of the strategy deck.

``public_board(s)`` (what every reader sees alike) and ``board_view(s, role)`` are together
the game's part of the view (``role`` ``None``: a spectator)::

    {
      "round": 12, "round_limit": 250, "turn": "p2" | null, "order": ["p2", "p3", "p1"],
      "lord_skills": true, "dice": [3, 4], "deck_size": 8, "you": "p1" | null,
      "players": [            # seating (clockwise) order
        {"seat": "p1", "lord": "liu_bei", "name": "劉備", "name_en": "Liu Bei",
         "colour": "green", "colour_name": "綠", "hex": "#2e8b57",
         "skill": "…", "skill_en": "…",
         "money": 15000, "position": 16, "lands": ["chengdu", …],
         "hand_size": 5, "down_size": 0, "drawn_size": 0,
         "hand": [CARD, …] | null,     # only in the seat's own view
         "down": [CARD, …] | null,     # only in the seat's own view
         "drawn": [CARD, …] | null},   # setup: talents to place, own view only
        …],
      "spaces": [             # the 24 spaces, index = clockwise position
        {"index": 7, "kind": "land" | "fate", "big": false, "name": "許昌",
         "name_en": "Xuchang", "grid": [6, 1],           # [column, row] on a 7×7 ring
         "pawns": ["p3"],                               # seats whose pawn stands here
         # land spaces only:
         "land": "xuchang", "province": "豫州", "province_en": "Yu", "capital": true,
         "tier": "A", "tolls": [600, 1200, 2000, 2800, 3800], "toll": 1200,
         "home": "blue",                                # the colour that starts with it
         "owner": "p3" | null, "colour": "blue" | null, "hex": "#2e6fbf" | null,
         "swords": 1, "city": false, "talents": [CARD, …]},
        …],
      "battle": null | {"land": "xuchang", "attacker": "p1", "defender": "p3",
                        "plan": [CARD, …], "chosen": ["p3"], "my_general": CARD | null},
      "field": null | {"attacker": "p1", "foe": "p2", "waiting": ["p2"],
                       "chosen": ["p1"], "my_card": CARD | null, "later": ["p4"]},
      "strategy": null | STRATEGY,                       # the card being resolved
    }

    CARD = {"id": "zhuge_liang", "name": "諸葛亮", "name_en": "Zhuge Liang",
            "politics": 10, "intelligence": 10, "martial": 4, "lord": "liu_bei",
            "colour": "green", "is_lord": false}
    STRATEGY = {"id": "huo_ji", "name": "火計", "name_en": "Fire Attack",
                "requirement": 18, "text": "…", "text_en": "…"}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gameshelf.core.engine.frames import current_frame
from gameshelf.core.engine.hidden import DrawPile, Exchange, FaceDown, Hands, Hidden
from gameshelf.core.engine.parts import Kept
from gameshelf.core.engine.ruleset import JSON, Role
from gameshelf.plugins.three_kingdoms.battle import Battle
from gameshelf.plugins.three_kingdoms.field_battle import Fight
from gameshelf.plugins.three_kingdoms.model import (
    CARDS,
    LANDS,
    LORD_OF,
    LORDS,
    SPACES,
    STRATEGIES,
    TALENTS,
    N,
)
from gameshelf.plugins.three_kingdoms.state import TKState, lands_of
from gameshelf.plugins.three_kingdoms.strategy import Stratagem


def _card(card_id: str) -> JSON:
    card = CARDS[card_id]
    lord = LORD_OF[card_id]
    return {
        "id": card_id,
        "name": card.name,
        "name_en": card.name_en,
        "politics": card.politics,
        "intelligence": card.intelligence,
        "martial": card.martial,
        "lord": lord,
        "colour": LORDS[lord].colour,
        "is_lord": card_id not in TALENTS,
    }


CARD_VIEW: dict[str, JSON] = {c: _card(c) for c in CARDS}


def cards(ids: Iterable[str]) -> list[JSON]:
    return [dict(CARD_VIEW[c]) for c in ids]


def _space_base(index: int) -> JSON:
    sp = SPACES[index]
    base: JSON = {
        "index": index,
        "kind": sp.kind,
        "big": sp.big,
        "name": sp.name,
        "name_en": sp.name_en,
        "grid": list(sp.grid),
    }
    if sp.land is not None:
        land = LANDS[sp.land]
        base.update(
            land=land.id,
            province=land.province,
            province_en=land.province_en,
            capital=land.capital,
            tier=land.tier,
            tolls=list(land.toll),
            home=land.colour,
        )
    return base


SPACE_BASE: list[JSON] = [_space_base(i) for i in range(len(SPACES))]


def player_view(s: TKState, seat: str, role: Role | None) -> JSON:
    lord = LORDS[s.lord[seat]]
    mine = seat == role
    return {
        "seat": seat,
        "lord": lord.id,
        "name": lord.name,
        "name_en": lord.name_en,
        "colour": lord.colour,
        "colour_name": lord.colour_name,
        "hex": lord.hex,
        "skill": lord.skill.text,
        "skill_en": lord.skill.text_en,
        "money": s.money[seat],
        "position": s.pos[seat],
        "lands": lands_of(s, seat),
        "hand_size": len(s.hand[seat]),
        "down_size": len(s.down[seat]),
        "drawn_size": len(s.drawn[seat]),
        "hand": cards(s.hand[seat]) if mine else None,
        "down": cards(s.down[seat]) if mine else None,
        "drawn": cards(s.drawn[seat]) if mine else None,
    }


# The spaces kept while no pawn, owner, sword or garrison changed (core.engine.parts; do not
# change them): the board is public, so every reader of a version shares one list.
SPACES_KEPT: Kept[list[JSON]] = Kept()


def spaces_view(s: TKState) -> list[JSON]:
    key = (
        tuple(s.seats),
        tuple(s.pos.items()),
        tuple(s.lord.items()),
        tuple(s.owner.items()),
        tuple(s.swords.items()),
        tuple(s.garrison.items()),  # a land's talents: a tuple (state.py)
    )
    return SPACES_KEPT.get(key, lambda: [space_view(s, i) for i in range(len(SPACES))])


def space_view(s: TKState, index: int) -> JSON:
    view = dict(SPACE_BASE[index])
    view["pawns"] = [p for p in s.seats if s.pos[p] == index]
    land = view.get("land")
    if land is not None:
        holder = s.owner[land]
        lord = LORDS[s.lord[holder]] if holder else None
        swords = s.swords[land]
        view.update(
            owner=holder,
            colour=lord.colour if lord else None,
            hex=lord.hex if lord else None,
            swords=swords,
            city=swords == N.max_swords,
            toll=LANDS[land].toll[swords],
            talents=cards(s.garrison[land]),
        )
    return view


def in_hand(s: TKState) -> Any:
    """The frame of the current step: the matter in hand (a plan, a fight, a card)."""
    return current_frame(s)


def chosen(s: TKState, f: Battle | Fight) -> list[str]:
    """The seats that have made their secret choice, in seating order."""
    return [p for p in s.seats if p in f.roles and f.of(p) is not None]


def my_card(f: Battle | Fight, role: Role | None) -> str | None:
    """The card ``role`` chose in secret, shown to that role only (``None``: none yet)."""
    mine = f.of(role) if role in f.roles else None
    return str(mine.arg) if mine is not None else None


def waiting(f: Battle | Fight) -> list[Role]:
    """The seats of a secret choice that have not chosen yet."""
    return [p for p in f.roles if f.of(p) is None]


def my_choice(f: Battle | Fight, role: Role | None) -> JSON | None:
    """The card ``role`` chose in secret, as a card's view."""
    card = my_card(f, role)
    return dict(CARD_VIEW[card]) if card is not None else None


def battle_view(s: TKState, role: Role | None) -> JSON | None:
    f = in_hand(s)
    if not isinstance(f, Battle):
        return None
    return {  # nobody chooses a general before the siege: ``chosen`` is empty until then
        "land": f.land,
        "attacker": s.turn,
        "defender": s.owner[f.land],
        "plan": cards(f.plan),
        "chosen": chosen(s, f),
        "my_general": my_choice(f, role),
    }


def field_view(s: TKState, role: Role | None) -> JSON | None:
    f = in_hand(s)
    if not isinstance(f, Fight):
        return None
    return {
        "attacker": s.turn,
        "foe": f.foe,
        "waiting": waiting(f),
        "chosen": chosen(s, f),
        "my_card": my_choice(f, role),
        "later": list(f.later),
    }


def strategy_view(s: TKState) -> JSON | None:
    f = in_hand(s)
    if not isinstance(f, Stratagem):
        return None
    card = STRATEGIES[f.card]
    return {
        "id": card.id,
        "name": card.name,
        "name_en": card.name_en,
        "requirement": card.requirement,
        "text": card.text,
        "text_en": card.text_en,
    }


def public_board(s: TKState) -> JSON:
    """The board as every reader sees it alike (the rest by reader: :func:`board_view`)."""
    return {
        "round": s.round,
        "round_limit": s.round_limit,
        "turn": s.turn if not s.over else None,  # nobody's turn once the game is over
        "order": list(s.order),
        "lord_skills": s.lord_skills,
        "dice": list(s.dice),
        "deck_size": len(s.deck),
        "spaces": spaces_view(s),
        "strategy": strategy_view(s),
    }


def board_view(s: TKState, role: Role | None) -> JSON:
    """What ``role`` may see of the players, the battle and the field."""
    return {
        "you": role,
        "players": [player_view(s, p, role) for p in s.seats],
        "battle": battle_view(s, role),
        "field": field_view(s, role),
    }


def lord_while_drawing(s: TKState, seat: Role | None) -> list[str]:
    """The lord is never among the talents drawn at setup (DESIGN §7.4): while they wait
    to be placed, everyone knows it is in its seat's hand."""
    return [s.lord[seat]] if seat is not None and s.drawn.get(seat) else []


# What a seat may not see (Ruleset.hidden, core.engine.hidden), dealt again for it: the order of
# the strategy deck; each rival's hand, face-down cards and talents waiting to be placed,
# among themselves (cards never change owner, DESIGN §7.3). A general or field-battle card
# chosen but not yet revealed hides itself (the core's secret choice).
HIDDEN: tuple[Hidden[TKState], ...] = (
    DrawPile("deck"),
    Exchange(
        Hands("hand"),
        FaceDown("down"),
        Hands("drawn"),
        per_owner=True,
        fixed=lord_while_drawing,
    ),
)
