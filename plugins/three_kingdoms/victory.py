"""How the game ends (seed §3, DESIGN §7.15–§7.17, §7.24).

- 霸主 hegemon: a player who makes a rival lose all its money (``hegemony_money``) or its last
  land (``hegemony_land``) wins at once;
- 建國 founding a state: a player holding 30,000 or more wins at once (``founding``);
- the digital safety valve ``round_limit``: when the last round is over the richest player
  wins, ties broken by more lands, else a draw (``round_limit``).
"""

from __future__ import annotations

from gameshelf.core.engine.ruleset import Outcome
from gameshelf.core.i18n.messages import Msg, Param
from gameshelf.plugins.three_kingdoms.model import N
from gameshelf.plugins.three_kingdoms.state import Seat, TKState, lands_of, machine

# Each way of winning: the log line that ends the game, and the outcome's text.
REASONS = {
    "hegemony_money": (
        "three_kingdoms.won_hegemony_money",
        "three_kingdoms.outcome_hegemony_money",
    ),
    "hegemony_land": ("three_kingdoms.won_hegemony_land", "three_kingdoms.outcome_hegemony_land"),
    "founding": ("three_kingdoms.won_founding", "three_kingdoms.outcome_founding"),
    "round_limit": ("three_kingdoms.won_round_limit", "three_kingdoms.outcome_round_limit"),
}


def reason_msg(s: TKState, seat: Seat, reason: str, which: int) -> Msg:
    """The log line (``which`` 0) or outcome text (1) of ``seat`` winning for ``reason``."""
    # founding a state says the sum it takes
    amount: dict[str, Param] = {"amount": N.win_money} if reason == "founding" else {}
    return Msg(REASONS[reason][which], lord=s.lord[seat], **amount)


def declare_winner(s: TKState, seat: Seat | None, reason: str) -> None:
    """End the game at once: nothing of the turn in progress happens any more
    (``StepMachine.end_game``). ``seat`` ``None``: a draw."""
    if seat is None:
        line, text = Msg("three_kingdoms.draw_round_limit"), Msg("three_kingdoms.outcome_draw")
    else:
        line, text = reason_msg(s, seat, reason, 0), reason_msg(s, seat, reason, 1)
    ended = Outcome(
        winners=[seat] if seat else [],
        reason=reason,
        text=text,
        scores={p: float(s.money[p]) for p in s.seats},
    )
    machine.end_game(s, ended, line=line)


def check_founding(s: TKState, seat: Seat) -> None:
    """DESIGN §7.17: only cash counts, checked whenever money changes."""
    if s.money.cash.get(seat, 0) >= N.win_money:  # s.money[seat] without a Python call
        declare_winner(s, seat, "founding")


def check_last_land(s: TKState, attacker: Seat, defender: Seat) -> None:
    """DESIGN §7.16: a land is only lost to a siege; taking the last one makes a hegemon."""
    if defender not in s.owner.values():  # no land left
        declare_winner(s, attacker, "hegemony_land")


def round_limit_reached(s: TKState) -> None:
    """DESIGN §7.24: the richest wins; ties go to more lands, then it is a draw."""
    best = max((s.money[p], len(lands_of(s, p))) for p in s.seats)
    leaders = [p for p in s.seats if (s.money[p], len(lands_of(s, p))) == best]
    declare_winner(s, leaders[0] if len(leaders) == 1 else None, "round_limit")
