"""Every script of benchmarks/ run as a person runs it, on a few games or steps: it exits 0
and prints the lines it promises, so that none rots unseen when the code it drives changes.
Never its figures: they are speeds of a shared, noisy machine (CONTRIBUTING.md).

The counts under callgrind (instructions.py, rl.py's --instructions and --cycles) are
``slow``: valgrind takes a minute or more to start the interpreter and import the games,
whatever the steps counted."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE = "5ceac0d"  # issue 10's base, which against_base.py measures against (its docstring)
N = r"-?[\d,]*\.?\d+"  # a figure, never read
CALLGRIND = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs Debian's valgrind"),
]

# script, its arguments (against_base.py's --base added: the fixture ``base``), the lines it
# prints (regexes, each from a line's start); the longest first.
RUNS = [
    pytest.param(
        "server.py",
        "--matches 2 --seconds 2 --warmup 0.5",
        [
            "game hammer_scots: 2 concurrent matches for 2 s",
            rf"  actions +{N} +{N} actions/s",
            rf"  action latency +p50 +{N} ms",
            r"  server CPU .* ms per action",
            rf"  rules alone +{N} us per action",
            "  target .*: (met|NOT met)",
        ],
        id="server",
    ),
    pytest.param(
        "fingerprint.py",
        "--games 1",
        [
            rf"{game} .*[0-9a-f]{{16}}$"
            for game in ("hammer_scots", "three_kingdoms", "twilight_struggle", "hansa_britannia")
        ],
        id="fingerprint",
    ),
    pytest.param(
        "hansa_britannia.py",
        "1 --players 3 --borders",
        [
            rf"hansa_britannia/3p borders, bare ruleset: {N} games/s, {N} actions/s",
            rf"hansa_britannia/3p borders, through Match: {N} games/s, {N} actions/s",
            "outcomes: {'",
        ],
        id="hansa_britannia",
    ),
    pytest.param(
        "core.py",
        "",
        [
            rf"rng: {N} d6 draws/s",
            rf"toy game, bare ruleset: {N} actions/s",
            rf"toy game, through Match: {N} actions/s",
            rf"Match.apply overhead: {N} µs per action",
        ],
        id="core",
    ),
    pytest.param(
        "rl.py",
        "--steps 20",
        [
            rf"{game} +raw +{N}/s +pettingzoo +{N}/s +pettingzoo_view +{N}/s +openspiel +{N}/s"
            rf" +pettingzoo/raw {N} +pettingzoo_view/raw {N} +openspiel/raw {N}"
            for game in (
                "hammer_scots braveheart 2p",
                "three_kingdoms 3p",
                "twilight_struggle standard 2p",
                "hansa_britannia 3p",
            )
        ],
        id="rl",
    ),
    pytest.param(
        "rl.py",
        "--steps 20 --only three_kingdoms --split",
        [rf"three_kingdoms 3p +µs a step: raw {N} +pettingzoo {N} .* +bookkeeping {N} +other {N}"],
        id="rl-split",
    ),
    pytest.param(
        "rl.py",
        "--steps 20 --only three_kingdoms --engine --frameworks raw,pettingzoo,openspiel",
        [
            rf"three_kingdoms 3p +µs of Ruleset.play a step: raw {N} +pettingzoo {N}"
            rf" +openspiel {N}$"
        ],
        id="rl-engine",
    ),
    pytest.param(
        "rl.py",
        "--steps 20 --only three_kingdoms --profile pettingzoo",
        ["== three_kingdoms 3p: pettingzoo$", rf" +{N} function calls"],
        id="rl-profile",
    ),
    pytest.param(
        "server.py",
        "--in-process 30 --matches 2",
        [rf"in process, hammer_scots: {N} actions, {N} ms CPU an action"],
        id="server-in-process",
    ),
    pytest.param(
        "search.py",
        "1 --iterations 5",
        [
            rf"{game} \({players}p, depth \d+\): {N} iterations/s .* evaluate {N} µs;"
            rf" a decision at easy {N} ms"
            for game, players in (
                ("hammer_scots", 2),
                ("twilight_struggle", 2),
                ("three_kingdoms", 2),
                ("hansa_britannia", 3),
            )
        ],
        id="search",
    ),
    pytest.param(
        "against_base.py",
        "hammer_scots --scenario braveheart --games 1 --rounds 2",
        [
            rf"hammer_scots braveheart \(play, 1 games, {N} actions, 2 rounds\): "
            rf"base {N} µs an action, this checkout {N} µs"
        ],
        id="against_base",
    ),
    pytest.param(
        "against_base.py",
        "three_kingdoms --players 4 --path apply --games 1 --rounds 2",
        [rf"three_kingdoms 4 \(apply, 1 games, {N} actions, 2 rounds\): base {N} µs"],
        id="against_base-apply",
    ),
    pytest.param(
        "three_kingdoms.py",
        "2 3",
        [
            rf"three_kingdoms/3p, {path} \[{clock}\]: {N} games/s, {N} actions/s"
            for path in ("bare ruleset", "through Match", r"rules only \(replayed\)")
            for clock in ("wall", "cpu")
        ]
        + ["outcomes: {'", rf"rounds: mean {N}, max \d+"],
        id="three_kingdoms",
    ),
    pytest.param(
        "hammer_scots.py",
        "2",
        [
            rf"hammer_scots/braveheart, bare ruleset: {N} games/s, {N} actions/s",
            rf"hammer_scots/braveheart, through Match: {N} games/s, {N} actions/s",
            "outcomes: {'",
        ],
        id="hammer_scots",
    ),
    pytest.param(
        "twilight_struggle.py",
        "2 competitive",
        [
            rf"twilight_struggle/competitive, bare ruleset: {N} games/s, {N} actions/s",
            rf"twilight_struggle/competitive, through Match: {N} games/s, {N} actions/s",
            "outcomes: {'",
        ],
        id="twilight_struggle",
    ),
    pytest.param(
        "instructions.py",
        "three_kingdoms --players 2 --games 1",
        [rf"three_kingdoms +2 \(match\): {N} actions, {N}k instructions an action"],
        id="instructions",
        marks=CALLGRIND,
    ),
    pytest.param(
        "rl.py",
        "--steps 5 --only three_kingdoms --instructions --frameworks raw,pettingzoo",
        [rf"three_kingdoms 3p +instructions a step: raw {N}k +pettingzoo {N}k +pettingzoo/raw {N}"],
        id="rl-instructions",
        marks=CALLGRIND,
    ),
    pytest.param(
        "rl.py",
        "--steps 5 --only three_kingdoms --cycles --frameworks raw",
        [rf"three_kingdoms 3p +estimated cycles a step: raw {N}k"],
        id="rl-cycles",
        marks=CALLGRIND,
    ),
]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The base as against_base.py's docstring prepares it, taken from this repository's
    history, Hammer's movement fix applied."""
    archive = subprocess.run(["git", "archive", BASE], cwd=ROOT, capture_output=True, check=False)
    if archive.returncode != 0:
        pytest.skip(f"no commit {BASE} in this clone: {archive.stderr.decode().strip()}")
    folder = tmp_path_factory.mktemp("base")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    patch = ROOT / "benchmarks" / "hammer_base_movement_fix.patch"
    subprocess.run(["git", "apply", str(patch)], cwd=folder, check=True)
    return folder


@pytest.mark.parametrize(("script", "args", "lines"), RUNS)
def test_a_benchmark_runs_and_prints_its_lines(
    script: str, args: str, lines: list[str], request: pytest.FixtureRequest
) -> None:
    argv = [sys.executable, str(ROOT / "benchmarks" / script), *args.split()]
    if script == "against_base.py":
        argv += ["--base", str(request.getfixturevalue("base"))]
    run = subprocess.run(
        argv,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,  # a hang, not a slow machine
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    for line in lines:
        assert re.search(f"^{line}", run.stdout, re.MULTILINE), f"no {line!r} in:\n{run.stdout}"
