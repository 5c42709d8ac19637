"""The ``gameshelf`` command: list, plugins, simulate, play, replay, serve."""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from core.match import Match
from core.plugins import Registry, UnknownAgent, UnknownGame
from core.ruleset import Action, IllegalAction
from core.simulate import simulate as run_simulation

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Gameshelf: board games as plugins, played in a browser or headless.",
)
console = Console()
errors = Console(stderr=True)


def _registry() -> Registry:
    registry = Registry()
    for failure in registry.failures:
        errors.print(f"[yellow]plugin {failure.name} failed to load: {failure.error}[/]")
    return registry


def _game(registry: Registry, game_id: str) -> Any:
    try:
        return registry.game(game_id)
    except UnknownGame as exc:
        errors.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None


# --- list, plugins ------------------------------------------------------------------------


@app.command("list")
def list_games() -> None:
    """Every installed game: title, roles or player range, scenarios."""
    registry = _registry()
    table = Table("game", "title", "players", "scenarios")
    for gid in sorted(registry.games):
        info = registry.games[gid].info
        if info.min_players == info.max_players and len(info.roles) == info.max_players:
            players = ", ".join(info.roles)
        else:
            players = f"{info.min_players}–{info.max_players}"
        table.add_row(gid, info.title, players, ", ".join(sc.id for sc in info.scenarios))
    console.print(table)


@app.command("plugins")
def list_plugins() -> None:
    """Loaded plugins with their version and the hooks they implement."""
    registry = _registry()
    table = Table("plugin", "module", "hooks")
    for name, plugin in sorted(registry.pm.list_name_plugin(), key=lambda p: str(p[0])):
        hooks = sorted(h.name for h in registry.pm.get_hookcallers(plugin) or [])
        module = getattr(plugin, "__name__", type(plugin).__name__)
        table.add_row(str(name), module, ", ".join(hooks))
    for failure in registry.failures:
        table.add_row(failure.name, "[red]failed[/]", failure.error)
    console.print(table)


# --- simulate -----------------------------------------------------------------------------


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id, see `gameshelf list`")],
    scenario: Annotated[str | None, typer.Option(help="scenario id")] = None,
    games: Annotated[int, typer.Option(min=1, help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="seed of the first game (then +1 each)")] = 1,
    players: Annotated[int | None, typer.Option(help="player count")] = None,
    agents: Annotated[str, typer.Option(help="comma list of agent ids, one per seat")] = "random",
    max_steps: Annotated[int | None, typer.Option(help="actions before a game fails")] = None,
    jobs: Annotated[
        int, typer.Option(min=1, help="worker processes (the results do not depend on it)")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object, no bar")] = False,
) -> None:
    """Play many seeded bot games and summarise outcomes, winners and throughput."""
    registry = _registry()
    entry = _game(registry, game)
    try:
        factories = [registry.agent(a.strip()).factory for a in agents.split(",") if a.strip()]
        entry.info.scenario(scenario)
        if players is not None:
            entry.ruleset.roles(players)
    except (UnknownAgent, ValueError) as exc:
        errors.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None
    run = partial(
        run_simulation,
        entry,
        scenario=scenario,
        games=games,
        seed=seed,
        players=players,
        factories=factories,
        max_steps=max_steps,
        jobs=jobs,
    )
    if as_json:
        result = run()
        print(json.dumps(result.to_json()))
    else:
        columns = (
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=errors) as bar:
            task = bar.add_task(f"{game}", total=games)
            result = run(progress=lambda done: bar.update(task, completed=done))
        _print_summary(result)
    if result.errors:
        raise typer.Exit(1)


def _print_summary(result: Any) -> None:
    console.print(
        f"[bold]{result.game}[/] / {result.scenario}: {result.games} games, "
        f"{len(result.errors)} errors"
    )
    for err in result.errors[:20]:
        console.print(f"  [red]seed {err.seed}: {err.error}[/]")
    outcomes = Table("outcome", "count")
    for reason, count in result.outcomes.most_common():
        outcomes.add_row(reason, str(count))
    winners = Table("winner", "count")
    for winner, count in result.winners.most_common():
        winners.add_row(winner, str(count))
    console.print(outcomes, winners)
    console.print(
        f"actions per game: mean {result.mean_actions:.1f}, median {result.median_actions:.0f}"
    )
    console.print(
        f"throughput: {result.games_per_s:.1f} games/s, {result.actions_per_s:,.0f} actions/s"
    )


# --- play ---------------------------------------------------------------------------------


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id")],
    scenario: Annotated[str | None, typer.Option(help="scenario id")] = None,
    seat: Annotated[str | None, typer.Option(help="your role, or 'all' for hot-seat")] = None,
    seed: Annotated[int, typer.Option(help="seed of the game")] = 1,
    players: Annotated[int | None, typer.Option(help="player count")] = None,
    bot: Annotated[str, typer.Option(help="agent id for the other seats")] = "random",
) -> None:
    """Play at the terminal against bots, or hot-seat with --seat all."""
    registry = _registry()
    entry = _game(registry, game)
    match = Match(entry, scenario=scenario, seed=seed, players=players)
    humans = list(match.roles) if seat == "all" else [seat or match.roles[0]]
    unknown = [r for r in humans if r not in match.roles]
    if unknown:
        errors.print(f"[red]no seat {unknown[0]!r}; seats: {', '.join(match.roles)}[/]")
        raise typer.Exit(2)
    factory = registry.agent(bot).factory
    bots = {r: factory(seed + i) for i, r in enumerate(match.roles) if r not in humans}
    seen = 0
    while match.outcome() is None:
        match.play_bots(bots)
        if match.outcome() is not None:
            break
        role = next(r for r in match.active() if r in humans)
        seen = _show_turn(match, role, seen)
        _ask(match, role)
    log = match.state.log
    for line in log[seen:]:
        console.print(f"  {line}")
    outcome = match.outcome()
    assert outcome is not None
    console.print(
        f"[bold]Game over[/]: {outcome.text or outcome.reason} "
        f"(winners: {', '.join(outcome.winners) or 'none, a draw'})"
    )


def _show_turn(match: Match, role: str, seen: int) -> int:
    log = match.state.log
    for line in log[seen:]:
        console.print(f"  {line}")
    view = match.view(role)
    console.rule(f"{role}")
    console.print(f"[bold]{view.get('prompt', '')}[/]")
    for i, action in enumerate(match.actions(role), 1):
        label = action.type if action.arg is None else f"{action.type} {action.arg}"
        console.print(f"  {i:>3}. {label}")
    return len(log)


def _ask(match: Match, role: str) -> None:
    actions = match.actions(role)
    while True:
        answer = console.input(f"{role}> ").strip()
        if answer in ("undo", "u") and match.undoable(role):
            match.undo(role)
            return
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            match.apply(role, actions[int(answer) - 1])
            return
        try:
            typ, _, arg = answer.partition(" ")
            match.apply(role, Action(typ, int(arg) if arg.lstrip("-").isdigit() else arg or None))
            return
        except IllegalAction as exc:
            console.print(f"[red]{exc.reason}[/] Type a number from 1 to {len(actions)}.")


# --- replay -------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="a saved match")],
    check: Annotated[bool, typer.Option("--check", help="re-check every action")] = False,
) -> None:
    """Re-run a saved match (from the conformance kit, the web app or `simulate`)."""
    data = json.loads(file.read_text())
    registry = _registry()
    match = Match.unplayed(data, _game(registry, data["game"]))
    for i, item in enumerate(data.get("history", ())):
        try:
            match.apply(item["role"], {"type": item["type"], "arg": item.get("arg")})
        except IllegalAction as exc:
            errors.print(f"[red]action {i} ({item}) is illegal: {exc.reason}[/]")
            raise typer.Exit(1) from None
        except Exception as exc:
            errors.print(
                f"[red]action {i} ({item}) crashed the rules: {type(exc).__name__}: {exc}[/]"
            )
            raise typer.Exit(1) from None
    if not check:
        for line in match.state.log:
            console.print(line)
    outcome = match.outcome()
    console.print(
        f"{match.seq} actions replayed"
        + (" and checked" if check else "")
        + (
            f"; outcome: {outcome.reason} {outcome.winners}"
            if outcome
            else f"; the game is still running (step {match.state.step})"
        )
    )


# --- serve --------------------------------------------------------------------------------


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="SQLite file (default ./gameshelf.sqlite3)")
    ] = None,
) -> None:
    """Start the web site."""
    from web.server import run

    run(host=host, port=port, db=db)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
