"""What the kit reports: a failure (with the saved match), the coverage of the steps and
action types the games reached, and the counts of a run."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gameshelf.core.engine.procedure import Procedure
from gameshelf.core.engine.ruleset import (
    Action,
    Ruleset,
)
from gameshelf.core.play.match import Match


class ConformanceFailure(AssertionError):
    """A ruleset broke the contract; the message says where, ``path`` has the match."""

    def __init__(self, message: str, path: Path | None) -> None:
        super().__init__(message + (f"\n  match saved to {path}" if path else ""))
        self.path = path


@dataclass
class Coverage:
    """Which steps the decisions of some games were taken at, and which action types."""

    steps: Counter[str] = field(default_factory=Counter)
    types: Counter[str] = field(default_factory=Counter)

    def record(self, step: str, action: Action) -> None:
        self.steps[step] += 1
        self.types[action.type] += 1

    def update(self, other: Coverage) -> None:
        self.steps.update(other.steps)
        self.types.update(other.types)

    @classmethod
    def of_match(cls, match: Match) -> Coverage:
        """The coverage of a played match, from its history (replayed, unchecked)."""
        coverage = cls()
        again = match.restarted()
        for entry in match.history:
            coverage.record(again.state.step, entry.action)
            again.ruleset.play(again.state, entry.role, entry.action)
        return coverage

    def never_reached(self, ruleset: Ruleset[Any]) -> list[str]:
        """The steps of a step machine at which no decision was taken, procedures left out
        (they only call steps); a step that never waits (the end of the game) is listed."""
        machine = getattr(ruleset, "machine", None)
        if machine is None:
            return []
        return sorted(
            name
            for name in machine.steps
            if name not in self.steps and not isinstance(machine[name], Procedure)
        )

    def table(self, ruleset: Ruleset[Any] | None = None) -> str:
        """The coverage as text: decisions per step and per action type, most first, then
        the steps never reached (with ``ruleset``, from its step machine)."""
        lines = ["decisions per step:"]
        lines += [f"  {n:>8}  {step}" for step, n in self.steps.most_common()]
        lines.append("actions per type:")
        lines += [f"  {n:>8}  {typ}" for typ, n in self.types.most_common()]
        if ruleset is not None:
            missing = self.never_reached(ruleset)
            lines.append(f"steps with no decision ({len(missing)}): {', '.join(missing) or '-'}")
        return "\n".join(lines)


@dataclass
class KitReport:
    games: int = 0
    actions: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)  # of the random games
    # Random games checked for their first ``follow`` actions only (check_ruleset), unended.
    followed: int = 0
    # The first-legal bots' game of each scenario: its outcome's reason, by scenario.
    first_legal: dict[str, str] = field(default_factory=dict)
    coverage: Coverage = field(default_factory=Coverage)  # of every game played
