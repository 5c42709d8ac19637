"""The sequence of play: turns in seat order, a turn's actions (RULES §5, §8).

The procedure "game" plays the seats' turns one after another for ever; the end of the game
leaves it for the core's "game_over" (``scoring.end_game``). A turn is the step
"turn": as many actions as the Actiones value (plus +3/+4 markers), each one of the five
actions of §6 (the modules ``income``, ``place``, ``displace``, ``move``, ``create_route``, whose
options and handlers this step assembles), taken in any order and repeated, each resolved in
full (a displaced rival's placement included) before the next; bonus markers between them
(``markers.py``). The player may end the turn early; with no action and no usable marker left
the turn ends by itself. Then the replacement markers ("replace_markers") and the next seat.

RULES §8: the end is checked after every action; the game ends after the whole action in
which it was triggered, the turn's remaining actions lost.

Two players (RULES §14.5): after every action and every marker's use, each route that is
now full of neutral traders is completed ("neutral_route", ``neutral.py``) before anything
else happens, the end of the game included.

Legality is written once: each action's module lists its options with the reason a refused
one is refused (``options(s, seat)``), and the step "turn" offers them all; the core derives
the refusals from them. The turn's legal actions are listed by each module's ``legal(s, seat)``
from the same refusals (or predicate) as its options, without pairing them: a measured copy
(docs/performance.md), checked against the options by tests/hansa_britannia/test_turn.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain

from gameshelf.core.engine.procedure import Loop, Procedure
from gameshelf.core.engine.ruleset import Action, Role
from gameshelf.core.engine.steps import Option, Step
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia import (
    create_route,
    displace,
    income,
    markers,  # noqa: F401 (registers the marker steps and the ambient action)
    move,
    neutral,
    place,
)
from gameshelf.plugins.hansa_britannia.desk import actions_per_turn
from gameshelf.plugins.hansa_britannia.scoring import end_game
from gameshelf.plugins.hansa_britannia.state import END_TURN, State, machine

# The five actions of RULES §6 (listed with creating a route first, then placing, so that a
# bot taking the first legal action builds routes and the game goes on to its end).
ACTIONS = (create_route, place, income, displace, move)
HANDLERS = {kind: handler for module in ACTIONS for kind, handler in module.HANDLERS.items()}
NO_ACTIONS_LEFT = Msg("hansa_britannia.no_actions_left")
ENDING: tuple[Option, ...] = ((END_TURN, None),)  # the turn's last option, always legal


def next_seat(s: State) -> None:
    s.current = (s.current + 1) % len(s.seats)


@machine.step
class Game(Procedure[State]):
    """RULES §5: turns in seat order until the end (``scoring.end_game``)."""

    name = "game"
    body = (Loop("turn", "replace_markers", next_seat),)


@machine.step
class Turn(Step[State]):
    """The current seat's actions (see the module)."""

    name = "turn"
    waiting = Msg("hansa_britannia.waiting_turn")
    tags = frozenset({"turn"})  # a bonus marker may be used in it (markers.UseMarker)

    def active(self, s: State) -> Sequence[Role]:
        return (s.seats[s.current],)

    def begin(self, s: State) -> None:
        p = s.current
        s.actions_left = actions_per_turn(s, p)
        s.permits_used = []
        s.borderless = False
        s.announce("hansa_britannia.turn_begins", role=s.seats[p], count=s.actions_left)

    def prompt(self, s: State, role: Role) -> Msg:
        if not s.actions_left:
            return Msg("hansa_britannia.turn_markers_prompt")
        return Msg("hansa_britannia.turn_prompt", count=s.actions_left)

    def options(self, s: State, role: Role) -> Iterable[Option]:
        """Each action's options (its module's ``options``), then ending the turn."""
        if s.actions_left <= 0:
            return ENDING
        p = s.current
        return chain(*[module.options(s, p) for module in ACTIONS], ENDING)

    def actions(self, s: State, role: Role) -> list[Action]:
        """The unrefused ``options``: each action's ``legal``, then ending the turn."""
        if s.actions_left <= 0:
            return [END_TURN]
        p = s.current
        legal: list[Action] = []
        for module in ACTIONS:
            legal += module.legal(s, p)
        legal.append(END_TURN)
        return legal

    def why_not(self, s: State, role: Role, action: Action) -> str | Msg | None:
        return NO_ACTIONS_LEFT if not s.actions_left and action.type in HANDLERS else None

    def handle(self, s: State, role: Role, action: Action) -> None:
        s.actions_left -= 1
        HANDLERS[action.type](s, s.current, action.arg)
        if not machine.pending(s):  # the action is over already (Place)
            self.after_action(s)

    def resume(self, s: State, result: object) -> None:
        self.after_action(s)  # an action, or a marker's step, is over

    def after_action(self, s: State) -> None:
        r = neutral.full_neutral_route(s)
        if r is not None:  # RULES §14.5: at once, in this turn
            machine.call(s, "neutral_route", neutral.NeutralRoute(seat=s.current, route=r))
            return
        if s.end_reason:
            end_game(s)
        elif not s.actions_left and not self._marker_usable(s):
            machine.finish(s)

    def _marker_usable(self, s: State) -> bool:
        role = s.seats[s.current]
        return any(ambient.actions(s, role) for ambient in machine.ambients(self.name))

    def on_end_turn(self, s: State, role: Role, arg: None) -> None:
        s.announce("hansa_britannia.turn_ended", role=role, count=s.actions_left)
        machine.finish(s)
