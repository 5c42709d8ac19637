"""Twilight Struggle at the terminal and in the lobby: where the war stands (turn and action
round), the board in text and the choices named as the web names them."""

from __future__ import annotations

from gameshelf.core.messages import Msg
from gameshelf.core.ruleset import JSON
from gameshelf.core.text import TextBoard


def place(view: JSON) -> Msg:
    """Where the war stands: "turn 3, headline", "turn 3, action round 4" (the phasing
    side's round: its count starts with the round, plugins/twilight_struggle/turn.py)."""
    turn = view.get("turn", 1)
    phasing = view.get("phasing")
    done = (view.get("rounds") or {}).get(phasing, {}).get("done", 0) if phasing else 0
    if str(view.get("step", "")).startswith("headline") or not done:
        return Msg("twilight_struggle.place_headline", turn=turn)
    return Msg("twilight_struggle.place_round", turn=turn, round=done)


def board(view: JSON, lang: str = "en") -> None:
    return None


TEXT = TextBoard(board=board, place=place)
