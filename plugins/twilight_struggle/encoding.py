"""Twilight Struggle for learning agents: fixed action indices and a seat's view as floats
(``core.engine.encoding``; the fields are listed in docs/rl/twilight_struggle.md, made from this
layout).

Read from the seat's view only (``view.py``): the map and the tracks are public, and of the
cards the seat knows its hand, what an event showed it, and the public piles.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    Filler,
    Layout,
    SeatHeader,
    Table,
    step_names,
)
from gameshelf.core.engine.ruleset import JSON, Role, Ruleset
from gameshelf.plugins.twilight_struggle.effects import CRISIS_COUNTRIES
from gameshelf.plugins.twilight_struggle.events import CHOICE_TEXT, OPS_USES, event_card
from gameshelf.plugins.twilight_struggle.hidden import face_up
from gameshelf.plugins.twilight_struggle.model import (
    CID,
    DEFCON_MAX,
    ERAS,
    MILOPS_MAX,
    REGIONS,
    SIDES,
    SPACE,
    STABILITY,
    TURNS,
    era_deck,
    era_of_turn,
)
from gameshelf.plugins.twilight_struggle.operations import Ops
from gameshelf.plugins.twilight_struggle.rounds import USES, Play, rounds_total
from gameshelf.plugins.twilight_struggle.setup import Placement
from gameshelf.plugins.twilight_struggle.state import State, control, numbers

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
RUN = 12  # the fast way reads the countries' Influence in runs of this many
SIDES_SCALE = (8, 8, MILOPS_MAX, len(SPACE) - 1, 2, 10) * 2  # the "sides" values' scales
SIDES_AT = tuple(8 * s + 2 + i for s in range(2) for i in range(6))  # and their places


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
    fresh_parts = True  # parts: the state's lists sliced, tuples made at each call
    one_memory = True  # fewer writes than a memory a seat (docs/performance.md)

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
        self.runs = range(0, len(CID), RUN)
        self.place = {p: i for i, p in enumerate(PLACES)}
        self.fillers = (
            self.fill_tracks_part,
            self.fill_sides_part,
            *(partial(self.fill_country_run, first) for first in self.runs),
            partial(self.fill_pile_part, "discard"),
            partial(self.fill_pile_part, "removed"),
            self.fill_cards_part,
            self.fill_playing_part,
            self.fill_operation_part,
            self.fill_placement_part,
        )

    def fill(self, view: JSON, out: Filler) -> None:
        self.header.fill(view, out)
        self.fill_tracks(view, out)
        # the map's countries are one part kept while no Influence moves (view.py): a seat's
        # vector is filled again only when it did (core.engine.encoding.Filler.part)
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

    # --- the fast way: the seat's observation read from the state (view.py's rules) ----------

    def parts(self, s: State, role: Role) -> tuple[Any, ...]:
        # the state's lists are read as slices (copies made in one C call: fresh_parts)
        red, blue = SIDES
        ussr, us = s.influence[red], s.influence[blue]
        hands, rounds, milops, space, tries = (
            s.hands,
            s.rounds_done,
            s.milops,
            s.space,
            s.space_tries,
        )
        aside = s.set_aside
        parts: list[Any] = [
            (
                s.turn,
                s.defcon,
                s.vp,
                len(s.deck.draw_pile),
                s.us_bonus,
                s.optional_cards,
                s.china_up,
                s.china,
                s.phasing,
                len(hands[red]),
                len(hands[blue]),
            ),
            (
                rounds[red],
                rounds_total(s, red),
                milops[red],
                space[red],
                tries[red],
                len(aside.get(red, ())),
                rounds[blue],
                rounds_total(s, blue),
                milops[blue],
                space[blue],
                tries[blue],
                len(aside.get(blue, ())),
            ),
        ]
        for first in self.runs:  # the countries' Influence in runs: a move changes one
            parts.append((first, ussr[first : first + RUN], us[first : first + RUN]))
        parts += (
            numbers(s.deck.discard_pile)[:],
            numbers(s.deck.removed)[:],
            (
                hands[role][:] if role in SIDES else (),
                face_up(s, role)[:],
                tuple(aside.get(role, ())),
                tuple(s.headlines.items()),
                [e.card for e in s.effects],
            ),
            *self.operation_part(s),
        )
        return tuple(parts)

    def operation_part(self, s: State) -> tuple[Any, Any, Any]:
        """view.py's ``_frames`` and ``_question`` as the vector reads them: the card being
        used and the event asked about; the operation; the setup's free placement."""
        playing = operation = placement = None
        for frame in s.stack:
            args = frame.args
            if isinstance(args, Play):
                playing = (args.side, args.card)
            elif isinstance(args, Ops):
                operation = (
                    frame.step,
                    args.side,
                    args.card,
                    args.base - args.spent,
                    tuple(args.bonuses),
                    tuple(args.reach),
                )
            elif isinstance(args, Placement):
                placement = (args.side, args.left, args.region)
        card = event_card(s)
        return (playing, card if card and s.active else None), operation, placement

    def fill_tracks_part(self, part: tuple[Any, ...], out: Filler) -> None:
        turn, defcon, vp, pile, bonus, optional, china_up, china, phasing, *sizes = part
        vector, note = out.writes()
        at = self.tracks.offset
        values = (turn / TURNS, defcon / DEFCON_MAX, vp / VP_SCALE, pile / 40, bonus / 2)
        for i, value in enumerate((*values, float(optional), float(china_up), *sizes)):
            if value:
                vector[at + i] = value if i < 7 else value / 10  # the hands' sizes over 10
                note(at + i)
        at = self.era.offset + self.eras.at[era_of_turn(min(turn, 10)).era]
        vector[at] = 1.0
        note(at)
        sided = self.sided.offset
        for s, side in enumerate(SIDES):
            if phasing == side:
                vector[sided + 8 * s] = 1.0
                note(sided + 8 * s)
            if china == side:
                vector[sided + 8 * s + 1] = 1.0
                note(sided + 8 * s + 1)

    def fill_sides_part(self, part: tuple[Any, ...], out: Filler) -> None:
        vector, note = out.writes()
        base = self.sided.offset
        for value, scale, at in zip(part, SIDES_SCALE, SIDES_AT, strict=True):
            if value:
                vector[base + at] = value / scale
                note(base + at)

    def fill_country_run(self, first: int, part: tuple[Any, ...], out: Filler) -> None:
        ussr, us = part[1], part[2]
        vector, note = out.writes()
        at, sides = self.country.offset + 4 * first, self.sides.at
        for c, red, blue in zip(range(first, first + len(ussr)), ussr, us, strict=True):
            if red:
                vector[at] = red / 10
                note(at)
            if blue:
                vector[at + 1] = blue / 10
                note(at + 1)
            held = control(red, blue, STABILITY[c])
            if held:
                vector[at + 2 + sides[held]] = 1.0
                note(at + 2 + sides[held])
            at += 4

    def mark(self, card: int, where: str, out: Filler) -> None:
        out.at(self.card.offset + self.place[where] * len(self.cards) + self.cards.at[card], 1.0)

    def fill_pile_part(self, where: str, cards: list[int], out: Filler) -> None:
        vector, note = out.writes()
        cards_at = self.cards.at
        at = self.card.offset + self.place[where] * len(self.cards)
        for card in cards:
            vector[at + cards_at[card]] = 1.0
            note(at + cards_at[card])

    def fill_cards_part(self, part: tuple[Any, ...], out: Filler) -> None:
        hand, shown, set_aside, headlines, effects = part
        pile = self.fill_pile_part
        if hand:
            pile("hand", hand, out)
        if shown:
            pile("shown", shown, out)
        if set_aside:
            pile("set_aside", set_aside, out)
        for side, card in headlines:
            self.mark(card, "headline_ussr" if side == SIDES[0] else "headline_us", out)
        if effects:
            pile("in_effect", effects, out)

    def fill_playing_part(self, part: tuple[Any, ...], out: Filler) -> None:
        playing, question = part
        if playing is not None:
            out.at(self.operation.offset + self.sides.at[playing[0]], 1.0)
            self.mark(playing[1], "playing", out)
        if question is not None:
            self.mark(question, "question", out)

    def fill_operation_part(self, operation: tuple[Any, ...] | None, out: Filler) -> None:
        if operation is None:
            return
        vector, note = out.writes()
        at = self.operation.offset
        kind, side, card, left, bonuses, reach = operation
        places = [at + 2 + self.kinds.at[kind], at + 5 + self.sides.at[side]]
        places += [at + 8 + self.regions.at[region] for region in bonuses]
        first = at + 8 + len(self.regions)
        places += [first + c for c in reach]
        places.append(self.card.offset + self.place["operation"] * len(self.cards))
        places[-1] += self.cards.at[card]
        for i in places:
            vector[i] = 1.0
            note(i)
        if left:
            vector[at + 7] = left / 4
            note(at + 7)

    def fill_placement_part(self, placement: tuple[Any, ...] | None, out: Filler) -> None:
        if placement is not None:
            side, left, region = placement
            out.at(self.placement.offset + self.sides.at[side], 1.0)
            if left:
                out.at(self.placement.offset + 2, left / 10)
            if region:
                out.at(self.placement.offset + 3 + self.regions.at[region], 1.0)


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
