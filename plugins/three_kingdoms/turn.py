"""A player's turn: its four stages, in order (seed §2).

1. move the pawn (``movement``);
2. resolve the space it stops on: an unowned land, an own land (``lands``), a rival's land
   (``battle``) or a 天機 space (``fate``);
3. field battles with every rival pawn on that space (``field_battle``);
4. recall the face-down cards if the hand is empty (``recall``);

then the next seat in turn order plays; a round ends when the first player is to play again
(``round_limit``, DESIGN §7.24).

The turn is the procedure ``turn``: each stage either resolves at once or calls a step that
waits for a decision, and the procedure goes on with the next stage when that step is done.
The turns follow each other in a loop; the game's end leaves it.
"""

from __future__ import annotations

from gameshelf.core.engine.procedure import Loop, Procedure
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.three_kingdoms import battle, fate, field_battle, lands, recall
from gameshelf.plugins.three_kingdoms.model import SPACE_LAND
from gameshelf.plugins.three_kingdoms.state import Seat, TKState, machine
from gameshelf.plugins.three_kingdoms.victory import round_limit_reached


def start_turn(s: TKState, seat: Seat) -> None:
    """The first turn of the game (after the talents are placed), by ``seat``."""
    s.turn = seat
    machine.reset(s, "turn")


def resolve_space(s: TKState) -> None:
    """Stage 2: what the space the pawn stopped on asks for (seed §2.2 A–D)."""
    seat = s.turn
    land = SPACE_LAND[s.pos[seat]]
    if land is None:
        fate.arrive(s)
        return
    holder = s.owner[land]
    if holder is None:
        lands.arrive_unowned(s, land)
    elif holder == seat:
        lands.arrive_own(s, land)
    else:
        battle.arrive_rival(s, land)


def next_seat(s: TKState) -> None:
    """The next seat in turn order; after the last one, a new round (or the round limit)."""
    order = s.order
    i = order.index(s.turn) + 1
    if i == len(order):  # the first player is to play again: a new round
        if s.round_limit and s.round >= s.round_limit:
            round_limit_reached(s)
            return
        s.round += 1
        i = 0
    s.turn = order[i]


@machine.step
class Turn(Procedure[TKState]):
    """The sequence of play: the four stages of each seat's turn, seat after seat."""

    name, waiting = "turn", Msg("three_kingdoms.waiting_playing")
    body = (
        Loop(
            "choose_dice",  # stage 1: the move
            resolve_space,  # stage 2
            field_battle.start,  # stage 3
            recall.at_end_of_turn,  # stage 4
            next_seat,
        ),
    )
