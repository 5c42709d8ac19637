"""Action D: move one's tradesmen (RULES §6 D, §12.4–12.5), and the moving markers.

The Move action picks up between 1 and the Liber Sophiae value of one's own pieces from route
spaces, then puts each on a free route space anywhere (adjacency does not matter): from an
English route to England, from Wales to Wales or England, from Scotland to Scotland or
England; ship spaces take merchants only. Pieces are all picked up before any is put down, so
a trader and a merchant may trade places (two moves). Nobody is displaced.

The same step serves the Move 3 Tradesmen marker (up to 3 opponents' pieces) and the printed
Move any 2 marker (up to 2 pieces of anyone), where every piece stays in its own country
(RULES §7.2, §12.4, §12.6, §13.12: "up to", so none at all is allowed).

The optional border rule (RULES §14.8): a Move action begun after the player discarded a +3 or
+4 marker for it ignores the country limits (rule "free"; ship spaces still take merchants
only). Neutral traders (two players) may stand on ship spaces (RULES §14.4), moved by the
markers like any rival's piece.

Should a picked piece find no free space it may use when its turn comes (every road space of
its countries full), it goes to its owner's general stock (the RULES §13.7 ruling for a
displaced piece, applied alike; logged).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from typing import Literal

from gameshelf.core.engine.frames import Field, frame_model
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.board import BOARDS, Board
from gameshelf.plugins.hansa_britannia.countries import may_enter, same_country
from gameshelf.plugins.hansa_britannia.desk import book
from gameshelf.plugins.hansa_britannia.displace import PUT
from gameshelf.plugins.hansa_britannia.state import (
    DONE,
    EMPTY,
    MERCHANT,
    SHAPE_WORD,
    TRADER,
    SeatStep,
    State,
    machine,
    owner_role,
    to_stock,
    unrefused,
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


# How a picked-up piece may be put down (RULES §12.4, §14.8; see ``may_go``)
Rule = Literal["move", "same_country", "free"]


@frame_model
class Moving:
    mover: int  # whose decisions they are
    whose: Literal["own", "rivals", "any"]
    limit: int
    rule: Rule  # RULES §12.4, §14.8
    least: int = 1  # the Move action moves at least one piece; the markers "up to"
    hand: list[int] = Field(default_factory=list)  # pieces picked up (codes)
    origins: list[int] = Field(default_factory=list)  # the route each came from
    dropping: bool = False

    @property
    def seat(self) -> int:
        return self.mover


def has_own_piece(s: State, p: int) -> bool:
    return any(code != EMPTY and code >> 1 == p for code in s.spaces)


def options(s: State, p: int) -> Iterable[Option]:
    return ((MOVE, None if has_own_piece(s, p) else NOTHING_TO_MOVE),)


def legal(s: State, p: int) -> list[Action]:
    """The unrefused ``options`` (the turn's ``actions``)."""
    return [MOVE] if has_own_piece(s, p) else []


def on_move(s: State, p: int, arg: None) -> None:
    rule: Rule = "free" if s.borderless else "move"
    machine.call(s, "move", Moving(mover=p, whose="own", limit=book(s, p), rule=rule))


HANDLERS = {"move": on_move}


RULES = ("move", "same_country", "free")


def may_go(b: Board, rule: str, sp: int, sh: int, origin: int) -> Msg | None:
    """Why a piece of shape ``sh`` from route ``origin`` may not go to (free) space ``sp``
    under ``rule`` ("move": the Move action; "same_country": the markers; "free": the Move
    action with borders ignored). A neutral trader counts as a merchant here (ship spaces)."""
    if sh == TRADER and b.ship[sp]:
        return SHIP_MERCHANTS
    if rule == "free":
        return None
    r, country = b.space_route[sp], b.route_country
    fits = may_enter(country, r, origin) if rule == "move" else same_country(country, r, origin)
    return None if fits else WRONG_COUNTRY


# Why a (free) space refuses a piece, by board side, rule, route of origin, shape and space.
GOING: dict[str, dict[str, tuple[tuple[tuple[Msg | None, ...], ...], ...]]] = {
    side: {
        rule: tuple(
            tuple(
                tuple(may_go(b, rule, sp, sh, origin) for sp in range(b.n_spaces))
                for sh in (TRADER, MERCHANT)
            )
            for origin in range(b.n_routes)
        )
        for rule in RULES
    }
    for side, b in BOARDS.items()
}


# The spaces a piece may go to, from the same table (for the quick "is there any?").
DEST: dict[str, dict[str, tuple[tuple[tuple[int, ...], ...], ...]]] = {
    side: {
        rule: tuple(
            tuple(tuple(sp for sp, why in enumerate(row) if why is None) for row in per_shape)
            for per_shape in per_origin
        )
        for rule, per_origin in tables.items()
    }
    for side, tables in GOING.items()
}


# The pick-up choices: a lift per space of the board, then done.
LIFT_OR_DONE = {side: (*b.lift_actions, DONE) for side, b in BOARDS.items()}


def _shape_going(s: State, code: int) -> int:
    """The shape a piece counts as for ship spaces: a neutral trader may use them."""
    return MERCHANT if code >> 1 == s.neutral else code & 1


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
                role_owner=owner_role(s, f.hand[0] >> 1),
                route=s.board.route_id[f.origins[0]],
            )
        return Msg("hansa_britannia.move_pick_prompt", count=f.limit - len(f.hand))

    def choices(self, s: State) -> tuple[Sequence[Action], Sequence[Msg | None]]:
        """What may be picked up or put down now, and why each refused one is refused."""
        f = self.frame(s)
        spaces = s.spaces
        if f.dropping:
            code = f.hand[0]
            going = GOING[s.side][f.rule][f.origins[0]][_shape_going(s, code)]
            return PUT[code & 1], [
                TAKEN if c != EMPTY else g for c, g in zip(spaces, going, strict=False)
            ]
        if len(f.hand) >= f.limit:
            picks: list[Msg | None] = [LIMIT] * len(spaces)
        else:
            # why each piece code may not be picked up (the last entry: an empty space, -1)
            mover, whose = f.mover, f.whose
            table = (
                *(
                    NOT_YOURS
                    if whose == "own" and code >> 1 != mover
                    else NOT_RIVALS
                    if whose == "rivals" and code >> 1 == mover
                    else None
                    for code in range(2 * s.owners)
                ),
                EMPTY_SPACE,
            )
            picks = list(itemgetter(*spaces)(table))
        picks.append(None if len(f.hand) >= f.least else PICK_ONE)
        return LIFT_OR_DONE[s.side], picks

    def options(self, s: State, role: Role) -> Iterator[Option]:
        actions, refusals = self.choices(s)
        # PUT and LIFT run longer: zip stops at the board's end
        return zip(actions, refusals, strict=False)

    def actions(self, s: State, role: Role) -> list[Action]:
        """The unrefused ``options``, from the same ``choices`` (a measured copy,
        docs/performance.md)."""
        return unrefused(*self.choices(s))

    def on_lift(self, s: State, role: Role, sp: int) -> None:
        f = self.frame(s)
        f.hand.append(s.spaces[sp])
        f.origins.append(s.board.space_route[sp])
        s.spaces[sp] = EMPTY
        if len(f.hand) >= f.limit:
            self._drop_next(s)

    def on_done(self, s: State, role: Role, arg: None) -> None:
        self._drop_next(s)

    def _drop_next(self, s: State) -> None:
        f = self.frame(s)
        f.dropping = True
        spaces = s.spaces
        while f.hand:
            going = DEST[s.side][f.rule][f.origins[0]][_shape_going(s, f.hand[0])]
            if any(spaces[sp] == EMPTY for sp in going):
                break
            code = f.hand.pop(0)
            f.origins.pop(0)
            to_stock(s, code)
            if code >> 1 == s.neutral:
                s.announce("hansa_britannia.neutral_no_space")
                continue
            s.announce(
                "hansa_britannia.no_space_to_stock",
                role=s.seats[code >> 1],
                piece=SHAPE_WORD[code & 1],
            )
        if not f.hand:
            machine.finish(s)

    def _put(self, s: State, sp: int) -> None:
        f = self.frame(s)
        code = f.hand.pop(0)
        origin = f.origins.pop(0)
        s.spaces[sp] = code
        b = s.board
        mover, owner = s.seats[f.mover], owner_role(s, code >> 1)
        where = {"route_from": b.route_id[origin], "route": b.route_id[b.space_route[sp]]}
        if owner == mover:  # "Red moved a trader of theirs", never "Red moved Red's trader"
            s.announce("hansa_britannia.moved_own", role=mover, piece=SHAPE_WORD[code & 1], **where)
        else:
            s.announce(
                "hansa_britannia.moved",
                role=mover,
                role_owner=owner,
                piece=SHAPE_WORD[code & 1],
                **where,
            )
        self._drop_next(s)

    def on_place_trader(self, s: State, role: Role, sp: int) -> None:
        self._put(s, sp)

    def on_place_merchant(self, s: State, role: Role, sp: int) -> None:
        self._put(s, sp)


__all__ = ["HANDLERS", "MERCHANT", "Moving", "legal", "options"]
