"""The questions events ask, worded for their card (issue 17 item 3): the generic steps of
events.py ask "Choose how Summit happens."; the cards whose question needs more say it here,
registered in ``events.QUESTIONS`` by (step, card). Each is asked of the seat the step makes
active (the chooser in its frame): Grain Sales to Soviets' of the US whoever played it
(RULES §14), Missile Envy's of its victim, Summit's of its winner.

Cuban Missile Crisis asks no question of its own: its victim's cancel is an action offered
beside every decision it makes (mid_war.CancelCrisis), which the board names and explains
next to the effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.twilight_struggle.events import QUESTIONS, Choice, Discard
from gameshelf.plugins.twilight_struggle.model import OTHER, USSR
from gameshelf.plugins.twilight_struggle.ops import ops_value
from gameshelf.plugins.twilight_struggle.state import State

WARSAW_PACT, OLYMPIC_GAMES, SUMMIT, HOW_I_LEARNED = 16, 20, 45, 46
MISSILE_ENVY, GRAIN_SALES = 49, 67


def question(step: str, card: int) -> Callable[[Callable[[State, Any], Msg]], None]:
    def register(ask: Callable[[State, Any], Msg]) -> None:
        QUESTIONS[(step, card)] = ask

    return register


@question("event_choice", WARSAW_PACT)
def _warsaw(s: State, f: Choice) -> Msg:
    return Msg("twilight_struggle.ask_warsaw_pact", card=f.card)


@question("event_choice", OLYMPIC_GAMES)
def _olympics(s: State, f: Choice) -> Msg:
    return Msg("twilight_struggle.ask_olympic_games", card=f.card, role=OTHER[f.chooser])


@question("event_choice", SUMMIT)
def _summit(s: State, f: Choice) -> Msg:
    return Msg("twilight_struggle.ask_summit", card=f.card, level=s.defcon)


@question("event_choice", HOW_I_LEARNED)
def _how_i_learned(s: State, f: Choice) -> Msg:
    return Msg("twilight_struggle.ask_how_i_learned", card=f.card, level=s.defcon)


def grain_card(s: State) -> int:
    """The card Grain Sales to Soviets took from the USSR (in its event's frame)."""
    for frame in reversed(s.stack):
        if frame.step == "grain_sales":
            return int(frame.args.pick)
    return 0


@question("event_choice", GRAIN_SALES)
def _grain(s: State, f: Choice) -> Msg:
    return Msg("twilight_struggle.ask_grain_sales", card=f.card, card2=grain_card(s), role=USSR)


@question("event_discard", MISSILE_ENVY)
def _missile_envy(s: State, f: Discard) -> Msg:
    ops = max((ops_value(s, f.chooser, c) for c in f.only), default=0)
    return Msg("twilight_struggle.ask_missile_envy", card=f.card, role=OTHER[f.chooser], ops=ops)
