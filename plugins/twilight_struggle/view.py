"""What each seat sees (issue 15 item 10): the whole board, which is public, and the cards
hidden.py lets it see. ``public_board(s)`` (what every reader sees alike) and
``board_view(s, role)`` (the cards, hidden.py) return together::

    {
      "turn": 1, "era": "early_war", "defcon": 5, "vp": 0 (positive: US ahead),
      "phasing": "USSR" | "US" | "",
      "rounds": {"USSR": {"done": 2, "total": 6}, "US": {...}},
      "milops": {"USSR": 0, "US": 0},
      "space": {"USSR": {"box": 1, "tries": 0, "abilities": [2]}, "US": {...}},
      "space_boxes": [{"box", "name", "name_zh", "ops_required", "roll_max", "vp_first",
                       "vp_second", "ability", "first": "USSR" | ""}, ...],
      "countries": [{"id", "name", "name_zh", "region", "subregions", "stability",
                     "battleground", "adjacent", "influence": {"USSR": 1, "US": 0},
                     "control": "USSR" | "US" | None}, ...],     # data order
      "regions": [{"id", "name", "name_zh", "part_of"}, ...],
      "china": {"holder": "USSR", "face_up": true, "card": CARD},
      "headlines": {"USSR": CARD, ...},        # revealed (or shown first) this turn
      "effects": [{"card": CARD, "side": "US", "until": "turn" | "game",
                   "cancel": {"side": "USSR", "countries": ["cuba"]} | None,
                   "region": "asia" | None}, ...],
                                               # cancel: who may end it, and how (Cuban
                                               # Missile Crisis: 2 Influence out of one of
                                               # the countries); region: the one it names
                                               # (Chernobyl)
      "question": {"step": "event_choice", "chooser": "US", "card": CARD} | None,
                                               # the event whose question a seat is asked
      "discard": [CARD, ...], "removed": [CARD, ...], "draw_pile": 20,
      "hand": [CARD, ...] | None, "hand_sizes": {"USSR": 8, "US": 8},
      "shown": [CARD, ...],                    # the other side's cards an event shows this
                                               # seat, until the next action round (hidden.py)
      "set_aside": [CARD, ...], "set_aside_sizes": {"US": 5},   # Our Man in Tehran's look
      "playing": {"side": "US", "card": CARD} | None,          # the card being used
      "operation": {"kind": "influence" | "realign" | "coup", "side", "card": CARD,
                    "ops_left": 3, "bonuses": ["asia"], "reach": [country ids]} | None,
      "placement": {"side", "left", "region"} | None,           # the setup's free points
      "options": {"us_bonus": 2, "optional_cards": true},
    }

A CARD is ``{"id", "name", "name_zh", "ops", "side", "era", "starred", "underlined",
"scoring", "text", "text_zh", "event"}`` (``event``: whether its event is in this version).
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.engine.parts import Kept
from gameshelf.plugins.twilight_struggle.cards_view import card_view
from gameshelf.plugins.twilight_struggle.effects import CRISIS, CRISIS_COUNTRIES
from gameshelf.plugins.twilight_struggle.events import event_card
from gameshelf.plugins.twilight_struggle.hidden import hands_view
from gameshelf.plugins.twilight_struggle.model import (
    CHINA,
    COUNTRIES,
    OTHER,
    REGIONS,
    SIDES,
    SPACE,
    N,
    era_of_turn,
)
from gameshelf.plugins.twilight_struggle.operations import Ops, holds_ability
from gameshelf.plugins.twilight_struggle.rounds import Play
from gameshelf.plugins.twilight_struggle.setup import Placement
from gameshelf.plugins.twilight_struggle.state import Effect, State, controller, numbers
from gameshelf.plugins.twilight_struggle.turn import rounds_total

JSON = dict[str, Any]

COUNTRY_FACTS: tuple[JSON, ...] = tuple(
    {
        "id": c.id,
        "name": c.name,
        "name_zh": c.name_zh,
        "region": c.region,
        "subregions": list(c.subregions),
        "stability": c.stability,
        "battleground": c.battleground,
        "adjacent": list(c.adjacent),
    }
    for c in COUNTRIES
)
REGION_FACTS = [r.model_dump() for r in REGIONS.values()]
BOX_FACTS = [b.model_dump() for b in SPACE]


# Board parts kept while what they show does not change (core.engine.parts): the map's countries
# by the Influence on it, the discard and removed piles by their cards (do not change them).
COUNTRIES_KEPT: Kept[list[JSON]] = Kept()
PILE_KEPT: Kept[list[JSON]] = Kept()


def _countries(s: State) -> list[JSON]:
    ussr, us = s.influence["USSR"], s.influence["US"]
    return COUNTRIES_KEPT.get(
        (tuple(ussr), tuple(us)),
        lambda: [
            {
                **COUNTRY_FACTS[c],
                "influence": {"USSR": ussr[c], "US": us[c]},
                "control": controller(s, c) or None,
            }
            for c in range(N)
        ],
    )


def _pile(cards: list[int]) -> list[JSON]:
    return PILE_KEPT.get(tuple(cards), lambda: [card_view(c) for c in cards])


def _frames(s: State) -> JSON:
    """The card being used, the operation under way, the setup's free placement."""
    out: JSON = {"playing": None, "operation": None, "placement": None}
    for frame in s.stack:
        args = frame.args
        if isinstance(args, Play):
            out["playing"] = {"side": args.side, "card": card_view(args.card)}
        elif isinstance(args, Ops):
            out["operation"] = {
                "kind": frame.step,
                "side": args.side,
                "card": card_view(args.card),
                "ops_left": args.base - args.spent,
                "bonuses": list(args.bonuses),
                "reach": [COUNTRIES[c].id for c in args.reach],
            }
        elif isinstance(args, Placement):
            out["placement"] = {"side": args.side, "left": args.left, "region": args.region}
    return out


def _effect(e: Effect) -> JSON:
    """An effect in force with its card; Cuban Missile Crisis says who may end it, how;
    Chernobyl, the region it names."""
    cancel = None
    if e.card == CRISIS:
        victim = OTHER[e.side]
        cancel = {"side": victim, "countries": list(CRISIS_COUNTRIES[victim])}
    return {
        "card": card_view(e.card),
        "side": e.side,
        "until": e.until,
        "cancel": cancel,
        "region": e.region or None,
    }


def _question(s: State) -> JSON | None:
    """The event whose question is being asked, and of whom (the seat the step waits for)."""
    card = event_card(s)
    if not card or not s.active:
        return None
    return {"step": s.step, "chooser": s.active[0], "card": card_view(card)}


def public_board(s: State) -> JSON:
    """The board as every reader sees it alike: all but the cards (:func:`board_view`)."""
    view: JSON = {
        "turn": s.turn,
        "era": era_of_turn(min(s.turn, 10)).era,
        "defcon": s.defcon,
        "vp": s.vp,
        "phasing": s.phasing,
        "rounds": {
            side: {"done": s.rounds_done[side], "total": rounds_total(s, side)} for side in SIDES
        },
        "milops": dict(s.milops),
        "space": {
            side: {
                "box": s.space[side],
                "tries": s.space_tries[side],
                "abilities": [b.box for b in SPACE if b.ability and holds_ability(s, side, b.box)],
            }
            for side in SIDES
        },
        "space_boxes": [{**BOX_FACTS[b], "first": s.space_first[b]} for b in range(len(SPACE))],
        "countries": _countries(s),
        "regions": REGION_FACTS,
        "china": {"holder": s.china, "face_up": s.china_up, "card": card_view(CHINA)},
        "headlines": {side: card_view(card) for side, card in s.headlines.items()},
        "effects": [_effect(e) for e in s.effects],
        "question": _question(s),
        "discard": _pile(numbers(s.deck.discard_pile)),
        "removed": _pile(numbers(s.deck.removed)),
        "options": {"us_bonus": s.us_bonus, "optional_cards": s.optional_cards},
    }
    view.update(_frames(s))
    return view


def board_view(s: State, role: str | None) -> JSON:
    """The cards as ``role`` may see them (hidden.py); the rest in :func:`public_board`."""
    return hands_view(s, role)
