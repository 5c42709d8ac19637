"""RULES §12: how a game ends. Each end is declared where its rule is (``declare_winner`` in
state.py hands the outcome to the core's ``machine.end_game``, once, as it happens), never
recomputed from the board, which the leak check rearranges.

Reason codes: ``vp_20`` (20 VP reached), ``europe_control`` (Control of Europe when it is
scored), ``defcon_1`` (the phasing player set off nuclear war), ``final_scoring`` (after turn
10; a draw at 0 VP), ``wargames`` (Wargames at DEFCON 2: the VP leader once the opponent
has its 6 VP, late_war.py), ``cuban_missile_crisis`` (a coup attempted by the victim of
Cuban Missile Crisis), ``scoring_withheld`` (a scoring card held when a turn ends: its
holder loses, both holding one is a draw, turn.scoring_held)."""

from __future__ import annotations

OUTCOME_REASONS = (
    "vp_20",
    "europe_control",
    "defcon_1",
    "final_scoring",
    "wargames",
    "cuban_missile_crisis",
    "scoring_withheld",
)
