"""Resigning (issue 29 item 4): how a match ends, or goes on, when seats give up.

A resignation is the site's, not the game's: the rules never hear of it, and the outcome a
seat reads is the rules' outcome seen through the resignations (:func:`outcome`):

- when one seat alone still plays (a two-player game, or all others resigned), the match
  ends at once and that seat wins (reason ``resigned``);
- otherwise the resigning seat is played by a bot to the end of the game, and is placed
  last: it never counts among the winners. Should the rules name only resigned seats as
  winners, the seats still playing win instead: those with the best score if the game
  keeps scores, else all of them together.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.engine.ruleset import Outcome, Role
from gameshelf.core.i18n.messages import Msg

REASON = "resigned"
TIMEOUT = "timeout"  # the last seat to give up was out of time (web.clocks)


def outcome(
    ruled: Outcome | None,
    roles: Sequence[Role],
    resigned: Sequence[Role],
    timed_out: Sequence[Role] = (),
) -> Outcome | None:
    """The outcome of a match whose rules say ``ruled``, ``resigned`` having resigned (or
    lost on time: those of ``timed_out`` among them)."""
    if not resigned:
        return ruled
    playing = [r for r in roles if r not in resigned]
    if ruled is None:
        if len(playing) > 1:
            return None
        if resigned[-1] in timed_out:
            return Outcome(
                winners=playing, reason=TIMEOUT, text=Msg("web.clock.lost", role=resigned[-1])
            )
        return Outcome(
            winners=playing,
            reason=REASON,
            text=Msg("web.resign.won", role=resigned[-1]),
        )
    winners = [w for w in ruled.winners if w not in resigned]
    if ruled.winners and not winners:
        winners = best(playing, ruled.scores)
    return Outcome(winners=winners, reason=ruled.reason, text=ruled.text, scores=ruled.scores)


def note(role: Role, roles: Sequence[Role], resigned: Sequence[Role]) -> Msg:
    """The log's line for ``role`` resigning, ``resigned`` the seats that gave up so far
    (``role`` the last of them): it ends the match, or a bot plays the seat on."""
    playing = [r for r in roles if r not in resigned]
    key = "web.resign.note_ends" if len(playing) <= 1 else "web.resign.note_bot"
    return Msg(key, role=role)


def best(playing: Sequence[Role], scores: dict[Role, float]) -> list[Role]:
    """The seats of ``playing`` with the highest score (all of them without scores)."""
    scored = [r for r in playing if r in scores]
    if not scored:
        return list(playing)
    top = max(scores[r] for r in scored)
    return [r for r in scored if scores[r] == top]
