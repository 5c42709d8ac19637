"""Action D: move one's tradesmen (RULES §6 D, §12.4–12.5), and the moving markers.

The Move action picks up between 1 and the Liber Sophiae value of one's own pieces from route
spaces, then puts each on a free route space anywhere (adjacency does not matter): from an
English route to England, from Wales to Wales or England, from Scotland to Scotland or
England; ship spaces take merchants only. Pieces are all picked up before any is put down, so
a trader and a merchant may trade places (two moves). Nobody is displaced.

The same step serves the Move 3 Tradesmen marker (up to 3 opponents' pieces) and the printed
Move any 2 marker (up to 2 pieces of anyone), where every piece stays in its own country
(RULES §7.2, §12.4, §12.6, §13.12: "up to", so none at all is allowed).

Should a picked piece find no free space it may use when its turn comes (every road space of
its countries full), it goes to its owner's general stock (the RULES §13.7 ruling for a
displaced piece, applied alike; logged).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from gameshelf.core.frames import Field, frame_model
from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import Action, Role
from gameshelf.core.steps import Option
from gameshelf.plugins.hansa_britannia.board import N_ROUTES, N_SPACES, ROUTE_ID, SHIP, SPACE_ROUTE
from gameshelf.plugins.hansa_britannia.countries import may_enter, same_country
from gameshelf.plugins.hansa_britannia.desk import book
from gameshelf.plugins.hansa_britannia.displace import LIFT, PUT
from gameshelf.plugins.hansa_britannia.state import (
    DONE,
    EMPTY,
    MERCHANT,
    SHAPE_WORD,
    TRADER,
    SeatStep,
    State,
    machine,
)

MOVE = Action("move")
NOTHING_TO_MOVE = Msg("hansa_britannia.nothing_to_move")
NOT_YOURS = Msg("hansa_britannia.move_own_only")
NOT_RIVALS = Msg("hansa_britannia.move_rivals_only")
EMPTY_SPACE = Msg("hansa_britannia.empty_space")
LIMIT = Msg("hansa_britannia.move_limit")
PICK_ONE = Msg("hansa_britannia.move_at_least_one")
TAKEN = Msg("hansa_britannia.space_taken")
SHIP_MERCHANTS = Msg("hansa_britannia.ship_merchants_only")
WRONG_COUNTRY = Msg("hansa_britannia.wrong_country")


@frame_model
class Moving:
    mover: int  # whose decisions they are
    whose: Literal["own", "rivals", "any"]
    limit: int
    rule: Literal["move", "same_country"]  # RULES §12.4
    least: int = 1  # the Move action moves at least one piece; the markers "up to"
    hand: list[int] = Field(default_factory=list)  # pieces picked up (codes)
    origins: list[int] = Field(default_factory=list)  # the route each came from
    dropping: bool = False

    @property
    def seat(self) -> int:
        return self.mover


def has_own_piece(s: State, p: int) -> bool:
    return any(code != EMPTY and code >> 1 == p for code in s.spaces)


def options(s: State, p: int) -> Iterator[Option]:
    yield MOVE, None if has_own_piece(s, p) else NOTHING_TO_MOVE


def legal(s: State, p: int) -> list[Action]:
    return [MOVE] if has_own_piece(s, p) else []


def on_move(s: State, p: int, arg: None) -> None:
    machine.call(s, "move", Moving(mover=p, whose="own", limit=book(s, p), rule="move"))


HANDLERS = {"move": on_move}


def may_go(rule: str, sp: int, sh: int, origin: int) -> Msg | None:
    """Why a piece of shape ``sh`` from route ``origin`` may not go to (free) space ``sp``
    under ``rule`` ("move": the Move action; "same_country": the markers)."""
    if sh == TRADER and SHIP[sp]:
        return SHIP_MERCHANTS
    r = SPACE_ROUTE[sp]
    fits = may_enter(r, origin) if rule == "move" else same_country(r, origin)
    return None if fits else WRONG_COUNTRY


# The spaces ``may_go`` allows, by rule, route of origin and shape, tabled once.
DESTINATIONS: dict[str, tuple[tuple[tuple[int, ...], ...], ...]] = {
    rule: tuple(
        tuple(
            tuple(sp for sp in range(N_SPACES) if may_go(rule, sp, sh, origin) is None)
            for sh in (TRADER, MERCHANT)
        )
        for origin in range(N_ROUTES)
    )
    for rule in ("move", "same_country")
}


@machine.step
class Move(SeatStep):
    """Pick up pieces one by one ("lift"), "done", then put each down (see the module)."""

    name, frame_type = "move", Moving
    waiting = Msg("hansa_britannia.waiting_moving")

    def prompt(self, s: State, role: Role) -> Msg:
        f = self.frame(s)
        if f.dropping:
            return Msg(
                "hansa_britannia.move_put_prompt",
                piece=SHAPE_WORD[f.hand[0] & 1],
                role_owner=s.seats[f.hand[0] >> 1],
                route=ROUTE_ID[f.origins[0]],
            )
        return Msg("hansa_britannia.move_pick_prompt", count=f.limit - len(f.hand))

    def options(self, s: State, role: Role) -> Iterator[Option]:
        f = self.frame(s)
        spaces = s.spaces
        if f.dropping:
            code, origin = f.hand[0], f.origins[0]
            actions = PUT[code & 1]
            for sp in range(N_SPACES):
                if spaces[sp] != EMPTY:
                    yield actions[sp], TAKEN
                else:
                    yield actions[sp], may_go(f.rule, sp, code & 1, origin)
            return
        full = len(f.hand) >= f.limit
        for sp in range(N_SPACES):
            yield LIFT[sp], LIMIT if full else self._pick_refusal(f, spaces[sp])
        yield DONE, None if len(f.hand) >= f.least else PICK_ONE

    def actions(self, s: State, role: Role) -> list[Action]:
        """The legal actions of ``options`` in one pass (the hot path; checked against it)."""
        f = self.frame(s)
        spaces = s.spaces
        if f.dropping:
            sh = f.hand[0] & 1
            actions = PUT[sh]
            return [
                actions[sp] for sp in DESTINATIONS[f.rule][f.origins[0]][sh] if spaces[sp] == EMPTY
            ]
        out: list[Action] = []
        if len(f.hand) < f.limit:
            if f.whose == "own":
                out = [LIFT[sp] for sp, c in enumerate(spaces) if c != EMPTY and c >> 1 == f.mover]
            elif f.whose == "rivals":
                out = [LIFT[sp] for sp, c in enumerate(spaces) if c != EMPTY and c >> 1 != f.mover]
            else:
                out = [LIFT[sp] for sp, c in enumerate(spaces) if c != EMPTY]
        if len(f.hand) >= f.least:
            out.append(DONE)
        return out

    def _pick_refusal(self, f: Moving, code: int) -> Msg | None:
        if code == EMPTY:
            return EMPTY_SPACE
        if f.whose == "own" and code >> 1 != f.mover:
            return NOT_YOURS
        if f.whose == "rivals" and code >> 1 == f.mover:
            return NOT_RIVALS
        return None

    def on_lift(self, s: State, role: Role, sp: int) -> None:
        f = self.frame(s)
        f.hand.append(s.spaces[sp])
        f.origins.append(SPACE_ROUTE[sp])
        s.spaces[sp] = EMPTY
        if len(f.hand) >= f.limit:
            self._drop_next(s)

    def on_done(self, s: State, role: Role, arg: None) -> None:
        self._drop_next(s)

    def _drop_next(self, s: State) -> None:
        f = self.frame(s)
        f.dropping = True
        while f.hand and not any(
            s.spaces[sp] == EMPTY for sp in DESTINATIONS[f.rule][f.origins[0]][f.hand[0] & 1]
        ):
            code = f.hand.pop(0)
            f.origins.pop(0)
            s.stock[code >> 1][code & 1] += 1
            s.say(
                Msg(
                    "hansa_britannia.no_space_to_stock",
                    role=s.seats[code >> 1],
                    piece=SHAPE_WORD[code & 1],
                )
            )
        if not f.hand:
            machine.finish(s)

    def _put(self, s: State, sp: int) -> None:
        f = self.frame(s)
        code = f.hand.pop(0)
        origin = f.origins.pop(0)
        s.spaces[sp] = code
        s.say(
            Msg(
                "hansa_britannia.moved",
                role=s.seats[f.mover],
                role_owner=s.seats[code >> 1],
                piece=SHAPE_WORD[code & 1],
                route_from=ROUTE_ID[origin],
                route=ROUTE_ID[SPACE_ROUTE[sp]],
            )
        )
        self._drop_next(s)

    def on_place_trader(self, s: State, role: Role, sp: int) -> None:
        self._put(s, sp)

    def on_place_merchant(self, s: State, role: Role, sp: int) -> None:
        self._put(s, sp)


__all__ = ["HANDLERS", "MERCHANT", "Moving", "options"]
