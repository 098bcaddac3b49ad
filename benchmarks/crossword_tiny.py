"""Tiny grids, whole process, against Qxw (run through ``benchmarks/crossword.py --tiny``).

Issue 18 §4: on 3x3 to 5x5 grids the time a constructor waits is start-up and list loading,
not search. For each tiny grid and each list, in one run and interleaved round by round
(so both tools see the same machine load):

* puzzlewright: ``puzzlewright crossword fill GRID --seed S --json`` in a fresh process
  (the built-in list, and ``--words STWL --min-score 50``), the compiled-list cache warm;
* Qxw: ``qxw -b -d DICT PROBLEM.qxd`` in a fresh process (its dictionary load included),
  DICT holding the same words (the built-in list, or STWL words scoring 50 or more).

Both report wall time and CPU time (user + system of the child) as medians over the rounds;
the ratio is puzzlewright over Qxw. Answers are scored with the list they came from (Qxw's
batch filler ignores scores and may repeat an answer: ``dup``). References in the same run:
``python -c pass`` and ``puzzlewright --help``. ``--before SRC`` times another source tree
too (e.g. ``git archive`` of an older commit unpacked with its ``src``), in the same rounds,
with a cache folder of its own: a before/after table measured under the same load.

Bytecode: pip compiles a package's ``.pyc`` files when it installs it; this benchmark does the
same for the source tree (``compileall``) and runs the children without
``PYTHONDONTWRITEBYTECODE``, so an editable checkout is timed as an install would run.
"""

from __future__ import annotations

import compileall
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crossword_frontier import QXW, Qxw, grid_rows, qxd_problem

TINY = [
    ("tiny3", "3x3, no blocks"),
    ("tiny4", "4x4, two corner blocks"),
    ("open4", "4x4, no blocks"),
    ("mini5", "5x5, two corner blocks"),
]
TARGET = 0.15  # seconds, whole process (issue 18)


@dataclass
class Timed:
    """Wall and CPU seconds of one child process, and what it printed."""

    wall: float
    cpu: float
    stdout: str
    code: int


@dataclass
class Cell:
    """One tool on one grid with one list: every round's timing and score."""

    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    averages: list[float] = field(default_factory=list)
    duplicates: int = 0
    failures: int = 0


def timed(command: list[str], env: dict[str, str]) -> Timed:
    """Run ``command``; wall time and the child's user + system CPU time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(wall, cpu, done.stdout, done.returncode)


def child_env() -> dict[str, str]:
    """The environment of the timed children: bytecode used as an installed package uses it."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def ours_command(grid: Path, words: list[str], seed: int) -> list[str]:
    return [
        sys.executable, "-m", "puzzlewright", "crossword", "fill", str(grid),
        *words, "--seed", str(seed), "--json",
    ]  # fmt: skip


def run_ours(grid: Path, words: list[str], seed: int, env: dict[str, str], cell: Cell) -> None:
    run = timed(ours_command(grid, words, seed), env)
    cell.walls.append(run.wall)
    cell.cpus.append(run.cpu)
    try:
        document = json.loads(run.stdout)
    except json.JSONDecodeError:
        cell.failures += 1
        return
    if document["status"] != "filled":
        cell.failures += 1
    elif document["average_score"] is not None:
        cell.averages.append(document["average_score"])


def run_qxw(
    problem: Path, dictionary: Path, scores: dict[str, int], env: dict[str, str], cell: Cell
) -> None:
    run = timed([str(QXW), "-b", "-d", str(dictionary), str(problem)], env)
    cell.walls.append(run.wall)
    cell.cpus.append(run.cpu)
    answers = [line.split()[1].upper() for line in run.stdout.splitlines() if line.startswith("W")]
    if run.code != 0 or not answers:
        cell.failures += 1
        return
    known = [scores[a] for a in answers if a in scores]
    if known:
        cell.averages.append(sum(known) / len(known))
    cell.duplicates = max(cell.duplicates, len(answers) - len(set(answers)))


def medians(cell: Cell) -> tuple[float, float, float | None]:
    average = statistics.median(cell.averages) if cell.averages else None
    return statistics.median(cell.walls), statistics.median(cell.cpus), average


def show_cell(cell: Cell) -> str:
    wall, cpu, average = medians(cell)
    shown = "-" if average is None else f"{average:.1f}"
    extra = f" d{cell.duplicates}" if cell.duplicates else ""
    fails = f" fail{cell.failures}" if cell.failures else ""
    return f"{wall:>6.3f} {cpu:>6.3f} {shown:>5}{extra}{fails}"


def tiny(args: Any, tools: Any) -> None:
    """The tiny-grid table: puzzlewright and Qxw, whole process, same words, same run."""
    import puzzlewright
    from puzzlewright.lexicon import builtin_english

    if not QXW.exists():
        sys.exit(f"Qxw not found at {QXW} (apt-get install qxw)")
    compileall.compile_dir(str(Path(puzzlewright.__file__).parent), quiet=1)
    env = child_env()
    before_env, before_cache = None, None
    if args.before:
        source = Path(args.before).resolve() / "src"
        compileall.compile_dir(str(source / "puzzlewright"), quiet=1)
        before_cache = Path(tempfile.mkdtemp(prefix="pw-tiny-before-cache-"))
        before_env = {**env, "PYTHONPATH": str(source), "PUZZLEWRIGHT_CACHE_DIR": str(before_cache)}
    names = args.grids.split(",") if args.grids else [name for name, _ in TINY]
    stwl = tools.load_scores()
    lists = [
        ("built-in", [], builtin_english().scores(), 0),
        ("STWL 50", ["--words", str(tools.STWL), "--min-score", "50"], stwl, 50),
    ]
    rounds = max(args.runs, 1)
    folder = Path(tempfile.mkdtemp(prefix="pw-tiny-"))
    cells: dict[tuple[str, str, str], Cell] = {}
    references = {"python -c pass": Cell(), "puzzlewright --help": Cell()}
    try:
        dictionaries = {}
        for label, words, scores, min_score in lists:
            dictionaries[label] = Qxw(scores).dictionary(min_score)
            timed(ours_command(tools.GRIDS / "mini5.txt", words, 0), env)  # warm the cache
            if before_env is not None:
                timed(ours_command(tools.GRIDS / "mini5.txt", words, 0), before_env)
        problems = {}
        for name in names:
            problems[name] = folder / f"{name}.qxd"
            problems[name].write_text(qxd_problem(grid_rows(tools.GRIDS / f"{name}.txt")))
        for seed in range(rounds):
            reference = timed([sys.executable, "-c", "pass"], env)
            references["python -c pass"].walls.append(reference.wall)
            references["python -c pass"].cpus.append(reference.cpu)
            reference = timed([sys.executable, "-m", "puzzlewright", "--help"], env)
            references["puzzlewright --help"].walls.append(reference.wall)
            references["puzzlewright --help"].cpus.append(reference.cpu)
            for name in names:
                grid = tools.GRIDS / f"{name}.txt"
                for label, words, scores, _ in lists:
                    ours = cells.setdefault((name, label, "ours"), Cell())
                    theirs = cells.setdefault((name, label, "qxw"), Cell())
                    if before_env is not None:
                        before = cells.setdefault((name, label, "before"), Cell())
                        run_ours(grid, words, seed, before_env, before)
                    run_ours(grid, words, seed, env, ours)
                    run_qxw(problems[name], dictionaries[label], scores, env, theirs)
            print(f"  round {seed + 1}/{rounds} done", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if before_cache is not None:
            shutil.rmtree(before_cache, ignore_errors=True)
    print_tiny(names, [label for label, *_ in lists], cells, references, rounds)


def print_tiny(
    names: list[str],
    labels: list[str],
    cells: dict[tuple[str, str, str], Cell],
    references: dict[str, Cell],
    rounds: int,
) -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"tiny grids, whole process: {rounds} rounds (seeds 0-{rounds - 1} for puzzlewright), "
        f"{os.cpu_count()} CPUs, load {load:.1f} at the end\n"
    )
    before = any(key[2] == "before" for key in cells)
    head = (
        f"{'grid':<6} {'list':<9} | "
        + (f"{'before':>6} {'cpu':>6} {'avg':>5} | " if before else "")
        + f"{'pw wall':>6} {'cpu':>6} {'avg':>5} | "
        f"{'qxw wall':>6} {'cpu':>6} {'avg':>5} | {'wall pw/qxw':>11} {'cpu pw/qxw':>10} "
        f"| {'pw < 0.15 s':>11}"
    )
    print(head)
    print("-" * len(head))
    for name in names:
        for label in labels:
            ours, theirs = cells[(name, label, "ours")], cells[(name, label, "qxw")]
            (wall, cpu, _), (q_wall, q_cpu, _) = medians(ours), medians(theirs)
            under = sum(w < TARGET for w in ours.walls)
            earlier = f"{show_cell(cells[(name, label, 'before')])} | " if before else ""
            print(
                f"{name:<6} {label:<9} | {earlier}{show_cell(ours)} | {show_cell(theirs)} | "
                f"{wall / q_wall:>10.2f}x {cpu / q_cpu:>9.2f}x | {under:>4}/{len(ours.walls)} runs"
            )
    print()
    for label, cell in references.items():
        wall, cpu, _ = medians(cell)
        print(f"reference {label:<20} wall {wall:.3f} s, cpu {cpu:.3f} s (medians)")
    descriptions = dict(TINY)
    print("\ngrids: " + "; ".join(f"{n}: {descriptions.get(n, '')}" for n in names))
    print("cells: wall s, cpu s (medians), average score of the entries by the list used")
