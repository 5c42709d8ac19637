"""RULES §13: a new game of Braveheart, The Bruce or Campaign.

Every block named by the scenario is placed at its strength; the pools are filled; the
King and the French Knights stay out of play where the scenario says so; Wallace and
Moray are dead in The Bruce; then England levies the scenario's number of blocks at
random from its pool into England (Edward may be among them), and the game begins with
the first year's deal (the sequence of play, cards.py).

Options: ``schiltroms`` (the printed optional rule, read by battle.py) and ``last_year``
(0: the scenario's last year; otherwise an earlier last year for a shorter game).
"""

from __future__ import annotations

from collections.abc import Mapping

from gameshelf.plugins.hammer_scots.model import (
    AREA_IX,
    BLOCK_IX,
    DATA_MODEL,
    ENGLAND,
    ENGLISH,
    SCOTTISH,
    ScenarioData,
)
from gameshelf.plugins.hammer_scots.state import (
    DEAD,
    POOL,
    State,
    in_pool,
    machine,
    new_state,
    place,
)


def check_last_year(sc: ScenarioData, last_year: int) -> int | None:
    """The last year of play: the scenario's, or an earlier one chosen as an option."""
    if last_year == 0:
        return sc.last_year
    latest = sc.last_year if sc.last_year is not None else last_year
    if not sc.first_year <= last_year <= latest:
        raise ValueError(
            f"{sc.name} is played from {sc.first_year}"
            f"{f' to {sc.last_year}' if sc.last_year else ''}: "
            f"a last year of {last_year} is not possible"
        )
    return last_year


def deploy(s: State, sc: ScenarioData) -> None:
    """Place the scenario's blocks, fill both pools, bury the dead (RULES §13)."""
    for p in sc.deployment:
        b = BLOCK_IX[p.block]
        place(s, b, AREA_IX[p.area])
        s.strength[b] = p.steps
    for side in (ENGLISH, SCOTTISH):
        for block in sc.pools[side]:
            s.location[BLOCK_IX[block]] = POOL
    for block in sc.dead:
        s.location[BLOCK_IX[block]] = DEAD


def levy(s: State, count: int) -> None:
    """The scenario's opening levy: ``count`` random English pool blocks into England."""
    for b in s.rng.sample(in_pool(s, ENGLISH), count):
        place(s, b, ENGLAND)
    s.announce("hammer_scots.opening_levy", count=count)


def new_game(seed: int, scenario: str, options: Mapping[str, object]) -> State:
    sc = DATA_MODEL.scenario(scenario)
    s = new_state(seed)
    s.scenario = sc.id
    s.first_year = s.year = sc.first_year
    # the options are checked against the game's info first: last_year is a whole number
    s.last_year = check_last_year(sc, int(options.get("last_year", 0)))  # type: ignore[call-overload]
    s.schiltroms = bool(options.get("schiltroms", False))
    s.king_crowned = sc.king_crowned
    deploy(s, sc)
    if s.last_year:
        s.announce(
            "hammer_scots.scenario_years",
            scenario=sc.id,
            year=sc.first_year,
            year_last=s.last_year,
        )
    else:
        s.announce("hammer_scots.scenario_no_end", scenario=sc.id, year=sc.first_year)
    levy(s, sc.levy)
    machine.reset(s, "game")  # RULES §2: the first year is dealt (cards.py)
    return s
