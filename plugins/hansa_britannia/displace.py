"""Action C: displace an opponent's tradesman (RULES §6 C, §12.3–12.5, §13.3–13.4, §13.7).

The displacer takes a rival's piece off a route space, puts one of its own supply pieces
there (a merchant on a ship space) and pays 1 extra piece (a trader was displaced) or 2 (a
merchant) from its supply into its general stock; it may not displace unless it can pay the
replacement and the whole extra. A Wales or Scotland route needs a permission. The action is
the procedure "displacement": the displacer pays ("pay", a choice only when it has both
shapes to pay with), then the victim places its pieces ("relocate"), in the middle of the
displacer's turn: the displaced piece, then up to 1 (trader) or 2 (merchant) free extra
pieces, from its general stock, else its personal supply, else its own pieces already on
routes; it may decline the extras.

Where they go: free spaces of the routes around the displacement's route (``board.RINGS``),
in the country of that route or England; a piece goes one ring further out only when the
nearer rings have no free space *it* may use (RULES §13.4: shape-aware, so a trader passes a
ring whose only free spaces are ship spaces). A displaced piece with no legal space anywhere
goes to its owner's general stock (RULES §13.7 ruling, logged).

A neutral trader (RULES §14.3, two players): the displacer pays as usual; the *other* player
(not the displacer) places the displaced neutral trader and may add one more from the
neutral's unlimited supply (the free extra of a displaced trader; declining it is allowed, as
for any extra), by the same nearest-ring rule, never from a Wales route into England (a
displaced neutral stays in its route's country, ``board.neutral_rings``); neutral traders may
stand on ship spaces (RULES §14.4). One with no space anywhere leaves the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import repeat

from gameshelf.core.engine.frames import Field, frame_model
from gameshelf.core.engine.procedure import Call, Procedure
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.board import BOARDS
from gameshelf.plugins.hansa_britannia.countries import country_open
from gameshelf.plugins.hansa_britannia.place import NO_PERMIT, SHIP_MERCHANTS, use_permit
from gameshelf.plugins.hansa_britannia.state import (
    DONE,
    EMPTY,
    MERCHANT,
    NEUTRAL,
    SHAPE_WORD,
    TRADER,
    SeatStep,
    State,
    machine,
    stock_count,
    supply_count,
    unrefused,
)

# Actions named by a space, made for the larger side (the same objects on either side).
MAX_SPACES = max(b.n_spaces for b in BOARDS.values())
PUT = tuple(
    tuple(Action(("place_trader", "place_merchant")[sh], sp) for sp in range(MAX_SPACES))
    for sh in (TRADER, MERCHANT)
)
LIFT = tuple(Action("lift", sp) for sp in range(MAX_SPACES))
PAY = (Action("pay_trader"), Action("pay_merchant"))

NOTHING_THERE = Msg("hansa_britannia.nothing_to_displace")
OWN_PIECE = Msg("hansa_britannia.own_piece")
CANNOT_PAY = (
    Msg("hansa_britannia.cannot_pay", extra=1),
    Msg("hansa_britannia.cannot_pay", extra=2),
)
NO_REPLACEMENT = (
    Msg("hansa_britannia.no_trader_in_supply"),
    Msg("hansa_britannia.no_merchant_in_supply"),
)
NOT_NEAREST = Msg("hansa_britannia.not_nearest")
TAKEN = Msg("hansa_britannia.space_taken")


def extra_cost(displaced_shape: int) -> int:
    """RULES §6 C: 1 extra piece for a trader, 2 for a merchant."""
    return 2 if displaced_shape == MERCHANT else 1


def refusals(s: State, p: int) -> tuple[Sequence[Action], Iterable[Msg | None]]:
    """Every Displace of seat ``p`` and, beside each, why it is refused (``None``: legal): not
    enough pieces to pay a trader's extra, no such piece in the supply, nothing there, its own
    piece, not enough to pay a merchant's extra, no permission for the country, a ship space
    for a trader. Listed space by space, a trader then a merchant."""
    b = s.board
    supply, spaces = s.supply[p], s.spaces
    n = len(spaces)
    short = supply[TRADER] + supply[MERCHANT] - 2  # below 0: cannot pay 1; below 1: nor 2
    if short < 0:
        return b.displace_order, repeat(CANNOT_PAY[0])
    permit = {k: None if ok else NO_PERMIT[k] for k, ok in country_open(s, p).items()}
    # what refuses both shapes alike, space by space
    base = [
        NOTHING_THERE
        if c == EMPTY
        else OWN_PIECE
        if c >> 1 == p
        else CANNOT_PAY[1]
        if short < c & 1
        else permit[k]
        for c, k in zip(spaces, b.space_country, strict=False)
    ]
    if supply[TRADER]:
        traders = [
            w if w is NOTHING_THERE or w is OWN_PIECE else SHIP_MERCHANTS if ship else w
            for w, ship in zip(base, b.ship, strict=False)
        ]
    else:
        traders = [NO_REPLACEMENT[TRADER]] * n
    merchants = base if supply[MERCHANT] else [NO_REPLACEMENT[MERCHANT]] * n
    reasons: list[Msg | None] = [None] * (2 * n)
    reasons[0::2] = traders
    reasons[1::2] = merchants
    return b.displace_order, reasons


def options(s: State, p: int) -> Iterable[Option]:
    return zip(*refusals(s, p), strict=False)


def legal(s: State, p: int) -> list[Action]:
    """The unrefused ``options`` (the turn's ``actions``)."""
    return unrefused(*refusals(s, p))


@frame_model
class Displacement:
    displacer: int
    victim: int
    route: int
    shape: int  # of the displaced piece
    extra: int  # pieces the displacer pays, and the victim's free extra pieces
    decider: int = EMPTY  # who places a displaced neutral trader (RULES §14.3)


def other_player(s: State, p: int) -> int:
    """RULES §14.3: the player who is not ``p`` (two players)."""
    return 1 - p


def displace(s: State, p: int, sp: int, sh: int) -> None:
    """Seat ``p`` displaces the piece on ``sp`` with its own piece of shape ``sh``."""
    b = s.board
    code = s.spaces[sp]
    r = b.space_route[sp]
    use_permit(s, p, r)
    s.supply[p][sh] -= 1
    s.spaces[sp] = p * 2 + sh
    victim, vshape = code >> 1, code & 1
    neutral = victim == s.neutral
    s.announce(
        "hansa_britannia.displaced",
        role=s.seats[p],
        role_victim=NEUTRAL if neutral else s.seats[victim],
        piece=SHAPE_WORD[vshape],
        route=b.route_id[r],
    )
    frame = Displacement(
        displacer=p,
        victim=victim,
        route=r,
        shape=vshape,
        extra=extra_cost(vshape),
        decider=other_player(s, p) if neutral else EMPTY,
    )
    machine.call(s, "displacement", frame)


def on_displace_trader(s: State, p: int, sp: int) -> None:
    displace(s, p, sp, TRADER)


def on_displace_merchant(s: State, p: int, sp: int) -> None:
    displace(s, p, sp, MERCHANT)


HANDLERS = {"displace_trader": on_displace_trader, "displace_merchant": on_displace_merchant}


@machine.step
class DisplacementProcedure(Procedure[State]):
    """RULES §6 C: the displacer pays, then the victim places its pieces."""

    name, frame_type = "displacement", Displacement
    body = (
        Call("pay", args=lambda s, f: Payment(seat=f.displacer, count=f.extra)),
        Call(
            "relocate",
            args=lambda s, f: Relocation(
                victim=f.victim, route=f.route, hand=[f.shape], extras=f.extra, decider=f.decider
            ),
        ),
    )


# --- paying the extra pieces ----------------------------------------------------------


@frame_model
class Payment:
    seat: int
    count: int  # still to pay


def _pay(s: State, p: int, sh: int, n: int) -> None:
    s.supply[p][sh] -= n
    s.stock[p][sh] += n


def _settle_payment(s: State, pay: Payment) -> bool:
    """Pay what needs no choice; whether the payment is complete."""
    supply = s.supply[pay.seat]
    if pay.count and (
        not supply[TRADER] or not supply[MERCHANT] or supply[TRADER] + supply[MERCHANT] == pay.count
    ):
        for sh in (TRADER, MERCHANT):
            n = min(supply[sh], pay.count)
            _pay(s, pay.seat, sh, n)
            pay.count -= n
    return pay.count == 0


@machine.step
class Pay(SeatStep):
    """RULES §6 C: the displacer chooses the shapes of the extra pieces it pays."""

    name, frame_type = "pay", Payment
    waiting = Msg("hansa_britannia.waiting_paying")

    def begin(self, s: State) -> None:
        if _settle_payment(s, self.frame(s)):
            machine.finish(s)

    def prompt(self, s: State, role: Role) -> Msg:
        return Msg("hansa_britannia.pay_prompt", count=self.frame(s).count)

    def options(self, s: State, role: Role) -> Iterator[Option]:
        supply = s.supply[self.frame(s).seat]
        for sh in (TRADER, MERCHANT):
            yield PAY[sh], None if supply[sh] else NO_REPLACEMENT[sh]

    def _paid(self, s: State, sh: int) -> None:
        pay = self.frame(s)
        _pay(s, pay.seat, sh, 1)
        pay.count -= 1
        if _settle_payment(s, pay):
            machine.finish(s)

    def on_pay_trader(self, s: State, role: Role, arg: None) -> None:
        self._paid(s, TRADER)

    def on_pay_merchant(self, s: State, role: Role, arg: None) -> None:
        self._paid(s, MERCHANT)


# --- the victim places its pieces -----------------------------------------------------


@frame_model
class Relocation:
    victim: int
    route: int  # where the displacement happened
    hand: list[int] = Field(default_factory=list)  # shapes to place now (the displaced piece)
    extras: int = 0  # free extra pieces the victim may still add
    # The printed Place 2 marker (RULES §12.6) uses this step too: no displaced piece, two
    # extras from the same sources, onto any free space of routes of these countries.
    countries: list[str] = Field(default_factory=list)
    decider: int = EMPTY  # the other player, for a displaced neutral trader (RULES §14.3)

    @property
    def seat(self) -> int:
        return self.victim if self.decider == EMPTY else self.decider


def targets(s: State, f: Relocation, sh: int) -> list[int]:
    """Where a piece of shape ``sh`` may be put now."""
    neutral = f.victim == s.neutral
    if not f.countries:
        return ring_spaces(s, f.route, MERCHANT if neutral else sh, neutral)
    b = s.board
    spaces, wanted, ship, country = s.spaces, f.countries, b.ship, b.space_country
    return [
        sp
        for sp in range(b.n_spaces)
        if spaces[sp] == EMPTY and (sh == MERCHANT or not ship[sp]) and country[sp] in wanted
    ]


def ring_spaces(s: State, r: int, sh: int, neutral: bool = False) -> list[int]:
    """The free spaces a piece of shape ``sh`` displaced from route ``r`` may go to: those of
    the nearest ring that has any it may use (RULES §6 C, §12.4, §13.3–13.4); for a neutral
    trader (``sh`` then MERCHANT: it may stand on ship spaces) the rings of its country."""
    b = s.board
    spaces, ship, route_spaces = s.spaces, b.ship, b.route_spaces
    for ring in (b.neutral_rings if neutral else b.rings)[r]:
        free = [
            sp
            for rr in ring
            for sp in route_spaces[rr]
            if spaces[sp] == EMPTY and (sh == MERCHANT or not ship[sp])
        ]
        if free:
            return free
    return []


def extra_source(s: State, p: int) -> str:
    """RULES §6 C: where the victim's extra pieces come from now (the neutral's unlimited
    supply for the neutral, RULES §14.1)."""
    if p == s.neutral:
        return "neutral"
    if stock_count(s, p):
        return "stock"
    if supply_count(s, p):
        return "supply"
    return "board"


NEUTRAL_POOL = (1, 0)  # the neutral's supply: traders without end, no merchant (RULES §14.1)


def _pool(s: State, f: Relocation, source: str) -> list[int] | tuple[int, int]:
    if source == "neutral":
        return NEUTRAL_POOL
    return s.stock[f.victim] if source == "stock" else s.supply[f.victim]


@machine.step
class Relocate(SeatStep):
    """The victim places the displaced piece and its free extras (see the module); the
    other player places a displaced neutral trader and its extra."""

    name, frame_type = "relocate", Relocation
    waiting = Msg("hansa_britannia.waiting_relocating")

    def begin(self, s: State) -> None:
        self._settle(s)

    def prompt(self, s: State, role: Role) -> Msg:
        f = self.frame(s)
        where = s.board.route_id[f.route]
        if f.countries:
            source = SOURCE_WORD[extra_source(s, f.victim)]
            return Msg("hansa_britannia.place_two_prompt", count=f.extras, source=source)
        if f.victim == s.neutral:
            if f.hand:
                return Msg("hansa_britannia.neutral_relocate_prompt", route=where)
            return Msg("hansa_britannia.neutral_extra_prompt", route=where)
        if f.hand:
            return Msg("hansa_britannia.relocate_prompt", piece=SHAPE_WORD[f.hand[0]], route=where)
        return EXTRA_PROMPT[extra_source(s, f.victim)](count=f.extras, route=where)

    def options(self, s: State, role: Role) -> Iterator[Option]:
        f = self.frame(s)
        if f.hand:
            yield from self._put(s, f, f.hand[0])
            return
        source = extra_source(s, f.victim)
        if source == "board":
            for sp in range(s.board.n_spaces):
                code = s.spaces[sp]
                legal = code != EMPTY and code >> 1 == f.victim
                if legal and not targets(s, f, code & 1):
                    yield LIFT[sp], NO_SPACE_FOR_IT
                else:
                    yield LIFT[sp], None if legal else OWN_ONLY
        else:
            pool = _pool(s, f, source)
            for sh in (TRADER, MERCHANT):
                if pool[sh]:
                    yield from self._put(s, f, sh)
        yield DONE, None

    def _put(self, s: State, f: Relocation, sh: int) -> Iterator[Option]:
        legal = set(targets(s, f, sh))
        ship = s.board.ship
        for sp in range(s.board.n_spaces):
            if sp in legal:
                yield PUT[sh][sp], None
            elif s.spaces[sp] != EMPTY:
                yield PUT[sh][sp], TAKEN
            elif sh == TRADER and ship[sp] and f.victim != s.neutral:
                yield PUT[sh][sp], SHIP_MERCHANTS
            else:
                yield PUT[sh][sp], NOT_NEAREST

    def _settle(self, s: State) -> None:
        """Resolve what needs no decision; finish when nothing is left to place."""
        f = self.frame(s)
        while f.hand and not targets(s, f, f.hand[0]):
            sh = f.hand.pop(0)  # RULES §13.7 ruling: no space anywhere, to the general stock
            if f.victim == s.neutral:
                s.announce("hansa_britannia.neutral_no_space")
                continue
            s.stock[f.victim][sh] += 1
            s.announce(
                "hansa_britannia.no_space_to_stock",
                role=s.seats[f.victim],
                piece=SHAPE_WORD[sh],
            )
        if f.hand:
            return
        if f.extras and self._extra_possible(s, f):
            return
        machine.finish(s)

    def _extra_possible(self, s: State, f: Relocation) -> bool:
        source = extra_source(s, f.victim)
        if source == "board":
            return any(
                code != EMPTY and code >> 1 == f.victim and targets(s, f, code & 1)
                for code in s.spaces
            )
        pool = _pool(s, f, source)
        return any(pool[sh] and targets(s, f, sh) for sh in (TRADER, MERCHANT))

    def _placed(self, s: State, sh: int, sp: int) -> None:
        f = self.frame(s)
        if f.hand:
            f.hand.pop(0)
        else:
            f.extras -= 1
            source = extra_source(s, f.victim)
            if source != "neutral":
                pool = s.stock if source == "stock" else s.supply
                pool[f.victim][sh] -= 1
        s.spaces[sp] = f.victim * 2 + sh
        b = s.board
        route = b.route_id[b.space_route[sp]]
        if f.victim == s.neutral:
            s.announce("hansa_britannia.neutral_relocated", role=s.seats[f.seat], route=route)
        else:
            s.announce(
                "hansa_britannia.relocated",
                role=s.seats[f.victim],
                piece=SHAPE_WORD[sh],
                route=route,
            )
        self._settle(s)

    def on_place_trader(self, s: State, role: Role, sp: int) -> None:
        self._placed(s, TRADER, sp)

    def on_place_merchant(self, s: State, role: Role, sp: int) -> None:
        self._placed(s, MERCHANT, sp)

    def on_lift(self, s: State, role: Role, sp: int) -> None:
        f = self.frame(s)
        code = s.spaces[sp]
        s.spaces[sp] = EMPTY
        f.extras -= 1
        f.hand.append(code & 1)
        b = s.board
        s.announce(
            "hansa_britannia.lifted",
            role=role,
            piece=SHAPE_WORD[code & 1],
            route=b.route_id[b.space_route[sp]],
        )
        self._settle(s)

    def on_done(self, s: State, role: Role, arg: None) -> None:
        f = self.frame(s)
        s.announce("hansa_britannia.declined_extras", role=role, count=f.extras)
        f.extras = 0
        machine.finish(s)


OWN_ONLY = Msg("hansa_britannia.lift_own_only")
NO_SPACE_FOR_IT = Msg("hansa_britannia.no_space_for_it")


SOURCE_WORD = {
    "stock": Msg("hansa_britannia.from_stock"),
    "supply": Msg("hansa_britannia.from_supply"),
    "board": Msg("hansa_britannia.from_board"),
}
# RULES §6 C: the extras come from the general stock, else the supply, else the board.
EXTRA_PROMPT = {
    "stock": lambda **a: Msg("hansa_britannia.extra_from_stock", **a),
    "supply": lambda **a: Msg("hansa_britannia.extra_from_supply", **a),
    "board": lambda **a: Msg("hansa_britannia.extra_from_board", **a),
}
