"""Victory: sudden death and the end of the scenario (RULES §9, §12).

The game's result is kept in the state when it ends (``state.end_game``), never recomputed
from the board. Reason codes: ``all_nobles`` (a side holds every noble on the map),
``king_killed`` (the Scottish King eliminated in battle), ``edward_ii_killed`` (Edward II
eliminated in battle), ``most_nobles`` (more nobles after the last winter),
``wallace_tiebreak`` (equal nobles after the last winter: Wallace decides).

- ``check_sudden_death(s)``: RULES §9, at the end of every game turn and of every winter.
- ``king_killed(s)``/``edward_ii_killed(s)``: RULES §12 (b) and (c), called by losses.py the
  moment the block is eliminated in battle.
- ``end_of_scenario(s)``: RULES §12, after the last winter.
"""

from __future__ import annotations

from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hammer_scots.model import ENGLISH, SCOTTISH, bix
from gameshelf.plugins.hammer_scots.state import (
    State,
    end_game,
    holds_a_noble,
    nobles_on_map,
    on_map,
)

WALLACE = bix("wallace")

# The reason codes above, declared in the game's info (the kit holds outcome() to them).
OUTCOME_REASONS = (
    "all_nobles",
    "king_killed",
    "edward_ii_killed",
    "most_nobles",
    "wallace_tiebreak",
)

# RULES §12 [impl]: the Campaign has no end year; a technical last year keeps it finite.
CAMPAIGN_LAST_YEAR = 1400


def last_year(s: State) -> int:
    """The year after whose winter the game ends."""
    return s.last_year if s.last_year is not None else CAMPAIGN_LAST_YEAR


def is_last_year(s: State) -> bool:
    return s.year >= last_year(s)


def check_sudden_death(s: State) -> bool:
    """RULES §9: a side that controls no noble on the map loses at once.

    Moray counts for the Scots only while he is on the map (``nobles_on_map`` counts the
    blocks on the map). Returns whether the game ended.
    """
    for winner, loser in ((ENGLISH, SCOTTISH), (SCOTTISH, ENGLISH)):
        if not holds_a_noble(s, loser):
            end_game(s, winner, "all_nobles", Msg("hammer_scots.all_nobles", role=winner))
            return True
    return False


def king_killed(s: State) -> None:
    """RULES §12 (b): the Scottish King eliminated in battle is an English win."""
    end_game(s, ENGLISH, "king_killed", Msg("hammer_scots.king_killed"))


def edward_ii_killed(s: State) -> None:
    """RULES §12 (c): Edward II eliminated in battle is a Scottish win."""
    end_game(s, SCOTTISH, "edward_ii_killed", Msg("hammer_scots.edward_ii_killed"))


def end_of_scenario(s: State) -> None:
    """RULES §12: after the last winter the side with more nobles on the map wins.

    A tie (only possible with 14 nobles) goes to Scotland if Wallace is on the map, to
    England if he is dead or in the pool.
    """
    english = len(nobles_on_map(s, ENGLISH))
    scottish = len(nobles_on_map(s, SCOTTISH))
    if english != scottish:
        winner = ENGLISH if english > scottish else SCOTTISH
        more, fewer = max(english, scottish), min(english, scottish)
        text = Msg("hammer_scots.most_nobles", role=winner, more=more, fewer=fewer)
        end_game(s, winner, "most_nobles", text)
    elif on_map(s, WALLACE):
        text = Msg("hammer_scots.tie_wallace_stands", count=scottish)
        end_game(s, SCOTTISH, "wallace_tiebreak", text)
    else:
        text = Msg("hammer_scots.tie_wallace_gone", count=scottish)
        end_game(s, ENGLISH, "wallace_tiebreak", text)
