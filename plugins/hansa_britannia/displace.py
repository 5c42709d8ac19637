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
"""

from __future__ import annotations

from collections.abc import Iterator

from gameshelf.core.frames import Field, frame_model
from gameshelf.core.messages import Msg
from gameshelf.core.procedure import Call, Procedure
from gameshelf.core.ruleset import Action, Role
from gameshelf.core.steps import Option
from gameshelf.plugins.hansa_britannia.board import (
    N_SPACES,
    RINGS,
    ROUTE_COUNTRY,
    ROUTE_ID,
    ROUTE_SPACES,
    SHIP,
    SPACE_ROUTE,
)
from gameshelf.plugins.hansa_britannia.countries import (
    SPACE_COUNTRY,
    country_open,
    needs_permission,
    permit_for,
)
from gameshelf.plugins.hansa_britannia.place import NO_PERMIT, SHIP_MERCHANTS, use_permit
from gameshelf.plugins.hansa_britannia.state import (
    DONE,
    EMPTY,
    MERCHANT,
    SHAPE_WORD,
    TRADER,
    SeatStep,
    State,
    machine,
    stock_count,
    supply_count,
)

TYPES = ("displace_trader", "displace_merchant")
DISPLACE = tuple(
    tuple(Action(TYPES[sh], sp) for sp in range(N_SPACES)) for sh in (TRADER, MERCHANT)
)
PUT = tuple(
    tuple(Action(("place_trader", "place_merchant")[sh], sp) for sp in range(N_SPACES))
    for sh in (TRADER, MERCHANT)
)
LIFT = tuple(Action("lift", sp) for sp in range(N_SPACES))
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


def refusal(s: State, p: int, sp: int, sh: int) -> Msg | None:
    """Why seat ``p`` may not displace the piece on ``sp`` with a piece of shape ``sh``."""
    code = s.spaces[sp]
    if code == EMPTY:
        return NOTHING_THERE
    if code >> 1 == p:
        return OWN_PIECE
    if sh == TRADER and SHIP[sp]:
        return SHIP_MERCHANTS
    if not s.supply[p][sh]:
        return NO_REPLACEMENT[sh]
    extra = extra_cost(code & 1)
    if supply_count(s, p) - 1 < extra:
        return CANNOT_PAY[extra - 1]
    r = SPACE_ROUTE[sp]
    if needs_permission(r) and permit_for(s, p, r) is None:
        return NO_PERMIT[ROUTE_COUNTRY[r]]
    return None


def options(s: State, p: int) -> Iterator[Option]:
    spaces = s.spaces
    for sh in (TRADER, MERCHANT):
        actions = DISPLACE[sh]
        for sp in range(N_SPACES):
            code = spaces[sp]
            if code == EMPTY:
                yield actions[sp], NOTHING_THERE
            else:
                yield actions[sp], refusal(s, p, sp, sh)


def legal(s: State, p: int) -> list[Action]:
    """The legal actions of ``options`` in one pass (the hot path; checked against it)."""
    supply = s.supply[p]
    pieces = supply[TRADER] + supply[MERCHANT]
    if pieces < 2:
        return []
    open_to = country_open(s, p)
    out: list[Action] = []
    for sp, code in enumerate(s.spaces):
        if code == EMPTY or code >> 1 == p or not open_to[SPACE_COUNTRY[sp]]:
            continue
        if pieces - 1 < (2 if code & 1 else 1):
            continue
        if supply[TRADER] and not SHIP[sp]:
            out.append(DISPLACE[TRADER][sp])
        if supply[MERCHANT]:
            out.append(DISPLACE[MERCHANT][sp])
    return out


@frame_model
class Displacement:
    displacer: int
    victim: int
    route: int
    shape: int  # of the displaced piece
    extra: int  # pieces the displacer pays, and the victim's free extra pieces


def displace(s: State, p: int, sp: int, sh: int) -> None:
    """Seat ``p`` displaces the piece on ``sp`` with its own piece of shape ``sh``."""
    code = s.spaces[sp]
    r = SPACE_ROUTE[sp]
    use_permit(s, p, r)
    s.supply[p][sh] -= 1
    s.spaces[sp] = p * 2 + sh
    victim, vshape = code >> 1, code & 1
    s.say(
        Msg(
            "hansa_britannia.displaced",
            role=s.seats[p],
            role_victim=s.seats[victim],
            piece=SHAPE_WORD[vshape],
            route=ROUTE_ID[r],
        )
    )
    frame = Displacement(
        displacer=p, victim=victim, route=r, shape=vshape, extra=extra_cost(vshape)
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
                victim=f.victim, route=f.route, hand=[f.shape], extras=f.extra
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

    @property
    def seat(self) -> int:
        return self.victim


def targets(s: State, f: Relocation, sh: int) -> list[int]:
    """Where a piece of shape ``sh`` may be put now."""
    if not f.countries:
        return ring_spaces(s, f.route, sh)
    spaces, wanted = s.spaces, f.countries
    return [
        sp
        for sp in range(N_SPACES)
        if spaces[sp] == EMPTY
        and (sh == MERCHANT or not SHIP[sp])
        and ROUTE_COUNTRY[SPACE_ROUTE[sp]] in wanted
    ]


def ring_spaces(s: State, r: int, sh: int) -> list[int]:
    """The free spaces a piece of shape ``sh`` displaced from route ``r`` may go to: those of
    the nearest ring that has any it may use (RULES §6 C, §12.4, §13.3–13.4)."""
    spaces = s.spaces
    for ring in RINGS[r]:
        free = [
            sp
            for rr in ring
            for sp in ROUTE_SPACES[rr]
            if spaces[sp] == EMPTY and (sh == MERCHANT or not SHIP[sp])
        ]
        if free:
            return free
    return []


def extra_source(s: State, p: int) -> str:
    """RULES §6 C: where the victim's extra pieces come from now."""
    if stock_count(s, p):
        return "stock"
    if supply_count(s, p):
        return "supply"
    return "board"


@machine.step
class Relocate(SeatStep):
    """The victim places the displaced piece and its free extras (see the module)."""

    name, frame_type = "relocate", Relocation
    waiting = Msg("hansa_britannia.waiting_relocating")

    def begin(self, s: State) -> None:
        self._settle(s)

    def prompt(self, s: State, role: Role) -> Msg:
        f = self.frame(s)
        where = ROUTE_ID[f.route]
        if f.countries:
            source = SOURCE_WORD[extra_source(s, f.victim)]
            return Msg("hansa_britannia.place_two_prompt", count=f.extras, source=source)
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
            for sp in range(N_SPACES):
                code = s.spaces[sp]
                legal = code != EMPTY and code >> 1 == f.victim
                if legal and not targets(s, f, code & 1):
                    yield LIFT[sp], NO_SPACE_FOR_IT
                else:
                    yield LIFT[sp], None if legal else OWN_ONLY
        else:
            pool = s.stock[f.victim] if source == "stock" else s.supply[f.victim]
            for sh in (TRADER, MERCHANT):
                if pool[sh]:
                    yield from self._put(s, f, sh)
        yield DONE, None

    def _put(self, s: State, f: Relocation, sh: int) -> Iterator[Option]:
        legal = set(targets(s, f, sh))
        for sp in range(N_SPACES):
            if sp in legal:
                yield PUT[sh][sp], None
            elif s.spaces[sp] != EMPTY:
                yield PUT[sh][sp], TAKEN
            else:
                yield PUT[sh][sp], SHIP_MERCHANTS if sh == TRADER and SHIP[sp] else NOT_NEAREST

    def _settle(self, s: State) -> None:
        """Resolve what needs no decision; finish when nothing is left to place."""
        f = self.frame(s)
        while f.hand and not targets(s, f, f.hand[0]):
            sh = f.hand.pop(0)  # RULES §13.7 ruling: no space anywhere, to the general stock
            s.stock[f.victim][sh] += 1
            s.say(
                Msg(
                    "hansa_britannia.no_space_to_stock",
                    role=s.seats[f.victim],
                    piece=SHAPE_WORD[sh],
                )
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
        pool = s.stock[f.victim] if source == "stock" else s.supply[f.victim]
        return any(pool[sh] and targets(s, f, sh) for sh in (TRADER, MERCHANT))

    def _placed(self, s: State, sh: int, sp: int) -> None:
        f = self.frame(s)
        if f.hand:
            f.hand.pop(0)
        else:
            f.extras -= 1
            pool = s.stock if extra_source(s, f.victim) == "stock" else s.supply
            pool[f.victim][sh] -= 1
        s.spaces[sp] = f.victim * 2 + sh
        s.say(
            Msg(
                "hansa_britannia.relocated",
                role=s.seats[f.victim],
                piece=SHAPE_WORD[sh],
                route=ROUTE_ID[SPACE_ROUTE[sp]],
            )
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
        s.say(
            Msg(
                "hansa_britannia.lifted",
                role=role,
                piece=SHAPE_WORD[code & 1],
                route=ROUTE_ID[SPACE_ROUTE[sp]],
            )
        )
        self._settle(s)

    def on_done(self, s: State, role: Role, arg: None) -> None:
        f = self.frame(s)
        s.say(Msg("hansa_britannia.declined_extras", role=role, count=f.extras))
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
