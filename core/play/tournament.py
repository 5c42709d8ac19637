"""Tournaments between agents: every pairing, seats rotated, win rates and OpenSkill ratings.

``gameshelf tournament GAME --agents ismcts:1000,greedy,random --games N`` plays, for every
pair of the agents given, ``N`` games:

- in a game of two players, the two agents take the seats in turn (game ``k`` of a pairing
  seats the first agent in seat ``k mod 2``), so each plays each side as often;
- in a game of more players, the first agent of the pair holds one seat, rotating through the
  seats, and the second agent every other seat (one ISMCTS against two random bots); the
  pairing is played both ways round (``N`` games each way), or only the way given with
  ``one_way`` (``--one-way``: ISMCTS alone against two random bots, never one random bot
  against two searching ones).

Game ``k`` of a pairing uses seed ``seed + k`` (the same deals for every pairing) and each
seat's bot is seeded from the game's seed and the seat. A game still going after
``max_actions`` actions (default: the game's ``GameInfo.max_actions``) is stopped and
counted as a draw, its seed listed under ``unfinished``: two bots may settle into moves
that never end the game (one leading and keeping things as they are, the other with
nothing left to play), a result of the pairing, not a failure of the runner. An agent's
``wins`` are the games one of its seats won (a shared win counts); a draw is no win.
``win_rate`` is ``wins / games``, ``ci95`` its 95% Wilson score interval. Each agent's
thinking is clocked in CPU seconds (the process's own time, so a loaded machine does not
inflate it): ``seconds_per_decision`` is the mean over its decisions of two or more
options, ``longest_decision`` the longest. The ``rating`` is OpenSkill's (Plackett-Luce,
the ``openskill`` library): every game rates the agents at the table, each as a team of
one, winners first; the rating given is its ordinal (mu - 3 sigma), with mu and sigma
beside it.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from gameshelf.core.bots.agents import Agent
from gameshelf.core.engine.rng import seed_from
from gameshelf.core.play.match import Match
from gameshelf.core.registry.plugins import Game, Registry

AgentFactory = Callable[[int], Agent]
UNFINISHED = "action_limit"  # the reason of a game stopped at the action limit (a draw)
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def parse_agents(registry: Registry, game_id: str, specs: str) -> dict[str, AgentFactory]:
    """``"ismcts:1000,greedy,random"`` as a factory per spec as written (``id`` or
    ``id:param``); ``UnknownAgent`` or ``ValueError`` for what is not an agent of the game,
    and for a spec given twice."""
    factories: dict[str, AgentFactory] = {}
    for text in (part.strip() for part in specs.split(",")):
        if not text:
            continue
        if text in factories:
            raise ValueError(f"the agent {text!r} is given twice")
        agent_id, _, param = text.partition(":")
        spec = registry.agent(agent_id, game_id)
        factories[text] = spec.factory_for(param or None)
    if len(factories) < 2:
        raise ValueError("a tournament needs at least two agents")
    return factories


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate of ``wins`` in ``games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Table:
    """One game to play: the pairing's index, the seed, and the agent spec of each seat."""

    pairing: int
    seed: int
    seats: tuple[str, ...]


@dataclass
class Played:
    """One game played: its table, the agent specs that won, how it ended, its length."""

    table: Table
    winners: tuple[str, ...]
    reason: str
    actions: int
    error: str | None = None
    clock: dict[str, tuple[int, float, float]] = field(default_factory=dict)
    """Each agent spec's decisions (of two or more options), CPU seconds and longest one."""


class _Clocked:
    """An agent whose decisions of two or more options are clocked in CPU seconds; what
    else it offers (``interrupt``) is its agent's."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.decisions = 0
        self.seconds = 0.0
        self.longest = 0.0

    def choose(self, observation: Any, actions: Sequence[Any]) -> Any:
        start = time.process_time()
        choice = self.agent.choose(observation, actions)
        if len(actions) > 1:
            spent = time.process_time() - start
            self.decisions += 1
            self.seconds += spent
            self.longest = max(self.longest, spent)
        return choice

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)


@dataclass
class Standing:
    games: int = 0
    wins: int = 0
    draws: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class TournamentResult:
    game: str
    scenario: str
    players: int
    agents: list[str]
    pairings: list[tuple[str, str]]
    played: list[Played] = field(default_factory=list)
    seconds: float = 0.0

    def standings(self, pairing: int | None = None) -> dict[str, Standing]:
        """Each agent's games, wins and draws (in one pairing, or in all)."""
        out = {spec: Standing() for spec in self.agents}
        for game in self.played:
            if game.error is not None or (pairing is not None and game.table.pairing != pairing):
                continue
            for spec in set(game.table.seats):
                out[spec].games += 1
                if spec in game.winners:
                    out[spec].wins += 1
                elif not game.winners:
                    out[spec].draws += 1
        return out

    def clock(self) -> dict[str, tuple[int, float, float]]:
        """Each agent's decisions, CPU seconds a decision (mean) and longest decision."""
        out = {}
        for spec in self.agents:
            times = [g.clock[spec] for g in self.played if spec in g.clock]
            decisions = sum(t[0] for t in times)
            seconds = sum(t[1] for t in times)
            longest = max((t[2] for t in times), default=0.0)
            out[spec] = (decisions, seconds / decisions if decisions else 0.0, longest)
        return out

    def ratings(self) -> dict[str, tuple[float, float, float]]:
        """Each agent's OpenSkill rating: (ordinal, mu, sigma), games rated in seed order."""
        model = PlackettLuce()
        rating = {spec: model.rating(name=spec) for spec in self.agents}
        for game in sorted(self.played, key=lambda g: (g.table.pairing, g.table.seed)):
            if game.error is not None:
                continue
            at_table = sorted(set(game.table.seats), key=self.agents.index)
            teams = [[rating[spec]] for spec in at_table]
            ranks = [1.0 if spec in game.winners or not game.winners else 2.0 for spec in at_table]
            for spec, (new,) in zip(at_table, model.rate(teams, ranks=ranks), strict=True):
                rating[spec] = new
        return {
            spec: (float(r.ordinal()), float(r.mu), float(r.sigma)) for spec, r in rating.items()
        }

    @property
    def errors(self) -> list[Played]:
        return [g for g in self.played if g.error is not None]

    def to_json(self) -> dict[str, Any]:
        standings, ratings, clock = self.standings(), self.ratings(), self.clock()
        agents = {}
        for spec in self.agents:
            mine = standings[spec]
            low, high = wilson(mine.wins, mine.games)
            ordinal, mu, sigma = ratings[spec]
            decisions, per_decision, longest = clock[spec]
            agents[spec] = {
                "games": mine.games,
                "wins": mine.wins,
                "draws": mine.draws,
                "win_rate": round(mine.win_rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "rating": round(ordinal, 3),
                "mu": round(mu, 3),
                "sigma": round(sigma, 3),
                "decisions": decisions,
                "seconds_per_decision": round(per_decision, 4),
                "longest_decision": round(longest, 4),
            }
        pairings = []
        for i, (first, second) in enumerate(self.pairings):
            s = self.standings(i)
            games = s[first].games
            low, high = wilson(s[first].wins, games)
            pairings.append(
                {
                    "agents": [first, second],
                    "games": games,
                    "wins": [s[first].wins, s[second].wins],
                    "draws": s[first].draws,
                    "win_rate": round(s[first].win_rate, 4),
                    "ci95": [round(low, 4), round(high, 4)],
                }
            )
        lengths = [g.actions for g in self.played if g.error is None]
        return {
            "game": self.game,
            "scenario": self.scenario,
            "players": self.players,
            "games": len(self.played),
            "errors": [{"seed": g.table.seed, "error": g.error} for g in self.errors],
            "unfinished": [g.table.seed for g in self.played if g.reason == UNFINISHED],
            "agents": agents,
            "pairings": pairings,
            "mean_actions": round(sum(lengths) / len(lengths), 1) if lengths else 0.0,
            "seconds": round(self.seconds, 1),
        }


def schedule(
    agents: Sequence[str], players: int, games: int, seed: int, one_way: bool = False
) -> tuple[list[tuple[str, str]], list[Table]]:
    """The pairings and the tables of a tournament (see the module)."""
    pairings: list[tuple[str, str]] = []
    tables: list[Table] = []
    for first, second in combinations(agents, 2):
        both = players > 2 and not one_way
        ways = [(first, second), (second, first)] if both else [(first, second)]
        for lone, rest in ways:
            index = len(pairings)
            pairings.append((lone, rest))
            for k in range(games):
                seats = [rest] * players
                seats[k % players] = lone
                tables.append(Table(index, seed + k, tuple(seats)))
    return pairings, tables


@dataclass
class _Run:
    """What every game of a tournament shares; ``play`` plays one table."""

    game: Game
    scenario: str | None
    players: int
    factories: dict[str, AgentFactory]
    max_actions: int

    def play(self, table: Table) -> Played:
        match = Match(self.game, scenario=self.scenario, seed=table.seed, players=self.players)
        agents = {
            role: _Clocked(self.factories[spec](seed_from("tournament", table.seed, i)))
            for i, (role, spec) in enumerate(zip(match.roles, table.seats, strict=True))
        }
        seat_of = dict(zip(match.roles, table.seats, strict=True))
        try:
            match.play_bots(agents, limit=self.max_actions)
            outcome = match.outcome()
            if outcome is None and match.seq >= self.max_actions:
                return Played(table, (), UNFINISHED, match.seq, clock=_clock(agents, seat_of))
            if outcome is None:
                raise RuntimeError(f"no outcome after {match.seq} actions")
        except Exception as exc:  # a failed game is reported, the others go on
            return Played(table, (), "", match.seq, f"{type(exc).__name__}: {exc}")
        winners = tuple(sorted({seat_of[role] for role in outcome.winners}))
        return Played(table, winners, outcome.reason, match.seq, clock=_clock(agents, seat_of))


def _clock(
    agents: dict[Any, _Clocked], seat_of: dict[Any, str]
) -> dict[str, tuple[int, float, float]]:
    """Each agent spec's decisions, CPU seconds and longest decision in one game."""
    out: dict[str, tuple[int, float, float]] = {}
    for role, agent in agents.items():
        decisions, seconds, longest = out.get(seat_of[role], (0, 0.0, 0.0))
        out[seat_of[role]] = (
            decisions + agent.decisions,
            seconds + agent.seconds,
            max(longest, agent.longest),
        )
    return out


_SHARED: _Run | None = None  # the run a forked worker inherits


def _play_shared(table: Table) -> Played:
    assert _SHARED is not None, "a tournament worker started without its run"
    return _SHARED.play(table)


def tournament(
    game: Game,
    agents: dict[str, AgentFactory],
    *,
    scenario: str | None = None,
    players: int | None = None,
    games: int = 100,
    seed: int = 1,
    jobs: int = 1,
    max_actions: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    one_way: bool = False,
) -> TournamentResult:
    """Play the tournament (see the module); ``progress(done, total)`` after each game."""
    count = players if players is not None else game.info.min_players
    game.ruleset.roles(count)  # a player count the game does not take is refused here
    scenario_id = game.info.scenario(scenario).id
    pairings, tables = schedule(list(agents), count, games, seed, one_way)
    limit = max_actions if max_actions is not None else game.info.max_actions
    run = _Run(game, scenario, count, agents, limit)
    result = TournamentResult(game.id, scenario_id, count, list(agents), pairings)
    started = time.perf_counter()
    if jobs <= 1:
        for table in tables:
            result.played.append(run.play(table))
            if progress is not None:
                progress(len(result.played), len(tables))
    else:
        result.played = _in_processes(run, tables, jobs, progress)
    result.seconds = time.perf_counter() - started
    return result


def _in_processes(
    run: _Run, tables: list[Table], jobs: int, progress: Callable[[int, int], None] | None
) -> list[Played]:
    if "fork" not in multiprocessing.get_all_start_methods():
        raise ValueError("running games in several processes needs fork (Linux, macOS)")
    global _SHARED
    _SHARED = run
    played: list[Played] = []
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for game in pool.imap(_play_shared, tables):
                played.append(game)
                if progress is not None:
                    progress(len(played), len(tables))
    finally:
        _SHARED = None
    return played
