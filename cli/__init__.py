"""The ``gameshelf`` command: list, plugins, simulate, tournament, play, replay, serve.

It sits above the core and the web app (docs/architecture.md §1): it reads games through
the core's registry and starts or opens the site with ``gameshelf.web``, so it is a package
of its own, ``gameshelf.cli`` (the folder ``cli/``), not a part of the core. Its messages
are ``cli.*``, in its own catalogs (``cli/locale``); ``gameshelf new`` writes a plugin from
``cli/plugin_template`` (``cli/scaffold.py``)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Callable, Coroutine, Iterable
from functools import partial
from pathlib import Path
from typing import Annotated, Any, Protocol, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from gameshelf.cli.scaffold import Refused, write_plugin
from gameshelf.core.engine.reveal import merge_views
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.i18n.messages import Msg, negotiate, register_domain, render, render_view
from gameshelf.core.i18n.messages import text as message_text
from gameshelf.core.play import text
from gameshelf.core.play.match import Match
from gameshelf.core.play.tournament import parse_agents
from gameshelf.core.play.tournament import tournament as run_tournament
from gameshelf.core.registry.plugins import Registry, UnknownAgent, UnknownGame
from gameshelf.core.testing.simulate import simulate as run_simulation

register_domain("cli", Path(__file__).parent / "locale")

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Gameshelf: board games as plugins, played in a browser or headless.",
)
console = Console()
errors = Console(stderr=True, soft_wrap=True)


class _Result(Protocol):
    """What a long command's run gives back: it can say itself as JSON (``--json``)."""

    def to_json(self) -> dict[str, Any]: ...


T = TypeVar("T")
R = TypeVar("R", bound=_Result)
PALETTE = ("red", "blue", "green", "yellow", "magenta")  # the seats' colours in the log


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


def progress_bar() -> Progress:
    """The bar of a long run (simulate, tournament): games done of all, time left."""
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    return Progress(*columns, console=errors)


def _agents(entry: Any, scenario: str | None, players: int | None, make: Callable[[], T]) -> T:
    """The agents ``make()`` reads from the command line, once the game knows them, the
    scenario and the player count; the first that it does not is said, and the command
    exits with status 2."""
    try:
        made = make()
        entry.info.scenario(scenario)
        if players is not None:
            entry.ruleset.roles(players)
    except (UnknownAgent, ValueError) as exc:
        errors.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None
    return made


def _run(run: Callable[..., R], as_json: bool, title: str, total: int | None) -> R:
    """``run()`` of a long command (simulate, tournament): with ``--json`` its result
    printed as one JSON object, else behind a progress bar (``run`` reports the games
    done, and the tournament the games in all as well)."""
    if as_json:
        result = run()
        print(json.dumps(result.to_json()))
        return result
    with progress_bar() as bar:
        task = bar.add_task(title, total=total)

        def progress(done: int, of: int | None = total) -> None:
            bar.update(task, completed=done, total=of)

        return run(progress=progress)


# --- list, plugins ------------------------------------------------------------------------


LangOption = Annotated[
    str | None, typer.Option("--lang", help="en or zh-TW (default: the locale, LC_ALL or LANG)")
]


def reading(lang: str | None) -> str:
    """The language a command writes in: ``--lang``, else the locale's (LC_ALL, LANG)."""
    return negotiate(lang or os.environ.get("LC_ALL") or os.environ.get("LANG"))


def say(lang: str, msgid: str, ruleset: Any = None, **args: Any) -> str:
    """A message of the command line (``cli.*``) in ``lang``; parameters naming a
    game's things (game, scenario, role) are named by ``ruleset`` when one is given."""
    namer = ruleset.namer() if ruleset is not None else None
    game = ruleset.info.id if ruleset is not None else None
    return render(Msg(f"cli.{msgid}", **args), lang, namer, game)


def thing(ruleset: Any, kind: str, thing_id: str, lang: str, fallback: str) -> str:
    """A game's thing (its title, a scenario, a role) in ``lang``: by the game's ``name``
    hook, else its catalog's ``<game>.<kind>.<id>`` message, else ``fallback``."""
    said = ruleset.name(kind, thing_id, lang)
    said = said or message_text(f"{ruleset.info.id}.{kind}.{thing_id}", lang)
    return said or fallback


def typed(ruleset: Any, kind: str, thing_id: str, fallback: str, lang: str) -> str:
    """An id one types (a seat, a scenario), with its name beside it in Chinese."""
    if lang == "en":
        return thing_id
    return say(lang, "id_named", id=thing_id, name=thing(ruleset, kind, thing_id, lang, fallback))


@app.command("list")
def list_games(lang: LangOption = None) -> None:
    """Every installed game: title, roles or player range, scenarios."""
    lang = reading(lang)
    registry = _registry()
    columns = ("col_game", "col_title", "col_players", "col_scenarios")
    table = Table()
    for column in columns:  # a narrow terminal folds a cell, never cuts it
        table.add_column(say(lang, column), overflow="fold")
    for gid in sorted(registry.games):
        entry = registry.games[gid]
        info, rules = entry.info, entry.ruleset
        comma = say(lang, "comma")
        if info.min_players == info.max_players and len(info.roles) == info.max_players:
            players = comma.join(typed(rules, "role", r, r, lang) for r in info.roles)
        else:
            players = f"{info.min_players}–{info.max_players}"
        scenarios = comma.join(
            typed(rules, "scenario", sc.id, sc.title, lang) for sc in info.scenarios
        )
        table.add_row(gid, thing(rules, "game", gid, lang, info.title), players, scenarios)
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
    save: Annotated[
        Path | None,
        typer.Option(file_okay=False, help="write every game's file in this folder"),
    ] = None,
    coverage: Annotated[
        bool,
        typer.Option("--coverage", help="also count the steps and action types the games reached"),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Play many seeded bot games and summarise outcomes, winners and throughput."""
    lang = reading(lang)
    registry = _registry()
    entry = _game(registry, game)
    factories = _agents(
        entry,
        scenario,
        players,
        lambda: [
            registry.agent(a.strip(), entry.info.id).factory for a in agents.split(",") if a.strip()
        ],
    )
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
        save=save,
        coverage=coverage,
    )
    result = _run(run, as_json, game, total=games)
    if not as_json:
        _print_summary(result, entry.ruleset, lang)
        if result.coverage is not None:
            console.print(result.coverage.table(entry.ruleset), markup=False, highlight=False)
    if save is not None and not as_json:
        console.print(say(lang, "saved_in", folder=str(save)), markup=False, highlight=False)
    if result.errors:
        raise typer.Exit(1)


def _print_summary(result: Any, ruleset: Any, lang: str) -> None:
    """The results of ``simulate`` in ``lang``: games and errors, outcomes by reason,
    winners by the game's name for each seat, actions a game and throughput."""
    head = say(
        lang,
        "summary",
        ruleset,
        game=result.game,
        scenario=result.scenario,
        count=result.games,
        errors=len(result.errors),
    )
    console.print(head, style="bold", markup=False, highlight=False)
    for err in result.errors[:20]:
        console.print(
            "  " + say(lang, "seed_error", seed=err.seed, error=str(err.error)),
            style="red",
            markup=False,
            highlight=False,
        )
    outcomes = Table(say(lang, "col_outcome"), say(lang, "col_count"))
    for reason, count in result.outcomes.most_common():
        outcomes.add_row(thing(ruleset, "reason", reason, lang, reason), str(count))
    winners = Table(say(lang, "col_winner"), say(lang, "col_count"))
    for winner, count in result.winners.most_common():
        if winner == "draw":
            winners.add_row(say(lang, "draw"), str(count))
        else:
            winners.add_row(thing(ruleset, "role", winner, lang, winner), str(count))
    console.print(outcomes, winners)
    mean, median = f"{result.mean_actions:.1f}", f"{result.median_actions:.0f}"
    console.print(say(lang, "actions_per_game", mean=mean, median=median), highlight=False)
    speed = say(
        lang,
        "throughput",
        games_per_s=f"{result.games_per_s:.1f}",
        actions_per_s=f"{result.actions_per_s:,.0f}",
    )
    console.print(speed, highlight=False)


# --- tournament ---------------------------------------------------------------------------


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="game id, see `gameshelf list`")],
    agents: Annotated[
        str,
        typer.Option(help="comma list of agent specs: id or id:param (ismcts:1000, ismcts:500ms)"),
    ] = "ismcts:1000,greedy,random",
    scenario: Annotated[str | None, typer.Option(help="scenario id")] = None,
    players: Annotated[int | None, typer.Option(help="player count")] = None,
    games: Annotated[int, typer.Option(min=1, help="games per pairing")] = 100,
    seed: Annotated[int, typer.Option(help="seed of each pairing's first game (then +1)")] = 1,
    jobs: Annotated[
        int, typer.Option(min=1, help="worker processes (the results do not depend on it)")
    ] = 1,
    max_actions: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="stop a game still going after this many actions and count it a draw "
            "(default: the game's own limit)",
        ),
    ] = None,
    one_way: Annotated[
        bool,
        typer.Option(
            "--one-way",
            help="three or more players: only the first agent of a pair sits alone "
            "(against the other in every other seat), not also the other way round",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object, no bar")] = False,
    lang: LangOption = None,
) -> None:
    """Play every pairing of the agents, seats rotated: win rates, 95% CIs, OpenSkill ratings."""
    lang = reading(lang)
    registry = _registry()
    entry = _game(registry, game)
    factories = _agents(
        entry, scenario, players, lambda: parse_agents(registry, entry.info.id, agents)
    )
    run = partial(
        run_tournament,
        entry,
        factories,
        scenario=scenario,
        players=players,
        games=games,
        seed=seed,
        jobs=jobs,
        max_actions=max_actions,
        one_way=one_way,
    )
    result = _run(run, as_json, game, total=None)
    if not as_json:
        _print_tournament(result.to_json(), entry.ruleset, lang)
    if result.errors:
        raise typer.Exit(1)


def _print_tournament(result: dict[str, Any], ruleset: Any, lang: str) -> None:
    """A tournament's results in ``lang``: each agent's standing, then each pairing's."""
    head = say(
        lang,
        "tournament_summary",
        ruleset,
        game=result["game"],
        scenario=result["scenario"],
        count=result["games"],
        errors=len(result["errors"]),
    )
    console.print(head, style="bold", markup=False, highlight=False)
    for err in result["errors"][:20]:
        line = say(lang, "seed_error", seed=err["seed"], error=str(err["error"]))
        console.print("  " + line, style="red", markup=False, highlight=False)
    if result["unfinished"]:
        seeds = ", ".join(map(str, result["unfinished"]))
        line = say(lang, "unfinished", count=len(result["unfinished"]), seeds=seeds)
        console.print(line, markup=False, highlight=False)
    heads = ("col_agent", "col_games", "col_wins", "col_win_rate", "col_ci95", "col_rating")
    standings = Table(*(say(lang, h) for h in (*heads, "col_thinking")))
    for spec, row in result["agents"].items():
        low, high = row["ci95"]
        standings.add_row(
            escape(spec),
            str(row["games"]),
            str(row["wins"]),
            f"{row['win_rate']:.1%}",
            f"{low:.1%}–{high:.1%}",
            f"{row['rating']:.2f}",
            f"{row['seconds_per_decision']:.3f}",
        )
    columns = ("col_pairing", "col_games", "col_wins", "col_win_rate", "col_ci95")
    pairings = Table(*(say(lang, h) for h in columns))
    for row in result["pairings"]:
        low, high = row["ci95"]
        first, second = row["agents"]
        pairings.add_row(
            escape(say(lang, "versus", first=first, second=second)),
            str(row["games"]),
            f"{row['wins'][0]}–{row['wins'][1]}",
            f"{row['win_rate']:.1%}",
            f"{low:.1%}–{high:.1%}",
        )
    console.print(standings, pairings)
    if result["players"] > 2:
        console.print(say(lang, "lone_seat"), markup=False, highlight=False)


# --- play ---------------------------------------------------------------------------------


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game id (not with --resume)")] = None,
    scenario: Annotated[str | None, typer.Option(help="scenario id")] = None,
    seat: Annotated[str | None, typer.Option(help="your role, or 'all' for hot-seat")] = None,
    seed: Annotated[int, typer.Option(help="seed of the game")] = 1,
    players: Annotated[int | None, typer.Option(help="player count")] = None,
    bot: Annotated[str, typer.Option(help="agent id for the other seats")] = "random",
    save: Annotated[
        Path | None, typer.Option(help="keep the game in this file, written after every move")
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(exists=True, dir_okay=False, help="go on with a saved game file"),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play at the terminal against bots, or hot-seat with --seat all.

    Before each of your decisions: what happened since your last one, the board as your
    seat sees it, the prompt and numbered choices. Type a number (or the choice's name),
    `undo` to take back your last move while the rules allow it. Ctrl-C offers to save.
    """
    READING[0] = reading(lang)
    registry = _registry()
    if resume is not None:
        data = _read_game_file(resume)
        entry = _game(registry, str(data.get("game")))
        try:
            match = Match.from_json(data, entry)
        except (IllegalAction, ValueError, KeyError) as exc:
            errors.print(f"[red]{resume} does not replay: {exc}[/]")
            raise typer.Exit(2) from None
        seed = match.seed
        save = save or resume
    else:
        if game is None:
            errors.print("[red]name a game (see `gameshelf list`) or give --resume FILE[/]")
            raise typer.Exit(2)
        entry = _game(registry, game)
        try:
            match = Match(entry, scenario=scenario, seed=seed, players=players)
        except ValueError as exc:
            errors.print(f"[red]{exc}[/]")
            raise typer.Exit(2) from None
    humans = list(match.roles) if seat == "all" else [seat or match.roles[0]]
    unknown = [r for r in humans if r not in match.roles]
    if unknown:
        errors.print(f"[red]no seat {unknown[0]!r}; seats: {', '.join(match.roles)}[/]")
        raise typer.Exit(2)
    try:
        factory = registry.agent(bot, match.game_id).factory
    except UnknownAgent as exc:
        errors.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None
    bots = {r: factory(seed + i) for i, r in enumerate(match.roles) if r not in humans}
    seats = [
        {
            "role": r,
            "kind": "human" if r in humans else "bot",
            "agent": None if r in humans else bot,
        }
        for r in match.roles
    ]
    table = _Terminal(match, humans, seats, save)
    try:
        table.run(bots)
    except (KeyboardInterrupt, EOFError):
        console.print()
        table.offer_to_save()
        raise typer.Exit(130) from None
    table.finish()


class _Terminal:
    """One game at the terminal: whose turn, what each human has seen, the game file."""

    def __init__(
        self, match: Match, humans: list[str], seats: list[dict[str, Any]], save: Path | None
    ) -> None:
        self.match = match
        self.humans = humans
        self.seats = seats
        self.save = save
        self.seen = {role: 0 for role in humans}  # log lines each human has been shown
        self.last: str | None = None  # the human who acted last (hot-seat hand-over)
        # The log's headings: the line where each year, turn or round begins, as the game
        # says where it stands (core.play.text.place) after each action.
        self.sections: dict[int, Msg | str] = {}
        self.place: Msg | str | None = None
        self.note(0 if match.seq == 0 else len(match.state.log))
        match.observers.append(self.observe)
        self.styles: dict[str, str] | None = None  # a seat's name -> its colour in the log

    def note(self, line: int) -> None:
        place = text.place(self.match.ruleset, self.match.view(None))
        if place and place != self.place:
            self.sections[line] = place
        self.place = place

    def observe(self, match: Match, event: Any) -> None:
        if event.kind == "undo":
            length = len(match.state.log)
            self.sections = {n: p for n, p in self.sections.items() if n <= length}
            self.place = self.sections[max(self.sections)] if self.sections else None
        self.note(len(match.state.log))

    def print_log(self, lines: list[str], start: int) -> None:
        """Log lines from line ``start`` on: a heading where a year, turn or round begins,
        a line that starts with a seat's name in that seat's colour."""
        if self.styles is None:
            view = self.match.view(None)
            lang = READING[0]
            names = [text.role_name(self.match.ruleset, r, view, lang) for r in self.match.roles]
            self.styles = {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(names)}
        for i, line in enumerate(lines, start):
            if i in self.sections:
                heading = render(self.sections[i], READING[0], self.match.ruleset.namer())
                console.print(f"  [bold]── {escape(heading)} ──[/]", highlight=False)
            style = next((s for n, s in self.styles.items() if line.startswith(n)), None)
            console.print(f"  {line}", style=style, markup=False, highlight=False)

    def run(self, bots: dict[str, Any]) -> None:
        match = self.match
        while match.outcome() is None:
            match.play_bots(bots)
            if match.outcome() is not None:
                break
            role = next(r for r in match.active() if r in self.humans)
            if len(self.humans) > 1 and role != self.last:
                self.hand_over(role)
            self.show(role)
            self.ask(role)
            self.last = role
            if self.save is not None:
                self.write(self.save)

    def name(self, role: str) -> str:
        said = text.role_name(self.match.ruleset, role, self.match.view(None), READING[0])
        return escape(said if said == role else f"{said} ({role})")

    def hand_over(self, role: str) -> None:
        """Hot-seat: the next seat's hand appears only once its player says so; the screen
        is cleared, its scrollback too (where the terminal knows how), so the last seat's
        hand cannot be scrolled back to."""
        clear_screen()
        lang = READING[0]
        console.rule(f"[bold]{say(lang, 'pass_the_device', who=self.name(role))}[/]")
        console.input(say(lang, "press_enter", who=self.name(role)))
        clear_screen()

    def show(self, role: str) -> None:
        match, lang = self.match, READING[0]
        view = rendered_view(match, role)
        log = view.get("log") or []
        new = log[self.seen[role] :]
        if new:
            title = "since_your_last_move" if self.seen[role] else "the_game_so_far"
            console.rule(f"[dim]{escape(say(lang, title, count=len(new)))}[/]")
            self.print_log(new, self.seen[role])
        self.seen[role] = len(log)
        board = text.draw(match.ruleset, view, lang)
        if board is not None:
            console.rule(say(lang, "board_as_you_see_it", who=f"[bold]{self.name(role)}[/]"))
            console.print(board)
        said = text.place(match.ruleset, view)
        place = render(said, READING[0], match.ruleset.namer()) if said else ""
        console.rule(f"[bold]{self.name(role)}[/]" + (f" · {escape(place)}" if place else ""))
        console.print(f"[bold]{escape(view.get('prompt', ''))}[/]", highlight=False)
        actions = match.actions(role)
        labels = [text.label(match.ruleset, a, view, lang) for a in actions]
        groups = choice_groups(labels)
        width = 4 if len(groups) == len(labels) else 8  # "12." or "101-104."
        for first, last in groups:
            said = labels[first]
            where = f"{first + 1}." if last == first else f"{first + 1}-{last + 1}."
            if last != first:  # a long list: the same choice at several places
                said += " " + say(lang, "same_choice", count=last - first + 1)
            console.print(f"  {where:>{width}} {said}", markup=False, highlight=False)
        if match.undoable(role):
            console.print("       " + say(lang, "undo_hint"), style="dim", markup=False)

    def ask(self, role: str) -> None:
        match = self.match
        actions = match.actions(role)
        view = match.view(role)
        lang = READING[0]
        names: dict[str, Action] = {}
        for a in actions:  # a name said of several choices picks the first of them
            names.setdefault(text.label(match.ruleset, a, view, lang).casefold(), a)
        complete_with(text.label(match.ruleset, a, view, lang) for a in actions)
        while True:
            answer = console.input(f"{self.name(role)}> ").strip()
            if answer and not answer.isdigit() and answer.casefold() not in names:
                starting = [n for n in names if n.startswith(answer.casefold())]
                if len(starting) == 1:  # the start of one choice's name: that choice
                    answer = starting[0]
            if answer in ("undo", "u") and match.undoable(role):
                match.undo(role)
                return
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                match.apply(role, actions[int(answer) - 1])
                return
            if answer.casefold() in names:
                match.apply(role, names[answer.casefold()])
                return
            try:
                typ, _, arg = answer.partition(" ")
                value = int(arg) if arg.lstrip("-").isdigit() else arg or None
                match.apply(role, Action(typ, value))
                return
            except IllegalAction as exc:
                namer = match.ruleset.namer()
                reason = render(exc.msg, lang, namer) if exc.msg else exc.reason
                again = say(lang, "type_a_number", count=len(actions))
                console.print(f"[red]{escape(reason)}[/] {escape(again)}")

    def write(self, path: Path) -> None:
        data = {**self.match.to_json(), "seats": self.seats}
        outcome = self.match.outcome()
        data["outcome"] = outcome.model_dump() if outcome is not None else None
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")

    def offer_to_save(self) -> None:
        """Ctrl-C: save where --save said, else ask for a file name (Enter: do not save)."""
        path, lang = self.save, READING[0]
        if path is None:
            default = f"{self.match.game_id}-{self.match.seed}.json"
            try:
                answer = console.input(escape(say(lang, "save_to_continue", file=default)))
                answer = answer.strip()
            except (KeyboardInterrupt, EOFError):
                console.print("\n" + say(lang, "not_saved"), markup=False)
                return
            if answer.lower() in ("n", "no"):
                console.print(say(lang, "not_saved"), markup=False)
                return
            path = Path(answer or default)
        self.write(path)
        console.print(
            say(lang, "saved_to", file=str(path)), soft_wrap=True, highlight=False, markup=False
        )

    def finish(self) -> None:
        match, lang = self.match, READING[0]
        view = rendered_view(match, self.humans[0])
        log = view.get("log") or []
        start = min(self.seen.values())
        new = log[start:]
        if new:
            console.rule(f"[dim]{escape(say(lang, 'to_the_end', count=len(new)))}[/]")
            self.print_log(new, start)
        board = text.draw(match.ruleset, view, lang)
        if board is not None:
            console.rule(say(lang, "board_at_the_end"))
            console.print(board)
        outcome = match.outcome()
        assert outcome is not None
        namer = match.ruleset.namer()
        said = render(outcome.text, lang, namer, match.game_id) or outcome.reason
        if outcome.winners:
            roles = [text.role_name(match.ruleset, r, view, lang) for r in outcome.winners]
            winners = say(lang, "winners", who=say(lang, "comma").join(roles))
        else:
            winners = say(lang, "no_winner")
        over = say(lang, "game_over", outcome=said, winners=winners)
        console.print(over, highlight=False, markup=False)
        if self.save is not None:
            self.write(self.save)
            console.print(
                say(lang, "saved_in_file", file=str(self.save)),
                soft_wrap=True,
                highlight=False,
                markup=False,
            )


LONG_LIST = 30  # more choices than this: the same choice in a row is listed once


def choice_groups(labels: list[str]) -> list[tuple[int, int]]:
    """The choices to list, as ``(first, last)`` index pairs: each on its own line, or, in
    a list longer than :data:`LONG_LIST`, the same name in a row on one line (a game's
    placements on the spaces of one route become one line)."""
    groups: list[tuple[int, int]] = []
    for i, said in enumerate(labels):
        if len(labels) > LONG_LIST and groups and labels[groups[-1][1]] == said:
            groups[-1] = (groups[-1][0], i)
        else:
            groups.append((i, i))
    return groups


def complete_with(names: Iterable[str]) -> None:
    """Let Tab complete a choice's name at the prompt (where the terminal has readline)."""
    try:
        import readline
    except ImportError:  # pragma: no cover (Windows)
        return
    options = sorted(set(names))

    def complete(typed: str, state: int) -> str | None:
        found = [n for n in options if n.casefold().startswith(typed.casefold())]
        return found[state] if state < len(found) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def clear_screen() -> None:
    """Clear the terminal and its scrollback (xterm's \\e[3J); nothing when not a terminal."""
    console.clear()
    if console.is_terminal:
        console.file.write("\x1b[3J")
        console.file.flush()


def _read_game_file(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        errors.print(f"[red]{path} is not a game file: {exc}[/]")
        raise typer.Exit(2) from None
    if not isinstance(data, dict) or "game" not in data or "seed" not in data:
        errors.print(f"[red]{path} is not a game file (it needs at least game and seed)[/]")
        raise typer.Exit(2)
    return data


# --- replay -------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="a game file")],
    check: Annotated[bool, typer.Option("--check", help="re-check every action")] = False,
    board: Annotated[
        bool, typer.Option("--board", help="end with the board (all of it once over)")
    ] = False,
) -> None:
    """Re-run a saved game: from `play --save`, `simulate --save`, the web app's
    download or a conformance-kit failure."""
    data = _read_game_file(file)
    registry = _registry()
    match = Match.unplayed(data, _game(registry, str(data["game"])))
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
            console.print(line, markup=False, highlight=False)
    if board:
        # Once over, nothing is secret: every seat's view laid over the others (core.engine.reveal).
        over = match.outcome() is not None
        view = merge_views([match.view(r) for r in match.roles]) if over else match.view(None)
        drawn = text.draw(match.ruleset, {**view, "role": None})
        if drawn is not None:
            console.rule("everything, nothing hidden" if over else "as a spectator sees it")
            console.print(drawn)
    if data.get("error"):
        console.print(f"[yellow]saved with an error: {data['error']}[/]")
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


# --- new --------------------------------------------------------------------------------


@app.command()
def new(
    name: Annotated[str, typer.Argument(help="the game's id, also its package's name")],
    directory: Annotated[
        Path, typer.Option("--dir", help="where the plugin's folder is made (default: here)")
    ] = Path(),
    title: Annotated[str | None, typer.Option(help="the game's title in English")] = None,
    title_zh: Annotated[
        str | None, typer.Option("--title-zh", help="its title in Traditional Chinese")
    ] = None,
    lang: LangOption = None,
) -> None:
    """Write a new game plugin NAME: a ruleset with its state and one step, catalogs in
    English and Traditional Chinese, an entry point and a conformance test. It installs
    with pip install -e and shows in `gameshelf list` and the lobby at once."""
    lang = reading(lang)
    try:
        root = write_plugin(name, directory, title, title_zh)
    except Refused as refused:
        errors.print(render(refused.msg, lang), highlight=False)
        raise typer.Exit(2) from None
    console.print(say(lang, "new_written", name=name, path=str(root)), highlight=False)
    console.print(say(lang, "new_next", path=str(root)), highlight=False)


# --- serve --------------------------------------------------------------------------------


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="SQLite file (default ./gameshelf.sqlite3) or a postgresql:// database URL"
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, max=256, help="server processes (more than one: PostgreSQL)")
    ] = 1,
) -> None:
    """Start the web site."""
    from gameshelf.web.server import run

    run(host=host, port=port, db=db, workers=workers)


# --- admin: the site's administration (web.admin) ----------------------------------------

admin = typer.Typer(
    no_args_is_help=True,
    help="Administer a site's accounts and chat (its database; run it beside the server).",
)
app.add_typer(admin, name="admin")
DbOption = Annotated[str, typer.Option(help="the site's SQLite file or postgresql:// URL")]
DEFAULT_DB = "gameshelf.sqlite3"


def _admin_run(db: str, lang: str | None, work: Callable[[Any], Coroutine[Any, Any, Msg]]) -> None:
    """Run ``work`` on the offline site of ``db``; print the message it returns, or the
    refusal it raised, in the reader's language."""
    from gameshelf.web.admin import offline_site
    from gameshelf.web.tables import Refusal

    with offline_site(db) as site:
        try:
            said: Msg = asyncio.run(work(site))
        except Refusal as exc:
            errors.print(exc.reason(reading(lang)), markup=False)
            raise typer.Exit(1) from None
    console.print(render(said, reading(lang)), markup=False)


@admin.command("create")
def admin_create(
    name: Annotated[str, typer.Argument(help="the administrator's name")],
    db: DbOption = DEFAULT_DB,
    existing: Annotated[
        bool, typer.Option(help="make an existing account an administrator (no password)")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Create an administrator (the password is asked, twice, never shown)."""
    from gameshelf.web.admin import make_admin

    password = None
    if not existing:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)

    async def work(site: Any) -> Msg:
        made = await make_admin(site.accounts, name, password)
        return Msg("web.admin.made", name=made.name)

    _admin_run(db, lang, work)


@admin.command("accounts")
def admin_accounts(db: DbOption = DEFAULT_DB, lang: LangOption = None) -> None:
    """List the accounts: id, name, e-mail, administrator, disabled."""
    from gameshelf.web.admin import listed, offline_site

    words = reading(lang)
    with offline_site(db) as site:
        rows = listed(site.storage)
    yes, no = render(Msg("web.admin.yes"), words), render(Msg("web.admin.no"), words)
    console.print(render(Msg("web.admin.columns"), words), markup=False)
    for row in rows:
        flags = [yes if row["admin"] else no, yes if row["disabled"] else no]
        console.print(row["id"], row["name"], row["email"] or "-", *flags, markup=False)


@admin.command("disable")
def admin_disable(
    name: Annotated[str, typer.Argument(help="the account's name")],
    db: DbOption = DEFAULT_DB,
    enable: Annotated[bool, typer.Option(help="enable it again instead")] = False,
    lang: LangOption = None,
) -> None:
    """Disable an account: its sessions end, its started matches are resigned, its
    invitations declined (--enable: let it sign in again)."""
    from gameshelf.web.admin import disable

    async def work(site: Any) -> Msg:
        found = await disable(site.storage, site.tables, name, disabled=not enable)
        return Msg("web.admin.enabled" if enable else "web.admin.disabled", name=found.name)

    _admin_run(db, lang, work)


@admin.command("remove-message")
def admin_remove_message(
    line: Annotated[int, typer.Argument(help="the chat message's number (its id)")],
    db: DbOption = DEFAULT_DB,
    lang: LangOption = None,
) -> None:
    """Take a chat message away (its text is gone; readers see it was removed)."""
    from gameshelf.web.admin import remove_message

    async def work(site: Any) -> Msg:
        await remove_message(site.talk, line)
        return Msg("web.admin.removed", id=line)

    _admin_run(db, lang, work)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


READING = ["en"]  # the language `play` writes messages in (--lang)


def rendered_view(match: Match, role: str | None) -> dict[str, Any]:
    """What ``role`` sees, its messages (log, prompt) written out in ``play``'s language."""
    return render_view(match.view(role), READING[0], match.ruleset.namer(), role)
