"""Twilight Struggle for learning agents: fixed action indices and a seat's view as floats
(``core.engine.encoding``; the fields are listed in docs/rl/twilight_struggle.md, made from this
layout).

Read from the seat's view only (``view.py``): the map and the tracks are public, and of the
cards the seat knows its hand, what an event showed it, and the public piles.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping
from functools import partial
from operator import truediv
from struct import Struct
from typing import Any

from gameshelf.core.engine.encoding import (
    ActionSpace,
    Encoding,
    Filler,
    Layout,
    Runs,
    SeatHeader,
    Table,
    hot_rows,
    one_hot_rows,
    scaled,
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
    US,
    USSR,
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
TRACKS_SCALE = (TURNS, DEFCON_MAX, VP_SCALE, 40, 2, 1, 1, 10, 10)  # the "tracks" values'
SIDES_SCALE = (1, 1, 8, 8, MILOPS_MAX, len(SPACE) - 1, 2, 10) * 2  # and the "sides" values'


def card_ids(optional: bool) -> tuple[int, ...]:
    """Every card of a game with or without the optional cards, in number order."""
    decks = (era_deck(era.era, optional) for era in ERAS)
    return tuple(sorted({c for deck in decks for c in deck} | {6}))


def country_row(country: tuple[int, int, int]) -> bytes:
    """A country's four places from its (USSR, US) Influence and stability."""
    ussr, us, stability = country
    held = control(ussr, us, stability)
    return array("f", (ussr / 10, us / 10, float(held == USSR), float(held == US))).tobytes()


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
        self.make_rows(cards)
        self.fillers = (
            self.fill_tracks_part,
            self.fill_sides_part,
            *(partial(self.fill_country_run, *run) for run in self.country_runs()),
            partial(self.fill_pile_part, "discard"),
            partial(self.fill_pile_part, "removed"),
            self.fill_cards_part,
            self.fill_playing_part,
            self.fill_operation_part,
            self.fill_placement_part,
        )

    def make_rows(self, cards: tuple[int, ...]) -> None:
        """The fast fillers' spans and their runs of places (core.engine.encoding), made once."""
        self.nine, self.sixteen = Struct("9f"), Struct("16f")
        self.tracks_and_era = self.tracks.through(self.era)
        self.era_rows, self.country_rows = one_hot_rows(self.eras.ids), Runs(country_row)
        n = len(cards)
        first = {p: self.card.offset + i * n for i, p in enumerate(PLACES)}
        self.block = {p: self.card.places(i * n, (i + 1) * n) for i, p in enumerate(PLACES)}
        self.card_places = {
            p: {card: at + i for i, card in enumerate(cards)} for p, at in first.items()
        }
        self.held = slice(self.block["hand"].start, self.block["set_aside"].stop)
        self.headlined = slice(self.block["headline_ussr"].start, self.block["in_effect"].stop)
        self.no_cards = bytes(4 * n)
        self.card_rows, self.card_hots = one_hot_rows(cards), hot_rows(cards)
        self.headline_rows = Runs(self.headline_row)
        self.played_side = self.operation.places(0, 2)  # the side playing
        self.operated = self.operation.places(2, self.operation.size)  # the rest of it
        self.no_operation = bytes(self.operated.stop - self.operated.start)
        self.side_rows, self.kind_rows = one_hot_rows(SIDES), one_hot_rows(OPS_USES)
        self.quarters, self.tenths = scaled(4), scaled(10)
        self.region_rows, self.region_hots = one_hot_rows(REGIONS), hot_rows(REGIONS)
        self.reach_hots = hot_rows(range(len(CID)))
        self.no_placement = bytes(4 * self.placement.size)

    def country_runs(self) -> Iterator[tuple[slice, tuple[int, ...]]]:
        """Each run of countries read as one part: its places' bytes and its stabilities."""
        for first in self.runs:
            stability = STABILITY[first : first + RUN]
            yield self.country.places(4 * first, 4 * (first + len(stability))), stability

    def headline_row(self, headlines: tuple[tuple[str, int], ...]) -> bytes:
        card = dict(headlines)
        return self.card_rows[card.get(USSR)] + self.card_rows[card.get(US)]

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
        # the state's lists are read as slices or tuples (copies made in C: fresh_parts)
        red, blue = SIDES
        ussr, us = s.influence[red], s.influence[blue]
        hands, rounds, milops, space, tries = (
            s.hands,
            s.rounds_done,
            s.milops,
            s.space,
            s.space_tries,
        )
        aside, phasing, china = s.set_aside, s.phasing, s.china
        parts: list[Any] = [
            (
                s.turn,
                s.defcon,
                s.vp,
                len(s.deck.draw_pile),
                s.us_bonus,
                s.optional_cards,
                s.china_up,
                len(hands[red]),
                len(hands[blue]),
            ),
            (
                phasing == red,
                china == red,
                rounds[red],
                rounds_total(s, red),
                milops[red],
                space[red],
                tries[red],
                len(aside.get(red, ())),
                phasing == blue,
                china == blue,
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
                tuple(hands[role]) if role in SIDES else (),
                tuple(face_up(s, role)),
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
                placement = (args.side, args.left, args.region or None)
        card = event_card(s)
        return (playing, card if card and s.active else None), operation, placement

    # Every filler writes the places it owns whole at each call (``Filler.raw``, from runs
    # made in ``__init__``; a pile's block zeroed, then its cards set): nothing is noted.

    def fill_tracks_part(self, part: tuple[Any, ...], out: Filler) -> None:
        era = self.era_rows[era_of_turn(min(part[0], TURNS)).era]
        out.raw[self.tracks_and_era] = self.nine.pack(*map(truediv, part, TRACKS_SCALE)) + era

    def fill_sides_part(self, part: tuple[Any, ...], out: Filler) -> None:
        out.raw[self.sided.raw] = self.sixteen.pack(*map(truediv, part, SIDES_SCALE))

    def fill_country_run(
        self, raw: slice, stability: tuple[int, ...], part: tuple[Any, ...], out: Filler
    ) -> None:
        countries = zip(part[1], part[2], stability, strict=True)
        out.raw[raw] = b"".join(map(self.country_rows.__getitem__, countries))

    def fill_pile_part(self, where: str, cards: list[int], out: Filler) -> None:
        out.raw[self.block[where]] = self.no_cards
        vector, places = out.vector, self.card_places[where]
        for i in map(places.__getitem__, cards):
            vector[i] = 1.0

    def fill_cards_part(self, part: tuple[Any, ...], out: Filler) -> None:
        hand, shown, set_aside, headlines, effects = part
        hot = self.card_hots
        out.raw[self.held] = hot[hand] + hot[shown] + hot[set_aside]
        out.raw[self.headlined] = self.headline_rows[headlines] + hot[tuple(effects)]

    def fill_playing_part(self, part: tuple[Any, ...], out: Filler) -> None:
        playing, question = part
        side, card = playing or (None, None)
        out.raw[self.played_side] = self.side_rows[side]
        out.raw[self.block["playing"]] = self.card_rows[card]
        out.raw[self.block["question"]] = self.card_rows[question]

    def fill_operation_part(self, operation: tuple[Any, ...] | None, out: Filler) -> None:
        if operation is None:
            out.raw[self.operated] = self.no_operation
            out.raw[self.block["operation"]] = self.card_rows[None]
            return
        kind, side, card, left, bonuses, reach = operation
        rows = (
            self.kind_rows[kind],
            self.side_rows[side],
            self.quarters[left],
            self.region_hots[bonuses],
            self.reach_hots[reach],
        )
        out.raw[self.operated] = b"".join(rows)
        out.raw[self.block["operation"]] = self.card_rows[card]

    def fill_placement_part(self, placement: tuple[Any, ...] | None, out: Filler) -> None:
        if placement is None:
            out.raw[self.placement.raw] = self.no_placement
            return
        side, left, region = placement
        row = self.side_rows[side] + self.tenths[left] + self.region_rows[region]
        out.raw[self.placement.raw] = row


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
