"""Twilight Struggle for learning agents: fixed action indices and a seat's view as floats
(``core.encoding``; the fields are listed in docs/rl/twilight_struggle.md, made from this
layout).

Read from the seat's view only (``view.py``): the map and the tracks are public, and of the
cards the seat knows its hand, what an event showed it, and the public piles.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from gameshelf.core.encoding import (
    ActionSpace,
    Encoding,
    Filler,
    Layout,
    SeatHeader,
    Table,
    step_names,
)
from gameshelf.core.ruleset import JSON, Role, Ruleset
from gameshelf.plugins.twilight_struggle.effects import CRISIS_COUNTRIES
from gameshelf.plugins.twilight_struggle.events import CHOICE_TEXT, OPS_USES
from gameshelf.plugins.twilight_struggle.model import (
    CID,
    DEFCON_MAX,
    ERAS,
    MILOPS_MAX,
    REGIONS,
    SIDES,
    SPACE,
    TURNS,
    era_deck,
)
from gameshelf.plugins.twilight_struggle.rounds import USES

# where a card the seat knows of is, one place each
PLACES = (
    "hand",
    "shown",
    "set_aside",
    "discard",
    "removed",
    "headline_ussr",
    "headline_us",
    "in_effect",
    "playing",
    "operation",
    "question",
)
VP_SCALE = 20.0  # VP run from -20 to +20 (RULES: 20 VP wins at once)


def card_ids(optional: bool) -> tuple[int, ...]:
    """Every card of a game with or without the optional cards, in number order."""
    decks = (era_deck(era.era, optional) for era in ERAS)
    return tuple(sorted({c for deck in decks for c in deck} | {6}))


def action_space(cards: tuple[int, ...]) -> ActionSpace:
    return ActionSpace(
        [
            ("pass", [None]),
            ("done", [None]),
            ("card", cards),
            ("country", CID),
            ("use", tuple(dict.fromkeys((*USES, *OPS_USES)))),
            ("when", ("before", "after")),
            ("choose", tuple(CHOICE_TEXT)),
            ("cancel_crisis", tuple(c for cs in CRISIS_COUNTRIES.values() for c in cs)),
        ]
    )


class TwilightEncoding(Encoding):
    remembers = True  # the board's kept parts (view.py) are read with Filler.part

    def __init__(self, ruleset: Ruleset[Any], roles: tuple[Role, ...], optional: bool) -> None:
        cards = card_ids(optional)
        self.roles, self.actions = roles, action_space(cards)
        self.sides, self.cards, self.countries = Table(SIDES), Table(cards), Table(CID)
        self.eras, self.regions = Table(e.era for e in ERAS), Table(REGIONS)
        self.kinds = Table(OPS_USES)
        lay = self.layout = Layout()
        self.header = SeatHeader(lay, roles, step_names(ruleset))
        self.tracks = lay.add(
            "tracks",
            9,
            f"turn over {TURNS}; DEFCON over {DEFCON_MAX}; VP over {VP_SCALE:g} (positive: "
            "the US ahead); cards in the draw pile over 40; the US bonus over 2; optional "
            "cards in play; the China Card face up; hands' sizes over 10 (USSR, US)",
        )
        self.era = lay.add("era", len(self.eras), "the era: " + ", ".join(map(str, self.eras.ids)))
        self.sided = lay.add(
            "sides",
            2 * 8,
            f"per side (USSR, US): the phasing side; holds the China Card; action rounds "
            f"done and due over 8; military operations over {MILOPS_MAX}; space race box "
            f"over {len(SPACE) - 1}; space tries this turn over 2; cards set aside over 10",
        )
        self.country = lay.add(
            "countries",
            4 * len(CID),
            "per country in data order: USSR and US influence over 10, controlled by USSR, US",
        )
        self.card = lay.add(
            "cards",
            len(PLACES) * len(cards),
            f"per card in number order, {len(PLACES)} places: " + ", ".join(PLACES),
        )
        self.operation = lay.add(
            "operation",
            2 + 3 + 2 + 1 + len(self.regions) + len(CID),
            "the card being used: its side (USSR, US); the operation: kind (influence, "
            "realign, coup), side, Ops left over 4, regions giving a bonus, countries in reach",
        )
        self.placement = lay.add(
            "placement",
            3 + len(self.regions),
            "the setup's free Influence: side (USSR, US), points left over 10, the region",
        )

    def fill(self, view: JSON, out: Filler) -> None:
        self.header.fill(view, out)
        self.fill_tracks(view, out)
        # the map's countries are one part kept while no Influence moves (view.py): a seat's
        # vector is filled again only when it did (core.encoding.Filler.part)
        countries = view["countries"]
        out.part("countries", countries, partial(self.fill_countries, countries))
        self.fill_cards(view, out)
        self.fill_operation(view, out)

    def fill_countries(self, countries: list[JSON], out: Filler) -> None:
        for c, country in enumerate(countries):
            for s, side in enumerate(SIDES):
                out.put(self.country, country["influence"][side] / 10, 4 * c + s)
            if country["control"]:
                out.put(self.country, 1.0, 4 * c + 2 + self.sides.at[country["control"]])

    def fill_tracks(self, view: JSON, out: Filler) -> None:
        china = view["china"]
        values = (
            view["turn"] / TURNS,
            view["defcon"] / DEFCON_MAX,
            view["vp"] / VP_SCALE,
            view["draw_pile"] / 40,
            view["options"]["us_bonus"] / 2,
            float(view["options"]["optional_cards"]),
            float(china["face_up"]),
            *(view["hand_sizes"][side] / 10 for side in SIDES),
        )
        for i, value in enumerate(values):
            out.put(self.tracks, value, i)
        out.one_hot(self.era, self.eras, view["era"])
        for s, side in enumerate(SIDES):
            rounds, space = view["rounds"][side], view["space"][side]
            for i, value in enumerate(
                (
                    float(view["phasing"] == side),
                    float(china["holder"] == side),
                    rounds["done"] / 8,
                    rounds["total"] / 8,
                    view["milops"][side] / MILOPS_MAX,
                    space["box"] / (len(SPACE) - 1),
                    space["tries"] / 2,
                    view["set_aside_sizes"].get(side, 0) / 10,
                )
            ):
                out.put(self.sided, value, 8 * s + i)

    def fill_cards(self, view: JSON, out: Filler) -> None:
        place = {p: i for i, p in enumerate(PLACES)}
        n = len(self.cards)

        def mark(card: JSON | None, where: str) -> None:
            if card is not None:
                out.put(self.card, 1.0, place[where] * n + self.cards.at[card["id"]])

        for where in ("hand", "shown", "set_aside", "discard", "removed"):
            for card in view[where] or ():
                mark(card, where)
        for side, card in view["headlines"].items():
            mark(card, "headline_ussr" if side == SIDES[0] else "headline_us")
        for effect in view["effects"]:
            mark(effect["card"], "in_effect")
        for where in ("playing", "operation", "question"):
            if view[where] is not None:
                mark(view[where]["card"], where)

    def fill_operation(self, view: JSON, out: Filler) -> None:
        if view["playing"] is not None:
            out.one_hot(self.operation, self.sides, view["playing"]["side"])
        op = view["operation"]
        if op is not None:
            out.put(self.operation, 1.0, 2 + self.kinds.at[op["kind"]])
            out.put(self.operation, 1.0, 5 + self.sides.at[op["side"]])
            out.put(self.operation, op["ops_left"] / 4, 7)
            for region in op["bonuses"]:
                out.put(self.operation, 1.0, 8 + self.regions.at[region])
            for country in op["reach"]:
                out.put(self.operation, 1.0, 8 + len(self.regions) + self.countries.at[country])
        placement = view["placement"]
        if placement is not None:
            out.one_hot(self.placement, self.sides, placement["side"])
            out.put(self.placement, placement["left"] / 10, 2)
            if placement["region"]:
                out.put(self.placement, 1.0, 3 + self.regions.at[placement["region"]])


def encoding(
    ruleset: Ruleset[Any],
    scenario: str | None,
    options: Mapping[str, object] | None,
    players: int | None,
) -> TwilightEncoding:
    """The cards in play (and so N and the vector's length) depend on ``optional_cards``."""
    info = ruleset.info
    chosen = info.resolve_options({**info.scenario(scenario).options, **(options or {})})
    return TwilightEncoding(ruleset, tuple(ruleset.roles(players)), bool(chosen["optional_cards"]))
