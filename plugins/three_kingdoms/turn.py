"""A player's turn: its four stages, in order (seed §2).

1. move the pawn (``movement``);
2. resolve the space it stops on: an unowned land, an own land (``lands``), a rival's land
   (``battle``) or a 天機 space (``fate``);
3. field battles with every rival pawn on that space (``field_battle``);
4. recall the face-down cards if the hand is empty (``recall``);

then the next seat in turn order plays; a round ends when the first player is to play again
(``round_limit``, DESIGN §7.24).

The stages are run by the step ``turn``: each stage either resolves at once or calls a step
that waits for a decision and, when done, returns here (``machine.finish``), so the stage
after it follows. No one ever waits on ``turn`` itself.
"""

from __future__ import annotations

from core.ruleset import Role
from core.steps import Step
from plugins.three_kingdoms import battle, fate, field_battle, lands, recall
from plugins.three_kingdoms.model import SPACE_LAND
from plugins.three_kingdoms.state import Seat, TKState, machine
from plugins.three_kingdoms.victory import round_limit_reached


def start_turn(s: TKState, seat: Seat) -> None:
    s.turn = seat
    s.stage = "move"
    s.land = ""
    s.stack.clear()
    machine.call(s, "choose_dice", then="turn")


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


# Stages 2-4 in order: each is recorded in ``stage`` before it runs, so that a step it calls
# comes back to the stage after it. ``AFTER``: where the turn goes on once a stage is done.
STAGES = (
    ("space", resolve_space),
    ("field", field_battle.start),
    ("recall", recall.at_end_of_turn),
)
AFTER = {"move": 0, "space": 1, "field": 2, "recall": 3}


def end_turn(s: TKState) -> None:
    order = s.order
    nxt = order.index(s.turn) + 1
    if nxt == len(order):  # the first player is to play again: a new round
        if s.round_limit and s.round >= s.round_limit:
            round_limit_reached(s)
            return
        s.round += 1
        nxt = 0
    start_turn(s, order[nxt])


@machine.step
class Turn(Step[TKState]):
    """The sequence of a turn; a stage that waits calls a step and comes back here."""

    name, waiting = "turn", "playing"

    def active(self, s: TKState) -> list[Role]:
        return []

    def resume(self, s: TKState) -> None:
        # A stage may finish at once, even from inside a step it called: then the stages
        # after it have already run (a nested resume) and another step is current.
        for stage, run in STAGES[AFTER[s.stage] :]:
            s.stage = stage
            run(s)
            if s.step != "turn":  # a step waits for a decision, or the game is over
                return
        end_turn(s)
