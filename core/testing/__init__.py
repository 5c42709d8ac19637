"""The conformance kit: random seeded games that check a ruleset keeps the contract.

``check_ruleset(ruleset)`` plays seeded random games of every scenario (and player count)
and checks, at every step:

- while the game runs, some role is active and every active role has a legal action;
- every listed action applies (the one chosen is applied through ``apply``);
- refused actions (an unknown type, a listed type with a wrong arg, a non-active role, an
  unknown role, garbage) raise ``IllegalAction`` and leave the state byte-identical;
- views are JSON; a view does not change when what its role may not see is rearranged
  (``Ruleset.shuffle_hidden``): a view that depends on a secret leaks it;
- the log follows the views: after an action that brought no new information, the log
  lines each reader (the acting role, the others, a spectator) reads do not change when
  what it may not see was rearranged before the action, so no line names a hidden thing;
- the state's class is declared with ``@state_model`` (a subclass that forgot it would keep
  its new fields out of the saved JSON) and the state survives a JSON round trip;
- the game ends with an outcome within ``max_steps`` (default ``info.max_actions``), and
  then no role is active and no action is offered;
- an action that shows its role something hidden marks it as new information
  (``Rng.reveal``), so that undo cannot take the action back once the secret was seen;
- the same seed and the same actions give the same states; replaying the saved match
  gives the same final state;
- the bots' path agrees with the checked one: ``to_act`` names an active role with exactly
  its ``actions``, and replaying the game through ``Ruleset.play`` (unchecked) gives the
  same final state as through ``apply``;
- a view lists exactly the role's ``actions`` (``view["actions"]``, grouped by type), and
  among them (``view["interrupts"]``) exactly its ``interrupts``;
- a role the game does not wait for but that has interrupts open to it is sometimes the one
  that acts in the random games, and an interrupt offered to a role is refused to every
  other role it is not offered to;
- a game whose views show a role something of its own (the views of two roles differ in
  the game's part, ``board_view``) declares what it hides (``Ruleset.hidden``, from which
  the core derives ``shuffle_hidden``; or a ``shuffle_hidden`` of its own): with nothing
  declared, the core's shuffle hides only a secret choice's choices;
- every declared hidden part fits the state (``Hidden.check``: its fields are there and
  hold cards, its per-piece lists agree);
- when several roles are active (a simultaneous choice), their choices applied in one order
  and in the reverse order give the same state;
- besides the random games, one game per scenario is played by first-legal bots;
- the same seed and the same bots' picks give the same game in two fresh processes with
  different ``PYTHONHASHSEED`` (one short game, bounded), so no rule hangs on ``hash()``.

The report counts the steps and action types the games reached (:class:`Coverage`), so a
plugin author sees which rules random play never exercised (``KitReport.coverage.table``;
``gameshelf simulate --coverage`` prints the same for bot games).

A failure raises :class:`ConformanceFailure` naming game, scenario, seed and step, and
writes the match (history included) to a JSON file that ``gameshelf replay`` reproduces.

What the kit cannot know: a secret nobody declared. The leak checks deal again what the
ruleset *declares* hidden (``Ruleset.hidden``, a secret choice's choices); a secret kept in
a field no hidden part names stays where it is, so a view that shows it passes them all.
Declaring every secret is the game's part, and its own view tests the second line
(docs/architecture.md §2.8).

The kit is a package by concern: :mod:`.kit` (``check_ruleset``), :mod:`.game` (one game
under check), :mod:`.report` (failures, coverage, the report), :mod:`.states` (telling
states apart), :mod:`.processes` and :mod:`.fresh` (the game in two fresh processes, and the
entry those processes run), :mod:`.refusals` (``assert_refused`` for rule tests).
"""

from __future__ import annotations

from gameshelf.core.testing.kit import check_ruleset
from gameshelf.core.testing.processes import PROCESS_STEPS, check_across_processes
from gameshelf.core.testing.refusals import assert_refused
from gameshelf.core.testing.report import ConformanceFailure, Coverage, KitReport
from gameshelf.core.testing.states import LogDigest, since, unchanged_key

__all__ = [
    "PROCESS_STEPS",
    "ConformanceFailure",
    "Coverage",
    "KitReport",
    "LogDigest",
    "assert_refused",
    "check_across_processes",
    "check_ruleset",
    "since",
    "unchanged_key",
]
